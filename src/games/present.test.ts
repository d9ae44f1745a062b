/**
 * The browser table's models of every game (src/games/<game>/present.ts): the
 * seats round the table, the marks beside each player, the Talonschnapsen
 * lay-away as a choice of two cards, and the Spielzettel with its totals.
 * Deals come from seeded shuffles and are played by random legal actions.
 */
import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../cards/deck.js';
import { unwrap } from '../core/result.js';
import { SeededRng } from '../core/rng.js';
import type { Game, GameTypes } from './game.js';
import { pickKey, seatAngle } from './present.js';
import { presentationOf } from './presentations.js';
import { replayGame } from './replays.js';
import { resolveRules } from './ruleBook.js';

/** Plays a seeded deal of `id` by random legal actions, calling `visit` with each state before its action. */
function walk(id: string, seed: number, visit: (state: unknown, game: Game<GameTypes>, rules: unknown) => boolean | void): unknown[] {
  const game = replayGame(id)!;
  const rules = unwrap(resolveRules(game.ruleBook, undefined, {}));
  const rng = new SeededRng(seed);
  let state = unwrap(game.setup(rules, { dealer: seed % game.seatCount(rules), deck: shuffleDeck(game.pack(rules), rng), carry: game.initialCarry(rules) }));
  const outcomes: unknown[] = [];
  for (let i = 0; i < 400; i++) {
    if (visit(state, game, rules) === true) return outcomes;
    const seat = game.toAct(state)[0];
    if (seat === undefined) break;
    const legal = game.legal(state, seat);
    state = unwrap(game.apply(state, seat, legal[rng.int(legal.length)]));
  }
  const o = game.outcome(state);
  if (o !== undefined) outcomes.push(o);
  return outcomes;
}

const NAMES = ['Anna', 'Bert', 'Cilli', 'Done', 'Eva', 'Franz'];

describe('the table model of every game', () => {
  it('seats sit round the table as seen from each seat: oneself at the bottom, the next seat to the left, the partner of four opposite', () => {
    expect(seatAngle(2, 2, 4)).toBe(90);
    expect(seatAngle(3, 2, 4)).toBe(180);
    expect(seatAngle(0, 2, 4)).toBe(270);
    expect(seatAngle(1, 2, 4)).toBe(360);
    expect(seatAngle(1, 0, 3)).toBe(210);
    // A spectator sees seat 0 at the bottom.
    expect(seatAngle(0, -1, 6)).toBe(90);
  });

  for (const id of ['schafkopf', 'bauernschnapsen', 'talonschnapsen', 'karnoeffel']) {
    it(`${id}: every seat has its marks and its taken tricks; exactly one dealer is marked`, () => {
      const p = presentationOf(id);
      for (let seed = 1; seed <= 20; seed++) {
        walk(id, seed, (state, game, rules) => {
          const n = game.seatCount(rules as never);
          const m = p.table(game.view(state, 0), [], 'de', NAMES.slice(0, n));
          expect(m.marks).toHaveLength(n);
          expect(m.taken).toHaveLength(n);
          expect(m.marks.flat().filter((x) => x === 'Geber')).toHaveLength(1);
          const tricks = m.taken.reduce((a, t) => a + Number(/^(\d+) Stich/.exec(t)?.[1] ?? 0), 0);
          expect(tricks).toBe(m.tricksDone);
        });
      }
    });
  }

  it('Talonschnapsen: laying away is a choice of two cards of the hand and the talon, each pair mapped to its action (issue 18 §5)', () => {
    let seen = 0;
    for (let seed = 1; seed <= 300 && seen < 3; seed++) {
      walk('talonschnapsen', seed, (state, game, rules) => {
        const seat = game.toAct(state)[0];
        if (seat === undefined) return;
        const legal = game.legal(state, seat).map((a) => game.formatAction(rules as never, a));
        if (!legal.some((t) => /^lege /.test(t))) return;
        const m = presentationOf('talonschnapsen').table(game.view(state, seat), legal, 'de', NAMES.slice(0, 3));
        expect(m.pick?.count).toBe(2);
        // No button per pair: the confirmation is the one way to lay away.
        expect(m.buttons.filter((b) => /^lege /.test(b.action))).toEqual([]);
        const lays = legal.filter((t) => /^lege /.test(t));
        expect(Object.values(m.pick!.actions).sort()).toEqual([...lays].sort());
        // Every pair is made of cards the hand shows.
        const codes = new Set(m.hand.map((c) => c.code));
        for (const key of Object.keys(m.pick!.actions)) for (const code of key.split(' ')) expect(codes.has(code)).toBe(true);
        expect(m.pick!.actions[pickKey(lays[0].split(' ').slice(1).reverse())]).toBe(lays[0]);
        // The seat says what the player holds, the talon taken up too (play-test: "6 Karten" beside 8 cards), for
        // the player and for the others at the table.
        expect(m.hand.length).toBe(8);
        expect(m.seatNotes[seat]).toBe('8 Karten');
        for (const other of [(seat + 1) % 3, -1]) {
          const o = presentationOf('talonschnapsen').table(game.view(state, other), [], 'de', NAMES.slice(0, 3));
          expect(o.seatNotes[seat]).toBe('8 Karten');
          expect(o.seatNotes[(seat + 1) % 3]).toBe('6 Karten');
        }
        seen++;
        return true;
      });
    }
    expect(seen).toBe(3);
  });

  it('Schafkopf: the Spielzettel has a row per deal, each seat’s money and running totals that add up', () => {
    const outcomes = [1, 2, 3, 4, 5].flatMap((seed) => walk('schafkopf', seed, () => undefined));
    const sheet = presentationOf('schafkopf').scoreSheet(outcomes, 'de', NAMES.slice(0, 4));
    expect(sheet.columns).toEqual(NAMES.slice(0, 4));
    expect(sheet.rows.map((r) => r.deal)).toEqual([1, 2, 3, 4, 5]);
    const cents = (s: string) => (s.startsWith('−') ? -1 : 1) * Number(s.replace(/[^\d]/g, ''));
    const last = sheet.rows[4].totals.map(cents);
    const sums = [0, 1, 2, 3].map((s) => outcomes.reduce((a: number, o) => a + (o as { score: number[] }).score[s], 0));
    expect(last).toEqual(sums);
    for (const r of sheet.rows) expect(r.cells.every((c) => /^([+−]?\d+,\d\d €)$/.test(c))).toBe(true);
  });

  it('Bauernschnapsen: the sheet names the teams ("Anna & Cilli") and writes the Bummerl apart from the standing', () => {
    const p = presentationOf('bauernschnapsen');
    const outcomes = [1, 2, 3].flatMap((seed) => walk('bauernschnapsen', seed, () => undefined));
    expect(p.scoreSheet(outcomes, 'de', NAMES.slice(0, 4)).columns).toEqual(['Anna & Cilli', 'Bert & Done']);
    const lines = p.sheet({ points: [12, 6], trump: null, led23: [false, false], tally: [0, 1], finished: [], deals: 1, games: {} }, 'de', NAMES.slice(0, 4));
    expect(lines).toEqual(['Dieses Bummerl (bis 24): Anna & Cilli 12 : Bert & Done 6', 'Bummerl bekommen: Anna & Cilli 0 · Bert & Done 1', '1 Spiel']);
  });
});
