import type { TableModel } from '../../games/present.js';
import { Card } from './cardFace.js';

/**
 * The cards of other seats this seat may see, each group under its title: a Karnöffel partner's hand with a ribbon
 * saying whose it is and a line why it is seen (play-test: "Karten von Resi" in small grey letters over the cards
 * read like one more part of the table, not as the partner's hand shown to this player alone).
 */
export function ShownRow({ m }: { m: TableModel }) {
  if (m.shown.length === 0) return null;
  return (
    <div class="shown-row">
      {m.shown.map((h) => (
        <div class={`shown${h.ribbon ? ' ribboned' : ''}`} key={h.title} role="group" aria-label={[h.ribbon, h.title, h.why].filter(Boolean).join(': ')}>
          <span class="muted small">
            {h.ribbon && <b class="ribbon">{h.ribbon}</b>}
            {h.title}
          </span>
          <div class="cards">
            {h.cards.map((c) => (
              <Card key={c.code} c={c} m={m} small />
            ))}
          </div>
          {h.why && <span class="why small">{h.why}</span>}
        </div>
      ))}
    </div>
  );
}
