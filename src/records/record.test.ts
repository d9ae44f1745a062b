import { describe, expect, it } from 'vitest';
import type { SchafkopfTypes } from '../games/schafkopf/game.js';
import { randomAgent } from '../games/agent.js';
import { prettyJson } from '../core/prettyJson.js';
import { SeededRng } from '../core/rng.js';
import { unwrap } from '../core/result.js';
import { resolveRules } from '../games/ruleBook.js';
import { SCHAFKOPF_RULES } from '../games/schafkopf/rules.js';
import { schafkopfModule } from '../games/schafkopf/module.js';
import { playSitting } from '../sitting/play.js';
import { parseRecord, replayRecord, toRecord, type GameRecord } from './record.js';

async function sitting(deals: number, seed: number, overrides: Record<string, string> = {}): Promise<GameRecord> {
  const rules = unwrap(resolveRules(SCHAFKOPF_RULES, undefined, overrides));
  const agents = [0, 1, 2, 3].map((i) => randomAgent<SchafkopfTypes>(new SeededRng(seed * 10 + i)));
  const result = await playSitting(schafkopfModule, rules, agents, { length: { deals }, rng: new SeededRng(seed) });
  return JSON.parse(prettyJson(toRecord('schafkopf', result))) as GameRecord;
}

function replay(record: unknown) {
  const parsed = parseRecord(JSON.stringify(record));
  if (!parsed.ok) return parsed;
  return replayRecord(parsed.value, schafkopfModule);
}

function errorOf(record: unknown): string {
  const r = replay(record);
  if (r.ok) throw new Error('expected the record to be rejected');
  return r.error.message;
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('game records (docs/records.md)', () => {
  it('round-trip: a written sitting replays to the same outcomes and ledger', async () => {
    for (const [seed, overrides] of [
      [1, {}],
      [2, { allPass: 'stock' }],
      [3, { allPass: 'bock', klopfen: 'on' }],
      [4, { allPass: 'mussspiel', kurzeKarte: 'on', bettel: 'on', geier: 'on' }],
    ] as const) {
      const record = await sitting(25, seed, overrides);
      const r = replay(record);
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.value.sheet).toEqual(record.sheet);
    }
  });

  it('reports the deal and action of an illegal action', async () => {
    const record = clone(await sitting(3, 5));
    const actions = record.deals[2].actions as [number, string][];
    const j = actions.findIndex(([, a]) => a === 'weiter');
    actions[j] = [(actions[j][0] + 1) % 4, 'weiter'];
    expect(errorOf(record)).toMatch(new RegExp(`^deal 3, action ${j + 1}: seat \\d "weiter": it is seat \\d's turn`));
  });

  it('reports words that are not actions', async () => {
    const record = clone(await sitting(1, 6));
    (record.deals[0].actions as [number, string][])[0] = [record.deals[0].actions[0][0], 'hello'];
    expect(errorOf(record)).toMatch(/^deal 1, action 1: seat \d "hello": "hello" is not a Schafkopf action/);
  });

  it('refuses a record that stops before the deal is over', async () => {
    const record = clone(await sitting(1, 7));
    (record.deals[0].actions as unknown[]).pop();
    expect(errorOf(record)).toMatch(/^deal 1: the record stops before the deal is over/);
  });

  it('refuses a changed outcome, carry, dealer, deck or sheet', async () => {
    const base = await sitting(3, 8, { allPass: 'stock' });
    const outcome = clone(base);
    (outcome.deals[1].outcome as { score: number[] }).score[0] += 10;
    expect(errorOf(outcome)).toMatch(/^deal 2: the recorded outcome differs from the rules': \w+/);
    const carry = clone(base);
    (carry.deals[1].carry as { stock: number }).stock += 40;
    expect(errorOf(carry)).toMatch(/^deal 2: the deal carries/);
    const dealer = clone(base);
    (dealer.deals[2] as { dealer: number }).dealer = (base.deals[2].dealer + 2) % 4;
    expect(errorOf(dealer)).toMatch(/^deal 3: seat \d deals, but after the previous deal seat \d must deal/);
    const deck = clone(base);
    (deck.deals[0].deck as string[])[0] = deck.deals[0].deck[1];
    expect(errorOf(deck)).toMatch(/^deal 1: .*appears twice/);
    const sheet = clone(base);
    (sheet.sheet as { balance: number[] }).balance[0] += 1;
    expect(errorOf(sheet)).toMatch(/^the recorded score sheet differs from the deals': balance/);
  });

  it('refuses a record without its score sheet: replay compares it (docs/records.md)', async () => {
    const base = await sitting(2, 4);
    const { sheet: _sheet, ...rest } = base;
    expect(errorOf(rest)).toBe('the record has no "sheet" (the score sheet after the last deal)');
  });

  it('refuses JSON nested 100,000 deep with a message, without a stack overflow', () => {
    const text = '{"format":"stich-record","version":1,"game":"schafkopf","rules":{},"players":[],"deals":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}';
    const parsed = parseRecord(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toMatch(/nests more than \d+ levels deep/);
  });

  it('an outcome that differs is described field by field, not dumped whole', async () => {
    const base = await sitting(2, 6);
    const outcome = clone(base);
    const o = outcome.deals[1].outcome as { score: number[] };
    o.score = o.score.map((x) => x + 1);
    const message = errorOf(outcome);
    expect(message).toMatch(/^deal 2: the recorded outcome differs from the rules': score: recorded \[/);
    expect(message.length).toBeLessThan(300);
  });

  it('writes version 3 with its substitutions, and still replays version 1 records', async () => {
    const record = await sitting(3, 11);
    expect(record.version).toBe(3);
    expect(record.substitutions).toEqual([]);
    const { substitutions: _, ...rest } = record;
    const v1 = { ...rest, version: 1 };
    const r = replay(v1);
    expect(r.ok).toBe(true);
    const noted = { ...record, substitutions: [{ deal: 2, action: 3, seat: 1, reason: 'timeout' }] };
    expect(replay(noted).ok).toBe(true);
  });

  it('writes version 4 with the hints taken, only when a hint was taken', async () => {
    const module = schafkopfModule;
    const rules = resolveRules(module.game.ruleBook, undefined, {});
    if (!rules.ok) throw new Error(rules.error.message);
    const agents = [0, 1, 2, 3].map((s) => module.bots.easy!.create(rules.value, s, new SeededRng(s)));
    const result = await playSitting(module, rules.value, agents, { length: { deals: 1 }, rng: new SeededRng('hints') });
    expect(toRecord('schafkopf', result).version).toBe(3);
    expect('hints' in toRecord('schafkopf', result)).toBe(false);
    const hinted = toRecord('schafkopf', result, [], [{ deal: 0, action: 5, seat: 2 }]);
    expect(hinted.version).toBe(4);
    expect(hinted.hints).toEqual([{ deal: 0, action: 5, seat: 2 }]);
    const again = parseRecord(JSON.stringify(hinted));
    expect(again.ok && again.value.hints).toEqual([{ deal: 0, action: 5, seat: 2 }]);
    expect(replayRecord(hinted, module).ok).toBe(true);
  });

  it('refuses malformed records with the reason', async () => {
    const base = await sitting(1, 9);
    const cases: [unknown, RegExp][] = [
      [[], /a record is a JSON object/],
      [{ ...base, format: 'pgn' }, /"format" must be "stich-record"/],
      [{ ...base, version: 5 }, /unsupported "version" 5/],
      [{ ...base, version: 4 }, /"hints" must be a list/],
      [{ ...base, version: 4, hints: [{ deal: 1, action: 0, seat: 0 }] }, /a hint must be/],
      [{ ...base, hints: [] }, /"hints" came with version 4/],
      [{ ...base, substitutions: 'none' }, /"substitutions" must be a list/],
      [{ ...base, substitutions: [{ deal: 5, action: 0, seat: 0, reason: 'timeout' }] }, /a substitution must be/],
      [{ ...base, substitutions: [{ deal: 0, action: 0, seat: 0, reason: 'tired' }] }, /a substitution must be/],
      [{ ...base, version: 1 }, /"substitutions" came with version 2/],
      [{ ...base, deals: [] }, /"deals" must be a non-empty list/],
      [{ ...base, players: ['a', 'b'] }, /has 4 seats, the record names 2 players/],
      [{ ...base, rules: { ...base.rules, sauMode: true } }, /unknown house rule "sauMode"/],
      [{ ...base, rules: { ...base.rules, preset: 'pub' } }, /unknown preset "pub"/],
      [{ ...base, deals: [{ ...base.deals[0], actions: [[0]] }] }, /^deal 1, action 1: an action must be \[seat, "action"\]/],
      [{ ...base, game: 'skat' }, /the record is of "skat"/],
    ];
    for (const [record, message] of cases) expect(errorOf(record)).toMatch(message);
    expect(parseRecord('{').ok).toBe(false);
  });
});
