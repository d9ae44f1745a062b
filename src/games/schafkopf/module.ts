import { randomBotKind } from '../agent.js';
import type { GameModule } from '../module.js';
import { schafkopfBench } from './bench.js';
import { schafkopfRuleBot } from './bots/index.js';
import { schafkopfConformance } from './conformance.js';
import { schafkopf, type SchafkopfTypes } from './game.js';
import { schafkopfSitting } from './sitting.js';
import { schafkopfText } from './text.js';
import type { GameSolver, SearchSupport } from '../search.js';
import { RamschSolver, RamschTimeout } from './ramsch.js';
import { SchafkopfSearch } from './search.js';
import { sampleWorld } from './sample.js';
import { schafkopfDisagreements, schafkopfLogLikelihood } from './model.js';

/**
 * Search support: the search state of the card play (moves are card ids),
 * sampled worlds consistent with what one seat knows, the bidding as
 * evidence about the hidden hands (model.ts), and the Ramsch's own solver.
 */
export const schafkopfSearch: SearchSupport<SchafkopfTypes> = {
  load: (state) => SchafkopfSearch.fromState(state),
  actionOf: (_state, move) => ({ type: 'play', card: move }),
  moveOf: (state, action) => (state.phase === 'play' && action.type === 'play' ? action.card : undefined),
  sampleWorld,
  disagreements: schafkopfDisagreements,
  logLikelihood: schafkopfLogLikelihood,
  solver: ramschGameSolver,
  // strong's live budget (issue 23): 40 worlds and 700,000 solver nodes a decision, within 1 s of one core at the 99th percentile (README, "strong against strong-1").
  strongBudget: { worlds: 40, nodes: 700_000 },
};

/** A Ramsch is valued by its own solver (ramsch.ts): the generic one rarely finishes a search where every seat plays for himself. */
function ramschGameSolver(): GameSolver {
  const solver = new RamschSolver();
  return {
    handles: (s) => s instanceof SchafkopfSearch && s.isRamsch,
    value: (s, seat, nodes) => {
      solver.nodeLimit = solver.nodes + nodes;
      try {
        return solver.value(s as SchafkopfSearch, seat);
      } catch (e) {
        if (e instanceof RamschTimeout) return undefined;
        throw e;
      }
    },
  };
}

/** Schafkopf, as the registry knows it. */
export const schafkopfModule: GameModule<SchafkopfTypes> = {
  game: schafkopf,
  sitting: schafkopfSitting,
  bots: {
    easy: {
      description: 'the rule bot: bids from a calibrated hand value, gives Stoß with a hand that hurts the game, plays by rules of thumb',
      create: () => schafkopfRuleBot('easy'),
    },
    random: randomBotKind<SchafkopfTypes>(),
  },
  defaultBot: 'easy',
  text: schafkopfText,
  search: schafkopfSearch,
  bench: schafkopfBench,
  conformance: schafkopfConformance,
  describeOutcome: (o) =>
    o.contract === null || o.thrownIn
      ? {}
      : o.contract.kind === 'ramsch'
        ? { contract: 'ramsch' }
        : { contract: o.contract.kind + (o.contract.tout ? '-tout' : ''), declarers: o.party, ...(o.won === null ? {} : { won: o.won }) },
};
