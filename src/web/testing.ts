/**
 * What the Chromium tests share: where Chromium and the built client are,
 * the viewports, and people who join, open tables and play by clicking.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { RunningServer, ServerOptions } from '../server/server.js';
import { testServer } from '../server/testing.js';

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
export function guest(b: Browser, base: string, name: string, viewport = DESKTOP, locale = 'de-DE'): Promise<Person> {
  return arrive(b, base, name, undefined, viewport, locale);
}

/** A new browser context that registers a name with a password on the login page and sees the lobby. */
export function member(b: Browser, base: string, name: string, password: string, viewport = DESKTOP, locale = 'de-DE'): Promise<Person> {
  return arrive(b, base, name, password, viewport, locale);
}

async function arrive(b: Browser, base: string, name: string, password: string | undefined, viewport: { width: number; height: number }, locale: string): Promise<Person> {
  const ctx = await b.newContext({ viewport, locale });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await page.goto(base);
  const de = locale.startsWith('de');
  await page.getByLabel(de ? 'Dein Name' : 'Your name').fill(name);
  if (password === undefined) await page.getByRole('button', { name: de ? 'Als Gast spielen' : 'Play as a guest' }).click();
  else {
    await page.locator('form.login-form details summary').click();
    await page.locator('input[name=password]').fill(password);
    await page.getByRole('button', { name: de ? 'Registrieren' : 'Register' }).click();
  }
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
  options: { deals?: number; bots?: boolean; level?: string; rated?: boolean; seats?: readonly string[]; private?: boolean; houseRules?: Readonly<Record<string, string>> } = {},
): Promise<string> {
  const { page } = p;
  await page.selectOption('select[name=game]', game);
  // House rules by the label a person reads (a select or a field), before the seats they may add.
  for (const [label, value] of Object.entries(options.houseRules ?? {})) {
    // The number of players stands with the seats.
    if (label === 'Spieler' && (await page.locator('form.create select[name=players]').count())) {
      await page.selectOption('form.create select[name=players]', value);
      continue;
    }
    const details = page.locator('form.create details');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    const rule = page.locator('form.create label.rule').filter({ hasText: new RegExp(`^${label}`) });
    if (await rule.locator('select').count()) await rule.locator('select').selectOption(value);
    else await rule.locator('input').fill(value);
  }
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
 * the first action button; dismisses deal summaries, each shown first to
 * `onSummary` (a `stop` that looks for them can miss one that opens and is
 * dismissed within one round of this loop); stops at the end of the sitting
 * or when `stop` says so.
 */
export async function play(page: Page, stop: () => Promise<boolean> = async () => false, limitMs = 60_000, onSummary?: (summary: Locator) => Promise<void>): Promise<void> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await stop()) return;
    const summary = page.locator('.summary');
    if (await summary.count()) {
      await onSummary?.(summary);
      if ((await summary.locator('h2').textContent())?.match(/Sitzung vorbei|Sitting over/)) return;
      await summary.locator('button.next').click({ timeout: 2000 }).catch(() => undefined);
      continue;
    }
    const myTurn = await page.locator('main.table.my-turn').count();
    if (myTurn) {
      // Laying away (Talonschnapsen): a card not yet chosen, then the confirm button once enough are.
      const confirm = page.locator('.buttons button.action.confirm:not([disabled])').first();
      const card = page.locator('.hand button.hc.legal:not(.selected):not([disabled])').first();
      const button = page.locator('.buttons button.action:not([disabled])').first();
      if (await confirm.count()) await confirm.click({ timeout: 2000 }).catch(() => undefined);
      else if (await card.count()) await card.click({ timeout: 2000 }).catch(() => undefined);
      else if (await button.count()) await button.click({ timeout: 2000 }).catch(() => undefined);
    }
    await page.waitForTimeout(30);
  }
  throw new Error(`the sitting did not end within ${limitMs} ms`);
}

export async function handCodes(page: Page): Promise<string[]> {
  return page.locator('.hand button.hc').evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
}

/** What `playByMouse` saw: deals ended, clicks made, and per deal the most cards seen on the table at once. */
export interface MousePlay {
  dealsEnded: number;
  clicks: number;
  tricksSeenInDeal: number[];
}

interface Glance {
  summary: { title: string; ended: string; next: Target | null } | null;
  /** The cards of a trick sliding to its winner ('' when none). */
  sweeping: string;
  /** Cards of the current trick on the felt, and the hidden ones among them (opacity or visibility). */
  trick: number;
  invisible: string[];
  target: Target | null;
}

interface Target {
  x: number;
  y: number;
  what: string;
  /** What lies over the control's centre (the confirm button: any part of it), when something else does. */
  covered: string | null;
}

/**
 * Plays to the end of the sitting by real mouse clicks at the centre of each
 * control, as a person would; throws as soon as something lies over the
 * control to be clicked, a card of the current trick cannot be seen, or a
 * swept trick stays on the table.
 */
export async function playByMouse(page: Page, limitMs = 120_000): Promise<MousePlay> {
  const seen: MousePlay = { dealsEnded: 0, clicks: 0, tricksSeenInDeal: [0] };
  const end = Date.now() + limitMs;
  let sweep = { cards: '', since: 0 };
  const summariesSeen = new Set<string>();
  while (Date.now() < end) {
    const g = (await page.evaluate(GLANCE)) as Glance;
    if (g.sweeping !== sweep.cards) sweep = { cards: g.sweeping, since: Date.now() };
    if (g.sweeping && Date.now() - sweep.since > 2500) throw new Error(`a finished trick (${g.sweeping}) stayed on the table for more than 2.5 s`);
    if (g.invisible.length > 0) throw new Error(`cards of the current trick cannot be seen: ${g.invisible.join(', ')}`);
    const deal = seen.tricksSeenInDeal.length - 1;
    seen.tricksSeenInDeal[deal] = Math.max(seen.tricksSeenInDeal[deal], g.trick);
    const target = g.summary ? g.summary.next : g.target;
    if (g.summary && /Sitzung vorbei|Sitting over/.test(g.summary.title)) return seen;
    if (target) {
      if (target.covered) throw new Error(`${target.what} is covered by ${target.covered}`);
      // A summary counts once, however often it is clicked (each says which deal's end it shows).
      if (g.summary && !summariesSeen.has(g.summary.ended)) {
        summariesSeen.add(g.summary.ended);
        seen.dealsEnded++;
        seen.tricksSeenInDeal.push(0);
      }
      await page.mouse.click(target.x, target.y);
      seen.clicks++;
      if (g.summary) {
        // Closed, or showing another deal's end. If not, the click missed it (seen once in CI, on a loaded machine,
        // where this waited in vain: the dialog is centred, so its button moves while it still takes in its parts);
        // the next glance finds the button again and clicks it.
        const gone = `(() => document.querySelector('.summary')?.getAttribute('data-ended') !== ${JSON.stringify(g.summary.ended)})()`;
        await page.waitForFunction(gone, undefined, { timeout: 3_000 }).catch(() => undefined);
      }
      await page.waitForTimeout(60);
    } else await page.waitForTimeout(40);
  }
  throw new Error(`the sitting did not end within ${limitMs} ms`);
}

/** Runs in the page: the summary, the felt and the control a person would click now, with what covers it. */
const GLANCE = `(() => {
  const describe = (el) => el ? el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') : 'nothing';
  const target = (el, what, whole) => {
    if (!el) return null;
    // A person scrolls to a control below the fold before clicking it.
    el.scrollIntoView({ block: 'nearest' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    // Its centre, or (whole) nine points across it, its label's ends and lower edge too.
    const points = whole ? [0.15, 0.5, 0.85].flatMap((fy) => [0.1, 0.5, 0.9].map((fx) => [r.left + r.width * fx, r.top + r.height * fy])) : [[x, y]];
    const over = points.map(([px, py]) => document.elementFromPoint(px, py)).find((top) => !(top && (top === el || el.contains(top))));
    return { x, y, what, covered: over === undefined ? null : describe(over) };
  };
  const summary = document.querySelector('.summary');
  const felt = [...document.querySelectorAll('.felt figure.played')];
  const settled = (f) => f.getAnimations().every((a) => a.playState === 'finished');
  const invisible = felt.filter((f) => !f.classList.contains('sweep') && settled(f)).filter((f) => {
    const s = getComputedStyle(f);
    return Number(s.opacity) < 0.95 || s.visibility !== 'visible';
  }).map((f) => f.getAttribute('data-card') || describe(f));
  const mine = document.querySelector('main.table.my-turn');
  let el = null, what = '', whole = false;
  if (mine) {
    el = document.querySelector('.buttons button.action.confirm:not([disabled])');
    what = 'the confirm button';
    // The cards chosen for it lie just below it: nothing may lie over any part of it (seen: their tops over its label).
    whole = el !== null;
    if (!el) { el = document.querySelector('.hand button.hc.legal:not(.selected):not([disabled])'); what = 'a playable card'; }
    if (!el) { el = document.querySelector('.buttons button.action:not([disabled])'); what = 'an action button'; }
    if (el) what += ' (' + (el.getAttribute('data-action') || el.getAttribute('data-card') || el.textContent) + ')';
  }
  return {
    summary: summary ? { title: summary.querySelector('h2')?.textContent ?? '', ended: summary.getAttribute('data-ended') ?? '', next: target(summary.querySelector('button.next'), 'the summary\\'s next button') } : null,
    sweeping: felt.filter((f) => f.classList.contains('sweep')).map((f) => f.getAttribute('data-card')).join(' '),
    trick: felt.filter((f) => !f.classList.contains('sweep')).length,
    invisible,
    target: target(el, what, whole),
  };
})()`;

/**
 * One Chromium and one server serving the built client for a test file: started when a test first asks, closed after
 * the file's tests (call at the top of the file; it registers the hooks and makes the screenshots' folder).
 */
export function sharedBrowserAndServer(options: Partial<ServerOptions> = {}): () => Promise<{ browser: Browser; base: string; server: RunningServer }> {
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  beforeAll(() => mkdirSync(OUT, { recursive: true }));
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return async () => {
    browser ??= await launchChromium();
    server ??= await testServer({ clientDir: `${process.cwd()}/${CLIENT}`, ...options });
    return { browser, base: server.url, server };
  };
}
