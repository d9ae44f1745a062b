import { shuffleDeck } from '../cards/deck.js';
import { SeededRng, type Rng } from '../core/rng.js';
import { percentile } from '../core/stats.js';
import type { Agent } from '../games/agent.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { playDeal } from '../sitting/play.js';
import type { AgentStats } from './pimc.js';

/**
 * The duplicate arena: bots of different kinds play the same decks from
 * every seat, so that the luck of the cards cancels out.
 *
 * Seating scheme: with K kinds at an n-seat table (K <= n), the base seating
 * gives seat s the kind s mod K (ABAB for two kinds at four seats, ABA at
 * three, ABCD for four kinds); every deck is played once in each distinct
 * rotation of the base seating (ABAB, BABA; ABA, BAA, AAB). Over the
 * rotations every seat holds every position of the base pattern equally
 * often, so each kind occupies every seat equally often, and identical
 * rotations are played only once. With two kinds at four seats the two
 * kinds are partners wherever the game seats teams opposite (0 & 2 against
 * 1 & 3).
 *
 * Every deal is a single deal on its own (the module's `initialCarry`, not a
 * sitting); on deck d the dealer is seat d mod n. Everything random is
 * seeded from the arena seed, the deck number, the seating and the seat, so
 * a seeded run gives the same results (decision times aside).
 */

/** One player kind of the arena: a built-in bot, a level, or an outside program. */
export interface ArenaEntrant<T extends GameTypes> {
  /** The name in reports ("easy", "exec:node bot.mjs"). */
  readonly name: string;
  /** The agent for one deal at this seat. `slot` numbers the seats this entrant holds in one seating (0, 1, …). */
  agent(rules: T['rules'], seat: Seat, rng: Rng, slot: number): Agent<T>;
}

export interface ArenaOptions<T extends GameTypes> {
  readonly module: GameModule<T>;
  readonly rules: T['rules'];
  readonly entrants: readonly ArenaEntrant<T>[];
  /** Number of decks; each is played once per seating. */
  readonly decks: number;
  /**
   * The number of the first deck (default 0): a run of decks F … F+N−1 plays
   * exactly the decks of those numbers in a longer run with the same seed, so
   * that a long measurement can be split into parts that run side by side and
   * merged (`mergeArenaReports`).
   */
  readonly firstDeck?: number;
  readonly seed: string;
  /** Called after every deal played: deals done and total. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Called before every deal with the deck number and the seating (entrant index by seat), e.g. for substitution logs. */
  readonly onDeal?: (deck: number, seating: readonly number[]) => void;
  /**
   * Called after every deck with the decks done and a function that makes
   * the report of the decks so far (for running results of a long run).
   */
  readonly onDeck?: (decksDone: number, partial: () => ArenaReport) => void;
}

/** A mean with its 95% confidence interval. */
export interface Estimate {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
}

export interface ContractTally {
  readonly contract: string;
  /** Seat-deals in which this bot was on the declaring side. */
  declared: number;
  wonDeclaring: number;
  /** Seat-deals in which it defended against this contract. */
  defended: number;
  wonDefending: number;
}

export interface ArenaBotReport {
  readonly name: string;
  /** Seat-deals played (decks × seats held over all seatings). */
  readonly deals: number;
  /** Mean score per deal; the interval over decks (each deck's seatings averaged first). */
  readonly score: Estimate;
  readonly perSeat: readonly { readonly seat: Seat; readonly deals: number; readonly mean: number }[];
  /** Per contract, when the module describes its outcomes (`describeOutcome`); else empty. */
  readonly contracts: readonly ContractTally[];
  readonly decisions: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /**
   * The same for the processor time of each decision (user + system time of
   * this process while it decided): the time on one core, which a loaded
   * machine does not stretch as it stretches the wall-clock times above.
   */
  readonly cpuP50Ms: number;
  readonly cpuP99Ms: number;
  /** A thinking bot's decisions it estimated (more than one legal action) and those that reached its time cap before its budget of work was done (0 for other bots; absent in older reports). */
  readonly estimated?: number;
  readonly capped?: number;
  /** Decisions of the card play that spent the bot's solver nodes before its last world (`AgentStats.outOfNodes`; absent in older reports). */
  readonly outOfNodes?: number;
  /** Decisions of the card play valued with the next seat answering from its own view (`AgentStats.answeredFromView`, `strong-view`; absent in older reports). */
  readonly answeredFromView?: number;
  /** The bot's score on each deck (the mean over the seats it held in all seatings of that deck), in deck order. */
  readonly perDeck: readonly number[];
}

export interface ArenaReport {
  readonly game: string;
  /** Decks played (each in every seating). */
  readonly decks: number;
  /** Decks asked for; more than `decks` in the report of a run still going. */
  readonly decksPlanned: number;
  /** The number of the first deck played (decks firstDeck … firstDeck + decks − 1). */
  readonly firstDeck: number;
  readonly seed: string;
  /** Each seating as one letter per seat (A = the first bot named). */
  readonly seatings: readonly string[];
  readonly bots: readonly ArenaBotReport[];
  /** For every pair of bots: the mean per-deck difference of their scores per deal, first minus second. */
  readonly differences: readonly { readonly a: string; readonly b: string; readonly diff: Estimate }[];
}

/** The seatings of the scheme above: entrant index by seat, distinct rotations of s mod K. */
export function seatings(kinds: number, seats: number): number[][] {
  if (kinds < 1 || kinds > seats) throw new Error(`the arena seats 1 to ${seats} bot kinds at this table, not ${kinds}`);
  const out: number[][] = [];
  const seen = new Set<string>();
  for (let r = 0; r < seats; r++) {
    const seating = Array.from({ length: seats }, (_, s) => ((s + r) % seats) % kinds);
    const key = seating.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(seating);
  }
  return out;
}

/** Two-sided 95% quantile of Student's t with df degrees of freedom (1.96 for large df). */
export function t95(df: number): number {
  const table = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086];
  if (df < 1) return Infinity;
  if (df <= table.length) return table[df - 1];
  return 1.96 + 2.5 / df;
}

/** Mean and 95% interval of independent samples (the decks). */
export function estimate(xs: readonly number[]): Estimate {
  const n = xs.length;
  if (n === 0) return { mean: NaN, low: NaN, high: NaN };
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  if (n === 1) return { mean, low: -Infinity, high: Infinity };
  const v = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
  const half = t95(n - 1) * Math.sqrt(v / n);
  return { mean, low: mean - half, high: mean + half };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Runs the arena and reports per bot. Deals run one after another on this thread. */
export async function runArena<T extends GameTypes>(o: ArenaOptions<T>): Promise<ArenaReport> {
  const { module, rules, entrants } = o;
  const { game } = module;
  const n = game.seatCount(rules);
  const plan = seatings(entrants.length, n);
  const pack = game.pack(rules);
  const K = entrants.length;
  const perDeck: number[][] = entrants.map(() => []);
  const seatSum = entrants.map(() => new Array<number>(n).fill(0));
  const seatCount = entrants.map(() => new Array<number>(n).fill(0));
  const times: number[][] = entrants.map(() => []);
  const cpuTimes: number[][] = entrants.map(() => []);
  /** A thinking bot's decisions it estimated, and those that reached its time cap (`AgentStats`). */
  const estimated = entrants.map(() => 0);
  const capped = entrants.map(() => 0);
  const outOfNodes = entrants.map(() => 0);
  const answeredFromView = entrants.map(() => 0);
  const contracts = entrants.map(() => new Map<string, ContractTally>());
  const total = o.decks * plan.length;
  let done = 0;

  const first = o.firstDeck ?? 0;
  if (!Number.isInteger(first) || first < 0) throw new Error(`the first deck must be a whole number from 0, not ${first}`);
  for (let d = first; d < first + o.decks; d++) {
    const deck = shuffleDeck(pack, new SeededRng(`${o.seed}/deck${d}`));
    const dealer = d % n;
    const sum = new Array<number>(K).fill(0);
    const count = new Array<number>(K).fill(0);
    for (let p = 0; p < plan.length; p++) {
      const seating = plan[p];
      o.onDeal?.(d, seating);
      const slots = new Array<number>(K).fill(0);
      const inners: Agent<T>[] = seating.map((k, seat) => entrants[k].agent(rules, seat, new SeededRng(`${o.seed}/deck${d}/seating${p}/seat${seat}`), slots[k]++));
      const agents: Agent<T>[] = inners.map((inner, seat) => timed(inner, times[seating[seat]], cpuTimes[seating[seat]]));
      const { outcome } = await playDeal(module, rules, { dealer, deck, carry: game.initialCarry(rules) }, agents);
      inners.forEach((inner, seat) => {
        const st = (inner as { stats?: AgentStats }).stats;
        if (st) {
          estimated[seating[seat]] += st.decisions;
          capped[seating[seat]] += st.capped;
          outOfNodes[seating[seat]] += st.outOfNodes ?? 0;
          answeredFromView[seating[seat]] += st.answeredFromView ?? 0;
        }
      });
      const described = module.describeOutcome?.(outcome);
      for (let seat = 0; seat < n; seat++) {
        const k = seating[seat];
        const score = outcome.score[seat];
        sum[k] += score;
        count[k]++;
        seatSum[k][seat] += score;
        seatCount[k][seat]++;
        if (described?.contract !== undefined && described.declarers !== undefined) {
          const key = described.contract;
          let t = contracts[k].get(key);
          if (!t) contracts[k].set(key, (t = { contract: key, declared: 0, wonDeclaring: 0, defended: 0, wonDefending: 0 }));
          if (described.declarers.includes(seat)) {
            t.declared++;
            if (described.won === true) t.wonDeclaring++;
          } else {
            t.defended++;
            if (described.won === false) t.wonDefending++;
          }
        }
      }
      o.onProgress?.(++done, total);
    }
    for (let k = 0; k < K; k++) perDeck[k].push(sum[k] / count[k]);
    const played = d + 1 - first;
    o.onDeck?.(played, () => report(played));
  }
  return report(o.decks);

  /** The report of the first `decks` decks (all of them at the end). */
  function report(decks: number): ArenaReport {
    const bots: ArenaBotReport[] = entrants.map((e, k) => {
      const sorted = times[k].slice().sort((a, b) => a - b);
      const cpu = cpuTimes[k].slice().sort((a, b) => a - b);
      return {
        name: e.name,
        deals: seatCount[k].reduce((a, b) => a + b, 0),
        score: estimate(perDeck[k]),
        perSeat: seatSum[k].map((s, seat) => ({ seat, deals: seatCount[k][seat], mean: seatCount[k][seat] ? s / seatCount[k][seat] : NaN })),
        contracts: [...contracts[k].values()].sort((a, b) => b.declared + b.defended - (a.declared + a.defended) || (a.contract < b.contract ? -1 : 1)),
        decisions: sorted.length,
        p50Ms: percentile(sorted, 0.5),
        p99Ms: percentile(sorted, 0.99),
        cpuP50Ms: percentile(cpu, 0.5),
        cpuP99Ms: percentile(cpu, 0.99),
        estimated: estimated[k],
        capped: capped[k],
        outOfNodes: outOfNodes[k],
        ...(answeredFromView[k] > 0 ? { answeredFromView: answeredFromView[k] } : {}),
        perDeck: perDeck[k].slice(),
      };
    });
    const differences: ArenaReport['differences'][number][] = [];
    for (let a = 0; a < K; a++) {
      for (let b = a + 1; b < K; b++) {
        differences.push({ a: entrants[a].name, b: entrants[b].name, diff: estimate(perDeck[a].map((x, i) => x - perDeck[b][i])) });
      }
    }
    return {
      game: game.id,
      decks,
      decksPlanned: o.decks,
      firstDeck: first,
      seed: o.seed,
      seatings: plan.map((s) => s.map((k) => LETTERS[k]).join('')),
      bots,
      differences,
    };
  }
}

/**
 * One report of the runs of a measurement split into parts (`firstDeck`):
 * the parts must have the same game, seed, seatings and bots, and no deck
 * may be in two parts (gaps are allowed: the parts of a measurement stopped
 * early hold the first decks of each part's range; every deck is an
 * independent sample either way). Means, intervals, per-seat and per-contract results are those of
 * one run over all the decks; decision times cannot be merged exactly, so
 * the merged p50 is the mean of the parts' p50 weighted by their decisions,
 * and the merged p99 the highest p99 of the parts.
 */
export function mergeArenaReports(parts: readonly ArenaReport[]): ArenaReport {
  if (parts.length === 0) throw new Error('no reports to merge');
  const sorted = parts.slice().sort((a, b) => a.firstDeck - b.firstDeck);
  const head = sorted[0];
  const names = head.bots.map((b) => b.name).join(',');
  let next = head.firstDeck;
  let decks = 0;
  for (const r of sorted) {
    if (r.game !== head.game || r.seed !== head.seed || r.seatings.join() !== head.seatings.join() || r.bots.map((b) => b.name).join(',') !== names) {
      throw new Error(`the reports are not parts of one measurement (game, seed, seatings and bots must agree: ${head.game}/${head.seed}/${names} and ${r.game}/${r.seed}/${r.bots.map((b) => b.name).join(',')})`);
    }
    if (r.firstDeck < next) throw new Error(`the parts overlap: a part starts at deck ${r.firstDeck}, before deck ${next}`);
    if (r.bots.some((b) => b.perDeck.length !== r.decks)) throw new Error(`a part starting at deck ${r.firstDeck} does not give the score of each of its decks`);
    next = r.firstDeck + r.decks;
    decks += r.decks;
  }
  const bots: ArenaBotReport[] = head.bots.map((b, k) => {
    const all = sorted.map((r) => r.bots[k]);
    const perDeck = all.flatMap((x) => x.perDeck);
    const contracts = new Map<string, ContractTally>();
    for (const x of all) {
      for (const c of x.contracts) {
        const t = contracts.get(c.contract) ?? { contract: c.contract, declared: 0, wonDeclaring: 0, defended: 0, wonDefending: 0 };
        t.declared += c.declared;
        t.wonDeclaring += c.wonDeclaring;
        t.defended += c.defended;
        t.wonDefending += c.wonDefending;
        contracts.set(c.contract, t);
      }
    }
    const decisions = all.reduce((a, x) => a + x.decisions, 0);
    return {
      name: b.name,
      deals: all.reduce((a, x) => a + x.deals, 0),
      score: estimate(perDeck),
      perSeat: b.perSeat.map((s, i) => {
        const deals = all.reduce((a, x) => a + x.perSeat[i].deals, 0);
        const total = all.reduce((a, x) => a + (x.perSeat[i].deals ? x.perSeat[i].mean * x.perSeat[i].deals : 0), 0);
        return { seat: s.seat, deals, mean: deals ? total / deals : NaN };
      }),
      contracts: [...contracts.values()].sort((a, c) => c.declared + c.defended - (a.declared + a.defended) || (a.contract < c.contract ? -1 : 1)),
      decisions,
      p50Ms: decisions ? all.reduce((a, x) => a + x.p50Ms * x.decisions, 0) / decisions : NaN,
      p99Ms: Math.max(...all.map((x) => x.p99Ms)),
      cpuP50Ms: decisions ? all.reduce((a, x) => a + (x.cpuP50Ms ?? NaN) * x.decisions, 0) / decisions : NaN,
      cpuP99Ms: Math.max(...all.map((x) => x.cpuP99Ms ?? NaN)),
      estimated: all.reduce((a, x) => a + (x.estimated ?? 0), 0),
      capped: all.reduce((a, x) => a + (x.capped ?? 0), 0),
      outOfNodes: all.reduce((a, x) => a + (x.outOfNodes ?? 0), 0),
      ...(all.some((x) => x.answeredFromView) ? { answeredFromView: all.reduce((a, x) => a + (x.answeredFromView ?? 0), 0) } : {}),
      perDeck,
    };
  });
  const differences: ArenaReport['differences'][number][] = [];
  for (let a = 0; a < bots.length; a++) {
    for (let b = a + 1; b < bots.length; b++) {
      differences.push({ a: bots[a].name, b: bots[b].name, diff: estimate(bots[a].perDeck.map((x, i) => x - bots[b].perDeck[i])) });
    }
  }
  return { game: head.game, decks, decksPlanned: sorted.reduce((a, r) => a + r.decksPlanned, 0), firstDeck: head.firstDeck, seed: head.seed, seatings: head.seatings, bots, differences };
}

/** The agent with every decision (asked or unasked) timed into `into` (wall clock) and `cpuInto` (processor time), in milliseconds. */
function timed<T extends GameTypes>(agent: Agent<T>, into: number[], cpuInto: number[]): Agent<T> {
  const wrapped: Agent<T> = {
    ...agent,
    choose: async (view, legal, seat) => {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const a = await agent.choose(view, legal, seat);
      const c = process.cpuUsage(c0);
      into.push(performance.now() - t0);
      cpuInto.push((c.user + c.system) / 1000);
      return a;
    },
  };
  if (agent.interject) {
    const inner = agent.interject.bind(agent);
    wrapped.interject = async (view, legal, seat) => inner(view, legal, seat);
  }
  if (agent.observe) wrapped.observe = agent.observe.bind(agent);
  return wrapped;
}

const fmt = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : String(x));
const signed = (x: number, digits = 2) => (x > 0 ? '+' : '') + fmt(x, digits);

/** The report as text for the terminal. */
export function formatArena(r: ArenaReport, unit = 'score'): string {
  const lines: string[] = [];
  if (r.decks < r.decksPlanned) lines.push(`running results: ${r.decks} of ${r.decksPlanned} decks played`);
  lines.push(`${r.game}: ${r.decks} decks${r.firstDeck ? ` (from deck ${r.firstDeck})` : ''} × ${r.seatings.length} seatings (${r.seatings.join(', ')}), seed ${JSON.stringify(r.seed)}`);
  lines.push('');
  const w = Math.max(4, ...r.bots.map((b) => b.name.length));
  lines.push(`${'bot'.padEnd(w)}  ${`mean ${unit}/deal`.padStart(16)}  95% interval          per seat`);
  r.bots.forEach((b, i) => {
    const seats = b.perSeat.map((s) => `${s.seat + 1}: ${s.deals ? signed(s.mean) : '-'}`).join('  ');
    lines.push(`${`${LETTERS[i]} ${b.name}`.padEnd(w + 2)}${signed(b.score.mean).padStart(16)}  [${signed(b.score.low)}, ${signed(b.score.high)}]`.padEnd(w + 42) + `  ${seats}`);
  });
  if (r.differences.length > 0) {
    lines.push('');
    for (const d of r.differences) {
      const verdict = d.diff.low > 0 ? `${d.a} is better` : d.diff.high < 0 ? `${d.b} is better` : 'no clear difference';
      lines.push(`${d.a} − ${d.b}: ${signed(d.diff.mean)} per deal [${signed(d.diff.low)}, ${signed(d.diff.high)}]: ${verdict}`);
    }
  }
  lines.push('');
  lines.push('decision times:');
  for (const b of r.bots) lines.push(`  ${b.name}: ${b.decisions} decisions, p50 ${fmt(b.p50Ms, 3)} ms, p99 ${fmt(b.p99Ms, 3)} ms (processor time: p50 ${fmt(b.cpuP50Ms, 3)} ms, p99 ${fmt(b.cpuP99Ms, 3)} ms)${b.estimated ? `; time cap reached in ${b.capped ?? 0} of ${b.estimated} estimated${b.outOfNodes ? `, solver nodes spent before the last world in ${b.outOfNodes}` : ''}${b.answeredFromView ? `, answers from the next seat's view in ${b.answeredFromView}` : ''}` : ''}`);
  const any = r.bots.some((b) => b.contracts.length > 0);
  if (any) {
    lines.push('');
    lines.push('contracts (declared: won / times; defended: won / times):');
    for (const b of r.bots) {
      lines.push(`  ${b.name}:`);
      for (const c of b.contracts) {
        lines.push(`    ${c.contract.padEnd(22)} declared ${c.wonDeclaring}/${c.declared}   defended ${c.wonDefending}/${c.defended}`);
      }
    }
  }
  return lines.join('\n');
}
