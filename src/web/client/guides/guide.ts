/**
 * A game's rules page in the browser (/rules/GAME), in our own words from
 * the documents in ../shared/rules/ (never their sentences). The house rules
 * and presets are not written here: the page lists them from the game's
 * rule book, so that `stich rules` and the browser say the same.
 */
export interface GuideSection {
  /** The anchor: deal, bidding, play, games, pay. Refusals link to #play and #bidding. */
  readonly id: 'deal' | 'bidding' | 'play' | 'games' | 'pay';
  readonly title: string;
  /** Where the rule documents say it, e.g. "002 5.4". */
  readonly source: string;
  readonly text: readonly string[];
  /** Items as [name, what it is and what it pays]. */
  readonly items?: readonly (readonly [string, string])[];
}

export interface Guide {
  readonly intro: string;
  readonly sections: readonly GuideSection[];
}

export type Guides = Readonly<Record<'de' | 'en', Guide>>;
