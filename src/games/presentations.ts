import { karnoeffelPresentation } from './karnoeffel/present.js';
import type { Presentation } from './present.js';
import { schafkopfPresentation } from './schafkopf/present.js';
import { schnapsenPresentation } from './schnapsen/present.js';

/**
 * The browser table's presenters, one per game folder. Only presenters are
 * imported here (no engines, no bots, no Node modules): this is what the
 * client bundle pulls in.
 */
export const PRESENTATIONS: readonly Presentation<never>[] = [schafkopfPresentation, schnapsenPresentation, karnoeffelPresentation] as unknown as Presentation<never>[];

export function presentationOf(game: string): Presentation<unknown> {
  const p = PRESENTATIONS.find((x) => x.games.includes(game));
  if (!p) throw new Error(`no presentation for ${game}`);
  return p as unknown as Presentation<unknown>;
}
