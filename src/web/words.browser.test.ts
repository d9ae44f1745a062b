/**
 * Issue 18 items 6 and 7 in a real Chromium: the rules page of every game in
 * German and English, linked from the lobby, the create form and the "?" at
 * the table; presets and house rules by name, never by id; a refusal in the
 * player's language with its rule section linked; plurals and suit spellings.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../games/registry.js';
import type { RunningServer } from '../server/server.js';
import { testServer } from '../server/testing.js';
import { CLIENT, createTable, DESKTOP, guest, launchChromium, OUT, PHONE, play } from './testing.js';

let browser: Browser | undefined;
let server: RunningServer | undefined;

async function setup(): Promise<{ browser: Browser; base: string }> {
  browser ??= await launchChromium();
  server ??= await testServer({ clientDir: `${process.cwd()}/${CLIENT}`, tableDefaults: { clockMs: 0, botDelayMs: 60 } });
  return { browser, base: server.url };
}

beforeAll(() => mkdirSync(OUT, { recursive: true }));
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The ids of every house rule and preset of a game: none may be read on a page for people. */
function idsOf(game: string): string[] {
  const book = GAMES.find((m) => m.game.id === game)!.game.ruleBook;
  // Ids that are also ordinary words ("tout", "gang", "standard", …) cannot be told apart from the words themselves.
  const words = (id: string) => /[A-Z]|-/.test(id);
  return [...book.houseRules.map((r) => r.name), ...book.presets.map((p) => p.name)].filter(words);
}

async function visibleText(page: Page, selector: string): Promise<string> {
  return page.locator(selector).innerText();
}

describe('rules pages, names for rules and presets, refusals in words (issue 18, 6 and 7)', () => {
  it('every game has a rules page in German and English, reachable without an account: deal, bidding, play, games, pay, every house rule and preset by name, never an id', async () => {
    const { browser: b, base } = await setup();
    for (const [locale, lang] of [['de-DE', 'de'], ['en-GB', 'en']] as const) {
      const ctx = await b.newContext({ viewport: PHONE, locale });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      for (const game of ['schafkopf', 'bauernschnapsen', 'talonschnapsen', 'karnoeffel']) {
        await page.goto(`${base}/rules/${game}`);
        await page.waitForSelector('main.rules section#pay');
        const book = GAMES.find((m) => m.game.id === game)!.game.ruleBook;
        for (const part of ['deal', 'bidding', 'play', 'games', 'pay', 'presets', 'house-rules']) {
          expect(await page.locator(`main.rules section#${part} h2`).count(), `${game} ${lang} #${part}`).toBe(1);
        }
        const text = await visibleText(page, 'main.rules');
        for (const r of book.houseRules) {
          expect(await page.locator(`[data-rule="${r.name}"] dt`).innerText(), `${game} ${r.name}`).toBe(r.label[lang]);
          expect(text).toContain(r.explain[lang]);
        }
        for (const p of book.presets) expect(await page.locator(`[data-preset="${p.name}"] dt`).innerText(), `${game} ${p.name}`).toContain(p.label[lang]);
        for (const id of idsOf(game)) expect(text, `${game} ${lang} shows the id ${id}`).not.toContain(id);
        // A phone reads it without sideways scrolling.
        expect(await page.evaluate<number>('document.documentElement.scrollWidth'), `${game} ${lang} width`).toBeLessThanOrEqual(PHONE.width);
        if (game === 'schafkopf') {
          await page.screenshot({ path: `${OUT}/rules-schafkopf-${lang}-phone.png` });
          await page.locator('#presets').scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${OUT}/rules-schafkopf-${lang}-phone-presets.png` });
        }
      }
      // German page in German, English page in English.
      await page.goto(`${base}/rules/schafkopf`);
      await page.waitForSelector('main.rules section#pay');
      const schafkopf = await visibleText(page, 'main.rules');
      if (lang === 'de') {
        expect(schafkopf).toContain('Aumer/Koller (Buch)');
        expect(schafkopf).toContain('Online-Regeln');
        expect(schafkopf).toContain('Laufende im Rufspiel ab');
        expect(schafkopf).not.toMatch(/\b(the|you|must)\b/);
      } else {
        expect(schafkopf).toContain('Aumer/Koller (the book)');
        expect(schafkopf).toContain('Online rules');
        expect(schafkopf).not.toMatch(/\b(und|muss|der|die)\b/);
      }
      // An unknown game says so.
      await page.goto(`${base}/rules/skat`);
      await page.waitForSelector('main.rules');
      expect(await visibleText(page, 'main.rules')).toMatch(lang === 'de' ? /Dieses Spiel gibt es hier nicht/ : /There is no such game here/);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('before any name is chosen, the login page links every rules page and every guided first deal, which open without an account', async () => {
    const { browser: b, base } = await setup();
    for (const [viewport, locale, rules, learn] of [
      [PHONE, 'de-DE', 'Regeln', 'Erstes Spiel lernen'],
      [DESKTOP, 'en-GB', 'Rules', 'Learn with a first deal'],
    ] as const) {
      const ctx = await b.newContext({ viewport, locale });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(base);
      await page.waitForSelector('main.login');
      expect(await page.locator('main.login .rules-links').innerText()).toBe(`${rules}: Schafkopf · Bauernschnapsen · Talonschnapsen · Karnöffel`);
      expect(await page.locator('main.login .learn-links').innerText()).toBe(`${learn}: Schafkopf · Bauernschnapsen · Talonschnapsen · Karnöffel`);
      expect(await page.locator('main.login .learn-links a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/learn/schafkopf', '/learn/bauernschnapsen', '/learn/talonschnapsen', '/learn/karnoeffel']);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `${OUT}/words-login-${viewport.width}.png` });
      // A rules page and a lesson open in the app, still without a session.
      await page.locator('main.login .rules-links a').nth(3).click();
      await page.waitForSelector('main.rules section#pay');
      expect(new URL(page.url()).pathname).toBe('/rules/karnoeffel');
      await page.goBack();
      await page.locator('main.login .learn-links a').nth(3).click();
      await page.waitForSelector('.hand button.hc');
      expect(new URL(page.url()).pathname).toBe('/learn/karnoeffel');
      expect(await (await page.request.get(`${base}/api/me`)).json()).toEqual({ user: null });
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('an address that is no page of the app says so in the player\'s language, with 404, and leads to the lobby', async () => {
    const { browser: b, base } = await setup();
    for (const [viewport, locale, heading, lobby] of [
      [PHONE, 'de-DE', 'Diese Seite gibt es nicht.', 'Zur Lobby'],
      [DESKTOP, 'en-GB', 'There is no such page.', 'To the lobby'],
    ] as const) {
      const ctx = await b.newContext({ viewport, locale });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const res = await page.goto(`${base}/leaderboard`);
      expect(res?.status()).toBe(404);
      await page.waitForSelector('main.not-found');
      expect(await page.locator('main.not-found h1').innerText()).toBe(heading);
      await page.screenshot({ path: `${OUT}/words-not-found-${viewport.width}.png` });
      await page.getByRole('link', { name: lobby }).click();
      await page.waitForSelector('main.login');
      expect(new URL(page.url()).pathname).toBe('/');
      // A table's address with something after it is no page either; the table's own address is.
      await page.goto(`${base}/table/abc/def`);
      await page.waitForSelector('main.not-found');
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('the lobby links every rules page and every guided first deal; the create form names presets, house rules and their values, never by id, and links the rules', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Vroni', PHONE);
    const lobbyLinks = p.page.locator('.rules-links a');
    expect(await lobbyLinks.count()).toBe(4);
    expect(await lobbyLinks.first().getAttribute('href')).toBe('/rules/schafkopf');
    expect(await p.page.locator('main.lobby .learn-links').innerText()).toBe('Erstes Spiel lernen: Schafkopf · Bauernschnapsen · Talonschnapsen · Karnöffel');
    await p.page.selectOption('select[name=game]', 'schafkopf');
    const presets = await p.page.locator('select[name=preset] option').allInnerTexts();
    expect(presets).toEqual(['Aumer/Koller (Buch)', 'Online-Regeln']);
    expect(await p.page.locator('.preset-explain a').getAttribute('href')).toBe('/rules/schafkopf');
    await p.page.locator('form.create details summary').click();
    const form = await visibleText(p.page, 'form.create');
    expect(form).toContain('Laufende im Rufspiel ab');
    expect(form).toContain('Wenn alle weiter sagen');
    for (const id of idsOf('schafkopf')) expect(form, `the form shows the id ${id}`).not.toContain(id);
    const allPass = await p.page.locator('form.create select').filter({ has: p.page.locator('option[value=mussspiel]') }).locator('option').allInnerTexts();
    expect(allPass).toContain('Muss-Spiel (der Eichel-Ober spielt)');
    await p.page.screenshot({ path: `${OUT}/words-create-form-phone.png`, fullPage: true });
    // Following the lobby's link opens the page in the app; the way back leads to the lobby.
    await lobbyLinks.nth(3).click();
    await p.page.waitForSelector('main.rules section#pay');
    expect(new URL(p.page.url()).pathname).toBe('/rules/karnoeffel');
    expect(await p.page.locator('main.rules h1').innerText()).toBe('Regeln: Karnöffel');
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('a card the rules forbid is refused in the player\'s language, with the rule section linked to the rules page; the table has its "?"; seat notes count in the singular', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Kathi', DESKTOP);
    await createTable(p, 'schafkopf', { deals: 4 });
    const page = p.page;
    // Wait for a turn at which some card of the hand may not be played.
    await play(page, async () => (await page.locator('main.table.my-turn .hand button.hc.dim').count()) > 0 && (await page.locator('.summary').count()) === 0, 120_000);
    const help = page.locator('.headline a.rules-help');
    expect(await help.getAttribute('href')).toBe('/rules/schafkopf');
    expect(await help.innerText()).toBe('?');
    expect(await help.getAttribute('title')).toBe('Die Regeln dieses Spiels: Aumer/Koller (Buch)');
    await page.locator('.hand button.hc.dim').first().click();
    const notice = page.locator('p.notice');
    await notice.waitFor();
    const de = await notice.innerText();
    expect(de).toMatch(/^Nicht erlaubt: /);
    expect(de).toMatch(/du musst|darfst du|spielst du/);
    expect(de).not.toMatch(/\b(you|must|the)\b/);
    const section = notice.locator('a');
    expect(await section.getAttribute('href')).toMatch(/^\/rules\/schafkopf#(play|games)$/);
    expect(await section.innerText()).toMatch(/^002 5\.[\d.]+$/);
    await page.screenshot({ path: `${OUT}/words-refusal-de.png` });
    // The same refusal in English once the page is switched.
    await page.getByRole('button', { name: 'Switch to English' }).click();
    const en = await notice.innerText();
    expect(en).toMatch(/^Not allowed: /);
    expect(en).not.toMatch(/\b(du|musst|nicht)\b/);
    expect(await notice.locator('a').getAttribute('href')).toBe(await section.getAttribute('href'));
    // The English table says Trump and Pass, never Trumpf or weiter; no seat shows "1 cards" or "1 tricks".
    const table = await page.locator('main.table').innerText();
    expect(table).not.toMatch(/Trumpf|\b[Ww]eiter\b|\b1 (cards|tricks)\b/);
    // On a phone the "?" stays clear of the headline's words.
    await page.setViewportSize(PHONE);
    const q = await help.boundingBox();
    const lines = await page.locator('.headline > div').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, right: r.right, bottom: r.bottom })));
    for (const l of lines) expect(q && l.right > q.x && l.x < q.x + q.width && l.bottom > q.y && l.y < q.y + q.height).toBeFalsy();
    await page.screenshot({ path: `${OUT}/words-refusal-en-phone.png` });
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('the record viewer names a bid as the table does: "Lena: Pass" in both, not "pass" in the headline (play-test)', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Lena', DESKTOP, 'en-GB');
    const { page } = p;
    await createTable(p, 'schafkopf', { deals: 2 });
    await play(page);
    await page.locator('.summary button.record-link').click();
    await page.waitForSelector('main.record .controls');
    const forward = page.locator('main.record button[data-go=forward]');
    const checked: string[] = [];
    for (let deal = 0; deal < 2; deal++) {
      if (deal > 0) await page.getByRole('button', { name: 'Next deal' }).click();
      // The bids before the game is known: each step's words, and the headline's list of bids after it.
      for (let i = 0; i < 3; i++) {
        await forward.click();
        const said = (await page.locator('main.record .said').textContent()) ?? '';
        const headline = await page.locator('main.record .headline').nth(1).innerText();
        if (!/: (Pass|pass)$/.test(said)) continue;
        expect(headline).toContain(said);
        checked.push(said);
      }
    }
    // The bots pass with most hands: a pass among the first three bids of two deals.
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.every((x) => x.endsWith(': Pass'))).toBe(true);
    await page.screenshot({ path: `${OUT}/words-record-pass-1280.png` });
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('Karnöffel in English: the round\'s value in plain words and the sides as Blue and Red (play-test: "Round worth: 7 · raising: 10", "Blau")', async () => {
    const { browser: b, base } = await setup();
    for (const [viewport, size] of [
      [PHONE, '360'],
      [DESKTOP, '1280'],
    ] as const) {
      const p = await guest(b, base, `Ruth ${size}`, viewport, 'en-GB');
      await createTable(p, 'karnoeffel', { deals: 1 });
      await p.page.waitForSelector('main.table.my-turn', { timeout: 30_000 });
      const table = await p.page.locator('main.table').innerText();
      expect(table).toMatch(/This round is worth \d+/);
      expect(table).toMatch(/\bBlue\b/);
      expect(table).toMatch(/\bRed\b/);
      expect(table).not.toMatch(/\b(Blau|Rot)\b|Round worth|raising:/);
      await p.page.screenshot({ path: `${OUT}/words-karnoeffel-en-${size}.png` });
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    }
  });

  it('Schnapsen and Karnöffel in German: one spelling per suit (Gras, Schellen), "1 Karte"/"1 Stich" in the singular', async () => {
    const { browser: b, base } = await setup();
    for (const game of ['bauernschnapsen', 'karnoeffel']) {
      const p = await guest(b, base, `Resi ${game}`, DESKTOP);
      await createTable(p, game, { deals: 1 });
      const seen: string[] = [];
      // Play the deal out by clicking, noting the table's words at each of the player's turns.
      await play(
        p.page,
        async () => {
          seen.push(await p.page.locator('main.table').innerText());
          return false;
        },
        120_000,
      );
      const all = seen.join('\n');
      expect(all, game).not.toMatch(/Grün|Schelln\b/);
      expect(all, game).not.toMatch(/\b1 (Karten|Stiche)\b/);
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    }
  });
});
