import { karnoeffelBench } from './karnoeffel.js';
import { schafkopfBench } from './schafkopf.js';
import { bauernschnapsenBench } from './schnapsen.js';
import type { GameBench } from './gameBench.js';

/** The benchmarks `stich bench` runs; a new game adds its GameBench to this list. */
export const BENCHES: readonly GameBench[] = [schafkopfBench, bauernschnapsenBench, karnoeffelBench];
