import type { Lang, TableModel } from '../../games/present.js';
import { cardLabel } from '../cards/index.js';

/**
 * An action in the page's words, from the table's model of the seat that takes it: by its button's label (a bid, a
 * raise, a "Weiter"), a card by its name, a lay-away as its confirmation with the two cards, else the notation. One
 * function for every place that names an action — the record viewer's steps, its analysis and the hint — so that
 * they say what the table's own buttons say (play-test: "Lena: Pass" in the record, "pass" at the table).
 */
export function actionWords(m: TableModel, action: string, lang: Lang): string {
  const button = m.buttons.find((b) => b.action === action);
  if (button) return button.label;
  const card = m.hand.find((c) => (c.action ?? c.code) === action || c.code === action);
  if (card) return cardLabel(card.suit, card.rank, m.faces, lang, m.pack);
  const picked = m.pick && Object.entries(m.pick.actions).find(([, a]) => a === action);
  if (m.pick && picked) {
    const named = picked[0].split(' ').map((code) => {
      const c = m.hand.find((x) => x.code === code);
      return c ? cardLabel(c.suit, c.rank, m.faces, lang, m.pack) : code;
    });
    return `${m.pick.confirm}: ${named.join(' + ')}`;
  }
  return action;
}
