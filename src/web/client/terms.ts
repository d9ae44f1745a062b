import type { Lang } from '../../games/present.js';
import { replayGame } from '../../games/replays.js';
import { describeRules, type RuleBook } from '../../games/ruleBook.js';
import type { PublicSettings } from '../../server/protocol.js';

/**
 * The unit a sitting is counted in, per game (the sittings' `unit`, src/games/{schafkopf,schnapsen,karnoeffel}/sitting.ts;
 * the browser does not load the sittings, and terms.test.ts checks that the two agree).
 */
export const UNIT_OF: Readonly<Record<string, string>> = { schafkopf: 'round', bauernschnapsen: 'Bummerl', talonschnapsen: 'Bummerl', karnoeffel: 'match' };

/** A game's unit of a sitting (round, Bummerl, match) in the page's language, for `n` of them; Bummerl stays Bummerl. */
export function unitName(lang: Lang, unit: string, n = 1): string {
  const one = n === 1;
  if (lang !== 'de') return one ? unit : unit === 'match' ? 'matches' : `${unit}s`;
  if (unit === 'round') return one ? 'Runde' : 'Runden';
  if (unit === 'match') return one ? 'Partie' : 'Partien';
  return unit;
}

/** What a table was set up with, as those who sit down read it: its rules, then the sitting's length and clock. */
export interface TableTerms {
  /** "Aumer/Koller (Buch) · Klopfen: an · Preis Rufspiel (Cent): 20": the preset and each house rule that differs from it. */
  readonly rules: string;
  /** "2 Spiele · Bedenkzeit je Zug: 30 s · privat · ungewertet". */
  readonly setup: string;
}

const W = {
  deals: [
    ['Spiel', 'Spiele'],
    ['deal', 'deals'],
  ],
  clock: ['Bedenkzeit je Zug', 'Time per move'],
  noClock: ['keine', 'none'],
  private: ['privat', 'private'],
  public: ['öffentlich', 'public'],
  rated: ['gewertet', 'rated'],
  unrated: ['ungewertet', 'unrated'],
} as const;

/**
 * The table's terms in words. A friend who joins by the link sees only what the host chose here: the house rules
 * (Klopfen, a dearer Rufspiel) were otherwise shown nowhere but in the "?"'s tooltip, which a phone never shows
 * (play-test: four friends at a private table, the host's Klopfen and 20 ct Rufspiel unseen by the other three).
 */
export function tableTerms(game: string, rules: unknown, settings: Pick<PublicSettings, 'length' | 'clockMs' | 'public' | 'rated'>, lang: Lang): TableTerms {
  const i = lang === 'de' ? 0 : 1;
  const book = replayGame(game)?.ruleBook as RuleBook<unknown> | undefined;
  const described = book && rules && typeof rules === 'object' ? describeRules(book, rules as Record<string, unknown>, lang) : null;
  const length =
    'deals' in settings.length
      ? `${settings.length.deals} ${W.deals[i][settings.length.deals === 1 ? 0 : 1]}`
      : `${settings.length.units} ${unitName(lang, UNIT_OF[game] ?? 'round', settings.length.units)}`;
  const ms = settings.clockMs;
  const clock = ms <= 0 ? W.noClock[i] : ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 60_000).toLocaleString(lang)} min`;
  return {
    rules: described ? [described.preset, ...described.changes].join(' · ') : '',
    setup: [length, `${W.clock[i]}: ${clock}`, settings.public ? W.public[i] : W.private[i], settings.rated ? W.rated[i] : W.unrated[i]].join(' · '),
  };
}
