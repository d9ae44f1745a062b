import { useMemo } from 'preact/hooks';
import type { HandCard, TableModel } from '../../games/present.js';
import { cardLabel } from '../cards/index.js';
import { Card } from './cardFace.js';

/** The seat's hand at the table: cards to play by click, tap, drag or keys, or to choose together (the lay-away). */

export function labelOf(m: TableModel, code: string, lang: 'de' | 'en'): string {
  const c = m.hand.find((x) => x.code === code);
  return c ? cardLabel(c.suit, c.rank, m.faces, lang, m.pack) : code;
}

interface HandProps {
  cards: readonly HandCard[];
  m: TableModel;
  lang: 'de' | 'en';
  myTurn: boolean;
  pending: boolean;
  onPlay: (a: string) => void;
  /** While several cards are chosen together: the codes tapped so far (else null), and the tap. */
  picked: readonly string[] | null;
  onPick: (code: string) => void;
  /** Cards to point at (a lesson's move after a wrong try). */
  pointAt?: readonly string[];
}

export function Hand({ cards, m, lang, myTurn, pending, onPlay, picked, onPick, pointAt = [] }: HandProps) {
  const anyLegal = picked !== null || cards.some((c) => c.action);
  const drag = useMemo(() => new CardDrag(), []);
  drag.onPlay = onPlay;
  return (
    <div class={`hand${picked !== null ? ' picking' : ''}`} role="group" aria-label={lang === 'de' ? 'Deine Karten' : 'Your cards'} style={{ '--n': String(cards.length) }}>
      {cards.map((c, i) => {
        const label = cardLabel(c.suit, c.rank, m.faces, lang, m.pack);
        const legal = picked !== null || Boolean(c.action);
        const chosen = picked?.includes(c.code) ?? false;
        return (
          <button
            key={c.code}
            class={`hc${legal ? ' legal' : anyLegal ? ' dim' : ''}${c.trump ? ' trump' : ''}${c.talon ? ' talon' : ''}${c.tag ? ' tagged' : ''}${chosen ? ' selected' : ''}${pointAt.includes(c.code) ? ' pointed' : ''}`}
            data-tag={c.tag}
            aria-pressed={picked !== null ? chosen : undefined}
            data-card={c.code}
            aria-label={`${i + 1}: ${label}${c.tag ? ` (${c.tag})` : ''}${c.talon ? (lang === 'de' ? ' (aus dem Talon)' : ' (from the talon)') : ''}${anyLegal && !legal ? (lang === 'de' ? ' (nicht spielbar)' : ' (not playable)') : ''}`}
            disabled={pending}
            onPointerDown={legal && picked === null ? (e) => drag.down(e, c.action ?? c.code) : undefined}
            onClick={() => {
              if (picked !== null) return onPick(c.code);
              if (drag.justDropped()) return;
              onPlay(c.action ?? c.code);
            }}
          >
            <Card c={c} m={m} decorative />
          </button>
        );
      })}
      {cards.length === 0 && !myTurn && <span class="muted" dangerouslySetInnerHTML={{ __html: '' }} />}
    </div>
  );
}

/**
 * Drag to play, with pointer events (touch, pen and mouse alike): a legal
 * card follows the pointer once it has moved a few pixels, and is played when
 * let go over the felt (the middle of the table); anywhere else it goes back.
 * A tap or click without movement plays it as before.
 */
class CardDrag {
  onPlay: (action: string) => void = () => undefined;
  private dropped = 0;

  down(e: PointerEvent, action: string): void {
    if (e.button !== 0) return;
    const el = e.currentTarget as HTMLElement;
    const x0 = e.clientX;
    const y0 = e.clientY;
    let moving = false;
    const felt = () => document.querySelector<HTMLElement>('.felt');
    const over = (ev: PointerEvent) => {
      const r = felt()?.getBoundingClientRect();
      return r !== undefined && ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
    };
    const move = (ev: PointerEvent) => {
      if (ev.pointerId !== e.pointerId) return;
      const dx = ev.clientX - x0;
      const dy = ev.clientY - y0;
      if (!moving && Math.hypot(dx, dy) < 8) return;
      if (!moving) {
        moving = true;
        el.classList.add('dragging');
      }
      el.style.transform = `translate(${dx}px, ${dy}px)`;
      felt()?.classList.toggle('drop', over(ev));
    };
    const end = (ev: PointerEvent) => {
      if (ev.pointerId !== e.pointerId) return;
      removeEventListener('pointermove', move);
      removeEventListener('pointerup', end);
      removeEventListener('pointercancel', end);
      felt()?.classList.remove('drop');
      el.classList.remove('dragging');
      el.style.transform = '';
      if (!moving) return;
      // The click that follows a drag is not a second way to play.
      this.dropped = Date.now();
      if (ev.type === 'pointerup' && over(ev)) this.onPlay(action);
    };
    addEventListener('pointermove', move);
    addEventListener('pointerup', end);
    addEventListener('pointercancel', end);
  }

  justDropped(): boolean {
    return Date.now() - this.dropped < 400;
  }
}
