import { useEffect } from 'preact/hooks';

/** Whether an element is a field one types into (the table talk). */
function isField(t: Element | null): boolean {
  return t !== null && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT');
}

/** A key typed into a field is the field's. */
function typing(e: KeyboardEvent): boolean {
  return isField(e.target as Element | null);
}

/**
 * The keyboard at a table and in a lesson: 1–9 picks a card of one's hand, ←/→ move along it, Enter plays the focused
 * card (it is a native button), Escape closes what lies open (the last trick). Keys typed into a field (the table
 * talk) are the field's; while a dialog holds the page (a deal's summary) they are the dialog's, so that a key does
 * not pick a card hidden behind its backdrop.
 */
export function useHandKeys(escape?: () => void): void {
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (typing(e)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      if (e.key === 'Escape') return escape?.();
      const cards = [...document.querySelectorAll<HTMLButtonElement>('.hand button.hc')];
      if (cards.length === 0) return;
      const at = cards.indexOf(document.activeElement as HTMLButtonElement);
      let next = -1;
      if (/^[1-9]$/.test(e.key)) next = Number(e.key) - 1;
      else if (e.key === 'ArrowRight') next = at < 0 ? 0 : Math.min(cards.length - 1, at + 1);
      else if (e.key === 'ArrowLeft') next = at < 0 ? cards.length - 1 : Math.max(0, at - 1);
      if (next >= 0 && next < cards.length) {
        e.preventDefault();
        cards[next].focus();
      }
    };
    addEventListener('keydown', key);
    return () => removeEventListener('keydown', key);
  }, []);
}

const FOCUSABLE = 'button:not([disabled]), a[href], summary, input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (aria-modal) that a keyboard reaches: when it opens (or shows something new, `shown`) it takes the
 * focus to `first` (its "Weiter"), or to itself, unless the player is typing into a field (his Enter would press
 * the dialog's button instead of sending his words); Tab and Shift+Tab go round its own controls only, not the
 * table under its backdrop; Escape calls `escape` (a deal's summary: "Weiter").
 */
export function useModalFocus(dialog: { current: HTMLElement | null }, shown: unknown, first: () => HTMLElement | null, escape?: () => void): void {
  useEffect(() => {
    const box = dialog.current;
    if (!box) return;
    const active = document.activeElement;
    if (!(isField(active) && !box.contains(active))) (first() ?? box).focus({ preventScroll: true });
  }, [shown]);
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      const box = dialog.current;
      if (!box) return;
      if (e.key === 'Escape' && escape) {
        e.preventDefault();
        return escape();
      }
      if (e.key !== 'Tab') return;
      const inside = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((x) => x.offsetParent !== null);
      if (inside.length === 0) return;
      const at = inside.indexOf(document.activeElement as HTMLElement);
      // Outside the dialog (the chat field it left alone, or the page's body) Tab comes into it.
      const next = at < 0 ? (e.shiftKey ? inside.length - 1 : 0) : (at + (e.shiftKey ? inside.length - 1 : 1)) % inside.length;
      e.preventDefault();
      inside[next].focus();
    };
    addEventListener('keydown', key);
    return () => removeEventListener('keydown', key);
  }, [escape]);
}

/**
 * Escape closes a panel that lies open in the page (the hint) while `open`, as it closes the last trick: not while a
 * key goes into a field, nor while a dialog or the last trick lies over it (that closes first: one Escape, one layer).
 * `close` puts the focus back where the player opened the panel, not on the page's body (play-test: the hint stayed
 * open on Escape while the summary and the last trick closed).
 */
export function useEscapeCloses(open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const key = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || typing(e)) return;
      if (document.querySelector('[aria-modal="true"], .lasttrick')) return;
      e.preventDefault();
      close();
    };
    addEventListener('keydown', key);
    return () => removeEventListener('keydown', key);
  }, [open, close]);
}
