import type { Card, Suit } from '../../cards/pack.js';
import type { Seat } from '../game.js';
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
  readonly seat: Seat;
  readonly seats: number;
  readonly dealer: Seat;
  readonly rufer: Seat;
  readonly phase: Phase;
  readonly toAct: readonly Seat[];
  /** This seat's cards, lowest id first. */
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
  readonly events: readonly SchnapsenEvent[];
  readonly outcome: SchnapsenOutcome | null;
}

export function schnapsenView(s: SchnapsenState, seat: Seat): SchnapsenView {
  const announcing = s.phase === 'announce' && s.rules.announcementOrder === 'open';
  const hideBid = (b: { seat: Seat }) => announcing && b.seat !== seat;
  const teams = s.variant === 'bauern' ? 2 : 3;
  const firstTricks: (Trick | null)[] = new Array(teams).fill(null);
  for (const t of s.tricks) {
    const team = teamOf(s, t.winner);
    if (firstTricks[team] === null) firstTricks[team] = t;
  }
  const tricksWon = new Array(s.seats).fill(0);
  for (const t of s.tricks) tricksWon[t.winner]++;
  const declarer = s.contract?.declarer ?? -1;
  const playing = s.phase === 'spritzen' || s.phase === 'play' || s.phase === 'done';
  return {
    game: s.variant === 'bauern' ? 'bauernschnapsen' : 'talonschnapsen',
    seat,
    seats: s.seats,
    dealer: s.dealer,
    rufer: s.rufer,
    phase: s.phase,
    toAct: s.phase === 'done' ? [] : [s.turn],
    hand: maskCards(s.hands[seat]),
    handSizes: s.hands.map(popcount),
    knocked: s.knocked,
    trump: s.trump >= 0 ? (s.trump as Suit) : null,
    trumpBlind: s.trumpBlind,
    turned: s.turned >= 0 ? s.turned : null,
    bids: s.bids.map((b) => (hideBid(b) ? { seat: b.seat, game: null, hidden: true } : b)),
    contract: s.contract,
    leader: s.leader,
    sittingOut: s.sittingOut >= 0 ? s.sittingOut : null,
    spritzLevel: s.spritzLevel,
    talon: s.phase === 'talon' && seat === declarer ? maskCards(s.talon) : null,
    laidAway: s.talonTaken && seat === declarer && s.laidAway ? maskCards(s.laidAway) : null,
    talonTaken: s.talonTaken,
    trick: s.trick,
    firstTricks,
    tricksWon,
    tricksPlayed: s.tricks.length,
    melds: s.melds,
    pendingMeld: s.pendingMeld >= 0 ? (s.pendingMeld as Suit) : null,
    openHands: openHands(s, seat, playing),
    bummerl: s.carry.points,
    events: s.events.map((e) => (e.type === 'bid' && hideBid(e) ? { type: 'bid', seat: e.seat, game: null, hidden: true } : e)),
    outcome: s.outcome,
  };
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
    if (onDeclarerSide(s, seat) || seat === s.sittingOut) return out;
    for (let other = 0; other < s.seats; other++) {
      if (other !== seat && other !== s.sittingOut && !onDeclarerSide(s, other)) out[other] = maskCards(s.hands[other]);
    }
    return out;
  }
  // (b), (c): after the first trick the cards lie open for everybody.
  if (s.tricks.length >= 1) for (const other of plaudererOpenSeats(s)) if (other !== seat) out[other] = maskCards(s.hands[other]);
  return out;
}
