import { randomBotKind } from '../agent.js';
import type { GameModule } from '../module.js';
import { schnapsenBench } from './bench.js';
import { sampleWorld } from './sample.js';
import { schnapsenDisagreements, schnapsenLogLikelihood } from './model.js';
import { SchnapsenSearch, actionOfMove, moveOfAction } from './search.js';
import { SCHNAPSEN_EASY } from './bots/index.js';
import { bauernschnapsen, talonschnapsen, type SchnapsenGame, type SchnapsenTypes } from './game.js';
import type { Variant } from './rules.js';
import { schnapsenSitting } from './sitting.js';
import { FACES_OPTION, schnapsenText } from './text.js';

/**
 * Bidding by search: in Bauernschnapsen a solve with all cards known
 * overrates the declaring side (150 deals bid by the easy bot, seed b1,
 * played by strong at 8 worlds and 20,000 nodes: the Rufer's side won 82% of
 * the solves and 74% as played, 3.21 against 2.66 points a deal, the
 * difference 0.55 ± 0.16), so a world it wins in the solve counts 0.83 of
 * its value (src/search/declarerBias.ts). In Talonschnapsen the solves did
 * not overrate it (2.16 against 2.28 ± 0.07 played): no correction.
 */
export const BAUERN_DECLARER_SOLVE_FACTOR = 0.83;

/**
 * `strong`'s live budget (issue 23): 64 worlds and 1.1 million solver nodes
 * a decision, against 24 and 400,000 by default; its decisions stay far
 * within 1 s of one core at the 99th percentile (README, "strong against
 * strong-1"). In Talonschnapsen, whose bids `easy` playouts value, the bids
 * keep 24 worlds (`playoutWorlds`).
 */
export const STRONG_BUDGET_SCHNAPSEN = { worlds: 64, nodes: 1_100_000 } as const;

function schnapsenModule(game: SchnapsenGame, variant: Variant): GameModule<SchnapsenTypes> {
  return {
    game,
    sitting: schnapsenSitting(variant),
    bots: { easy: SCHNAPSEN_EASY, random: randomBotKind<SchnapsenTypes>() },
    defaultBot: 'easy',
    text: schnapsenText,
    search: {
      load: (state) => SchnapsenSearch.load(state),
      actionOf: (state, move) => actionOfMove(state, move),
      moveOf: (_state, action) => moveOfAction(action),
      sampleWorld: (view, seat, rng) => sampleWorld(view, seat, rng),
      disagreements: schnapsenDisagreements,
      logLikelihood: schnapsenLogLikelihood,
      // 003 (the trump call): the Rufer turns up one of his cards still face down; he has seen none of them.
      exchangeable: (_view, legal) => {
        const turns = legal.flatMap((a, i) => (a.type === 'turn' ? [i] : []));
        return turns.length > 1 ? [turns] : [];
      },
      ...(variant === 'bauern' ? { declarerSolveFactor: BAUERN_DECLARER_SOLVE_FACTOR, bidBySearch: true } : {}),
      byMargin: true,
      strongBudget: variant === 'bauern' ? STRONG_BUDGET_SCHNAPSEN : { ...STRONG_BUDGET_SCHNAPSEN, playoutWorlds: 24 },
    },
    bench: schnapsenBench(variant),
    playOptions: [FACES_OPTION],
    // Records of format version 1 were played while Talonschnapsen's normal game stopped on hidden facts.
    ...(variant === 'talon' ? { legacyRuleValues: { 1: { talonEndHidden: true } } } : {}),
    describeOutcome: (o) => {
      if (o.game === 'redeal' || o.declarer === null) return {};
      // Bauernschnapsen: partners sit opposite; Talonschnapsen: the declarer plays alone.
      const declarers = variant === 'bauern' ? [o.declarer, (o.declarer + 2) % 4].sort() : [o.declarer];
      return { contract: o.game, declarers, won: o.won };
    },
  };
}

/** Bauernschnapsen (four players, partners opposite), as the registry knows it. */
export const bauernschnapsenModule = schnapsenModule(bauernschnapsen, 'bauern');
/** Talonschnapsen (three players, each for himself), as the registry knows it. */
export const talonschnapsenModule = schnapsenModule(talonschnapsen, 'talon');
