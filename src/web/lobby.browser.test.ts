/**
 * The lobby in a real Chromium with many tables (issue 20): the newest 50, "more" for the next ones, a game filter,
 * and changes that come in as diffs (a table filled elsewhere, a new table at the top).
 */
import { describe, expect, it } from 'vitest';
import { Client } from '../server/client.js';
import { post } from '../server/testing.js';
import { createTable, guest, OUT, PHONE, play, sharedBrowserAndServer } from './testing.js';

const started = sharedBrowserAndServer({ tableDefaults: { clockMs: 0, botDelayMs: 0 }, limits: { waitingTablesPerUser: 0 } });

describe('the lobby with many tables', () => {
  it('shows the newest 50, more on request, one game when filtered, and follows changes', async () => {
    const { browser, server } = await started();
    const ids: string[] = [];
    for (let i = 0; i < 80; i++) {
      const made = await server.hall.create({ game: i % 4 === 0 ? 'karnoeffel' : 'schafkopf', seats: ['open', 'bot', 'open', 'bot'], public: true, rated: false, length: { units: 1 }, clockMs: 0, botDelayMs: 0, contributionMs: 0 }, undefined, `c${i}`);
      if (!made.ok) throw new Error(made.message);
      ids.push(made.table.id);
    }
    const p = await guest(browser, server.url, 'Vroni');
    const rows = p.page.locator('ul.tables li');
    await p.page.waitForFunction("document.querySelectorAll('ul.tables li').length === 50");
    expect(await p.page.locator('button.more-tables').textContent()).toBe('Mehr Tische (50 von 80)');
    await p.page.locator('button.more-tables').click();
    await p.page.waitForFunction("document.querySelectorAll('ul.tables li').length === 80");
    expect(await p.page.locator('button.more-tables').count()).toBe(0);

    // Karnöffel only: 20 tables.
    await p.page.locator('select.lobby-filter').selectOption('karnoeffel');
    await p.page.waitForFunction("document.querySelectorAll('ul.tables li').length === 20");
    expect(new Set(await rows.locator('strong').allTextContents())).toEqual(new Set(['Karnöffel']));

    // A new Karnöffel table appears at the top; a Schafkopf one does not.
    const owner = await Client.guest(server.url, 'Wastl');
    await post(server.url, '/api/tables', { game: 'schafkopf' }, owner.token);
    await post(server.url, '/api/tables', { game: 'karnoeffel', seats: ['open', 'bot', 'bot', 'bot'] }, owner.token);
    await p.page.waitForFunction("document.querySelectorAll('ul.tables li').length === 21");
    // Each row says who sits there and how many seats are free (Wastl opened it without sitting down).
    // What the table is doing comes first, so that a long row cut at its end still says it.
    expect(await rows.first().locator('.muted').textContent()).toMatch(/^1 Platz frei · \S+ \(bot\), \S+ \(bot\), \S+ \(bot\)$/);
    expect(await rows.nth(1).locator('.muted').textContent()).toMatch(/^2 Plätze frei · \S+ \(bot\), \S+ \(bot\)$/);
    // Someone sits at the newest Karnöffel table of the first eighty: its row shows the name.
    const sepp = await Client.guest(server.url, 'Sepp');
    const target = ids[76];
    await sepp.join(target);
    await sepp.request({ type: 'sit', table: target, seat: 0 });
    await p.page.waitForFunction("[...document.querySelectorAll('ul.tables li .muted')].some((e) => e.textContent.includes('Sepp'))");
    await p.page.screenshot({ path: `${OUT}/lobby-filtered.png`, fullPage: true });
    expect(p.errors).toEqual([]);
    await owner.close();
    await sepp.close();
    await p.ctx.close();
  }, 60_000);

  it('a player who left his running table for the lobby is offered his seat back, not "Zuschauen"', async () => {
    const { browser, server } = await started();
    const p = await guest(browser, server.url, 'Zurueck');
    await p.page.selectOption('select[name=game]', 'schafkopf');
    await p.page.locator('form.create button[type=submit]').click();
    await p.page.waitForSelector('.seat.mine');
    const id = new URL(p.page.url()).pathname.split('/')[2];
    await p.page.goto(server.url);
    // The list of open tables (the tables one sits at stand above it as well: the next test).
    const row = p.page.locator('main.lobby > section:not(.your-tables) ul.tables li', { has: p.page.locator(`button`) }).filter({ hasText: 'Zurueck' });
    await row.first().waitFor();
    expect(await row.first().locator('.muted').textContent()).toMatch(/^läuft · /);
    const back = row.first().locator('button');
    expect(await back.textContent()).toBe('Zurück an deinen Platz');
    // Another guest sees the same table as one to watch.
    const other = await guest(browser, server.url, 'Gaffer');
    expect(await other.page.locator('ul.tables li').filter({ hasText: 'Zurueck' }).first().locator('button').textContent()).toBe('Zuschauen');
    await back.click();
    await p.page.waitForURL(new RegExp(`/table/${id}`));
    await p.page.waitForSelector('.seat.mine');
    expect(p.errors).toEqual([]);
    await other.ctx.close();
    await p.ctx.close();
  }, 60_000);

  it('a player who went to the lobby from a private table finds his seat at the top of it, on a phone too; once the sitting is over, no more', async () => {
    const { browser, server } = await started();
    const p = await guest(browser, server.url, 'Heimweh', PHONE, 'en-GB');
    const id = await createTable(p, 'schafkopf', { private: true, deals: 1 });
    // From the table to the lobby by the header's "stich", as a player does who wants to look round.
    await p.page.locator('header a', { hasText: 'stich' }).first().click();
    await p.page.waitForSelector('form.create');
    // A private table is in no list of open tables: the lobby had no way back to it (only the browser's back).
    const mine = p.page.locator(`section.your-tables li[data-table="${id}"]`);
    await mine.waitFor();
    expect(await mine.locator('strong').textContent()).toBe('Your table: Schafkopf');
    expect(await mine.locator('.muted').textContent()).toMatch(/^under way · Heimweh \(guest\), /);
    // On the first screen of a phone, above the form for a new table (the public list's row stood 1000 px down).
    const box = await mine.locator('button').boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    expect((await p.page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number).toBeLessThanOrEqual(0);
    await p.page.screenshot({ path: `${OUT}/lobby-your-table-phone.png` });
    await mine.getByRole('button', { name: 'Back to your seat' }).click();
    await p.page.waitForURL(new RegExp(`/table/${id}`));
    await p.page.waitForSelector('.seat.mine');
    // The sitting played out: the lobby no longer offers it.
    await play(p.page);
    await p.page.locator('.summary button.primary', { hasText: 'To the lobby' }).click();
    await p.page.waitForSelector('form.create');
    await p.page.waitForTimeout(500);
    expect(await p.page.locator('section.your-tables').count()).toBe(0);
    // Someone else in a fresh browser sees no such section at all.
    const other = await guest(browser, server.url, 'Fremd', PHONE, 'en-GB');
    await other.page.waitForTimeout(500);
    expect(await other.page.locator('section.your-tables').count()).toBe(0);
    expect(p.errors).toEqual([]);
    await other.ctx.close();
    await p.ctx.close();
  }, 60_000);

  it('a long name keeps the phone\'s header on one line: the name is cut short, "Log out" and the language stay whole', async () => {
    const { browser, server } = await started();
    for (const [locale, logout] of [['en-GB', 'Log out'], ['de-DE', 'Abmelden']] as const) {
      const p = await guest(browser, server.url, 'Bertholdine-Maximiliane von Obermaier', PHONE, locale);
      const header = await p.page.locator('header.top').boundingBox();
      // One line of the header's links (it broke into "Log / out" beside a name on two lines).
      expect(header!.height).toBeLessThan(48);
      const out = await p.page.getByRole('button', { name: logout }).boundingBox();
      expect(out!.height).toBeLessThan(30);
      expect(out!.x + out!.width).toBeLessThanOrEqual(PHONE.width);
      // The name is cut with an ellipsis, still the link to the player's page.
      expect(await p.page.locator('header a.me').evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
      expect((await p.page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number).toBeLessThanOrEqual(0);
      await p.page.screenshot({ path: `${OUT}/header-long-name-${locale}.png` });
      await p.ctx.close();
    }
  });
});
