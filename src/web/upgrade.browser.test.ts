/**
 * An upgrade while a page stays open, in a real Chromium: a new build of the client, then the server's restart; the
 * open page reconnects by itself, learns from the server's hello that another build is served and offers a reload,
 * which fetches the new page; a page of the build served (also one opened between the build and the restart)
 * offers nothing. A part loaded on demand whose file
 * does not come reloads the page once, and then says so with a reload button instead of loading for ever.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server/server.js';
import { tempDb, testServer } from '../server/testing.js';
import { CLIENT, guest, launchChromium, OUT, PHONE } from './testing.js';

const BUILD = /<meta name="stich-build" content="([0-9a-f]+)" \/>/;

let browser: Browser | undefined;
let server: RunningServer | undefined;
let dir = '';

beforeAll(() => mkdirSync(OUT, { recursive: true }));
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a page left open across an upgrade', () => {
  it('offers a reload once the restarted server serves another build, and the reload brings the new page', async () => {
    // The built client in a folder of its own, so that the test can "upgrade" it.
    dir = mkdtempSync(join(tmpdir(), 'stich-upgrade-'));
    cpSync(`${process.cwd()}/${CLIENT}`, dir, { recursive: true });
    const page0 = readFileSync(join(dir, 'index.html'), 'utf8');
    const built = BUILD.exec(page0)?.[1];
    expect(built, 'the build names itself in the page').toMatch(/^[0-9a-f]{12}$/);
    const db = tempDb();
    server = await testServer({ clientDir: dir, db });
    const port = server.port;
    browser = await launchChromium();
    const p = await guest(browser, server.url, 'Leni', PHONE);
    const banner = p.page.locator('.new-build');
    // The page's build is the server's: nothing to offer, also after a while.
    await p.page.waitForTimeout(500);
    expect(await banner.count()).toBe(0);

    // The upgrade: a new build on disk (its page names another build; its files stay, gzip and brotli removed so that
    // the new page is the one sent), then the restart on the same port and database.
    const next = built === 'abcdefabcdef' ? '123456123456' : 'abcdefabcdef';
    writeFileSync(join(dir, 'index.html'), page0.replace(BUILD, `<meta name="stich-build" content="${next}" />`));
    rmSync(join(dir, 'index.html.gz'), { force: true });
    rmSync(join(dir, 'index.html.br'), { force: true });
    // Before the restart, a page opened now is of the new build, which the server already names: nothing to offer.
    const fresh = await guest(browser, server.url, 'Vroni', PHONE);
    expect(await fresh.page.locator('meta[name="stich-build"]').getAttribute('content')).toBe(next);
    await fresh.page.waitForTimeout(500);
    expect(await fresh.page.locator('.new-build').count()).toBe(0);
    await fresh.ctx.close();
    await server.close();
    server = await testServer({ clientDir: dir, db, port });

    // The page reconnects by itself and offers the reload, in its language, without covering the lobby's form.
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toBe('Eine neue Version von stich ist da. Neu laden');
    expect(await banner.getByRole('button').getAttribute('title')).toBe('Holt die neue Version; ein laufendes Spiel geht danach weiter.');
    expect(await p.page.locator('form.create').isVisible()).toBe(true);
    await p.page.screenshot({ path: `${OUT}/upgrade-offer-360.png` });
    await banner.getByRole('button', { name: 'Neu laden' }).click();
    await p.page.waitForSelector('form.create');
    expect(await p.page.locator('meta[name="stich-build"]').getAttribute('content')).toBe(next);
    await p.page.waitForTimeout(500);
    expect(await banner.count()).toBe(0);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  }, 60_000);

  it('a part whose file does not come (replaced by a newer build, or no network): one reload, then words and a button', async () => {
    server ??= await testServer({ clientDir: `${process.cwd()}/${CLIENT}` });
    browser ??= await launchChromium();
    // No service worker here: it would answer from its cache, and the test stands for a file that is gone.
    const ctx = await browser.newContext({ viewport: PHONE, locale: 'de-DE', serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/rules/schafkopf`);
    await page.locator('main.rules section').first().waitFor();
    let loads = 0;
    page.on('load', () => loads++);
    // Karnöffel's words and lesson are loaded on demand: their files do not come.
    await page.route('**/assets/karnoeffel-*.js', (r) => r.abort());
    await page.getByRole('link', { name: 'Karnöffel' }).first().click();
    const failed = page.locator('.load-failed');
    await failed.waitFor({ timeout: 15_000 });
    expect(loads).toBe(1);
    expect(await failed.textContent()).toBe('Dieser Teil der Seite ließ sich nicht laden. Neu laden');
    await page.screenshot({ path: `${OUT}/load-failed-360.png` });
    // The lesson, loaded on demand too, soon after the reload: no second reload, the same words.
    await page.getByRole('link', { name: 'Erstes Spiel lernen' }).click();
    await page.locator('main.lesson-page .load-failed').waitFor();
    expect(loads).toBe(1);
    await page.goBack();
    await page.locator('main.rules .load-failed').waitFor();
    // The files come again: the button brings the page.
    await page.unroute('**/assets/karnoeffel-*.js');
    await failed.getByRole('button', { name: 'Neu laden' }).click();
    await page.locator('main.rules section').first().waitFor();
    expect(await page.locator('main.rules h1').textContent()).toBe('Regeln: Karnöffel');
    expect(await failed.count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 60_000);
});
