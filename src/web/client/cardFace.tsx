import { useMemo } from 'preact/hooks';
import type { CardModel, TableModel } from '../../games/present.js';
import { cardSvg } from '../cards/index.js';

/** A card's face; `decorative` where what holds it says which card it is (a button of the hand, a card of the trick). */
export function Card({ c, m, small, decorative }: { c: CardModel; m: TableModel; small?: boolean; decorative?: boolean }) {
  const html = useMemo(() => cardSvg(c.suit, c.rank, { faces: m.faces, pack: m.pack, lang: 'de' }), [c.suit, c.rank, m.faces, m.pack]);
  return <span class={small ? 'card small' : 'card'} aria-hidden={decorative ? 'true' : undefined} dangerouslySetInnerHTML={{ __html: html }} />;
}
