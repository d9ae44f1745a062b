/**
 * Moderation in a real Chromium (docs/deploy.md, Moderation): a player reports a chat line from the table; the admin
 * page (/admin) hides it from the report, mutes the writer for a week, closes the table, and shows the audit log, in
 * German on a desktop and in English on a phone; a banned player's page says so and stays without a connection; a
 * player who is no admin is turned away. Screenshots at 360×740 and 1280×800 in tmp/web/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../cli/admin.js';
import { Client, post } from '../server/client.js';
import type { RunningServer } from '../server/server.js';
import { tempDb, testServer } from '../server/testing.js';
import { CLIENT, createTable, DESKTOP, guest, launchChromium, OUT, PHONE } from './testing.js';

let browser: Browser;
let server: RunningServer;
let db: string;
const contexts: BrowserContext[] = [];
const quiet = { write: () => true } as unknown as NodeJS.WritableStream;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await launchChromium();
  db = tempDb();
  server = await testServer({ db, clientDir: `${process.cwd()}/${CLIENT}`, tableDefaults: { clockMs: 0, botDelayMs: 100 } });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.close();
});

/** A browser context logged in with a session token (as the login form would leave it). */
async function withSession(token: string, viewport: { width: number; height: number }, locale: string): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ viewport, locale });
  contexts.push(ctx);
  await ctx.addCookies([{ name: 'stich_session', value: token, url: server.url }]);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

const overflow = (page: Page) => page.evaluate('document.documentElement.scrollWidth - window.innerWidth') as Promise<number>;

describe('moderation in the browser', () => {
  it('a reported chat line is hidden from the admin page, its writer muted, the table closed; the audit log in German and English', async () => {
    const obfrau = await post<{ token: string }>(server.url, '/api/register', { name: 'Obfrau', password: 'Vorsitz-der-Runde' });
    await adminCommand('grant', 'Obfrau', { db }, quiet, {});
    const rowdy = await Client.account(server.url, 'Rüpel', 'grober-Klotz-7');

    // Zeugin plays; Rüpel watches her table and writes a rude line.
    const zeugin = await guest(browser, server.url, 'Zeugin');
    contexts.push(zeugin.ctx);
    const table = await createTable(zeugin, 'schafkopf', { deals: 5 });
    await rowdy.join(table);
    expect((await rowdy.request({ type: 'chat', table, text: 'ihr Deppen' })).type).toBe('ok');
    const line = zeugin.page.locator('.talk .chat-line', { hasText: 'ihr Deppen' });
    await line.waitFor();
    // Her own lines have no flag; his has one.
    await line.getByRole('button', { name: /Zeile melden/ }).click();
    await zeugin.page.getByLabel('Begründung').fill('beleidigt alle am Tisch');
    await zeugin.page.getByRole('button', { name: 'Melden', exact: true }).click();
    await zeugin.page.getByText('Gemeldet. Danke!').waitFor();

    // Another player reports him from his page.
    const nosy = await withSession((await post<{ token: string }>(server.url, '/api/guest', { name: 'Neugier' })).body.token, DESKTOP, 'de-DE');
    await nosy.page.goto(`${server.url}/player/R%C3%BCpel`);
    await nosy.page.getByText('Spieler melden').click();
    await nosy.page.getByLabel('Begründung: Rüpel').fill('spielt absichtlich falsch');
    await nosy.page.locator('.report-player').getByRole('button', { name: 'Melden' }).click();
    await nosy.page.locator('.report-player').getByText('Gemeldet. Danke!').waitFor();

    // That player is no admin: the admin page turns him away.
    await nosy.page.goto(`${server.url}/admin`);
    await nosy.page.getByText('Diese Seite ist nur für Admins.').waitFor();

    // The admin, on a desktop in German: the report with the line, hidden in one click.
    const admin = await withSession(obfrau.body.token, DESKTOP, 'de-DE');
    await admin.page.goto(server.url);
    await admin.page.getByRole('link', { name: 'Moderation' }).click();
    await admin.page.waitForURL(/\/admin$/);
    const report = admin.page.locator('.report', { hasText: 'ihr Deppen' });
    await report.waitFor();
    expect(await report.textContent()).toContain('gemeldet von Zeugin');
    expect(await report.textContent()).toContain('beleidigt alle am Tisch');
    const playerReport = admin.page.locator('.report', { hasText: 'spielt absichtlich falsch' });
    await playerReport.waitFor();
    await admin.page.screenshot({ path: `${OUT}/admin-reports.png`, fullPage: true });
    await report.getByRole('button', { name: 'Zeile ausblenden' }).click();
    await report.waitFor({ state: 'detached' });
    await zeugin.page.locator('.talk .chat-line.hidden', { hasText: '(von der Moderation ausgeblendet)' }).waitFor();
    expect(await zeugin.page.locator('.talk').textContent()).not.toContain('Deppen');

    // Mute him for a week from the player's report (it fills in the form): his next line is refused.
    await playerReport.getByRole('button', { name: 'Stummschalten/Sperren …' }).click();
    expect(await admin.page.getByLabel('Name').inputValue()).toBe('Rüpel');
    await admin.page.getByLabel('Stummschalten').check();
    await admin.page.getByLabel('Dauer').selectOption({ label: '1 Woche' });
    await admin.page.locator('form.sanction').getByLabel('Begründung').fill('Beleidigung im Chat');
    await admin.page.locator('form.sanction button[type=submit]').click();
    await admin.page.locator('table.audit tr[data-action=mute]').waitFor();
    await admin.page.getByText('Keine offenen Meldungen.').waitFor();
    expect(await rowdy.request({ type: 'chat', table, text: 'noch was' })).toMatchObject({ type: 'error', code: 'muted' });

    // Close Zeugin's table by its invite link: she is told why.
    await admin.page.getByLabel('Tisch (ID oder Link)').fill(`${server.url}/table/${table}`);
    await admin.page.locator('form.close-table').getByLabel('Begründung').fill('Streit am Tisch');
    await admin.page.locator('form.close-table button[type=submit]').click();
    await zeugin.page.getByText('Die Moderation hat den Tisch geschlossen: Streit am Tisch').waitFor();
    await zeugin.page.screenshot({ path: `${OUT}/moderation-table-closed.png` });
    // Opened again, the table still says so.
    await zeugin.page.reload();
    await zeugin.page.getByText('Die Moderation hat den Tisch geschlossen: Streit am Tisch').waitFor();
    await admin.page.locator('table.audit tr[data-action="close-table"]').waitFor();
    const actions = await admin.page.locator('table.audit tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    expect(actions).toEqual(['close-table', 'mute', 'hide-chat', 'grant']);
    expect(await admin.page.locator('table.audit tbody tr').last().textContent()).toContain('Kommandozeile');
    // The command line's own reason reads in German too.
    expect(await admin.page.locator('table.audit tbody tr').last().locator('td').last().textContent()).toBe('auf der Kommandozeile vergeben');
    await admin.page.screenshot({ path: `${OUT}/admin-desktop.png`, fullPage: true });

    // The same page in English on a phone: it fits the width.
    const phone = await withSession(obfrau.body.token, PHONE, 'en-GB');
    await phone.page.goto(`${server.url}/admin`);
    await phone.page.getByText('No open reports.').waitFor();
    await phone.page.locator('table.audit tr[data-action=mute]', { hasText: 'muted' }).waitFor();
    expect(await phone.page.locator('table.audit tr[data-action="hide-chat"]').textContent()).toContain('line hidden');
    expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.page.screenshot({ path: `${OUT}/admin-phone.png`, fullPage: true });
    expect([...zeugin.errors, ...admin.errors, ...phone.errors, ...nosy.errors]).toEqual([]);
    await rowdy.close();
  });

  it('a banned player\'s page says why and for how long, and does not reconnect', async () => {
    const admin = await post<{ token: string }>(server.url, '/api/login', { name: 'Obfrau', password: 'Vorsitz-der-Runde' });
    const gauner = await post<{ token: string }>(server.url, '/api/register', { name: 'Gauner', password: 'falsches-Spiel-9' });
    const p = await withSession(gauner.body.token, PHONE, 'de-DE');
    await p.page.goto(server.url);
    await p.page.waitForSelector('form.create');
    const ban = await post(server.url, '/api/admin/sanctions', { name: 'Gauner', kind: 'ban', minutes: 24 * 60, reason: 'Falschspiel' }, admin.body.token);
    expect(ban.status).toBe(200);
    const said = p.page.getByRole('alert');
    await said.waitFor();
    expect(await said.textContent()).toMatch(/^Du bist bis .+ gesperrt: Falschspiel$/);
    await p.page.waitForTimeout(1500);
    expect(await p.page.locator('.offline').count()).toBe(0);
    expect(await overflow(p.page)).toBeLessThanOrEqual(0);
    await p.page.screenshot({ path: `${OUT}/banned-phone.png` });
    expect(p.errors).toEqual([]);
  });
});
