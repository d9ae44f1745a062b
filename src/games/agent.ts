import type { Seat } from './game.js';

/**
 * Whoever decides for a seat: a bot, a human at the terminal, later a remote
 * client. An agent sees only its seat's view and the legal actions.
 */
export interface Agent<View, Action> {
  readonly name: string;
  /** Chooses one of `legal` (never empty). */
  choose(view: View, legal: readonly Action[], seat: Seat): Action | Promise<Action>;
  /**
   * Optional: an action the seat takes unasked while another seat must
   * decide (Karnöffel's table talk). Return undefined to stay silent.
   */
  interject?(view: View, legal: readonly Action[], seat: Seat): Action | undefined | Promise<Action | undefined>;
}
