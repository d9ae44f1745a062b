/**
 * The table as players expect it (issue 18 §2, §4, §5, §8), in a real
 * Chromium (see table.browser.test.ts for the setup): the others round the
 * table with each card in front of the one who played it, the marks beside
 * each player, the turn in the tab's title and the chime setting, Karnöffel's
 * hand above the fold, the Spielzettel, and the record viewer's whole tricks.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server/server.js';
import { testServer } from '../server/testing.js';
import { CLIENT, createTable, DESKTOP, guest, launchChromium, OUT, PHONE, play } from './testing.js';

let browser: Browser | undefined;
let server: RunningServer | undefined;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await launchChromium();
  server = await testServer({ clientDir: `${process.cwd()}/${CLIENT}`, tableDefaults: { clockMs: 0, botDelayMs: 150 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Box {
  x: number;
  y: number;
}

/** The centre of the ring and, per seat, where its box and its card on the felt are (page coordinates). */
async function places(page: Page): Promise<{ ring: Box; seats: Record<number, Box>; cards: Record<number, Box>; me: number }> {
  return (await page.evaluate(PLACES)) as { ring: Box; seats: Record<number, Box>; cards: Record<number, Box>; me: number };
}

/** Runs in the page (the tests are type-checked without the DOM's types, so it is a string). */
const PLACES = `(() => {
  const mid = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  const seats = {};
  for (const el of document.querySelectorAll('.ring .place .seat')) seats[Number(el.getAttribute('data-seat'))] = mid(el);
  const cards = {};
  for (const el of document.querySelectorAll('.felt figure.played:not(.sweep)')) cards[Number(el.getAttribute('data-seat'))] = mid(el);
  return { ring: mid(document.querySelector('.ring')), seats, cards, me: Number(document.querySelector('.seat.mine')?.getAttribute('data-seat')) };
})()`;

/**
 * Runs in the page: the name plates that overlap a card of the trick lying on the felt (not one being swept away or
 * still falling), each other or the headline above the ring, the bot names cut short, and the lines that wrapped (the
 * tricks of the plate across, each plate's note).
 */
const COVERED = `(() => {
  const overlap = (a, b) => {
    const r = a.getBoundingClientRect();
    const k = b.getBoundingClientRect();
    return Math.min(r.right, k.right) - Math.max(r.left, k.left) > 1 && Math.min(r.bottom, k.bottom) - Math.max(r.top, k.top) > 1;
  };
  const words = (el) => el.innerText.replace(/\\s+/g, ' ');
  const plates = [...document.querySelectorAll('.ring .place .seat')];
  const cards = [...document.querySelectorAll('.felt figure.played:not(.sweep)')]
    .filter((f) => f.getAnimations().every((a) => a.playState === 'finished'))
    .map((f) => [f.getAttribute('data-card'), f.querySelector('.card')]);
  const covered = [];
  for (const plate of plates) for (const [code, card] of cards) if (overlap(plate, card)) covered.push(words(plate) + ' over ' + code);
  for (let i = 0; i < plates.length; i++) for (let j = i + 1; j < plates.length; j++) if (overlap(plates[i], plates[j])) covered.push(words(plates[i]) + ' over ' + words(plates[j]));
  const headline = document.querySelector('main.table .headline');
  for (const plate of plates) if (headline && overlap(plate, headline)) covered.push(words(plate) + ' over the headline ' + words(headline));
  const cut = plates.map((p) => p.querySelector('.name .nm')).filter((nm) => nm && nm.scrollWidth > nm.clientWidth + 1).map((nm) => nm.textContent);
  // The tricks and points of the plate across, and each plate's note (Karnöffel: the side and the cards held), on one line.
  const lines = [document.querySelector('.ring .place.across .seat .taken'), ...plates.map((p) => p.querySelector('.note'))];
  const lineOf = (el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.2;
  const wrapped = lines.filter((el) => el && el.textContent && el.getBoundingClientRect().height > lineOf(el) * 1.5).map((el) => el.textContent);
  return { covered, cut, wrapped };
})()`;

describe('a table that looks like a table', () => {
  it('Schafkopf: left, opposite and right in playing order, each card in front of its player, the marks, the title and the chime', async () => {
    const p = await guest(browser!, server!.url, 'Rundum');
    await createTable(p, 'schafkopf', { deals: 4 });
    const { page } = p;
    await play(page, async () => (await page.locator('.felt figure.played:not(.sweep)').count()) >= 2 && (await page.locator('main.table.my-turn').count()) > 0);
    const at = await places(page);
    const [left, top, right] = [1, 2, 3].map((k) => at.seats[(at.me + k) % 4]);
    expect(left.x).toBeLessThan(at.ring.x - 100);
    expect(top.y).toBeLessThan(at.ring.y - 80);
    expect(right.x).toBeGreaterThan(at.ring.x + 100);
    // Each card lies between the middle and the one who played it.
    for (const [seat, card] of Object.entries(at.cards)) {
      const s = Number(seat) === at.me ? { x: at.ring.x, y: at.ring.y + 200 } : at.seats[Number(seat)];
      expect((card.x - at.ring.x) * (s.x - at.ring.x) + (card.y - at.ring.y) * (s.y - at.ring.y)).toBeGreaterThan(0);
    }
    // The dealer and Vorhand are marked once each; the player to act is framed.
    expect(await page.locator('.seat .mark', { hasText: /^Geber$/ }).count()).toBe(1);
    expect(await page.locator('.seat .mark', { hasText: /^Vorhand$/ }).count()).toBe(1);
    expect(await page.title()).toMatch(/^● Du bist dran/);
    // The chime is a setting the browser keeps.
    const sound = page.locator('button.sound');
    const before = await sound.getAttribute('aria-pressed');
    await sound.click();
    expect(await sound.getAttribute('aria-pressed')).not.toBe(before);
    expect(await page.evaluate("localStorage.getItem('stich.sound')")).toBe(before === 'true' ? 'off' : 'on');
    await page.screenshot({ path: `${OUT}/ring-desktop.png` });
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it.each([DESKTOP, PHONE])('at %o the people round a table of four keep their whole names beside "Gast" and the clock', async (viewport) => {
    // A server of its own whose tables keep the clock the form asks for (the file's server has none).
    const own = await testServer({ clientDir: `${process.cwd()}/${CLIENT}`, tableDefaults: { botDelayMs: 150 } });
    const base = own.url;
    const names = ['Walburga', 'Bartholomäus', 'Kunigunde'];
    const anna = await guest(browser!, base, names[0], viewport);
    await anna.page.selectOption('select[name=game]', 'schafkopf');
    await anna.page.selectOption('select[name=clock]', '120000');
    const id = await createTable(anna, 'schafkopf', { seats: ['open', 'open', 'easy'], private: true, deals: 1 });
    const others = [];
    for (const [i, name] of names.slice(1).entries()) {
      const o = await guest(browser!, base, name);
      await o.page.goto(`${base}/table/${id}`);
      await o.page.locator(`.seat[data-seat="${i + 1}"] button.primary`).click();
      others.push(o);
    }
    // While all three play, Anna's page is looked at: every plate of a person with the clock running, and any name cut short.
    const clocked = new Set<string>();
    const cut = new Set<string>();
    let done = false;
    const watch = (async () => {
      while (!done) {
        const seen = (await anna.page.evaluate(`[...document.querySelectorAll('.ring .place .seat')].map((p) => {
          const nm = p.querySelector('.name .nm');
          return { name: nm ? nm.textContent : '', clock: !!p.querySelector('.clock'), guest: !!p.querySelector('.tag.guest'), cut: !!nm && nm.scrollWidth > nm.clientWidth + 1 };
        })`)) as { name: string; clock: boolean; guest: boolean; cut: boolean }[];
        for (const p of seen) {
          if (p.clock && p.guest) clocked.add(p.name);
          if (p.cut) cut.add(p.name);
        }
        await anna.page.waitForTimeout(50);
      }
    })();
    // Each person takes a moment before acting, as people do, so that their clock is up long enough to be seen.
    // They play until both others' plates have been seen with the clock (or to the sitting's end).
    await Promise.all([anna, ...others].map((p) => play(p.page, async () => (await p.page.waitForTimeout(250), clocked.size === 2))));
    done = true;
    await watch;
    expect([...clocked].sort()).toEqual(['Bartholomäus', 'Kunigunde']);
    await anna.page.screenshot({ path: `${OUT}/names-${viewport.width}.png` });
    expect([...cut]).toEqual([]);
    for (const p of [anna, ...others]) {
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    }
    await own.close();
  });

  it('Bauernschnapsen: the partner sits opposite; Talonschnapsen: two others, left and right', async () => {
    const b = await guest(browser!, server!.url, 'Gegenüber');
    await createTable(b, 'bauernschnapsen', { deals: 1 });
    await b.page.waitForSelector('.ring .place .seat');
    const four = await places(b.page);
    const opposite = four.seats[(four.me + 2) % 4];
    expect(Math.abs(opposite.x - four.ring.x)).toBeLessThan(20);
    expect(opposite.y).toBeLessThan(four.ring.y);
    expect(await b.page.locator('.ring .place .seat', { hasText: 'Partner' }).count()).toBeLessThanOrEqual(1);
    await b.ctx.close();
    const t = await guest(browser!, server!.url, 'Dreier');
    await createTable(t, 'talonschnapsen', { deals: 1 });
    await t.page.waitForSelector('.ring .place .seat');
    const three = await places(t.page);
    expect(Object.keys(three.seats)).toHaveLength(2);
    expect(three.seats[(three.me + 1) % 3].x).toBeLessThan(three.ring.x - 100);
    expect(three.seats[(three.me + 2) % 3].x).toBeGreaterThan(three.ring.x + 100);
    await t.ctx.close();
  });

  it('Karnöffel at 1280×800: the face-up cards lie beside their players and the hand stays above the fold', async () => {
    const p = await guest(browser!, server!.url, 'Landsknecht', DESKTOP);
    await createTable(p, 'karnoeffel', { deals: 1 });
    await p.page.waitForSelector('.hand button.hc');
    await p.page.waitForTimeout(300);
    const bottom = (await p.page.evaluate("Math.max(...[...document.querySelectorAll('.hand button.hc')].map((e) => e.getBoundingClientRect().bottom))")) as number;
    expect(bottom).toBeLessThanOrEqual(DESKTOP.height);
    await p.page.screenshot({ path: `${OUT}/karnoeffel-fold.png` });
    await p.ctx.close();
  });

  it.each([
    ['karnoeffel', DESKTOP],
    ['bauernschnapsen', PHONE],
  ] as const)('%s at %o: at each of his turns the player sees his hand and his own plate with the clock, whatever stands above them (or, where the screen cannot hold them below the trick, the trick and the top of his hand)', async (game, viewport) => {
    const p = await guest(browser!, server!.url, 'Sichtbar', viewport);
    // Two deals: one may end before the player's turn (Bauernschnapsen's three Unter deal anew).
    await createTable(p, game, { deals: 2 });
    const page = p.page;
    const hidden: string[] = [];
    let turns = 0;
    await play(page, async () => {
      if ((await page.locator('main.table.my-turn').count()) === 0 || (await page.locator('.summary').count()) > 0) return false;
      await page.waitForTimeout(400);
      // (At a decision without cards in hand, cutting before the deal, there is no hand: its edges count as 0.)
      const [hand, plate, height, handTop, feltTop] = (await page.evaluate(
        "[document.querySelector('main.table .hand')?.getBoundingClientRect().bottom ?? 0, document.querySelector('main.table .seat.mine').getBoundingClientRect().bottom, window.innerHeight, document.querySelector('main.table .hand')?.getBoundingClientRect().top ?? 0, document.querySelector('main.table .felt').getBoundingClientRect().top]",
      )) as number[];
      turns++;
      const whole = hand <= height + 1 && plate <= height + 1;
      // The page never scrolls the felt with the trick off the screen's top: then the hand's top must be in reach.
      const tight = feltTop <= 1 && feltTop >= -1 && handTop < height - 40;
      if (!whole && !tight) hidden.push(`turn ${turns}: hand ${handTop}–${hand}, plate ${plate}, felt at ${feltTop}, screen ${height}`);
      return false;
    }, 90_000);
    expect(turns).toBeGreaterThan(2);
    expect(hidden).toEqual([]);
    await p.ctx.close();
  });

  it.each([
    ['schafkopf', {}, PHONE],
    ['schafkopf', {}, { width: 600, height: 900 }],
    ['schafkopf', {}, { width: 768, height: 1024 }],
    ['schafkopf', {}, { width: 740, height: 360 }],
    ['talonschnapsen', {}, PHONE],
    ['karnoeffel', { Spieler: '8' }, PHONE],
    ['karnoeffel', { Spieler: '8' }, DESKTOP],
    ['karnoeffel', { Spieler: '6' }, DESKTOP],
  ] as const)('%s (%o) at %o: no name plate covers a card of the trick, another plate or the headline, the plate across holds its tricks and each plate its note on one line, bot names stay whole, and nothing reaches past the screen', async (game, houseRules, viewport) => {
    const p = await guest(browser!, server!.url, 'Handy', viewport);
    await createTable(p, game, { deals: 1, houseRules });
    await p.page.waitForSelector('.ring .place .seat');
    if (game === 'karnoeffel') expect(await p.page.locator('.ring .place .seat').count()).toBe(Number(houseRules.Spieler) - 1);
    const covered = new Set<string>();
    const cut = new Set<string>();
    const wrapped = new Set<string>();
    let widest = 0;
    // The question of which game to announce, as asked: it names the trump called (the headline that does is scrolled
    // away on a phone by Talonschnapsen's twelve games).
    const asked = new Set<string>();
    await play(p.page, async () => {
      const question = p.page.locator('main.table.my-turn p.yourturn', { hasText: 'Ein Spiel ansagen?' });
      if (await question.count()) asked.add((await question.textContent().catch(() => null)) ?? '');
      const seen = (await p.page.evaluate(COVERED)) as { covered: string[]; cut: string[]; wrapped: string[] };
      for (const c of seen.covered) covered.add(c);
      for (const c of seen.cut) cut.add(c);
      for (const c of seen.wrapped) wrapped.add(c);
      widest = Math.max(widest, (await p.page.evaluate('document.documentElement.scrollWidth')) as number);
      return (await p.page.locator('.summary').count()) > 0;
    });
    expect(widest).toBeLessThanOrEqual(viewport.width);
    expect([...covered]).toEqual([]);
    expect([...cut]).toEqual([]);
    // The tricks and points of the seat across, whenever it had taken some, and every plate's note stood on one line.
    expect([...wrapped]).toEqual([]);
    // (Asked unless another's game ended the announcing first; schnapsen/present.test.ts checks it every time.)
    for (const q of asked) expect(q).toMatch(/^Ein Spiel ansagen\? Trumpf: (Eichel|Gras|Herz|Schellen)$/);
    await p.page.screenshot({ path: `${OUT}/ring-${game}${'Spieler' in houseRules ? `-${houseRules.Spieler}` : ''}-${viewport.width}.png` });
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it.each(['schafkopf', 'karnoeffel', 'talonschnapsen'])('on a phone held sideways (740×360), %s: the trick, the hand, the buttons and the cards shown (a Karnöffel partner\'s) are seen together, side by side, without scrolling', async (game) => {
    const p = await guest(browser!, server!.url, 'Quer', { width: 740, height: 360 });
    // Three deals at most: a Karnöffel deal may end before its first card when a raise is refused.
    await createTable(p, game, { deals: 3 });
    const outside = new Set<string>();
    let besideTrick = 0;
    let shown = 0;
    const ribbons = new Set<string>();
    await play(p.page, async () => {
      // Done after a deal with a trick seen beside the hand (and, in Karnöffel, a partner's cards).
      const done = async () => besideTrick > 0 && (game !== 'karnoeffel' || shown > 0) && (await p.page.locator('.summary').count()) > 0;
      if ((await p.page.locator('main.table.my-turn').count()) === 0) return done();
      await p.page.waitForTimeout(150);
      // Every card of the trick and of the hand, every button to choose and every card shown lies within the window
      // at the top of the page (Playwright's clicks scroll a clicked card into its middle; a finger does not).
      await p.page.evaluate('scrollTo(0, 0)');
      for (const what of (await p.page.evaluate(`[...document.querySelectorAll('.felt figure.played:not(.sweep) .card, .hand button.hc, .own .buttons button, .shown-row .card')].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.top < 0 || r.bottom > window.innerHeight + 1 || r.left < 0 || r.right > window.innerWidth + 1;
      }).map((e) => { const r = e.getBoundingClientRect(); return (e.getAttribute('data-card') || e.textContent) + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(','); })`)) as string[])
        outside.add(what);
      shown = Math.max(shown, await p.page.locator('.shown-row .card').count());
      // The partner's cards say whose they are and why they are seen (play-test: a grey title like any other).
      if (game === 'karnoeffel' && (await p.page.locator('.shown-row .card').count()) > 0) ribbons.add(`${await p.page.locator('.shown .ribbon').first().textContent()}: ${await p.page.locator('.shown .why').first().textContent()}`);
      if ((await p.page.locator('.felt figure.played:not(.sweep)').count()) > 0) {
        const felt = (await p.page.locator('.felt').boundingBox())!;
        const hand = (await p.page.locator('.hand').boundingBox())!;
        expect(hand.x).toBeGreaterThanOrEqual(felt.x + felt.width - 1);
        besideTrick++;
      }
      return done();
    }, 120_000);
    expect([...outside]).toEqual([]);
    expect(besideTrick).toBeGreaterThan(0);
    if (game === 'karnoeffel') expect(shown).toBeGreaterThan(0);
    if (game === 'karnoeffel') expect([...ribbons]).toEqual(['Partner: Partner zeigen einander die Karten']);
    await p.page.screenshot({ path: `${OUT}/ring-sideways-${game}-740.png` });
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it.each([
    ['schafkopf', PHONE, 2],
    ['schafkopf', DESKTOP, 1],
  ] as const)('one who watches %s at %o sees every seat round the ring, the bottom one too, and no plate covers a card of the trick (deals: %i; with two, the first deal\'s summary closes by itself for him)', async (game, viewport, deals) => {
    const p = await guest(browser!, server!.url, 'Spielerin');
    const id = await createTable(p, game, { deals });
    const w = await guest(browser!, server!.url, 'Kiebitz', viewport);
    await w.page.goto(`${server!.url}/table/${id}`);
    await w.page.waitForSelector('.ring .place .seat');
    expect(await w.page.locator('.ring .place .seat').count()).toBe(4);
    const covered = new Set<string>();
    let tricks = 0;
    let summarySeen = false;
    let closedByItself = false;
    await play(p.page, async () => {
      const seen = (await w.page.evaluate(COVERED)) as { covered: string[] };
      for (const c of seen.covered) covered.add(c);
      if ((await w.page.locator('.felt figure.played:not(.sweep)').count()) >= 3) {
        tricks++;
        if (tricks === 1) await w.page.screenshot({ path: `${OUT}/watch-${game}-${viewport.width}.png` });
      }
      const summary = (await w.page.locator('.summary').count()) > 0;
      summarySeen ||= summary;
      // The first deal's summary came up for the watcher, and the next deal's first card lies there without it.
      if (summarySeen && !summary && (await w.page.locator('.felt figure.played:not(.sweep)').count()) > 0) closedByItself = true;
      return deals === 1 ? (await p.page.locator('.summary').count()) > 0 : closedByItself;
    });
    expect(tricks).toBeGreaterThan(0);
    expect([...covered]).toEqual([]);
    if (deals > 1) expect([summarySeen, closedByItself]).toEqual([true, true]);
    expect([...p.errors, ...w.errors]).toEqual([]);
    await Promise.all([p.ctx.close(), w.ctx.close()]);
  });

  it('the Spielzettel lists every deal with each player’s money and running totals; the summary gives the tariff', async () => {
    const p = await guest(browser!, server!.url, 'Zettel');
    await createTable(p, 'schafkopf', { deals: 2 });
    const summaries: string[] = [];
    // Each deal's summary as play() meets it, before it dismisses it (read in its stop, a summary that opened just after the stop looked was missed: seen once in CI).
    await play(p.page, undefined, undefined, async (s) => {
      if (/Spiel vorbei/.test((await s.locator('h2').textContent()) ?? '')) summaries.push((await s.textContent()) ?? '');
    });
    expect(summaries.length).toBeGreaterThan(0);
    for (const s of summaries) expect(s).toMatch(/je Spieler|Zusammengeworfen|Ramsch/);
    // The sheet below the table, read while the sitting's summary is still open over it.
    await p.page.locator('details.score summary').dispatchEvent('click');
    const rows = p.page.locator('table.sheet tbody tr[data-deal]');
    expect(await rows.count()).toBe(2);
    // The deal's number and a column per player: the game and its result span the row, the numbers follow beneath.
    expect(await p.page.locator('table.sheet thead th').count()).toBe(5);
    const cells = await p.page.locator('table.sheet tr.nums td.num div:first-child').allTextContents();
    expect(cells.length).toBe(8);
    for (const cell of cells) if (cell.match(/€/)) expect(cell).toMatch(/^([+−]?\d+,\d\d €)$/);
    expect(await p.page.locator('.sheet-legend').textContent()).toBe('Je Spalte oben dieses Spiel, darunter der Stand danach.');
    // On a phone every player's column is in sight, with no sideways scrolling (play-test: the fourth cut to "Se…"),
    // and the game's words take the row's whole width.
    await p.page.locator('table.sheet').screenshot({ path: `${OUT}/sheet-1280.png` });
    await p.page.setViewportSize({ width: 360, height: 740 });
    await p.page.locator('table.sheet').scrollIntoViewIfNeeded();
    const fit = await p.page.locator('.sheet-wrap').evaluate((w) => ({ scroll: w.scrollWidth, width: w.clientWidth, game: w.querySelector('tr.game td:last-child')!.getBoundingClientRect().width }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.width);
    expect(fit.game).toBeGreaterThan(250);
    expect(await p.page.locator('table.sheet thead th').allTextContents()).toEqual(['#', 'Zettel', 'Sepp', 'Resi', 'Schorsch']);
    await p.page.screenshot({ path: `${OUT}/sheet-360.png`, fullPage: true });
    await p.ctx.close();
  });

  it('the record viewer shows each trick whole, names each step, takes the arrow keys and titles the game by name', async () => {
    const p = await guest(browser!, server!.url, 'Nachleser');
    await createTable(p, 'schafkopf', { deals: 1 });
    await play(p.page);
    await p.page.locator('.summary button.record-link').click();
    await p.page.waitForSelector('main.record .controls');
    expect(await p.page.locator('main.record .headline').first().textContent()).toMatch(/Schafkopf/);
    // The first steps are the bidding: each says who did what.
    await p.page.keyboard.press('ArrowRight');
    expect(await p.page.locator('main.record .said').textContent()).toMatch(/^.+: .+/);
    // "Next trick" lands on the card that completes it: all four cards on the table, the winner's marked.
    const next = p.page.getByRole('button', { name: 'Nächster Stich' });
    for (let i = 0; i < 3; i++) {
      await next.click();
      const cards = await p.page.locator('main.record .felt .played').count();
      if (cards === 0) continue;
      expect(cards).toBe(4);
      expect(await p.page.locator('main.record .felt .played.win').count()).toBe(1);
    }
    await p.page.keyboard.press('ArrowDown');
    expect(await p.page.locator('main.record .felt .played').count()).toBe(4);
    await p.page.screenshot({ path: `${OUT}/record-trick.png` });
    expect(p.errors).toEqual([]);
    // A friend sent the link who has chosen no name yet sees the record too, as its API answers anyone (play-test: the
    // bare login page, not a word of the record), with a way to a seat of his own; in English on a phone.
    const link = p.page.url();
    await p.ctx.close();
    const ctx = await browser!.newContext({ viewport: PHONE, locale: 'en-GB' });
    const page = await ctx.newPage();
    await page.goto(link);
    await page.waitForSelector('main.record .controls');
    expect(await page.locator('main.record .headline').first().textContent()).toMatch(/^Record · Schafkopf · Nachleser, /);
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('main.record .said').textContent()).toMatch(/^.+: .+/);
    await page.screenshot({ path: `${OUT}/record-visitor-360.png`, fullPage: true });
    await page.locator('main.record .visitor').getByRole('link', { name: 'Play' }).click();
    await page.getByLabel('Your name').waitFor();
    await ctx.close();
  });
});
