import { describe, expect, it } from 'vitest';
import { parseRecord, replayRecord, toRecord, type GameRecord } from '../../records/record.js';
import type { SchnapsenTypes } from './game.js';
import { randomAgent } from '../agent.js';
import { SeededRng } from '../../core/rng.js';
import { rulesFor } from './testing.js';
import type { Variant } from './rules.js';
import type { SchnapsenOutcome } from './state.js';
import { bauernschnapsenModule, talonschnapsenModule } from './module.js';
import { bookDeal, type BummerlSheet } from './sitting.js';
import { playSitting } from '../../sitting/play.js';

function outcome(teamScore: number[], game: SchnapsenOutcome['game'] = 'normal', endsBummerl = false): SchnapsenOutcome {
  const seats = teamScore.length === 2 ? 4 : 3;
  return {
    score: Array.from({ length: seats }, (_, s) => teamScore[teamScore.length === 2 ? s % 2 : s]),
    teamScore,
    game,
    declarer: game === 'redeal' ? null : 0,
    won: true,
    base: 1,
    spritz: 1,
    herzrunde: false,
    cardPoints: new Array(seats).fill(0),
    tricks: new Array(seats).fill(0),
    endsBummerl,
    bummerlTrump: null,
    reason: 'test',
  };
}

function book(variant: Variant, scores: number[][], overrides: Record<string, unknown> = {}): BummerlSheet {
  const rules = rulesFor(variant, overrides);
  const entry = variant === 'bauern' ? bauernschnapsenModule : talonschnapsenModule;
  let sheet = entry.sitting.initialSheet(rules, { firstDealer: 0 });
  for (const s of scores) sheet = bookDeal(variant, rules, sheet, outcome(s));
  return sheet;
}

describe('003 "Allgemeine Regeln": the Bummerl to 24', () => {
  it('points add up per team; the first team to 24 wins and the other gets a Bummerl; a new Bummerl begins', () => {
    const sheet = book('bauern', [[3, 0], [0, 2], [12, 0], [9, 0]]);
    expect(sheet.finished).toEqual([{ points: [24, 2], losers: [{ who: 1, count: 1, kind: 'Bummerl' }] }]);
    expect(sheet.tally).toEqual([0, 1]);
    expect(sheet.points).toEqual([0, 0]);
  });

  it('"Hat das Verliererteam null Punkte, erhält es einen Schneider, der zwei Bummerl zählt"', () => {
    const sheet = book('bauern', [[12, 0], [12, 0]]);
    expect(sheet.finished[0].losers).toEqual([{ who: 1, count: 2, kind: 'Schneider' }]);
    expect(sheet.tally).toEqual([0, 2]);
  });

  it('"Führt ein Team mit 23:0 und verliert, erhält es einen Retourschneider, der vier Bummerl zählt"', () => {
    const sheet = book('bauern', [[12, 0], [11, 0], [0, 24]]);
    expect(sheet.finished[0].losers).toEqual([{ who: 0, count: 4, kind: 'Retourschneider' }]);
    expect(sheet.tally).toEqual([4, 0]);
  });

  it('a Kontrabauernschnapser ends the Bummerl; no Bummerl goes above 24', () => {
    const rules = rulesFor('bauern');
    let sheet = book('bauern', [[5, 0]]);
    sheet = bookDeal('bauern', rules, sheet, outcome([0, 48], 'kontrabauernschnapser', true));
    expect(sheet.finished[0]).toEqual({ points: [5, 24], losers: [{ who: 0, count: 1, kind: 'Bummerl' }] });
  });

  it('a three-Unter new deal scores nothing', () => {
    const rules = rulesFor('bauern');
    const sheet = bookDeal('bauern', rules, book('bauern', [[5, 0]]), outcome([0, 0], 'redeal'));
    expect(sheet.points).toEqual([5, 0]);
    expect(sheet.games).toEqual({ normal: 1, redeal: 1 });
  });

  it('countDown (regional): the same Bummerl shown from 24 down to 0', () => {
    const sheet = book('bauern', [[5, 0]], { countDown: true });
    const text = bauernschnapsenModule.sitting.describeSheet(rulesFor('bauern', { countDown: true }), sheet, ['A', 'B', 'C', 'D']);
    expect(text).toMatch(/counting down from 24\): A & C 19, B & D 24/);
    expect(bauernschnapsenModule.sitting.describeSheet(rulesFor('bauern'), sheet, ['A', 'B', 'C', 'D'])).toMatch(/to 24\): A & C 5, B & D 0/);
  });
});

describe('003 Talonschnapsen: each player to 24, the lowest gets the Bummerl', () => {
  it('the lowest of the three gets the Bummerl (a Schneider with 0)', () => {
    const sheet = book('talon', [[6, 0, 0], [0, 3, 3], [18, 0, 0]]);
    expect(sheet.finished[0]).toEqual({ points: [24, 3, 3], losers: [{ who: 1, count: 1, kind: 'Bummerl' }, { who: 2, count: 1, kind: 'Bummerl' }] });
    const s2 = book('talon', [[6, 0, 0], [0, 3, 0], [18, 0, 0]]);
    expect(s2.finished[0].losers).toEqual([{ who: 2, count: 2, kind: 'Schneider' }]);
  });

  it('regional: every player who does not reach 24 gets a Bummerl', () => {
    const sheet = book('talon', [[6, 0, 0], [0, 3, 0], [18, 0, 0]], { talonBummerlAll: true });
    expect(sheet.finished[0].losers).toEqual([{ who: 1, count: 1, kind: 'Bummerl' }, { who: 2, count: 2, kind: 'Schneider' }]);
    // Two may reach 24 together when a declarer fails ("jeder der beiden anderen").
    const both = book('talon', [[0, 20, 20], [0, 12, 12]], { talonBummerlAll: true });
    expect(both.finished[0]).toEqual({ points: [0, 24, 24], losers: [{ who: 0, count: 2, kind: 'Schneider' }] });
  });
});

describe('the sitting', () => {
  it('the Rufer deals next; after a three-Unter new deal the same dealer deals again (decision)', () => {
    const rules = rulesFor('bauern');
    const sitting = bauernschnapsenModule.sitting;
    const sheet = sitting.initialSheet(rules, { firstDealer: 2 });
    expect(sitting.afterDeal(rules, sheet, 2, outcome([1, 0])).nextDealer).toBe(3);
    expect(sitting.afterDeal(rules, sheet, 3, outcome([1, 0])).nextDealer).toBe(0);
    expect(sitting.afterDeal(rules, sheet, 2, outcome([0, 0], 'redeal')).nextDealer).toBe(2);
    expect(sitting.carry(rules, book('bauern', [[5, 3]]))).toEqual({ points: [5, 3], trump: null });
  });

  it('003 "Die Teamzugehörigkeit kann gelost werden" (house rule teamsByLot): lots seat the players', async () => {
    const rng = new SeededRng(8);
    const names = ['A', 'B', 'C', 'D'];
    const agents = names.map((n) => ({ ...randomAgent<SchnapsenTypes>(rng), name: n }));
    const drawn = await playSitting(bauernschnapsenModule, rulesFor('bauern', { teamsByLot: true }), agents, { length: { deals: 2 }, rng });
    const seatOf = drawn.start.seatOf!;
    expect([...seatOf].sort()).toEqual([0, 1, 2, 3]);
    seatOf.forEach((seat, player) => expect(drawn.players[seat]).toBe(names[player]));
    const plain = await playSitting(bauernschnapsenModule, rulesFor('bauern'), agents, { length: { deals: 1 }, rng });
    expect(plain.players).toEqual(names);
    expect(bauernschnapsenModule.sitting.checkStart(rulesFor('bauern'), { firstDealer: 1, seatOf: [0, 0, 1, 2] })).toMatch(/seatOf/);
    expect(bauernschnapsenModule.sitting.checkStart(rulesFor('bauern'), { firstDealer: 1, seatOf })).toBeUndefined();
  });

  it('replay checks the first deal\'s dealer against the start: a forged first dealer is refused', async () => {
    for (const [module, variant, seats] of [[bauernschnapsenModule, 'bauern', 4], [talonschnapsenModule, 'talon', 3]] as const) {
      const rng = new SeededRng(5);
      const result = await playSitting(module, rulesFor(variant), Array.from({ length: seats }, () => randomAgent<SchnapsenTypes>(rng)), { length: { deals: 2 }, rng });
      const record = JSON.parse(JSON.stringify(toRecord(module.game.id, result))) as GameRecord & { deals: { dealer: number }[] };
      const first = record.deals[0].dealer;
      expect(first).toBe(result.start.firstDealer);
      record.deals[0].dealer = (first + 1) % seats;
      const parsed = parseRecord(JSON.stringify(record));
      if (!parsed.ok) throw new Error(parsed.error.message);
      const replay = replayRecord(parsed.value, module);
      expect(replay.ok).toBe(false);
      if (!replay.ok) expect(replay.error.message).toBe(`deal 1: seat ${(first + 1) % seats} deals, but the start of the sitting makes seat ${first} the first dealer`);
    }
  });

  it('a sitting of many deals plays several Bummerl in a row and tallies them', async () => {
    for (const [entry, variant] of [[bauernschnapsenModule, 'bauern'], [talonschnapsenModule, 'talon']] as const) {
      const rng = new SeededRng(3);
      const rules = rulesFor(variant);
      const seats = variant === 'bauern' ? 4 : 3;
      const result = await playSitting(entry, rules, Array.from({ length: seats }, () => randomAgent<SchnapsenTypes>(rng)), { length: { deals: 120 }, rng });
      const sheet = result.sheet;
      expect(sheet.finished.length).toBeGreaterThan(3);
      expect(sheet.deals).toBe(120);
      const fromLosses = new Array(sheet.tally.length).fill(0);
      for (const f of sheet.finished) {
        expect(Math.max(...f.points)).toBe(24);
        for (const l of f.losers) fromLosses[l.who] += l.count;
      }
      expect(sheet.tally).toEqual(fromLosses);
      // The running Bummerl is the sum of the deals since the last finished one.
      let running = new Array(sheet.tally.length).fill(0);
      let finished = 0;
      for (const d of result.deals) {
        running = running.map((p, i) => Math.min(24, p + d.outcome.teamScore[i]));
        if (running.some((p) => p >= 24) || d.outcome.endsBummerl) {
          expect(sheet.finished[finished].points).toEqual(running);
          finished++;
          running = running.map(() => 0);
        }
      }
      expect(running).toEqual(sheet.points);
    }
  });
});

describe('old records keep replaying (record format version 1)', () => {
  it('a Talonschnapsen record of version 1, played while the normal game stopped on hidden facts, replays with that rule', async () => {
    const rules = rulesFor('talon', { talonEndHidden: true });
    const rng = new SeededRng('legacy-talon');
    const agents = Array.from({ length: 3 }, (_, seat) => talonschnapsenModule.bots.easy.create(rules, seat, rng));
    const result = await playSitting(talonschnapsenModule, rules, agents, { length: { deals: 300 }, rng });
    const record = JSON.parse(JSON.stringify(toRecord('talonschnapsen', result))) as GameRecord & { version: number; rules: Record<string, unknown> };
    // As the first version wrote it: no such rule in the record, and version 1.
    delete record.rules.talonEndHidden;
    const { substitutions: _none, ...v1body } = record as typeof record & { substitutions?: unknown };
    const v1 = { ...v1body, version: 1 };
    const parsed = parseRecord(JSON.stringify(v1));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const replay = replayRecord(parsed.value, talonschnapsenModule);
    expect(replay.ok).toBe(true);
    // Read as a record of today's version, the same deals do not all replay: play would have gone on.
    const today = parseRecord(JSON.stringify({ ...record, version: 2 }));
    if (!today.ok) throw new Error(today.error.message);
    const strict = replayRecord(today.value, talonschnapsenModule);
    expect(strict.ok).toBe(false);
    if (!strict.ok) expect(strict.error.code).toBe('unfinished');
  });
});
