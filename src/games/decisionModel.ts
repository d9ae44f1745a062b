import type { Rng } from '../core/rng.js';
import type { Game, GameTypes, Seat } from './game.js';
import type { SearchSupport } from './search.js';

/*
 * A model of the other players' decisions outside the card play (issue 9
 * §2: sampled worlds "weighted by what the bidding and play so far suggest
 * about the hidden hands"). A sampled world gives every seat a hand; the
 * model says what each seat would have decided with that hand at each
 * public decision it made (a bid or a pass, Klopfen, Stoß, Spritzen,
 * raising, …). A world in which a seat's public decisions are those the
 * model makes with the world's cards is likelier than one in which they are
 * not: a seat that passed seldom holds a Wenz hand; a seat that announced a
 * Solo holds the trumps for it.
 *
 * The model is the game's `easy` bot (the same code that decides its own
 * bids), asked in the world replayed up to each decision, with that seat's
 * view then and its legal actions then. So it sees only what that seat saw.
 *
 * The games count disagreements (`SearchSupport.disagreements`); search
 * turns them into a weight that is never zero (`worldWeight`): a person may
 * bid differently from the easy bot, and a world in which he did must stay
 * possible.
 */

/**
 * The weight of one public decision that the model would have made
 * otherwise in a world, against 1 for one it agrees with; the weight of a
 * world is the product over the decisions. Chosen by measurement (README,
 * "Weighted worlds"): small enough that the bidding counts, large enough
 * that a world against the model is still drawn now and then. A game may
 * set its own (`SearchSupport.disagreeWeight`; Karnöffel does).
 */
export const DISAGREE_WEIGHT = 0.15;

/** The weight of a world with `disagreements` decisions against the model: `epsilon` to that power (never 0). */
export function worldWeight(disagreements: number, epsilon = DISAGREE_WEIGHT): number {
  return disagreements <= 0 ? 1 : Math.max(Number.MIN_VALUE, epsilon ** disagreements);
}

/** One action of a deal's history, in order, as a replay needs it. */
export interface PastAction<T extends GameTypes> {
  readonly seat: Seat;
  readonly action: T['action'];
  /** Whether the model is asked about this decision (a public decision outside the card play). */
  readonly judge: boolean;
  /** A card of the card play (judged by `logLikelihood` only, with the card weight). */
  readonly card?: boolean;
}

/** What the model would decide: the easy bot's choice, synchronously. */
export interface DecisionModel<T extends GameTypes> {
  choose(view: T['view'], legal: readonly T['action'][], seat: Seat): T['action'];
  /** Whether the model's choice counts as the action taken (default: the same notation). */
  same?(chosen: T['action'], taken: T['action']): boolean;
}

/**
 * The number of judged decisions of seats other than `viewer` that the
 * model makes otherwise, replaying `history` from `start` (the deal as set
 * up). The replay stops after the last judged decision, or as soon as the
 * count passes `limit` (the caller needs no more). `silent` may insert an
 * action the history does not show (a decision nobody announces) before the
 * next one. Decisions with a single legal action are not judged. Throws if
 * the history does not replay: the world is not a deal.
 */
export function countDisagreements<T extends GameTypes>(
  game: Game<T>,
  rules: T['rules'],
  start: T['state'],
  history: readonly PastAction<T>[],
  viewer: Seat,
  model: DecisionModel<T>,
  silent?: (state: T['state'], next: PastAction<T>) => PastAction<T> | undefined,
  limit = Infinity,
): number {
  let last = -1;
  for (let i = 0; i < history.length; i++) if (history[i].judge && history[i].seat !== viewer) last = i;
  let state = start;
  let count = 0;
  const same = model.same ?? ((a: T['action'], b: T['action']) => game.formatAction(rules, a) === game.formatAction(rules, b));
  const step = (p: PastAction<T>) => {
    const next = game.apply(state, p.seat, p.action);
    if (!next.ok) throw new Error(`the world's history does not replay: ${next.error.message}`);
    state = next.value;
  };
  for (let i = 0; i <= last; i++) {
    const p = history[i];
    const extra = silent?.(state, p);
    if (extra) step(extra);
    if (p.judge && p.seat !== viewer) {
      const legal = game.legal(state, p.seat);
      if (legal.length > 1 && !same(model.choose(game.view(state, p.seat), legal, p.seat), p.action) && ++count > limit) return count;
    }
    step(p);
  }
  return count;
}

/** How `sampleWeightedWorld` draws. */
export interface WeightedDraw {
  /** The weight of one decision against the model (default: the game's `disagreeWeight`, else DISAGREE_WEIGHT). */
  readonly epsilon?: number;
  /** Candidates at most (default TRIES_PER_WORLD). */
  readonly tries?: number;
  /** Stop drawing once this returns true (checked after the first candidate): a clock. */
  readonly stop?: () => boolean;
}

/**
 * Candidates drawn at most for one weighted world. When none is kept by
 * then, the one the model disagrees with least is used (the first of them).
 */
export const TRIES_PER_WORLD = 20;

/**
 * A world for this seat's view weighted by the bidding, by rejection: a
 * candidate from `sampleWorld` (uniform over the consistent deals) is kept
 * with probability `worldWeight(disagreements)` (the most a weight can be
 * is 1), else another is drawn; after `tries` candidates (or when `stop`
 * says so) the one with the fewest disagreements is taken. Only `rng`
 * draws, so the worlds are reproducible from its seed (unless `stop` reads
 * a clock and fires). Without `disagreements` in the search support: a
 * uniform world.
 */
export function sampleWeightedWorld<T extends GameTypes>(search: SearchSupport<T>, view: T['view'], seat: Seat, rng: Rng, draw: WeightedDraw = {}): T['state'] {
  if (!search.disagreements) return search.sampleWorld(view, seat, rng);
  const epsilon = draw.epsilon ?? search.disagreeWeight ?? DISAGREE_WEIGHT;
  const tries = draw.tries ?? TRIES_PER_WORLD;
  let best: T['state'] | undefined;
  let fewest = Infinity;
  for (let t = 0; t < tries; t++) {
    if (best !== undefined && draw.stop?.()) break;
    const world = search.sampleWorld(view, seat, rng);
    // Kept with probability ε^k: when k ≤ log(u)/log(ε) for a uniform u in (0, 1]. The count may stop once it is
    // past that and no fewer than the best so far: such a world is neither kept nor the best.
    const u = 1 - rng.int(2 ** 32) / 2 ** 32;
    const keepUpTo = epsilon >= 1 ? Infinity : Math.floor(Math.log(u) / Math.log(epsilon) + 1e-9);
    const k = search.disagreements(world, seat, Math.max(keepUpTo, fewest - 1));
    if (k <= keepUpTo) return world;
    if (k < fewest) {
      fewest = k;
      best = world;
    }
  }
  return best!;
}

/**
 * The weights of `logLikelihood`: the weight of a decision the model makes
 * otherwise, against 1 for its own choice, outside the card play (`bid`)
 * and in it (`card`). As a softmax over the legal actions with the model's
 * choice worth 1 and every other 0, a weight w is a temperature of
 * -1/ln(w).
 */
export interface ModelWeights {
  readonly bid: number;
  readonly card: number;
}

/**
 * The weights of the likelihood by default, chosen by measurement of the
 * hand reading (README, "Reading the hands"): bids as the old weighting
 * (DISAGREE_WEIGHT); a card against the model 0.1, which placed more hidden
 * cards right than 0.35 and 0.7 at tables of easy bots and of strong-1
 * bots alike (a softmax temperature of about 0.43).
 */
export const MODEL_WEIGHTS: ModelWeights = { bid: DISAGREE_WEIGHT, card: 0.1 };

/**
 * The log of the likelihood of the other seats' observed decisions in a
 * world (issue 23): replaying `history` from `start`, each judged decision
 * of a seat other than `viewer` with n > 1 legal actions has the
 * probability 1 / (1 + w(n−1)) when the model chooses it and
 * w / (1 + w(n−1)) when it does not (w: `weights.card` for cards of the
 * card play, else `weights.bid`), never zero. Decisions with one legal
 * action tell nothing. Cards are judged only when `history` marks them
 * (`card` and `judge`). Throws if the history does not replay.
 */
export function logLikelihood<T extends GameTypes>(
  game: Game<T>,
  rules: T['rules'],
  start: T['state'],
  history: readonly PastAction<T>[],
  viewer: Seat,
  model: DecisionModel<T>,
  weights: ModelWeights = MODEL_WEIGHTS,
  silent?: (state: T['state'], next: PastAction<T>) => PastAction<T> | undefined,
): number {
  let last = -1;
  for (let i = 0; i < history.length; i++) if (history[i].judge && history[i].seat !== viewer) last = i;
  let state = start;
  let log = 0;
  const same = model.same ?? ((a: T['action'], b: T['action']) => game.formatAction(rules, a) === game.formatAction(rules, b));
  const logBid = Math.log(weights.bid);
  const logCard = Math.log(weights.card);
  for (let i = 0; i <= last; i++) {
    const p = history[i];
    const extra = silent?.(state, p);
    if (extra) {
      const next = game.apply(state, extra.seat, extra.action);
      if (!next.ok) throw new Error(`the world's history does not replay: ${next.error.message}`);
      state = next.value;
    }
    if (p.judge && p.seat !== viewer) {
      const legal = game.legal(state, p.seat);
      if (legal.length > 1) {
        const w = p.card ? weights.card : weights.bid;
        const agrees = same(model.choose(game.view(state, p.seat), legal, p.seat), p.action);
        log += (agrees ? 0 : p.card ? logCard : logBid) - Math.log(1 + w * (legal.length - 1));
      }
    }
    const next = game.apply(state, p.seat, p.action);
    if (!next.ok) throw new Error(`the world's history does not replay: ${next.error.message}`);
    state = next.value;
  }
  return log;
}
