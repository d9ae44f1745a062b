import { describe, expect, it } from 'vitest';
import type { SchnapsenTypes } from './game.js';
import { randomAgent } from '../agent.js';
import { shuffleDeck } from '../../cards/deck.js';
import type { Card } from '../../cards/pack.js';
import { jsonEqual } from '../../core/json.js';
import { SeededRng, type Rng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { bauernschnapsenModule, talonschnapsenModule } from './module.js';
import { playSitting } from '../../sitting/play.js';
import { parseRecord, replayRecord, toRecord } from '../../records/record.js';
import { PACK, maskPoints } from './cards.js';
import { maskCards } from '../../cards/mask.js';
import { ANNOUNCEABLE, gameDef } from './contracts.js';
import { onDeclarerSide } from './draft.js';
import { gameOf, knownCards, rulesFor } from './testing.js';
import type { Variant } from './rules.js';
import type { SchnapsenAction, SchnapsenState } from './state.js';

const CONFIGS: [Variant, string | undefined, Record<string, unknown>][] = [
  ['bauern', undefined, {}],
  ['bauern', 'alles', {}],
  ['bauern', 'alles', { plaudererVariant: 'b', announcementOrder: 'open', zehnergangPrecedence: 'gang', bettlerPartnerSitsOut: false, schnapserZusammen: true, blindRufen: false, kontraHerrenbauer: false }],
  ['bauern', 'alles', { plaudererVariant: 'c', schnapserMitMann: true }],
  ['talon', undefined, {}],
  ['talon', 'alles', { talonRaiseBeforeTalon: true, talonRaiseAfterTalon: true }],
  ['talon', 'alles', { plaudererVariant: 'b', announcementOrder: 'open', blindRufen: false, kontraHerrenbauer: false }],
];

/** Every action that could be typed at a seat: the universe the illegal ones are drawn from. */
function universe(): SchnapsenAction[] {
  const out: SchnapsenAction[] = [{ type: 'cut' }, { type: 'knock' }, { type: 'redeal' }, { type: 'keep' }, { type: 'pass' }, { type: 'spritzen' }, { type: 'retour' }, { type: 're' }];
  for (let s = 0; s < 4; s++) out.push({ type: 'trump', suit: s as 0 }, { type: 'meld', suit: s as 0, points: 20 }, { type: 'meld', suit: s as 0, points: 40 });
  for (let i = 1; i <= 3; i++) out.push({ type: 'turn', index: i });
  for (const game of ANNOUNCEABLE) out.push({ type: 'announce', game }, { type: 'announce', game, ohne: true });
  for (let c = 0; c < 20; c++) out.push({ type: 'play', card: c });
  out.push({ type: 'lay', cards: [0, 1] }, { type: 'lay', cards: [12, 19] }, { type: 'lay', cards: [5, 5] });
  return out;
}
const UNIVERSE = universe();


/** Cards this seat may not know now: the others' hands, the talon and the cards laid away, minus what the rules open. */
function secretsFor(s: SchnapsenState, seat: number): Set<Card> {
  let secret = 0;
  for (let o = 0; o < s.seats; o++) if (o !== seat) secret |= s.hands[o];
  const declarer = s.contract?.declarer ?? -1;
  if (!(s.phase === 'talon' && seat === declarer)) secret |= s.talonTaken ? 0 : s.talon;
  if (seat !== declarer) secret |= s.laidAway;
  if (s.turned >= 0) secret &= ~(1 << s.turned);
  const c = s.contract;
  if (c && s.phase === 'done' && gameDef(c.game, s.variant).goal === 'shown') secret &= ~s.hands[c.declarer];
  if (s.outcome?.game === 'redeal') secret &= ~((1 << s.deck[0]) | (1 << s.deck[1]) | (1 << s.deck[2]));
  if (c?.game === 'plauderer' && (s.phase === 'spritzen' || s.phase === 'play' || s.phase === 'done')) {
    const opp = (o: number) => o !== s.sittingOut && !onDeclarerSide(s, o);
    for (let o = 0; o < s.seats; o++) {
      const variant = s.rules.plaudererVariant;
      if (variant === 'a' && opp(seat) && opp(o)) secret &= ~s.hands[o];
      if (variant === 'b' && s.tricks.length > 0 && opp(o)) secret &= ~s.hands[o];
      if (variant === 'c' && s.tricks.length > 0 && o === declarer) secret &= ~s.hands[o];
    }
  }
  return new Set(maskCards(secret));
}

function checkDealInvariants(s: SchnapsenState): void {
  // Every card once: played cards, hands, the talon or the cards laid away account for the pack.
  const played: Card[] = [];
  for (const t of s.tricks) for (const p of t.cards) played.push(p.card);
  for (const p of s.trick) played.push(p.card);
  expect(new Set(played).size).toBe(played.length);
  let all = 0;
  for (const c of played) all |= 1 << c;
  for (const h of s.hands) {
    expect(h & all).toBe(0);
    all |= h;
  }
  const away = s.talonTaken ? s.laidAway : s.talon;
  expect(away & all).toBe(0);
  all |= away;
  const dealtSoFar = (s.phase === 'done' && s.outcome?.game !== 'redeal') || s.phase === 'play' || s.phase === 'spritzen';
  if (dealtSoFar) expect(all).toBe((1 << 20) - 1);
  // Cards of the tricks are exactly the cards taken.
  let taken = 0;
  for (const m of s.taken) taken |= m;
  let inTricks = 0;
  for (const t of s.tricks) for (const p of t.cards) inTricks |= 1 << p.card;
  expect(taken).toBe(inTricks);
}

function checkOutcome(s: SchnapsenState): void {
  const o = s.outcome!;
  expect(o.cardPoints.reduce((a, b) => a + b, 0)).toBe(maskPoints(s.taken.reduce((a, b) => a | b, 0)));
  if (o.game === 'redeal') {
    expect(o.score.every((x) => x === 0)).toBe(true);
    return;
  }
  const value = o.base * o.spritz * (o.herzrunde ? 2 : 1);
  expect([1, 2, 4, 8]).toContain(o.spritz);
  for (let seat = 0; seat < s.seats; seat++) {
    const winner = onDeclarerSide(s, seat) === o.won;
    expect(o.score[seat]).toBe(winner ? value : 0);
    expect(o.teamScore[s.variant === 'bauern' ? seat % 2 : seat]).toBe(o.score[seat]);
  }
  const def = gameDef(o.game, s.variant);
  if (def.goal === 'normal') expect([1, 2, 3]).toContain(o.base);
  else expect(o.base).toBe(def.value);
  // The game stops as soon as it is decided (003): check the decisive moment.
  const c = s.contract!;
  const last = s.tricks.at(-1);
  const sidePts = (decl: boolean) => {
    let cards = 0;
    let melds = 0;
    let tricks = 0;
    for (let seat = 0; seat < s.seats; seat++) if (onDeclarerSide(s, seat) === decl) cards += maskPoints(s.taken[seat]);
    for (const m of s.melds) if (onDeclarerSide(s, m.seat) === decl) melds += m.points;
    for (const t of s.tricks) if (onDeclarerSide(s, t.winner) === decl) tricks++;
    return tricks > 0 ? cards + melds : cards;
  };
  if (def.goal === 'normal' && s.variant === 'bauern') {
    const [d, p] = [sidePts(true), sidePts(false)];
    if (d < 66 && p < 66) {
      expect(s.tricks).toHaveLength(5);
      expect(o.won).toBe(onDeclarerSide(s, last!.winner));
    } else {
      expect(o.won).toBe(d >= 66);
    }
  }
  if (def.goal === 'all' && s.tricks.length > 0) {
    expect(s.tricks.slice(0, -1).every((t) => t.winner === c.declarer)).toBe(true);
    expect(o.won).toBe(last!.winner === c.declarer && s.tricks.length === (s.variant === 'bauern' ? 5 : 6));
  }
  if (def.goal === 'none' && s.tricks.length > 0) {
    expect(s.tricks.slice(0, -1).every((t) => t.winner !== c.declarer)).toBe(true);
    expect(o.won).toBe(last!.winner !== c.declarer);
  }
}

function fail(message: string): never {
  throw new Error(message);
}

function popcount(m: number): number {
  let n = 0;
  for (; m; m &= m - 1) n++;
  return n;
}

/** `tryAll`: the share of the action universe tried at each step (1 all, 0 none). */
function playDealChecked(variant: Variant, rules: ReturnType<typeof rulesFor>, rng: Rng, dealer: number, tryAll: number): SchnapsenState {
  const game = gameOf(variant);
  let s = unwrap(game.setup(rules, { dealer, deck: shuffleDeck(PACK, rng), carry: { points: variant === 'bauern' ? [rng.int(24), rng.int(24)] : [0, 5, 23], trump: null } }));
  for (let guard = 0; s.phase !== 'done'; guard++) {
    expect(guard).toBeLessThan(200);
    const seat = s.turn;
    expect(game.toAct(s)).toEqual([seat]);
    const legal = game.legal(s, seat);
    expect(legal.length).toBeGreaterThan(0);
    const before = tryAll > 0 ? JSON.stringify(s) : '';
    // Every legal action applies; every other action of the universe is refused and changes nothing.
    if (tryAll > 0) {
      for (const a of tryAll >= 1 ? UNIVERSE : UNIVERSE.filter(() => rng.int(Math.round(1 / tryAll)) === 0)) {
        const r = game.apply(s, seat, a);
        const isLegal = legal.some((l) => jsonEqual(l, a));
        if (r.ok !== isLegal) fail(`${JSON.stringify(a)} at phase ${s.phase}: applies ${r.ok}, legal ${isLegal}`);
        if (!r.ok && r.error.message.length < 10) fail(`unclear message "${r.error.message}"`);
      }
      for (let other = 0; other < s.seats; other++) {
        if (other === seat) continue;
        if (game.legal(s, other).length > 0) fail(`seat ${other} has legal actions out of turn`);
        const r = game.apply(s, other, legal[0]);
        if (r.ok || r.error.code !== 'notYourTurn') fail(`seat ${other} acted out of turn`);
      }
      if (JSON.stringify(s) !== before) fail(`the state changed at phase ${s.phase}`);
    }
    // Views: the own hand exactly, nothing secret.
    for (let v = 0; v < s.seats; v++) {
      const view = game.view(s, v);
      if (view.hand.length !== popcount(s.hands[v]) || view.hand.some((c) => !(s.hands[v] & (1 << c)))) fail(`seat ${v}: the view's hand differs`);
      const secret = secretsFor(s, v);
      for (const c of knownCards(view)) if (secret.has(c)) fail(`seat ${v} sees card ${c} at phase ${s.phase}`);
    }
    s = unwrap(game.apply(s, seat, legal[rng.int(legal.length)]));
    if (tryAll > 0 || s.phase === 'done') checkDealInvariants(s);
  }
  expect(game.legal(s, 0)).toEqual([]);
  expect(game.apply(s, 0, { type: 'pass' }).ok).toBe(false);
  checkOutcome(s);
  for (let v = 0; v < s.seats; v++) {
    const secret = secretsFor(s, v);
    for (const c of knownCards(game.view(s, v))) expect(secret.has(c)).toBe(false);
  }
  return s;
}

describe('properties over seeded random deals', () => {
  it('every legal action applies, every illegal one is refused without change, views keep secrets, cards and points add up (2100 deals, 7 rule sets)', () => {
    const games = new Set<string>();
    for (const [variant, preset, overrides] of CONFIGS) {
      const rules = rulesFor(variant, overrides, preset);
      const rng = new SeededRng(`${variant}-${preset}-${JSON.stringify(overrides)}`);
      for (let i = 0; i < 300; i++) {
        const s = playDealChecked(variant, rules, rng, i % (variant === 'bauern' ? 4 : 3), i < 10 ? 1 : i < 60 ? 1 / 8 : 0);
        games.add(`${variant}:${s.outcome!.game}`);
      }
    }
    // The random deals reach the special games too.
    expect(games.size).toBeGreaterThan(20);
  });

  it('records round-trip: write, JSON, read, replay gives the same outcomes and sheet', async () => {
    for (const [variant, preset, overrides] of CONFIGS) {
      const entry = variant === 'bauern' ? bauernschnapsenModule : talonschnapsenModule;
      const rules = rulesFor(variant, overrides, preset);
      const rng = new SeededRng(11);
      const seats = variant === 'bauern' ? 4 : 3;
      const result = await playSitting(entry, rules, Array.from({ length: seats }, () => randomAgent<SchnapsenTypes>(rng)), { length: { deals: 60 }, rng });
      const text = JSON.stringify(toRecord(entry.game.id, result));
      const record = parseRecord(text);
      expect(record.ok).toBe(true);
      if (!record.ok) return;
      const replay = replayRecord(record.value, entry);
      expect(replay.ok, replay.ok ? '' : replay.error.message).toBe(true);
      if (replay.ok) expect(replay.value.sheet).toEqual(result.sheet);
    }
  });

  it('a broken record is refused with the deal and action where it breaks', async () => {
    const entry = bauernschnapsenModule;
    const rules = rulesFor('bauern');
    const rng = new SeededRng(12);
    const result = await playSitting(entry, rules, Array.from({ length: 4 }, () => randomAgent<SchnapsenTypes>(rng)), { length: { deals: 5 }, rng });
    const record = JSON.parse(JSON.stringify(toRecord(entry.game.id, result)));
    const deal = record.deals[2];
    const k = deal.actions.findIndex((a: [number, string]) => /^[EGHS][AZKOU]$/.test(a[1]));
    const bad = structuredClone(record);
    bad.deals[2].actions[k][0] = (deal.actions[k][0] + 1) % 4;
    const r1 = replayRecord(unwrap(parseRecord(JSON.stringify(bad))) as never, entry);
    expect(r1.ok).toBe(false);
    if (!r1.ok) expect(r1.error).toMatchObject({ deal: 2, action: k, code: 'notYourTurn' });
    const wrongOutcome = structuredClone(record);
    wrongOutcome.deals[1].outcome.score = [9, 9, 9, 9];
    const r2 = replayRecord(unwrap(parseRecord(JSON.stringify(wrongOutcome))) as never, entry);
    expect(!r2.ok && r2.error.code).toBe('wrongOutcome');
    const badWord = structuredClone(record);
    badWord.deals[0].actions[0][1] = 'hupfen';
    const r3 = replayRecord(unwrap(parseRecord(JSON.stringify(badWord))) as never, entry);
    expect(!r3.ok && r3.error.message).toMatch(/deal 1, action 1: seat \d "hupfen": "hupfen" is not an action/);
    const badStart = structuredClone(record);
    badStart.start = { firstDealer: 7 };
    const r4 = replayRecord(unwrap(parseRecord(JSON.stringify(badStart))) as never, entry);
    expect(!r4.ok && r4.error.code).toBe('badStart');
  });
});
