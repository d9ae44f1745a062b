import type { Rng } from '../../../core/rng.js';
import type { Seat } from '../../game.js';
import { CARD_POINTS, CARD_SUIT, NORMAL, PAIR_MASK, RANK_K, RANK_O, STRENGTH, SUIT_MASK } from '../cards.js';
import { gameDef, gameInfo, type GameId } from '../contracts.js';
import type { SchnapsenAction } from '../state.js';
import type { SchnapsenView } from '../view.js';
import type { Agent } from '../../agent.js';
import type { SchnapsenTypes } from '../game.js';
import { choosePlay } from './cardplay.js';
import { allTopRuns, allTricksWithTrump, goodGames, topRun, trumpScore } from './hand.js';
import { declaringSide, know, type Knowledge } from './knowledge.js';

/**
 * The rule-based bot ("rule"): calls trump on its best suit or turns up a
 * card when the three are poor, announces a special game when the hand
 * clearly holds it (a Ringerl always, a Gang or Bauernschnapser when no trick
 * can be lost, a Bettler with nothing but bottom cards, a Schnapser with the
 * top trumps), spritzt "auf Stand" or with a strong hand, and plays the normal
 * game sensibly. It sees only its view and the legal actions.
 */
export function ruleSchnapsenBot(rng: Rng, name = 'easy'): Agent<SchnapsenTypes> {
  return {
    name,
    kind: 'bot',
    choose: (view: SchnapsenView, legal: readonly SchnapsenAction[], _seat: Seat) => decide(view, legal, rng),
  };
}

export function decide(view: SchnapsenView, legal: readonly SchnapsenAction[], rng: Rng): SchnapsenAction {
  if (legal.length === 1) return legal[0];
  const k = know(view);
  const find = (type: SchnapsenAction['type']) => legal.find((a) => a.type === type);
  switch (view.phase) {
    case 'cut':
      // Mostly cut; now and then knock, as players do.
      return (rng.int(6) === 0 ? find('knock') : find('cut')) ?? legal[0];
    case 'blindTrump':
      return legal[rng.int(legal.length)];
    case 'threeUnter': {
      const blind = legal.find((a) => a.type === 'announce');
      return blind ?? find('redeal') ?? legal[0];
    }
    case 'trump':
      return callTrump(view, legal, rng);
    case 'announce':
    case 'raise':
    case 'raiseAfter':
      return announce(k, legal);
    case 'talon':
      return layAway(k, legal);
    case 'spritzen':
      return spritzen(k, legal) ?? find('pass') ?? legal[0];
    case 'play':
      return choosePlay(k, legal);
    default:
      return legal[0];
  }
}

function callTrump(view: SchnapsenView, legal: readonly SchnapsenAction[], rng: Rng): SchnapsenAction {
  let best: SchnapsenAction | undefined;
  let bestScore = -1;
  for (const a of legal) {
    if (a.type !== 'trump') continue;
    // Herz counts double (Herzrunde): a slight preference on equal strength.
    const score = trumpScore(view.hand, a.suit) + (a.suit === 2 ? 0.5 : 0);
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  // A single low card is no trump suit: turn up one of the cards still to come instead.
  if (!best || bestScore < 4.5) {
    const turns = legal.filter((a) => a.type === 'turn');
    if (turns.length > 0) return turns[rng.int(turns.length)];
  }
  return best ?? legal[0];
}

function announce(k: Knowledge, legal: readonly SchnapsenAction[]): SchnapsenAction {
  const trump = k.view.trump ?? -1;
  const good = goodGames(k.hand, trump, k.variant, k.seat === k.view.rufer);
  let best: SchnapsenAction | undefined;
  for (const a of legal) {
    if (a.type !== 'announce' || !good.has(a.game)) continue;
    // "ohne Talon" only for the games that cannot be lost anyway.
    if (a.ohne && !['gang', 'zehnergang', 'bauernschnapser', 'bauernloch', 'kontrabauernschnapser', 'farbenringerl'].includes(a.game)) continue;
    if (!best || rank(a) > rank(best)) best = a;
  }
  return best ?? legal.find((a) => a.type === 'pass') ?? legal[0];
}

function rank(a: SchnapsenAction): number {
  return a.type === 'announce' ? gameInfo(a.game).value * 4 + (a.ohne ? 1 : 0) : -1;
}

/** Talonschnapsen: which two cards to lay away after taking up the talon. */
function layAway(k: Knowledge, legal: readonly SchnapsenAction[]): SchnapsenAction {
  const def = k.def!;
  const pool = k.hand | cardsOf(k.view.talon);
  const keep = (c: number): number => {
    if (def.goal === 'none') return -STRENGTH[def.order * 20 + c];
    if (def.goal === 'all' || def.goal === 'sideAll') {
      let v = STRENGTH[def.order * 20 + c];
      if (def.trump && CARD_SUIT[c] === k.view.trump) v += 10;
      const suit = SUIT_MASK[CARD_SUIT[c]];
      if ((pool & suit) === suit) v += 20;
      return v;
    }
    let v = CARD_POINTS[c];
    if (def.trump && CARD_SUIT[c] === k.view.trump) v += 30;
    const pair = PAIR_MASK[CARD_SUIT[c]];
    if ((c % 5 === RANK_K || c % 5 === RANK_O) && (pool & pair) === pair) v += 25;
    return v;
  };
  let best = legal[0];
  let bestCost = Infinity;
  for (const a of legal) {
    if (a.type !== 'lay') continue;
    const cost = keep(a.cards[0]) + keep(a.cards[1]);
    if (cost < bestCost) {
      bestCost = cost;
      best = a;
    }
  }
  return best;
}

function cardsOf(cards: readonly number[] | null): number {
  let m = 0;
  for (const c of cards ?? []) m |= 1 << c;
  return m;
}

function spritzen(k: Knowledge, legal: readonly SchnapsenAction[]): SchnapsenAction | undefined {
  const double = legal.find((a) => a.type === 'spritzen' || a.type === 'retour' || a.type === 're');
  if (!double || !k.view.contract) return undefined;
  const game = k.view.contract.game;
  const def = gameDef(game, k.variant);
  const trump = k.view.trump ?? -1;
  const declTeam = k.variant === 'bauern' ? k.declarer % 2 : k.declarer;
  const herz = trump === 2 ? 2 : 1;
  const value = (def.goal === 'normal' ? 1 : def.value) * herz;
  const mine = declaringSide(k, k.seat);
  // "Spritzen auf Stand": the declaring side would finish the Bummerl with this game; doubling costs nothing.
  const onStand = !mine && (k.view.bummerl[declTeam] ?? 0) + value * (1 << k.view.spritzLevel) >= 24;
  if (double.type === 'spritzen' || double.type === 're') {
    if (onStand) return double;
    if (double.type === 're') return undefined;
    return strongAgainst(k, game, trump) ? double : undefined;
  }
  // Retour: the declarer with a game that cannot be lost.
  if (k.seat !== k.declarer) return undefined;
  return safeGame(k, game, trump) ? double : undefined;
}

function has(hand: number, card: number): boolean {
  return (hand & (1 << card)) !== 0;
}

function strongAgainst(k: Knowledge, game: GameId, trump: number): boolean {
  const def = gameDef(game, k.variant);
  const hand = k.hand;
  const trumpAss = trump >= 0 && has(hand, trump * 5);
  const trumps = trump >= 0 ? popcount(hand & SUIT_MASK[trump]) : 0;
  const asse = [0, 1, 2, 3].filter((s) => s !== trump && has(hand, s * 5)).length;
  switch (def.goal) {
    case 'normal':
      return (trumpAss && trumps >= 3) || (trumps >= 2 && (hand & PAIR_MASK[trump]) === PAIR_MASK[trump]) || (trumpAss && asse >= 2);
    case 'schnapser':
    case 'sideAll':
      return trumpAss || (trumps >= 3 && has(hand, trump * 5 + 1));
    case 'all':
      return def.trump ? trumpAss || trumps >= 3 : asse >= 2 || (def.order !== NORMAL && [0, 1, 2, 3].filter((s) => has(hand, s * 5 + 1)).length >= 2);
    case 'none':
      return [0, 1, 2, 3].filter((s) => has(hand, s * 5 + 4)).length >= 2;
    default:
      return false;
  }
}

function safeGame(k: Knowledge, game: GameId, trump: number): boolean {
  const def = gameDef(game, k.variant);
  if (def.goal === 'all') return def.trump ? allTricksWithTrump(k.hand, trump, def.order) || topRun(k.hand, trump, def.order) >= 4 : allTopRuns(k.hand, def.order);
  if (def.goal === 'normal') return trump >= 0 && topRun(k.hand, trump, NORMAL) >= 3 && (k.hand & PAIR_MASK[trump]) === PAIR_MASK[trump];
  return false;
}

function popcount(m: number): number {
  let n = 0;
  for (; m; m &= m - 1) n++;
  return n;
}
