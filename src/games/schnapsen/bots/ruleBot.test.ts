import { describe, expect, it } from 'vitest';
import type { SchnapsenTypes } from '../game.js';
import { SeededRng } from '../../../core/rng.js';
import { unwrap } from '../../../core/result.js';
import { bauernschnapsen } from '../game.js';
import { newDeal, passToPlay, rulesFor, run } from '../testing.js';
import type { SchnapsenState } from '../state.js';
import { bauernschnapsenModule, talonschnapsenModule } from '../module.js';
import { playSitting } from '../../../sitting/play.js';
import { randomAgent } from '../../agent.js';
import { decide, ruleSchnapsenBot } from './ruleBot.js';

const rng = new SeededRng(1);
const botMove = (s: SchnapsenState, seat = s.turn) => decide(bauernschnapsen.view(s, seat), bauernschnapsen.legal(s, seat), rng);

describe('the rule-based bot', () => {
  it('announces several different special games over 300-deal sittings of four (and three) bots', async () => {
    for (const [entry, variant] of [[bauernschnapsenModule, 'bauern'], [talonschnapsenModule, 'talon']] as const) {
      for (const seed of [1, 2, 3]) {
        const r = new SeededRng(seed);
        const seats = variant === 'bauern' ? 4 : 3;
        const result = await playSitting(entry, rulesFor(variant), Array.from({ length: seats }, () => ruleSchnapsenBot(r)), { length: { deals: 300 }, rng: r });
        const special = Object.keys(result.sheet.games).filter((g) => g !== 'normal' && g !== 'redeal');
        expect(special.length, `${variant} seed ${seed}: ${special.join(', ')}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('calls its strongest suit, and turns up a card when the first three are poor', () => {
    const s = run(newDeal('bauern', ['HA HZ GU EO GO', 'GA GZ GK HK EZ', 'HO HU SA SZ EA', 'SK SO SU EU EK']), '2 abheben');
    expect(botMove(s)).toEqual({ type: 'trump', suit: 2 });
    const poor = run(newDeal('bauern', ['GU HU SO EO GO', 'GA GZ GK HK EZ', 'HO HA SA SZ EA', 'SK HZ SU EU EK']), '2 abheben');
    expect(botMove(poor).type).toBe('turn');
  });

  it('announces a Farbenringerl whenever it holds one, and a Gang with a hand that cannot lose a trick', () => {
    const rings = run(newDeal('bauern', ['EA EZ EK HA HZ', 'GA GZ GK GO GU', 'EO EU HK HO HU', 'SA SZ SK SO SU']), '2 abheben; 0 trumpf E; 0 weiter');
    expect(botMove(rings)).toEqual({ type: 'announce', game: 'farbenringerl' });
    const gang = run(newDeal('bauern', ['EA EZ GA HA SA', 'GZ GK GO GU EK', 'EO EU HK HO HU', 'SZ SK SO SU HZ']), '2 abheben; 0 trumpf E');
    expect(botMove(gang)).toEqual({ type: 'announce', game: 'gang' });
  });

  it('spritzt "auf Stand" when the declaring side would finish the Bummerl with this game', () => {
    const hands = ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO'];
    const s = run(newDeal('bauern', hands, { carry: { points: [23, 4], trump: null } }), '2 abheben; 0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 3 weiter');
    expect(s.phase).toBe('spritzen');
    expect(botMove(s)).toEqual({ type: 'spritzen' });
    const early = run(newDeal('bauern', hands, { carry: { points: [3, 4], trump: null } }), '2 abheben; 0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 3 weiter');
    expect(botMove(early)).toEqual({ type: 'pass' });
  });

  it('takes a 40 when it can; must beat, it beats with its cheapest card', () => {
    const hands = ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO'];
    const s = passToPlay(run(newDeal('bauern', hands), '2 abheben; 0 trumpf E'));
    expect(botMove(s)).toEqual({ type: 'meld', suit: 0, points: 40 });
    const t = run(s, '0 40 E; 0 EO; 1 HZ; 2 SZ; 3 EU; 0 GU');
    expect(botMove(t)).toEqual({ type: 'play', card: 7 });
  });

  it('keeps its trumps: without a safe card it leads its cheapest side card', () => {
    const s = passToPlay(run(newDeal('bauern', ['EZ EU GK HU SO', 'GA GZ EK HA HZ', 'HK HO EA SA SZ', 'SK SU EO GU GO']), '2 abheben; 0 trumpf E'));
    expect(botMove(s)).toEqual({ type: 'play', card: 14 });
  });

  it('plays the normal game far better than random play (special games off, 1500 deals)', async () => {
    const off = { bettler: false, schnapser: false, gang: false, bauernschnapser: false, kontraschnapser: false, farbenringerl: false, kontrabauernschnapser: false, trumpfringerl: false };
    const r = new SeededRng(9);
    const rules = rulesFor('bauern', off);
    const result = await playSitting(bauernschnapsenModule, rules, [ruleSchnapsenBot(r), randomAgent<SchnapsenTypes>(r), ruleSchnapsenBot(r), randomAgent<SchnapsenTypes>(r)], { length: { deals: 1500 }, rng: r });
    let rule = 0;
    let random = 0;
    for (const d of result.deals) {
      if (d.outcome.game !== 'normal') continue;
      rule += d.outcome.teamScore[0] / d.outcome.spritz;
      random += d.outcome.teamScore[1] / d.outcome.spritz;
    }
    expect(rule).toBeGreaterThan(random * 1.5);
    expect(unwrap({ ok: true, value: result.sheet.tally[0] })).toBeLessThan(result.sheet.tally[1]);
  });
});
