import type { Rng } from '../core/rng.js';
import type { Seat } from './game.js';
import type { Agent } from './agent.js';

/** Makes a bot for one seat of a game played under these rules. */
export type BotFactory<Rules = any, View = any, Action = any> = (rules: Rules, seat: Seat, rng: Rng) => Agent<View, Action>;
