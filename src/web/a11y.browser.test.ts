/**
 * The pages as assistive technology reads them, checked by axe-core (Deque's rules for WCAG 2.x, run in a real
 * Chromium on the built client): the login page, an unknown address, a rules page, a guided first deal, the lobby,
 * a table during the card play and at the deal's summary, the record viewer and the player page, on a phone and in
 * English too. Every violation fails the test, with one rule left out: `label-content-name-mismatch` counts the
 * corner letters drawn in a card's picture ("O" of an Ober) as the visible text of the button that holds it, which
 * is named by the card ("1: Eichel-Ober"), as a speech user would say it.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTable, DESKTOP, guest, OUT, PHONE, play, sharedBrowserAndServer } from './testing.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const started = sharedBrowserAndServer({ tableDefaults: { clockMs: 0, botDelayMs: 60 } });

type Violation = { id: string; impact: string; help: string; targets: string[] };

/** The violations axe finds on the page as it is now (each with up to three elements named). */
async function audit(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ path: AXE });
  return (await page.evaluate(`axe.run(document, { rules: { 'label-content-name-mismatch': { enabled: false } } }).then((r) =>
    r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) })))`)) as Violation[];
}

describe('the pages for assistive technology (axe-core)', () => {
  it.each([
    ['de-DE', PHONE],
    ['en-GB', DESKTOP],
  ] as const)('in %s at %o: login, unknown address, rules, lesson, lobby, an unknown table, a table in play, the summary, the record and the player page', async (locale, viewport) => {
    const { browser, base } = await started();
    const ctx = await browser.newContext({ viewport, locale });
    const page = await ctx.newPage();
    const found: Record<string, Violation[]> = {};
    const check = async (what: string) => {
      const v = await audit(page);
      if (v.length > 0) found[what] = v;
    };
    await page.goto(base);
    await page.waitForSelector('main.login');
    await check('login');
    await page.goto(`${base}/no-such-page`);
    await page.waitForSelector('main.not-found');
    await check('unknown address');
    await page.goto(`${base}/rules/schafkopf`);
    await page.waitForSelector('main.rules section#pay');
    await check('rules');
    await page.goto(`${base}/learn/karnoeffel`);
    await page.waitForSelector('.hand button.hc');
    await check('lesson');
    await ctx.close();

    const p = await guest(browser, base, 'Zugang', viewport, locale);
    await p.page.waitForTimeout(300);
    const lobby = await audit(p.page);
    if (lobby.length > 0) found.lobby = lobby;
    await p.page.goto(`${base}/table/no-such-table`);
    await p.page.waitForSelector('.gone-table');
    const gone = await audit(p.page);
    if (gone.length > 0) found['unknown table'] = gone;
    await p.page.goto(base);
    await p.page.waitForSelector('form.create');
    await createTable(p, 'schafkopf', { deals: 1 });
    await play(p.page, async () => (await p.page.locator('.felt figure.played').count()) >= 2);
    const table = await audit(p.page);
    if (table.length > 0) found.table = table;
    await play(p.page, async () => (await p.page.locator('.summary').count()) > 0);
    // (The summary fades in: its colours are measured once it stands.)
    await p.page.waitForFunction("document.querySelector('.summary').getAnimations().every((a) => a.playState === 'finished')");
    const summary = await audit(p.page);
    if (summary.length > 0) found.summary = summary;
    await play(p.page);
    await p.page.locator('.summary button.record-link').click();
    await p.page.waitForSelector('main.record');
    const record = await audit(p.page);
    if (record.length > 0) found.record = record;
    await p.page.locator('header a', { hasText: 'Zugang' }).click();
    await p.page.waitForSelector('main.player ul.sittings');
    const player = await audit(p.page);
    if (player.length > 0) found.player = player;
    await p.page.screenshot({ path: `${OUT}/a11y-player-${viewport.width}.png` });
    expect(found).toEqual({});
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });
});
