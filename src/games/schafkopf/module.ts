import { randomBotKind } from '../agent.js';
import type { GameModule } from '../module.js';
import { schafkopfBench } from './bench.js';
import { schafkopfRuleBot } from './bots/index.js';
import { schafkopfConformance } from './conformance.js';
import { schafkopf, type SchafkopfTypes } from './game.js';
import { schafkopfSitting } from './sitting.js';
import { schafkopfText } from './text.js';
import type { SearchSupport } from '../search.js';
import { SchafkopfSearch } from './search.js';
import { sampleWorld } from './sample.js';
import { schafkopfDisagreements, schafkopfLogLikelihood } from './model.js';

/**
 * Search support: the search state of the card play (moves are card ids),
 * sampled worlds consistent with what one seat knows, and the bidding as
 * evidence about the hidden hands (model.ts).
 */
export const schafkopfSearch: SearchSupport<SchafkopfTypes> = {
  load: (state) => SchafkopfSearch.fromState(state),
  actionOf: (_state, move) => ({ type: 'play', card: move }),
  moveOf: (state, action) => (state.phase === 'play' && action.type === 'play' ? action.card : undefined),
  sampleWorld,
  disagreements: schafkopfDisagreements,
  logLikelihood: schafkopfLogLikelihood,
};

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
