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
