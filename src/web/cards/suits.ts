/**
 * The suit symbols, drawn once as SVG shapes in a 20 × 20 box centred on the
 * origin (viewBox -10 -10 20 20) and reused by `<use>` on the cards.
 */
import type { Faces } from '../../cards/labels.js';
import type { Suit } from '../../cards/pack.js';

export type { Faces };

const STROKE = 'stroke-linecap="round" stroke-linejoin="round"';

/**
 * Shapes per suit, German faces (Eichel, Gras, Herz, Schellen) and French
 * (Kreuz, Pik, Herz, Karo). Colours follow docs/CARDS.md.
 */
const HEART = '<path fill="#d4202c" stroke="#8c1018" stroke-width=".6" d="M0 9C-2.5 6-9.5 1.5-9.5-3.5C-9.5-7-7.3-9-4.8-9S-1-7.8 0-5.5C1-7.8 2.4-9 4.8-9S9.5-7 9.5-3.5C9.5 1.5 2.5 6 0 9Z"/>';

const SHAPES: Record<Faces, readonly string[]> = {
  german: [
    // Eichel: an ochre acorn with a brown cap on a stalk, a green oak leaf beside it.
    `<g ${STROKE} stroke-width=".6"><path fill="#4d9a2e" stroke="#24561a" d="M.8-5.6C1-9 4.2-10.2 6.2-9.6C6.6-8.4 8.4-8.6 9.4-7.6C8.6-6.6 9.6-5.2 8.6-4.2C7.2-4.6 6.6-3.4 5.4-3.6C4.4-4.8 2.6-3.6.8-5.6Z"/>` +
      `<path fill="none" stroke="#24561a" d="M1.4-5.6C4-7 6.6-7.6 9-7.6M0-6V-9.6"/>` +
      `<path fill="#d99a2b" stroke="#6b3f12" d="M-5.4-.6C-5.4 5-2.6 9.4 0 9.6S5.4 5 5.4-.6Z"/>` +
      `<path fill="#7b4a1c" stroke="#4a2a0c" d="M-6.2 0C-6.6-4.4-3.6-6.8 0-6.8S6.6-4.4 6.2 0Z"/>` +
      `<path fill="none" stroke="#c08a4a" d="M-4.6-3.4H4.6M-2-6V-.6M2-6V-.6"/>` +
      `<path fill="none" stroke="#f3cf86" d="M-3 2C-3 4.6-2 6.4-.8 7.4"/></g>`,
    // Gras: a green leaf, stem down, with its veins.
    `<g ${STROKE}><path fill="#3c9a34" stroke="#1f5e1a" stroke-width=".6" d="M0-9.6C3.4-7 8.8-2.8 8.6 1.4C8.4 5.4 4 6.6 0 4.6C-4 6.6-8.4 5.4-8.6 1.4C-8.8-2.8-3.4-7 0-9.6Z"/>` +
      `<path fill="none" stroke="#1f5e1a" stroke-width="1.3" d="M0 3.6V9.8"/>` +
      `<path fill="none" stroke="#a8dc8c" stroke-width=".7" d="M0-7.4V3.6M0-3.4L-3.4-5.4M0-3.4L3.4-5.4M0 .4L-5.4-1.6M0 .4L5.4-1.6"/></g>`,
    HEART,
    // Schellen: a golden bell with a red band, its slot below and a loop on top.
    `<g ${STROKE} stroke="#6b3f12" stroke-width=".6"><circle cy="-8" r="1.5" fill="none" stroke-width="1"/>` +
      `<circle cy="1" r="8.4" fill="#f2bd2c"/>` +
      `<path fill="#c0392b" d="M-7.6-2.6H7.6A8.4 8.4 0 0 1 8.3.2H-8.3A8.4 8.4 0 0 1-7.6-2.6Z"/>` +
      `<path fill="none" stroke="#5a3a10" stroke-width="1.5" d="M-3.8 5.2H3.8M0 5.2V9"/>` +
      `<circle cx="-4.2" cy="5.2" r="1.3" fill="#5a3a10"/><circle cx="4.2" cy="5.2" r="1.3" fill="#5a3a10"/>` +
      `<path fill="none" stroke="#fbe6a6" d="M-5.4-4.8C-4.2-6.2-2.8-6.8-1.4-7"/></g>`,
  ],
  french: [
    // Kreuz (clubs)
    '<g fill="#111"><circle cy="-4.8" r="4.3"/><circle cx="-4.9" cy="1.6" r="4.3"/><circle cx="4.9" cy="1.6" r="4.3"/><path d="M0-1L-3.2 9.6H3.2Z"/></g>',
    // Pik (spades)
    '<path fill="#111" d="M0-9.6C2.6-6.4 9.4-2.4 9.4 2.2C9.4 5.4 7.4 7 5 7S1.4 6 .8 4.6L2.8 9.6H-2.8L-.8 4.6C-1.4 6-2.6 7-5 7S-9.4 5.4-9.4 2.2C-9.4-2.4-2.6-6.4 0-9.6Z"/>',
    HEART,
    // Karo (diamonds)
    '<path fill="#d4202c" d="M0-10C2 -6.4 4.6-2.8 7.6 0C4.6 2.8 2 6.4 0 10C-2 6.4-4.6 2.8-7.6 0C-4.6-2.8-2-6.4 0-10Z"/>',
  ],
};

/** The colour of the corner index and the figures' coats. */
export const SUIT_COLOURS: Record<Faces, readonly string[]> = {
  german: ['#7b4a1c', '#2a7a25', '#d4202c', '#c98500'],
  french: ['#111', '#111', '#d4202c', '#d4202c'],
};

/** The id of a suit's `<symbol>`: sk-g0 … sk-g3 (German), sk-f0 … sk-f3 (French). */
export function symbolId(suit: Suit, faces: Faces): string {
  return `sk-${faces[0]}${suit}`;
}

/**
 * The `<symbol>` definition of a suit. Every card carries its own copy under
 * the same id, so that each card is a self-contained SVG; copies of one id are
 * identical, so it does not matter which one a `<use>` resolves to when many
 * cards sit inline in one document.
 */
export function symbolDef(suit: Suit, faces: Faces): string {
  return `<symbol id="${symbolId(suit, faces)}" viewBox="-10 -10 20 20" overflow="visible">${SHAPES[faces][suit]}</symbol>`;
}

/** The suit symbol alone, for the UI (trump indicator, "Rufspiel auf die Gras-Sau"). */
export function suitSymbolSvg(suit: Suit, faces: Faces = 'german'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-10 -10 20 20" aria-hidden="true">${SHAPES[faces][suit]}</svg>`;
}
