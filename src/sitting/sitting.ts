import { shuffleDeck } from '../cards/deck.js';
import { formatCard } from '../cards/notation.js';
import type { Card } from '../cards/pack.js';
import type { Rng } from '../core/rng.js';
import type { DealInput, Game, Seat } from '../games/game.js';
import type { Agent } from '../games/agent.js';

/**
 * How a game keeps score across a sitting (many deals): who deals first and
 * how the deal moves, what each deal carries in from the ones before, and the
 * score sheet (Schafkopf's money ledger, the Bummerl tally, Karnöffel's match
 * points).
 */
export interface SittingRules<Rules, Outcome, Carry, Sheet, Start = null> {
  /** Decided once before the first deal (drawing lots for dealer and seats). */
  begin(rules: Rules, rng: Rng): SittingStart<Start>;
  initialSheet(rules: Rules, start: Start): Sheet;
  /** What the next deal inherits from the sheet. */
  carry(rules: Rules, sheet: Sheet): Carry;
  /** Books a finished deal and names the next dealer. */
  afterDeal(rules: Rules, sheet: Sheet, dealer: Seat, outcome: Outcome): { sheet: Sheet; nextDealer: Seat };
  /** A few lines for the terminal: the running scores. */
  describeSheet(rules: Rules, sheet: Sheet, players: readonly string[]): string;
}

export interface SittingStart<Start> {
  readonly firstDealer: Seat;
  /** Game-specific facts of the start (the lots drawn), kept in the record. */
  readonly start: Start;
  /** seatOf[player] = seat, when lots decide where everyone sits; else identity. */
  readonly seatOf?: readonly number[];
}

/** One finished deal as the record keeps it. */
export interface DealLog<Carry, Outcome> {
  readonly dealer: Seat;
  readonly carry: Carry;
  readonly deck: readonly string[];
  readonly actions: readonly (readonly [Seat, string])[];
  readonly outcome: Outcome;
}

export type SittingEvent<State, Action, Outcome, Sheet> =
  | { readonly type: 'begin'; readonly start: unknown; readonly firstDealer: Seat; readonly players: readonly string[] }
  | { readonly type: 'deal'; readonly index: number; readonly dealer: Seat; readonly state: State }
  | { readonly type: 'action'; readonly seat: Seat; readonly action: Action; readonly before: State; readonly after: State }
  | {
      readonly type: 'dealEnd';
      readonly index: number;
      readonly state: State;
      readonly outcome: Outcome;
      readonly sheet: Sheet;
      readonly log: DealLog<unknown, Outcome>;
    };

export interface SittingOptions<State, Action, Outcome, Sheet> {
  readonly deals: number;
  readonly rng: Rng;
  readonly onEvent?: (event: SittingEvent<State, Action, Outcome, Sheet>) => void | Promise<void>;
}

export interface SittingResult<Rules, Carry, Outcome, Sheet, Start> {
  readonly rules: Rules;
  readonly start: Start;
  readonly firstDealer: Seat;
  /** Agent names by seat. */
  readonly players: readonly string[];
  readonly deals: readonly DealLog<Carry, Outcome>[];
  readonly sheet: Sheet;
}

/**
 * Plays a sitting of `deals` deals with the given agents (agents[i] is the
 * i-th player; lots may seat them elsewhere). Any agent answer that the rules
 * reject is a programming error of that agent and stops the sitting.
 */
export async function playSitting<Rules, State, Action, View, Outcome, Carry, Sheet, Start>(
  game: Game<Rules, State, Action, View, Outcome, Carry>,
  sitting: SittingRules<Rules, Outcome, Carry, Sheet, Start>,
  rules: Rules,
  agents: readonly Agent<View, Action>[],
  options: SittingOptions<State, Action, Outcome, Sheet>,
): Promise<SittingResult<Rules, Carry, Outcome, Sheet, Start>> {
  const seats = game.seatCount(rules);
  if (agents.length !== seats) throw new Error(`${game.title} needs ${seats} players, got ${agents.length}`);
  const begun = sitting.begin(rules, options.rng);
  const bySeat: Agent<View, Action>[] = new Array(seats);
  agents.forEach((agent, player) => {
    bySeat[begun.seatOf ? begun.seatOf[player] : player] = agent;
  });
  const pack = game.pack(rules);
  let sheet = sitting.initialSheet(rules, begun.start);
  let dealer = begun.firstDealer;
  const deals: DealLog<Carry, Outcome>[] = [];
  await options.onEvent?.({ type: 'begin', start: begun.start, firstDealer: begun.firstDealer, players: bySeat.map((a) => a.name) });

  for (let index = 0; index < options.deals; index++) {
    const deck = shuffleDeck(pack, options.rng);
    const carry = sitting.carry(rules, sheet);
    const { state: finalState, actions, outcome } = await playDeal(game, rules, { dealer, deck, carry }, bySeat, {
      onStart: (state) => options.onEvent?.({ type: 'deal', index, dealer, state }),
      onAction: (seat, action, before, after) => options.onEvent?.({ type: 'action', seat, action, before, after }),
    });
    const booked = sitting.afterDeal(rules, sheet, dealer, outcome);
    sheet = booked.sheet;
    const log: DealLog<Carry, Outcome> = { dealer, carry, deck: deck.map((c: Card) => formatCard(pack, c)), actions, outcome };
    deals.push(log);
    await options.onEvent?.({ type: 'dealEnd', index, state: finalState, outcome, sheet, log });
    dealer = booked.nextDealer;
  }
  return {
    rules,
    start: begun.start,
    firstDealer: begun.firstDealer,
    players: bySeat.map((a) => a.name),
    deals,
    sheet,
  };
}

export interface DealHooks<State, Action> {
  onStart?(state: State): void | Promise<void>;
  onAction?(seat: Seat, action: Action, before: State, after: State): void | Promise<void>;
}

/** Plays one deal to its end with one agent per seat. */
export async function playDeal<Rules, State, Action, View, Outcome, Carry>(
  game: Game<Rules, State, Action, View, Outcome, Carry>,
  rules: Rules,
  deal: DealInput<Carry>,
  bySeat: readonly Agent<View, Action>[],
  hooks: DealHooks<State, Action> = {},
): Promise<{ state: State; actions: [Seat, string][]; outcome: Outcome }> {
  const setup = game.setup(rules, deal);
  if (!setup.ok) throw new Error(`cannot set up the deal: ${setup.error.message}`);
  let state = setup.value;
  await hooks.onStart?.(state);
  const actions: [Seat, string][] = [];
  const step = async (seat: Seat, action: Action) => {
    const next = game.apply(state, seat, action);
    if (!next.ok) {
      throw new Error(`${bySeat[seat].name} at seat ${seat} chose "${game.formatAction(rules, action)}": ${next.error.message}`);
    }
    actions.push([seat, game.formatAction(rules, action)]);
    const before = state;
    state = next.value;
    await hooks.onAction?.(seat, action, before, state);
  };
  for (let guard = 0; ; guard++) {
    if (guard > 100_000) throw new Error('the deal does not end');
    const toAct = game.toAct(state);
    if (toAct.length === 0) break;
    // Unasked actions first (table talk), then the seat whose turn it is.
    for (let seat = 0; seat < bySeat.length; seat++) {
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
    await step(seat, await bySeat[seat].choose(game.view(state, seat), legal, seat));
  }
  const outcome = game.outcome(state);
  if (outcome === undefined) throw new Error('the deal stopped without an outcome');
  return { state, actions, outcome };
}
