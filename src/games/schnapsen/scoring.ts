import type { Suit } from '../../cards/pack.js';
import { gameDef, type GameId } from './contracts.js';
import { maskPoints } from './cards.js';
import { maskCards } from '../../cards/mask.js';
import { onDeclarerSide, teamOf, type Draft } from './draft.js';
import { normalGamePoints, sidePoints } from './judge.js';
import type { EndInfo, SchnapsenOutcome } from './state.js';

const HERZ = 2;

/** 003 Herzrunde: "sobald Herz als Trumpffarbe gewählt wurde ... werden dabei die Punkte verdoppelt". */
export function herzrunde(d: Pick<Draft, 'rules' | 'trump'>): boolean {
  return d.rules.herzrunde && d.trump === HERZ;
}

function bummerlTrump(d: Draft): Suit | null {
  return d.rules.blindRufen && d.trump >= 0 ? (d.trump as Suit) : null;
}

function trickCounts(d: Draft): number[] {
  const out = new Array(d.seats).fill(0);
  for (const t of d.tricks) out[t.winner]++;
  return out;
}

function finish(d: Draft, outcome: SchnapsenOutcome, end: EndInfo): void {
  d.phase = 'done';
  d.turn = -1;
  d.outcome = outcome;
  d.events.push({ type: 'end', game: outcome.game, declarer: outcome.declarer, won: outcome.won, score: outcome.score.slice(), ...end });
}

/** An EndInfo with only the fields given set. */
export function ended(why: EndInfo['why'], more: Partial<Omit<EndInfo, 'why'>> = {}): EndInfo {
  return { why, by: more.by ?? null, points: more.points ?? null, tricks: more.tricks ?? null };
}

/** Three Unter: a new deal that scores nothing; the same dealer deals again (see the sitting). */
export function finishRedeal(d: Draft): void {
  finish(d, {
    score: new Array(d.seats).fill(0),
    teamScore: new Array(d.variant === 'bauern' ? 2 : 3).fill(0),
    game: 'redeal',
    declarer: null,
    won: false,
    base: 0,
    spritz: 1,
    herzrunde: false,
    cardPoints: new Array(d.seats).fill(0),
    tricks: new Array(d.seats).fill(0),
    endsBummerl: false,
    bummerlTrump: bummerlTrump(d),
    reason: `seat ${d.rufer} has three Unter and asks for a new deal`,
  }, ended('redeal', { by: d.rufer }));
}

/**
 * Farbenringerl, Trumpfringerl and Kontra-Herrenbauer are won by showing the
 * hand: "durch Ablegen der Karten als gewonnen erklärt" (003 Farbringerl,
 * Herrenschnapser, Kontra-Herrenbauer). Nothing is played, so nothing can be
 * spritzed.
 */
export function finishShown(d: Draft): void {
  const c = d.contract!;
  d.events.push({ type: 'open', seat: c.declarer, cards: maskCards(d.hands[c.declarer]) });
  finishGame(d, true, `seat ${c.declarer} shows the ${gameDef(c.game, d.variant).name}`, ended('shown', { by: c.declarer }));
}

/** Books the result of the game for the declarer's side. */
export function finishGame(d: Draft, declarerWon: boolean, reason: string, end: EndInfo): void {
  const c = d.contract!;
  const def = gameDef(c.game, d.variant);
  const tricks = trickCounts(d);
  const cardPoints = d.taken.map(maskPoints);
  let base = def.value;
  if (def.goal === 'normal') {
    // Points of the normal game by the losers' card points and tricks (20/40 included once they have a trick).
    let loserCards = 0;
    let loserMelds = 0;
    let loserTricks = 0;
    for (let seat = 0; seat < d.seats; seat++) {
      if (onDeclarerSide(d, seat) === declarerWon) continue;
      loserCards += cardPoints[seat];
      loserTricks += tricks[seat];
      for (const m of d.melds) if (m.seat === seat) loserMelds += m.points;
    }
    base = normalGamePoints(sidePoints(loserCards, loserMelds, loserTricks), loserTricks);
  }
  const spritz = 1 << d.spritzLevel;
  const herz = herzrunde(d);
  const points = base * spritz * (herz ? 2 : 1);
  const score = new Array(d.seats).fill(0);
  const teamScore = new Array(d.variant === 'bauern' ? 2 : 3).fill(0);
  for (let seat = 0; seat < d.seats; seat++) {
    if (onDeclarerSide(d, seat) === declarerWon) {
      score[seat] = points;
      teamScore[teamOf(d, seat)] = points;
    }
  }
  finish(d, {
    score,
    teamScore,
    game: c.game as GameId,
    declarer: c.declarer,
    won: declarerWon,
    base,
    spritz,
    herzrunde: herz,
    cardPoints,
    tricks,
    endsBummerl: c.game === 'kontrabauernschnapser' || c.game === 'kontraherrenbauer',
    bummerlTrump: bummerlTrump(d),
    reason,
  }, end);
}

