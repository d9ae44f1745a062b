import type { Card, Suit } from '../../cards/pack.js';
import { SPECTATOR, type Seat } from '../game.js';
import type { SchnapsenRules } from './rules.js';
import { maskCards } from '../../cards/mask.js';
import { gameDef } from './contracts.js';
import { onDeclarerSide, teamOf } from './draft.js';
import { plaudererOpenSeats } from './play.js';
import type { Bid, Contract, Meld, Phase, PlayedCard, SchnapsenEvent, SchnapsenOutcome, SchnapsenState, Trick } from './state.js';

/**
 * What one seat may know (ARCHITECTURE "view"): its own hand; the trump and a
 * turned-up card; the public events (cut, calls, announcements, every card
 * played, who took each trick, 20/40); each team's first trick, which stays
 * face up for everybody (003 "Grundsätzlich muss der erste Stich eines jeden
 * Teams über die gesamte Spieldauer für alle Spieler sichtbar sein"); the
 * talon and the cards laid away only for the player who took it up; open
 * hands where the Plauderer variant or a shown game opens them. Never another
 * seat's hidden hand.
 */
export interface SchnapsenView {
  readonly game: 'bauernschnapsen' | 'talonschnapsen';
  /** This seat, or SPECTATOR (-1): a spectator sees only what is public (no hand). */
  readonly seat: Seat;
  readonly seats: number;
  /** The rules of the table (a copy). */
  readonly rules: SchnapsenRules;
  readonly dealer: Seat;
  readonly rufer: Seat;
  /**
   * The phase as this seat may know it: while the Rufer decides about three
   * Unter, the others see the pause of the trump call ("trump"), as in any
   * deal; only the Rufer sees "threeUnter".
   */
  readonly phase: Phase;
  readonly toAct: readonly Seat[];
  /** This seat's cards, lowest id first (empty for a spectator). */
  readonly hand: readonly Card[];
  readonly handSizes: readonly number[];
  readonly knocked: boolean;
  readonly trump: Suit | null;
  readonly trumpBlind: boolean;
  /** The card the Rufer turned up for trump, known to all. */
  readonly turned: Card | null;
  /** Announcements so far; in open announcements the others' stay hidden until all have spoken. */
  readonly bids: readonly (Bid & { readonly hidden?: boolean })[];
  readonly contract: Contract | null;
  readonly leader: Seat;
  readonly sittingOut: Seat | null;
  /** 0, 1 (gespritzt), 2 (Retour), 3 (Re). */
  readonly spritzLevel: number;
  /** Talonschnapsen: the talon, only for the declarer while he lays away. */
  readonly talon: readonly Card[] | null;
  /** Talonschnapsen: the two cards laid away, only for the player who laid them. */
  readonly laidAway: readonly Card[] | null;
  readonly talonTaken: boolean;
  readonly trick: readonly PlayedCard[];
  /** Each team's first trick, face up for all: Bauernschnapsen [team of seats 0 & 2, team of seats 1 & 3]; Talonschnapsen one per player. */
  readonly firstTricks: readonly (Trick | null)[];
  readonly tricksWon: readonly number[];
  readonly tricksPlayed: number;
  readonly melds: readonly Meld[];
  readonly pendingMeld: Suit | null;
  /** Hands this seat may see besides its own (Plauderer, shown games); null where hidden. */
  readonly openHands: readonly (readonly Card[] | null)[];
  /** The Bummerl standing before this deal, by team (Bauernschnapsen) or player (Talonschnapsen), counting up. */
  readonly bummerl: readonly number[];
  /** blindRufen: the trump of the running Bummerl carried into this deal (null if none yet). */
  readonly bummerlTrump: Suit | null;
  /** The deal's events as this seat may see them (the same as `events(state, seat, 0)` without the numbers). */
  readonly events: readonly SchnapsenEvent[];
  readonly outcome: SchnapsenOutcome | null;
}

/**
 * The view of one seat (or SPECTATOR): a fresh value that shares nothing
 * with the state, so that changing it changes neither the state nor later
 * views.
 */
export function schnapsenView(s: SchnapsenState, seat: Seat): SchnapsenView {
  const me = seat >= 0 && seat < s.seats ? seat : SPECTATOR;
  const announcing = s.phase === 'announce' && s.rules.announcementOrder === 'open';
  const teams = s.variant === 'bauern' ? 2 : 3;
  const firstTricks: (Trick | null)[] = new Array(teams).fill(null);
  for (const t of s.tricks) {
    const team = teamOf(s, t.winner);
    if (firstTricks[team] === null) firstTricks[team] = copyTrick(t);
  }
  const tricksWon = new Array(s.seats).fill(0);
  for (const t of s.tricks) tricksWon[t.winner]++;
  const declarer = s.contract?.declarer ?? -1;
  const playing = s.phase === 'spritzen' || s.phase === 'play' || s.phase === 'done';
  // 003: three Unter: only the Rufer knows; the others see the Rufer pause for the trump call as always.
  const phase: Phase = s.phase === 'threeUnter' && me !== s.rufer ? 'trump' : s.phase;
  return {
    game: s.variant === 'bauern' ? 'bauernschnapsen' : 'talonschnapsen',
    seat: me,
    seats: s.seats,
    rules: { ...s.rules },
    dealer: s.dealer,
    rufer: s.rufer,
    phase,
    toAct: s.phase === 'done' ? [] : [s.turn],
    hand: me >= 0 ? maskCards(s.hands[me]) : [],
    handSizes: s.hands.map(popcount),
    knocked: s.knocked,
    trump: s.trump >= 0 ? (s.trump as Suit) : null,
    trumpBlind: s.trumpBlind,
    turned: s.turned >= 0 ? s.turned : null,
    bids: s.bids.map((b) => (announcing && b.seat !== me ? { seat: b.seat, game: null, hidden: true } : { ...b })),
    contract: s.contract ? { ...s.contract } : null,
    leader: s.leader,
    sittingOut: s.sittingOut >= 0 ? s.sittingOut : null,
    spritzLevel: s.spritzLevel,
    talon: s.phase === 'talon' && me === declarer ? maskCards(s.talon) : null,
    laidAway: s.talonTaken && me === declarer && s.laidAway ? maskCards(s.laidAway) : null,
    talonTaken: s.talonTaken,
    trick: s.trick.map((p) => ({ ...p })),
    firstTricks,
    tricksWon,
    tricksPlayed: s.tricks.length,
    melds: s.melds.map((m) => ({ ...m })),
    pendingMeld: s.pendingMeld >= 0 ? (s.pendingMeld as Suit) : null,
    openHands: openHands(s, me, playing),
    bummerl: s.carry.points.slice(),
    bummerlTrump: s.carry.trump,
    events: s.events.map((e) => eventFor(s, e, me)),
    outcome: s.outcome ? copyOutcome(s.outcome) : null,
  };
}

function copyTrick(t: Trick): Trick {
  return { cards: t.cards.map((p) => ({ ...p })), winner: t.winner };
}

function copyOutcome(o: SchnapsenOutcome): SchnapsenOutcome {
  return { ...o, score: o.score.slice(), teamScore: o.teamScore.slice(), cardPoints: o.cardPoints.slice(), tricks: o.tricks.slice() };
}

/**
 * One event as this seat may see it, as a fresh value. The only place where
 * Schnapsen's events are redacted: in open announcements another seat's bid
 * is hidden (its game follows in the `reveal` event once all have spoken);
 * the talon and the cards laid away reach only the player who took the talon.
 * Everything else is public.
 */
export function eventFor(s: SchnapsenState, e: SchnapsenEvent, seat: Seat): SchnapsenEvent {
  switch (e.type) {
    case 'bid':
      // Open announcements: every bid of the announcement round (not a raise, not a
      // Blinder Bettler, which is announced alone before the round) is hidden from the others.
      if (s.rules.announcementOrder === 'open' && !e.raise && e.game !== 'blinderbettler' && e.seat !== seat) return { type: 'bid', seat: e.seat, game: null, hidden: true };
      return { ...e };
    case 'talon':
      return seat === e.seat ? { type: 'talon', seat: e.seat, talon: e.talon ? e.talon.slice() : null, cards: e.cards ? e.cards.slice() : null } : { type: 'talon', seat: e.seat, talon: null, cards: null };
    case 'reveal':
      return { type: 'reveal', bids: e.bids.map((b) => ({ ...b })) };
    case 'threeUnter':
    case 'open':
      return { ...e, cards: e.cards.slice() };
    case 'trick':
      return { type: 'trick', winner: e.winner, cards: e.cards.map((p) => ({ ...p })) };
    case 'end':
      return { ...e, score: e.score.slice() };
    default:
      return { ...e };
  }
}

function popcount(m: number): number {
  let n = 0;
  for (; m; m &= m - 1) n++;
  return n;
}

/** Which other hands this seat sees now. */
export function openHands(s: SchnapsenState, seat: Seat, playing: boolean): (Card[] | null)[] {
  const out: (Card[] | null)[] = new Array(s.seats).fill(null);
  const c = s.contract;
  if (!c) return out;
  const game = c.game;
  if (gameDef(game, s.variant).goal === 'shown') {
    // Shown games: the declarer lays his cards open (in Talonschnapsen the Farbenring is played, not shown).
    if (s.phase === 'done' && seat !== c.declarer) out[c.declarer] = maskCards(s.hands[c.declarer]);
    return out;
  }
  if (game !== 'plauderer' || !playing) return out;
  if (s.rules.plaudererVariant === 'a') {
    // (a) "die gegnerischen Spieler [dürfen] vor dem ersten Ausspielen zusammenspielen (jeweils in die Karten schauen)":
    // each opponent sees the other opponents' hands; what they saw they keep knowing.
    if (seat < 0 || onDeclarerSide(s, seat) || seat === s.sittingOut) return out;
    for (let other = 0; other < s.seats; other++) {
      if (other !== seat && other !== s.sittingOut && !onDeclarerSide(s, other)) out[other] = maskCards(s.hands[other]);
    }
    return out;
  }
  // (b), (c): after the first trick the cards lie open for everybody.
  if (s.tricks.length >= 1) for (const other of plaudererOpenSeats(s)) if (other !== seat) out[other] = maskCards(s.hands[other]);
  return out;
}
