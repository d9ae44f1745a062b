import { describe, expect, it } from 'vitest';
import type { Contract } from './contract.js';
import { schafkopfPresentation } from './present.js';
import { settlePointGame, type SchafkopfOutcome } from './scoring.js';
import { tariffParts } from './tariffWords.js';
import { advance, randomDeal, rulesOf } from './testing.js';
import { SeededRng } from '../../core/rng.js';
import { schafkopf } from './game.js';
import type { SchafkopfView } from './view.js';

/**
 * The deal summary says how a Schafkopf amount came about (002 6.4; play-test: "0,50 € je Spieler" after a Schneider
 * with three Laufende, and no word of what made it 0,50 €). The amounts come from settlePointGame, as at the table.
 */

const NAMES = ['Anna', 'Sepp', 'Resi', 'Schorsch'];
const BOOK = rulesOf('aumer-koller'); // Rufspiel 10, Solo 50, Schneider 10, Laufende 10 (Rufspiel and Solo from 3, Wenz from 2)

/** A won (or lost) game by Anna (with Resi in a Rufspiel), settled by the engine's own reckoning. */
function outcome(contract: Contract, partyPoints: number, partyTricks: number, laufende: number, multiplier = 1, rules = BOOK): SchafkopfOutcome {
  const s = settlePointGame(rules, contract, partyPoints, partyTricks, 8, laufende);
  const party = contract.kind === 'rufspiel' ? [0, 2] : [0];
  return { score: [0, 0, 0, 0], stock: 0, bock: 0, thrownIn: false, contract, party, points: [partyPoints, 120 - partyPoints, 0, 0], tricks: [partyTricks, 8 - partyTricks, 0, 0], laufende, multiplier, ...s } as SchafkopfOutcome;
}

const RUFSPIEL: Contract = { kind: 'rufspiel', suit: 0, declarer: 0 };

describe('how a Schafkopf amount came about', () => {
  it('adds the game, Schneider, Schwarz and the Laufende paid', () => {
    expect(tariffParts(outcome(RUFSPIEL, 95, 6, 3), BOOK)).toBe('Rufspiel 0,10 € + Schneider 0,10 € + 3 Laufende × 0,10 € = 0,50 €');
    // Schwarz is a second Schneider on top of the first (002 6.4: Schwarz 3 GE in a Rufspiel).
    expect(tariffParts(outcome({ kind: 'solo', suit: 2, declarer: 0 }, 120, 8, 0), BOOK)).toBe('Solo 0,50 € + Schneider 0,10 € + Schwarz 0,10 € = 0,70 €');
    // A lost game is paid by the same parts: the Schneider the players were made counts for the others.
    expect(tariffParts(outcome({ kind: 'wenz', declarer: 0 }, 25, 2, 2), BOOK)).toBe('Wenz 0,50 € + Schneider 0,10 € + 2 Laufende × 0,10 € = 0,80 €');
  });

  it('doubles a Tout and counts a Sie four times (002 6.4.2)', () => {
    expect(tariffParts(outcome({ kind: 'wenz', tout: true, declarer: 0 }, 120, 8, 2), BOOK)).toBe('Tout: 2 × (Wenz 0,50 € + 2 Laufende × 0,10 €) = 1,40 €');
    expect(tariffParts(outcome({ kind: 'sie', declarer: 0 }, 120, 8, 8), BOOK)).toBe('Sie: 4 × (Solo 0,50 € + 8 Laufende × 0,10 €) = 5,20 €');
  });

  it('has nothing to add up for a game at its price alone, a Bettel, Laufende below the threshold, or rules that do not give the amount', () => {
    expect(tariffParts(outcome(RUFSPIEL, 71, 4, 0), BOOK)).toBeNull();
    expect(tariffParts(outcome(RUFSPIEL, 71, 4, 2), BOOK)).toBeNull(); // two Laufende: a Rufspiel pays from three
    expect(tariffParts(outcome({ kind: 'bettel', declarer: 0 }, 0, 0, 0), BOOK)).toBeNull();
    expect(tariffParts(outcome(RUFSPIEL, 95, 6, 3), rulesOf('aumer-koller', { tarifRufspiel: 20 }))).toBeNull();
  });

  it('stands in the deal summary, before the doublings, in both languages', () => {
    const view = { klopfer: [], stoss: [1] } as unknown as SchafkopfView;
    const o = outcome(RUFSPIEL, 95, 6, 3, 2);
    const de = schafkopfPresentation.dealSummary(o, 'de', NAMES, view, BOOK);
    expect(de).toContain('Rufspiel 0,10 € + Schneider 0,10 € + 3 Laufende × 0,10 € = 0,50 € × 2 (Stoß) = 1,00 € je Spieler');
    const en = schafkopfPresentation.dealSummary(o, 'en', NAMES, view, BOOK);
    expect(en).toContain('Rufspiel 0,10 € + Schneider 0,10 € + 3 Laufende × 0,10 € = 0,50 € × 2 (Stoß) = 1,00 € a player');
    // A game at its price alone keeps its short line.
    expect(schafkopfPresentation.dealSummary(outcome(RUFSPIEL, 71, 4, 0), 'de', NAMES, undefined, BOOK)).toContain('0,10 € je Spieler');
  });
});

describe('what doubled a deal, and what a Ramsch cost', () => {
  const ramsch = (multiplier: number, jungfrauen: number[]): SchafkopfOutcome =>
    ({ score: [0, 0, 0, 0], stock: 0, bock: 0, thrownIn: false, contract: { kind: 'ramsch', declarer: null }, party: [], points: [70, 30, 20, 0], tricks: [4, 2, 2, 0], won: null, schneider: false, schwarz: false, laufende: 0, multiplier, amount: 10, ramsch: { loser: 0, durchmarsch: null, jungfrauen } }) as unknown as SchafkopfOutcome;
  const knocked = (n: number) => ({ klopfer: Array.from({ length: n }, (_, i) => i), stoss: [] }) as unknown as SchafkopfView;

  it('each knock doubles once: two knocks are × 4, not Bock (engine.ts: one doubling per Klopfer)', () => {
    const o = outcome(RUFSPIEL, 71, 4, 0, 4);
    expect(schafkopfPresentation.dealSummary(o, 'de', NAMES, knocked(2), BOOK)).toContain('0,10 € × 4 (2× geklopft) = 0,40 € je Spieler');
  });

  it('a Ramsch gives its tariff and what doubled it: a knock, a Jungfrau where she doubles the whole Ramsch', () => {
    expect(schafkopfPresentation.dealSummary(ramsch(1, []), 'de', NAMES, knocked(0), BOOK)).toContain('Ramsch 0,10 € je Spieler');
    const doubleAll = rulesOf('aumer-koller', { ramschJungfrau: 'doubleAll' });
    expect(schafkopfPresentation.dealSummary(ramsch(4, [3]), 'de', NAMES, knocked(1), doubleAll)).toContain('Ramsch 0,10 € × 4 (1× geklopft, Jungfrau) = 0,40 € je Spieler');
    expect(schafkopfPresentation.dealSummary(ramsch(2, [3]), 'en', NAMES, knocked(0), doubleAll)).toContain('Ramsch 0,10 € × 2 (Jungfrau) = 0,20 € a player');
    // Where the loser pays a Jungfrau double on her own, that is said after the tariff.
    const own = rulesOf('aumer-koller', { ramschJungfrau: 'doubleIndividuallyOnce' });
    expect(schafkopfPresentation.dealSummary(ramsch(1, [3]), 'de', NAMES, knocked(0), own)).toContain('Ramsch 0,10 € je Spieler, einer Jungfrau × 2');
  });
});

describe('every deal gets its summary', () => {
  it('over random deals of every preset and Jungfrau rule, from every seat: written without fail in both languages, with its tariff line', () => {
    // The summary is made in the page when the deal ends: a throw there leaves the deal without one (the parts and the
    // Ramsch's line are new, so every kind of ending goes through them here: games won and lost, Schneider, Schwarz,
    // Tout, Sie, Klopfen, Stoß, Bock, a Ramsch with Jungfrau or Durchmarsch, thrown in).
    const rng = new SeededRng('summaries');
    let ramsch = 0;
    let parts = 0;
    for (const preset of [undefined, 'sauspiel']) {
      for (const ramschJungfrau of ['off', 'doubleAll', 'doubleIndividuallyOnce', 'doubleIndividuallyMultiple']) {
        const rules = rulesOf(preset, { allPass: 'ramsch', ramschJungfrau, klopfen: true });
        for (let d = 0; d < 60; d++) {
          let s = randomDeal(rules, rng);
          while (s.phase !== 'done') s = advance(s, rng, 40);
          const o = schafkopf.outcome(s)!;
          for (let seat = 0; seat < 4; seat++) {
            for (const lang of ['de', 'en'] as const) {
              const lines = schafkopfPresentation.dealSummary(o, lang, NAMES, schafkopf.view(s, seat), rules);
              if (o.thrownIn || !o.contract) continue;
              expect(lines.join('\n')).toMatch(lang === 'de' ? /je Spieler/ : /a player/);
            }
          }
          if (o.contract?.kind === 'ramsch') ramsch++;
          if (o.contract && tariffParts(o, rules)) parts++;
        }
      }
    }
    expect(ramsch).toBeGreaterThan(10);
    expect(parts).toBeGreaterThan(10);
  });
});
