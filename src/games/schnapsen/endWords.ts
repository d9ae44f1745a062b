import { say, type Lang } from '../present.js';
import { gameDef } from './contracts.js';
import type { EndInfo, SchnapsenEvent, SchnapsenOutcome } from './state.js';

/**
 * Why a deal of Bauern- or Talonschnapsen ended as it did, for its summary, in the game's words (003 "Normales
 * Spiel", the special games, "Talonschnapsen"). Play-test: "Normales Spiel · Sepp: verloren (65 Augen, 3 Stiche)"
 * and not a word why; the others had taken the last trick ("… oder den letzten Stich zu gewinnen").
 *
 * The reason is the deal's `end` event where the view has it (the record viewer, a page loaded after the deal);
 * else (the table, whose view of the deal is from before its last trick when the deal's end arrives) it is read
 * from the outcome, which says the same but for who took the last trick.
 */
export function endReason(o: SchnapsenOutcome, events: readonly SchnapsenEvent[] | undefined, lang: Lang, names: readonly string[], melds: readonly { seat: number; points: number }[] = []): string {
  if (o.game === 'redeal' || o.declarer === null) return '';
  const end = endEvent(o, events) ?? inferred(o, melds);
  const declarer = o.declarer;
  const bauern = o.cardPoints.length === 4;
  const name = (s: number | null) => (s === null ? '' : (names[s] ?? `${s}`));
  const goal = gameDef(o.game, bauern ? 'bauern' : 'talon').goal;
  switch (end.why) {
    case 'points':
      if (goal === 'schnapser') return say(lang, `66 Augen in ${end.tricks} ${end.tricks === 1 ? 'Stich' : 'Stichen'}`, `66 in ${end.tricks} trick${end.tricks === 1 ? '' : 's'}`);
      // A game won with 66 says so in its count of Augen already.
      return o.won ? '' : say(lang, 'die Gegner hatten zuerst 66 Augen', 'the others reached 66 first');
    case 'lastTrick': {
      // 003 "Normales Spiel": "Ziel ist es, … 66 Punkte zu erreichen oder den letzten Stich zu gewinnen".
      const by = end.by === null ? '' : ` (${name(end.by)})`;
      return o.won ? say(lang, `mit dem letzten Stich${by}`, `by taking the last trick${by}`) : say(lang, `die Gegner machten den letzten Stich${by}`, `the others took the last trick${by}`);
    }
    case 'cannotReach': {
      // 003 "Talonschnapsen": "Bei einem normalen Spiel muss der Rufer auf mindestens 66 Punkte kommen; dabei werden
      // die im Talon liegenden Karten zu den von ihm erzielten Stichen nicht dazugezählt" (no last-trick rule).
      // The talon is named where its two cards (22 Augen at most: two Ass) could have made up the difference.
      const all = o.tricks.reduce((a, x) => a + x, 0) >= 6;
      const meld = melds.filter((m) => m.seat === declarer).reduce((a, m) => a + m.points, 0);
      const points = o.cardPoints[declarer] + (o.tricks[declarer] > 0 ? meld : 0);
      const talon = points + 22 >= 66 ? say(lang, ', der Talon zählt nicht mit', ', the talon does not count') : '';
      return (all ? say(lang, 'der Rufer braucht 66 Augen', 'the Rufer needs 66') : say(lang, '66 Augen nicht mehr erreichbar', '66 out of reach')) + talon;
    }
    case 'tookTrick': {
      const by = end.by ?? declarer;
      // The Bettler games: the announcer's own trick loses; the line names him already.
      if (goal === 'none') return say(lang, 'einen Stich gemacht, keiner war erlaubt', 'took a trick, none was allowed');
      const partner = bauern && by === (declarer + 2) % 4;
      return partner ? say(lang, `der Partner ${name(by)} machte einen Stich`, `the partner ${name(by)} took a trick`) : say(lang, `${name(by)} machte einen Stich`, `${name(by)} took a trick`);
    }
    case 'short':
      return say(lang, `keine 66 Augen in ${end.tricks} Stichen`, `short of 66 after ${end.tricks} tricks`);
    case 'allTricks':
      return say(lang, 'alle Stiche gemacht', 'every trick taken');
    case 'noTrick':
      return say(lang, 'keinen Stich gemacht', 'no trick taken');
    case 'shown':
      return say(lang, 'Karten aufgelegt', 'hand shown');
    case 'redeal':
      return '';
  }
}

/** The deal's `end` event, if the events given are of this deal and reach its end. */
function endEvent(o: SchnapsenOutcome, events: readonly SchnapsenEvent[] | undefined): EndInfo | undefined {
  const e = events?.find((x): x is Extract<SchnapsenEvent, { type: 'end' }> => x.type === 'end');
  if (!e || e.game !== o.game || e.declarer !== o.declarer || e.won !== o.won || e.score.join() !== o.score.join()) return undefined;
  return e;
}

/** The reason as the outcome tells it (play.ts `judge` decides the same way); who took the last trick it does not keep. */
function inferred(o: SchnapsenOutcome, melds: readonly { seat: number; points: number }[]): EndInfo {
  const declarer = o.declarer!;
  const bauern = o.cardPoints.length === 4;
  const def = gameDef(o.game as Exclude<typeof o.game, 'redeal'>, bauern ? 'bauern' : 'talon');
  const partner = bauern ? (declarer + 2) % 4 : -1;
  const end = (why: EndInfo['why'], more: Partial<EndInfo> = {}): EndInfo => ({ why, by: more.by ?? null, points: more.points ?? null, tricks: more.tricks ?? null });
  const tricksOf = (seats: readonly number[]) => seats.reduce((a, s) => a + o.tricks[s], 0);
  const taker = (allowed: readonly number[]) => o.tricks.findIndex((n, s) => n > 0 && !allowed.includes(s));
  switch (def.goal) {
    case 'normal': {
      if (!bauern) return end(o.won ? 'points' : 'cannotReach');
      const winners = o.cardPoints.flatMap((_, s) => ((s % 2 === declarer % 2) === o.won ? [s] : []));
      const meld = melds.filter((m) => winners.includes(m.seat)).reduce((a, m) => a + m.points, 0);
      const points = winners.reduce((a, s) => a + o.cardPoints[s], 0) + (tricksOf(winners) > 0 ? meld : 0);
      return points >= 66 || tricksOf([0, 1, 2, 3]) < 5 ? end('points', { points }) : end('lastTrick');
    }
    case 'schnapser': {
      const group = o.game === 'schnapserzusammen' || (o.won && tricksOf([partner]) > 0) ? [declarer, partner] : [declarer];
      if (o.won) return end('points', { tricks: tricksOf(group) });
      const by = taker(group);
      return by >= 0 ? end('tookTrick', { by }) : end('short', { tricks: o.tricks.reduce((a, x) => a + x, 0) });
    }
    case 'all':
    case 'sideAll': {
      if (o.won) return end('allTricks');
      const by = taker(def.goal === 'all' ? [declarer] : [declarer, partner]);
      return end('tookTrick', { by: by >= 0 ? by : null });
    }
    case 'none':
      return o.won ? end('noTrick') : end('tookTrick', { by: declarer });
    case 'shown':
      return end('shown', { by: declarer });
  }
}

