import { shuffleDeck } from '../cards/deck.js';
import { formatCard } from '../cards/notation.js';
import type { Card } from '../cards/pack.js';
import type { DealFairness } from '../core/fairness.js';
import type { Rng } from '../core/rng.js';
import type { Agent } from '../games/agent.js';
import type { DealInput, GameTypes, NumberedEvent, Seat } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import type { DealLog, SittingResult } from '../games/sitting.js';

/**
 * The generic loop of a sitting: deal after deal, every decision asked of
 * the agent of the seat that must or may act, the score sheet booked after
 * each deal. It knows games only through their module.
 */
export type SittingEvent<T extends GameTypes> =
  | { readonly type: 'begin'; readonly start: T['start']; readonly firstDealer: Seat; readonly players: readonly string[] }
  | { readonly type: 'deal'; readonly index: number; readonly dealer: Seat; readonly state: T['state'] }
  | { readonly type: 'action'; readonly seat: Seat; readonly action: T['action']; readonly before: T['state']; readonly after: T['state'] }
  /** An undo took the deal back to `state`; `actions` of its decisions stand. */
  | { readonly type: 'rewind'; readonly state: T['state']; readonly actions: number }
  | {
      readonly type: 'dealEnd';
      readonly index: number;
      readonly state: T['state'];
      readonly outcome: T['outcome'];
      readonly sheet: T['sheet'];
      readonly log: DealLog<T['carry'], T['outcome']>;
      /** Whether this deal completed a unit of play (a Bummerl, a match, a round). */
      readonly unitComplete: boolean;
    };

/** How long a sitting lasts: a number of deals, or a number of units (Bummerl, matches, rounds). */
export type SittingLength = { readonly deals: number } | { readonly units: number };

export interface SittingOptions<T extends GameTypes> {
  readonly length: SittingLength;
  readonly rng: Rng;
  readonly onEvent?: (event: SittingEvent<T>) => void | Promise<void>;
  /**
   * Where each deal's deck comes from: by default `shuffleDeck` with `rng`; terminal play without a seed gives the
   * fair procedure here (docs/fairness.md), whose proof goes into the deal's log for the record.
   */
  readonly deck?: (index: number, bySeat: readonly Agent<T>[]) => Promise<{ readonly deck: Card[]; readonly fair?: DealFairness }>;
  /** Asked after each completed unit when the length is in units: false stops the sitting there. */
  readonly another?: () => boolean | Promise<boolean>;
}

/** A sitting never runs longer than this many deals, whatever its length says. */
export const MAX_DEALS = 100_000;

/**
 * Plays a sitting with the given agents (agents[i] is the i-th player; lots
 * may seat them elsewhere). An agent answer that the rules reject is a
 * programming error of that agent and stops the sitting.
 */
export async function playSitting<T extends GameTypes>(
  module: GameModule<T>,
  rules: T['rules'],
  agents: readonly Agent<T>[],
  options: SittingOptions<T>,
): Promise<SittingResult<T>> {
  const { game, sitting } = module;
  const seats = game.seatCount(rules);
  if (agents.length !== seats) throw new Error(`${game.title} needs ${seats} players, got ${agents.length}`);
  const begun = sitting.begin(rules, options.rng);
  const bySeat: Agent<T>[] = new Array(seats);
  agents.forEach((agent, player) => {
    bySeat[begun.seatOf ? begun.seatOf[player] : player] = agent;
  });
  const players = bySeat.map((a) => a.name);
  const pack = game.pack(rules);
  let sheet = sitting.initialSheet(rules, begun.start);
  let dealer = begun.firstDealer;
  const deals: DealLog<T['carry'], T['outcome']>[] = [];
  await options.onEvent?.({ type: 'begin', start: begun.start, firstDealer: begun.firstDealer, players });

  const length = options.length;
  let units = 0;
  for (let index = 0; index < MAX_DEALS; index++) {
    if ('deals' in length && index >= length.deals) break;
    const dealt = options.deck ? await options.deck(index, bySeat) : { deck: shuffleDeck(pack, options.rng) };
    const deck = dealt.deck;
    const carry = sitting.carry(rules, sheet);
    const { state: finalState, actions, outcome } = await playDeal(module, rules, { dealer, deck, carry }, bySeat, {
      onStart: (state) => options.onEvent?.({ type: 'deal', index, dealer, state }),
      onAction: (seat, action, before, after) => options.onEvent?.({ type: 'action', seat, action, before, after }),
      onRewind: (state, actions) => options.onEvent?.({ type: 'rewind', state, actions }),
    });
    const booked = sitting.afterDeal(rules, sheet, dealer, outcome);
    const unitComplete = sitting.unitComplete(rules, sheet, booked.sheet);
    sheet = booked.sheet;
    const log: DealLog<T['carry'], T['outcome']> = { dealer, carry, deck: deck.map((c) => formatCard(pack, c)), actions, outcome, ...(dealt.fair ? { fair: dealt.fair } : {}) };
    deals.push(log);
    await options.onEvent?.({ type: 'dealEnd', index, state: finalState, outcome, sheet, log, unitComplete });
    dealer = booked.nextDealer;
    if (unitComplete && 'units' in length) {
      units++;
      if (units >= length.units && !(options.another && (await options.another()))) break;
    }
  }
  return { rules, start: begun.start, firstDealer: begun.firstDealer, players, deals, sheet };
}

export interface DealHooks<T extends GameTypes> {
  onStart?(state: T['state']): void | Promise<void>;
  onAction?(seat: Seat, action: T['action'], before: T['state'], after: T['state']): void | Promise<void>;
  /** After an undo: the deal goes back to `state`, with `actions` the decisions that stand. */
  onRewind?(state: T['state'], actions: number): void | Promise<void>;
}

/**
 * Thrown by an agent's `choose` to take back the seat's last decision in this deal (the terminal's `undo`, offered
 * only in a sitting against bots, which decide from their view alone): the deal goes back to the state before it and
 * the seat decides again. The agent checks beforehand that the seat has decided in this deal.
 */
export class UndoRequest extends Error {
  constructor(readonly seat: Seat) {
    super('undo');
  }
}

/**
 * Plays one deal to its end with one agent per seat. Seats that may act
 * outside the turn order are offered their actions first (an agent with
 * `interject` may take one), then the seat the deal waits for decides.
 * Every agent with `observe` receives its seat's events as they happen.
 */
export async function playDeal<T extends GameTypes>(
  module: GameModule<T>,
  rules: T['rules'],
  deal: DealInput<T['carry']>,
  bySeat: readonly Agent<T>[],
  hooks: DealHooks<T> = {},
): Promise<{ state: T['state']; actions: [Seat, string][]; outcome: T['outcome'] }> {
  const { game } = module;
  const setup = game.setup(rules, deal);
  if (!setup.ok) throw new Error(`cannot set up the deal: ${setup.error.message}`);
  let state = setup.value;
  const seen = bySeat.map(() => 0);
  const tell = async () => {
    for (let seat = 0; seat < bySeat.length; seat++) {
      const agent = bySeat[seat];
      if (!agent.observe) continue;
      const events: NumberedEvent<T['event']>[] = game.events(state, seat, seen[seat]);
      if (events.length === 0) continue;
      seen[seat] = events[events.length - 1].n + 1;
      await agent.observe(events, seat);
    }
  };
  await hooks.onStart?.(state);
  await tell();
  const actions: [Seat, string][] = [];
  // The state before each decision, for an undo.
  const history: { seat: Seat; before: T['state']; choices: number }[] = [];
  const rewind = async (seat: Seat) => {
    let i = history.length - 1;
    // Back to the seat's last real choice: a decision with one legal answer would only be taken again.
    while (i >= 0 && (history[i].seat !== seat || history[i].choices < 2)) i--;
    if (i < 0) return;
    state = history[i].before;
    history.length = i;
    actions.length = i;
    for (let s = 0; s < bySeat.length; s++) {
      const all = game.events(state, s, 0);
      seen[s] = all.length > 0 ? all[all.length - 1].n + 1 : 0;
    }
    await hooks.onRewind?.(state, i);
  };
  const step = async (seat: Seat, action: T['action'], choices = 1) => {
    const next = game.apply(state, seat, action);
    if (!next.ok) {
      throw new Error(`${bySeat[seat].name} at seat ${seat} chose "${game.formatAction(rules, action)}": ${next.error.message}`);
    }
    actions.push([seat, game.formatAction(rules, action)]);
    history.push({ seat, before: state, choices });
    const before = state;
    state = next.value;
    await hooks.onAction?.(seat, action, before, state);
    await tell();
  };
  for (let guard = 0; ; guard++) {
    if (guard > 100_000) throw new Error('the deal does not end');
    const toAct = game.toAct(state);
    if (toAct.length === 0) break;
    // Unasked actions first (table talk, announcements), then the seat whose turn it is.
    for (const seat of game.mayAct(state)) {
      const agent = bySeat[seat];
      if (!agent.interject || toAct.includes(seat)) continue;
      const free = game.legal(state, seat);
      if (free.length === 0) continue;
      const said = await agent.interject(game.view(state, seat), free, seat);
      if (said !== undefined) await step(seat, said);
    }
    const seat = game.toAct(state)[0];
    if (seat === undefined) break;
    const legal = game.legal(state, seat);
    if (legal.length === 0) throw new Error(`seat ${seat} must act but has no legal action`);
    let chosen: T['action'];
    try {
      chosen = await bySeat[seat].choose(game.view(state, seat), legal, seat);
    } catch (e) {
      if (!(e instanceof UndoRequest)) throw e;
      await rewind(e.seat);
      continue;
    }
    await step(seat, chosen, legal.length);
  }
  const outcome = game.outcome(state);
  if (outcome === undefined) throw new Error('the deal stopped without an outcome');
  return { state, actions, outcome };
}
