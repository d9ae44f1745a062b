import type { Seat } from '../game.js';
import { ANNOUNCEABLE, auctionRank, gameDef, gameInfo, isEnabled, isGameId, type GameId } from './contracts.js';
import { quote } from '../../core/text.js';
import { ASS_MASK, SUIT_MASK } from './cards.js';
import { isRuferOpponent, partnerOf, problem, type Draft, type Problem } from './draft.js';
import { finishShown } from './scoring.js';
import { startSpritzen } from './spritzen.js';
import type { Bid, Contract, SchnapsenAction, SchnapsenState } from './state.js';

/**
 * Announcements (003 "Beginn und Ende", NOTES): in order from the Rufer each
 * player says "weiter" or announces a game higher than the highest so far;
 * the highest is played, between equal games the earlier one stands. Under
 * announcementOrder=open each announces what he holds without hearing the
 * others ("derjenige, der das höchste Spiel angesagt hat, darf selbiges
 * spielen"), and the highest is played.
 */
export function startAnnouncements(d: Draft): void {
  d.phase = 'announce';
  d.speakers = [];
  for (let i = 0; i < d.seats; i++) d.speakers.push((d.rufer + i) % d.seats);
  d.turn = d.speakers[0];
}

/** The highest bid so far (by rank, the earlier on a tie), or undefined. */
export function highestBid(s: Pick<SchnapsenState, 'bids' | 'rules'>): Bid | undefined {
  let best: Bid | undefined;
  for (const b of s.bids) {
    if (b.game === null) continue;
    if (!best || auctionRank(s.rules, b.game, !!b.ohne) > auctionRank(s.rules, best.game as GameId, !!best.ohne)) best = b;
  }
  return best;
}

/** Why this seat may not announce this game with this hand (undefined: it may). */
export function announceProblem(s: SchnapsenState, seat: Seat, game: GameId, ohne: boolean, hand: number): Problem {
  // The id comes from outside: only an own entry of the table is a game ("constructor" is not).
  if (!isGameId(game) || game === 'normal') return problem('badAnnouncement', `${quote(game)} is not a game one can announce`);
  const def = gameInfo(game);
  if (!isEnabled(s.rules, game, s.variant)) return problem('badAnnouncement', `the ${def.name} is not played at this table (house rule ${String(def.rule)} is off)`);
  if (game === 'blinderbettler') return problem('badAnnouncement', 'a Blinder Bettler is announced only by the Rufer with three Unter, before he picks up the rest of his cards');
  if (def.who === 'rufer' && seat !== s.rufer) return problem('badAnnouncement', `only the Rufer (seat ${s.rufer}) may announce the ${def.name} (${def.source})`);
  if (def.who === 'kontra' && !isRuferOpponent(s, seat)) return problem('badAnnouncement', `the ${def.name} is announced only against the Rufer, by his opponents (${def.source})`);
  if (def.who === 'partner' && seat !== partnerOf(s, s.rufer)) return problem('badAnnouncement', `only the Rufer's partner may announce the ${def.name} (${def.source})`);
  if (ohne && s.variant !== 'talon') return problem('badAnnouncement', '"ohne" (without the talon) exists only in Talonschnapsen');
  if (ohne && gameDef(game, s.variant).goal === 'shown') return problem('badAnnouncement', `the ${def.name} is shown, it never takes the talon; announce it without "ohne"`);
  if (game === 'farbenringerl') {
    // 003 Farbringerl: "Wenn man alle fünf Karten einer Farbe besitzt" — "einer Farbe, die nicht Atout ist".
    let found = false;
    for (let suit = 0; suit < 4; suit++) if (suit !== s.trump && (hand & SUIT_MASK[suit]) === SUIT_MASK[suit]) found = true;
    if (!found) return problem('badAnnouncement', 'a Farbenringerl needs all five cards of one suit that is not trump');
  }
  if (game === 'trumpfringerl' || game === 'kontraherrenbauer') {
    if (s.trump < 0 || (hand & SUIT_MASK[s.trump]) !== SUIT_MASK[s.trump]) return problem('badAnnouncement', `the ${def.name} needs all five trumps in hand`);
  }
  // 003 Ass-Bettler: "muss mindestens ein Ass im Blatt haben".
  if (game === 'assbettler' && (hand & ASS_MASK) === 0) return problem('badAnnouncement', 'an Ass-Bettler needs at least one Ass in hand');
  return undefined;
}

function rankAbove(s: SchnapsenState, game: GameId, ohne: boolean): Problem {
  const best = highestBid(s);
  if (best && auctionRank(s.rules, game, ohne) <= auctionRank(s.rules, best.game as GameId, !!best.ohne)) {
    return problem('tooLow', `the ${gameInfo(game).name}${ohne ? ' ohne Talon' : ''} does not beat the ${gameInfo(best.game as GameId).name}${best.ohne ? ' ohne Talon' : ''} already announced; announce a higher game or say "weiter"`);
  }
  return undefined;
}

function gameCandidates(s: SchnapsenState): SchnapsenAction[] {
  const out: SchnapsenAction[] = [{ type: 'pass' }];
  for (const game of ANNOUNCEABLE) {
    out.push({ type: 'announce', game });
    if (s.variant === 'talon') out.push({ type: 'announce', game, ohne: true });
  }
  return out;
}

export const announceCandidates = gameCandidates;
export const raiseCandidates = gameCandidates;

export function checkAnnounce(s: SchnapsenState, seat: Seat, a: SchnapsenAction): Problem {
  if (a.type === 'pass') return undefined;
  if (a.type !== 'announce') return problem('wrongAction', 'announcements: say "weiter" or announce a game');
  const ohne = !!a.ohne;
  const p = announceProblem(s, seat, a.game, ohne, s.hands[seat]);
  if (p) return p;
  return s.rules.announcementOrder === 'ordered' ? rankAbove(s, a.game, ohne) : undefined;
}

export function stepAnnounce(d: Draft, seat: Seat, a: SchnapsenAction): void {
  const bid: Bid = a.type === 'announce' ? { seat, game: a.game, ...(a.ohne ? { ohne: true } : {}) } : { seat, game: null };
  d.bids.push(bid);
  d.events.push({ type: 'bid', seat, game: bid.game, ...(bid.ohne ? { ohne: true } : {}) });
  d.speakers.shift();
  if (d.speakers.length > 0) {
    d.turn = d.speakers[0];
    return;
  }
  // Open announcements: each bid stayed hidden from the others; now all are shown at once.
  if (d.rules.announcementOrder === 'open') d.events.push({ type: 'reveal', bids: d.bids.map((b) => ({ ...b })) });
  const best = highestBid(d as unknown as SchnapsenState);
  const first = d.bids.find((b) => b.game !== null);
  // 003 Talonschnapsen, first rule on raising (regional): "Der Rufer (der als erstes
  // ein Spiel angesagt hat) kann vor Aufnehmen des Talons noch einmal erhöhen, wenn
  // einer seiner Mitspieler ein höheres Spiel gerufen hat." Decision: the player who
  // made the first announcement gets one more turn, once.
  if (d.variant === 'talon' && d.rules.talonRaiseBeforeTalon && first && best && best.seat !== first.seat) {
    d.phase = 'raise';
    d.turn = first.seat;
    return;
  }
  fixContract(d, contractOf(d, best));
}

function contractOf(d: Draft, best: Bid | undefined): Contract {
  // Nobody announced: the normal game, the Rufer's side plays (003 "Normales Spiel").
  return best ? { game: best.game as GameId, declarer: best.seat, ohne: !!best.ohne } : { game: 'normal', declarer: d.rufer, ohne: false };
}

export function checkRaise(s: SchnapsenState, seat: Seat, a: SchnapsenAction): Problem {
  if (a.type === 'pass') return undefined;
  if (a.type !== 'announce') return problem('wrongAction', 'raise: announce a higher game or say "weiter"');
  const p = announceProblem(s, seat, a.game, !!a.ohne, s.hands[seat]);
  return p ?? rankAbove(s, a.game, !!a.ohne);
}

export function stepRaise(d: Draft, seat: Seat, a: SchnapsenAction): void {
  if (a.type === 'announce') {
    const bid: Bid = { seat, game: a.game, ...(a.ohne ? { ohne: true } : {}) };
    d.bids.push(bid);
    d.events.push({ type: 'bid', seat, game: a.game, ...(a.ohne ? { ohne: true } : {}), raise: true });
  } else {
    d.events.push({ type: 'bid', seat, game: null, raise: true });
  }
  fixContract(d, contractOf(d, highestBid(d as unknown as SchnapsenState)));
}

/**
 * The game is settled: who leads, who sits out, and what comes next (the
 * talon, Spritzen, or the end for a game won by showing).
 */
export function fixContract(d: Draft, contract: Contract): void {
  const def = gameDef(contract.game, d.variant);
  d.contract = contract;
  // 003 Bettler: "Bei einer regionalen Variante darf der Partner des Spielers, der den
  // Bettler angesagt hat, nicht mitspielen und muss pausieren" (NOTES: on by default).
  d.sittingOut = d.variant === 'bauern' && def.beggar && d.rules.bettlerPartnerSitsOut ? partnerOf(d, contract.declarer) : -1;
  let leader = def.leader === 'rufer' ? d.rufer : contract.declarer;
  // Decision: the table says "Rufer spielt aus" for the Bettler; when the Rufer is
  // the partner sitting out, the next player to his left leads.
  if (leader === d.sittingOut) leader = (leader + 1) % d.seats;
  d.leader = leader;
  d.events.push({ type: 'contract', game: contract.game, declarer: contract.declarer, leader, ...(d.sittingOut >= 0 ? { sittingOut: d.sittingOut } : {}), ...(contract.ohne && d.variant === 'talon' ? { ohne: true } : {}) });
  if (def.goal === 'shown') {
    finishShown(d);
    return;
  }
  // 003 Talonschnapsen: "Derjenige, der das höchste Spiel gerufen hat, darf nun den Talon
  // aufnehmen und muss dann zwei Karten wieder ablegen"; in the normal game "darf der
  // Rufer den Talon ansehen und ... austauschen". Not taken "ohne Talon".
  if (d.variant === 'talon' && !contract.ohne && !d.talonTaken) {
    d.phase = 'talon';
    d.turn = contract.declarer;
    return;
  }
  startSpritzen(d);
}
