import { SeededRng, type Rng } from '../core/rng.js';
import type { Agent, BotKind } from '../games/agent.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import type { SearchState } from '../games/search.js';
import { sampleWeightedWorld, TRIES_PER_WORLD, MODEL_WEIGHTS, type ModelWeights } from '../games/decisionModel.js';
import { drawByLikelihood } from './inference.js';
import { Solver, SolverTimeout } from './solver.js';
import { beyondPlay, type BeyondPlayStats } from './beyondPlay.js';
import { clearlyBetter, race } from './deviation.js';
import { winShare, type WinShare } from './stakes.js';
import { OpponentView, type OpponentViewOptions } from './opponentView.js';
import { marginModule } from './margin.js';

export { clearlyBetter, race, DEVIATION_Z, MIN_WORLDS_TO_DEVIATE } from './deviation.js';

/**
 * Bots that think, built from any game's search support: perfect-information
 * Monte Carlo (PIMC). At each decision the bot samples worlds consistent
 * with its own view (`sampleWorld`; `strong` weighs them by the bidding,
 * `sampleWeightedWorld` in src/games/decisionModel.ts), applies each legal
 * action in each world through the public `apply`, and values the result:
 *
 * - in the card play (`search.load` gives a search state): with the solver
 *   (`strong`: the exact value for its side with all cards of that world
 *   known) or with playouts (`medium`: the rest of the deal played by the
 *   game's `easy` bot for every seat);
 * - any other decision (bids, Stoß and Re, Klopfen, raising and accepting,
 *   laying away, announcements): the rest of the deal is rolled out with the
 *   `easy` bot for every seat, in each world, after the candidate action;
 *   with `bidSearch` (`strong`, in the games whose search support sets
 *   `bidBySearch`: where the arena measured it better) only the decisions
 *   before the card play are,
 *   and the card play is solved (src/search/beyondPlay.ts), within
 *   `bidNodes` solver nodes a decision and `worldNodes` a world. Actions
 *   that the worlds so far show clearly worse than the best (`clearlyBetter`)
 *   are dropped from the later worlds, the easy bot's choice never.
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
  /** Solver nodes per decision, at most (a world the solver cannot finish within them is valued by playouts). */
  readonly nodes?: number;
  /**
   * Worlds weighted by the bidding (where the game's search support counts
   * `disagreements`): each world is drawn by rejection, a candidate kept with
   * probability `worldWeight(disagreements, epsilon)`, at most
   * TRIES_PER_WORLD candidates a world (then the one with the fewest
   * disagreements). Without it every consistent world is equally likely.
   */
  readonly weighted?: boolean;
  /** The weight of one decision against the model (default: the game's `disagreeWeight`, else DISAGREE_WEIGHT). */
  readonly epsilon?: number;
  /**
   * How weighted worlds are drawn: `bidding` (strong-1), by rejection on the
   * decisions outside the card play (above); `play` (strong, issue 23), by
   * the likelihood of every decision of the other seats, the cards played
   * included (`SearchSupport.logLikelihood`): `candidates` × `samples`
   * uniform worlds are drawn, weighted, and `samples` of them drawn in
   * proportion to their weights (`drawByLikelihood` in inference.ts).
   */
  readonly inference?: 'bidding' | 'play';
  /** Candidates per world with `inference: 'play'` (default CANDIDATES_PER_WORLD). */
  readonly candidates?: number;
  /** The model's weights with `inference: 'play'` (default: the game's own, MODEL_WEIGHTS). */
  readonly weights?: ModelWeights;
  /**
   * Bidding by search (issue 23): decisions outside the card play valued by
   * solving the card play after them (see the file comment). `measured`:
   * only in the games whose search support sets `bidBySearch` (`strong`);
   * `true`: in every game (for tests and arena runs).
   */
  readonly bidSearch?: boolean | 'measured';
  /** With `bidSearch`: solver nodes per decision outside the card play (default BID_NODES); no new world is begun once they are spent. */
  readonly bidNodes?: number;
  /** With `bidSearch`: solver nodes per world and action (default WORLD_NODES); a card play not solved within them is played out. */
  readonly worldNodes?: number;
  /**
   * Worlds at most for a decision outside the card play valued by `easy`
   * playouts (default `samples`). The playouts are biased (`easy` answers
   * every candidate), and the more worlds, the sooner the bot departs from
   * the easy bot's choice on that bias (`clearlyBetter`): with 64 worlds
   * `strong` declared Talonschnapsen's Kontrabauernschnapser 109 times in
   * 986 decks and won a quarter of them (`strong-1`, 24 worlds: 22 times,
   * 59% won).
   */
  readonly playoutWorlds?: number;
  /** Stake decisions (`SearchSupport.stakes`, Karnöffel's raises) from the side's chance of winning the card play (src/search/stakes.ts), where the game has them. */
  readonly stakes?: boolean;
  /** In the card play, the next seat's answer chosen from its own view, not with all cards known (src/search/opponentView.ts). */
  readonly opponentView?: OpponentViewOptions;
  /** Actions the seat cannot tell apart (`SearchSupport.exchangeable`) valued alike in every world (`evenOut`); not in `strong-1`, kept as it was. */
  readonly exchangeable?: boolean;
  /** Values are the side's score less the other side's (margin.ts), not the seat's own: `strong` where the search support sets `byMargin`. */
  readonly margin?: boolean;
}

/**
 * A thinking budget that replaces the levels' own (the CLI's --think,
 * --samples and --nodes): `thinkMs` the time per decision, `samples` the
 * worlds per decision, `nodes` the solver nodes per decision.
 */
export interface ThinkBudget {
  readonly thinkMs?: number;
  readonly samples?: number;
  readonly nodes?: number;
  /** The weight of one decision against the model in weighted worlds (the arena's --epsilon). */
  readonly epsilon?: number;
  /** The weight of a card against the model with `inference: 'play'` (the arena's --card-weight). */
  readonly cardWeight?: number;
  /** Solver nodes per decision outside the card play, for `strong` (the arena's --bid-nodes). */
  readonly bidNodes?: number;
}


/**
 * Outside the card play, sampled worlds played out by the easy bot value an
 * action by how the easy bot would answer it, which two thinking bots can
 * exploit against each other without end (raising against raising in
 * Karnöffel). So a thinking bot departs from the easy bot's choice in such
 * decisions at most this many times per deal (a deal begins with event 0).
 */
export const MAX_DEVIATIONS = 3;

/**
 * Weighted worlds (`sampleWeightedWorld`, at most TRIES_PER_WORLD
 * candidates a world): the time spent drawing candidates, summed over the
 * worlds of one decision, stays within this share of the decision's time,
 * so that the worlds keep time to be valued (once it is spent, each world
 * takes its first candidate).
 */
export const DRAW_TIME_SHARE = 0.25;
export { TRIES_PER_WORLD };

export const MEDIUM: PimcOptions = { samples: 8, thinkMs: 250, evaluate: 'playout', exchangeable: true };
/**
 * `strong` (issue 23): a budget of work, not of time (24 worlds, at most
 * STRONG_NODES solver nodes a decision), so that it plays alike on a busy
 * machine; the time is only a cap (a decision that reaches it is counted,
 * `AgentStats.capped`). Worlds weighted by the whole play.
 */
export const STRONG_NODES = 400_000;
/**
 * Bidding by search: solver nodes per decision outside the card play, and
 * per world and action there (a Schafkopf deal solved from its first card
 * takes about 34,000 nodes at the median and 91,000 at the 90th
 * percentile).
 */
export const BID_NODES = 600_000;
export const WORLD_NODES = 60_000;
export const STRONG: PimcOptions = { samples: 24, thinkMs: 1000, nodes: STRONG_NODES, evaluate: 'solver', weighted: true, inference: 'play', bidSearch: 'measured', bidNodes: BID_NODES, worldNodes: WORLD_NODES, stakes: true, exchangeable: true };
/** `strong` in a game: STRONG with the game's own budget of worlds and nodes, where it sets one (`SearchSupport.strongBudget`). */
export function strongOptions<T extends GameTypes>(module: GameModule<T>): PimcOptions {
  const own = module.search?.strongBudget;
  const budget = own ? { ...STRONG, samples: own.worlds, nodes: own.nodes, playoutWorlds: own.playoutWorlds } : STRONG;
  return module.search?.byMargin ? { ...budget, margin: true } : budget;
}
/** `strong-view`: the answers from the next seat's view (opponentView.ts) in the decisions whose first world costs at most this many nodes, over this many worlds of its view. */
export const OPPONENT_VIEW: OpponentViewOptions = { worlds: 8, maxNodes: 3_000 };
/** `strong-1`: the strong bot before issue 23, kept for comparison (up to 24 worlds within 800 ms, weighted by the bidding alone). */
export const STRONG_1: PimcOptions = { samples: 24, thinkMs: 800, evaluate: 'solver', weighted: true, inference: 'bidding' };

export interface BotLevels<T extends GameTypes> {
  readonly medium: BotKind<T>;
  readonly strong: BotKind<T>;
  /** `strong` with unweighted worlds (every consistent world equally likely), to measure what the weighting brings. */
  readonly strongUniform: BotKind<T>;
  /** `strong` whose card play in the last tricks lets the next seat answer from its own view (opponentView.ts), to measure what that brings. */
  readonly strongView: BotKind<T>;
  /** The strong bot before issue 23 (`STRONG_1`), for comparison. */
  readonly strong1: BotKind<T>;
}

/**
 * The thinking levels of a game with search support (undefined without):
 * `medium` (easy-bot playouts, 8 worlds, at most 250 ms) and `strong` (the
 * solver in the card play, 24 worlds, at most 800 ms). `thinkMs` (--think)
 * replaces both time limits and lifts the sample limits, so that more time
 * means more worlds.
 */
export function botLevels<T extends GameTypes>(module: GameModule<T>, budget?: number | ThinkBudget): BotLevels<T> | undefined {
  if (!module.search || !(module.bots.easy ?? module.bots[module.defaultBot])) return undefined;
  const b: ThinkBudget = typeof budget === 'number' ? { thinkMs: budget } : (budget ?? {});
  const level = (base: PimcOptions): PimcOptions => ({
    ...base,
    thinkMs: b.thinkMs ?? base.thinkMs,
    // More time means more worlds, unless the number of worlds is given too.
    samples: b.samples ?? (b.thinkMs === undefined ? base.samples : 10_000),
    nodes: b.nodes ?? base.nodes,
    // A budget given for the run (--samples, --think) holds for every decision.
    playoutWorlds: b.samples === undefined && b.thinkMs === undefined ? base.playoutWorlds : undefined,
    bidNodes: base.bidSearch ? (b.bidNodes ?? base.bidNodes) : undefined,
    epsilon: b.epsilon ?? base.epsilon,
    weights: b.epsilon === undefined && b.cardWeight === undefined ? base.weights : { ...MODEL_WEIGHTS, ...(b.epsilon === undefined ? {} : { bid: b.epsilon }), ...(b.cardWeight === undefined ? {} : { card: b.cardWeight }) },
  });
  const medium = level(MEDIUM);
  const strong = level(strongOptions(module));
  const strong1 = level(STRONG_1);
  const strongUniform: PimcOptions = { ...strong, weighted: false };
  const strongView: PimcOptions = { ...strong, opponentView: OPPONENT_VIEW };
  const weighting = module.search.disagreements ? ' weighted by the bidding (worlds where the others decided as easy would are likelier),' : '';
  const worlds = (o: PimcOptions) => (o.samples >= 10_000 ? 'worlds' : `up to ${o.samples} worlds`);
  const nodes = (o: PimcOptions) => (o.nodes === undefined ? '' : `, at most ${o.nodes} solver nodes`);
  return {
    medium: {
      description: `samples ${worlds(medium)} consistent with its view and plays each legal action out with the easy bot, at most ${medium.thinkMs} ms a decision`,
      create: (rules, seat, rng) => pimcAgent(module, rules, seat, rng, medium, 'medium'),
    },
    strong: {
      description: `samples ${worlds(strong)} consistent with its view,${weighting} and solves each with all cards known${strong.margin ? ', every result counted as its side\'s points less the other side\'s' : ''} (bids and other decisions: ${module.search.bidBySearch ? `the decisions before the card play by the easy bot, then the card play solved, at most ${strong.bidNodes} solver nodes a decision` : `the rest of the deal played out by the easy bot${strong.playoutWorlds === undefined ? '' : `, in up to ${strong.playoutWorlds} worlds`}`}${module.search.stakes && strong.stakes ? '; raising, accepting and refusing from its side\'s chance of winning the card play over the worlds' : ''}), at most ${strong.thinkMs} ms a decision${nodes(strong)}`,
      create: (rules, seat, rng) => pimcAgent(module, rules, seat, rng, strong, 'strong'),
    },
    strongUniform: {
      description: `strong with every consistent world equally likely (not weighted by the bidding), for comparison`,
      create: (rules, seat, rng) => pimcAgent(module, rules, seat, rng, strongUniform, 'strong-uniform'),
    },
    strongView: {
      description: `strong whose card play, where a world takes at most ${OPPONENT_VIEW.maxNodes} solver nodes, lets the seat after it answer from its own view (${OPPONENT_VIEW.worlds} worlds drawn from it) instead of with all cards known, for comparison`,
      create: (rules, seat, rng) => pimcAgent(module, rules, seat, rng, strongView, 'strong-view'),
    },
    strong1: {
      description: `the strong bot before issue 23, for comparison: samples ${worlds(strong1)} weighted by the bidding alone, solves each with all cards known, at most ${strong1.thinkMs} ms a decision${nodes(strong1)}`,
      create: (rules, seat, rng) => pimcAgent(module, rules, seat, rng, strong1, 'strong-1'),
    },
  };
}

/** One thinking agent (see the file comment). */
export function pimcAgent<T extends GameTypes>(gameModule: GameModule<T>, rules: T['rules'], seat: Seat, rng: Rng, o: PimcOptions, name = 'pimc'): EstimatingAgent<T> {
  const module = o.margin ? marginModule(gameModule) : gameModule;
  const { game } = module;
  const search = module.search;
  if (!search) throw new Error(`${game.title} has no search support`);
  const easyKind = module.bots.easy ?? module.bots[module.defaultBot];
  const own = easyKind.create(rules, seat, rng);
  const solver = new Solver();
  const rolloutRng = new SeededRng(rng.int(2 ** 32));
  let deviations = 0;
  /** A shorter time for the next decision only (see limitNext). */
  let nextLimit: number | undefined;
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

  /** A decision begins: its time (the level's, or less for this one, see limitNext), the solver's deadline and nodes, the time for drawing worlds. */
  const begin = () => {
    pvDecision = undefined;
    const t0 = performance.now();
    const thinkMs = Math.min(o.thinkMs, nextLimit ?? Infinity);
    nextLimit = undefined;
    solver.deadline = t0 + thinkMs;
    solver.nodeLimit = o.nodes === undefined ? Infinity : solver.nodes + o.nodes;
    drawBudget.left = thinkMs * DRAW_TIME_SHARE;
    return { t0, thinkMs, late: () => performance.now() - t0 >= thinkMs };
  };

  /** The mean value of every legal action over the sampled worlds (the worlds used, in `worlds`; the value of each action in each, in `values`). */
  const estimate = async (view: T['view'], legal: readonly T['action'][], s: Seat, keep = -1): Promise<Estimates> => {
    const { t0, thinkMs, late } = begin();
    let cardPlay = false;
    /** Bidding by search in this decision (decided with the first world). */
    let beyond = false;
    /** Actions dropped as clearly worse (bidding by search only). */
    const dropped = new Array<boolean>(legal.length).fill(false);
    const counts = new Array<number>(legal.length).fill(0);
    const sums = new Array<number>(legal.length).fill(0);
    const perWorld: number[][] = [];
    let worlds = 0;
    let distinctWorlds = 0;
    // With inference from the whole play the worlds are drawn first, in proportion to their likelihood (each with its multiplicity).
    const drawn = byPlay ? drawByLikelihood(search, view, s, rng, o.samples, { candidates: o.candidates, weights: o.weights, stop: () => performance.now() - t0 >= thinkMs * DRAW_TIME_SHARE }) : undefined;
    let capped = drawn?.stopped ?? false;
    const rounds = drawn ? drawn.worlds.length : o.samples;
    const groups = o.exchangeable ? (search.exchangeable?.(view, legal) ?? []) : [];
    for (let w = 0; w < rounds; w++) {
      if (w > 0 && late()) {
        capped = true;
        break;
      }
      // Bidding by search stops on its budget of work: no new world once the decision's nodes are spent.
      if (w > 0 && beyond && solver.nodes >= solver.nodeLimit) break;
      const world = drawn ? drawn.worlds[w].world : drawWorld(view, s);
      const times = drawn ? drawn.worlds[w].times : 1;
      const values: number[] = [];
      let complete = true;
      // In the card play the solver values every card on one search state, so that its table serves all of them.
      if (w === 0) {
        cardPlay = search.load(world) !== undefined && legal.every((a) => search.moveOf(world, a) !== undefined);
        beyond = !cardPlay && o.evaluate === 'solver' && (o.bidSearch === true || (o.bidSearch === 'measured' && search.bidBySearch === true));
        if (beyond) solver.nodeLimit = solver.nodes + (o.bidNodes ?? BID_NODES);
      }
      // Decisions valued by playouts stop at `playoutWorlds` worlds (counted with their multiplicity).
      if (w > 0 && !cardPlay && !beyond && o.playoutWorlds !== undefined && worlds >= o.playoutWorlds) break;
      const direct = o.evaluate === 'solver' ? solveAll(world, legal, s) : undefined;
      // A budget of work (`nodes`): a world of the card play that the decision's solver nodes do not finish ends the decision with the worlds solved so far. Valuing it by easy playouts instead (as a world past the time cap of a bot without one is) mixed a second, weaker measure into the mean: in Schafkopf's first trick a third of the worlds.
      if (direct === undefined && cardPlay && w > 0 && o.nodes !== undefined && solver.nodes >= solver.nodeLimit) {
        stats.outOfNodes = (stats.outOfNodes ?? 0) + 1;
        break;
      }
      for (let i = 0; i < legal.length; i++) {
        if (direct) {
          values.push(...direct);
          break;
        }
        if (w > 0 && late()) {
          complete = false;
          capped = true;
          break;
        }
        if (dropped[i]) {
          values.push(NaN);
          continue;
        }
        const next = game.apply(world, s, legal[i]);
        values.push(next.ok ? await (beyond ? bid.value(next.value, seat) : value(next.value)) : -Infinity);
      }
      if (!complete) break;
      evenOut(values, groups);
      distinctWorlds++;
      for (let k = 0; k < times; k++) {
        for (let i = 0; i < legal.length; i++) {
          if (dropped[i]) continue;
          sums[i] += values[i];
          counts[i]++;
        }
        perWorld.push(values);
        worlds++;
      }
      if (beyond) race(perWorld, sums, counts, dropped, keep, distinctWorlds);
    }
    if (late()) capped = true;
    stats.decisions++;
    if (capped) stats.capped++;
    const means = sums.map((x, i) => x / Math.max(1, counts[i]));
    return { means, worlds, cardPlay, values: perWorld, distinct: drawn ? distinctWorlds : worlds, ...(dropped.some((d) => d) ? { dropped } : {}) };
  };

  /** Decisions outside the card play valued by solving the card play after them (bidding by search). */
  const bid = beyondPlay<T>({
    module,
    solver,
    worldNodes: o.worldNodes ?? WORLD_NODES,
    act: (state, s) => easyAgents[s % easyAgents.length].choose(game.view(state, s), game.legal(state, s), s),
    rollout,
  });

  const byPlay = o.weighted === true && o.inference === 'play' && search.logLikelihood !== undefined;
  /** Decisions estimated, and how many of them reached the time cap; the card plays valued beyond a decision outside it. */
  const stats: AgentStats = { decisions: 0, capped: 0, beyondPlay: bid.stats };

  const weighted = o.weighted === true && search.disagreements !== undefined;

  /** The time left for drawing weighted worlds in this decision (see DRAW_TIME_SHARE). */
  const drawBudget = { left: 0 };

  /** One world for a decision: uniform among the consistent ones, or weighted by the bidding (see PimcOptions.weighted). */
  const drawWorld = (view: T['view'], s: Seat): T['state'] => {
    if (!weighted) return search.sampleWorld(view, s, rng);
    const start = performance.now();
    const world = sampleWeightedWorld(search, view, s, rng, { epsilon: o.epsilon, stop: () => performance.now() - start >= drawBudget.left });
    drawBudget.left -= performance.now() - start;
    return world;
  };

  /** With `opponentView`: the answers from the next seat's view, and whether this decision uses them (decided by its first world's plain solve). */
  const answering = o.opponentView && o.evaluate === 'solver' ? new OpponentView(module, solver, new SeededRng(rng.int(2 ** 32)), o.opponentView) : undefined;
  let pvDecision: boolean | undefined;

  /** The solver's value of every legal action when all are moves of the card play in this world, else undefined. */
  const solveAll = (world: T['state'], legal: readonly T['action'][], s: Seat): number[] | undefined => {
    const st = search.load(world);
    if (!st || st.toMove() !== s) return undefined;
    const moves = legal.map((a) => search.moveOf(world, a));
    if (moves.some((m) => m === undefined)) return undefined;
    const side = st.side(s);
    let guess = 0;
    const before = solver.nodes;
    try {
      const plain = moves.map((m) => {
        st.play(m!);
        try {
          const v = st.isOver() ? st.score(s) : solver.value(st, side, s, guess);
          guess = v;
          return v;
        } finally {
          st.undo();
        }
      });
      if (!answering) return plain;
      // The last tricks (the first world's plain solve was cheap): the next seat answers from its own view.
      if (pvDecision === undefined) {
        pvDecision = solver.nodes - before <= answering.options.maxNodes;
        if (pvDecision) stats.answeredFromView = (stats.answeredFromView ?? 0) + 1;
      }
      if (!pvDecision) return plain;
      const answered = legal.map((a) => answering.value(world, s, a));
      return answered.every((v) => v !== undefined) ? (answered as number[]) : plain;
    } catch (e) {
      // A world the solver cannot finish within the decision's time is valued by playouts instead.
      if (e instanceof SolverTimeout) return undefined;
      throw e;
    }
  };

  /** The value for this seat of the position after an action in one world. */
  const value = async (after: T['state']): Promise<number> => {
    const outcome = game.outcome(after);
    if (outcome !== undefined) return outcome.score[seat];
    if (o.evaluate === 'solver') {
      const s: SearchState | undefined = search.load(after);
      if (s !== undefined) {
        if (s.isOver()) return s.score(seat);
        try {
          return solver.value(s, s.side(seat), seat);
        } catch (e) {
          if (!(e instanceof SolverTimeout)) throw e;
        }
      }
    }
    return rollout(after, seat);
  };

  /** The share of the worlds sampled from the view that the seat's side wins in the card play, the stake as it is (src/search/stakes.ts). */
  const stakeChance = (view: T['view'], s: Seat): WinShare => {
    const { t0, thinkMs, late } = begin();
    const worlds = byPlay
      ? drawByLikelihood(search, view, s, rng, o.samples, { candidates: o.candidates, weights: o.weights, stop: () => performance.now() - t0 >= thinkMs * DRAW_TIME_SHARE }).worlds
      : Array.from({ length: o.samples }, () => ({ world: drawWorld(view, s), times: 1 }));
    const share = winShare(search, solver, s, worlds, late);
    stats.decisions++;
    if (late()) stats.capped++;
    return share;
  };

  /** A stake decision from the side's chance of winning the card play, or undefined to decide as usual. */
  const stakeChoice = (view: T['view'], legal: readonly T['action'][], s: Seat): T['action'] | undefined => {
    const { p, worlds: counted } = stakeChance(view, s);
    const chosen = p === undefined ? undefined : search.stakes!.choose(view, legal, p);
    if (p === undefined || chosen === undefined) return undefined;
    const text = game.formatAction(rules, chosen);
    const index = legal.findIndex((a) => game.formatAction(rules, a) === text);
    if (index < 0) return undefined;
    lastStaked = { p, worlds: counted, values: search.stakes!.values(view, legal, p) };
    return legal[index];
  };
  /** The last decision, if it was a stake decision. */
  let lastStaked: StakeDecision | undefined;

  const agent: Agent<T> = {
    name,
    kind: 'bot',
    choose: async (view, legal, s) => {
      lastStaked = undefined;
      if (legal.length === 1) {
        nextLimit = undefined;
        return legal[0];
      }
      const easyChoice = await own.choose(view, legal, s);
      const easyText = game.formatAction(rules, easyChoice);
      const staked = o.stakes && o.evaluate === 'solver' && search.stakes?.applies(view, legal) ? stakeChoice(view, legal, s) : undefined;
      if (staked !== undefined) return staked;
      const e = legal.findIndex((a) => game.formatAction(rules, a) === easyText);
      const { means, worlds, cardPlay, values, distinct, dropped } = await estimate(view, legal, s, e);
      if (worlds === 0) return easyChoice;
      let best = e < 0 ? 0 : e;
      for (let i = 0; i < legal.length; i++) if (!dropped?.[i] && means[i] > means[best]) best = i;
      last = { means, easy: e, chosen: e, cardPlay };
      // Ties (common with all cards known: many cards win the same) go to the easy bot's choice.
      if (e < 0 || e === best || means[e] >= means[best] - 1e-9) return easyChoice;
      if (cardPlay) return legal[(last.chosen = best)];
      // Other decisions: only on clear evidence (see DEVIATION_Z), and at most MAX_DEVIATIONS per deal (see above).
      if (deviations >= MAX_DEVIATIONS || !clearlyBetter(values, best, e, distinct)) return easyChoice;
      deviations++;
      return legal[(last.chosen = best)];
    },
    observe: (events, s) => {
      // Events are numbered from 0 in every deal: a new deal begins.
      if (events.length > 0 && events[0].n === 0) deviations = 0;
      return own.observe?.(events, s);
    },
  };
  if (own.interject) agent.interject = own.interject.bind(own);
  /** The next decision thinks at most `ms` (less than its level's time: the server's bot pool had no worker free in time). */
  const limitNext = (ms: number): void => {
    nextLimit = ms;
  };
  let last: LastDecision | undefined;
  return Object.assign(agent, { estimate, stats, limitNext, lastDecision: () => last, lastStake: () => lastStaked, stakeChance });
}

/** What a thinking agent makes of one decision: per legal action its mean value and its value in each world used. */
export interface Estimates {
  readonly means: number[];
  readonly worlds: number;
  readonly cardPlay: boolean;
  /** values[w][i]: the value of action i in world w (a world resampled k times is k rows). */
  readonly values: number[][];
  /** The distinct worlds among them. */
  readonly distinct?: number;
  /** Actions dropped from later worlds as clearly worse (bidding by search): their means are over fewer worlds, their later values NaN. */
  readonly dropped?: readonly boolean[];
}

/**
 * Each group of actions the seat cannot tell apart (`SearchSupport.exchangeable`) valued in one world as the mean of
 * its members' values there (those not dropped, NaN, nor failed, -Infinity): an unbiased value of each, without the
 * noise that would rank one above another.
 */
export function evenOut(values: number[], groups: readonly (readonly number[])[]): void {
  for (const group of groups) {
    let sum = 0;
    let n = 0;
    for (const i of group) {
      if (!Number.isFinite(values[i])) continue;
      sum += values[i];
      n++;
    }
    if (n > 1) for (const i of group) if (Number.isFinite(values[i])) values[i] = sum / n;
  }
}

/** A thinking agent that also tells its estimate of every legal action (for analysis). */
export type EstimatingAgent<T extends GameTypes> = Agent<T> & {
  /** `keep`: the index of an action never dropped as clearly worse (the easy bot's choice). */
  estimate(view: T['view'], legal: readonly T['action'][], seat: Seat, keep?: number): Promise<Estimates>;
  /** Limits the next decision (or estimate) to `ms` milliseconds, if that is less than the agent's own time. */
  limitNext(ms: number): void;
  readonly stats: AgentStats;
  /** The estimate behind the last decision chosen (for measurements of the estimates against the results). */
  lastDecision(): LastDecision | undefined;
  /** The last decision, if it was a stake decision (`PimcOptions.stakes`): the chance behind it. */
  lastStake(): StakeDecision | undefined;
  /** The share of the worlds sampled from the view that the seat's side wins in the card play, the stake as it is (games with `SearchSupport.stakes`). */
  stakeChance(view: T['view'], seat: Seat): WinShare;
};

/** A stake decision (src/search/stakes.ts): the share `p` of `worlds` worlds that the seat's side wins, and what the game's rule makes each legal action worth (its side's points less the other side's), by index into the legal actions. */
export interface StakeDecision {
  readonly p: number;
  readonly worlds: number;
  readonly values: readonly number[];
}

/** The last decision a thinking agent estimated: the means, the easy bot's action and the one chosen (indices into the legal actions). */
export interface LastDecision {
  readonly means: readonly number[];
  readonly easy: number;
  chosen: number;
  readonly cardPlay: boolean;
}

/**
 * A thinking agent's count of its decisions (those it estimated: more than
 * one legal action) and of those that reached the time cap (the worlds or
 * the solver stopped by the clock before the budget of work was done).
 */
export interface AgentStats {
  decisions: number;
  capped: number;
  /** Decisions of the card play that spent their solver nodes (PimcOptions.nodes) before their last world: they end with the worlds solved. */
  outOfNodes?: number;
  /** With `opponentView`: decisions whose worlds were valued with the next seat answering from its own view. */
  answeredFromView?: number;
  /** Bidding by search: how the card plays after decisions outside it were valued. */
  beyondPlay?: BeyondPlayStats;
}
