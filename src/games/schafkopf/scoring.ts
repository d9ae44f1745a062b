import type { Card } from '../../cards/pack.js';
import type { ScoredOutcome, Seat } from '../game.js';
import { isPointGame, isSoloKind, type Contract } from './contract.js';
import type { SchafkopfRules } from './rules.js';
import type { PlayTables } from './tables.js';

/** A finished trick: who led, the four cards in playing order, who took it. */
export interface DoneTrick {
  readonly leader: Seat;
  readonly cards: readonly Card[];
  readonly winner: Seat;
}

/** What a deal leaves behind: money per seat (in cents) and the Stock and Bock it changes. */
export interface SchafkopfOutcome extends ScoredOutcome {
  /** Money won (+) or lost (-) by each seat, in cents. */
  readonly score: readonly number[];
  /** How the Stock changes: positive when paid into it, negative when paid out. sum(score) + stock = 0. */
  readonly stock: number;
  /** Bock added for the next deal (a deal thrown in under allPass=bock). */
  readonly bock: number;
  readonly thrownIn: boolean;
  readonly contract: Contract | null;
  /** The declaring party (declarer and, in a Rufspiel, the partner); empty in a Ramsch. */
  readonly party: readonly Seat[];
  /** Card points (Augen) taken by each seat. */
  readonly points: readonly number[];
  /** Tricks taken by each seat. */
  readonly tricks: readonly number[];
  /** Whether the declaring party won; null in a Ramsch or when thrown in. */
  readonly won: boolean | null;
  readonly schneider: boolean;
  readonly schwarz: boolean;
  /** Laufende of the deal (counted whether or not they are paid). */
  readonly laufende: number;
  /** 2 to the power of Klopfer, Stöße and Bock. */
  readonly multiplier: number;
  /** The base amount before the multiplier: what one loser pays one winner. */
  readonly amount: number;
  /** Ramsch: who lost (or won by Durchmarsch), and the Jungfrauen. */
  readonly ramsch?: { readonly loser: Seat | null; readonly durchmarsch: Seat | null; readonly jungfrauen: readonly Seat[] };
}

export interface ScoringInput {
  readonly rules: SchafkopfRules;
  readonly tables: PlayTables;
  readonly contract: Contract;
  readonly dealt: readonly number[];
  readonly tricks: readonly DoneTrick[];
  readonly doublings: number;
  readonly stock: number;
}

/** Laufende (002 6.3): the unbroken run of top trumps held by one party, with or without them. */
export function countLaufende(t: PlayTables, partyMask: number, rules: SchafkopfRules): number {
  const order = t.trumpOrder;
  const end = rules.laufende === 'herren' ? t.herren : order.length;
  if (end === 0) return 0;
  const side = (partyMask & (1 << order[0])) !== 0;
  let n = 1;
  while (n < end && ((partyMask & (1 << order[n])) !== 0) === side) n++;
  return n;
}

/** From how many Laufende they are paid in this game (002 6.4.1, 6.4.2). */
export function laufendeFrom(rules: SchafkopfRules, contract: Contract): number {
  switch (contract.kind) {
    case 'rufspiel':
      return rules.laufendeFromRufspiel;
    case 'wenz':
    case 'geier':
      return rules.laufendeFromWenz;
    default:
      return rules.laufendeFromSolo;
  }
}

/**
 * How many of the deal's Laufende are paid (002 6.4.1, 6.4.2): all of them from
 * the game's threshold on, none below it; a Sie pays its eight always, a Bettel none.
 */
export function paidLaufende(rules: SchafkopfRules, contract: Contract, laufende: number): number {
  if (contract.kind === 'sie') return laufende;
  if (contract.kind === 'bettel') return 0;
  return laufende >= laufendeFrom(rules, contract) ? laufende : 0;
}

function tally(tricks: readonly DoneTrick[], points: Uint8Array): { points: number[]; tricks: number[] } {
  const p = [0, 0, 0, 0];
  const n = [0, 0, 0, 0];
  for (const t of tricks) {
    n[t.winner]++;
    for (const c of t.cards) p[t.winner] += points[c];
  }
  return { points: p, tricks: n };
}

/** The partner in a Rufspiel: whoever was dealt the called Sau. */
export function partyOf(contract: Contract, dealt: readonly number[], calledSau: Card): Seat[] {
  if (contract.declarer === null) return [];
  if (contract.kind !== 'rufspiel') return [contract.declarer];
  const partner = dealt.findIndex((h) => (h & (1 << calledSau)) !== 0);
  return [contract.declarer, partner];
}

export interface Settlement {
  readonly won: boolean;
  readonly schneider: boolean;
  readonly schwarz: boolean;
  /** What one loser pays one winner, before doublings. */
  readonly amount: number;
}

/**
 * Who wins a game with a declaring party, and what it is worth (002 6):
 * 61 card points win (60 in a Mussspiel, 6.2.1); Schneider at 91:29, the
 * non-players free with 30 and the players with 31 (6.2.2); Schwarz when a
 * party took no trick (6.2.3); Tout: every trick, paid 2 x (1 SE + Laufende x
 * GE) (6.4.2); Sie 4 x (1 SE + 8 GE); Bettel: no trick. Laufende are paid
 * from the game's threshold on (6.4.1, 6.4.2).
 */
export function settlePointGame(
  rules: SchafkopfRules,
  contract: Contract,
  partyPoints: number,
  partyTricks: number,
  allTricks: number,
  laufende: number,
): Settlement {
  const paid = paidLaufende(rules, contract, laufende);
  const base = contract.kind === 'rufspiel' ? rules.tarifRufspiel : rules.tarifSolo;
  if (contract.kind === 'sie') {
    return { won: true, schneider: true, schwarz: true, amount: 4 * (base + laufende * rules.tarifLaufende) };
  }
  if (contract.kind === 'bettel') {
    return { won: partyTricks === 0, schneider: false, schwarz: false, amount: rules.tarifBettel };
  }
  if (contract.tout) {
    const won = partyTricks === allTricks;
    return { won, schneider: false, schwarz: won, amount: 2 * (base + paid * rules.tarifLaufende) };
  }
  const won = partyPoints >= (contract.mussspiel ? 60 : 61);
  const schneider = won ? partyPoints >= 91 : partyPoints <= 30;
  const schwarz = won ? partyTricks === allTricks : partyTricks === 0;
  const amount = base + rules.tarifSchneider * ((schneider ? 1 : 0) + (schwarz ? 1 : 0)) + paid * rules.tarifLaufende;
  return { won, schneider, schwarz, amount };
}

/**
 * Who pays whom in a game with a declaring party: each loser pays each
 * winner `amount` (a declarer alone gets or pays it three times; the party
 * is a mask of seats), and in a
 * Rufspiel the Stock goes to the winners, or the losers double it (002
 * 5.3.7 c). Writes the payouts into `score` and returns how the Stock
 * changes (sum(score) + that = 0). Shared by `scoreDeal` and the search state.
 */
export function payouts(contract: Contract, partySeats: number, won: boolean, amount: number, stockBefore: number, score: number[] | Float64Array): number {
  const each = won ? amount : -amount;
  const solo = isSoloKind(contract.kind);
  for (let s = 0; s < 4; s++) score[s] = (partySeats & (1 << s)) !== 0 ? (solo ? 3 * each : each) : -each;
  if (contract.kind !== 'rufspiel' || stockBefore <= 0) return 0;
  const share = stockBefore / 2;
  for (let s = 0; s < 4; s++) if ((partySeats & (1 << s)) !== 0) score[s] += won ? share : -share;
  return won ? -stockBefore : stockBefore;
}

/** Scores a deal that was played (or shown, for the Sie). */
export function scoreDeal(input: ScoringInput, party: readonly Seat[]): SchafkopfOutcome {
  const { rules, tables, contract, tricks, doublings } = input;
  const multiplier = 2 ** doublings;
  const taken = tally(tricks, tables.points);
  if (contract.kind === 'sie' && contract.declarer !== null) {
    // The Sie is shown, not played: its holder takes every card (002 5.3.5).
    const handSize = tables.pack.size / 4;
    taken.points[contract.declarer] = 120;
    taken.tricks[contract.declarer] = handSize;
  }
  if (contract.kind === 'ramsch') return scoreRamsch(input, taken, multiplier);

  let partyMask = 0;
  for (const s of party) partyMask |= input.dealt[s];
  const inParty = (s: Seat) => party.includes(s);
  const partyPoints = [0, 1, 2, 3].filter(inParty).reduce((a, s) => a + taken.points[s], 0);
  const partyTricks = [0, 1, 2, 3].filter(inParty).reduce((a, s) => a + taken.tricks[s], 0);
  const laufende = isPointGame(contract.kind) ? countLaufende(tables, partyMask, rules) : 0;

  const settled = settlePointGame(rules, contract, partyPoints, partyTricks, tricks.length, laufende);
  const { won, schneider, schwarz, amount } = settled;
  const score = [0, 0, 0, 0];
  const stock = payouts(contract, party.reduce((m, s) => m | (1 << s), 0), won, amount * multiplier, input.stock, score);
  return {
    score,
    stock,
    bock: 0,
    thrownIn: false,
    contract,
    party: [...party],
    points: taken.points,
    tricks: taken.tricks,
    won,
    schneider,
    schwarz,
    laufende,
    multiplier,
    amount,
  };
}

/**
 * Ramsch (002 5.3.6.3): everyone for himself, whoever took the most card
 * points loses and pays each other player. Ties: the tied player whose
 * tricks hold the highest trump loses (the online sites' rule); if none of
 * them took a trump, the one with more tricks, then the earlier seat.
 * A Durchmarsch wins instead; Jungfrauen (no trick) double as the house rule
 * says.
 */
function scoreRamsch(input: ScoringInput, taken: { points: number[]; tricks: number[] }, multiplier: number): SchafkopfOutcome {
  const { rules, tables, tricks } = input;
  const trumpRank = [0, 1, 2, 3].map((s) => {
    let bestRank = NO_TRUMP;
    for (const t of tricks) {
      if (t.winner !== s) continue;
      for (const c of t.cards) {
        const r = tables.trumpOrder.indexOf(c);
        if (r >= 0 && r < bestRank) bestRank = r;
      }
    }
    return bestRank;
  });
  const score = [0, 0, 0, 0];
  const settled = settleRamsch(rules, multiplier, taken.points, taken.tricks, trumpRank, tricks[0].leader, tricks.length, score);
  const base = { thrownIn: false, stock: 0, bock: 0, party: [], points: taken.points, tricks: taken.tricks, won: null, schneider: false, schwarz: false, laufende: 0, multiplier, contract: input.contract };
  if (settled >= 4) return { ...base, score, amount: rules.tarifRamsch, ramsch: { loser: null, durchmarsch: settled - 4, jungfrauen: [] } };
  const jungfrauen = [0, 1, 2, 3].filter((s) => taken.tricks[s] === 0);
  const m = rules.ramschJungfrau === 'doubleAll' ? multiplier * 2 ** jungfrauen.length : multiplier;
  return { ...base, score, amount: rules.tarifRamsch, multiplier: m, ramsch: { loser: settled, durchmarsch: null, jungfrauen } };
}

/** The rank of a seat's highest trump taken when it took none (ranks count from 0, the highest trump). */
export const NO_TRUMP = 15;

/**
 * The Ramsch's settlement (see `scoreRamsch`) from what each seat took: its
 * card points, its tricks and the rank of the highest trump in them
 * (`NO_TRUMP` for none), with `firstLeader` the seat that led the first
 * trick and `trickCount` the tricks of the deal. Writes each seat's score
 * into `score` and returns the loser, or 4 + the seat that made a
 * Durchmarsch. Allocates nothing: the Ramsch solve settles its endgames by it.
 */
export function settleRamsch(
  rules: SchafkopfRules,
  multiplier: number,
  points: ArrayLike<number>,
  tricks: ArrayLike<number>,
  trumpRank: ArrayLike<number>,
  firstLeader: Seat,
  trickCount: number,
  score: { [seat: number]: number },
): number {
  const tarif = rules.tarifRamsch;
  let durchmarsch = -1;
  if (rules.ramschDurchmarsch === 'allTricks') {
    for (let s = 0; s < 4 && durchmarsch < 0; s++) if (tricks[s] === trickCount) durchmarsch = s;
  } else if (rules.ramschDurchmarsch === 'points') {
    for (let s = 0; s < 4 && durchmarsch < 0; s++) if (points[s] >= rules.ramschDurchmarschPoints) durchmarsch = s;
  }
  if (durchmarsch >= 0) {
    for (let s = 0; s < 4; s++) score[s] = s === durchmarsch ? 3 * tarif * multiplier : -tarif * multiplier;
    return 4 + durchmarsch;
  }
  // The loser: the most points; on a tie the highest trump taken, then the most tricks, then the earlier seat from the first leader.
  let loser = firstLeader;
  for (let i = 1; i < 4; i++) {
    const s = (firstLeader + i) & 3;
    if (points[s] < points[loser]) continue;
    if (points[s] === points[loser]) {
      if (trumpRank[s] > trumpRank[loser]) continue;
      if (trumpRank[s] === trumpRank[loser] && tricks[s] <= tricks[loser]) continue;
    }
    loser = s;
  }
  let j = 0;
  for (let s = 0; s < 4; s++) if (tricks[s] === 0) j++;
  const m = rules.ramschJungfrau === 'doubleAll' ? multiplier * 2 ** j : multiplier;
  score[loser] = 0;
  for (let s = 0; s < 4; s++) {
    if (s === loser) continue;
    let pay = tarif * m;
    if (tricks[s] === 0) {
      if (rules.ramschJungfrau === 'doubleIndividuallyOnce') pay *= 2;
      else if (rules.ramschJungfrau === 'doubleIndividuallyMultiple') pay *= 2 ** j;
    }
    score[s] = pay;
    score[loser] -= pay;
  }
  return loser;
}

/** A deal thrown in after everyone passed (002 5.3.7 c): Bock for the next game, or everyone pays into the Stock. */
export function scoreThrownIn(rules: SchafkopfRules): SchafkopfOutcome {
  const stock = rules.allPass === 'stock' ? rules.stockEinsatz : 0;
  return {
    score: [0, 1, 2, 3].map(() => (stock === 0 ? 0 : -stock)),
    stock: 4 * stock,
    bock: rules.allPass === 'bock' ? 1 : 0,
    thrownIn: true,
    contract: null,
    party: [],
    points: [0, 0, 0, 0],
    tricks: [0, 0, 0, 0],
    won: null,
    schneider: false,
    schwarz: false,
    laufende: 0,
    multiplier: 1,
    amount: 0,
  };
}
