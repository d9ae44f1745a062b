import { describe, expect, it } from 'vitest';
import { movesOf } from '../../search/solver.js';
import { resolveRules } from '../ruleBook.js';
import { schafkopfPack } from './cards.js';
import { schafkopf } from './game.js';
import { ramschScores } from './ramsch.js';
import { SchafkopfSearch } from './search.js';
import { playTables } from './tables.js';
import { ramschEndgame } from './testing.js';

/** Whether the three others can make q end below `threshold`, q avoiding it: plain minimax over the search state, scored by the engine. */
function losesByMinimax(s: SchafkopfSearch, q: number, threshold: number): boolean {
  if (s.isOver()) return s.score(q) < threshold;
  const avoiding = s.toMove() === q;
  for (const m of movesOf(s.legalMask())) {
    s.play(m);
    const r = losesByMinimax(s, q, threshold);
    s.undo();
    if (r !== avoiding) return r;
  }
  return avoiding;
}

describe('RamschLastTricks', () => {
  // 002 5.3.6.3: the loser takes the most points (ties: the highest trump taken, then the most tricks, then the earlier seat); a
  // Durchmarsch wins instead; Jungfrauen double as the house rule says (NOTES.md).
  const variants = [
    { ramschDurchmarsch: 'allTricks', ramschJungfrau: 'doubleAll' },
    { ramschDurchmarsch: 'points', ramschDurchmarschPoints: 61, ramschJungfrau: 'doubleIndividuallyMultiple' },
    { ramschDurchmarsch: 'off', ramschJungfrau: 'off', kurzeKarte: true },
  ] as const;
  for (const options of variants) {
    it(`answers every score question of the last tricks as minimax over the engine's scoring (${JSON.stringify(options)})`, () => {
      const rules = resolveRules(schafkopf.ruleBook, undefined, options);
      if (!rules.ok) throw new Error(rules.error.message);
      const answers = [0, 0];
      // The Ramsch's trumps, the highest first (the Ober, the Unter, then Herz): a card's rank, 15 for a plain card.
      const trumps = playTables(schafkopfPack(rules.value.kurzeKarte), 'ramsch').trumpOrder;
      const trumpRank = (card: number) => (trumps.includes(card) ? trumps.indexOf(card) : 15);
      for (let d = 0; d < 24; d++) {
        const s = ramschEndgame(rules.value, d, 4 * (1 + (d % 3)), 'ramsch-end', d % 3);
        const end = s.ramschTricks();
        const first = s.trick(0)!.leader;
        // Every seat's highest trump taken, by replaying the finished tricks.
        const ranks = [15, 15, 15, 15];
        for (let n = 0; s.trick(n); n++) {
          const t = s.trick(n)!;
          for (const c of t.cards) ranks[t.winner] = Math.min(ranks[t.winner], trumpRank(c));
        }
        const hands = [0, 1, 2, 3].map((t) => s.handOf(t));
        const points = [0, 1, 2, 3].map((t) => s.seatPointsOf(t));
        const taken = [0, 1, 2, 3].map((t) => s.seatTricksOf(t));
        const base = rules.value.tarifRamsch * 2 ** (d % 3);
        for (let q = 0; q < 4; q++) {
          for (const threshold of ramschScores(base, rules.value.ramschJungfrau)) {
            const expected = losesByMinimax(s, q, threshold);
            // Asked as "does it pay?" (the loser's question, at the price) and as any other score.
            const loserOnly = threshold === base;
            expect(end.loses(hands, s.toMove(), points, taken, ranks, q, threshold, first, 2 ** (d % 3), loserOnly), `deal ${d}, seat ${q}, below ${threshold}`).toBe(expected);
            answers[expected ? 1 : 0]++;
          }
        }
      }
      expect(Math.min(...answers)).toBeGreaterThan(50);
    });
  }
});
