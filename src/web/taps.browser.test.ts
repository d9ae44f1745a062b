/**
 * Tap targets on a phone held upright (360×740), in a real Chromium (play-test: the bids stood 25 px high and 4 px
 * apart, the house rules' rows 19 px with 13 px boxes; a finger is about 40 px). Sideways the bids stay smaller on
 * purpose, so that the hand stays in sight below them (layout.browser.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { createTable, guest, OUT, PHONE, play, sharedBrowserAndServer } from './testing.js';

const setup = sharedBrowserAndServer();

/** Each visible element's label and box, for `selector`. */
const boxes = (selector: string) =>
  `[...document.querySelectorAll(${JSON.stringify(selector)})].filter((e) => e.getBoundingClientRect().height > 0).map((e) => { const r = e.getBoundingClientRect(); return { what: (e.textContent || e.getAttribute('name') || '').trim().slice(0, 40), left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height, width: r.width }; })`;

type Box = { what: string; left: number; top: number; right: number; bottom: number; height: number; width: number };

describe('tap targets on a phone', () => {
  it('the house rules in the form: each row a finger high, each box at least 20 px', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Daumen', PHONE);
    await p.page.selectOption('select[name=game]', 'schafkopf');
    await p.page.locator('form.create details summary').click();
    const rows = (await p.page.evaluate(boxes('form.create details label.rule'))) as Box[];
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.height < 40).map((r) => `${r.what}: ${Math.round(r.height)} px`)).toEqual([]);
    const checks = (await p.page.evaluate(boxes('form.create details label.rule input[type=checkbox]'))) as Box[];
    expect(checks.length).toBeGreaterThan(3);
    expect(checks.filter((r) => r.height < 20 || r.width < 20)).toEqual([]);
    await p.page.screenshot({ path: `${OUT}/taps-form-360.png`, fullPage: true });
    await p.ctx.close();
  });

  it('the bids and the hint at the table: each a finger high, none touching another', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Finger', PHONE);
    await createTable(p, 'schafkopf', { deals: 4 });
    const { page } = p;
    // To the first decision with buttons (a bid: "Weiter" and the games).
    await play(page, async () => (await page.locator('main.table.my-turn .own .buttons button.action').count()) > 1, 90_000);
    const buttons = (await page.evaluate(boxes('.own .buttons button.action'))) as Box[];
    expect(buttons.filter((r) => r.height < 40).map((r) => `${r.what}: ${Math.round(r.height)} px`)).toEqual([]);
    // Apart by a few pixels at least, side by side and row by row.
    const touching: string[] = [];
    for (const [i, a] of buttons.entries())
      for (const c of buttons.slice(i + 1)) {
        const apartX = Math.max(c.left - a.right, a.left - c.right);
        const apartY = Math.max(c.top - a.bottom, a.top - c.bottom);
        if (apartX < 4 && apartY < 4) touching.push(`${a.what} / ${c.what}`);
      }
    expect(touching).toEqual([]);
    const hint = (await page.evaluate(boxes('.own .hint-button'))) as Box[];
    expect(hint.map((h) => h.height >= 40)).toEqual([true]);
    await page.screenshot({ path: `${OUT}/taps-bids-360.png` });
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });
});
