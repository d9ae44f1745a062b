import { karnoeffelBench } from '../games/karnoeffel/bench.js';
import { schafkopfBench } from '../games/schafkopf/bench.js';
import { bauernschnapsenBench } from '../games/schnapsen/bench.js';
import type { GameBench } from '../games/bench.js';

/** The benchmarks `stich bench` runs; a new game adds its GameBench to this list. */
export const BENCHES: readonly GameBench[] = [schafkopfBench, bauernschnapsenBench, karnoeffelBench];
