import { SCHAFKOPF_32 } from '../cards/pack.js';
import { fail, ok } from '../core/result.js';
import type { BotKind } from '../games/agent.js';
import { randomBotKind } from '../games/agent.js';
import type { Game, GameTypes } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import type { RuleBook } from '../games/ruleBook.js';
import type { Rng } from '../core/rng.js';
import type { SearchState } from '../games/search.js';
import { minimax, movesOf, sideToMove, Solver } from './solver.js';

/**
 * A small synthetic trick game for the tests of the generic search: 2 to 4
 * seats, 4 suits of up to 8 ranks (card id = suit × ranks + rank, higher
 * rank wins), follow suit if you can, otherwise any card; an optional trump
 * suit; card points by rank; sides given per seat (side 0 declares). The
 * declaring side's payout has steps: all tricks 3, more than 3/4 of the
 * points 2, more than half 1; otherwise it loses 1, 2 below a quarter, 3
 * without a trick. Every seat of side 0 scores that payout, every other
 * seat its negative.
 */
export interface TinyRules {
  readonly seats: number;
  readonly ranks: number;
  /** Trump suit 0..3, or -1 for none. */
  readonly trump: number;
  /** Card points by rank (length `ranks`). */
  readonly points: readonly number[];
  /** Side of each seat; side 0 is the declaring side. */
  readonly sides: readonly number[];
}

export interface TinyDeal {
  readonly rules: TinyRules;
  /** Each seat's cards; all hands of one size. */
  readonly hands: readonly (readonly number[])[];
  /** The seat that leads the first trick. */
  readonly leader: number;
}

const MIX1 = [0x9e3779b1, 0x85ebca77, 0xc2b2ae3d, 0x27d4eb2f, 0x165667b1];

function mix(h: number, x: number): number {
  h = Math.imul(h ^ x, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

export class TinyState implements SearchState {
  readonly seats: number;
  private readonly r: TinyRules;
  private readonly hand: number[];
  private readonly trick: number[] = [];
  private leader: number;
  private mover: number;
  private readonly sidePts: number[];
  private readonly sideTrk: number[];
  private readonly totalPoints: number;
  /** Cards not yet in a completed trick (in hands or on the table). */
  private live: number;
  private readonly log: { card: number; seat: number; closed: { leader: number; cards: number[]; winnerSide: number; pts: number } | null }[] = [];

  constructor(deal: TinyDeal) {
    this.r = deal.rules;
    this.seats = deal.rules.seats;
    this.hand = deal.hands.map((h) => h.reduce((m, c) => m | (1 << c), 0));
    this.leader = deal.leader;
    this.mover = deal.leader;
    this.sidePts = [0, 0, 0, 0];
    this.sideTrk = [0, 0, 0, 0];
    this.live = this.hand.reduce((a, b) => a | b, 0);
    let total = 0;
    for (const h of deal.hands) for (const c of h) total += this.pointsOf(c);
    this.totalPoints = total;
  }

  private suitOf(c: number): number {
    return Math.floor(c / this.r.ranks);
  }
  private rankOf(c: number): number {
    return c % this.r.ranks;
  }
  pointsOf(c: number): number {
    return this.r.points[this.rankOf(c)];
  }
  private suitMask(s: number): number {
    return ((1 << this.r.ranks) - 1) << (s * this.r.ranks);
  }

  toMove(): number {
    return this.isOver() ? -1 : this.mover;
  }
  isOver(): boolean {
    return this.trick.length === 0 && this.hand[this.mover] === 0;
  }
  legalMask(): number {
    if (this.isOver()) return 0;
    const h = this.hand[this.mover];
    if (this.trick.length === 0) return h;
    const follow = h & this.suitMask(this.suitOf(this.trick[0]));
    return follow !== 0 ? follow : h;
  }
  /** Cards of the same suit and holder, adjacent among the live cards, worth the same: one of each run. */
  distinctMoves(): number {
    const legal = this.legalMask();
    let out = 0;
    for (let c = 0; c < 32; c++) {
      if (!(legal & (1 << c))) continue;
      // c is kept unless the next live card above it in its suit is legal for us and worth the same.
      let above = -1;
      const s = this.suitOf(c);
      for (let d = c + 1; d < (s + 1) * this.r.ranks; d++) {
        if (this.live & (1 << d) && !this.trick.includes(d)) {
          above = d;
          break;
        }
        if (this.trick.includes(d)) break;
      }
      if (above >= 0 && legal & (1 << above) && this.pointsOf(above) === this.pointsOf(c)) continue;
      out |= 1 << c;
    }
    return out;
  }
  play(move: number): void {
    const seat = this.mover;
    if (!(this.legalMask() & (1 << move))) throw new Error(`illegal move ${move} for seat ${seat}`);
    this.hand[seat] &= ~(1 << move);
    this.trick.push(move);
    let closed: (typeof this.log)[number]['closed'] = null;
    if (this.trick.length === this.seats) {
      const winnerPos = this.winnerOf(this.trick);
      const winner = (this.leader + winnerPos) % this.seats;
      const pts = this.trick.reduce((a, c) => a + this.pointsOf(c), 0);
      const side = this.r.sides[winner];
      closed = { leader: this.leader, cards: this.trick.slice(), winnerSide: side, pts };
      this.sidePts[side] += pts;
      this.sideTrk[side]++;
      for (const c of this.trick) this.live &= ~(1 << c);
      this.trick.length = 0;
      this.leader = winner;
      this.mover = winner;
    } else {
      this.mover = (seat + 1) % this.seats;
    }
    this.log.push({ card: move, seat, closed });
  }
  undo(): void {
    const e = this.log.pop();
    if (!e) throw new Error('nothing to undo');
    if (e.closed) {
      const { leader, cards, winnerSide, pts } = e.closed;
      this.sidePts[winnerSide] -= pts;
      this.sideTrk[winnerSide]--;
      for (const c of cards) this.live |= 1 << c;
      this.trick.push(...cards);
      this.leader = leader;
    }
    this.trick.pop();
    this.hand[e.seat] |= 1 << e.card;
    this.mover = e.seat;
  }
  private winnerOf(cards: readonly number[]): number {
    let best = 0;
    for (let i = 1; i < cards.length; i++) {
      const a = cards[best];
      const b = cards[i];
      const ta = this.suitOf(a) === this.r.trump;
      const tb = this.suitOf(b) === this.r.trump;
      if (tb && !ta) best = i;
      else if (tb === ta && this.suitOf(b) === this.suitOf(a) && b > a) best = i;
    }
    return best;
  }
  depth(): number {
    return this.log.length;
  }
  side(seat: number): number {
    return this.r.sides[seat];
  }
  sides(): number {
    return Math.max(...this.r.sides) + 1;
  }
  sidePoints(side: number): number {
    return this.sidePts[side];
  }
  sideTricks(side: number): number {
    return this.sideTrk[side];
  }
  /** The declaring side's step payout (see the class comment). */
  payout(): number {
    const p = this.sidePts[0];
    const t = this.totalPoints;
    let others = 0;
    for (let s = 1; s < 4; s++) others += this.sideTrk[s];
    if (others === 0) return 3;
    if (this.sideTrk[0] === 0) return -3;
    if (4 * p > 3 * t) return 2;
    if (2 * p > t) return 1;
    if (4 * p < t) return -2;
    return -1;
  }
  score(seat: number): number {
    if (!this.isOver()) throw new Error('the deal is not over');
    const v = this.payout();
    return this.r.sides[seat] === 0 ? v : -v;
  }
  hash(): number {
    let h1 = MIX1[0];
    let h2 = MIX1[1];
    for (let s = 0; s < this.seats; s++) {
      h1 = mix(h1, this.hand[s]);
      h2 = mix(h2, this.hand[s] ^ MIX1[s + 1]);
    }
    for (const c of this.trick) {
      h1 = mix(h1, c + 100);
      h2 = mix(h2, c + 200);
    }
    const tail = this.mover + 8 * (this.trick.length + 8 * (this.sidePts[0] + 512 * (this.sideTrk[0] + 64 * this.sideTrk[1])));
    h1 = mix(h1, tail);
    h2 = mix(h2, tail ^ 0x5bd1e995);
    return (h1 >>> 0) * 2097152 + (h2 >>> 11);
  }
  clone(): TinyState {
    const c = Object.create(TinyState.prototype) as TinyState;
    Object.assign(c, this, {
      hand: this.hand.slice(),
      trick: this.trick.slice(),
      sidePts: this.sidePts.slice(),
      sideTrk: this.sideTrk.slice(),
      log: this.log.slice(),
    });
    return c;
  }
}

/** A random deal of the tiny game: `tricks` cards per seat from a pack of 4 × `ranks`. */
export function randomTinyDeal(rng: Rng, o: { seats?: number; ranks?: number; tricks?: number; trump?: number; sides?: number[] } = {}): TinyDeal {
  const seats = o.seats ?? 2 + rng.int(3);
  const ranks = o.ranks ?? 4 + rng.int(5);
  const tricks = o.tricks ?? Math.min(Math.floor((4 * ranks) / seats), 1 + rng.int(4));
  const trump = o.trump ?? rng.int(5) - 1;
  const table = [0, 0, 0, 2, 3, 4, 10, 11];
  const points = Array.from({ length: ranks }, (_, r) => table[8 - ranks + r]);
  const sides = o.sides ?? (seats === 2 ? [0, 1] : seats === 3 ? [0, 1, 1] : rng.int(2) === 0 ? [0, 1, 0, 1] : [0, 1, 1, 1]);
  const cards = Array.from({ length: 4 * ranks }, (_, i) => i);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  const hands = Array.from({ length: seats }, (_, s) => cards.slice(s * tricks, (s + 1) * tricks).sort((a, b) => a - b));
  return { rules: { seats, ranks, trump, points, sides }, hands, leader: rng.int(seats) };
}

// ---------------------------------------------------------------------------
// The tiny game as a whole GameModule, for the tests of the bots and the arena.
// Four seats, 32 cards (4 suits × 8 ranks, suit 0 trump), four cards each
// from a shuffled deck; the seat left of the dealer declares alone against
// the three others: first it says "play" or "fold" (fold: it pays 1 to each
// of the others at once), then it leads and the tricks are played; the
// declarer scores the payout of TinyState, each other seat its negative.

export const TINY_FOLD = -1;
export const TINY_PLAY = -2;
const TINY_RULES: TinyRules = { seats: 4, ranks: 8, trump: 0, points: [0, 0, 0, 2, 3, 4, 10, 11], sides: [0, 1, 1, 1] };
const TINY_TRICKS = 4;

export interface TinyPublic {
  readonly dealer: number;
  readonly hands: readonly (readonly number[])[];
  readonly phase: 'bid' | 'play' | 'over';
  readonly folded: boolean;
  /** Cards played so far, in order. */
  readonly moves: readonly number[];
}

export interface TinyView {
  readonly seat: number;
  readonly declarer: number;
  readonly phase: 'bid' | 'play' | 'over';
  readonly hand: readonly number[];
  /** Every card played, with its seat, in order. */
  readonly plays: readonly (readonly [number, number])[];
  /** Cards each seat still holds. */
  readonly counts: readonly number[];
}

export interface TinyTypes extends GameTypes {
  readonly rules: { readonly preset: string };
  readonly state: TinyPublic;
  readonly action: number;
  readonly view: TinyView;
  readonly event: never;
  readonly outcome: { readonly score: readonly number[]; readonly folded: boolean; readonly payout: number };
  readonly carry: null;
  readonly sheet: null;
  readonly start: null;
}

const declarerOf = (s: TinyPublic) => (s.dealer + 1) % 4;

function tinyDeal(s: TinyPublic): TinyDeal {
  const d = declarerOf(s);
  return { rules: { ...TINY_RULES, sides: [0, 1, 2, 3].map((x) => (x === d ? 0 : 1)) }, hands: s.hands, leader: d };
}

/** The search state of a public tiny state in its card play. */
export function tinySearchState(s: TinyPublic): TinyState {
  const t = new TinyState(tinyDeal(s));
  for (const m of s.moves) t.play(m);
  return t;
}

function plays(s: TinyPublic): [number, number][] {
  const t = new TinyState(tinyDeal(s));
  return s.moves.map((m) => {
    const seat = t.toMove();
    t.play(m);
    return [seat, m];
  });
}

const TINY_BOOK: RuleBook<{ readonly preset: string }> = {
  game: 'tiny',
  houseRules: [],
  presets: [{ name: 'tiny', label: { de: 'Winzig', en: 'Tiny' }, explain: { de: 'die einzigen Regeln', en: 'the only rules' }, description: 'the only rules', source: 'src/search/testing.ts', values: {} }],
  defaultPreset: 'tiny',
};

export const tinyGame: Game<TinyTypes> = {
  id: 'tiny',
  title: 'Tiny',
  ruleBook: TINY_BOOK,
  pack: () => SCHAFKOPF_32,
  seatCount: () => 4,
  initialCarry: () => null,
  setup: (_rules, deal) => {
    const hands = [0, 1, 2, 3].map((s) => deal.deck.slice(s * TINY_TRICKS, (s + 1) * TINY_TRICKS).slice().sort((a, b) => a - b));
    return ok({ dealer: deal.dealer, hands, phase: 'bid', folded: false, moves: [] });
  },
  toAct: (s) => (s.phase === 'over' ? [] : s.phase === 'bid' ? [declarerOf(s)] : [tinySearchState(s).toMove()]),
  mayAct: (s) => tinyGame.toAct(s),
  legal: (s, seat) => {
    if (!tinyGame.toAct(s).includes(seat)) return [];
    if (s.phase === 'bid') return [TINY_PLAY, TINY_FOLD];
    return movesOfMask(tinySearchState(s).legalMask());
  },
  apply: (s, seat, a) => {
    if (!tinyGame.legal(s, seat).includes(a)) return fail('illegalCard', `${a} is not legal for seat ${seat}`);
    if (s.phase === 'bid') return ok({ ...s, phase: a === TINY_FOLD ? 'over' : 'play', folded: a === TINY_FOLD });
    const moves = [...s.moves, a];
    const t = tinySearchState({ ...s, moves });
    return ok({ ...s, moves, phase: t.isOver() ? 'over' : 'play' });
  },
  view: (s, seat) => {
    const ps = plays(s);
    const played = new Set(ps.map(([, c]) => c));
    return {
      seat,
      declarer: declarerOf(s),
      phase: s.phase,
      hand: seat >= 0 ? s.hands[seat].filter((c) => !played.has(c)) : [],
      plays: ps,
      counts: s.hands.map((h) => h.filter((c) => !played.has(c)).length),
    };
  },
  events: () => [],
  outcome: (s) => {
    if (s.phase !== 'over') return undefined;
    const d = declarerOf(s);
    const payout = s.folded ? -1 : tinySearchState(s).payout();
    return { score: [0, 1, 2, 3].map((x) => (x === d ? payout : -payout)), folded: s.folded, payout };
  },
  formatAction: (_r, a) => (a === TINY_FOLD ? 'fold' : a === TINY_PLAY ? 'play' : `c${a}`),
  parseAction: (_r, text) => {
    const t = text.trim().toLowerCase();
    if (t === 'fold') return ok(TINY_FOLD);
    if (t === 'play') return ok(TINY_PLAY);
    const m = /^c(\d+)$/.exec(t);
    return m && Number(m[1]) < 32 ? ok(Number(m[1])) : fail('badAction', `"${text}" is not a tiny action`);
  },
};

function movesOfMask(mask: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < 32; c++) if (mask & (1 << c)) out.push(c);
  return out;
}

/** A world the seat's view could have come from: the hidden cards dealt uniformly among the deals that respect every void shown. */
export function tinySampleWorld(view: TinyView, seat: number, rng: Rng, dealer: number): TinyPublic {
  const played = new Set(view.plays.map(([, c]) => c));
  const pool = Array.from({ length: 32 }, (_, c) => c).filter((c) => !played.has(c) && !view.hand.includes(c));
  const voids = [0, 1, 2, 3].map(() => new Set<number>());
  for (let i = 0; i < view.plays.length; i += 4) {
    const trick = view.plays.slice(i, i + 4);
    const led = Math.floor(trick[0][1] / 8);
    for (const [s, c] of trick.slice(1)) if (Math.floor(c / 8) !== led) voids[s].add(led);
  }
  for (let attempt = 0; ; attempt++) {
    if (attempt > 100_000) throw new Error('no world fits the view');
    const cards = pool.slice();
    for (let i = cards.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [cards[i], cards[j]] = [cards[j], cards[i]];
    }
    let k = 0;
    const remaining = [0, 1, 2, 3].map((s) => (s === seat ? view.hand.slice() : cards.slice(k, (k += view.counts[s]))));
    if (remaining.some((h, s) => h.some((c) => voids[s].has(Math.floor(c / 8))))) continue;
    const hands = remaining.map((h, s) => [...h, ...view.plays.filter(([p]) => p === s).map(([, c]) => c)].sort((a, b) => a - b));
    return { dealer, hands, phase: view.phase, folded: false, moves: view.plays.map(([, c]) => c) };
  }
}

/** The tiny game's rule bot: always plays; takes the trick with its highest card when it can, else throws its lowest. */
export const tinyEasy: BotKind<TinyTypes> = {
  description: 'always plays; highest card when it wins the trick, else the lowest',
  create: () => ({
    name: 'easy',
    kind: 'bot',
    choose: (_view, legal) => {
      if (legal.includes(TINY_PLAY)) return TINY_PLAY;
      return legal[legal.length - 1] % 8 >= 5 ? legal[legal.length - 1] : legal[0];
    },
  }),
};

/** The tiny game as a module, with search support. */
export const tinyModule: GameModule<TinyTypes> = {
  game: tinyGame,
  sitting: {
    begin: () => ({ firstDealer: 0, start: null }),
    checkStart: () => undefined,
    firstDealer: () => 0,
    initialSheet: () => null,
    carry: () => null,
    afterDeal: (_r, sheet, dealer) => ({ sheet, nextDealer: (dealer + 1) % 4 }),
    unit: 'deal',
    unitComplete: () => true,
    describeSheet: () => '',
  },
  bots: { easy: tinyEasy, random: randomBotKind<TinyTypes>() },
  defaultBot: 'easy',
  text: {
    renderView: (_r, v) => JSON.stringify(v),
    describeAction: (_r, _v, a) => String(a),
    narrate: () => [],
    summarizeDeal: (_r, _s, o) => JSON.stringify(o.score),
  },
  search: {
    load: (s) => (s.phase === 'play' ? tinySearchState(s) : undefined),
    actionOf: (_s, move) => move,
    moveOf: (_s, a) => (a >= 0 ? a : undefined),
    // The dealer is public: the declarer sits left of it.
    sampleWorld: (view, seat, rng) => tinySampleWorld(view, seat, rng, (view.declarer + 3) % 4),
  },
  bench: { run: () => ({}) },
  describeOutcome: (o) => ({ contract: o.folded ? 'fold' : 'play' }),
};

/** Whether a move mask (up to 53 bits) holds move m. */
function has(mask: number, m: number): boolean {
  return Math.floor(mask / 2 ** m) % 2 === 1;
}

/**
 * The checks every game's solver support must pass on an endgame (issue 9
 * §1), throwing on the first disagreement: the solver (with everything the
 * state offers, and with table or equivalence turned off) equals plain
 * minimax for every side; every legal card that `distinctMoves` leaves out
 * is worth what a card it keeps is worth; the hash of every position the
 * endgame can reach names one value (same key ⇒ same value), a question
 * key one answer, and `scoreRange` bounds that value; the value is one of
 * `outcomes`. The state is left as it was. Returns the
 * number of positions whose keys were compared.
 */
export function checkSolverOnEndgame(state: SearchState, what: string): number {
  if (state.isOver()) return 0;
  const wrong = (message: string) => {
    throw new Error(`${what}: ${message}`);
  };
  const sides = state.sides();
  const solvers = [new Solver({ tableBits: 14 }), new Solver({ table: false }), new Solver({ equivalence: false, tableBits: 14 })];
  const compare = (side: number, expected: number) => {
    for (const [i, solver] of solvers.entries()) {
      const v = solver.value(state, side);
      if (v !== expected) wrong(`solver ${i} says ${v} for side ${side}, minimax ${expected}`);
    }
  };
  // The other side (with more than two, the next one): plain minimax.
  const side = sideToMove(state);
  const other = sides === 2 ? 1 - side : (side + 1) % sides;
  compare(other, minimax(state, other));
  // The side to move: the walk below is its minimax, over every position, checking keys, ranges and equivalent cards on the way.
  let rep = 0;
  while (state.side(rep) !== side) rep++;
  const values = new Map<string, number>();
  const steps = state.outcomes?.(rep);
  const answers = (steps ?? []).map(() => new Map<number, boolean>());
  const range = new Float64Array(2);
  let positions = 0;
  const walk = (): number => {
    let v: number;
    if (state.isOver()) v = state.score(rep);
    else {
      const max = state.side(state.toMove()) === side;
      const legal = state.legalMask();
      const distinct = state.distinctMoves ? state.distinctMoves() : legal;
      if (movesOf(distinct).some((m) => !has(legal, m)) || distinct === 0) wrong(`distinctMoves ${distinct} is not a non-empty part of the legal moves ${legal}`);
      const byMove = new Map<number, number>();
      for (const m of movesOf(legal)) {
        state.play(m);
        byMove.set(m, walk());
        state.undo();
      }
      for (const [m, mv] of byMove) {
        if (has(distinct, m)) continue;
        const kept = [...byMove].some(([k, kv]) => has(distinct, k) && kv === mv);
        if (!kept) wrong(`move ${m} left out by distinctMoves is worth ${mv}, which no kept move is worth`);
      }
      v = max ? Math.max(...byMove.values()) : Math.min(...byMove.values());
    }
    if (steps && !steps.includes(v)) wrong(`value ${v} is not among the outcomes ${steps.join(', ')}`);
    if (state.scoreRange) {
      state.scoreRange(rep, range);
      if (v < range[0] || v > range[1]) wrong(`value ${v} outside scoreRange [${range[0]}, ${range[1]}]`);
    }
    // Question keys: same key for a threshold ⇒ same answer.
    if (steps && state.questionKey) {
      for (const [i, t] of steps.entries()) {
        const q = state.questionKey(rep, t);
        if (q < 0) continue;
        if (!Number.isSafeInteger(q)) wrong(`question key ${q} is not a safe integer`);
        const seen = answers[i].get(q);
        if (seen !== undefined && seen !== v >= t) wrong(`two positions with the question key ${q} for ${t} answer ${seen} and ${v >= t}`);
        answers[i].set(q, v >= t);
      }
    }
    const hash = state.hash ? state.hash() : -1;
    if (hash >= 0) {
      const extra = state.hashExtra ? state.hashExtra() : 0;
      if (!Number.isSafeInteger(hash) || !Number.isSafeInteger(extra) || extra < 0) wrong(`hash ${hash}/${extra} is not a pair of safe non-negative integers`);
      positions++;
      const key = `${hash}/${extra}`;
      const seen = values.get(key);
      if (seen !== undefined && seen !== v) wrong(`two positions with the hash ${key} are worth ${seen} and ${v}`);
      values.set(key, v);
    }
    return v;
  };
  compare(side, walk());
  return positions;
}
