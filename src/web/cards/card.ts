/**
 * Card faces as SVG markup strings, drawn for this project with plain shapes.
 *
 * Every card is a 60 × 90 viewBox (2:3, close to a Bavarian card), white with
 * rounded corners. A big corner index (rank above suit symbol) sits top left
 * and, turned round, bottom right, so that the left third of a card in a
 * fanned hand shows what it is even at ~50 px width.
 *
 * Index letters: German faces A (Sau/Ass), 10, K, O, U, 9 … 3; French faces
 * A, 10, K, D, B. In Karnöffel's pack the Zehn is the Banner: the index still
 * reads 10 (as the documents write "Banner (10)") and the face is a banner on
 * its pole bearing the suit symbol. The 2 is the Daus: drawn like the
 * Schafkopf Sau (two big suit symbols), with the index "2" as the notation
 * names it. Ober and Unter show the same figure; the Ober holds the suit
 * symbol high, above his head, the Unter low, below his belt. French court
 * cards hold the symbol at the chest.
 */
import type { PackName, Rank, Suit } from '../../cards/pack.js';
import { cardLabel, type Lang } from '../../cards/labels.js';
import { SUIT_COLOURS, symbolDef, symbolId, type Faces } from './suits.js';

export interface CardOptions {
  faces: Faces;
  /** The pack the card belongs to; `karnoeffel-48` draws the Zehn as Banner. Default: a Schafkopf pack. */
  pack?: PackName;
  /** Language of the accessible name (`aria-label`). Default: de. */
  lang?: Lang;
}

export const CARD_WIDTH = 60;
export const CARD_HEIGHT = 90;

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}"`;
const FONT = 'font-family="Arial,Helvetica,\'Liberation Sans\',sans-serif" font-weight="bold"';
const SKIN = 'fill="#f6d3b3" stroke="#7a5a40" stroke-width=".6"';
const LINE = 'fill="none" stroke-linecap="round" stroke-linejoin="round"';

/** The figure's head and belt, exported for the tests of where Ober and Unter hold their symbol. */
export const HEAD = { x: 30, y: 31, r: 6 } as const;
export const BELT_Y = 56;

const n = (v: number): number => Math.round(v * 100) / 100;

function use(id: string, x: number, y: number, size: number, cls: string, turn = false): string {
  const h = size / 2;
  const t = turn ? ` transform="rotate(180 ${n(x)} ${n(y)})"` : '';
  return `<use class="${cls}" href="#${id}" x="${n(x - h)}" y="${n(y - h)}" width="${size}" height="${size}"${t}/>`;
}

function indexText(rank: Rank, faces: Faces): string {
  if (rank === 'Z') return '10';
  if (faces === 'french') return rank === 'O' ? 'D' : rank === 'U' ? 'B' : rank;
  return rank;
}

/** Pip centres for 3 … 10 symbols; the Daus (2), the Sau and the Banner are drawn apart. */
function pips(count: number, french: boolean): [number, number][] {
  const [L, R] = count === 10 && !french ? [23.5, 36.5] : [22, 38];
  const M = 30;
  const cols = (...ys: number[]): [number, number][] => ys.flatMap((y): [number, number][] => [[L, y], [R, y]]);
  const mid = (...ys: number[]): [number, number][] => ys.map((y): [number, number] => [M, y]);
  switch (count) {
    case 3: return mid(18, 45, 72);
    case 4: return cols(24, 66);
    case 5: return [...cols(22, 68), ...mid(45)];
    case 6: return cols(18, 45, 72);
    case 7: return [...cols(18, 45, 72), ...mid(31.5)];
    case 8: return cols(15, 35, 55, 75);
    case 9: return [...cols(15, 35, 55, 75), ...mid(45)];
    default: return french ? [...cols(13, 34.5, 55.5, 77), ...mid(23.5, 66.5)] : cols(12, 28.5, 45, 61.5, 78);
  }
}

type Kind = 'king' | 'queen' | 'knave';
type Hold = 'high' | 'mid' | 'low';

/** Where the figure's hand holds the suit symbol: its centre and size. */
const HOLD: Record<Hold, [number, number, number]> = {
  high: [39, 12.5, 14],
  mid: [39.5, 50, 13],
  low: [38, 70, 14],
};

/** A simple standing figure: head, headgear, coat, arms, the suit symbol in the right hand. */
function figure(kind: Kind, hold: Hold, coat: string, id: string): string {
  const [hx, hy, hs] = HOLD[hold];
  const hand: [number, number] = hold === 'high' ? [39.5, 21] : hold === 'low' ? [38.5, 62] : [37, 47];
  const arm = `M36.5 40.5L${hand[0]} ${hand[1]}`;
  let body: string;
  let head = '';
  if (kind === 'knave') {
    body =
      `<path ${LINE} stroke="#3b3b5c" stroke-width="4.5" d="M25.5 71v12M34.5 71v12"/>` +
      `<path fill="${coat}" stroke="#333" stroke-width=".7" d="M23.5 38.5h13l3.5 33.5h-20z"/>` +
      `<path ${LINE} stroke="#fff" stroke-width="1.6" d="M26.5 39l3.5 5 3.5-5"/>` +
      `<path class="belt" ${LINE} stroke="#3a2a1a" stroke-width="2.2" d="M21.6 ${BELT_Y}h16.8"/>`;
    head =
      `<path fill="#fff" stroke="#777" stroke-width=".5" d="M26.5 23C21 22.5 19 17 21.5 12C22 16.5 25 19.5 28 21.5Z"/>` +
      `<path ${LINE} stroke="#999" stroke-width=".5" d="M26.5 22.2C23.5 20.5 21.8 17 21.5 12.5"/>` +
      `<path fill="#2e2e3a" d="M22.5 27.8C21.5 20 38.5 20 37.5 27.8Z"/>` +
      `<path ${LINE} stroke="#5a3a1a" stroke-width=".9" d="M27 34.4q1.5-1.2 3 0q1.5-1.2 3 0"/>`;
  } else if (kind === 'king') {
    body =
      `<path fill="${coat}" stroke="#333" stroke-width=".7" d="M23 38.5h14l5.5 45.5h-25z"/>` +
      `<path ${LINE} stroke="#fff" stroke-width="3" d="M30 40v43.5M23 40q7 6 14 0"/>`;
    head =
      `<path fill="#9a8a78" stroke="#5a4a3a" stroke-width=".5" d="M24.2 32.5c.5 7.5 11.1 7.5 11.6 0c-2 1.8-9.6 1.8-11.6 0z"/>` +
      `<path fill="#f2bd2c" stroke="#8a5a10" stroke-width=".6" d="M23.6 27l-1.2-10 3.8 3.6 3.8-6.2 3.8 6.2 3.8-3.6-1.2 10z"/>`;
  } else {
    body =
      `<path fill="#5a3a1a" d="M23 31c0-9.5 14-9.5 14 0c0 5 .5 8 1.5 10.5l-4.5 1.5c-1-3-1.5-5-1.5-7h-5c0 2-.5 4-1.5 7l-4.5-1.5c1-2.5 1.5-5.5 1.5-10.5z"/>` +
      `<path fill="${coat}" stroke="#333" stroke-width=".7" d="M24 39h12l7 45h-26z"/>` +
      `<path ${LINE} stroke="#fff" stroke-width="1.6" d="M25.5 39.5q4.5 5 9 0"/>`;
    head =
      `<path fill="#5a3a1a" d="M24 29.5c0-7 12-7 12 0c-2.5-3-9.5-3-12 0z"/>` +
      `<path fill="#f2bd2c" stroke="#8a5a10" stroke-width=".5" d="M25 25.5l1-4.5 2 2 2-3.8 2 3.8 2-2 1 4.5z"/>`;
  }
  return (
    `<g class="figure">${body}` +
    `<path ${LINE} stroke="${coat}" stroke-width="3.6" d="M23.5 40.5L20 57"/><circle cx="20" cy="57.5" r="1.8" ${SKIN}/>` +
    `<circle class="head" cx="${HEAD.x}" cy="${HEAD.y}" r="${HEAD.r}" ${SKIN}/>` +
    `<path ${LINE} stroke="#222" stroke-width="1.2" d="M27.6 30.4h.1M32.4 30.4h.1"/>${head}` +
    `<path ${LINE} stroke="${coat}" stroke-width="3.6" d="${arm}"/>` +
    `<path ${LINE} stroke="#333" stroke-width=".4" d="${arm}"/>` +
    use(id, hx, hy, hs, 'held') +
    `<circle cx="${hand[0]}" cy="${hand[1]}" r="1.8" ${SKIN}/></g>`
  );
}

/** Coats of the figures: the suit's colour (German), red or blue (French). */
const COATS: Record<Faces, readonly string[]> = {
  german: ['#a0642a', '#3c9a34', '#d4202c', '#e6ad22'],
  french: ['#2c4a9a', '#2c4a9a', '#d4202c', '#d4202c'],
};

function face(suit: Suit, rank: Rank, faces: Faces, pack: PackName | undefined, id: string): string {
  const french = faces === 'french';
  const coat = COATS[faces][suit];
  switch (rank) {
    case 'K':
      return figure('king', 'mid', coat, id);
    case 'O':
      return french ? figure('queen', 'mid', coat, id) : figure('knave', 'high', coat, id);
    case 'U':
      return figure('knave', french ? 'mid' : 'low', coat, id);
    case 'A':
    case '2':
      // The Daus: two big suit symbols (one, as usual, on the French Ass).
      return french && rank === 'A' ? use(id, 30, 45, 30, 'pip') : use(id, 30, 26, 22, 'pip') + use(id, 30, 64, 22, 'pip');
    case 'Z':
      if (pack === 'karnoeffel-48') {
        // The Banner: a swallow-tailed banner on its pole, bearing the suit symbol.
        return (
          `<g class="banner"><path ${LINE} stroke="#6b4a2a" stroke-width="2" d="M20 11V83"/>` +
          `<circle cx="20" cy="9.5" r="2" fill="#f2bd2c" stroke="#8a5a10" stroke-width=".5"/>` +
          `<path fill="#fff" stroke="${COATS.german[suit]}" stroke-width="1.6" stroke-linejoin="round" d="M21 13h22l-5 13 5 13h-22z"/>` +
          use(id, 31, 26, 16, 'held') + '</g>'
        );
      }
      break;
  }
  const count = rank === 'Z' ? 10 : Number(rank);
  return pips(count, french).map(([x, y]) => use(id, x, y, count > 8 ? 10 : 11, 'pip', french && y > 45)).join('');
}

/** One corner index: rank above suit symbol, top left of the card. */
function cornerIndex(rank: Rank, faces: Faces, colour: string, id: string): string {
  const text = indexText(rank, faces);
  const squeeze = text.length > 1 ? ' textLength="15" lengthAdjust="spacingAndGlyphs"' : '';
  return `<text x="9" y="18" font-size="18" text-anchor="middle" fill="${colour}"${squeeze}>${text}</text>` + use(id, 9, 28.5, 13, 'index');
}

/** A complete `<svg>` of one card face. */
export function cardSvg(suit: Suit, rank: Rank, options: CardOptions): string {
  const { faces, pack, lang = 'de' } = options;
  const id = symbolId(suit, faces);
  const idx = cornerIndex(rank, faces, SUIT_COLOURS[faces][suit], id);
  return (
    `${SVG} role="img" aria-label="${cardLabel(suit, rank, faces, lang, pack)}">` +
    `<defs>${symbolDef(suit, faces)}</defs>` +
    `<rect x=".5" y=".5" width="59" height="89" rx="4.5" fill="#fffdf8" stroke="#8a8a8a"/>` +
    face(suit, rank, faces, pack, id) +
    `<g ${FONT}>${idx}<g transform="rotate(180 30 45)">${idx}</g></g></svg>`
  );
}

/** The back of every card: a calm lattice of small diamonds in a framed blue field. */
export function cardBackSvg(): string {
  let d = '';
  for (let y = 9; y <= 81; y += 4.5) {
    for (let x = (y - 9) % 9 === 0 ? 9 : 13.5; x <= 51; x += 9) d += `M${x} ${n(y - 2)}l2 2-2 2-2-2z`;
  }
  return (
    `${SVG} aria-hidden="true"><rect x=".5" y=".5" width="59" height="89" rx="4.5" fill="#1f3f73" stroke="#0f2040"/>` +
    `<rect x="4" y="4" width="52" height="82" rx="2.5" fill="none" stroke="#e9d9a6" stroke-width="1"/>` +
    `<path fill="#4a74b4" d="${d}"/></svg>`
  );
}
