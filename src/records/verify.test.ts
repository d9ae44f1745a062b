import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { verifyCommand } from '../cli/commands.js';
import { CliError } from '../cli/play.js';
import { closeDeal, openDeal, randomSeedHex } from '../core/fairness.js';
import { prettyJson } from '../core/prettyJson.js';
import { SeededRng } from '../core/rng.js';
import { unwrap } from '../core/result.js';
import { randomAgent } from '../games/agent.js';
import type { GameTypes } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { resolveRules } from '../games/ruleBook.js';
import { schafkopfModule } from '../games/schafkopf/module.js';
import { talonschnapsenModule } from '../games/schnapsen/module.js';
import { playSitting } from '../sitting/play.js';
import { parseRecord, replayRecord, toRecord, type GameRecord } from './record.js';

const tmp = mkdtempSync(join(tmpdir(), 'stich-verify-'));
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** A sitting dealt by the fair procedure, as terminal play without --seed deals it: seat 0 contributes, the rest are substituted. */
async function fairSitting<T extends GameTypes>(module: GameModule<T>, deals: number, seed: number): Promise<GameRecord> {
  const rules = unwrap(resolveRules(module.game.ruleBook, undefined, {}));
  const seats = module.game.seatCount(rules);
  const agents = Array.from({ length: seats }, (_, i) => randomAgent<T>(new SeededRng(seed * 10 + i)));
  const result = await playSitting(module, rules, agents, {
    length: { deals },
    rng: new SeededRng(seed),
    deck: async (index) => {
      const open = unwrap(await openDeal({ game: module.game.id, table: `verify-test-${seed}`, deal: index }));
      return unwrap(await closeDeal(module.game.pack(rules), open, Array.from({ length: seats }, (_, s) => (s === 0 ? randomSeedHex() : null))));
    },
  });
  return JSON.parse(prettyJson(toRecord(module.game.id, result))) as GameRecord;
}

class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

async function verify(record: unknown): Promise<{ code: number; out: string; err: string }> {
  const file = join(tmp, `r${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(record));
  const out = new Sink();
  const err = new Sink();
  const code = await verifyCommand(file, out, err);
  return { code, out: out.text, err: err.text };
}

const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

describe('stich verify', () => {
  it('passes a fair sitting, deal by deal, in Schafkopf and Talonschnapsen', async () => {
    for (const module of [schafkopfModule, talonschnapsenModule] as GameModule<GameTypes>[]) {
      const record = await fairSitting(module, 4, 1);
      expect(record.version).toBe(3);
      expect(record.deals.every((d) => d.fair && d.fair.contributions[0] !== null && d.fair.contributions.slice(1).every((c) => c === null))).toBe(true);
      const r = await verify(record);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out.match(/deal \d: verified/g)).toHaveLength(4);
      expect(r.out).toContain('all 4 decks verified');
      // The proof does not change replay.
      expect(replayRecord(unwrap(parseRecord(JSON.stringify(record))), module).ok).toBe(true);
    }
  });

  it('catches a changed seed, contribution, deck or commitment, and names the deal and why', async () => {
    const base = await fairSitting(schafkopfModule, 3, 2);
    type Deal = { fair: { seed: string; commitment: string; contributions: (string | null)[]; context: { deal: number; table: string; game: string } }; deck: string[] };
    const tamper = async (k: number, change: (d: Deal) => void) => {
      const record = clone(base);
      change(record.deals[k] as unknown as Deal);
      return verify(record);
    };
    const cases: [number, (d: Deal) => void, RegExp][] = [
      [1, (d) => (d.fair.seed = flip(d.fair.seed)), /deal 2: FAILS: the commitment published before the deal does not fit the seed and deal revealed after it: the commitment does not match the revealed seed/],
      [2, (d) => (d.fair.commitment = flip(d.fair.commitment)), /deal 3: FAILS: the commitment published before the deal does not fit the seed/],
      [0, (d) => (d.fair.contributions[0] = flip(d.fair.contributions[0]!)), /deal 1: FAILS: the deck dealt is not the one the seed and the contributions give: the deck differs from the recomputed deck at position \d+/],
      [0, (d) => (d.fair.contributions[2] = randomSeedHex()), /deal 1: FAILS: the deck dealt is not the one the seed and the contributions give/],
      [1, (d) => ([d.deck[0], d.deck[1]] = [d.deck[1], d.deck[0]]), /deal 2: FAILS: the deck dealt is not the one the seed and the contributions give: the deck differs from the recomputed deck at position 0/],
      [1, (d) => (d.fair.context.deal += 10), /deal 2: FAILS: the commitment published before the deal does not fit the seed/],
      [2, (d) => (d.fair.context.deal = 0), /deal 3: FAILS: the proof repeats deal number 0 of deal 1/],
      [1, (d) => (d.fair.context.table = 'another'), /deal 2: FAILS: the proof belongs to table "another"/],
      [0, (d) => d.fair.contributions.pop(), /deal 1: FAILS: the proof has 3 contributions; the record has 4 seats/],
      [0, (d) => (d.fair.seed = 'XYZ'), /deal 1: FAILS: the proof cannot be read: the server seed/],
    ];
    for (const [k, change, message] of cases) {
      const r = await tamper(k, change);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(message);
      expect(r.err).toMatch(/1 of 3 decks fails verification/);
      // In words for a person: no check's internal code (commitmentMismatch, deckMismatch, badSeed).
      expect(r.err).not.toMatch(/FAILS: [a-z]+[A-Z]\w*:/);
      // The other deals still verify.
      expect(r.out.match(/verified/g)).toHaveLength(2);
    }
  });

  it('also checks the play as stich replay does: an action the rules refuse fails, naming deal, action and why, while the decks still verify', async () => {
    const record = await fairSitting(schafkopfModule, 3, 4);
    const passed = await verify(record);
    expect(passed.code).toBe(0);
    expect(passed.out).toMatch(/: the rules allow every action and give every outcome and the score sheet recorded/);
    expect(passed.out).toContain('all 3 decks verified, and the play follows the rules.');

    const bad = clone(record);
    const actions = bad.deals[1].actions as [number, string][];
    // A seat plays the card the next seat plays: never in its own hand.
    const i = actions.findIndex(([, a], k) => /^[EGHS][AZKOU987]$/.test(a) && /^[EGHS][AZKOU987]$/.test(actions[k + 1]?.[1] ?? ''));
    actions[i] = [actions[i][0], actions[i + 1][1]];
    const replayed = replayRecord(unwrap(parseRecord(JSON.stringify(bad))), schafkopfModule as unknown as GameModule<GameTypes>);
    if (replayed.ok) throw new Error('the changed record replays');
    const r = await verify(bad);
    expect(r.code).toBe(1);
    // Every deck is still the fair one; the play is what fails, in replay's words.
    expect(r.out.match(/deal \d: verified/g)).toHaveLength(3);
    const reason = replayed.error.message.replace(/^deal 2, action \d+: /, '');
    expect(reason).toMatch(/you do not hold/);
    expect(r.err).toContain(`: deal 2, action ${i + 1}: FAILS: an action the rules refuse: ${reason} (the deals after it cannot be checked against the rules)`);
    expect(r.err).toMatch(/: the play does not follow the rules\.\n$/);

    // An outcome changed in the record fails as the deal's.
    const changed = clone(record) as unknown as { deals: { outcome: unknown }[] };
    changed.deals[2].outcome = { ...(changed.deals[2].outcome as object), changed: true };
    const o = await verify(changed);
    expect(o.code).toBe(1);
    expect(o.err).toMatch(/: deal 3: FAILS: the deal does not follow the rules: the recorded outcome differs from the rules'/);
  });

  it('a deal without a proof fails: a --seed sitting, version 1 and 2 records (which still replay)', async () => {
    const record = await fairSitting(schafkopfModule, 2, 3);
    const { fair: _, ...plain } = record.deals[1];
    const mixed = await verify({ ...record, deals: [record.deals[0], plain] });
    expect(mixed.code).toBe(1);
    expect(mixed.err).toMatch(/deal 2: FAILS: no fairness proof: the deck was not dealt by the fair procedure \(a sitting played with --seed\)/);
    const deals = record.deals.map(({ fair: _f, ...d }) => d);
    const { substitutions: _s, ...rest } = record;
    const v2 = { ...record, version: 2, deals };
    const v1 = { ...rest, version: 1, deals };
    for (const [old, version] of [[v1, 1], [v2, 2]] as const) {
      const parsed = parseRecord(JSON.stringify(old));
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(replayRecord(parsed.value, schafkopfModule).ok).toBe(true);
      const r = await verify(old);
      expect(r.code).toBe(1);
      expect(r.err).toContain(`no fairness proof: the deck was not dealt by the fair procedure (a version ${version} record)`);
    }
    // A proof in an older version, or of the wrong shape, is refused when the record is read: a bad record, an error of the command (status 2), as in replay.
    await expect(verify({ ...record, version: 2 })).rejects.toThrow(CliError);
    await expect(verify({ ...record, version: 2 })).rejects.toThrow(/\.json: deal 1: "fair" came with version 3/);
    const bad = clone(record) as unknown as { deals: { fair: unknown }[] };
    bad.deals[0].fair = { seed: 1 };
    await expect(verify(bad)).rejects.toThrow(/deal 1: "fair" needs "context"/);
  });
});
