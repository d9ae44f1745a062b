/**
 * The cards in a real browser: every SVG parses as XML and renders, and the
 * corner index stays inside the strip a fanned hand leaves visible. Also
 * writes screenshots of all packs and of fanned hands to tmp/cards/ (ignored
 * by git) for people to look at. Needs Chromium at /usr/bin/chromium (or
 * $CHROMIUM); without it the test fails, it does not skip.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { cardBackSvg, cardSvg } from './card.js';
import { ALL_CARDS, DECKS, deckCards, handHtml, sheetHtml, type DeckCard } from './testing.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? process.env.CHROMIUM ?? '/usr/bin/chromium';
const OUT = 'tmp/cards';

let browser: Browser | undefined;

/** Chromium, started once; each test calls this, so that a missing Chromium fails every test instead of skipping it. */
async function launch(): Promise<Browser> {
  if (!existsSync(EXECUTABLE)) {
    throw new Error(`Chromium not found at ${EXECUTABLE}: install it (apt-get install -y chromium) or set CHROMIUM_PATH=/path/to/chromium`);
  }
  browser ??= await chromium.launch({
    executablePath: EXECUTABLE,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  return browser;
}

afterAll(async () => {
  await browser?.close();
});

describe('cards in Chromium', () => {
  it('every card and the back parse as SVG; the index fits the visible strip of a fanned hand', async () => {
    const page = await (await launch()).newPage();
    const svgs = [...ALL_CARDS.map((c) => cardSvg(c.suit, c.rank, c.options)), cardBackSvg()];
    // Evaluated as a string: the project's type check has no DOM library.
    const problems = (await page.evaluate(`(${String((list: string[]) => {
      const out: string[] = [];
      const g = globalThis as any;
      list.forEach((s, i) => {
        const doc = new g.DOMParser().parseFromString(s, 'image/svg+xml');
        if (doc.getElementsByTagName('parsererror').length > 0 || doc.documentElement.nodeName !== 'svg') out.push(`#${i} does not parse`);
        const holder = g.document.createElement('div');
        holder.style.width = '52px';
        holder.innerHTML = s;
        g.document.body.appendChild(holder);
        const text = holder.querySelector('text');
        if (text) {
          const b = text.getBBox();
          if (b.x < 0 || b.x + b.width > 18 || b.height < 12) out.push(`#${i} index ${b.x},${b.width},${b.height}`);
        }
      });
      return out;
    })})(${JSON.stringify(svgs)})`)) as string[];
    expect(problems).toEqual([]);
    await page.close();
  });

  it('writes sheets of every pack and fanned hands to tmp/cards/', async () => {
    mkdirSync(OUT, { recursive: true });
    const page = await (await launch()).newPage({ viewport: { width: 390, height: 500 }, deviceScaleFactor: 2 });
    // Hands as players would hold them (notation: suit letter E G H S, rank letter).
    const pick = (deck: number, cards: string): DeckCard[] =>
      cards.split(' ').map((c) => deckCards(DECKS[deck]).find((d) => 'EGHS'[d.suit] === c[0] && d.rank === c[1])!);
    const hands = [
      pick(0, 'EO GO HO SO EU GU HU SU'),
      pick(0, 'EO HU HA HK GA G9 SZ S7'),
      pick(1, 'GU G6 G2 EK EZ H7 S3 S5'),
      pick(2, 'EA EZ GK HO SU'),
      pick(3, 'EA EZ GK HO SU'),
    ];
    await page.setContent(handHtml(hands));
    await page.screenshot({ path: `${OUT}/hand-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1000, height: 600 });
    for (const [i, deck] of DECKS.entries()) {
      await page.setContent(sheetHtml(deck, deck.pack.perSuit > 8 ? 74 : 110));
      await page.screenshot({ path: `${OUT}/sheet-${i}-${deck.pack.name}-${deck.faces}.png`, fullPage: true });
    }
    await page.close();
    expect(existsSync(`${OUT}/hand-phone.png`)).toBe(true);
  });
});
