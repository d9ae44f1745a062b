import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng } from '../../core/rng.js';
import { playDeal } from '../../sitting/play.js';
import { heuristicBot } from './bots/heuristic.js';
import { PACK } from './cards.js';
import { karnoeffelModule } from './module.js';
import { karnoeffelPresentation } from './present.js';
import { rulesOf } from './testing.js';

const names = ['Anna', 'Sepp', 'Resi', 'Schorsch'];

describe("Karnöffel's summary and score sheet say whose tricks are whose (000: three tricks win the round)", () => {
  it('the summary gives the tricks by team, Blau first as in the Partie; the sheet gives the winners\' tricks first', async () => {
    let checked = 0;
    for (let d = 0; d < 12; d++) {
      const rules = rulesOf({ players: 4 });
      const bots = names.map(() => heuristicBot(rules));
      const { outcome } = await playDeal(karnoeffelModule, rules, { dealer: d % 4, deck: shuffleDeck(PACK, new SeededRng(`present/${d}`)), carry: { points: [0, 0] } }, bots);
      if (outcome.by !== 'tricks') continue;
      checked++;
      const lines = karnoeffelPresentation.dealSummary(outcome, 'de', names);
      expect(lines[1]).toBe(`Stiche: Blau ${outcome.tricks[0]} : ${outcome.tricks[1]} Rot`);
      expect(lines[2]).toMatch(/^Partie: Blau \d+ : \d+ Rot/);
      const row = karnoeffelPresentation.scoreSheet([outcome], 'en', names).rows[0];
      const winner = outcome.winner === 0 ? 'Blau' : 'Rot';
      expect(row.result).toBe(`${winner} wins ${outcome.tricks[outcome.winner]}:${outcome.tricks[1 - outcome.winner]} tricks`);
      expect(outcome.tricks[outcome.winner]).toBeGreaterThan(outcome.tricks[1 - outcome.winner]);
    }
    expect(checked).toBeGreaterThan(5);
  });
});
