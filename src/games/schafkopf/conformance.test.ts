import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkConformanceLine, checkConformanceText, parseConformanceLine, type ConformanceLine } from './conformance.js';

const TEXT = readFileSync('../shared/conformance/schafkopf/sauspiel-games.jsonl', 'utf8');
const LINES = TEXT.split('\n').filter((l) => l.trim().length > 0);

describe('Schafkopf conformance games (../shared/conformance/schafkopf/sauspiel-games.jsonl)', () => {
  const parsed: ConformanceLine[] = LINES.map((raw, i) => {
    const line = parseConformanceLine(raw, i + 1);
    if (!line.ok) throw new Error(line.error);
    return line.value;
  });

  it('has 138 games, each with sum(payout) + stockPayout = 0 as the README promises', () => {
    expect(parsed).toHaveLength(138);
    for (const line of parsed) expect(line.payout.reduce((a, b) => a + b, 0) + line.stockPayout, line.id).toBe(0);
  });

  for (const line of parsed) {
    it(`${line.id} (${line.contract.type}${line.contract.tout ? ' tout' : ''}) pays ${JSON.stringify(line.payout)}`, () => {
      const verdict = checkConformanceLine(line);
      expect(verdict.problem).toBeUndefined();
      expect(verdict.actual).toEqual({ payout: line.payout, stockPayout: line.stockPayout });
      expect(verdict.passed).toBe(true);
    });
  }

  it('the whole file: all 138 pass, no line is malformed', () => {
    const { verdicts, errors } = checkConformanceText(TEXT);
    expect(errors).toEqual([]);
    expect(verdicts.filter((v) => !v.passed).map((v) => v.id)).toEqual([]);
    expect(verdicts.filter((v) => v.passed)).toHaveLength(138);
  });

  // osk-189 and osk-190 were once extracted with the wrong declarer (seat 0, who holds no Eichel
  // card); the corrected lines declare seat 2, and the engine pays 14 (resp. 12) Laufende.
  it('osk-189 and osk-190: seat 2 calls the Eichel-Sau and seats 2 and 3 lose to 14 resp. 12 Laufende', () => {
    for (const [id, amount] of [['osk-189', 150], ['osk-190', 130]] as const) {
      const line = parsed.find((l) => l.id === id)!;
      expect(line.contract.declarer).toBe(2);
      const verdict = checkConformanceLine(line);
      expect(verdict.actual?.payout).toEqual([amount, amount, -amount, -amount]);
    }
  });
});

describe('malformed conformance lines name the line', () => {
  it('not JSON', () => {
    const r = parseConformanceLine('{"id": "x", ', 7);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^line 7: not valid JSON/);
  });

  it('not an object', () => {
    const r = parseConformanceLine('[1, 2]', 3);
    expect(r).toEqual({ ok: false, error: 'line 3: a game must be a JSON object' });
  });

  it('missing fields are listed, with the line number and id', () => {
    const good = JSON.parse(LINES[0]) as Record<string, unknown>;
    const { hands: _h, payout: _p, ...rest } = good;
    const r = parseConformanceLine(JSON.stringify(rest), 12);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toContain(`line 12 (${good.id as string})`);
      expect(r.error).toContain('"hands" must be four lists of card codes');
      expect(r.error).toContain('"payout" must be four whole numbers');
    }
  });

  it('an unknown contract type and a bad declarer', () => {
    const good = JSON.parse(LINES[0]) as { contract: Record<string, unknown> };
    const bad = { ...good, contract: { ...good.contract, type: 'skat', declarer: 7 } };
    const r = parseConformanceLine(JSON.stringify(bad), 1);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toContain('unknown contract type "skat"');
      expect(r.error).toContain('"contract.declarer" must be a seat 0..3');
    }
  });

  it('checkConformanceText reports the malformed line among good ones', () => {
    const text = [LINES[0], 'not json', LINES[1]].join('\n');
    const { verdicts, errors } = checkConformanceText(text);
    expect(verdicts).toHaveLength(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^line 2: not valid JSON/);
  });

  it('a trick card that is not a string is a malformed line, not a crash (issue 7)', () => {
    const good = JSON.parse(LINES[0]) as ConformanceLine;
    for (const bad of [42, null, { x: 1 }, ['EA']]) {
      const line = { ...good, tricks: [{ ...good.tricks[0], cards: [bad, ...good.tricks[0].cards.slice(1)] }, ...good.tricks.slice(1)] };
      const r = parseConformanceLine(JSON.stringify(line), 4);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toContain('"tricks" must be a list of {leader, cards}, the cards as card codes');
    }
  });

  it('a well-formed line with a card the pack lacks, or a wrong leader, is a problem, not a crash', () => {
    const good = JSON.parse(LINES[0]) as ConformanceLine;
    const badCard = { ...good, hands: [['XX', ...good.hands[0].slice(1)], ...good.hands.slice(1)] };
    const v1 = checkConformanceLine(badCard);
    expect(v1.passed).toBe(false);
    expect(v1.problem).toContain('"XX"');
    const wrongLeader = { ...good, tricks: [{ ...good.tricks[0], leader: (good.tricks[0].leader + 1) % 4 }, ...good.tricks.slice(1)] };
    const v2 = checkConformanceLine(wrongLeader);
    expect(v2.passed).toBe(false);
    expect(v2.problem).toMatch(/^trick 0: /);
  });
});
