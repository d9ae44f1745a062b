import { randomBotKind } from '../agent.js';
import type { GameModule } from '../module.js';
import { schafkopfBench } from './bench.js';
import { schafkopfRuleBot } from './bots/index.js';
import { schafkopfConformance } from './conformance.js';
import { schafkopf, type SchafkopfTypes } from './game.js';
import { schafkopfSitting } from './sitting.js';
import { schafkopfText } from './text.js';
import type { GameSolver, SearchState, SearchSupport } from '../search.js';
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

/**
 * A Ramsch is valued by its own solver (ramsch.ts): the generic one rarely finishes a search where every seat plays for himself.
 * The same solver answers the standings of the analysis's Ramsch graph, so that its tables (filled by the values of the
 * cards: a seat's question "does it pay?" is the first step of its value) serve them too.
 */
function ramschGameSolver(): GameSolver {
  const solver = new RamschSolver();
  const handles = (s: SearchState): s is SchafkopfSearch => s instanceof SchafkopfSearch && s.isRamsch;
  /** The question's answer, or undefined when it passes the node limit. */
  const within = <R>(ask: () => R): R | undefined => {
    try {
      return ask();
    } catch (e) {
      if (e instanceof RamschTimeout) return undefined;
      throw e;
    }
  };
  return {
    handles,
    value: (s, seat, nodes) => {
      solver.nodeLimit = solver.nodes + nodes;
      return within(() => solver.value(s as SchafkopfSearch, seat));
    },
    standings: (s, nodes) => {
      if (!handles(s)) return undefined;
      solver.nodeLimit = solver.nodes + nodes;
      // Who pays first (what a Ramsch player follows), then the points forced on each; once a question passes the
      // limit, the later ones are not asked (they would pass it at once).
      const seats = [0, 1, 2, 3].map((q) => ({ taken: s.seatPointsOf(q), pays: null as boolean | null, forced: null as number | null }));
      let out = false;
      for (const seat of seats.keys()) {
        const pays = out ? undefined : within(() => solver.pays(s, seat));
        if (pays === undefined) out = true;
        else seats[seat].pays = pays;
      }
      for (const seat of seats.keys()) {
        const forced = out ? undefined : within(() => solver.forced(s, seat));
        if (forced === undefined) out = true;
        else seats[seat].forced = forced;
      }
      return seats;
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
