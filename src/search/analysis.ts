import { parseCards } from '../cards/notation.js';
import { SeededRng } from '../core/rng.js';
import type { Agent } from '../games/agent.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { gameById } from '../games/registry.js';
import { rulesFromJson } from '../games/ruleBook.js';
import type { SearchState, SeatStanding } from '../games/search.js';
import { parseRecord, replayRecord } from '../records/record.js';
import { marginModule } from './margin.js';
import { pimcAgent, type EstimatingAgent, type PimcOptions } from './pimc.js';
import { movesOf, Solver, SolverTimeout } from './solver.js';

/**
 * The analysis of a played deal (issue 22), for the CLI (`stich analyze`)
 * and the server (`GET /api/records/:id/analysis`): for every decision of
 * every seat (bids and passes, Klopfen, Stoß and Re, the trump call,
 * Spritzen, raises and answers, the cards laid away, every card) the action
 * taken, the trick it belongs to, and the value of each legal choice for the
 * deciding seat's own score in the game's unit (where only the winners score,
 * its side's score less the other side's: margin.ts):
 *
 * - `solver`: with all cards known. A card of the card play is valued by the
 *   solver after it (the game's own where it has one for the position: a
 *   Ramsch's, the paranoid value of the seat's score); any other decision by playing on from it (the `easy`
 *   bot makes every later decision outside the card play, each seat with its
 *   own view) to the start of the card play (or the end), which the solver
 *   then values. A position the solver cannot finish within its budget of
 *   nodes leaves the decision without these values.
 * - `estimate`: from the player's own view, the strong bot's mean over
 *   worlds sampled from that view (weighted by the bidding).
 *
 * Beside them, for a deal with a declaring side, that side's value with all
 * cards known after each trick (`declarers.curve`); where every seat plays
 * for himself (a Ramsch), each seat's card points after each trick and, from
 * the game's own solver within the same budget, whether the others can make
 * it pay and the points they can force on it (`standings`).
 *
 * The cost of a decision is the best value minus the value of the action
 * taken (0 for a best one). A costly decision gets one of three grades by
 * the game's thresholds, judged by the cost from the player's own view where
 * there is one (what the player could know), else by the solver's.
 */
export interface ChoiceValue {
  readonly action: string;
  readonly value: number;
}

export type Grade = 'inaccuracy' | 'mistake' | 'blunder';
export const GRADES: readonly Grade[] = ['inaccuracy', 'mistake', 'blunder'];

/** A game's unit of score and the costs from which a decision is graded (inaccuracy, mistake, blunder). */
export interface AnalysisUnit {
  /** Short, after a number: "ct", "GP". */
  readonly symbol: string;
  /** In words: "cents", "game points". */
  readonly name: string;
  readonly grades: readonly [number, number, number];
  /** Values are the seat's side's score less the other side's (games where only the winners score: margin.ts), not its own score alone. */
  readonly margin?: boolean;
}

const UNITS: Readonly<Record<string, AnalysisUnit>> = {
  // A Rufspiel moves 10 ct (20 ct with Schneider), a Solo 50 ct a seat.
  schafkopf: { symbol: 'ct', name: 'cents', grades: [10, 20, 50] },
  // A game is worth 1 to 3 game points to the winners (more with Spritzen and Re): a game turned from won to lost costs 2 or more.
  bauernschnapsen: { symbol: 'GP', name: 'game points', grades: [0.5, 1, 2], margin: true },
  talonschnapsen: { symbol: 'GP', name: 'game points', grades: [0.5, 1, 2], margin: true },
  // A round is worth its value to the winners, 4 and 3 more for each raise (000): a round of 4 turned from won to lost costs 8.
  karnoeffel: { symbol: 'pt', name: 'points', grades: [1, 2, 4], margin: true },
};

export function analysisUnit(gameId: string): AnalysisUnit {
  return UNITS[gameId] ?? { symbol: 'pt', name: 'points', grades: [0.5, 1, 2] };
}

export function gradeOf(cost: number, unit: AnalysisUnit): Grade | undefined {
  for (let g = 2; g >= 0; g--) if (cost >= unit.grades[g] - 1e-9) return GRADES[g];
  return undefined;
}

export interface DecisionAnalysis {
  /** The action's place in the deal, from 1. */
  readonly index: number;
  /** The trick it belongs to, from 1; 0 before the first card is played. */
  readonly trick: number;
  readonly seat: Seat;
  readonly action: string;
  /** Outside the card play: what the decision was, in words, where the notation alone does not say it ("bid weiter", "no Stoß", "no Spritzen"). */
  readonly what?: string;
  /** Whether it is a card of the card play, and whether that card led its trick. */
  readonly card: boolean;
  readonly lead?: boolean;
  /** Every legal choice with all cards known, best first (absent when not solved within the budget). */
  readonly solver?: readonly ChoiceValue[];
  /** Outside the card play: the choices the solver could not finish, left out of `solver` (the cost is then a least one). */
  readonly unsolved?: readonly string[];
  readonly cost?: number;
  /** Every legal choice from the player's own view, best first (absent when not asked for). */
  readonly estimate?: readonly ChoiceValue[];
  readonly estimateCost?: number;
  readonly grade?: Grade;
  /**
   * A stake decision (Karnöffel's raising, accepting and refusing; src/search/stakes.ts): its values are the side's
   * points less the other side's, by the game's rule from the chance of winning the card play with the stake as it is
   * (from the own view: the share of the worlds the side wins; with all cards known: 1 or 0). The seat's own score
   * cannot judge it: a round the side loses gives it 0 whatever the stake, and a refusal hands the others points.
   */
  readonly stake?: true;
}

export interface SeatSummary {
  readonly seat: Seat;
  /** Decisions with a choice (a forced action is no decision). */
  readonly decisions: number;
  /** Graded decisions, by grade. */
  readonly inaccuracies: number;
  readonly mistakes: number;
  readonly blunders: number;
  /** The summed costs, with all cards known and from the own view. */
  readonly cost: number;
  readonly estimateCost?: number;
  /** The index of the costliest decision (by the cost it is graded by), if any cost anything. */
  readonly worst?: number;
}

export interface CurvePoint {
  /** Tricks finished. */
  readonly trick: number;
  /** The declaring side's value (a seat of it) with all cards known; null when not solved within the budget. */
  readonly value: number | null;
}

/** Where every seat plays for himself (a Ramsch): each seat's standing after a trick. */
export interface StandingsPoint {
  /** Tricks finished. */
  readonly trick: number;
  /** By seat: card points taken, and with all cards known whether the others can make it pay and the points they can force on it (null: not solved within the budget). */
  readonly seats: readonly SeatStanding[];
}

export interface DealAnalysis {
  /** The deal's number in the record, from 1. */
  readonly deal: number;
  readonly decisions: readonly DecisionAnalysis[];
  readonly seats: readonly SeatSummary[];
  /** The declaring side (side 0 of the card play) and its expected result after each trick; absent where there is none (a Ramsch, a deal without card play). */
  readonly declarers?: { readonly seats: readonly Seat[]; readonly curve: readonly CurvePoint[] };
  /**
   * Where every seat plays for himself and the one with the most card points pays (a Ramsch; the game's solver has
   * `standings`): each seat's standing before the first card and after each trick. Absent elsewhere, and in analyses
   * made before it was added (a reader shows none then).
   */
  readonly standings?: { readonly curve: readonly StandingsPoint[] };
}

export interface RecordAnalysis {
  readonly version: 2;
  readonly game: string;
  readonly players: readonly string[];
  readonly unit: AnalysisUnit;
  readonly deals: readonly DealAnalysis[];
}

export interface DealToAnalyse {
  readonly dealer: Seat;
  readonly carry: unknown;
  /** Card codes as in records. */
  readonly deck: readonly string[];
  readonly actions: readonly (readonly [Seat, string])[];
}

export interface AnalysisOptions {
  /** Also value each decision from the player's own view with the strong bot (slower). */
  readonly estimate?: boolean;
  readonly estimateOptions?: PimcOptions;
  /** Solver nodes per valued position, at most (default 400,000). */
  readonly solverNodes?: number;
  readonly seed?: string;
  /** The game's id, for its unit (default: the module's). */
  readonly gameId?: string;
  /** Awaited before each choice valued and after each decision: a worker thread yields there to decisions of live bots, which come first. */
  readonly pause?: () => Promise<void>;
}

/**
 * The strong bot's budget for analysis: fewer worlds and less time than in play, so that a deal is analysed in seconds.
 * Actions the seat cannot tell apart are valued alike (`exchangeable`), as `strong` values them: the Rufer's cards still
 * face down, each of which he may turn up, differed by the worlds' noise alone (+19.2, +0.4 and −0.8 GP in one
 * Talonschnapsen trump call, which then graded the call a blunder for not turning up the second).
 *
 * Bids are valued as `strong` values them (`bidSearch: 'measured'`): in the games whose search support measured it
 * better (`bidBySearch`, Bauernschnapsen) the card play after a bid is solved in each world instead of played out by
 * the easy bot. Without it the analysis and the hint disagreed on the same bid: a Bauernschnapsen hint advised
 * "weiter" (−1.53 GP, Bettler −2.22) and the analysis then graded that "weiter" a blunder (Bettler +2.4, weiter −2.3),
 * since the easy bots' playouts defend a Bettler worse than the solver does. Over a seeded sitting of four deals of
 * easy bots, one "weiter" so graded a mistake (Bettler +2.4, weiter +0.5) is now no cost (weiter −1.1, Bettler −1.9),
 * at about the same CPU time (1.1 s for the sitting, 1.3 s before).
 */
export const ANALYSIS_ESTIMATE: PimcOptions = { samples: 10, thinkMs: 80, evaluate: 'solver', weighted: true, nodes: 40_000, exchangeable: true, bidSearch: 'measured' };

/** Actions that are no decision about the game (cutting, knocking, a card turned blind, table talk). */
const NOT_DECISIONS = new Set(['cut', 'knock', 'turn', 'advise']);

const byValue = (a: ChoiceValue, b: ChoiceValue) => b.value - a.value;

export async function analyzeDeal<T extends GameTypes>(
  module: GameModule<T>,
  rules: T['rules'],
  index: number,
  deal: DealToAnalyse,
  o: AnalysisOptions = {},
): Promise<DealAnalysis> {
  const unit = analysisUnit(o.gameId ?? module.game.id);
  // Where only the winners score, every value is the side's score less the other side's (margin.ts).
  if (unit.margin) module = marginModule(module);
  const { game } = module;
  const search = module.search;
  if (!search) throw new Error(`${game.title} has no search support yet: analysis needs it`);
  const deck = parseCards(game.pack(rules), deal.deck);
  if (!deck.ok) throw new Error(`deal ${index + 1}: ${deck.error.message}`);
  const setup = game.setup(rules, { dealer: deal.dealer, deck: deck.value, carry: deal.carry as T['carry'] });
  if (!setup.ok) throw new Error(`deal ${index + 1}: ${setup.error.message}`);
  let state = setup.value;
  const seats = game.seatCount(rules);
  const seed = `${o.seed ?? 'analysis'}/${index}`;
  const estimators: EstimatingAgent<T>[] = o.estimate
    ? Array.from({ length: seats }, (_, s) => pimcAgent(module, rules, s, new SeededRng(`${seed}/${s}`), o.estimateOptions ?? ANALYSIS_ESTIMATE, 'strong'))
    : [];
  // The trick a card belongs to: cards per trick are the seats that play cards in this deal.
  const cardSeats = new Set<number>();
  {
    let st = setup.value;
    for (const [seat, text] of deal.actions) {
      const a = game.parseAction(rules, text);
      if (!a.ok) break;
      if (search.moveOf(st, a.value) !== undefined) cardSeats.add(seat);
      const next = game.apply(st, seat, a.value);
      if (!next.ok) break;
      st = next.value;
    }
  }
  const perTrick = Math.max(1, cardSeats.size);
  let cards = 0;
  const budget = o.solverNodes ?? 400_000;
  const solver = new Solver();
  /** The game's own solver where it has one (a Ramsch's), for the positions it handles; one for the deal, so that its tables serve every position. */
  const own = search.solver?.();
  /** A card play position the solver could not finish is not tried again before the next trick (the next positions are as hard). */
  let givenUpAt = -1;
  /** The solver's value for `seat` of a position, or undefined when it takes more than the budget (a quarter of it where more than two sides play and the game has no solver of its own for them). */
  const solve = (s: SearchState, seat: Seat): number | undefined => {
    if (s.isOver()) return s.score(seat);
    const trick = Math.floor(cards / perTrick);
    if (givenUpAt === trick && cards > 0) return undefined;
    if (own?.handles(s)) {
      const v = own.value(s, seat, budget);
      if (v === undefined && cards > 0) givenUpAt = trick;
      return v;
    }
    solver.nodeLimit = solver.nodes + (s.sides() > 2 ? budget / 4 : budget);
    try {
      return solver.value(s, s.side(seat), seat);
    } catch (e) {
      if (!(e instanceof SolverTimeout)) throw e;
      if (cards > 0) givenUpAt = trick;
      return undefined;
    }
  };
  /** Each seat's standing after `tricks` tricks, where the game's solver has standings for the position; the solver's budget of one position for all its questions. */
  let standings: { curve: StandingsPoint[] } | undefined;
  const standingsPoint = async (s: SearchState, tricks: number) => {
    if (!own?.standings || !own.handles(s)) return;
    if (o.pause) await o.pause();
    const seatsNow = own.standings(s, budget);
    if (seatsNow) (standings ??= { curve: [] }).curve.push({ trick: tricks, seats: seatsNow });
  };
  const valueWithAllKnown = async (after: T['state'], seat: Seat): Promise<number | undefined> => playOnAndSolve(module, rules, after, seat, solve, `${seed}/playon`);

  let declarers: { seats: Seat[]; curve: CurvePoint[] } | undefined;
  const curvePoint = (tricks: number) => {
    const s = search.load(state);
    if (!declarers || !s) return;
    declarers.curve.push({ trick: tricks, value: solve(s, declarers.seats[0]) ?? null });
  };

  const decisions: DecisionAnalysis[] = [];
  for (let j = 0; j < deal.actions.length; j++) {
    const [seat, text] = deal.actions[j];
    const parsed = game.parseAction(rules, text);
    if (!parsed.ok) throw new Error(`deal ${index + 1}, action ${j + 1}: ${parsed.error.message}`);
    const action = parsed.value;
    const s = search.load(state);
    if (s && !declarers && cards === 0 && s.sides() === 2) {
      declarers = { seats: Array.from({ length: seats }, (_, q) => q).filter((q) => s.side(q) === 0), curve: [] };
      curvePoint(0);
    }
    const move = s ? search.moveOf(state, action) : undefined;
    const isCard = move !== undefined;
    if (s && isCard && cards === 0 && !standings) await standingsPoint(s, 0);
    const legal = game.legal(state, seat);
    const type = (action as { type?: unknown }).type;
    const judged = legal.length > 1 && !(typeof type === 'string' && NOT_DECISIONS.has(type));
    if (judged) {
      const name = game.formatAction(rules, action);
      let solverValues: ChoiceValue[] | undefined;
      const unsolved: string[] = [];
      const view = game.view(state, seat);
      // The decision in words where the notation does not say it (a plain card says itself: no name).
      const what = module.text.decisionName?.(rules, view, action);
      /** Every legal choice with its value, rounded. */
      const choiceValues = (values: readonly number[]): ChoiceValue[] => legal.map((a, i) => ({ action: game.formatAction(rules, a), value: round(values[i]) }));
      const stakes = !isCard && search.stakes?.applies(view, legal) ? search.stakes : undefined;
      if (stakes) {
        // With all cards known the side wins the card play or it does not.
        const start = stakes.toCardPlay(state);
        const played = start === undefined ? undefined : search.load(start);
        const v = played === undefined ? undefined : solve(played, seat);
        if (v !== undefined) solverValues = choiceValues(stakes.values(view, legal, v > 0 ? 1 : 0));
      } else if (s && isCard && s.toMove() === seat) {
        solverValues = [];
        for (const m of movesOf(s.legalMask())) {
          if (o.pause) await o.pause();
          s.play(m);
          const v = solve(s, seat);
          s.undo();
          if (v === undefined) {
            solverValues = undefined;
            break;
          }
          solverValues.push({ action: game.formatAction(rules, search.actionOf(state, m)), value: v });
        }
      } else if (!isCard) {
        // Outside the card play a choice the solver cannot finish is left out (listed in `unsolved`); the others keep their values.
        solverValues = [];
        for (const a of legal) {
          if (o.pause) await o.pause();
          const next = game.apply(state, seat, a);
          const v = next.ok ? await valueWithAllKnown(next.value, seat) : undefined;
          if (v === undefined) unsolved.push(game.formatAction(rules, a));
          else solverValues.push({ action: game.formatAction(rules, a), value: v });
        }
        if (solverValues.length === 0 || !solverValues.some((v) => v.action === name)) solverValues = undefined;
      }
      solverValues?.sort(byValue);
      const taken = solverValues?.find((v) => v.action === name)?.value;
      const cost = solverValues && taken !== undefined ? solverValues[0].value - taken : undefined;
      let estimate: ChoiceValue[] | undefined;
      let estimateCost: number | undefined;
      if (o.estimate) {
        // A stake decision by the game's rule from the chance of winning (as the bot takes it), any other by the bot's means over its worlds.
        let values: readonly number[] | undefined;
        if (stakes) {
          const { p } = estimators[seat].stakeChance(view, seat);
          if (p !== undefined) values = stakes.values(view, legal, p);
        } else {
          const { means, worlds } = await estimators[seat].estimate(view, legal, seat);
          if (worlds > 0) values = means;
        }
        if (values) {
          estimate = choiceValues(values).sort(byValue);
          const mine = estimate.find((e) => e.action === name)?.value;
          if (mine !== undefined) estimateCost = round(estimate[0].value - mine);
        }
      }
      const graded = estimateCost ?? cost;
      const grade = graded === undefined ? undefined : gradeOf(graded, unit);
      decisions.push({
        index: j + 1,
        trick: isCard || cards > 0 ? Math.floor(cards / perTrick) + 1 : 0,
        seat,
        action: name,
        ...(what !== undefined ? { what } : {}),
        card: isCard,
        ...(isCard && cards % perTrick === 0 ? { lead: true } : {}),
        ...(solverValues ? { solver: solverValues, cost, ...(unsolved.length > 0 ? { unsolved } : {}) } : {}),
        ...(estimate ? { estimate, estimateCost } : {}),
        ...(grade ? { grade } : {}),
        ...(stakes ? { stake: true as const } : {}),
      });
    }
    if (judged && o.pause) await o.pause();
    const next = game.apply(state, seat, action);
    if (!next.ok) throw new Error(`deal ${index + 1}, action ${j + 1}: seat ${seat} "${text}": ${next.error.message}`);
    state = next.value;
    if (isCard) {
      cards++;
      if (cards % perTrick === 0) {
        const outcome = game.outcome(state);
        if (outcome !== undefined && declarers) declarers.curve.push({ trick: cards / perTrick, value: outcome.score[declarers.seats[0]] });
        else curvePoint(cards / perTrick);
        // The standings after the trick in the search state of the card before it (the deal's last trick too, which no state is loaded for).
        if (s && standings && move !== undefined) {
          s.play(move);
          await standingsPoint(s, cards / perTrick);
          s.undo();
        }
      }
    }
  }
  return { deal: index + 1, decisions, seats: summarize(decisions, seats), ...(declarers ? { declarers } : {}), ...(standings ? { standings } : {}) };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

function summarize(decisions: readonly DecisionAnalysis[], seats: number): SeatSummary[] {
  return Array.from({ length: seats }, (_, seat) => {
    const mine = decisions.filter((d) => d.seat === seat);
    const judged = (d: DecisionAnalysis) => d.estimateCost ?? d.cost ?? 0;
    const worst = mine.reduce<DecisionAnalysis | undefined>((w, d) => (judged(d) > 0 && (!w || judged(d) > judged(w)) ? d : w), undefined);
    const estimated = mine.some((d) => d.estimateCost !== undefined);
    return {
      seat,
      decisions: mine.length,
      inaccuracies: mine.filter((d) => d.grade === 'inaccuracy').length,
      mistakes: mine.filter((d) => d.grade === 'mistake').length,
      blunders: mine.filter((d) => d.grade === 'blunder').length,
      cost: round(mine.reduce((a, d) => a + (d.cost ?? 0), 0)),
      ...(estimated ? { estimateCost: round(mine.reduce((a, d) => a + (d.estimateCost ?? 0), 0)) } : {}),
      ...(worst ? { worst: worst.index } : {}),
    };
  });
}

/**
 * With all cards known, the value for `seat` of a position outside the card
 * play: every later decision before the card play is the `easy` bot's (each
 * seat with its own view), then the solver values the card play; a deal
 * that ends first is worth its outcome. Undefined when the solver does not
 * finish within its budget.
 */
async function playOnAndSolve<T extends GameTypes>(
  module: GameModule<T>,
  rules: T['rules'],
  start: T['state'],
  seat: Seat,
  solve: (s: SearchState, seat: Seat) => number | undefined,
  seed: string,
): Promise<number | undefined> {
  const { game, search } = module;
  const kind = module.bots.easy ?? module.bots[module.defaultBot];
  const rng = new SeededRng(seed);
  const agents = new Map<Seat, Agent<T>>();
  let state = start;
  for (let guard = 0; guard < 500; guard++) {
    const outcome = game.outcome(state);
    if (outcome !== undefined) return outcome.score[seat];
    const s = search!.load(state);
    if (s) return solve(s, seat);
    const actor = game.toAct(state)[0];
    if (actor === undefined) return undefined;
    let agent = agents.get(actor);
    if (!agent) agents.set(actor, (agent = kind.create(rules, actor, rng)));
    const legal = game.legal(state, actor);
    const next = game.apply(state, actor, await agent.choose(game.view(state, actor), legal, actor));
    if (!next.ok) return undefined;
    state = next.value;
  }
  return undefined;
}

/** Options of a whole record's analysis: the deals to analyse (by number from 1; default all), and a call as each is done. */
export type RecordAnalysisOptions = AnalysisOptions & { readonly deals?: readonly number[]; readonly onDeal?: (d: DealAnalysis) => void };

/** Analyses the deals of a record (all, or those given by number from 1). */
export async function analyzeRecord<T extends GameTypes>(
  module: GameModule<T>,
  rules: T['rules'],
  record: { readonly game: string; readonly players: readonly string[]; readonly deals: readonly DealToAnalyse[] },
  o: RecordAnalysisOptions = {},
): Promise<RecordAnalysis> {
  const which = o.deals ?? record.deals.map((_, i) => i + 1);
  const deals: DealAnalysis[] = [];
  for (const k of which) {
    const d = await analyzeDeal(module, rules, k - 1, record.deals[k - 1], { ...o, gameId: record.game });
    deals.push(d);
    o.onDeal?.(d);
  }
  return { version: 2, game: record.game, players: record.players, unit: analysisUnit(record.game), deals };
}

/**
 * The analysis of a whole game record (as JSON gives it): checked and
 * replayed first; a record that is not one, of an unknown game or a game
 * without search support is refused with the reason (an Error).
 */
export async function analyzeGameRecord(json: unknown, o: RecordAnalysisOptions = {}): Promise<RecordAnalysis> {
  const parsed = parseRecord(JSON.stringify(json));
  if (!parsed.ok) throw new Error(parsed.error.message);
  const record = parsed.value;
  const module = gameById(record.game) as GameModule<GameTypes> | undefined;
  if (!module) throw new Error(`unknown game ${record.game}`);
  if (!module.search) throw new Error(`${module.game.title} has no search support: it cannot be analysed`);
  const replay = replayRecord(record, module);
  if (!replay.ok) throw new Error(replay.error.message);
  const rules = rulesFromJson(module.game.ruleBook, record.rules);
  if (!rules.ok) throw new Error(rules.error.message);
  return analyzeRecord(module, rules.value, record, { estimate: true, ...o });
}
