import type { Rng } from '../../core/rng.js';
import type { Seat } from '../game.js';
import type { SchafkopfState } from './state.js';
import type { SchafkopfView } from './view.js';

export function sampleWorld(_view: SchafkopfView, _seat: Seat, _rng: Rng): SchafkopfState {
  throw new Error('not yet');
}
