import { describe, expect, it } from 'vitest';
import { KARNOEFFEL_BOTS } from './bots/index.js';
import { SeededRng } from '../../core/rng.js';
import type { KarnoeffelOutcome } from './state.js';
import { parseRecord, replayRecord, toRecord, type GameRecord } from '../../records/record.js';
import { cards, rulesOf, KARNOEFFEL_CONFIGS } from './testing.js';
import { karnoeffelModule } from './module.js';
import { checkKarnoeffelStart, karnoeffelSitting, matchMultiplier, seatingFromLots, type KarnoeffelSheet } from './sitting.js';
import { findGame } from '../registry.js';
import { playSitting } from '../../sitting/play.js';

const outcome = (winner: 0 | 1, value: number): KarnoeffelOutcome => ({
  score: [],
  winner,
  value,
  by: 'tricks',
  tricks: [0, 0],
  trump: 0,
  points: [0, 0],
  matchOver: false,
});

describe('drawing lots (000 "Einleitung und Vorbereitung")', () => {
  it('000: the lowest card deals first, the two lower cards form one team, ties broken by Grün, Eichel, Herz, Schelle; the teams alternate round the table', () => {
    // players draw G5, S5, E9, HK: both Fünfer are lowest, Schelle ranks below Grün for the drawing
    const { seatOf, firstDealer } = seatingFromLots(cards('G5 S5 E9 HK'));
    expect(firstDealer).toBe(0);
    expect(seatOf[1]).toBe(0); // S5: lowest, deals first
    expect(seatOf[0]).toBe(2); // G5: his partner, opposite
    expect([seatOf[2], seatOf[3]]).toEqual([1, 3]); // E9 and HK: the other team, in between
  });

  it('000: with six or eight players the three or four lowest form a team; the lowest of each team sits at its first seat (the leader)', () => {
    const { seatOf } = seatingFromLots(cards('EK E2 G3 HO S2 H9 SU G2'));
    // lot order: S2, E2, G2 (2s: Schelle < Eichel < Grün), G3, H9, SU, HO, EK
    expect(seatOf).toEqual([7, 2, 6, 5, 0, 1, 3, 4]);
    const teamOf = (p: number) => seatOf[p] % 2;
    expect([4, 1, 7, 2].map(teamOf)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 3, 0].map(teamOf)).toEqual([1, 1, 1, 1]);
  });

  it('begin draws distinct cards and keeps them in the start, so that a record replays the seating', () => {
    const rules = rulesOf({ players: 6 });
    const begun = karnoeffelSitting.begin(rules, new SeededRng(5));
    expect(begun.start.lots).toHaveLength(6);
    expect(new Set(begun.start.lots).size).toBe(6);
    expect(begun.seatOf).toEqual(seatingFromLots(cards(begun.start.lots.join(' '))).seatOf);
    expect([...begun.seatOf!].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(checkKarnoeffelStart(rules, begun.start)).toBeUndefined();
  });

  it('a record\'s start is checked: lots, seating and first dealer', () => {
    const rules = rulesOf({ players: 4 });
    const good = { lots: ['G5', 'S5', 'E9', 'HK'], seatOf: [2, 0, 1, 3], firstDealer: 0 };
    expect(checkKarnoeffelStart(rules, good)).toBeUndefined();
    expect(checkKarnoeffelStart(rules, null)).toMatch(/lots, seatOf, firstDealer/);
    expect(checkKarnoeffelStart(rules, { ...good, lots: ['G5'] })).toMatch(/4 lots/);
    expect(checkKarnoeffelStart(rules, { ...good, lots: ['G5', 'S5', 'E9', 'XX'] })).toMatch(/unknown suit/);
    expect(checkKarnoeffelStart(rules, { ...good, lots: ['G5', 'S5', 'E9', 'G5'] })).toMatch(/drawn twice/);
    expect(checkKarnoeffelStart(rules, { ...good, seatOf: [0, 2, 1, 3] })).toMatch(/does not follow from the lots/);
    expect(checkKarnoeffelStart(rules, { ...good, firstDealer: 1 })).toMatch(/lowest lot deals first/);
  });
});

describe('the match (000 "Einleitung und Vorbereitung", "Spieldurchführung")', () => {
  const rules = rulesOf({ players: 4 });
  const book = (sheet: KarnoeffelSheet, results: [0 | 1, number][]) =>
    results.reduce((s, [w, v]) => karnoeffelSitting.afterDeal(rules, s, 0, outcome(w, v)).sheet, sheet);

  it('000 "In jeder Spielrunde werden jeweils nur einer Partei Gewinnpunkte gutgeschrieben": points add up by side; the carry passes them to the next deal', () => {
    const sheet = book(karnoeffelSitting.initialSheet(rules, null as never), [
      [0, 4],
      [1, 7],
      [0, 10],
    ]);
    expect(sheet.points).toEqual([14, 7]);
    expect(karnoeffelSitting.carry(rules, sheet)).toEqual({ points: [14, 7] });
  });

  it('000 "Gewinner der ganzen Partie ist jene Seite, die als erste … erreicht": reaching the target ends the match and a new one starts at 0 : 0', () => {
    const sheet = book(karnoeffelSitting.initialSheet(rules, null as never), [
      [1, 22],
      [0, 25],
      [0, 16],
    ]);
    expect(sheet.points).toEqual([0, 0]);
    expect(sheet.matches).toEqual([{ winner: 0, points: [41, 22], multiplier: 1, amount: 1, deals: 3 }]);
    expect(sheet.wins).toEqual([1, 0]);
    expect(sheet.balance).toEqual([1, -1]);
  });

  it('000: the losers pay the stake, twice if they have less than half the target, three times with no points', () => {
    expect(matchMultiplier(rules, 21)).toBe(1); // 42 ≥ 41
    expect(matchMultiplier(rules, 20)).toBe(2); // 40 < 41
    expect(matchMultiplier(rules, 1)).toBe(2);
    expect(matchMultiplier(rules, 0)).toBe(3);
    expect(matchMultiplier(rulesOf({ multipliers: false }), 0)).toBe(1);
    const staked = rulesOf({ players: 4, stake: 5 });
    const s = karnoeffelSitting.afterDeal(staked, karnoeffelSitting.initialSheet(staked, null as never), 0, outcome(1, 43)).sheet;
    expect(s.matches[0]).toMatchObject({ winner: 1, multiplier: 3, amount: 15 });
    expect(s.balance).toEqual([-15, 15]);
  });

  it('the deal passes to the left (000, to Vorhand) or to the right (001)', () => {
    const sheet = karnoeffelSitting.initialSheet(rules, null as never);
    expect(karnoeffelSitting.afterDeal(rules, sheet, 3, outcome(0, 4)).nextDealer).toBe(0);
    const right = rulesOf({}, 'landsknecht');
    expect(karnoeffelSitting.afterDeal(right, sheet, 0, outcome(0, 4)).nextDealer).toBe(3);
  });

  it('a sitting of many deals plays several matches in a row and tallies them', async () => {
    const r = rulesOf({ players: 4, target: 21 });
    const rng = new SeededRng(9);
    const agents = [0, 1, 2, 3].map((seat) => KARNOEFFEL_BOTS.easy.create(r, seat, rng));
    const result = await playSitting(karnoeffelModule, r, agents, { length: { deals: 80 }, rng });
    const sheet = result.sheet;
    expect(sheet.matches.length).toBeGreaterThan(3);
    expect(sheet.wins[0] + sheet.wins[1]).toBe(sheet.matches.length);
    expect(sheet.balance[0]).toBe(-sheet.balance[1]);
    expect(sheet.matches.reduce((a, m) => a + m.deals, 0) + sheet.dealsInMatch).toBe(80);
    for (const m of sheet.matches) expect(Math.max(...m.points)).toBeGreaterThanOrEqual(21);
    const text = karnoeffelSitting.describeSheet(r, sheet, result.players);
    expect(text).toMatch(/Partie \d+ to 21: Blue \d+ : \d+ Red/);
    expect(text).toMatch(/Partien won: Blue \d+, Red \d+/);
  });
});

describe('records (src/records/record.ts)', () => {
  it('Karnöffel is registered for records and replay', () => {
    expect(findGame('karnoeffel')).toBe(karnoeffelModule);
  });

  for (const [preset, n] of KARNOEFFEL_CONFIGS) {
    it(`${preset}, ${n} players: a sitting round-trips through JSON and replays to the same outcomes and sheet`, async () => {
      const rules = rulesOf({ players: n, target: 31 }, preset);
      const rng = new SeededRng(`record-${preset}-${n}`);
      const agents = Array.from({ length: n }, (_, i) => KARNOEFFEL_BOTS[i % 3 === 2 ? 'random' : 'easy'].create(rules, i, rng));
      const result = await playSitting(karnoeffelModule, rules, agents, { length: { deals: 40 }, rng });
      const text = JSON.stringify(toRecord('karnoeffel', result));
      const parsed = parseRecord(text);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      const replay = replayRecord(parsed.value, karnoeffelModule);
      expect(replay.ok).toBe(true);
      if (!replay.ok) return;
      expect(replay.value.sheet).toEqual(result.sheet);
      expect(replay.value.finalStates.map((s) => (s as { outcome: unknown }).outcome)).toEqual(result.deals.map((d) => d.outcome));
    });
  }

  it('replay checks the first deal\'s dealer against the lots in the start: a forged first dealer is refused', async () => {
    const rules = rulesOf({ players: 4 });
    const rng = new SeededRng(11);
    const agents = [0, 1, 2, 3].map((i) => KARNOEFFEL_BOTS.easy.create(rules, i, rng));
    const result = await playSitting(karnoeffelModule, rules, agents, { length: { deals: 2 }, rng });
    const record = JSON.parse(JSON.stringify(toRecord('karnoeffel', result))) as GameRecord & { deals: { dealer: number }[] };
    expect(record.deals[0].dealer).toBe(0);
    record.deals[0].dealer = 2;
    const parsed = parseRecord(JSON.stringify(record));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const replay = replayRecord(parsed.value, karnoeffelModule);
    expect(replay.ok).toBe(false);
    if (!replay.ok) {
      expect(replay.error).toMatchObject({ code: 'wrongDealer', deal: 0 });
      expect(replay.error.message).toBe('deal 1: seat 2 deals, but the start of the sitting makes seat 0 the first dealer');
    }
  });

  it('a record that breaks a rule is rejected with the deal and action', async () => {
    const rules = rulesOf({ players: 4 });
    const rng = new SeededRng(3);
    const agents = [0, 1, 2, 3].map((i) => KARNOEFFEL_BOTS.easy.create(rules, i, rng));
    const result = await playSitting(karnoeffelModule, rules, agents, { length: { deals: 5 }, rng });
    const record = JSON.parse(JSON.stringify(toRecord('karnoeffel', result))) as GameRecord & { deals: { actions: [number, string][] }[] };
    const tamper = (f: (r: typeof record) => void) => {
      const copy = JSON.parse(JSON.stringify(record)) as typeof record;
      f(copy);
      const parsed = parseRecord(JSON.stringify(copy));
      if (!parsed.ok) return parsed.error;
      const replay = replayRecord(parsed.value, karnoeffelModule);
      return replay.ok ? undefined : replay.error;
    };
    // a card the seat does not hold
    const playIndex = record.deals[1].actions.findIndex(([, a]) => a.startsWith('play'));
    const [seat] = record.deals[1].actions[playIndex];
    const e1 = tamper((r) => {
      r.deals[1].actions[playIndex] = [seat, 'play XX'];
    });
    expect(e1).toMatchObject({ deal: 1, action: playIndex });
    expect(e1?.message).toMatch(/unknown suit "X"/);
    // out of turn
    const e2 = tamper((r) => {
      const [s, a] = r.deals[0].actions[0];
      r.deals[0].actions[0] = [(s + 1) % 4, a];
    });
    expect(e2).toMatchObject({ code: 'notYourTurn', deal: 0, action: 0 });
    // advice with a broken string
    const e3 = tamper((r) => {
      r.deals[0].actions.splice(0, 0, [0, 'advise "oops']);
    });
    expect(e3?.message).toMatch(/deal 1, action 1: .*advice reads/);
    // a different outcome
    const e4 = tamper((r) => {
      (r.deals[2].outcome as { value: number }).value = 99;
    });
    expect(e4).toMatchObject({ code: 'wrongOutcome', deal: 2 });
    // lots that do not give this seating
    const e5 = tamper((r) => {
      (r.start as { seatOf: number[] }).seatOf = [3, 2, 1, 0];
    });
    expect(e5?.code).toBe('badStart');
    // rules out of range
    const e6 = tamper((r) => {
      (r.rules as Record<string, unknown>).target = 40;
    });
    expect(e6?.message).toMatch(/multiple of 10 plus 1/);
    // the carry must follow from the deals before
    const e7 = tamper((r) => {
      (r.deals[1].carry as { points: number[] }).points = [5, 5];
    });
    expect(e7).toMatchObject({ code: 'wrongCarry', deal: 1 });
  });
});
