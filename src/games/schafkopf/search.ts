import { popcount32 } from '../../cards/bits.js';
import type { Card } from '../../cards/pack.js';
import type { Seat } from '../game.js';
import type { SearchState } from '../search.js';
import { RamschLastTricks } from './ramschEnd.js';
import { LastTricks } from './searchEndgame.js';
import { MAX_TRICKS, SchafkopfPlay } from './searchPlay.js';
import type { SchafkopfRules } from './rules.js';
import type { SearchDeal } from './searchTables.js';
import type { SchafkopfState } from './state.js';

/** The tricks before the end from which `LastTricks` searches on its own (`futureSearch`). */
const ENDGAME_TRICKS = 4;
export type { SearchDeal } from './searchTables.js';

/**
 * A Schafkopf deal in its card play, mutable, for search (issue 8 §3): the
 * hands as 32-bit card masks in typed arrays, moves are card ids, `play` and
 * `undo` are exact inverses. Legality is the engine's own (`legal.ts`: the
 * suit to follow, the called Sau, Davonlaufen, Bettel with Stichzwang), as
 * are the trick tables, Laufende, settlement and payouts, so the score at
 * the end is the public outcome's `score`.
 *
 * Sides: in a game with a declarer, side 0 is the declaring party (the
 * declarer and, in a Rufspiel, the holder of the called Sau), side 1 the
 * others: `sides()` = 2. In a Ramsch everyone plays for himself: `sides()`
 * = 4 and `side(seat)` = seat. A tout or Bettel is decided by the first
 * trick that goes the wrong way; like the public engine, the search state
 * plays on to the last card, and the score is already fixed by then.
 *
 * The cards played are one array, four to a trick; `pos` is the next free
 * place, so the trick on the table is at `pos & ~3` and holds `pos & 3`
 * cards, and `pos >> 2` tricks are finished.
 */
export class SchafkopfSearch extends SchafkopfPlay implements SearchState {
  /** The last tricks searched without play and undo, for `futureBounds` and `futureSearch`. */
  private readonly lastTricks = new LastTricks(this.t, this.followsOf, this.special, this.sau, this.sauSuit, this.stichzwang, this.stronger, this.twins, this.trumpOrder);

  /** A search state in the position of a public state in its card play (mid-trick too), or undefined outside the play. */
  static fromState(state: SchafkopfState): SchafkopfSearch | undefined {
    if (state.phase !== 'play' || state.contract === null) return undefined;
    const s = new SchafkopfSearch({
      rules: state.rules,
      contract: state.contract,
      doublings: state.klopfer.length + state.stoss.length + state.carry.bock,
      stock: state.carry.stock,
    });
    // Deal the hands as dealt and play the cards played so far; they are not moves that `undo` takes back.
    const first = state.tricks.length > 0 ? state.tricks[0].leader : state.trick ? state.trick.leader : state.turn;
    s.deal(Int32Array.from(state.dealt), first);
    for (const tr of state.tricks) {
      for (const c of tr.cards) s.play(c);
      if (s.trickWinner[(s.pos >> 2) - 1] !== tr.winner) throw new Error('the state and the search state disagree on a trick');
    }
    if (state.trick) for (const c of state.trick.cards) s.play(c);
    for (let seat = 0; seat < 4; seat++) if (s.hands[seat] !== (state.hands[seat] | 0)) throw new Error('the state and its tricks disagree on the hands');
    if (state.searched !== s.searchedIn < s.pos >> 2) throw new Error('the state and its tricks disagree on the called suit');
    s.start = s.pos;
    return s;
  }

  /** Deals anew (see `SchafkopfPlay.deal`); what was known of the last tricks of the deal before goes. */
  override deal(hands: ArrayLike<number>, leader: Seat): void {
    super.deal(hands, leader);
    this.lastTricks.forget();
  }

  /** A search state of the same hands and the same cards played so far, under another game (with the same trumps, for a Ramsch's points). */
  replayAs(deal: SearchDeal): SchafkopfSearch {
    const copy = new SchafkopfSearch(deal);
    copy.deal(this.dealt, this.firstLeader);
    for (let i = 0; i < this.pos; i++) copy.play(this.cards[i]);
    copy.start = copy.pos;
    return copy;
  }

  /** Whether the other state plays the same deal: the same rules, game, doublings, hands as dealt and first leader (then keys of positions mean the same in both). */
  sameDeal(other: SchafkopfSearch): boolean {
    if (other.rules !== this.rules || other.doublings !== this.doublings || other.firstLeader !== this.firstLeader) return false;
    if (JSON.stringify(other.contract) !== JSON.stringify(this.contract)) return false;
    for (let seat = 0; seat < 4; seat++) if (other.dealt[seat] !== this.dealt[seat]) return false;
    return true;
  }

  /** For a game's own searches (the Ramsch solve): a seat's cards, its tricks, the card points not yet in a finished trick, whether it is a Ramsch, its rules. */
  handOf(seat: Seat): number {
    return this.hands[seat];
  }

  seatTricksOf(seat: Seat): number {
    return this.seatTricks[seat];
  }

  pointsLeft(): number {
    return this.totalPoints - this.taken;
  }

  get isRamsch(): boolean {
    return this.ramsch;
  }

  get dealRules(): SchafkopfRules {
    return this.rules;
  }

  get dealDoublings(): number {
    return this.doublings;
  }

  /** The seat whose card takes the trick on the table so far; -1 between tricks. */
  bestSeat(): Seat {
    const len = this.pos & 3;
    return len === 0 ? -1 : (this.turn - len + this.best - (this.pos - len)) & 3;
  }

  /** Within a trick, the cards of the class led (a seat holding one must play one); 0 between tricks. */
  ledClass(): number {
    return (this.pos & 3) === 0 ? 0 : this.follow[this.led];
  }

  /** Whether this card, played now, would take the trick on the table so far (true for a lead). */
  beatsBest(card: Card): boolean {
    return (this.pos & 3) === 0 || ((this.follows & (1 << card)) !== 0 && this.power[card] > this.bestPower);
  }

  /**
   * The least and the most the seat can score at the end from here, whatever
   * happens to the cards still out (`out[0]`, `out[1]`): the payout is
   * monotone in the party's points and in its tricks, so the corners (the
   * party takes none or all of what is left, points and tricks) bound it.
   * A Ramsch is not bounded (-Infinity, Infinity).
   */
  scoreRange(seat: Seat, out: Float64Array): void {
    if (this.ramsch) {
      out[0] = -Infinity;
      out[1] = Infinity;
      return;
    }
    const table = this.payouts();
    const so = this.sideOf;
    const sp = this.seatPoints;
    const st = this.seatTricks;
    let p0 = 0;
    let taken = 0;
    let t0 = 0;
    for (let s = 0; s < 4; s++) {
      taken += sp[s];
      if (so[s] === 0) {
        p0 += sp[s];
        t0 += st[s];
      }
    }
    const p1 = p0 + this.totalPoints - taken;
    const t1 = t0 + (this.end >> 2) - (this.pos >> 2);
    const a = table[this.payoutIndex(p0, t0) + seat];
    const b = table[this.payoutIndex(p1, t1) + seat];
    const c = table[this.payoutIndex(p0, t1) + seat];
    const d = table[this.payoutIndex(p1, t0) + seat];
    out[0] = Math.min(a, b, c, d);
    out[1] = Math.max(a, b, c, d);
  }

  /**
   * The key of the position for the solver's table (exact, 53 bits): the
   * cards still in the hands (32 bits; who holds each follows from the
   * deal), then the cards on the table (each as its place in its player's
   * dealt hand, 3 bits), the seat to move, the declaring party's card points
   * (up to 91: beyond, no step of the payout changes; 0 in a Bettel or tout,
   * which tricks alone decide), whether each side has taken a trick (Schwarz,
   * Bettel, tout), and whether the called suit has been searched while its
   * Sau is still out. The points and tricks of the finished tricks are all
   * of the past that the payout depends on, so equal keys have equal values.
   * A Ramsch, whose loser depends on every seat's points, tricks and trumps
   * taken, is keyed by the position without its past and the second word
   * `hashExtra`. The last trick has no key (faster searched than looked up).
   */
  hash(): number {
    if (this.ramsch) return this.key(0, false);
    const points = this.pointsMatter ? Math.min(this.seatPointsOfSide0(), 91) : 0;
    return this.key(points);
  }

  /** The hash or question key with this number (7 bits) for the party's points; without `flags`, no trick flags and no points. */
  private key(points: number, flags = true): number {
    // Keys only between tricks (within a trick a lookup costs more than it saves), and not before the last trick (played out faster than looked up).
    if ((this.pos & 3) !== 0 || this.end - this.pos <= 4) return -1;
    const h = this.hands;
    const rest = this.canonical(h[0] | h[1] | h[2] | h[3]) >>> 0;
    const pos = this.pos;
    const len = pos & 3;
    let high = 0;
    if (len > 0) {
      const base = pos - len;
      const leader = (this.turn - len) & 3;
      for (let i = 0; i < len; i++) {
        const card = this.cards[base + i];
        high = (high << 3) | popcount32(this.dealt[(leader + i) & 3] & ((1 << card) - 1));
      }
    }
    const tricks0 = this.sideTr[0];
    const tricks1 = this.sideTr[1];
    const searched = this.sauBit !== 0 && ((h[0] | h[1] | h[2] | h[3]) & this.sauBit) !== 0 && this.searchedIn < pos >> 2 ? 1 : 0;
    high = (high << 2) | this.turn;
    if (!flags) return ((high << 1) | searched) * 4294967296 + rest;
    high = (high << 7) | points;
    high = (high << 3) | (tricks0 > 0 ? 4 : 0) | (tricks1 > 0 ? 2 : 0) | searched;
    return high * 4294967296 + rest;
  }

  /**
   * The final scores a seat can end with, ascending (from the payout
   * table); undefined in a Ramsch.
   */
  outcomes(seat: Seat): readonly number[] | undefined {
    if (this.ramsch) return undefined;
    const table = this.payouts();
    const out = new Set<number>();
    for (let i = seat; i < table.length; i += 4) out.add(table[i]);
    return [...out].sort((a, b) => a - b);
  }

  /**
   * How promising a legal card looks for the seat to move (higher: try
   * first), for the solver's move order; it never changes a value. Leading:
   * a card nothing live can beat, then low cards. Following: a partner's
   * trick gets points, an opponent's trick is taken with the cheapest card
   * that wins it, and a trick that cannot be won gets the least.
   */
  moveOrder(move: number): number {
    const pts = this.cardPoints[move];
    const power = this.power[move];
    const pos = this.pos;
    const len = pos & 3;
    if (len === 0) {
      // Leading: first a card no one of the other side can beat (then it takes the trick), the most points first; then one a partner takes.
      const side = this.sideOf[this.turn];
      if (!this.beatenAfter(move, side, this.turn, 0, move)) return 1000 + pts * 4 + (power & 127);
      if (this.partnerTakes(0, move, move)) return 500 + pts * 4 - (power & 127);
      return -pts * 4 - (power & 127);
    }
    const base = pos - len;
    const bestSeat = (this.turn - len + this.best - base) & 3;
    const beats = (this.follows & (1 << move)) !== 0 && power > this.bestPower;
    const ours = this.sideOf[bestSeat] === this.sideOf[this.turn] && this.nSides === 2;
    // Whether the side keeps the trick if this seat does not take it (the same for every card: kept for the position).
    const h = this.hands;
    const live = h[0] | h[1] | h[2] | h[3];
    if (live !== this.keepLive || pos !== this.keepPos || this.cards[this.best] * 32 + this.led !== this.keepBest) {
      this.keepLive = live;
      this.keepPos = pos;
      this.keepBest = this.cards[this.best] * 32 + this.led;
      this.keeps = ours ? !this.beatenAfter(this.cards[this.best], this.sideOf[this.turn], this.turn, len, this.led) : this.partnerTakes(len, this.led, this.cards[this.best]);
    }
    if (beats) {
      // Taking the trick: best with a card no one after can beat, and with points; over a partner only when the partner would lose it.
      const holds = !this.beatenAfter(move, this.sideOf[this.turn], this.turn, len, this.led);
      if (ours) return holds && !this.keeps ? 650 + pts * 4 - (power & 127) : holds ? pts * 2 - 200 : -300 + pts;
      return (holds ? 700 : 300) + pts * 4 - (power & 127);
    }
    // Not taking it: points onto a trick the side keeps, else the least.
    return this.keeps ? 600 + pts * 4 - (power & 127) : -pts * 4 - (power & 127);
  }

  /** Whether the side to move keeps the trick on the table when it does not take it itself, for the position `keepLive`, `keepPos`, `keepBest` (the hands follow from the cards still out, the trick from its place and best card). */
  private keeps = false;
  private keepLive = -1;
  private keepPos = -1;
  private keepBest = -1;

  /** Whether a partner after the seat to move (at trick place `len`) can take the trick (`led` led, `best` best) with a card no one after can beat. */
  private partnerTakes(len: number, led: Card, best: Card): boolean {
    if (this.nSides !== 2) return false;
    const side = this.sideOf[this.turn];
    const ledClass = this.follow[led];
    const follows = this.followsOf[led];
    const h = this.hands;
    for (let i = len + 1; i < 4; i++) {
      const q = (this.turn + i - len) & 3;
      if (this.sideOf[q] !== side) continue;
      const hand = h[q];
      let winners = ((hand & ledClass) !== 0 ? hand & ledClass : hand) & follows & this.stronger[best];
      while (winners !== 0) {
        const c = 31 - Math.clz32(winners & -winners);
        winners &= winners - 1;
        if (!this.beatenAfter(c, side, q, i, led)) return true;
      }
    }
    return false;
  }

  /** Whether a seat after trick place `at` (held by `seat`), of another side than `side`, can legally beat `card` if it lies best in a trick where `led` was led. */
  private beatenAfter(card: Card, side: number, seat: Seat, at: number, led: Card): boolean {
    const ledClass = this.follow[led];
    const over = this.followsOf[led] & this.stronger[card];
    const h = this.hands;
    for (let i = at + 1; i < 4; i++) {
      const q = (seat + i - at) & 3;
      if (this.sideOf[q] === side && this.nSides === 2) continue;
      const hand = h[q];
      if ((((hand & ledClass) !== 0 ? hand & ledClass : hand) & over) !== 0) return true;
    }
    return false;
  }

  /** The question the `need` fields answer: the seat, the threshold. */
  private qSeat = -1;
  private qThreshold = NaN;
  /** Whether the seat's payout rises with the party's points (1), falls (-1) or does not depend on them (0), when the party takes some tricks but not all. */
  private qDirection = 0;
  /** The party's points from which (rising) or up to which (falling) the seat reaches the threshold. */
  private qPoints = 0;
  /** Whether the answer is the same with and without Schwarz: at 0 points (`qLowSafe`), at all (`qHighSafe`), both. */
  private qLowSafe = true;
  private qHighSafe = true;
  private qSchwarzSafe = true;

  /**
   * The key of the position for the question whether `seat` ends with at
   * least `threshold` (exact, 53 bits): as `hash`, but instead of the
   * party's points, how many points it still needs to make the seat reach
   * the threshold (or may still take without it falling below), 0 or beyond
   * what is left when that is decided. The payout depends on the party's
   * points and on whether it took no trick or every trick, and then the
   * points are fixed by the tricks; so equal keys answer alike.
   */
  questionKey(seat: Seat, threshold: number): number {
    if (this.ramsch) return -1;
    if (seat !== this.qSeat || threshold !== this.qThreshold) this.setQuestion(seat, threshold);
    if (this.qDirection === 0) return this.key(0);
    const sp = this.seatPoints;
    let taken = 0;
    for (let s = 0; s < 4; s++) taken += sp[s];
    const left = this.totalPoints - taken;
    const p0 = this.seatPointsOfSide0();
    const code =
      this.qDirection > 0 ? Math.max(0, Math.min(this.qPoints - p0, left + 1)) : Math.max(-1, Math.min(this.qPoints - p0, left)) + 1;
    return this.key(code);
  }

  /**
   * The question whether `seat` ends with at least `threshold`, as one of
   * the party's points from here on: when the seat's payout, some tricks
   * taken by each side, rises (falls) with the party's points, it reaches
   * the threshold when the party takes at least (at most) the points still
   * missing (to spare). Not so in a Bettel, tout or Ramsch, and not where
   * Schwarz could still tip the answer (no trick yet on a side, nor, between
   * tricks, the highest trump still out, which takes one; and the answer at
   * 0 or all points differs with and without a trick).
   */
  pointsQuestion(seat: Seat, threshold: number, out: Float64Array): boolean {
    if (this.ramsch) return false;
    if (seat !== this.qSeat || threshold !== this.qThreshold) this.setQuestion(seat, threshold);
    if (this.qDirection === 0) return false;
    if (!this.qSchwarzSafe) {
      const t0 = this.sideTr[0];
      const t1 = this.sideTr[1];
      if ((t0 === 0 && !this.qLowSafe) || (t1 === 0 && !this.qHighSafe)) {
        // Between tricks, the side holding the highest trump still out is sure of a trick.
        const top = this.topTrumpSide();
        if ((t0 === 0 && !this.qLowSafe && top !== 0) || (t1 === 0 && !this.qHighSafe && top !== 1)) return false;
      }
    }
    out[0] = this.qDirection;
    out[1] = this.qPoints - this.seatPointsOfSide0();
    return true;
  }

  /** Between tricks, the side that holds the highest trump still out (it takes a trick with it whatever is played); -1 within a trick or with no trump out. */
  private topTrumpSide(): number {
    if ((this.pos & 3) !== 0) return -1;
    const h = this.hands;
    const order = this.trumpOrder;
    for (let i = 0; i < order.length; i++) {
      const bit = 1 << order[i];
      for (let s = 0; s < 4; s++) if ((h[s] & bit) !== 0) return this.sideOf[s];
    }
    return -1;
  }

  /**
   * The position without its past, for the points the party can still
   * take: the cards held, the cards on the table, the seat to move, and
   * whether the called suit was searched while its Sau is out (44 bits).
   */
  futureKey(): number {
    if (this.ramsch) return -1;
    return this.key(0, false);
  }

  /**
   * The cards still out, with the cards of each run replaced by the first
   * cards of the run dealt to the same seats in the same order: positions
   * that differ only in which cards of equal worth and neighbouring
   * strength were played (the first or the second of two Ober of one seat,
   * say) then have the same key. Which cards are out, who holds them and
   * how they rank against each other and count is all the rest of the deal
   * depends on, so equal results mean equal futures.
   */
  private canonical(live: number): number {
    let out = live & this.alone;
    const cards = this.runCards;
    const holder = this.runHolder;
    const end = this.runEnd;
    for (let i = 0; i < cards.length; ) {
      const stop = end[i];
      let j = i;
      for (let k = i; k < stop; k++) {
        if ((live & (1 << cards[k])) === 0) continue;
        const h = holder[k];
        while (holder[j] !== h) j++;
        out |= 1 << cards[j];
        j++;
      }
      i = stop;
    }
    return out;
  }

  /**
   * The least and the most card points the party can still take under best
   * play (the party taking as many as it can, everyone else as few):
   * between none and all that are not yet in a finished trick; between
   * tricks, the run of trumps from the highest still out that one side
   * holds is sure to win its tricks, so its points are that side's, and so
   * are, for each seat of the other side, its k cards of least points at
   * least, k the most cards of the run in one hand of that side (they fall
   * in k different tricks, and the other side puts a card into each);
   * before the last two tricks, the exact points (`LastTricks`).
   */
  futureBounds(out: Float64Array): void {
    const left = this.totalPoints - this.taken;
    out[0] = 0;
    out[1] = left;
    if ((this.pos & 3) !== 0) return;
    const h = this.hands;
    const so = this.sideOf;
    if (this.end - this.pos === 8) {
      out[0] = out[1] = this.lastTricks.value(h, this.turn, so, this.searchedIn >= this.pos >> 2, left);
      return;
    }
    if (this.end - this.pos === 4) {
      // The last trick: every card is forced, so its points are known.
      const lead = 31 - Math.clz32(h[this.turn]);
      const follows = this.followsOf[lead];
      const power = this.power;
      let winner = this.turn;
      let bestPower = power[lead];
      let pts = this.cardPoints[lead];
      for (let i = 1; i < 4; i++) {
        const q = (this.turn + i) & 3;
        const c = 31 - Math.clz32(h[q]);
        pts += this.cardPoints[c];
        if ((follows & (1 << c)) !== 0 && power[c] > bestPower) {
          bestPower = power[c];
          winner = q;
        }
      }
      out[0] = out[1] = so[winner] === 0 ? pts : 0;
      return;
    }
    this.lastTricks.sureBounds(h, so, left, out);
  }

  /**
   * Three or four tricks before the end, between tricks: the points the
   * party takes from here under best play, fail-soft within (alpha, beta),
   * by `LastTricks` (four tricks searched there, without the solver's play
   * and undo, move order and table, cost about a sixth less than by the
   * solver down to three); NaN elsewhere.
   */
  futureSearch(alpha: number, beta: number): number {
    const cards = this.end - this.pos;
    if ((this.pos & 3) !== 0 || cards < 12 || cards > ENDGAME_TRICKS * 4) return NaN;
    return this.lastTricks.search(this.hands, this.turn, this.sideOf, this.searchedIn >= this.pos >> 2, this.totalPoints - this.taken, alpha, beta);
  }

  /**
   * For the Ramsch solve (ramschPoints.ts): a search of the last three
   * tricks where side 0 keeps its points low and the others push them up
   * (`LastTricks` with `avoiding`, with the deal's legality), to be asked
   * with the hands and a `sideOf` of the caller's own (`maxSlotBits`,
   * `maxBoundBits`: log2 of the most slots its tables grow to, see
   * `LastTricks`).
   */
  avoidingTricks(maxSlotBits = 15, maxBoundBits = 14): LastTricks {
    return new LastTricks(this.t, this.followsOf, this.special, this.sau, this.sauSuit, this.stichzwang, this.stronger, this.twins, this.trumpOrder, true, maxSlotBits, maxBoundBits);
  }

  /** For the Ramsch solve (ramsch.ts): its last tricks searched for "does this seat end below a score?" over this deal's tables. */
  ramschTricks(): RamschLastTricks {
    return new RamschLastTricks(this.t, this.rules, this.followsOf, this.stronger, this.twins, this.trumpRank);
  }

  private setQuestion(seat: Seat, threshold: number): void {
    const table = this.payouts();
    const at = (p: number) => table[this.payoutIndex(p, 1) + seat];
    const total = this.totalPoints;
    const end = this.end >> 2;
    this.qSeat = seat;
    this.qThreshold = threshold;
    // No trick for the party (it has 0 points then) and every trick (all points): does Schwarz change the answer?
    this.qLowSafe = table[this.payoutIndex(0, 0) + seat] >= threshold === at(0) >= threshold;
    this.qHighSafe = table[this.payoutIndex(total, end) + seat] >= threshold === at(total) >= threshold;
    this.qSchwarzSafe = this.qLowSafe && this.qHighSafe;
    if (!this.pointsMatter || at(0) === at(total)) {
      this.qDirection = 0;
      this.qPoints = 0;
    } else if (at(0) < at(total)) {
      this.qDirection = 1;
      let k = 0;
      while (k <= total && at(k) < threshold) k++;
      this.qPoints = k;
    } else {
      this.qDirection = -1;
      let k = total;
      while (k >= 0 && at(k) < threshold) k--;
      this.qPoints = k;
    }
  }

  private seatPointsOfSide0(): number {
    return this.sidePts[0];
  }

  /**
   * The legal cards with one card per class of equivalent cards: a card is
   * left out when the next stronger card of its class (trumps, or its plain
   * suit) that is not in a finished trick is also legal for the same seat
   * and counts the same (where points count): the two then stand in the same
   * relation to every other card, and the value cannot tell them apart. (In
   * a Ramsch trumps are never merged: its loser is found by the trumps taken.)
   */
  distinctMoves(): number {
    const legal = this.legalMask();
    if ((legal & (legal - 1)) === 0) return legal;
    const h = this.hands;
    let live = h[0] | h[1] | h[2] | h[3];
    for (let i = this.pos & ~3; i < this.pos; i++) live |= 1 << this.cards[i];
    const pts = this.cardPoints;
    const above = this.above;
    let out = 0;
    let m = legal & this.mergeable;
    out = legal & ~this.mergeable;
    while (m !== 0) {
      const c = 31 - Math.clz32(m & -m);
      m &= m - 1;
      const up = above[c];
      let keep = true;
      for (let i = 0; i < up.length; i++) {
        const d = up[i];
        if ((live & (1 << d)) === 0) continue;
        if ((legal & (1 << d)) !== 0 && (!this.pointsMatter || pts[d] === pts[c])) keep = false;
        break;
      }
      if (keep) out |= 1 << c;
    }
    return out >>> 0;
  }

  clone(): SchafkopfSearch {
    const copy = Object.create(SchafkopfSearch.prototype) as SchafkopfSearch;
    const fields = copy as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(this)) fields[key] = ArrayBuffer.isView(value) ? (value as Int32Array).slice() : value;
    // The cards and the winners are views of the history: so they are in the copy.
    const history = fields.history as Int32Array;
    fields.cards = new Int8Array(history.buffer, 0, MAX_TRICKS * 4);
    fields.trickWinner = new Int8Array(history.buffer, MAX_TRICKS * 4, MAX_TRICKS);
    fields.lastTricks = this.lastTricks.copy();
    return copy;
  }
}
