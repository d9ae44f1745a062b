/**
 * What the Chromium tests share: where Chromium and the built client are,
 * the viewports, and people who join, open tables and play by clicking.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CLIENT = 'dist/client';
/** Screenshots (ignored by git). */
export const OUT = 'tmp/web';
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };
export const BROWSER_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** Debian's Chromium, headless, for a page test that needs the built client; says how to get either when it is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(EXECUTABLE)) throw new Error(`Chromium not found at ${EXECUTABLE}: install it (apt-get install -y chromium) or set CHROMIUM_PATH=/path/to/chromium`);
  if (!existsSync(`${CLIENT}/index.html`)) throw new Error(`no built client in ${CLIENT}: run npm run build`);
  return chromium.launch({ executablePath: EXECUTABLE, args: BROWSER_ARGS });
}

export interface Person {
  ctx: BrowserContext;
  page: Page;
  errors: string[];
  /** Every WebSocket frame the page received, in order. */
  frames: string[];
}

/** A new browser context that joins as a guest in one click and sees the lobby. */
export async function guest(b: Browser, base: string, name: string, viewport = DESKTOP, locale = 'de-DE'): Promise<Person> {
  const ctx = await b.newContext({ viewport, locale });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await page.goto(base);
  await page.getByLabel(locale.startsWith('de') ? 'Dein Name' : 'Your name').fill(name);
  await page.getByRole('button', { name: locale.startsWith('de') ? 'Als Gast spielen' : 'Play as a guest' }).click();
  await page.waitForSelector('form.create');
  return { ctx, page, errors, frames };
}

/**
 * Opens a table from the lobby form; resolves with the table id once the person sits at it. The seats after the
 * creator's are bots of the default level unless `bots` is false (all open), `level` names the level, or `seats`
 * names each ("open" or a level).
 */
export async function createTable(
  p: Person,
  game: string,
  options: { deals?: number; bots?: boolean; level?: string; rated?: boolean; seats?: readonly string[]; private?: boolean } = {},
): Promise<string> {
  const { page } = p;
  await page.selectOption('select[name=game]', game);
  const seats = await page.locator('form.create select[name^=seat]').all();
  for (const [i, select] of seats.entries()) {
    const choice = options.seats?.[i] ?? (options.bots === false ? 'open' : options.level);
    if (choice) await select.selectOption(choice);
  }
  if (options.private) await page.selectOption('select[name=visibility]', 'private');
  if (options.rated) await page.check('input[name=rated]');
  if (options.deals) await page.fill('input[name=deals]', String(options.deals));
  await page.locator('form.create button[type=submit]').click();
  await page.waitForURL(/\/table\//);
  await page.waitForSelector('.seat.mine', { timeout: 10_000 });
  return new URL(page.url()).pathname.split('/')[2];
}

/**
 * Plays as a person would by clicking: a lifted card when there is one, else
 * the first action button; dismisses deal summaries; stops at the end of the
 * sitting or when `stop` says so.
 */
export async function play(page: Page, stop: () => Promise<boolean> = async () => false, limitMs = 60_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await stop()) return;
    const summary = page.locator('.summary');
    if (await summary.count()) {
      if ((await summary.locator('h3').textContent())?.match(/Sitzung vorbei|Sitting over/)) return;
      await summary.locator('button.next').click({ timeout: 2000 }).catch(() => undefined);
      continue;
    }
    const myTurn = await page.locator('main.table.my-turn').count();
    if (myTurn) {
      const card = page.locator('.hand button.hc.legal:not([disabled])').first();
      const button = page.locator('.buttons button.action:not([disabled])').first();
      if (await card.count()) await card.click({ timeout: 2000 }).catch(() => undefined);
      else if (await button.count()) await button.click({ timeout: 2000 }).catch(() => undefined);
    }
    await page.waitForTimeout(30);
  }
  throw new Error(`the sitting did not end within ${limitMs} ms`);
}

export async function handCodes(page: Page): Promise<string[]> {
  return page.locator('.hand button.hc').evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
}
