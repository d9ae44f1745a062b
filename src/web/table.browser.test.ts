/**
 * The browser table in a real Chromium: the real server in-process (port 0, a
 * temporary SQLite file, no bot delay) serves the built client (dist/client,
 * built by `npm run build`), and playwright-core drives pages as people would.
 * Screenshots go to tmp/web/ (ignored by git). Without Chromium every test
 * fails with one line saying how to get one.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server/server.js';
import { testServer } from '../server/testing.js';
import { CLIENT, createTable, DESKTOP, guest, handCodes, launchChromium, OUT, PHONE, play } from './testing.js';

let browser: Browser | undefined;
let server: RunningServer | undefined;
/** A second server whose bots take their time: a seat whose holder is gone (a reload) is played by a bot after the bot delay. */
let slow: RunningServer | undefined;
/** A third server with a heartbeat of 1 s instead of 10 (limits.ts), so that a silent connection is noticed within seconds. */
let quick: RunningServer | undefined;

async function setup(): Promise<{ browser: Browser; base: string }> {
  browser ??= await launchChromium();
  server ??= await testServer({ clientDir: `${process.cwd()}/${CLIENT}` });
  return { browser, base: server.url };
}

beforeAll(() => mkdirSync(OUT, { recursive: true }));
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await slow?.close();
  await quick?.close();
});

describe('the browser table in Chromium', () => {
  it('one person against bots plays a whole sitting in every game, by clicking', async () => {
    const { browser: b, base } = await setup();
    for (const game of ['schafkopf', 'bauernschnapsen', 'talonschnapsen', 'karnoeffel']) {
      const p = await guest(b, base, `Solo ${game}`);
      await createTable(p, game, { deals: 1 });
      await p.page.waitForSelector('.headline', { timeout: 10_000 });
      await p.page.screenshot({ path: `${OUT}/${game}-desktop.png` });
      await play(p.page);
      await expect(p.page.locator('.summary h2')).toBeTruthy();
      expect(await p.page.locator('.summary').textContent()).toMatch(/Sitzung vorbei/);
      // The record viewer replays the sitting: all cards open at the start, trick by trick to the end.
      await p.page.locator('.summary button.record-link').click();
      await p.page.waitForSelector('main.record .controls');
      // Before the first card the felt says so instead of lying there as an empty box.
      expect(await p.page.locator('main.record .felt').textContent()).toBe('Noch keine Karte gespielt');
      await p.page.screenshot({ path: `${OUT}/${game}-record-start.png` });
      const next = p.page.getByRole('button', { name: 'Nächster Stich' });
      await next.click();
      await p.page.waitForSelector('main.record .shown .card');
      expect(await p.page.locator('main.record .shown').count()).toBeGreaterThan(1);
      expect(await p.page.locator('main.record .notice').count()).toBe(0);
      for (let i = 0; i < 40 && !(await p.page.locator('main.record .score').count()); i++) await next.click();
      expect(await p.page.locator('main.record .score').textContent()).not.toBe('');
      // A hand played out is not shown as a name over nothing (a deal ended early keeps its cards in view).
      expect(await p.page.locator('main.record .shown:not(:has(.card))').count()).toBe(0);
      await p.page.screenshot({ path: `${OUT}/${game}-record.png` });
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    }
  });

  it('the end of a sitting shows the finished Bummerl with who won and who got it, and the whole Spielzettel inside the dialog', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Bummerlspieler');
    // No number of deals: the sitting is one Bummerl, played to 24.
    await createTable(p, 'bauernschnapsen');
    await p.page.waitForSelector('.headline', { timeout: 10_000 });
    await play(p.page);
    await p.page.waitForSelector('.summary .winner');
    const lines = await p.page.locator('.summary p').allTextContents();
    // Before: "Dieses Bummerl (bis 24): … 0 : … 0", the new Bummerl that never began, and no winner.
    expect(lines.join('\n')).not.toMatch(/Dieses Bummerl/);
    expect(lines[0]).toMatch(/gewinnen die Sitzung\.$/);
    expect(lines[1]).toMatch(/^Bummerl: .+ 24 : \d+ .+ – .+ bekommen (das Bummerl|einen Schneider|einen Retourschneider)/);
    // The Spielzettel below the table lies under the backdrop: the dialog shows it, every deal with the Bummerl's end.
    const toggle = p.page.locator('.summary button.sheet-toggle');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await p.page.locator('.summary table.sheet tr[data-deal]').count()).toBeGreaterThan(1);
    expect(await p.page.locator('.summary table.sheet tr.note').textContent()).toMatch(/Bummerl für/);
    // The totals above the Bummerl's line stop at 24, as it says (003: "Es können jedoch nur 24 Punkte pro Bummel erreicht werden").
    const totals = await p.page.locator('.summary table.sheet tr.note').locator('xpath=preceding-sibling::tr[1]').locator('td .muted').allTextContents();
    expect(Math.max(...totals.map(Number))).toBe(24);
    await p.page.screenshot({ path: `${OUT}/sitting-end-bauernschnapsen-1280.png` });
    await p.page.setViewportSize({ width: 360, height: 740 });
    expect((await p.page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number).toBeLessThanOrEqual(0);
    await p.page.screenshot({ path: `${OUT}/sitting-end-bauernschnapsen-360.png` });
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('each finished deal shows that its shuffle was verified in the browser, with the details, in German and English', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Prüferin');
    const frames = p.frames;
    await createTable(p, 'talonschnapsen', { deals: 2 });
    await play(p.page, async () => (await p.page.locator('.summary .fair').count()) > 0);
    const fair = p.page.locator('.summary .fair');
    await p.page.waitForSelector('.summary .fair[data-fair=ok]', { timeout: 10_000 });
    expect(await fair.locator('summary').textContent()).toBe('✓ Mischen geprüft');
    await fair.locator('summary').click();
    expect(await fair.locator('dd').last().textContent()).toMatch(/ · 0$/);
    const commitment = (await fair.locator('code[data-commitment]').textContent()) ?? '';
    const seed = (await fair.locator('code[data-seed]').textContent()) ?? '';
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    // Her own contribution is listed at her seat, the bots' seats are substituted.
    const rows = await fair.locator('dd').allTextContents();
    expect(rows.filter((r) => /Prüferin .*: [0-9a-f]{64}$/.test(r))).toHaveLength(1);
    expect(rows.filter((r) => r.includes('ersetzt (kein Beitrag)'))).toHaveLength(2);
    // The commitment came over the wire with the deal's start, the seed only with its end.
    const firstWith = (s: string) => frames.findIndex((f) => f.includes(s));
    expect(firstWith(commitment)).toBeGreaterThanOrEqual(0);
    expect(frames[firstWith(commitment)]).toContain('"dealStart"');
    expect(frames[firstWith(seed)]).toContain('"dealEnd"');
    expect(firstWith(seed)).toBeGreaterThan(firstWith(commitment));
    // The language switch sits under the summary's backdrop: pressed without the pointer.
    await p.page.getByRole('button', { name: 'Switch to English' }).dispatchEvent('click');
    expect(await fair.locator('summary').textContent()).toBe('✓ Shuffle verified');
    expect(await fair.textContent()).toContain('substituted (none sent)');
    // The summary's own lines switch too (they stayed German: "verloren", "(du)").
    const said = (await p.page.locator('.summary > p').allTextContents()).join(' | ');
    expect(said).toMatch(/: (won|lost) \((\d+ \+ )*\d+( = \d+)? card points, \d+ tricks?(; [^)]+)?\)|^Three Unter: dealt anew\.$/);
    expect(said).not.toMatch(/verloren|gewonnen|\(du\)|Augen|neu gegeben/);
    await p.page.screenshot({ path: `${OUT}/fair-verified.png` });
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('four people sit at one Schafkopf table and play a whole deal by clicking', async () => {
    const { browser: b, base } = await setup();
    const people = [await guest(b, base, 'Anna'), await guest(b, base, 'Bert'), await guest(b, base, 'Cilli'), await guest(b, base, 'Done')];
    const id = await createTable(people[0], 'schafkopf', { deals: 1, bots: false });
    // Bert finds the table in the lobby: "Hinsetzen" seats him at once; the others come by the link and pick a seat.
    const entry = people[1].page.locator('ul.tables li', { hasText: 'Anna' });
    await entry.getByRole('button', { name: 'Hinsetzen' }).click();
    await people[1].page.waitForSelector('.seat.mine');
    expect(new URL(people[1].page.url()).pathname).toBe(`/table/${id}`);
    for (const p of people.slice(2)) {
      await p.page.goto(`${base}/table/${id}`);
      await p.page.getByRole('button', { name: 'Hier sitzen' }).first().click();
      await p.page.waitForSelector('.seat.mine');
    }
    await Promise.all(people.map((p) => p.page.waitForSelector('.hand button.hc', { timeout: 10_000 })));
    const hands = await Promise.all(people.map((p) => handCodes(p.page)));
    expect(new Set(hands.flat()).size).toBe(32);
    await Promise.all(people.map((p) => play(p.page)));
    for (const p of people) {
      expect(await p.page.locator('.summary').textContent()).toMatch(/Sitzung vorbei/);
      expect(p.errors).toEqual([]);
    }
    await Promise.all(people.map((p) => p.ctx.close()));
  });

  it('an illegal click is refused and explained; a reload in the middle of a deal restores the table exactly, its talk too', async () => {
    const { browser: b } = await setup();
    slow ??= await testServer({ clientDir: `${process.cwd()}/${CLIENT}`, tableDefaults: { clockMs: 0, botDelayMs: 1000 } });
    const base = slow.url;
    const p = await guest(b, base, 'Zenzi');
    await createTable(p, 'schafkopf', { deals: 8 });
    const { page } = p;
    let refused = false;
    // Play until it is this person's turn in the play with a dimmed card in hand.
    await play(page, async () => (await page.locator('main.table.my-turn .hand button.hc.dim').count()) > 0 && (await page.locator('.summary').count()) === 0, 60_000);
    const dim = page.locator('.hand button.hc.dim').first();
    const code = await dim.getAttribute('data-card');
    await dim.click();
    await page.waitForSelector('.notice');
    expect(await page.locator('.notice').textContent()).toMatch(/Nicht erlaubt: .+/);
    refused = (await handCodes(page)).includes(code!);
    expect(refused).toBe(true);
    // Reload: the same hand, trick, headline and turn (once a finished trick has slid to its winner).
    await page.waitForSelector('.played.sweep', { state: 'detached' });
    // A line said at the table before the reload.
    await page.fill('input[name=say]', 'Bin glei zruck');
    await page.keyboard.press('Enter');
    await page.locator('.talk .chat-line', { hasText: 'Bin glei zruck' }).waitFor({ timeout: 5000 });
    const before = { hand: await handCodes(page), trick: await page.locator('.felt').innerText(), head: await page.locator('.headline').innerText(), turn: await page.locator('.seat.turn').getAttribute('data-seat') };
    await page.reload();
    await page.waitForSelector('.hand button.hc');
    await page.waitForSelector('main.table.my-turn');
    // The talk is still there (it was lost with the page before the snapshot brought the last lines).
    expect(await page.locator('.talk .chat-line').allInnerTexts()).toEqual([expect.stringContaining('Bin glei zruck')]);
    const after = { hand: await handCodes(page), trick: await page.locator('.felt').innerText(), head: await page.locator('.headline').innerText(), turn: await page.locator('.seat.turn').getAttribute('data-seat') };
    expect(after).toEqual(before);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('a lost network is shown plainly at once and the table recovers by itself', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Wackel');
    await createTable(p, 'schafkopf', { deals: 3 });
    await p.page.waitForSelector('main.table.my-turn');
    // A watcher in the page notes the red bar, however briefly it shows.
    await p.page.evaluate(
      "window.__offline = ''; new MutationObserver(() => { const b = document.querySelector('.offline'); if (b) window.__offline = b.textContent; }).observe(document.body, { childList: true, subtree: true })",
    );
    // The browser loses its network. Nothing else is done: no close may ever reach the page (two CI runs saw none
    // within 15 s of the server ending the socket), and the page needs none.
    await p.ctx.setOffline(true);
    await p.page.waitForFunction('window.__offline !== ""', undefined, { timeout: 5000 });
    expect(await p.page.evaluate('window.__offline')).toMatch(/Verbindung unterbrochen/);
    await p.ctx.setOffline(false);
    await p.page.waitForSelector('.offline', { state: 'detached', timeout: 15_000 });
    await play(p.page, async () => (await p.page.locator('.hand button.hc').count()) > 0 && (await p.page.locator('main.table.my-turn').count()) > 0);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('a connection that goes silent (no close, no answer) is noticed by the heartbeat, and the page connects again by itself', async () => {
    const { browser: b } = await setup();
    quick ??= await testServer({ clientDir: `${process.cwd()}/${CLIENT}`, limits: { heartbeatMs: 1000 } });
    const p = await guest(b, quick.url, 'Funkloch');
    // Every socket of the page goes through this relay from now on; those opened before `silenced` was set can be made
    // to drop everything both ways while staying open (a network that swallows packets).
    let opened = 0;
    let silenced = 0;
    await p.ctx.routeWebSocket(/\/ws/, (pageSide) => {
      const n = ++opened;
      const serverSide = pageSide.connectToServer();
      pageSide.onMessage((m) => void (n > silenced && serverSide.send(m)));
      serverSide.onMessage((m) => void (n > silenced && pageSide.send(m)));
    });
    await p.page.reload();
    await createTable(p, 'schafkopf', { deals: 3 });
    await p.page.waitForSelector('main.table.my-turn');
    expect(opened).toBeGreaterThan(0);
    await p.page.evaluate(
      "window.__offline = ''; new MutationObserver(() => { const b = document.querySelector('.offline'); if (b) window.__offline = b.textContent; }).observe(document.body, { childList: true, subtree: true })",
    );
    const before = opened;
    silenced = opened;
    const t0 = Date.now();
    // A ping unanswered for a heartbeat and the slack (3 s), after the next beat: 4 to 6 s.
    await p.page.waitForFunction('window.__offline !== ""', undefined, { timeout: 15_000 });
    const ms = Date.now() - t0;
    expect(await p.page.evaluate('window.__offline')).toMatch(/Verbindung unterbrochen/);
    expect(ms).toBeGreaterThan(2000);
    await p.page.waitForSelector('.offline', { state: 'detached', timeout: 15_000 });
    expect(opened).toBeGreaterThan(before);
    await play(p.page, async () => (await p.page.locator('.hand button.hc').count()) > 0 && (await p.page.locator('main.table.my-turn').count()) > 0);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('a spectator sees no hidden card, neither in the page nor in its WebSocket messages', async () => {
    const { browser: b, base } = await setup();
    const player = await guest(b, base, 'Vroni');
    const id = await createTable(player, 'schafkopf', { deals: 2 });
    await player.page.waitForSelector('main.table.my-turn .hand button.hc');
    const hidden = await handCodes(player.page);
    const watcher = await guest(b, base, 'Gaffer');
    const frames: string[] = [];
    watcher.page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await watcher.page.goto(`${base}/table/${id}`);
    await watcher.page.waitForSelector('.headline');
    await watcher.page.waitForTimeout(300);
    const html = await watcher.page.content();
    expect(await watcher.page.locator('.hand button').count()).toBe(0);
    for (const code of hidden) expect(html).not.toContain(`data-card="${code}"`);
    const snapshots = frames.map((f) => JSON.parse(f) as { type: string; view?: { hand?: unknown[] }; seat?: number }).filter((m) => m.type === 'snapshot');
    expect(snapshots.length).toBeGreaterThan(0);
    for (const s of snapshots) {
      expect(s.seat).toBe(-1);
      expect(s.view?.hand ?? []).toEqual([]);
    }
    // No frame names a card of the player's hand by its code either.
    for (const code of hidden) expect(frames.join('\n')).not.toContain(`"${code}"`);
    await watcher.ctx.close();
    await player.ctx.close();
  });

  it('phone and desktop layouts fit; screenshots in tmp/web/', async () => {
    const { browser: b, base } = await setup();
    for (const [name, viewport, locale] of [
      ['phone', PHONE, 'de-DE'],
      ['desktop', DESKTOP, 'en-GB'],
    ] as const) {
      const p = await guest(b, base, `Layout ${name}`, viewport, locale);
      await p.page.screenshot({ path: `${OUT}/lobby-${name}.png` });
      await createTable(p, 'schafkopf', { deals: 1 });
      await p.page.waitForSelector('main.table.my-turn');
      await p.page.screenshot({ path: `${OUT}/table-${name}.png` });
      const overflow = (await p.page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
      expect(overflow).toBeLessThanOrEqual(0);
      // Every card and button has an accessible name.
      const unnamed = await p.page.locator('button').evaluateAll((els) => els.filter((e) => !(e.getAttribute('aria-label') || e.textContent?.trim())).length);
      expect(unnamed).toBe(0);
      await play(p.page, async () => (await p.page.locator('.felt figure.played').count()) >= 2);
      await p.page.screenshot({ path: `${OUT}/trick-${name}.png` });
      await p.ctx.close();
    }
  });

  it('is interactive within 1 s on localhost; the client bundle is under 150 KB gzipped', async () => {
    const { browser: b, base } = await setup();
    const js = readdirSync(`${CLIENT}/assets`).filter((f) => f.endsWith('.js'));
    const gz = js.reduce((n, f) => n + gzipSync(readFileSync(`${CLIENT}/assets/${f}`)).length, 0);
    expect(gz).toBeLessThan(150 * 1024);
    // At the slow server: while the page reloads, a bot would play for the seat (and at no delay end the sitting).
    slow ??= await testServer({ clientDir: `${process.cwd()}/${CLIENT}`, tableDefaults: { clockMs: 0, botDelayMs: 1000 } });
    const p = await guest(b, slow.url, 'Schnell');
    const id = await createTable(p, 'schafkopf', { deals: 8 });
    // Time to interactive as the page itself counts it (performance.now() from the navigation's start), best of three:
    // the suite shares two cores with the other test files.
    const ctx = await b.newContext({ viewport: PHONE });
    const page = await ctx.newPage();
    const ready = async (url: string, selector: string, on: Page) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        await on.goto(url);
        await on.waitForSelector(selector);
        best = Math.min(best, (await on.evaluate('performance.now()')) as number);
      }
      return Math.round(best);
    };
    const lobbyMs = await ready(base, 'button.primary.big', page);
    const tableMs = await ready(`${slow.url}/table/${id}`, '.hand button.hc', p.page);
    console.log(`bundle ${gz} bytes gzipped; interactive: start page ${lobbyMs} ms, table ${tableMs} ms`);
    expect(lobbyMs).toBeLessThan(1000);
    expect(tableMs).toBeLessThan(1000);
    await ctx.close();
    await p.ctx.close();
  });
});
