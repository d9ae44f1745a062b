/**
 * The last trick on a phone (play-test at 360×740): its popup cut the names short ("Hanna (y…"), and at a deal's end
 * the summary hid the trick that ended it, the "Last trick" button lying behind the dialog's backdrop. Both at 360 px
 * without horizontal overflow, and at 1280×800.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTable, DESKTOP, guest, OUT, PHONE } from './testing.js';
import { sharedBrowserAndServer } from './testing.js';

const setup = sharedBrowserAndServer({ tableDefaults: { clockMs: 0, botDelayMs: 50 } });

/** Each caption's text, and whether it is shown whole (not cut off with an ellipsis nor overflowing its box). */
const CAPTIONS = (box: string) => `[...document.querySelectorAll(${JSON.stringify(box)} + ' figcaption')].map((f) => ({ text: f.textContent, whole: f.scrollWidth <= f.clientWidth + 1 && f.scrollHeight <= f.clientHeight + 1 }))`;
/** The page is no wider than the screen, and the box lies within it. */
const FITS = (box: string) => `(() => { const r = document.querySelector(${JSON.stringify(box)}).getBoundingClientRect(); return document.documentElement.scrollWidth <= innerWidth && r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight + 1; })()`;

/** Plays by clicking until `until` holds (a summary is left open). */
async function playUntil(page: Page, until: () => Promise<boolean>): Promise<void> {
  for (let guard = 0; guard < 2000; guard++) {
    if (await until()) return;
    if (await page.locator('main.table.my-turn').count()) {
      const card = page.locator('.hand button.hc.legal').first();
      const button = page.locator('.buttons button.action:not([disabled])').first();
      if (await card.count()) await card.click({ timeout: 2000 }).catch(() => undefined);
      else if (await button.count()) await button.click({ timeout: 2000 }).catch(() => undefined);
    }
    await page.waitForTimeout(30);
  }
  throw new Error('not reached');
}

describe('the last trick on a phone', () => {
  for (const [viewport, size] of [
    [PHONE, '360'],
    [DESKTOP, '1280'],
  ] as const) {
    it(`the "Last trick" popup shows every name whole (${size})`, async () => {
      const { browser: b, base } = await setup();
      const p = await guest(b, base, 'Hannelore', viewport, 'en-GB');
      const { page } = p;
      await createTable(p, 'schafkopf', { deals: 1 });
      await playUntil(page, async () => (await page.locator('main.table.my-turn .hand button.hc.legal').count()) > 0 && (await page.locator('.tools button', { hasText: 'Last trick' }).count()) > 0);
      await page.locator('.tools button', { hasText: 'Last trick' }).click();
      await page.locator('.lasttrick').waitFor();
      const captions = (await page.evaluate(CAPTIONS('.lasttrick'))) as { text: string; whole: boolean }[];
      expect(captions.length).toBe(4);
      expect(captions.map((c) => c.text)).toContain('Hannelore (you)');
      expect(captions.filter((c) => !c.whole)).toEqual([]);
      expect(await page.evaluate(FITS('.lasttrick'))).toBe(true);
      await page.locator('.lasttrick').screenshot({ path: `${OUT}/lasttrick-${size}.png` });
      await page.screenshot({ path: `${OUT}/lasttrick-page-${size}.png` });
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    }, 90_000);
  }
});

describe('the deal summary shows the trick that ended the deal', () => {
  for (const [viewport, size] of [
    [PHONE, '360'],
    [DESKTOP, '1280'],
  ] as const) {
    it(`its four cards with who played them, the winner ringed, within the screen (${size})`, async () => {
      const { browser: b, base } = await setup();
      // A name of 40 letters without a space, as the login allows (play-test: it ran out of the dialog on a phone).
      const name = 'Hannelorewilhelminekunigundemariaannalu';
      const p = await guest(b, base, name, viewport, 'en-GB');
      const { page } = p;
      await createTable(p, 'schafkopf', { deals: 2 });
      // A deal played to its last trick (a deal thrown in has none to show).
      let shown = false;
      for (let deal = 0; deal < 2 && !shown; deal++) {
        await playUntil(page, async () => (await page.locator('.summary h2', { hasText: 'Deal over' }).count()) > 0);
        const played = await page.evaluate("document.querySelectorAll('main.table .seat .taken').length + document.querySelectorAll('main.table .mine-line .taken').length");
        if ((await page.locator('.summary .end-trick').count()) === 0) {
          // Only a deal without a trick (all passed) shows none.
          expect(played).toBe(0);
          await page.locator('.summary button.next').click();
          continue;
        }
        shown = true;
        const trick = page.locator('.summary .end-trick .lasttrick');
        expect(await trick.locator('figure').count()).toBe(4);
        expect(await trick.locator('figure.win').count()).toBe(1);
        const captions = (await page.evaluate(CAPTIONS('.summary .end-trick'))) as { text: string; whole: boolean }[];
        expect(captions.map((c) => c.text)).toContain(`${name} (you)`);
        expect(captions.filter((c) => !c.whole)).toEqual([]);
        expect(await page.locator('.summary .end-trick h3').textContent()).toBe('Last trick');
        // The dialog with the trick fits the screen: nothing wider, its Continue in sight without scrolling.
        expect(await page.evaluate(FITS('.summary'))).toBe(true);
        expect(await page.evaluate("(() => { const d = document.querySelector('.summary'); return d.scrollWidth <= d.clientWidth + 1; })()")).toBe(true);
        expect(await page.evaluate("(() => { const d = document.querySelector('.summary'); return d.scrollHeight <= d.clientHeight + 1; })()")).toBe(true);
        // Four cards in one row: the same top for each.
        const tops = await trick.locator('figure').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
        expect(new Set(tops).size).toBe(1);
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${OUT}/summary-trick-${size}.png` });
      }
      expect(shown).toBe(true);
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    }, 120_000);
  }
});
