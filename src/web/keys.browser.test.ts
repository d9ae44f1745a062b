/**
 * Playing by keyboard alone in a real Chromium (play-test): a Schafkopf sitting of two deals in English at
 * 1280×800 with no mouse click after the table opens (Tab to the buttons, 1–9 and Enter for the cards), each deal's
 * summary taking the focus to its "Continue" (Enter or Escape goes on; a digit does not reach the cards behind its
 * backdrop; Tab stays inside it), the sitting's end holding the focus among its own choices; Escape closing the last
 * trick; and the same keys in a lesson.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadLesson } from './client/lessons/lesson.js';
import { createTable, DESKTOP, guest, play, sharedBrowserAndServer } from './testing.js';

const setup = sharedBrowserAndServer({ tableDefaults: { clockMs: 0, botDelayMs: 50 } });

/** What has the focus: its tag and classes, and its label or text. */
const FOCUSED = `(() => { const e = document.activeElement; return e ? e.tagName.toLowerCase() + '.' + String(e.className).trim().split(/\\s+/).join('.') + ' ' + (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40) : 'none'; })()`;
const focused = (page: Page) => page.evaluate(FOCUSED) as Promise<string>;
/** Whether the focused element is what one sees at its right edge (a card of the hand not covered by the next). */
const FOCUS_ON_TOP = `(() => { const e = document.activeElement; const r = e.getBoundingClientRect(); const t = document.elementFromPoint(r.right - 3, r.top + r.height * 0.6); return e === t || e.contains(t); })()`;
/** Whether the focus lies inside the open summary. */
const inSummary = (page: Page) => page.evaluate("Boolean(document.activeElement && document.activeElement.closest('.summary'))") as Promise<boolean>;

describe('playing by keyboard', () => {
  it('a sitting of two deals by keys alone: Tab to the bids, 1–9 and Enter for cards, the summaries focused, Enter and Escape go on', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Tasta', DESKTOP, 'en-GB');
    await createTable(p, 'schafkopf', { deals: 2 });
    const { page } = p;
    const summaries: string[] = [];
    let cards = 0;
    let escaped = false;
    let lastTrickClosed = false;
    for (let guard = 0; guard < 400; guard++) {
      const summary = page.locator('.summary');
      if (await summary.count()) {
        const title = (await summary.locator('h2').textContent()) ?? '';
        summaries.push(title);
        if (title === 'Sitting over') break;
        // The summary has the focus on its Continue (it stayed on the page's body, Continue behind every control).
        await page.waitForFunction("document.activeElement && document.activeElement.matches('.summary button.next')");
        expect(await page.locator('.summary').getAttribute('aria-modal')).toBe('true');
        // A digit does not pick a card behind the backdrop; Tab goes round the dialog's own controls.
        await page.keyboard.press('1');
        expect(await inSummary(page)).toBe(true);
        for (let i = 0; i < 4; i++) {
          await page.keyboard.press('Tab');
          expect(await inSummary(page)).toBe(true);
        }
        await page.keyboard.press('Shift+Tab');
        expect(await inSummary(page)).toBe(true);
        // The first summary is closed with Escape, the others with Enter on Continue.
        if (!escaped) {
          await page.keyboard.press('Escape');
          escaped = true;
        } else {
          await page.locator('.summary button.next').focus();
          await page.keyboard.press('Enter');
        }
        await page.waitForFunction(`!document.querySelector('.summary') || document.querySelector('.summary h2').textContent !== ${JSON.stringify(title)}`);
        continue;
      }
      if (!(await page.locator('main.table.my-turn').count())) {
        await page.waitForTimeout(30);
        continue;
      }
      // The last trick, opened by its button (a person would click it), closes with Escape.
      if (!lastTrickClosed && (await page.locator('.tools button', { hasText: 'Last trick' }).count())) {
        await page.locator('.tools button', { hasText: 'Last trick' }).focus();
        await page.keyboard.press('Enter');
        await page.locator('.lasttrick').waitFor();
        await page.keyboard.press('Escape');
        // Waited for, not read at once (the page redraws after the key).
        await page.locator('.lasttrick').waitFor({ state: 'detached', timeout: 5_000 });
        lastTrickClosed = true;
      }
      const buttons = await page.locator('.buttons button.action:not([disabled])').count();
      if (buttons > 0) {
        // The first action button, reached by Tab from wherever the focus is.
        for (let i = 0; i < 30 && !(await focused(page)).startsWith('button.action'); i++) await page.keyboard.press('Tab');
        expect(await focused(page)).toMatch(/^button\.action/);
        await page.keyboard.press('Enter');
      } else {
        const legal = await page.locator('.hand button.hc').evaluateAll((els) => els.findIndex((e) => e.classList.contains('legal')));
        if (legal < 0) {
          await page.waitForTimeout(30);
          continue;
        }
        await page.keyboard.press(String(legal + 1));
        expect(await focused(page)).toMatch(new RegExp(`^button\\.hc.* ${legal + 1}: `));
        // The focused card lies over its neighbour, its ring whole (play-test: the next card covered its right side);
        // waited for a moment, as the hand may still be closing up after the last card left it on a loaded machine.
        expect(await page.waitForFunction(FOCUS_ON_TOP, undefined, { timeout: 2_000 }).then(() => true, () => false)).toBe(true);
        const code = await page.locator('.hand button.hc').nth(legal).getAttribute('data-card');
        await page.keyboard.press('Enter');
        await page.locator(`.hand button.hc[data-card="${code}"]`).waitFor({ state: 'detached' });
        cards++;
      }
      await page.waitForTimeout(30);
    }
    expect(summaries).toEqual(['Deal over', 'Deal over', 'Sitting over']);
    expect(cards).toBe(16);
    expect(lastTrickClosed).toBe(true);
    // The sitting's end holds the focus, not on "To the lobby" (Enter would leave the table by chance), and Tab
    // goes round its own choices. (The dialog takes the focus once it is drawn: waited for, not read at once.)
    expect(await page.waitForFunction("Boolean(document.activeElement && document.activeElement.closest('.summary'))", undefined, { timeout: 2_000 }).then(() => true, () => false)).toBe(true);
    expect(await focused(page)).not.toMatch(/To the lobby/);
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await inSummary(page)).toBe(true);
      seen.add(await focused(page));
    }
    expect([...seen].some((x) => x.includes('Play again'))).toBe(true);
    expect([...seen].some((x) => x.includes('To the lobby'))).toBe(true);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('the keys play a lesson too: 1–9 and the arrows pick a card of the hand, Enter plays it', async () => {
    const { browser: b, base } = await setup();
    const ctx = await b.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/learn/schafkopf`);
    await page.locator('.lesson-start').click();
    const lesson = await loadLesson('schafkopf');
    let played = 0;
    for (let guard = 0; guard < 300 && played < 3; guard++) {
      if (await page.locator('.coach button.lesson-next').count()) {
        // "Continue" has the focus: Enter goes on.
        await page.keyboard.press('Enter');
        continue;
      }
      if (!(await page.locator('.coach .lesson-turn').count())) {
        await page.waitForTimeout(50);
        continue;
      }
      const at = Number(await page.locator('main.lesson').getAttribute('data-step'));
      const action = lesson!.steps[at].action;
      const button = page.locator(`.buttons button.action[data-action="${action}"]`);
      if (await button.count()) {
        await button.focus();
        await page.keyboard.press('Enter');
      } else {
        // The lesson's card by its place in the hand: the digit, then an arrow there and back.
        const codes = await page.locator('.hand button.hc').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
        const i = codes.indexOf(action.split(' ').pop()!);
        expect(i).toBeGreaterThanOrEqual(0);
        await page.keyboard.press(String(i + 1));
        await page.keyboard.press(i === 0 ? 'ArrowRight' : 'ArrowLeft');
        await page.keyboard.press(i === 0 ? 'ArrowLeft' : 'ArrowRight');
        expect(await focused(page)).toMatch(new RegExp(`^button\\.hc.* ${i + 1}: `));
        await page.keyboard.press('Enter');
        played++;
      }
      await page.locator(`main.lesson:not([data-step="${at}"])`).waitFor();
    }
    expect(played).toBe(3);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('the record viewer steps on from one deal into the next with → and ↓, and back with ← and ↑ (play-test: they stopped at the end of deal 1)', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Blätterer', DESKTOP, 'de-DE');
    await createTable(p, 'talonschnapsen', { deals: 2 });
    const { page } = p;
    await play(page);
    await page.locator('.summary button.record-link').click();
    await page.waitForSelector('main.record .controls');
    const where = async () => ((await page.locator('main.record .headline').first().innerText()).match(/Spiel (\d)\/2 · (\d+)\/(\d+)/) ?? []).slice(1).map(Number);
    expect(await where()).toEqual([1, 0, expect.any(Number)]);
    const [, , end1] = await where();
    for (let i = 0; i < end1; i++) await page.keyboard.press('ArrowRight');
    expect(await where()).toEqual([1, end1, end1]);
    // One more: the next deal's start.
    await page.keyboard.press('ArrowRight');
    const [deal, at, end2] = await where();
    expect([deal, at]).toEqual([2, 0]);
    // Back: the first deal's end, its last trick whole on the table.
    await page.keyboard.press('ArrowLeft');
    expect(await where()).toEqual([1, end1, end1]);
    // ↓ a trick at a time goes on into the next deal too, and stops at the end of the sitting, its step button disabled.
    for (let i = 0; i < 20 && (await where())[0] === 1; i++) await page.keyboard.press('ArrowDown');
    expect((await where()).slice(0, 2)).toEqual([2, 0]);
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowDown');
    expect(await where()).toEqual([2, end2, end2]);
    expect(await page.locator('main.record button[data-go=forward]').isDisabled()).toBe(true);
    expect(await page.locator('main.record button[data-go=back]').isDisabled()).toBe(false);
    // ↑ from the start of deal 2 goes back into deal 1.
    for (let i = 0; i < 20 && (await where())[0] === 2; i++) await page.keyboard.press('ArrowUp');
    expect((await where())[0]).toBe(1);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  }, 120_000);
});
