/**
 * Identity in a real Chromium (issue 20; see table.browser.test.ts for the setup): the page opens its WebSocket with
 * the session cookie (no token in any URL), a refused name or password is explained in the page's language, a
 * guest's seat is marked as a guest's, and the logout button ends the session.
 */
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { post } from '../server/client.js';
import type { RunningServer } from '../server/server.js';
import { testServer } from '../server/testing.js';
import { CLIENT, createTable, DESKTOP, launchChromium, PHONE } from './testing.js';

let browser: Browser | undefined;
let server: RunningServer | undefined;

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('identity in the browser', () => {
  it('connects by cookie, explains refusals in German, marks guests, and logs out', async () => {
    browser = await launchChromium();
    server = await testServer({ clientDir: `${process.cwd()}/${CLIENT}`, tableDefaults: { clockMs: 0, botDelayMs: 150 } });
    const base = server.url;
    expect((await post(base, '/api/register', { name: 'Kreszenz', password: 'Zwetschgendatschi' })).status).toBe(200);

    // A look-alike of a registered name is refused, in German, with the server's reason after it.
    const ctx = await browser.newContext({ viewport: DESKTOP, locale: 'de-DE' });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(base);
    await page.getByLabel('Dein Name').fill('Krеszеnz');
    await page.getByRole('button', { name: 'Als Gast spielen' }).click();
    await expect.poll(() => page.locator('.login .error').textContent()).toMatch(/sieht einem registrierten Namen zum Verwechseln ähnlich.*looks like the registered name "Kreszenz"/);
    await page.getByLabel('Dein Name').fill('Resi\u200f');
    await page.getByRole('button', { name: 'Als Gast spielen' }).click();
    await expect.poll(() => page.locator('.login .error').textContent()).toMatch(/Dieser Name geht nicht.*U\+200F/);

    // A guest: the socket is opened with the cookie, its URL carries neither token nor ticket.
    await page.getByLabel('Dein Name').fill('Hias');
    await page.getByRole('button', { name: 'Als Gast spielen' }).click();
    await page.waitForSelector('form.create');
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    for (const url of sockets) expect(new URL(url).search).toBe('');

    // At a table the guest's seat says "Gast".
    await createTable({ ctx, page, errors, frames: [] }, 'schafkopf');
    await page.waitForSelector('.seat.mine');
    await expect.poll(() => page.locator('.seat.mine .tag.guest').textContent()).toBe('Gast');

    // Log out: back to the login form, and the old cookie no longer opens a session. A second tab of the same browser
    // (the same session) had its socket closed by the server (4002): it goes to the login form too, saying why; the
    // tab that logged out does not say it was logged out elsewhere.
    const cookie = (await ctx.cookies()).find((c) => c.name === 'stich_session')!.value;
    const tab = await ctx.newPage();
    await tab.goto(base);
    await tab.waitForSelector('header .logout');
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForSelector('main.login');
    expect(await page.locator('main.login .logged-out').count()).toBe(0);
    await tab.waitForSelector('main.login .logged-out');
    expect(await tab.locator('main.login .logged-out').innerText()).toMatch(/oder in einem anderen Fenster „Abmelden“/);
    await tab.close();
    expect((await ctx.cookies()).find((c) => c.name === 'stich_session')).toBeUndefined();
    const me = await fetch(`${base}/api/me`, { headers: { cookie: `stich_session=${cookie}` } });
    expect(await me.json()).toEqual({ user: null });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('Enter does what a person expects: in the password field it logs in, in the name field it plays as a guest', async () => {
    const ctx = await browser!.newContext({ viewport: DESKTOP, locale: 'de-DE' });
    const page = await ctx.newPage();
    await page.goto(server!.url);
    // Registering with a short password, or without a name: said in German before anything is sent.
    await page.locator('.login summary').click();
    await page.getByLabel('Passwort').fill('Zwetschgendatschi');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect.poll(() => page.locator('.login .error').textContent()).toBe('Gib zuerst deinen Namen ein.');
    await page.getByLabel('Dein Name').fill('Zenzi');
    await page.getByLabel('Passwort').fill('kurz');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect.poll(() => page.locator('.login .error').textContent()).toBe('Ein Passwort braucht mindestens 8 Zeichen.');
    // A wrong password and Enter: refused in German, still at the form.
    await page.getByLabel('Dein Name').fill('Kreszenz');
    await page.getByLabel('Passwort').fill('Zwetschgendatscherl');
    await page.getByLabel('Passwort').press('Enter');
    await expect.poll(() => page.locator('.login .error').textContent()).toMatch(/.+/);
    // The right one and Enter: logged in as the registered player, not as a guest of that name.
    await page.getByLabel('Passwort').fill('Zwetschgendatschi');
    await page.getByLabel('Passwort').press('Enter');
    await page.waitForSelector('form.create');
    expect(await (await page.request.get(`${server!.url}/api/me`)).json()).toMatchObject({ user: { name: 'Kreszenz', guest: false } });
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForSelector('main.login');
    // A name that would pass for a bot's: said in German, nobody logged in.
    await page.getByLabel('Dein Name').fill('Sepp (bot)');
    await page.getByLabel('Dein Name').press('Enter');
    await expect.poll(() => page.locator('.login .error').textContent()).toBe('Ein Name endet nicht auf „(bot)“: so heißen am Tisch die Computerspieler.');
    expect(await (await page.request.get(`${server!.url}/api/me`)).json()).toEqual({ user: null });
    // Enter in the name field: a guest of that name.
    await page.getByLabel('Dein Name').fill('Wastl');
    await page.getByLabel('Dein Name').press('Enter');
    await page.waitForSelector('form.create');
    expect(await (await page.request.get(`${server!.url}/api/me`)).json()).toMatchObject({ user: { name: 'Wastl', guest: true } });
    await ctx.close();
  });

  it('a registered player changes the password on his own page: the current one is asked for, the other browser is logged out', async () => {
    const base = server!.url;
    expect((await post(base, '/api/register', { name: 'Kunibert', password: 'Leberkaas mit Ei' })).status).toBe(200);
    const login = async (password: string) => {
      const ctx = await browser!.newContext({ viewport: PHONE, locale: 'de-DE' });
      const page = await ctx.newPage();
      await page.goto(base);
      await page.getByLabel('Dein Name').fill('Kunibert');
      await page.locator('.login summary').click();
      await page.getByLabel('Passwort').fill(password);
      await page.getByLabel('Passwort').press('Enter');
      return { ctx, page };
    };
    const other = await login('Leberkaas mit Ei');
    await other.page.waitForSelector('form.create');
    const { ctx, page } = await login('Leberkaas mit Ei');
    await page.waitForSelector('form.create');
    await page.locator('header a', { hasText: 'Kunibert' }).click();
    await page.locator('.account summary', { hasText: 'Passwort ändern' }).click();
    const form = page.locator('form.change-password');
    await form.getByLabel('Jetziges Passwort').fill('Leberkäs');
    await form.getByLabel('Neues Passwort').fill('Weißwurst mit Brezn');
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect.poll(() => form.locator('.error').textContent()).toBe('Das jetzige Passwort stimmt nicht.');
    await form.getByLabel('Jetziges Passwort').fill('Leberkaas mit Ei');
    await form.getByLabel('Neues Passwort').fill('kurz');
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect.poll(() => form.locator('.error').textContent()).toBe('Ein Passwort braucht mindestens 8 Zeichen.');
    await form.getByLabel('Neues Passwort').fill('Weißwurst mit Brezn');
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect.poll(() => form.locator('.done').textContent()).toBe('Passwort geändert. Wo du sonst angemeldet warst, bist du jetzt abgemeldet.');
    // This page's own connection stays up (no "connection lost" bar): only the other sessions' sockets close.
    await page.waitForTimeout(2500);
    expect(await page.locator('.offline').count()).toBe(0);
    await page.screenshot({ path: `tmp/web/identity-password-phone.png`, fullPage: true });
    // The other browser is logged out, and its page says so on the login page; this one stays; the new password logs in.
    expect(await (await other.page.request.get(`${base}/api/me`)).json()).toEqual({ user: null });
    await other.page.waitForSelector('main.login .logged-out');
    expect(await other.page.locator('main.login .logged-out').innerText()).toMatch(/^Du bist abgemeldet: das Passwort wurde geändert/);
    expect(await other.page.locator('.offline').count()).toBe(0);
    expect(await (await page.request.get(`${base}/api/me`)).json()).toMatchObject({ user: { name: 'Kunibert' } });
    const api = await post<{ token: string }>(base, '/api/login', { name: 'Kunibert', password: 'Weißwurst mit Brezn' });
    expect(api.status).toBe(200);
    // "Überall abmelden": every session ends, this page's too, which goes to the login page.
    await page.getByRole('button', { name: 'Überall abmelden' }).click();
    await page.waitForSelector('main.login .logged-out');
    expect(await (await page.request.get(`${base}/api/me`)).json()).toEqual({ user: null });
    expect(await (await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${api.body.token}` } })).json()).toEqual({ user: null });
    // A guest's own page offers none.
    const guestCtx = await browser!.newContext({ viewport: PHONE, locale: 'de-DE' });
    const guestPage = await guestCtx.newPage();
    await guestPage.goto(base);
    await guestPage.getByLabel('Dein Name').fill('Schorschi');
    await guestPage.getByLabel('Dein Name').press('Enter');
    await guestPage.waitForSelector('form.create');
    await guestPage.locator('header a', { hasText: 'Schorschi' }).click();
    await guestPage.waitForSelector('main.player h1');
    expect(await guestPage.getByText('Passwort ändern').count()).toBe(0);
    await Promise.all([ctx.close(), other.ctx.close(), guestCtx.close()]);
  });
});
