import { SeededRng, type Rng } from '../core/rng.js';
import type { Agent, BotKind } from '../games/agent.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import type { SearchState } from '../games/search.js';
import { Solver } from './solver.js';

/**
 * Bots that think, built from any game's search support: perfect-information
 * Monte Carlo (PIMC). At each decision the bot samples worlds consistent
 * with its own view (`sampleWorld`), applies each legal action in each world
 * through the public `apply`, and values the result:
 *
 * - in the card play (`search.load` gives a search state): with the solver
 *   (`strong`: the exact value for its side with all cards of that world
 *   known) or with playouts (`medium`: the rest of the deal played by the
 *   game's `easy` bot for every seat);
 * - any other decision (bids, Stoß and Re, Klopfen, raising and accepting,
 *   laying away, announcements): the rest of the deal is rolled out with the
 *   `easy` bot for every seat, in each world, after the candidate action.
 *
 * It takes the action with the best mean over the worlds (every action is
 * valued in the same worlds). Unasked actions (Karnöffel's table talk) and
 * event narration are those of the `easy` bot, from the bot's own view only.
 *
 * Budget: `samples` worlds at most, and at most `thinkMs` per decision: the
 * worlds are evaluated one after another until either runs out (a world is
 * evaluated for all actions or not at all; at least one world always is).
 * Runs that stop on the sample count are reproducible from the seed; runs
 * that stop on the clock depend on the machine.
 */
export interface PimcOptions {
  /** Worlds per decision, at most. */
  readonly samples: number;
  /** Milliseconds per decision, at most (checked between worlds). */
  readonly thinkMs: number;
  /** How card-play positions are valued. */
  readonly evaluate: 'solver' | 'playout';
}

/**
 * Outside the card play, sampled worlds played out by the easy bot value an
 * action by how the easy bot would answer it, which two thinking bots can
 * exploit against each other without end (raising against raising in
 * Karnöffel). So a thinking bot departs from the easy bot's choice in such
 * decisions at most this many times per deal (a deal begins with event 0).
 */
export const MAX_DEVIATIONS = 3;

export const MEDIUM: PimcOptions = { samples: 8, thinkMs: 250, evaluate: 'playout' };
export const STRONG: PimcOptions = { samples: 24, thinkMs: 800, evaluate: 'solver' };

export interface BotLevels<T extends GameTypes> {
  readonly medium: BotKind<T>;
  readonly strong: BotKind<T>;
}

/**
 * The thinking levels of a game with search support (undefined without):
 * `medium` (easy-bot playouts, 8 worlds, at most 250 ms) and `strong` (the
 * solver in the card play, 24 worlds, at most 800 ms). `thinkMs` (--think)
 * replaces both time limits and lifts the sample limits, so that more time
 * means more worlds.
 */
export function botLevels<T extends GameTypes>(module: GameModule<T>, thinkMs?: number): BotLevels<T> | undefined {
  if (!module.search || !(module.bots.easy ?? module.bots[module.defaultBot])) return undefined;
  const level = (base: PimcOptions): PimcOptions => (thinkMs === undefined ? base : { ...base, thinkMs, samples: 10_000 });
  const medium = level(MEDIUM);
  const strong = level(STRONG);
  return {
    medium: {
      description: `samples ${thinkMs === undefined ? `up to ${medium.samples} worlds` : 'worlds'} consistent with its view and plays each legal action out with the easy bot, at most ${medium.thinkMs} ms a decision`,
      create: (rules, seat, rng) => pimcAgent(module, rules, seat, rng, medium, 'medium'),
    },
    strong: {
      description: `samples ${thinkMs === undefined ? `up to ${strong.samples} worlds` : 'worlds'} consistent with its view and solves each with all cards known (bids and other decisions: easy-bot playouts), at most ${strong.thinkMs} ms a decision`,
      create: (rules, seat, rng) => pimcAgent(module, rules, seat, rng, strong, 'strong'),
    },
  };
}

/** One thinking agent (see the file comment). */
export function pimcAgent<T extends GameTypes>(module: GameModule<T>, rules: T['rules'], seat: Seat, rng: Rng, o: PimcOptions, name = 'pimc'): EstimatingAgent<T> {
  const { game } = module;
  const search = module.search;
  if (!search) throw new Error(`${game.title} has no search support`);
  const easyKind = module.bots.easy ?? module.bots[module.defaultBot];
  const own = easyKind.create(rules, seat, rng);
  const solver = new Solver();
  const rolloutRng = new SeededRng(rng.int(2 ** 32));
  let deviations = 0;
  const easyAgents = Array.from({ length: 16 }, (_, s) => easyKind.create(rules, s, rolloutRng));

  /** The outcome score of `who` after the easy bot plays every seat from `state` to the end. */
  const rollout = async (start: T['state'], who: Seat): Promise<number> => {
    let state = start;
    for (let guard = 0; guard < 10_000; guard++) {
      const outcome = game.outcome(state);
      if (outcome !== undefined) return outcome.score[who];
      const s = game.toAct(state)[0];
      if (s === undefined) break;
      const legal = game.legal(state, s);
      const chosen = legal.length === 1 ? legal[0] : await easyAgents[s % easyAgents.length].choose(game.view(state, s), legal, s);
      const next = game.apply(state, s, chosen);
      if (!next.ok) throw new Error(`the easy bot chose an illegal action in a rollout: ${next.error.message}`);
      state = next.value;
    }
    throw new Error('a rollout did not end');
  };

  /** The mean value of every legal action over the sampled worlds (the worlds used, in `worlds`). */
  const estimate = async (view: T['view'], legal: readonly T['action'][], s: Seat): Promise<{ means: number[]; worlds: number; cardPlay: boolean }> => {
    const t0 = performance.now();
    let cardPlay = false;
    const sums = new Array<number>(legal.length).fill(0);
    let worlds = 0;
    for (let w = 0; w < o.samples; w++) {
      if (w > 0 && performance.now() - t0 >= o.thinkMs) break;
      const world = search.sampleWorld(view, s, rng);
      const values: number[] = [];
      let complete = true;
      // In the card play the solver values every card on one search state, so that its table serves all of them.
      if (w === 0) cardPlay = search.load(world) !== undefined && legal.every((a) => search.moveOf(world, a) !== undefined);
      const direct = o.evaluate === 'solver' ? solveAll(world, legal, s) : undefined;
      for (let i = 0; i < legal.length; i++) {
        if (direct) {
          values.push(...direct);
          break;
        }
        if (w > 0 && performance.now() - t0 >= o.thinkMs) {
          complete = false;
          break;
        }
        const next = game.apply(world, s, legal[i]);
        values.push(next.ok ? await value(next.value) : -Infinity);
      }
      if (!complete) break;
      for (let i = 0; i < legal.length; i++) sums[i] += values[i];
      worlds++;
    }
    return { means: sums.map((x) => x / Math.max(1, worlds)), worlds, cardPlay };
  };

  /** The solver's value of every legal action when all are moves of the card play in this world, else undefined. */
  const solveAll = (world: T['state'], legal: readonly T['action'][], s: Seat): number[] | undefined => {
    const st = search.load(world);
    if (!st || st.toMove() !== s) return undefined;
    const moves = legal.map((a) => search.moveOf(world, a));
    if (moves.some((m) => m === undefined)) return undefined;
    const side = st.side(s);
    let guess = 0;
    return moves.map((m) => {
      st.play(m!);
      const v = st.isOver() ? st.score(s) : solver.value(st, side, s, guess);
      st.undo();
      guess = v;
      return v;
    });
  };

  /** The value for this seat of the position after an action in one world. */
  const value = async (after: T['state']): Promise<number> => {
    const outcome = game.outcome(after);
    if (outcome !== undefined) return outcome.score[seat];
    if (o.evaluate === 'solver') {
      const s: SearchState | undefined = search.load(after);
      if (s !== undefined) {
        if (s.isOver()) return s.score(seat);
        return solver.value(s, s.side(seat), seat);
      }
    }
    return rollout(after, seat);
  };

  const agent: Agent<T> = {
    name,
    kind: 'bot',
    choose: async (view, legal, s) => {
      if (legal.length === 1) return legal[0];
      const { means, worlds, cardPlay } = await estimate(view, legal, s);
      if (worlds === 0) return own.choose(view, legal, s);
      let best = 0;
      for (let i = 1; i < legal.length; i++) if (means[i] > means[best]) best = i;
      if (cardPlay) return legal[best];
      // Other decisions: at most MAX_DEVIATIONS per deal against the easy bot's choice (see above).
      const easyChoice = await own.choose(view, legal, s);
      if (game.formatAction(rules, easyChoice) === game.formatAction(rules, legal[best])) return legal[best];
      if (deviations >= MAX_DEVIATIONS) return easyChoice;
      deviations++;
      return legal[best];
    },
    observe: (events, s) => {
      // Events are numbered from 0 in every deal: a new deal begins.
      if (events.length > 0 && events[0].n === 0) deviations = 0;
      return own.observe?.(events, s);
    },
  };
  if (own.interject) agent.interject = own.interject.bind(own);
  return Object.assign(agent, { estimate });
}

/** A thinking agent that also tells its estimate of every legal action (for analysis). */
export type EstimatingAgent<T extends GameTypes> = Agent<T> & {
  estimate(view: T['view'], legal: readonly T['action'][], seat: Seat): Promise<{ means: number[]; worlds: number; cardPlay: boolean }>;
};

