import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../cards/deck.js';
import { formatCard } from '../cards/notation.js';
import { SeededRng } from '../core/rng.js';
import type { GameTypes } from '../games/game.js';
import type { Agent } from '../games/agent.js';
import type { GameModule } from '../games/module.js';
import { karnoeffelModule } from '../games/karnoeffel/module.js';
import { resolveRules } from '../games/ruleBook.js';
import { bauernschnapsenModule, talonschnapsenModule } from '../games/schnapsen/module.js';
import { playDeal } from '../sitting/play.js';
import { analysisUnit, analyzeDeal } from './analysis.js';
import { marginModule } from './margin.js';
import { pimcAgent, strongOptions } from './pimc.js';

/**
 * Where only the winners score (Schnapsen's game points, 003; Karnöffel's
 * round, 000 "the first side to take three tricks wins the round's value"),
 * the analysis values every decision by the side's points less the other
 * side's (margin.ts): by the own score a lost game is 0 whatever the others
 * win, and every card of a lost game would be as good as any other.
 */
const GAMES = [bauernschnapsenModule, talonschnapsenModule, karnoeffelModule] as unknown as GameModule<GameTypes>[];

type Decide = (view: GameTypes['view'], legal: readonly GameTypes['action'][], seat: number, easy: Agent<GameTypes>) => GameTypes['action'] | Promise<GameTypes['action']>;

/** A deal of easy bots (each decision through `decide` where given, which may ask the seat's easy bot), and what the analysis reads of it. */
async function easyDeal(module: GameModule<GameTypes>, d: number, decide?: Decide) {
  const rules = resolveRules(module.game.ruleBook, undefined, {});
  if (!rules.ok) throw new Error(rules.error.message);
  const pack = module.game.pack(rules.value);
  const deck = shuffleDeck(pack, new SeededRng(`margin/${module.game.id}/${d}`));
  const seats = module.game.seatCount(rules.value);
  const agents = Array.from({ length: seats }, (_, s) => {
    const easy = module.bots.easy.create(rules.value, s, new SeededRng(`margin/${d}/${s}`));
    return decide ? { ...easy, choose: async (view: GameTypes['view'], legal: readonly GameTypes['action'][], seat: number) => decide(view, legal, seat, easy) } : easy;
  });
  const deal = { dealer: d % seats, deck, carry: module.game.initialCarry(rules.value) };
  const played = await playDeal(module, rules.value, deal, agents);
  return { rules: rules.value, played, toAnalyse: { dealer: deal.dealer, carry: deal.carry, deck: deck.map((c) => formatCard(pack, c)), actions: played.actions } };
}

describe('values by the side less the other side where only the winners score', () => {
  for (const module of GAMES) {
    it(`${module.game.id}: a loser's outcome is minus the winners', and with all cards known no card is worth 0`, async () => {
      const margin = marginModule(module);
      let losses = 0;
      for (let d = 0; d < 4; d++) {
        const { rules, played, toAnalyse } = await easyDeal(module, d);
        const score = (played.outcome as { score: number[] }).score;
        const won = Math.max(...score);
        // The outcome as the analysis reads it: the winners' score, the losers' negated.
        const read = (margin.game.outcome(played.state) as { score: number[] }).score;
        expect(read).toEqual(score.map((x) => (x > 0 ? x : -won)));
        expect(module.game.outcome(played.state)).toEqual(played.outcome);
        const a = await analyzeDeal(module, rules, d, toAnalyse, { estimate: false });
        expect(analysisUnit(module.game.id).margin).toBe(true);
        // With all cards known a card play always ends with a winner: each card is worth what its side wins (above 0)
        // or minus what the others win (below 0), never the 0 that the own score gives every card of a lost game.
        for (const x of a.decisions) {
          if (!x.card || !x.solver) continue;
          for (const v of x.solver) {
            expect(v.value).not.toBe(0);
            if (v.value < 0) losses++;
          }
        }
      }
      expect(losses).toBeGreaterThan(0);
    });
  }
});

describe('strong plays the Schnapsen games by the margin', () => {
  for (const module of [bauernschnapsenModule, talonschnapsenModule] as unknown as GameModule<GameTypes>[]) {
    it(`${module.game.id}: a losing seat's estimates are what its side loses, where by its own score every one was 0`, async () => {
      expect(strongOptions(module).margin).toBe(true);
      let below = 0;
      for (let d = 0; d < 3; d++) {
        // Every decision of easy bots recorded as its seat saw it.
        const seen: { view: GameTypes['view']; legal: readonly GameTypes['action'][]; seat: number }[] = [];
        const { rules, played } = await easyDeal(module, d, (view, legal, seat, easy) => {
          seen.push({ view, legal, seat });
          return easy.choose(view, legal, seat);
        });
        const score = (played.outcome as { score: number[] }).score;
        // The losers' last two decisions with a choice, when the card play is nearly done.
        for (const { view, legal, seat } of seen.filter((x) => score[x.seat] === 0 && x.legal.length > 1).slice(-2)) {
          const options = { ...strongOptions(module), samples: 6, thinkMs: 60_000 };
          const byMargin = await pimcAgent(module, rules, seat, new SeededRng('m'), options).estimate(view, legal, seat);
          const byOwn = await pimcAgent(module, rules, seat, new SeededRng('m'), { ...options, margin: false }).estimate(view, legal, seat);
          // By its own score a seat never scores below 0; by the margin a world its side loses counts what the others win.
          for (const v of byOwn.means) expect(v).toBeGreaterThanOrEqual(0);
          for (const v of byMargin.means) if (v < 0) below++;
        }
      }
      expect(below).toBeGreaterThan(0);
    });
  }
});

describe("the analysis values the Rufer's cards still face down alike from his view (003, the trump call)", () => {
  for (const module of [bauernschnapsenModule, talonschnapsenModule] as unknown as GameModule<GameTypes>[]) {
    it(`${module.game.id}: he has seen none of them, so turning up one is worth what turning up another is`, async () => {
      // Only a call that names a suit is judged (turning up a card is no decision about the game), and the easy Rufer
      // turns one up: here he names the first suit he may.
      const nameSuit: Decide = (view, legal, seat, easy) => legal.find((a) => (a as { type: string }).type === 'trump') ?? easy.choose(view, legal, seat);
      let calls = 0;
      for (let d = 0; d < 2; d++) {
        const { rules, toAnalyse } = await easyDeal(module, d, nameSuit);
        const a = await analyzeDeal(module, rules, d, toAnalyse, { estimate: true });
        for (const x of a.decisions) {
          const turns = (x.estimate ?? []).filter((v) => v.action.startsWith('aufdecken'));
          if (turns.length < 2) continue;
          calls++;
          for (const t of turns) expect(t.value).toBeCloseTo(turns[0].value, 9);
        }
      }
      expect(calls).toBeGreaterThan(0);
    });
  }
});
