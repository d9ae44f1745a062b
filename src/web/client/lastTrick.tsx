import type { TableModel } from '../../games/present.js';
import { cardLabel } from '../cards/index.js';
import { Card } from './cardFace.js';

export type Trick = NonNullable<TableModel['lastTrick']>;

/**
 * A finished trick's cards, each with the name of who played it below, the winner's ringed: the "Letzter Stich"
 * popup at the table and the deal's summary (whose backdrop hides the popup's button) show it alike.
 */
export function TrickCards({ trick, m, names, lang }: { trick: Trick; m: TableModel; names: readonly string[]; lang: 'de' | 'en' }) {
  return (
    <>
      {trick.cards.map((c) => (
        <figure class={c.seat === trick.winner ? 'win' : ''} key={c.code} aria-label={`${names[c.seat]}: ${cardLabel(c.suit, c.rank, m.faces, lang, m.pack)}`}>
          <Card c={c} m={m} small decorative />
          <figcaption aria-hidden="true">{names[c.seat]}</figcaption>
        </figure>
      ))}
    </>
  );
}
