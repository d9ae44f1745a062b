import { describe, expect, it } from 'vitest';
import type { Rank, Suit } from '../../cards/pack.js';
import { BELT_Y, HEAD, cardBackSvg, cardSvg } from './card.js';
import { cardLabel } from '../../cards/labels.js';
import { suitSymbolSvg } from './suits.js';
import { ALL_CARDS, DECKS, deckCards, type DeckCard } from './testing.js';

/** Checks that tags balance and attributes are quoted; returns the first problem or ''. */
function xmlProblem(svg: string): string {
  const stack: string[] = [];
  const tags = svg.match(/<[^>]*>/g) ?? [];
  if (tags.join('').length + svg.replace(/<[^>]*>/g, '').length !== svg.length) return 'stray angle bracket';
  for (const tag of tags) {
    const m = /^<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>$/.exec(tag);
    if (!m) return `malformed tag ${tag}`;
    const [, close, name, , self] = m;
    if (close) {
      if (stack.pop() !== name) return `unbalanced </${name}>`;
    } else if (!self) stack.push(name);
  }
  if (stack.length > 0) return `unclosed <${stack.join('><')}>`;
  if (!svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')) return 'not an svg element';
  return '';
}

const svgOf = (c: DeckCard): string => cardSvg(c.suit, c.rank, c.options);
const count = (svg: string, cls: string): number => svg.split(`class="${cls}"`).length - 1;
const attr = (tag: string, name: string): number => Number(new RegExp(`\\s${name}="([^"]*)"`).exec(tag)![1]);
const tagOf = (svg: string, cls: string): string => new RegExp(`<[^>]*class="${cls}"[^>]*>`).exec(svg)![0];

describe('card faces', () => {
  it('every card of every pack, in both face styles, is well-formed SVG, and so are the back and the suit symbols', () => {
    const problems = ALL_CARDS.map((c) => [cardLabel(c.suit, c.rank, c.options.faces, 'de'), xmlProblem(svgOf(c))]).filter(([, p]) => p);
    expect(problems).toEqual([]);
    expect(xmlProblem(cardBackSvg())).toBe('');
    for (const faces of ['german', 'french'] as const) {
      for (const s of [0, 1, 2, 3] as Suit[]) expect(xmlProblem(suitSymbolSvg(s, faces))).toBe('');
    }
  });

  it('pip cards show as many suit symbols as their value; the Sau and the Daus two, the French Ass one', () => {
    for (const c of ALL_CARDS) {
      const svg = svgOf(c);
      const banner = c.rank === 'Z' && c.options.pack === 'karnoeffel-48';
      const expected = banner ? 0 : c.rank === 'Z' ? 10 : /[2-9]/.test(c.rank) ? Number(c.rank)
        : c.rank === 'A' ? (c.options.faces === 'french' ? 1 : 2) : 0;
      expect(count(svg, 'pip'), `${c.rank} ${c.options.pack}`).toBe(expected);
      // The corner index: twice, rank and suit symbol.
      expect(count(svg, 'index')).toBe(2);
    }
  });

  it('the Ober holds the suit symbol above his head, the Unter below his belt', () => {
    const german = ALL_CARDS.filter((c) => c.options.faces === 'german');
    for (const c of german.filter((d) => d.rank === 'O' || d.rank === 'U')) {
      const svg = svgOf(c);
      const held = tagOf(svg, 'held');
      const head = tagOf(svg, 'head');
      expect(attr(head, 'cy')).toBe(HEAD.y);
      const top = attr(held, 'y');
      const bottom = top + attr(held, 'height');
      if (c.rank === 'O') expect(bottom).toBeLessThanOrEqual(attr(head, 'cy') - attr(head, 'r'));
      else {
        expect(tagOf(svg, 'belt')).toContain(`M21.6 ${BELT_Y}h`);
        expect(top).toBeGreaterThan(BELT_Y);
      }
    }
  });

  it('the corner index reads A 10 K O U 9 … 2 (German) and A 10 K D B (French)', () => {
    const index = (c: DeckCard): string => /<text[^>]*>([^<]*)<\/text>/.exec(svgOf(c))![1];
    const ranks = (deck: number): string => [...new Set(deckCards(DECKS[deck]).map(index))].join(' ');
    expect(ranks(0)).toBe('A 10 K O U 9 8 7');
    expect(ranks(1)).toBe('K O U 10 9 8 7 6 5 4 3 2');
    expect(ranks(2)).toBe('A 10 K O U');
    expect(ranks(3)).toBe('A 10 K D B');
  });

  it('the Karnöffel Zehn is the Banner, the Schafkopf Zehn has ten pips', () => {
    expect(cardSvg(2, 'Z', { faces: 'german', pack: 'karnoeffel-48' })).toContain('class="banner"');
    expect(cardSvg(2, 'Z', { faces: 'german', pack: 'schafkopf-32' })).not.toContain('class="banner"');
  });

  it('different cards look different', () => {
    // One face per suit, rank and face style (and the Banner apart): the same card in two packs looks the same.
    const faces = new Map<string, string>();
    for (const c of ALL_CARDS) {
      const banner = c.rank === 'Z' && c.options.pack === 'karnoeffel-48';
      faces.set(`${c.options.faces} ${c.suit} ${c.rank} ${banner}`, svgOf(c).replace(/ aria-label="[^"]*"/, ''));
    }
    expect(faces.size).toBe(4 * (14 + 5)); // German: A, Z, Banner, K, O, U, 9 … 2; French: A Z K O U
    expect(new Set(faces.values()).size).toBe(faces.size);
    const symbols = ([0, 1, 2, 3] as Suit[]).flatMap((s) => [suitSymbolSvg(s, 'german'), suitSymbolSvg(s, 'french')]);
    expect(new Set(symbols).size).toBe(7); // the heart is the same in both
  });
});

describe('card labels', () => {
  it('every card has a distinct name within its pack, in German and English', () => {
    for (const deck of DECKS) {
      for (const lang of ['de', 'en'] as const) {
        const labels = deckCards(deck).map((c) => cardLabel(c.suit, c.rank, c.options.faces, lang, c.options.pack));
        expect(new Set(labels).size).toBe(labels.length);
        for (const l of labels) expect(l).toMatch(/^(Eichel|Gras|Herz|Schellen|Kreuz|Pik|Karo)[- ]\S+$/);
      }
    }
  });

  it('names the cards as players do', () => {
    const label = (s: Suit, r: Rank, f: 'german' | 'french', l: 'de' | 'en', p?: 'karnoeffel-48' | 'schnapsen-20') => cardLabel(s, r, f, l, p);
    expect(label(1, 'O', 'german', 'de')).toBe('Gras-Ober');
    expect(label(1, 'O', 'german', 'en')).toBe('Gras Ober');
    expect(label(1, 'A', 'german', 'de')).toBe('Gras-Sau');
    expect(label(2, 'A', 'german', 'de', 'schnapsen-20')).toBe('Herz-Ass');
    expect(label(3, '9', 'german', 'de')).toBe('Schellen-Neun');
    expect(label(3, '9', 'german', 'en')).toBe('Schellen 9');
    expect(label(0, 'Z', 'german', 'de')).toBe('Eichel-Zehn');
    expect(label(0, 'Z', 'german', 'en')).toBe('Eichel 10');
    expect(label(0, 'Z', 'german', 'en', 'karnoeffel-48')).toBe('Eichel Banner');
    expect(label(1, '2', 'german', 'de', 'karnoeffel-48')).toBe('Gras-Daus');
    expect(label(1, 'O', 'french', 'de')).toBe('Pik-Dame');
    expect(label(0, 'U', 'french', 'en')).toBe('Kreuz Bube');
    expect(label(3, 'A', 'french', 'en')).toBe('Karo Ass');
    expect(cardSvg(1, 'O', { faces: 'german', lang: 'en' })).toContain('aria-label="Gras Ober"');
  });
});
