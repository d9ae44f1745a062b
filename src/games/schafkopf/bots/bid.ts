import { popcount32 } from '../../../cards/bits.js';
import { rankSet, type Pack } from '../../../cards/pack.js';
import type { SchafkopfAction } from '../notation.js';
import { schafkopfPack } from '../cards.js';
import type { GameChoice } from '../contract.js';
import { playTables } from '../tables.js';
import type { SchafkopfView } from '../view.js';
import { bettelRisk, callRank, evaluate } from './evaluate.js';
import { maskOf } from '../../../cards/mask.js';

/**
 * Minimum hand values for announcing a game. Calibrated on 20,000 deals
 * between rule bots (aumer-koller): a Solo breaks even in money at a value of
 * about 8.7 (70% won at 9.0), a Wenz at about 5.7 (67% won at 6.0), a
 * Rufspiel at about 5.0 (70% won at 5.5).
 */
export const THRESHOLDS = {
  rufspiel: 5.2,
  solo: 9.0,
  wenz: 6.0,
  bettelRisk: 0.5,
  /** Stoß against a game: the opponent's own value in that game's trumps. */
  stossRufspiel: 6.0,
  stossSolo: 6.0,
  stossWenz: 5.0,
};

type Bid = Extract<SchafkopfAction, { type: 'bid' }>;

/** How desirable a game is for this hand: its margin over the threshold, shifted by the game's worth; undefined if too weak. */
function desire(pack: Pack, hand: number, g: GameChoice, forced: boolean): number | undefined {
  if (g.kind === 'sie') return 1000;
  if (g.kind === 'bettel') {
    const r = bettelRisk(pack, hand);
    return r <= THRESHOLDS.bettelRisk || forced ? 20 - r : undefined;
  }
  const v = evaluate(pack, hand, g);
  const total = playTables(pack, g.kind, g.kind === 'rufspiel' ? undefined : g.suit).trumpOrder.length;
  if (g.tout) {
    const enemyTrumps = total - v.trumps;
    return v.sideSolid && v.topRun >= enemyTrumps && v.trumps >= 5 ? 500 + v.score : undefined;
  }
  if (g.kind === 'rufspiel') {
    const margin = v.score - THRESHOLDS.rufspiel;
    // Prefer the call that leaves the fewest cards in the called suit.
    const call = callRank(pack, hand, g.suit!);
    return (v.trumps >= 3 && margin >= 0) || forced ? 10 + margin - call / 100 : undefined;
  }
  const figureOnly = g.kind === 'wenz' || g.kind === 'geier';
  const figures = figureOnly ? popcount32(hand & playTables(pack, g.kind).trumps) : v.trumps;
  const min = figureOnly ? THRESHOLDS.wenz : THRESHOLDS.solo;
  const margin = v.score - min;
  const enough = figureOnly ? figures >= 2 : figures >= 5;
  return (enough && margin >= 0) || forced ? 100 + margin : undefined;
}

/** The bot's bid: the most desirable legal game the hand can carry, else weiter. */
export function chooseBid(view: SchafkopfView, legal: readonly SchafkopfAction[]): SchafkopfAction {
  const pack = schafkopfPack(view.rules.kurzeKarte);
  const hand = maskOf(view.hand);
  const forced = view.phase === 'mussspiel';
  let best: { action: Bid; value: number } | undefined;
  for (const a of legal) {
    if (a.type !== 'bid') continue;
    const value = desire(pack, hand, a.game, forced);
    if (value !== undefined && (!best || value > best.value)) best = { action: a, value };
  }
  if (best) return best.action;
  return legal.find((a) => a.type === 'weiter') ?? legal[0];
}

/** Knock with three Herren (Ober, Unter) or more among the first cards. */
export function chooseKlopfen(view: SchafkopfView): SchafkopfAction {
  const pack = schafkopfPack(view.rules.kurzeKarte);
  const herren = rankSet(pack, 'O').union(rankSet(pack, 'U')).mask;
  const hand = maskOf(view.hand);
  return popcount32(hand & herren) >= 3 ? { type: 'klopfen' } : { type: 'weiter' };
}

/**
 * Stoß against a game the hand can hurt: many or high trumps of the
 * declarer's game; Re when the own game is far above what it needed.
 */
export function chooseStoss(view: SchafkopfView, legal: readonly SchafkopfAction[]): SchafkopfAction {
  if (!legal.some((a) => a.type === 'stoss')) return { type: 'weiter' };
  const pack = schafkopfPack(view.rules.kurzeKarte);
  const hand = maskOf(view.hand);
  const contract = view.contract!;
  const v = evaluate(pack, hand, contract);
  const against = view.stoss.length % 2 === 0;
  if (against) {
    const figureOnly = contract.kind === 'wenz' || contract.kind === 'geier';
    const bar = contract.kind === 'rufspiel' ? THRESHOLDS.stossRufspiel : figureOnly ? THRESHOLDS.stossWenz : THRESHOLDS.stossSolo;
    const minTrumps = figureOnly ? 2 : contract.kind === 'rufspiel' ? 4 : 3;
    return v.score >= bar && v.trumps >= minTrumps ? { type: 'stoss' } : { type: 'weiter' };
  }
  const need = contract.kind === 'rufspiel' ? THRESHOLDS.rufspiel + 2.5 : contract.kind === 'wenz' || contract.kind === 'geier' ? THRESHOLDS.wenz + 2 : THRESHOLDS.solo + 2;
  return v.score >= need ? { type: 'stoss' } : { type: 'weiter' };
}
