import { shuffleDeck } from '../cards/deck.js';
import { SeededRng } from '../core/rng.js';
import type { Agent } from '../games/agent.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { ModelWeights } from '../games/decisionModel.js';
import type { GameModule } from '../games/module.js';
import { drawByLikelihood } from './inference.js';

/**
 * Hand reading (issue 23): how often sampled worlds place a hidden card in
 * the hand that truly holds it. Deals are played by the given bots; at each
 * card the seat `viewer` plays, worlds are drawn from its view uniformly and
 * in proportion to the likelihood of the others' decisions (inference.ts),
 * and for every card another seat truly holds, the share of worlds that put
 * it in that seat's hand is counted, per trick (the viewer's n-th card).
 * The states of every game keep the hands as card masks (`hands`).
 */
export interface HandReadingOptions<T extends GameTypes> {
  readonly module: GameModule<T>;
  readonly rules: T['rules'];
  /** The bots at the table, by seat (the viewer's too: it plays as its bot does). */
  readonly table: (seat: Seat, rng: SeededRng) => Agent<T>;
  readonly deals: number;
  readonly seed: string;
  /** Worlds per decision (each way). */
  readonly worlds: number;
  readonly viewer?: Seat;
  readonly weights?: ModelWeights;
  readonly candidates?: number;
}

/** Per trick (index 0: the viewer's first card): hidden cards counted, and the share of worlds placing them right, uniform and weighted. */
export interface HandReadingRow {
  readonly trick: number;
  readonly cards: number;
  readonly uniform: number;
  readonly weighted: number;
}

export async function handReading<T extends GameTypes>(o: HandReadingOptions<T>): Promise<HandReadingRow[]> {
  const { module, rules } = o;
  const { game } = module;
  const search = module.search;
  if (!search) throw new Error(`${game.title} has no search support`);
  const n = game.seatCount(rules);
  const viewer = o.viewer ?? 0;
  const rows: { cards: number; uniform: number; weighted: number }[] = [];
  const holders = (state: T['state']): readonly number[] => (state as unknown as { hands: readonly number[] }).hands;
  for (let d = 0; d < o.deals; d++) {
    const deck = shuffleDeck(game.pack(rules), new SeededRng(`${o.seed}/deal${d}`));
    const started = game.setup(rules, { dealer: d % n, deck, carry: game.initialCarry(rules) });
    if (!started.ok) throw new Error(started.error.message);
    let state = started.value;
    const agents = Array.from({ length: n }, (_, s) => o.table(s, new SeededRng(`${o.seed}/deal${d}/seat${s}`)));
    const worldRng = new SeededRng(`${o.seed}/deal${d}/worlds`);
    let played = 0;
    for (let guard = 0; guard < 10_000 && game.outcome(state) === undefined; guard++) {
      const s = game.toAct(state)[0];
      if (s === undefined) break;
      const legal = game.legal(state, s);
      if (s === viewer && search.load(state) !== undefined && legal.some((a) => (a as { type?: string }).type === 'play')) {
        const view = game.view(state, viewer);
        const truth = holders(state);
        const uniform = Array.from({ length: o.worlds }, () => ({ world: search.sampleWorld(view, viewer, worldRng), times: 1 }));
        const weighted = drawByLikelihood(search, view, viewer, worldRng, o.worlds, { weights: o.weights, candidates: o.candidates }).worlds;
        const row = (rows[played] ??= { cards: 0, uniform: 0, weighted: 0 });
        for (let seat = 0; seat < n; seat++) {
          if (seat === viewer) continue;
          for (let c = 0; c < 53; c++) {
            if (c < 32 ? (truth[seat] & (1 << c)) === 0 : Math.floor(truth[seat] / 2 ** c) % 2 === 0) continue;
            const share = (ws: readonly { world: T['state']; times: number }[]) => {
              let right = 0;
              let all = 0;
              for (const w of ws) {
                const h = holders(w.world)[seat];
                if (c < 32 ? (h & (1 << c)) !== 0 : Math.floor(h / 2 ** c) % 2 === 1) right += w.times;
                all += w.times;
              }
              return right / all;
            };
            row.cards++;
            row.uniform += share(uniform);
            row.weighted += share(weighted);
          }
        }
      }
      const chosen = legal.length === 1 ? legal[0] : await agents[s].choose(game.view(state, s), legal, s);
      if (s === viewer && (chosen as { type?: string }).type === 'play') played++;
      const next = game.apply(state, s, chosen);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value;
    }
  }
  return rows.map((r, trick) => ({ trick, cards: r.cards, uniform: r.cards ? r.uniform / r.cards : NaN, weighted: r.cards ? r.weighted / r.cards : NaN }));
}
