import { describe, expect, it } from 'vitest';
import { randomAgent } from '../games/randomBot.js';
import { prettyJson } from '../core/prettyJson.js';
import { SeededRng } from '../core/rng.js';
import { unwrap } from '../core/result.js';
import { resolveRules } from '../games/ruleBook.js';
import { schafkopf } from '../games/schafkopf/engine.js';
import { SCHAFKOPF_RULES } from '../games/schafkopf/rules.js';
import { schafkopfEntry } from '../games/schafkopf/sitting.js';
import { playSitting } from '../sitting/sitting.js';
import { parseRecord, replayRecord, toRecord, type GameRecord } from './record.js';

async function sitting(deals: number, seed: number, overrides: Record<string, string> = {}): Promise<GameRecord> {
  const rules = unwrap(resolveRules(SCHAFKOPF_RULES, undefined, overrides));
  const agents = [0, 1, 2, 3].map((i) => randomAgent(new SeededRng(seed * 10 + i)));
  const result = await playSitting(schafkopf, schafkopfEntry.sitting, rules, agents, { deals, rng: new SeededRng(seed) });
  return JSON.parse(prettyJson(toRecord('schafkopf', result))) as GameRecord;
}

function replay(record: unknown) {
  const parsed = parseRecord(JSON.stringify(record));
  if (!parsed.ok) return parsed;
  return replayRecord(parsed.value, schafkopfEntry);
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
    expect(errorOf(record)).toMatch(new RegExp(`^deal 2, action ${j}: seat \\d "weiter": it is seat \\d's turn`));
  });

  it('reports words that are not actions', async () => {
    const record = clone(await sitting(1, 6));
    (record.deals[0].actions as [number, string][])[0] = [record.deals[0].actions[0][0], 'hello'];
    expect(errorOf(record)).toMatch(/^deal 0, action 0: seat \d "hello": "hello" is not a Schafkopf action/);
  });

  it('refuses a record that stops before the deal is over', async () => {
    const record = clone(await sitting(1, 7));
    (record.deals[0].actions as unknown[]).pop();
    expect(errorOf(record)).toMatch(/^deal 0: the record stops before the deal is over/);
  });

  it('refuses a changed outcome, carry, dealer, deck or sheet', async () => {
    const base = await sitting(3, 8, { allPass: 'stock' });
    const outcome = clone(base);
    (outcome.deals[1].outcome as { score: number[] }).score[0] += 10;
    expect(errorOf(outcome)).toMatch(/^deal 1: the recorded outcome .* differs/);
    const carry = clone(base);
    (carry.deals[1].carry as { stock: number }).stock += 40;
    expect(errorOf(carry)).toMatch(/^deal 1: the deal carries/);
    const dealer = clone(base);
    (dealer.deals[2] as { dealer: number }).dealer = (base.deals[2].dealer + 2) % 4;
    expect(errorOf(dealer)).toMatch(/^deal 2: seat \d deals, but after the previous deal seat \d must deal/);
    const deck = clone(base);
    (deck.deals[0].deck as string[])[0] = deck.deals[0].deck[1];
    expect(errorOf(deck)).toMatch(/^deal 0: .*appears twice/);
    const sheet = clone(base);
    (sheet.sheet as { balance: number[] }).balance[0] += 1;
    expect(errorOf(sheet)).toMatch(/recorded score sheet .* differs/);
  });

  it('refuses malformed records with the reason', async () => {
    const base = await sitting(1, 9);
    const cases: [unknown, RegExp][] = [
      [[], /a record is a JSON object/],
      [{ ...base, format: 'pgn' }, /"format" must be "stich-record"/],
      [{ ...base, version: 2 }, /unsupported "version" 2/],
      [{ ...base, deals: [] }, /"deals" must be a non-empty list/],
      [{ ...base, players: ['a', 'b'] }, /has 4 seats, the record names 2 players/],
      [{ ...base, rules: { ...base.rules, sauMode: true } }, /unknown house rule "sauMode"/],
      [{ ...base, rules: { ...base.rules, preset: 'pub' } }, /unknown preset "pub"/],
      [{ ...base, deals: [{ ...base.deals[0], actions: [[0]] }] }, /^deal 0, action 0: an action must be \[seat, "action"\]/],
      [{ ...base, game: 'skat' }, /the record is of "skat"/],
    ];
    for (const [record, message] of cases) expect(errorOf(record)).toMatch(message);
    expect(parseRecord('{').ok).toBe(false);
  });
});
