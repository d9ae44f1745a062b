/**
 * The browser table's later parts in a real Chromium (see table.browser.test.ts
 * for the setup): the player page, drag to play with a mouse and by touch,
 * and the reconnect grace as the other people at the table see it.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Client } from '../server/client.js';
import type { RunningServer } from '../server/server.js';
import { testServer } from '../server/testing.js';
import { CLIENT, createTable, DESKTOP, guest, handCodes, launchChromium, member, OUT, PHONE, play } from './testing.js';

let browser: Browser | undefined;
let server: RunningServer | undefined;
/** A server whose tables give a lost player 1 s before a bot plays for him, and whose bots wait 4 s before each card. */
let brief: RunningServer | undefined;
/** Servers by how long their next deal waits for a player reading the last deal's summary (`readingMs`). */
const reading = new Map<number, RunningServer>();

/** A server whose next deal waits `readingMs` for a reader; bots without delay and no clock. */
async function readingServer(readingMs: number): Promise<RunningServer> {
  let s = reading.get(readingMs);
  if (!s) reading.set(readingMs, (s = await testServer({ clientDir: `${process.cwd()}/${CLIENT}`, tableDefaults: { clockMs: 0, botDelayMs: 0 }, limits: { readingMs } })));
  return s;
}

/** A second player who comes over the protocol and sits at seat 1 of a table, knowing his seat from a fresh snapshot. */
async function seatedAtOne(base: string, id: string, name: string): Promise<Client> {
  const other = await Client.guest(base, name);
  await other.join(id);
  expect((await other.request({ type: 'sit', table: id, seat: 1 })).type).toBe('ok');
  await other.join(id, other.table(id).last);
  return other;
}

/** Plays by clicking until the first deal's summary is up (and leaves it open). */
async function untilSummary(page: Page): Promise<void> {
  await play(page, async () => (await page.locator('.summary').count()) > 0, 90_000);
}

async function setup(): Promise<{ browser: Browser; base: string }> {
  browser ??= await launchChromium();
  // Bots take a moment, so that a person's turn can be waited for; the grace period is the default (30 s).
  server ??= await testServer({ clientDir: `${process.cwd()}/${CLIENT}`, tableDefaults: { clockMs: 0, botDelayMs: 150 } });
  return { browser, base: server.url };
}

beforeAll(() => mkdirSync(OUT, { recursive: true }));
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await brief?.close();
  for (const s of reading.values()) await s.close();
});

/** The centre of an element on the page. */
async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Waits until it is this person's turn to play a card (not a bid or an announcement), dismissing deal summaries. */
async function cardTurn(page: Page): Promise<void> {
  await play(page, async () => (await page.locator('main.table.my-turn .hand button.hc.legal:not([disabled])').count()) > 0 && (await page.locator('.summary').count()) === 0, 60_000);
}

describe('the browser table: player page, drag, grace', () => {
  it('the player page shows the rating per game and the recent sittings, reached from the header, the lobby and the table', async () => {
    const { browser: b, base } = await setup();
    const p = await member(b, base, 'Zenzl', 'Kirchweih im Oktober');
    const id = await createTable(p, 'talonschnapsen', { deals: 1, rated: true });
    // The own name at the table leads to the player page (in a new tab, not away from the table).
    const seatLink = p.page.locator('.seat.mine a.who');
    expect(await seatLink.getAttribute('href')).toMatch(/^\/player\/Zenzl\?id=/);
    expect(await seatLink.getAttribute('target')).toBe('_blank');
    await play(p.page);
    await p.page.locator('.summary button.primary').click();
    // From the header: the own page.
    await p.page.locator('header a.me').click();
    await p.page.waitForSelector('main.player table.ratings');
    expect(await p.page.locator('main.player h1').textContent()).toMatch(/Zenzl/);
    const row = p.page.locator('table.ratings tr[data-game=talonschnapsen]');
    expect(await row.locator('td').first().textContent()).toBe('Talonschnapsen');
    expect(await row.locator('td').nth(3).textContent()).toBe('1');
    // μ ± σ with the German decimal comma.
    expect(await row.locator('td').nth(2).textContent()).toMatch(/^\d+,\d ± \d+,\d$/);
    const sitting = p.page.locator(`.sittings li[data-record="${id}.1"]`);
    expect(await sitting.count()).toBe(1);
    expect(await sitting.locator('.who .me').textContent()).toBe('Zenzl');
    expect(await sitting.textContent()).toMatch(/\d\. Platz/);
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await p.page.setViewportSize(viewport);
      await p.page.screenshot({ path: `${OUT}/player-${name}.png`, fullPage: true });
      expect((await p.page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number).toBeLessThanOrEqual(0);
      // The place lies in its sitting's box, on the line of the points (the table's seat class once pulled it out of the box).
      const [box, place, points] = await Promise.all([sitting.boundingBox(), sitting.locator('.how .finish').boundingBox(), sitting.locator('.how .muted').first().boundingBox()]);
      expect(place!.x).toBeGreaterThanOrEqual(box!.x);
      expect(place!.x + place!.width).toBeLessThanOrEqual(box!.x + box!.width);
      expect(Math.abs(place!.y - points!.y)).toBeLessThan(8);
      // The place reads on one line, and the table of ratings stays within the page's column (as wide as the list of sittings).
      expect(place!.height).toBeLessThan(30);
      const [ratings, column] = await Promise.all([p.page.locator('table.ratings').boundingBox(), p.page.locator('ul.sittings').boundingBox()]);
      expect(ratings!.x + ratings!.width).toBeLessThanOrEqual(column!.x + column!.width + 0.5);
    }
    // Its record opens in the record viewer.
    await sitting.locator('a.record-link').click();
    await p.page.waitForSelector('main.record .controls');
    expect(new URL(p.page.url()).pathname).toBe(`/record/${id}.1`);
    // English, and from the lobby's leaderboard.
    await p.page.goto(base);
    await p.page.getByRole('button', { name: 'Switch to English' }).click();
    await p.page.locator('.leaders select').selectOption('talonschnapsen');
    // After one sitting the rating is provisional there too, as on the player page (it showed "−1.6", a newcomer's μ − 3σ).
    expect(await p.page.locator('.leaders li', { hasText: 'Zenzl' }).textContent()).toMatch(/· provisional · 1 sitting$/);
    await p.page.locator('.leaders a', { hasText: 'Zenzl' }).click();
    await p.page.waitForSelector('main.player');
    expect(await p.page.locator('main.player h2').first().textContent()).toBe('Rating');
    // In English the figures have a decimal point; the column heads are capitalised alike.
    expect(await p.page.locator('table.ratings tbody tr td').nth(2).textContent()).toMatch(/^\d+\.\d ± \d+\.\d$/);
    expect(await p.page.locator('table.ratings thead th').allTextContents()).toEqual(['Game', 'Rating', 'μ ± σ', 'Sittings']);
    // An English ordinal, not the German "1. place".
    expect(await p.page.locator('.sittings li').first().textContent()).toMatch(/(1st|2nd|3rd) place/);
    // An unknown player is said so plainly.
    await p.page.goto(`${base}/player/Niemand`);
    await p.page.waitForSelector('main.player h1.error');
    expect(await p.page.locator('main.player').textContent()).toBe('There is no such player.');
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('a card is played by dragging it to the middle, with a mouse and by touch; let go elsewhere it goes back', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Wischer', PHONE);
    const { page } = p;
    await createTable(p, 'schafkopf', { deals: 4 });

    // Mouse: dropped beside the table, the card stays in the hand.
    await cardTurn(page);
    const hand = await handCodes(page);
    const code = await page.locator('.hand button.hc.legal:not([disabled])').first().getAttribute('data-card');
    const from = await centre(page, `.hand button.hc[data-card="${code}"]`);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 5, from.y - 60, { steps: 5 });
    expect(await page.locator('.hand button.hc.dragging').count()).toBe(1);
    await page.mouse.move(2, from.y, { steps: 5 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    expect(await handCodes(page)).toEqual(hand);
    expect(await page.locator('.hand button.hc.dragging').count()).toBe(0);

    // Mouse: dropped on the felt, it is played.
    const felt = await centre(page, '.felt');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(felt.x, felt.y, { steps: 8 });
    expect(await page.locator('.felt.drop').count()).toBe(1);
    await page.mouse.up();
    await page.waitForFunction(`!document.querySelector('.hand button.hc[data-card="${code}"]')`, undefined, { timeout: 5000 });
    expect(await handCodes(page)).toEqual(hand.filter((c) => c !== code));

    // Touch (real touch events through the DevTools protocol): dragged to the felt, played.
    await cardTurn(page);
    const touched = await page.locator('.hand button.hc.legal:not([disabled])').first().getAttribute('data-card');
    const start = await centre(page, `.hand button.hc[data-card="${touched}"]`);
    const target = await centre(page, '.felt');
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', start.x, start.y);
    for (let i = 1; i <= 8; i++) await touch('touchMove', start.x + ((target.x - start.x) * i) / 8, start.y + ((target.y - start.y) * i) / 8);
    await touch('touchEnd', target.x, target.y);
    await page.waitForFunction(`!document.querySelector('.hand button.hc[data-card="${touched}"]')`, undefined, { timeout: 5000 });
    expect(await page.locator('.notice').count()).toBe(0);
    // Connected all along: no banner says otherwise (it once did when the socket opened before the page listened).
    expect(await page.locator('.offline').count()).toBe(0);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('a player whose connection drops is shown as disconnected, keeps the seat, and comes back to the same table', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Wegerl');
    // The levels by name in the page's language; strong bots (thinking in the server's workers) fill the empty seats.
    expect(await p.page.locator('select[name=seat1] option').allTextContents()).toEqual(expect.arrayContaining(['Bot: leicht (easy)', 'Bot: mittel (medium)', 'Bot: stark (strong)']));
    const id = await createTable(p, 'schafkopf', { deals: 4, level: 'strong' });
    expect(await p.page.locator('.seat .level').allTextContents()).toEqual(['stark', 'stark', 'stark']);
    await cardTurn(p.page);
    const hand = await handCodes(p.page);
    const seat = await p.page.locator('.seat.mine').getAttribute('data-seat');
    const watcher = await guest(b, base, 'Spechtler', PHONE);
    await watcher.page.goto(`${base}/table/${id}`);
    await watcher.page.waitForSelector(`.seat.turn[data-seat="${seat}"]`);
    // The player's page goes away: the others see the seat disconnected with the time left, and nobody plays for it.
    await p.page.goto('about:blank');
    const tag = watcher.page.locator(`.seat[data-seat="${seat}"] .gone`);
    await tag.waitFor({ timeout: 5000 });
    expect(await tag.textContent()).toMatch(/^Verbindung weg · (2\d|30)s$/);
    await watcher.page.screenshot({ path: `${OUT}/grace-phone.png` });
    // On a phone a strong bot's level stands below its name, so "Resi" and "Sepp" are whole (beside "STARK" they were cut to three letters; "(bot)" stands apart, not cut).
    const cut = (await watcher.page.evaluate(
      "[...document.querySelectorAll('.seat')].filter((el) => el.querySelector('.level')).map((el) => { const nm = el.querySelector('.name .nm'); return { name: nm.textContent, cut: nm.scrollWidth > nm.clientWidth + 1 }; })",
    )) as { name: string | null; cut: boolean }[];
    expect(cut.filter((x) => /^(Resi|Sepp)$/.test(x.name ?? ''))).toEqual([{ name: expect.any(String), cut: false }, { name: expect.any(String), cut: false }]);
    await watcher.page.waitForTimeout(1500);
    expect(await watcher.page.locator(`.seat.turn[data-seat="${seat}"]`).count()).toBe(1);
    // Back in time: the same hand, still the player's turn, and the tag is gone for the others.
    await p.page.goto(`${base}/table/${id}`);
    await p.page.waitForSelector('main.table.my-turn .hand button.hc');
    expect(await handCodes(p.page)).toEqual(hand);
    await tag.waitFor({ state: 'detached', timeout: 5000 });
    expect(p.errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
    await watcher.ctx.close();
    await p.ctx.close();
  });

  it('the next deal waits while the player reads the last one\'s summary, and begins when he closes it', async () => {
    const b = (await setup()).browser;
    const p = await guest(b, (await readingServer(60_000)).url, 'Lesratz');
    await createTable(p, 'schafkopf', { deals: 2 });
    const page = p.page;
    await untilSummary(page);
    expect(await page.locator('.summary h2').textContent()).toMatch(/Spiel vorbei/);
    // Two seconds of reading: the second deal has not been dealt (no card of it came, the hand is empty).
    await page.waitForTimeout(2000);
    const secondDealt = () => p.frames.some((f) => (JSON.parse(f) as { events?: { event: { type: string; deal?: number } }[] }).events?.some((x) => (x.event.type === 'dealt' || x.event.type === 'game') && x.event.deal === 1));
    expect(secondDealt()).toBe(false);
    expect(await page.locator('.hand button.hc').count()).toBe(0);
    await page.screenshot({ path: `${OUT}/reading-summary.png` });
    // "Weiter": the deal begins at once (the server waited for this player's contribution alone).
    await page.locator('.summary button.next').click();
    await page.locator('.hand button.hc').nth(7).waitFor({ timeout: 5000 });
    expect(secondDealt()).toBe(true);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('one who has read waits for another still reading, and the page says why no cards come', async () => {
    const b = (await setup()).browser;
    const slowReader = await readingServer(4000);
    const p = await guest(b, slowReader.url, 'Fertig');
    const id = await createTable(p, 'schafkopf', { deals: 2, seats: ['open', 'easy', 'easy'] });
    // The other player joins over the protocol and never sends a contribution after the first deal: he reads on.
    const other = await seatedAtOne(slowReader.url, id, 'Leser');
    await p.page.locator('.hand button.hc').nth(7).waitFor({ timeout: 10_000 });
    other.contribute = false;
    const stop = autoplay(other, id);
    const page = p.page;
    await untilSummary(page);
    await page.locator('.summary button.next').click();
    const note = page.locator('.next-deal');
    await note.waitFor({ timeout: 2000 });
    expect(await note.textContent()).toBe('Gleich wird gegeben: sobald alle das letzte Spiel gelesen haben, höchstens 15 s.');
    expect(await page.locator('.hand button.hc').count()).toBe(0);
    await page.screenshot({ path: `${OUT}/waiting-for-reader.png` });
    // After the server's reading time the cards come without him, and the note goes.
    await page.locator('.hand button.hc').nth(7).waitFor({ timeout: 10_000 });
    expect(await note.count()).toBe(0);
    stop();
    await other.close();
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('a sitting\'s summary still open when another player began the next sitting closes at his first decision in it', async () => {
    const b = (await setup()).browser;
    const server = await readingServer(500);
    const p = await guest(b, server.url, 'Nachzügler');
    const id = await createTable(p, 'schafkopf', { deals: 1, seats: ['open', 'easy', 'easy'] });
    const other = await seatedAtOne(server.url, id, 'Eilig');
    const stop = autoplay(other, id);
    const page = p.page;
    await play(page);
    expect(await page.locator('.summary h2').textContent()).toBe('Sitzung vorbei');
    // The other starts the next sitting; this one reads on: half a second later the cards come without him, and at
    // his first decision the dialog is gone, his buttons in reach.
    expect((await other.request({ type: 'again', table: id })).type).toBe('ok');
    await page.locator('.summary .restarted').waitFor({ timeout: 5000 });
    await page.locator('.summary').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.locator('main.table.my-turn').count()).toBe(1);
    expect(await page.locator('.backdrop').count()).toBe(0);
    stop();
    await other.close();
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('a summary still open when the player must act in the next deal (begun past the reading time) closes by itself', async () => {
    const b = (await setup()).browser;
    const p = await guest(b, (await readingServer(500)).url, 'Trödler');
    await createTable(p, 'schafkopf', { deals: 2 });
    const page = p.page;
    await untilSummary(page);
    // He leaves the summary open: after half a second the deal begins without him, and at his first decision the
    // summary is gone, his buttons or cards in reach.
    await page.locator('.summary').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.locator('main.table.my-turn').count()).toBe(1);
    expect(await page.locator('.backdrop').count()).toBe(0);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('a player away past the grace is shown "weg" while a bot plays for him, and no longer once he is back at his turn', async () => {
    const b = (await setup()).browser;
    // A bot delay of 5 s: his page is loaded anew (and joined) within it on a loaded machine too (3 s could pass first).
    brief ??= await testServer({ clientDir: `${process.cwd()}/${CLIENT}`, tableDefaults: { clockMs: 0, botDelayMs: 5000, graceMs: 1000 } });
    const base = brief.url;
    const p = await guest(b, base, 'Zruck');
    const id = await createTable(p, 'schafkopf', { deals: 2 });
    // His turn to play a card with at least four in hand, so that the bot plays one for him and his turn comes again.
    const page = p.page;
    await play(page, async () => (await page.locator('main.table.my-turn .hand button.hc.legal:not([disabled])').count()) > 0 && (await page.locator('.hand button.hc').count()) >= 4 && (await page.locator('.summary').count()) === 0, 90_000);
    const seat = await page.locator('.seat.mine').getAttribute('data-seat');
    const cards = (await page.locator('.hand button.hc').count()) as number;
    const watcher = await guest(b, base, 'Gspusi');
    await watcher.page.goto(`${base}/table/${id}`);
    await watcher.page.waitForSelector(`.seat.turn[data-seat="${seat}"]`);
    const plate = watcher.page.locator(`.seat[data-seat="${seat}"]`);
    const away = plate.locator('.tag', { hasText: /^weg$/ });
    // His page goes away at his turn: after the grace of 1 s his seat is "weg", and after its 5 s a bot plays his card.
    await page.goto('about:blank');
    await away.waitFor({ timeout: 5000 });
    // And says who plays the seat now (play-test: "weg" alone left the others guessing).
    expect(await plate.locator('.stand-in').textContent()).toBe('Bot spielt');
    await plate.filter({ hasText: `${cards - 1} Karten` }).waitFor({ timeout: 20_000 });
    // The trick goes round to him again (up to six bot moves of 5 s); he is back before the bot plays for him. It is
    // his turn, so no event comes: only the status says he is back (the snapshot the watcher has is from while he was away).
    await watcher.page.waitForSelector(`.seat.turn[data-seat="${seat}"]`, { timeout: 60_000 });
    await page.goto(`${base}/table/${id}`);
    await page.waitForSelector('main.table.my-turn');
    expect(await page.locator('.hand button.hc').count()).toBe(cards - 1);
    await away.waitFor({ state: 'detached', timeout: 5000 });
    expect(await plate.locator('.stand-in').count()).toBe(0);
    expect(await watcher.page.locator(`.seat.turn[data-seat="${seat}"]`).count()).toBe(1);
    expect(p.errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
    await watcher.ctx.close();
    await p.ctx.close();
  }, 240_000);
});
