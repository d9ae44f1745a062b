import type { Rng } from '../core/rng.js';
import type { GameTypes, NumberedEvent, Seat } from './game.js';

/**
 * What kind of player an agent is. Loops and records tell a person from a
 * program by this, never by a name.
 * - `human`: a person at this terminal;
 * - `bot`: one of the game's own bots;
 * - `program`: an outside program speaking the bot protocol;
 * - `remote`: a person or program seated through the server.
 */
export type AgentKind = 'human' | 'bot' | 'program' | 'remote';

/**
 * Whoever decides for a seat. An agent sees only its seat's view, the legal
 * actions and its seat's events.
 */
export interface Agent<T extends GameTypes> {
  readonly name: string;
  readonly kind: AgentKind;
  /** Chooses one of `legal` (never empty). */
  choose(view: T['view'], legal: readonly T['action'][], seat: Seat): T['action'] | Promise<T['action']>;
  /**
   * Optional: an action the seat takes unasked while the deal waits for
   * another seat (Karnöffel's table talk, its match announcement). Return
   * undefined to stay silent.
   */
  interject?(view: T['view'], legal: readonly T['action'][], seat: Seat): T['action'] | undefined | Promise<T['action'] | undefined>;
  /** Optional: the seat's events since the last call, as they happen (narration, remote clients). */
  observe?(events: readonly NumberedEvent<T['event']>[], seat: Seat): void | Promise<void>;
}

/** One of a game's bots, by name: what it does, and how to seat one. */
export interface BotKind<T extends GameTypes> {
  readonly description: string;
  create(rules: T['rules'], seat: Seat, rng: Rng): Agent<T>;
}

/** Chooses uniformly among the legal actions: the baseline every bot must beat, and the driver of property tests. */
export function randomAgent<T extends GameTypes>(rng: Rng, name = 'random'): Agent<T> {
  return {
    name,
    kind: 'bot',
    choose: (_view, legal) => legal[rng.int(legal.length)],
  };
}

/** The `random` bot of any game. */
export function randomBotKind<T extends GameTypes>(): BotKind<T> {
  return {
    description: 'chooses uniformly among the legal actions',
    create: (_rules, _seat, rng) => randomAgent<T>(rng),
  };
}
