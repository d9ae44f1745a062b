import type { GameModule } from '../module.js';
import { karnoeffelBench } from './bench.js';
import { KARNOEFFEL_BOTS } from './bots/index.js';
import { karnoeffel, type KarnoeffelTypes } from './game.js';
import { karnoeffelSearch } from './search.js';
import { karnoeffelSitting } from './sitting.js';
import { KARNOEFFEL_OPTIONS, karnoeffelText } from './text.js';

/** Karnöffel, as the registry knows it. */
export const karnoeffelModule: GameModule<KarnoeffelTypes> = {
  game: karnoeffel,
  sitting: karnoeffelSitting,
  bots: KARNOEFFEL_BOTS,
  defaultBot: 'easy',
  text: karnoeffelText,
  search: karnoeffelSearch,
  bench: karnoeffelBench,
  playOptions: KARNOEFFEL_OPTIONS,
};
