import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { resolveRules } from '../ruleBook.js';
import type { GameChoice } from './contract.js';
import { schafkopf } from './game.js';
import { SchafkopfPlayouts } from './playout.js';
import { SCHAFKOPF_RULES } from './rules.js';

/**
 * The fast path must play exactly the game the public API plays: fed the
 * same random numbers, both shuffle the same deck, deal the same hands,
 * choose the same legal cards and pay the same money.
 */
function viaApi(rulesOverrides: Record<string, string>, game: GameChoice, rng: SeededRng): number {
  const rules = unwrap(resolveRules(SCHAFKOPF_RULES, undefined, rulesOverrides));
  let state = unwrap(schafkopf.setup(rules, { dealer: 3, deck: shuffleDeck(schafkopf.pack(rules), rng), carry: { stock: 0, bock: 0 } }));
  const bid = schafkopf.apply(state, 0, { type: 'bid', game });
  if (!bid.ok) return NaN;
  state = bid.value;
  for (;;) {
    const seat = schafkopf.toAct(state)[0];
    if (seat === undefined) break;
    const legal = schafkopf.legal(state, seat);
    state = unwrap(schafkopf.apply(state, seat, state.phase === 'play' ? legal[rng.int(legal.length)] : { type: 'weiter' }));
  }
  return schafkopf.outcome(state)!.score[0];
}

describe('fast playout', () => {
  const cases: [string, Record<string, string>, GameChoice][] = [
    ['Eichel-Solo', {}, { kind: 'solo', suit: 0 }],
    ['Rufspiel on the Gras-Sau', {}, { kind: 'rufspiel', suit: 1 }],
    ['Wenz, Laufende down the trumps', { laufende: 'allTrumps' }, { kind: 'wenz' }],
    ['Herz-Solo tout, kurze Karte', { kurzeKarte: 'on' }, { kind: 'solo', suit: 2, tout: true }],
    ['Bettel with Stichzwang', { bettel: 'on', bettelStichzwang: 'on' }, { kind: 'bettel' }],
    ['Geier', { geier: 'on' }, { kind: 'geier' }],
  ];
  for (const [name, overrides, game] of cases) {
    it(`pays what the public API pays: ${name}`, () => {
      const rules = unwrap(resolveRules(SCHAFKOPF_RULES, undefined, overrides));
      const fast = new SchafkopfPlayouts(rules, game);
      let played = 0;
      for (let seed = 0; seed < 400; seed++) {
        const a = fast.playout(new SeededRng(seed));
        const b = viaApi(overrides, game, new SeededRng(seed));
        expect(a, `seed ${seed}`).toEqual(b);
        if (!Number.isNaN(a)) played++;
      }
      expect(played).toBeGreaterThan(100);
    });
  }
});
