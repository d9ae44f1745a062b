import { parseCards } from '../cards/notation.js';
import { SeededRng } from '../core/rng.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { pimcAgent, STRONG, type PimcOptions } from './pimc.js';
import { movesOf, Solver } from './solver.js';

/**
 * Analysis of a played deal: for every card played (every action that is a
 * move of the card play), the value of every legal alternative with all
 * cards known (the solver) and from the player's own view (the strong bot's
 * estimate over sampled worlds), and what the play cost: the best value
 * minus the value of the card played, for the player's own score.
 */
export interface AlternativeValue {
  readonly action: string;
  readonly value: number;
}

export interface PlayAnalysis {
  /** Index of the action in the deal (from 0). */
  readonly index: number;
  readonly seat: Seat;
  readonly action: string;
  /** Every legal alternative, valued by the solver with all cards known, best first. */
  readonly solver: readonly AlternativeValue[];
  /** What the play cost with all cards known (0 for a best play). */
  readonly cost: number;
  /** Every legal alternative, valued from the player's view by the strong bot (absent when not asked for), best first. */
  readonly estimate?: readonly AlternativeValue[];
  readonly estimateCost?: number;
}

export interface SeatSummary {
  readonly seat: Seat;
  readonly plays: number;
  /** Plays that were not best with all cards known. */
  readonly mistakes: number;
  readonly cost: number;
  readonly estimateCost?: number;
  /** The index of the costliest play, if any cost anything. */
  readonly worst?: number;
}

export interface DealAnalysis {
  readonly deal: number;
  readonly plays: readonly PlayAnalysis[];
  readonly seats: readonly SeatSummary[];
}

export interface DealToAnalyse {
  readonly dealer: Seat;
  readonly carry: unknown;
  /** Card codes as in records. */
  readonly deck: readonly string[];
  readonly actions: readonly (readonly [Seat, string])[];
}

export interface AnalysisOptions {
  /** Also value each play from the player's own view with the strong bot (slower). */
  readonly estimate?: boolean;
  readonly estimateOptions?: PimcOptions;
  readonly seed?: string;
}

const byValue = (a: AlternativeValue, b: AlternativeValue) => b.value - a.value;

export async function analyzeDeal<T extends GameTypes>(
  module: GameModule<T>,
  rules: T['rules'],
  index: number,
  deal: DealToAnalyse,
  o: AnalysisOptions = {},
): Promise<DealAnalysis> {
  const { game } = module;
  const search = module.search;
  if (!search) throw new Error(`${game.title} has no search support yet: analysis needs it`);
  const deck = parseCards(game.pack(rules), deal.deck);
  if (!deck.ok) throw new Error(`deal ${index + 1}: ${deck.error.message}`);
  const setup = game.setup(rules, { dealer: deal.dealer, deck: deck.value, carry: deal.carry as T['carry'] });
  if (!setup.ok) throw new Error(`deal ${index + 1}: ${setup.error.message}`);
  let state = setup.value;
  const seats = game.seatCount(rules);
  const estimators = o.estimate
    ? Array.from({ length: seats }, (_, s) => pimcAgent(module, rules, s, new SeededRng(`${o.seed ?? 'analysis'}/${index}/${s}`), o.estimateOptions ?? STRONG, 'strong'))
    : [];
  const plays: PlayAnalysis[] = [];
  // One solver for the deal (its tables are large; it forgets them for each new search state).
  const solver = new Solver();
  for (let j = 0; j < deal.actions.length; j++) {
    const [seat, text] = deal.actions[j];
    const action = game.parseAction(rules, text);
    if (!action.ok) throw new Error(`deal ${index + 1}, action ${j + 1}: ${action.error.message}`);
    const s = search.load(state);
    const move = s ? search.moveOf(state, action.value) : undefined;
    if (s && move !== undefined && s.toMove() === seat) {
      const side = s.side(seat);
      const values: AlternativeValue[] = [];
      let played = NaN;
      for (const m of movesOf(s.legalMask())) {
        s.play(m);
        const v = solver.value(s, side, seat);
        s.undo();
        const name = game.formatAction(rules, search.actionOf(state, m));
        values.push({ action: name, value: v });
        if (m === move) played = v;
      }
      values.sort(byValue);
      const entry: PlayAnalysis = { index: j, seat, action: game.formatAction(rules, action.value), solver: values, cost: values[0].value - played };
      if (o.estimate) {
        const legal = game.legal(state, seat);
        const { means } = await estimators[seat].estimate(game.view(state, seat), legal, seat);
        const est = legal.map((a, i) => ({ action: game.formatAction(rules, a), value: means[i] })).sort(byValue);
        const mine = est.find((e) => e.action === entry.action)?.value ?? NaN;
        plays.push({ ...entry, estimate: est, estimateCost: est[0].value - mine });
      } else plays.push(entry);
    }
    const next = game.apply(state, seat, action.value);
    if (!next.ok) throw new Error(`deal ${index + 1}, action ${j + 1}: seat ${seat} "${text}": ${next.error.message}`);
    state = next.value;
  }
  const summaries: SeatSummary[] = Array.from({ length: seats }, (_, seat) => {
    const mine = plays.filter((p) => p.seat === seat);
    const worst = mine.reduce<PlayAnalysis | undefined>((w, p) => (p.cost > 0 && (!w || p.cost > w.cost) ? p : w), undefined);
    return {
      seat,
      plays: mine.length,
      mistakes: mine.filter((p) => p.cost > 0).length,
      cost: mine.reduce((a, p) => a + p.cost, 0),
      ...(o.estimate ? { estimateCost: mine.reduce((a, p) => a + (p.estimateCost ?? 0), 0) } : {}),
      ...(worst ? { worst: worst.index } : {}),
    };
  });
  return { deal: index, plays, seats: summaries };
}

const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));

/** The analysis as text: the costliest plays (up to `top`) and a line per player. */
export function formatAnalysis(a: DealAnalysis, players: readonly string[], top = 5): string {
  const lines = [`Deal ${a.deal + 1}: ${a.plays.length} plays analysed`];
  const costly = a.plays.filter((p) => p.cost > 0).sort((x, y) => y.cost - x.cost || x.index - y.index).slice(0, top);
  if (costly.length === 0) lines.push('  every play was best with all cards known');
  for (const p of costly) {
    const view = p.estimate ? `; from ${players[p.seat]}'s view best ${p.estimate[0].action} (${num(p.estimate[0].value)}), this ${num(p.estimate[0].value - (p.estimateCost ?? 0))}` : '';
    lines.push(`  action ${p.index + 1}: ${players[p.seat]} played ${p.action}, worth ${num(p.solver[0].value - p.cost)}; best ${p.solver[0].action} (${num(p.solver[0].value)}): costs ${num(p.cost)}${view}`);
  }
  for (const s of a.seats) {
    const est = s.estimateCost !== undefined ? `, ${num(s.estimateCost)} from own view` : '';
    lines.push(`  ${players[s.seat]}: ${s.plays} plays, ${s.mistakes} not best, cost ${num(s.cost)}${est}`);
  }
  return lines.join('\n');
}
