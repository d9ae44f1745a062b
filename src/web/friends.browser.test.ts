/**
 * Playing with friends and delivery (issue 18, items 3 and 9) in a real Chromium (see table.browser.test.ts for
 * the setup): two people set up a private table from the form with bots on two seats, its creator changes a bot
 * while it waits; links to unknown and finished tables; the lobby at 360 px with tables listed; compressed,
 * immutable assets and a first visit without console errors; the installed app opening without a network.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, post } from '../server/client.js';
import type { RunningServer } from '../server/server.js';
import { testServer } from '../server/testing.js';
import { CLIENT, createTable, DESKTOP, guest, launchChromium, member, OUT, PHONE, play, type Person } from './testing.js';

let browser: Browser | undefined;
let server: RunningServer | undefined;

async function setup(): Promise<{ browser: Browser; base: string; server: RunningServer }> {
  browser ??= await launchChromium();
  // A seat at a waiting table is freed 3 s after its holder left (2 minutes by default).
  server ??= await testServer({ clientDir: `${process.cwd()}/${CLIENT}`, tableDefaults: { clockMs: 0, botDelayMs: 150 }, limits: { waitingSeatMs: 3000 } });
  return { browser, base: server.url, server };
}

beforeAll(() => mkdirSync(OUT, { recursive: true }));
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Whether the page is wider than its window (the phone would zoom out). */
const overflow = (page: Page) => page.evaluate('document.documentElement.scrollWidth - window.innerWidth') as Promise<number>;

/** Waits until the server's table has finished its sitting. */
async function finished(s: RunningServer, id: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (s.hall.tables.get(id)?.phase === 'finished') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`table ${id} did not finish`);
}

/** One who opens a table's invite link before choosing a name: a new browser context at the login page with its note. */
async function byInvite(b: Browser, url: string, viewport: { width: number; height: number }, locale: string): Promise<{ ctx: BrowserContext; page: Page; errors: string[]; note: Locator }> {
  const ctx = await b.newContext({ viewport, locale });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  const note = page.locator('main.login .invite-note');
  await note.waitFor();
  return { ctx, page, errors, note };
}


/**
 * Two friends at one private Schafkopf table of one deal: the first opens it on a desktop with `seats` after his own,
 * the second opens its link on a phone and sits at seat 1.
 */
async function twoFriends(b: Browser, base: string, names: readonly [string, string], seats: readonly string[]): Promise<{ anna: Person; bert: Person; id: string }> {
  const anna = await guest(b, base, names[0]);
  const bert = await guest(b, base, names[1], PHONE);
  const id = await createTable(anna, 'schafkopf', { seats, private: true, deals: 1 });
  await bert.page.goto(`${base}/table/${id}`);
  await bert.page.locator('.seat[data-seat="1"] button.primary').click();
  return { anna, bert, id };
}
describe('playing with friends', () => {
  it('two people set up a private table from the form, with bots on two seats; the creator changes a bot while it waits', async () => {
    const { browser: b, base, server: s } = await setup();
    const anna = await guest(b, base, 'Anna');
    await anna.ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const bert = await guest(b, base, 'Bert', PHONE);

    // The form: every seat after Anna's open or a bot with its level; private; pace, clock and length sent as chosen.
    await anna.page.selectOption('select[name=game]', 'schafkopf');
    expect(await anna.page.locator('form.create select[name^=seat]').count()).toBe(3);
    await anna.page.selectOption('select[name=pace]', '1600');
    await anna.page.selectOption('select[name=clock]', '120000');
    await anna.page.selectOption('select[name=units]', '2');
    const sent = anna.page.waitForRequest((r) => r.url().endsWith('/api/tables') && r.method() === 'POST');
    const id = await createTable(anna, 'schafkopf', { seats: ['open', 'easy', 'medium'], private: true });
    expect((await sent).postDataJSON()).toMatchObject({
      game: 'schafkopf',
      public: false,
      seats: ['open', 'open', 'bot:easy', 'bot:medium'],
      botDelayMs: 1600,
      clockMs: 120000,
      length: { units: 2 },
    });
    expect(s.hall.tables.get(id)!.settings).toMatchObject({ public: false, length: { units: 2 } });

    // Anna waits with the invite link; the copy button puts it on the clipboard.
    const waiting = anna.page.locator('.waiting');
    const invite = await waiting.locator('input.invite').inputValue();
    expect(invite).toBe(`${base}/table/${id}`);
    await waiting.locator('button.copy').click();
    await expect.poll(() => waiting.locator('button.copy').textContent()).toBe('Kopiert ✓');
    expect(await anna.page.evaluate('navigator.clipboard.readText()')).toBe(invite);
    expect(await waiting.locator('.small').first().textContent()).toMatch(/Privater Tisch/);

    // A private table is not in Bert's lobby: he comes by the link.
    await bert.page.waitForTimeout(400);
    expect(await bert.page.locator(`.tables li`).count()).toBe(0);
    await bert.page.goto(invite);
    await bert.page.waitForSelector('main.table[data-phase=waiting]');
    // Only the creator has the bot controls.
    expect(await bert.page.locator('.waiting .bots').count()).toBe(0);
    expect(await waiting.locator('.bots li').count()).toBe(3);

    // Anna takes the medium bot off seat 4, and seats a strong one there instead.
    await waiting.locator('.bots li[data-seat="3"] button.remove-bot').click();
    await anna.page.waitForSelector('.bots li[data-seat="3"] button.put-bot');
    await bert.page.waitForSelector('.seat[data-seat="3"] button.primary');
    await anna.page.selectOption('.waiting select[name=botLevel]', 'strong');
    await waiting.locator('.bots li[data-seat="3"] button.put-bot').click();
    await anna.page.waitForSelector('.bots li[data-seat="3"] button.remove-bot');
    expect(s.hall.tables.get(id)!.seats[3]).toMatchObject({ kind: 'bot', bot: 'strong' });
    await anna.page.screenshot({ path: `${OUT}/friends-waiting.png` });
    await bert.page.screenshot({ path: `${OUT}/friends-waiting-phone.png` });

    // Bert sits down in the open seat: the table is full and the sitting begins for both.
    await bert.page.locator('.seat[data-seat="1"] button.primary').click();
    for (const p of [anna, bert]) {
      await p.page.waitForSelector('main.table[data-phase=playing] .hand button.hc', { timeout: 15_000 });
      expect(await p.page.locator('.seat.mine').count()).toBe(1);
    }
    expect(s.hall.tables.get(id)!.seats.map((o) => (o.kind === 'bot' ? o.bot : o.kind))).toEqual(['human', 'human', 'easy', 'strong']);
    expect([...anna.errors, ...bert.errors]).toEqual([]);
    await anna.ctx.close();
    await bert.ctx.close();
  });

  it('a player seated at a waiting table by the lobby\'s "Hinsetzen" may stand up again, and the seat is open for anyone', async () => {
    const { browser: b, base, server: s } = await setup();
    const anna = await guest(b, base, 'Annerl');
    const bert = await guest(b, base, 'Bertl', PHONE);
    const id = await createTable(anna, 'schafkopf', { seats: ['open', 'open', 'easy'], deals: 1 });
    await bert.page.locator('ul.tables li', { hasText: 'Annerl' }).getByRole('button', { name: 'Hinsetzen' }).click();
    await bert.page.waitForSelector('.seat.mine');
    expect(s.hall.tables.get(id)!.seats.filter((o) => o.kind === 'human')).toHaveLength(2);
    await bert.page.screenshot({ path: `${OUT}/friends-stand-phone.png` });
    await bert.page.getByRole('button', { name: 'Aufstehen' }).click();
    await bert.page.waitForSelector('.seat[data-seat="1"] button.primary');
    expect(await bert.page.locator('.seat.mine').count()).toBe(0);
    expect(await bert.page.getByRole('button', { name: 'Aufstehen' }).count()).toBe(0);
    expect(s.hall.tables.get(id)!.seats.map((o) => o.kind)).toEqual(['human', 'open', 'open', 'bot']);
    // Anna sees the seat open again, and still waits (she may stand up too).
    await anna.page.waitForSelector('.waiting .bots li[data-seat="1"] button.put-bot');
    expect(await anna.page.getByRole('button', { name: 'Aufstehen' }).count()).toBe(1);
    // Bert changes his mind once more: the seat is his again.
    await bert.page.locator('.seat[data-seat="1"] button.primary').click();
    await bert.page.waitForSelector('.seat.mine');
    expect([...anna.errors, ...bert.errors]).toEqual([]);
    // Then he closes the page without standing up: Anna sees him gone and when his seat will be free, then free.
    await bert.ctx.close();
    const gone = anna.page.locator('.seat[data-seat="1"] .gone');
    await expect.poll(() => gone.textContent(), { timeout: 5000 }).toMatch(/^Verbindung weg · Platz frei in [0-3]s$/);
    await anna.page.screenshot({ path: `${OUT}/friends-gone-desktop.png` });
    await anna.page.waitForSelector('.waiting .bots li[data-seat="1"] button.put-bot', { timeout: 6000 });
    expect(await gone.count()).toBe(0);
    expect(s.hall.tables.get(id)!.seats.map((o) => o.kind)).toEqual(['human', 'open', 'open', 'bot']);
    expect(anna.errors).toEqual([]);
    await anna.ctx.close();
  });

  it('one who opens an invite link before choosing a name is told which table it is, and sits down with the name; at a running table he watches', async () => {
    const { browser: b, base, server: s } = await setup();
    const anna = await guest(b, base, 'Annamirl');
    const id = await createTable(anna, 'schafkopf', { seats: ['open', 'easy', 'open'], deals: 1, private: true });
    const { ctx, page, errors, note } = await byInvite(b, `${base}/table/${id}`, PHONE, 'de-DE');
    expect((await note.innerText()).replace(/\n+/g, '\n')).toBe('Einladung an einen Schafkopf-Tisch\nAm Tisch: Annamirl (Gast), Sepp (bot) · 2 Plätze frei\nWähle einen Namen, und du sitzt am Tisch.');
    await page.screenshot({ path: `${OUT}/friends-invite-phone.png` });
    // The name of one already there is refused before he sits down: two "Annamirl" could not be told apart at the
    // table, in its summaries or its record (play-test: a second "Anna" sat down beside the first).
    await page.getByLabel('Dein Name').fill(' annamirl ');
    await page.getByRole('button', { name: 'Als Gast spielen' }).click();
    expect(await page.locator('main.login .error').textContent()).toBe('Am Tisch sitzt schon „Annamirl“. Nimm einen anderen Namen (etwa „Annamirl B.“), damit man euch auseinanderhalten kann.');
    expect(s.hall.tables.get(id)!.seats.map((o) => o.kind)).toEqual(['human', 'open', 'bot', 'open']);
    await page.getByLabel('Dein Name').fill('Bartl');
    await page.getByRole('button', { name: 'Als Gast spielen' }).click();
    await page.waitForSelector('.seat.mine');
    expect(s.hall.tables.get(id)!.seats.map((o) => (o.kind === 'human' ? o.name : o.kind))).toEqual(['Annamirl', 'Bartl', 'bot', 'open']);
    // A third by the same link once the sitting runs: told it has begun, and he watches after choosing a name.
    await anna.page.locator('.waiting .bots li[data-seat="3"] button.put-bot').click();
    await anna.page.waitForSelector('main.table[data-phase=playing]');
    const { ctx: late, page: latePage, note: lateNote } = await byInvite(b, `${base}/table/${id}`, DESKTOP, 'en-GB');
    expect((await lateNote.innerText()).replace(/\n+/g, '\n')).toMatch(/^An invitation to a Schafkopf table\nAt the table: Annamirl \(guest\), Bartl \(guest\), Sepp \(bot\), \w+ \(bot\)\nThe game has begun: choose a name to watch it\.$/);
    await latePage.getByLabel('Your name').fill('Kiebitz');
    await latePage.getByRole('button', { name: 'Play as a guest' }).click();
    await latePage.waitForSelector('main.table[data-phase=playing] .ring');
    expect(await latePage.locator('.seat.mine').count()).toBe(0);
    // A link to no table shows no invitation.
    await latePage.context().clearCookies();
    await latePage.goto(`${base}/table/nosuchtable`);
    await latePage.waitForSelector('main.login');
    await latePage.waitForTimeout(300);
    expect(await latePage.locator('.invite-note').count()).toBe(0);
    expect(errors).toEqual([]);
    await Promise.all([anna.ctx.close(), ctx.close(), late.close()]);
  });

  it('a rated table seats registered names only: a guest by its invite link is told so and watches; one who registers by the link sits down', async () => {
    const { browser: b, base, server: s } = await setup();
    const wirtin = await member(b, base, 'Wirtin Resl', 'Stammtisch beim Unterwirt');
    const id = await createTable(wirtin, 'schafkopf', { seats: ['open', 'easy', 'open'], deals: 1, rated: true });
    // A guest by the link: the note says what a rated table asks; as a guest he watches, with no seat to take.
    const { ctx, page, errors, note } = await byInvite(b, `${base}/table/${id}`, PHONE, 'de-DE');
    expect(await note.innerText()).toMatch(/Ein gewerteter Tisch: registriere einen Namen \(mit Passwort\), und du sitzt am Tisch; als Gast schaust du zu\./);
    await page.getByLabel('Dein Name').fill('Gast Girgl');
    await page.getByRole('button', { name: 'Als Gast spielen' }).click();
    await page.waitForSelector('.waiting .rated-guest');
    expect(await page.locator('.waiting .rated-guest').innerText()).toMatch(/^Ein gewerteter Tisch: Hier sitzen nur registrierte Namen/);
    await page.waitForTimeout(300);
    expect(await page.locator('.seat.mine').count()).toBe(0);
    expect(await page.locator('.seat button.primary').count()).toBe(0);
    await page.screenshot({ path: `${OUT}/friends-rated-guest-phone.png` });
    // In the lobby the rated table is his to watch, and his form offers no rated table, and says why.
    await page.goto(base);
    await page.waitForSelector('form.create');
    const row = page.locator('ul.tables li', { hasText: 'gewertet' });
    await row.waitFor();
    expect(await row.locator('button').innerText()).toBe('Zuschauen');
    expect(await page.locator('form.create input[name=rated]').isDisabled()).toBe(true);
    expect(await page.locator('form.create label.rule').filter({ has: page.locator('input[name=rated]') }).innerText()).toMatch(/nur mit registriertem Namen/);
    // One who registers by the same link sits down at once.
    const { ctx: third, page: thirdPage } = await byInvite(b, `${base}/table/${id}`, DESKTOP, 'de-DE');
    await thirdPage.getByLabel('Dein Name').fill('Vinzenz');
    await thirdPage.locator('form.login-form details summary').click();
    await thirdPage.locator('input[name=password]').fill('Weißwurst vor zwölf Uhr');
    await thirdPage.getByRole('button', { name: 'Registrieren' }).click();
    await thirdPage.waitForSelector('.seat.mine');
    expect(s.hall.tables.get(id)!.seats.map((o) => (o.kind === 'human' ? o.name : o.kind))).toEqual(['Wirtin Resl', 'Vinzenz', 'bot', 'open']);
    expect(errors).toEqual([]);
    await Promise.all([wirtin.ctx.close(), ctx.close(), third.close()]);
  });

  it('"Noch eine Runde" by one player: the other\'s open summary says the next sitting has begun and closes with "Weiter" onto it', async () => {
    const { browser: b, base } = await setup();
    const { anna, bert, id } = await twoFriends(b, base, ['Anni', 'Berti'], ['open', 'easy', 'easy']);
    // Both play the one deal to the sitting's end.
    await Promise.all([play(anna.page), play(bert.page)]);
    const summary = bert.page.locator('.summary');
    expect(await summary.locator('h2').textContent()).toBe('Sitzung vorbei');
    expect(await summary.locator('.restarted').count()).toBe(0);
    // Anna starts the next sitting; Bert still looks at the last one's summary.
    await anna.page.locator('.summary button', { hasText: 'Noch eine Runde' }).click();
    await expect.poll(() => summary.locator('.restarted').textContent()).toBe('Die nächste Runde hat schon begonnen.');
    expect(await summary.locator('button', { hasText: 'Noch eine Runde' }).count()).toBe(0);
    // The record and its analysis open in a new tab, so the seat at the running table is not left.
    expect(await summary.locator('a.record-link').getAttribute('target')).toBe('_blank');
    expect(await summary.locator('a.analysis-link').getAttribute('href')).toMatch(new RegExp(`^/record/${id}\\.1\\?analyse$`));
    await bert.page.screenshot({ path: `${OUT}/friends-again-phone.png` });
    // The header stays at hand above the summary's backdrop: the language switches, and the summary with it.
    await bert.page.getByRole('button', { name: 'Switch to English' }).click();
    expect(await summary.locator('h2').textContent()).toBe('Sitting over');
    expect(await summary.locator('.restarted').textContent()).toBe('The next sitting has already begun.');
    await bert.page.getByRole('button', { name: 'Auf Deutsch umschalten' }).click();
    // The new sitting's cards wait for Bert, who is still reading (the server's readingMs): none behind his dialog.
    expect(await bert.page.locator('.hand button.hc').count()).toBe(0);
    await summary.locator('button.next').click();
    expect(await bert.page.locator('.summary').count()).toBe(0);
    await bert.page.waitForSelector('main.table[data-phase=playing] .hand button.hc');
    expect(new URL(bert.page.url()).pathname).toBe(`/table/${id}`);
    expect([...anna.errors, ...bert.errors]).toEqual([]);
    await anna.ctx.close();
    await bert.ctx.close();
  });

  it('"Noch eine Runde" after the finished table left memory: the first friend opens a new table and the other\'s click leads to the same one', async () => {
    const { browser: b, base, server: s } = await setup();
    const { anna, bert, id } = await twoFriends(b, base, ['Anja', 'Benno'], ['open', 'easy', 'easy']);
    await Promise.all([play(anna.page), play(bert.page)]);
    // Both read their summaries while the table leaves the server's memory (as after finishedLingerMs).
    s.hall.tables.get(id)!.close();
    s.hall.tables.delete(id);
    await anna.page.locator('.summary button', { hasText: 'Noch eine Runde' }).click();
    await anna.page.waitForURL((u) => u.pathname.startsWith('/table/') && !u.pathname.endsWith(id));
    const next = new URL(anna.page.url()).pathname.split('/')[2];
    await anna.page.waitForSelector('main.table[data-phase=waiting] .waiting');
    // Bert's open dialog still offers it, and it leads him to Anna's new table, not to one of his own.
    await bert.page.locator('.summary button', { hasText: 'Noch eine Runde' }).click();
    await bert.page.waitForURL((u) => u.pathname === `/table/${next}`);
    await expect.poll(() => s.hall.tables.get(next)?.publicSeats().filter((x) => x.kind === 'human').map((x) => (x.kind === 'human' ? x.name : '')).sort()).toEqual(['Anja', 'Benno']);
    await bert.page.screenshot({ path: `${OUT}/friends-again-later-phone.png` });
    // The old link says who opened the next table and leads there.
    await bert.page.goto(`${base}/table/${id}`);
    const gone = bert.page.locator('.gone-table');
    await gone.locator('.next-table').waitFor();
    expect(await gone.locator('.next-table').textContent()).toBe('Anja hat einen neuen Tisch eröffnet.');
    await bert.page.screenshot({ path: `${OUT}/friends-next-table-phone.png` });
    await gone.locator('button.join-next').click();
    await bert.page.waitForURL((u) => u.pathname === `/table/${next}`);
    expect([...anna.errors, ...bert.errors]).toEqual([]);
    await anna.ctx.close();
    await bert.ctx.close();
  });

  it('when the creator of a waiting table stands up and leaves, the player still seated gets the bot controls and fills the table', async () => {
    const { browser: b, base, server: s } = await setup();
    const { anna, bert, id } = await twoFriends(b, base, ['Annika', 'Bruno'], ['open', 'open', 'easy']);
    await bert.page.waitForSelector('.waiting button.stand');
    // While Anna sits there, the controls are hers.
    await anna.page.waitForSelector('.waiting .bots');
    expect(await bert.page.locator('.waiting .bots').count()).toBe(0);
    await anna.page.locator('.waiting button.stand').click();
    await anna.page.waitForSelector('.waiting .bots', { state: 'detached' });
    await anna.ctx.close();
    // Bert may now seat bots: he fills the open seats and the sitting starts.
    const bots = bert.page.locator('.waiting .bots');
    await bots.waitFor();
    expect(await bots.locator('p.small').textContent()).toBe('Wer den Tisch eröffnet hat, sitzt nicht mehr hier: ihr könnt jetzt Bots auf freie Plätze setzen oder wegnehmen; voll geht es los.');
    await bert.page.screenshot({ path: `${OUT}/friends-bots-inherited-phone.png` });
    // Two seats open: one click seats a bot on each (play-test: one click per seat, seven for Karnöffel with eight).
    await bots.getByRole('button', { name: 'Alle freien Plätze mit Bots besetzen' }).click();
    await bert.page.waitForSelector('main.table[data-phase=playing]');
    expect(s.hall.tables.get(id)!.seats.map((o) => o.kind)).toEqual(['bot', 'human', 'bot', 'bot']);
    expect(s.hall.tables.get(id)!.phase).toBe('playing');
    expect(bert.errors).toEqual([]);
    await bert.ctx.close();
  });

  it('two players of one name, one seated by the lobby\'s "Hinsetzen", are told apart on both pages: "Anna (du)" and "Anna (2)"', async () => {
    const { browser: b, base } = await setup();
    const first = await guest(b, base, 'Anna');
    const second = await guest(b, base, 'Anna', PHONE);
    await createTable(first, 'schafkopf', { seats: ['open', 'easy', 'easy'], deals: 1 });
    await second.page.locator('ul.tables li', { hasText: 'Anna' }).getByRole('button', { name: 'Hinsetzen' }).click();
    await second.page.waitForSelector('.seat.mine');
    const plate = (p: Person, seat: number) => p.page.locator(`.seat[data-seat="${seat}"] .nm`).textContent();
    await expect.poll(() => plate(first, 1)).toBe('Anna (2)');
    expect(await plate(first, 0)).toBe('Anna (du)');
    expect(await plate(second, 0)).toBe('Anna');
    expect(await plate(second, 1)).toBe('Anna (du)');
    // The deal's summary and the Spielzettel name them so too.
    await Promise.all([play(first.page), play(second.page)]);
    expect(await first.page.locator('.summary').textContent()).toContain('Anna (2)');
    expect(await second.page.locator('.summary').textContent()).toContain('Anna (du)');
    expect([...first.errors, ...second.errors]).toEqual([]);
    await Promise.all([first.ctx.close(), second.ctx.close()]);
  });

  it('a link to an unknown table says so and leads to the lobby; so does a finished one, with its record', async () => {
    const { browser: b, base, server: s } = await setup();
    const p = await guest(b, base, 'Vroni');
    await p.page.goto(`${base}/table/no-such-table`);
    const gone = p.page.locator('.gone-table');
    await gone.waitFor({ timeout: 5000 });
    expect(await gone.locator('h1').textContent()).toBe('Diesen Tisch gibt es nicht.');
    await p.page.screenshot({ path: `${OUT}/table-unknown.png` });
    await gone.locator('button.primary').click();
    await p.page.waitForSelector('form.create');
    expect(new URL(p.page.url()).pathname).toBe('/');

    // A table of bots whose sitting is over: a visitor is told so, with the record.
    const owner = await Client.guest(base, 'Wastl');
    const made = await post<{ id: string }>(base, '/api/tables', { game: 'karnoeffel', seats: ['bot', 'bot', 'bot', 'bot'], length: { deals: 1 } }, owner.token);
    const id = made.body.id;
    await finished(s, id);
    await p.page.goto(`${base}/table/${id}`);
    await p.page.waitForSelector('.gone-table');
    expect(await p.page.locator('.gone-table :is(h1, h2)').textContent()).toBe('Dieser Tisch ist vorbei.');
    expect(await p.page.locator('.gone-table a.button').getAttribute('href')).toBe(`/record/${id}.1`);
    await p.page.screenshot({ path: `${OUT}/table-finished.png` });
    // After a restart the server keeps only unfinished tables (Hall.load): the link still says the table is over.
    s.hall.tables.get(id)!.close();
    s.hall.tables.delete(id);
    await p.page.goto(`${base}/table/${id}`);
    await p.page.waitForSelector('.gone-table a.button');
    expect(await p.page.locator('.gone-table :is(h1, h2)').textContent()).toBe('Dieser Tisch ist vorbei.');
    await p.page.locator('.gone-table a.button').click();
    await p.page.waitForURL(/\/record\//);
    // "Play again" opens a new table with the same game, rules and bots.
    await p.page.goto(`${base}/table/${id}`);
    await p.page.locator('.gone-table button.play-again').click();
    await p.page.waitForURL((u) => u.pathname.startsWith('/table/') && !u.pathname.endsWith(id));
    const again = s.hall.tables.get(new URL(p.page.url()).pathname.split('/')[2])!;
    expect(again.settings.game).toBe('karnoeffel');
    expect(again.settings.length).toEqual({ deals: 1 });
    await p.page.goto(`${base}/table/${id}`);
    await p.page.locator('.gone-table button:not(.play-again)').click();
    await p.page.waitForSelector('form.create');
    expect(p.errors).toEqual([]);
    await owner.close();
    await p.ctx.close();
  });
});

describe('phone and delivery', () => {
  it('the lobby fits 360 px with tables listed, and so does the form for eight players', async () => {
    const { browser: b, base } = await setup();
    // Public tables with long names and open seats, as the lobby lists them.
    const owners = await Promise.all(['Maximilian Huber-Oberleitner', 'Kathi'].map((n) => Client.guest(base, n)));
    for (const [i, o] of owners.entries()) {
      const made = await post<{ id: string }>(base, '/api/tables', { game: i === 0 ? 'talonschnapsen' : 'karnoeffel', seats: i === 0 ? ['open', 'bot:random', 'bot:random'] : ['open', 'open', 'bot', 'bot'] }, o.token);
      await o.join(made.body.id);
      expect((await o.request({ type: 'sit', table: made.body.id, seat: 0 })).type).toBe('ok');
    }
    const p = await guest(b, base, 'Schorsch', PHONE);
    await p.page.waitForSelector('.tables li:nth-child(2)');
    expect(await overflow(p.page)).toBeLessThanOrEqual(0);
    const widest = (await p.page.evaluate("Math.max(...[...document.querySelectorAll('main.lobby *')].map((e) => e.getBoundingClientRect().right))")) as number;
    expect(widest).toBeLessThanOrEqual(360);
    await p.page.screenshot({ path: `${OUT}/lobby-phone-tables.png`, fullPage: true });
    // Karnöffel for eight: seven seat choices, still inside the screen.
    await p.page.selectOption('select[name=game]', 'karnoeffel');
    // The number of players is asked with the seats (2, 4, 6 or 8), not hidden among the house rules.
    expect(await p.page.locator('form.create fieldset.seats select[name=players] option').allTextContents()).toEqual(['2', '4', '6', '8']);
    expect(await p.page.locator('form.create select[name^=seat]').count()).toBe(3);
    await p.page.selectOption('form.create select[name=players]', '8');
    expect(await p.page.locator('form.create select[name^=seat]').count()).toBe(7);
    await p.page.locator('form.create details summary').click();
    expect(await p.page.locator('form.create details label.rule').filter({ hasText: /^Spieler/ }).count()).toBe(0);
    expect(await overflow(p.page)).toBeLessThanOrEqual(0);
    await p.page.screenshot({ path: `${OUT}/lobby-phone-form.png`, fullPage: true });
    // In English too: the form's words are English and it still fits.
    const en = await guest(b, base, 'Sam', PHONE, 'en-GB');
    await en.page.waitForSelector('.tables li');
    expect(await en.page.locator('form.create fieldset.seats legend').textContent()).toBe('Seats');
    expect(await en.page.locator('select[name=visibility] option').allTextContents()).toEqual(['Public: listed in the lobby', 'Private: only with the link']);
    expect(await overflow(en.page)).toBeLessThanOrEqual(0);
    await en.page.screenshot({ path: `${OUT}/lobby-phone-en.png`, fullPage: true });
    await en.ctx.close();
    await Promise.all(owners.map((o) => o.close()));
    await p.ctx.close();
  });

  it('scripts and styles come compressed (brotli, gzip) and hashed assets are cached as immutable; a first visit logs no error', async () => {
    const { browser: b, base } = await setup();
    const assets = readdirSync(`${CLIENT}/assets`).filter((f) => /\.(js|css)$/.test(f));
    expect(assets.some((f) => f.endsWith('.js')) && assets.some((f) => f.endsWith('.css'))).toBe(true);
    let gzipped = 0;
    let brotli = 0;
    for (const f of assets) {
      for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
        const res = await fetch(`${base}/assets/${f}`, { headers: { 'accept-encoding': encoding } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(res.headers.get('content-type')).toMatch(f.endsWith('.js') ? /javascript/ : /text\/css/);
        // The body is the file (fetch undoes the encoding).
        expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(`${CLIENT}/assets/${f}`))).toBe(true);
        const size = readFileSync(`${CLIENT}/assets/${f}${suffix}`).length;
        if (encoding === 'br') brotli += size;
        else gzipped += size;
      }
      // Without an accepted encoding, the file as it is.
      const plain = await fetch(`${base}/assets/${f}`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      await plain.arrayBuffer();
    }
    const page = await fetch(`${base}/table/abc`, { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-encoding')).toBe('br');
    await page.text();
    const sw = await fetch(`${base}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    await sw.text();

    // A first visit, in the browser: what it fetches comes compressed, and the console stays clean.
    const ctx = await b.newContext({ viewport: DESKTOP, locale: 'de-DE' });
    const tab = await ctx.newPage();
    const problems: string[] = [];
    tab.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    tab.on('pageerror', (e) => problems.push(e.message));
    const encodings = new Map<string, string>();
    tab.on('response', (r) => void r.allHeaders().then((h) => /\/assets\//.test(r.url()) && encodings.set(r.url(), h['content-encoding'] ?? 'none')));
    await tab.goto(base);
    await tab.waitForSelector('button.primary.big');
    const interactiveMs = Math.round((await tab.evaluate('performance.now()')) as number);
    await tab.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await tab.waitForTimeout(300);
    expect(problems).toEqual([]);
    // The headers come by their own messages from the browser: waited for, not read after a fixed 300 ms.
    await expect.poll(() => encodings.size, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect([...encodings.values()].every((e) => e === 'br')).toBe(true);
    console.log(`client (js + css): ${gzipped} bytes gzipped, ${brotli} bytes brotli; a cold first visit interactive after ${interactiveMs} ms`);
    expect(gzipped).toBeLessThan(150 * 1024);
    await ctx.close();
  });

  it('installs: a manifest with icons, and a service worker that opens the page without a network and says it is offline', async () => {
    const { browser: b } = await setup();
    // A server of its own, stopped halfway: the network is gone for good.
    const own = await testServer({ clientDir: `${process.cwd()}/${CLIENT}` });
    const base = own.url;
    const ctx = await b.newContext({ viewport: PHONE, locale: 'de-DE' });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(base);
    await page.waitForSelector('button.primary.big');
    const manifestHref = await page.locator('link[rel=manifest]').getAttribute('href');
    const manifest = (await (await fetch(`${base}${manifestHref}`)).json()) as { name: string; short_name: string; start_url: string; display: string; icons: { src: string; sizes: string; type: string }[] };
    expect(manifest).toMatchObject({ short_name: 'stich', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['any', '192x192', '512x512']);
    for (const icon of manifest.icons) {
      const res = await fetch(`${base}${icon.src}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(icon.type);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (icon.type === 'image/png') expect(bytes.readUInt32BE(16)).toBe(Number(icon.sizes.split('x')[0]));
    }
    // The service worker takes the page over and has the shell in its cache. It installs after the page's load event;
    // a browser whose worker did not install tries again at the next visit, and so does the test, once, saying what the
    // first try left. (A CI run that waited 120 s in this test was, in all likelihood, the server's close below, held by
    // a request in flight: close.test.ts.)
    const controlled = () => page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 30_000 });
    await controlled().catch(async () => {
      const left = await page.evaluate(`navigator.serviceWorker.getRegistration().then((r) => r ? { installing: !!r.installing, waiting: !!r.waiting, active: !!r.active } : 'no registration')`);
      console.log('service worker not in control after 30 s:', JSON.stringify(left), '; reloading once');
      await page.reload();
      await controlled();
    });
    const cached = (await page.evaluate(`(async () => {
      const keys = await caches.keys();
      const cache = await caches.open(keys.find((k) => k.startsWith('stich-')));
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    })()`)) as string[];
    expect(cached).toEqual(expect.arrayContaining(['/', '/manifest.webmanifest', '/icon-192.png']));
    expect(cached.some((p) => /^\/assets\/.*\.js$/.test(p))).toBe(true);

    // No network: the server is gone and the browser is offline. The page opens all the same, and says it is offline.
    await Promise.race([own.close(), new Promise((_, reject) => setTimeout(() => reject(new Error('the test server did not close within 20 s')), 20_000).unref())]);
    await ctx.setOffline(true);
    await page.goto(`${base}/table/whatever`);
    await page.waitForSelector('.offline-start', { timeout: 10_000 });
    expect(await page.locator('.offline-start h1').textContent()).toBe('Du bist offline.');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${OUT}/offline-phone.png` });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
