import { cardOf, rankSet, type Card, type Pack, type Suit } from '../../cards/pack.js';
import { allowsTout, choiceName, needsSuit, type GameChoice, type GameKind } from './contract.js';
import { suitName } from './cards.js';
import type { SchafkopfRules } from './rules.js';
import { playTables } from './tables.js';

/**
 * How strongly a game outranks others in the bidding (002 5.2, 5.3):
 * Rufspiel < Wenz < Solo < Wenz-Tout < Solo-Tout, the Sie above all; the
 * Herz-Solo over the other Soli (house rule); with soloRanking=equal all
 * one-against-three games rank alike, as do all touts. Geier ranks with the
 * Wenz, Farbwenz and Farbgeier with the Solo, Bettel between Rufspiel and
 * Wenz. Equal ranks: the earlier seat keeps the game, so a later bid must
 * rank strictly higher.
 */
export function gameRank(rules: SchafkopfRules, g: GameChoice): number {
  const equal = rules.soloRanking === 'equal';
  const herz = rules.herzSoloFirst && g.kind === 'solo' && g.suit === 2 ? 5 : 0;
  const figureOnly = g.kind === 'wenz' || g.kind === 'geier';
  switch (g.kind) {
    case 'rufspiel':
      return 10;
    case 'bettel':
      return 20;
    case 'sie':
      return 100;
    case 'ramsch':
      return 0;
    default:
      if (g.tout) return (figureOnly || equal ? 50 : 60) + herz;
      return (figureOnly || equal ? 30 : 40) + herz;
  }
}

const CALLABLE: readonly Suit[] = [0, 1, 3];

/**
 * The calling rule of the Rufspiel on masks (002 5.3.1.1): the caller holds
 * a card of the called suit that is not trump, and not the called Sau.
 */
export function mayCall(hand: number, plainOfSuit: number, sau: Card): boolean {
  return (hand & plainOfSuit) !== 0 && (hand & (1 << sau)) === 0;
}

const announceable = new WeakMap<SchafkopfRules, readonly GameChoice[]>();

/** Every game the rules allow anyone to announce (computed once per rules object). */
export function announceableGames(rules: SchafkopfRules): readonly GameChoice[] {
  const hit = announceable.get(rules);
  if (hit) return hit;
  const out: GameChoice[] = [];
  const enabled: Record<GameKind, boolean> = {
    rufspiel: true,
    wenz: true,
    solo: true,
    sie: !rules.kurzeKarte,
    farbwenz: rules.farbwenz,
    geier: rules.geier,
    farbgeier: rules.farbgeier,
    bettel: rules.bettel,
    ramsch: false,
  };
  for (const kind of Object.keys(enabled) as GameKind[]) {
    if (!enabled[kind]) continue;
    const suits: (Suit | undefined)[] = kind === 'rufspiel' ? [...CALLABLE] : needsSuit(kind) ? [0, 1, 2, 3] : [undefined];
    for (const suit of suits) {
      const base: GameChoice = suit === undefined ? { kind } : { kind, suit };
      out.push(base);
      if (rules.tout && allowsTout(kind)) out.push({ ...base, tout: true });
    }
  }
  announceable.set(rules, out);
  return out;
}

/**
 * Why this hand may not announce this game, or undefined if it may.
 * Rufspiel (002 5.3.1.1): only the Eichel, Gras or Schelln Sau can be
 * called; the caller must hold a card of that suit that is not trump, and
 * not the Sau itself (so whoever holds all three callable Saue cannot call).
 * Sie: all four Ober and all four Unter.
 */
export function cannotAnnounce(rules: SchafkopfRules, pack: Pack, hand: number, g: GameChoice): string | undefined {
  const allowed = announceableGames(rules).some((a) => a.kind === g.kind && a.suit === g.suit && Boolean(a.tout) === Boolean(g.tout));
  if (!allowed) {
    if (g.kind === 'ramsch') return 'a Ramsch is not announced; it is played when everyone passes';
    if (g.kind === 'rufspiel' && g.suit === 2) return 'the Herz-Sau cannot be called: Herz is trump (002 5.3.1.1)';
    if (g.tout && !rules.tout) return 'tout games are not played at this table (house rule tout)';
    if (g.kind === 'sie' && rules.kurzeKarte) return 'a Sie needs eight cards';
    return `${choiceName(g)} is not played at this table (house rule ${g.kind})`;
  }
  return handCannotCarry(pack, hand, g);
}

/** The hand's part of `cannotAnnounce`, for a game the table plays. */
export function handCannotCarry(pack: Pack, hand: number, g: GameChoice): string | undefined {
  if (g.kind === 'rufspiel') {
    const suit = g.suit!;
    const sau = cardOf(pack, suit, 'A')!;
    const plain = playTables(pack, 'rufspiel').plain[suit];
    if (mayCall(hand, plain, sau)) return undefined;
    if ((hand & (1 << sau)) !== 0) return `you hold the ${suitName(suit)}-Sau yourself: call a Sau you do not hold (002 5.3.1.1)`;
    if ((hand & plain) === 0) return `you must hold a card of the called suit that is not trump (002 5.3.1.1)`;
  }
  if (g.kind === 'sie') {
    const herren = rankSet(pack, 'O').union(rankSet(pack, 'U')).mask;
    if ((hand & herren) !== herren) return 'a Sie needs all four Ober and all four Unter';
  }
  return undefined;
}
