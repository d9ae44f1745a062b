/**
 * A page loaded anew while its player reads a summary (play-test: a reload, or a phone that dropped the tab), in a
 * real Chromium: between deals the last deal's result comes back and the next deal still waits for him; at the
 * sitting's end its dialog comes back with "Play again" and the record, where the page showed a dead table.
 */
import { describe, expect, it } from 'vitest';
import { createTable, guest, OUT, PHONE, play, sharedBrowserAndServer } from './testing.js';

// The real contribution wait (2 s); for one still reading a summary 60 s (the server's 15 s could pass during a
// reload and the 3 s looked at on a loaded machine).
const setup = sharedBrowserAndServer({ tableDefaults: { clockMs: 0, botDelayMs: 0 }, limits: { readingMs: 60_000 } });

/** The summary's lines, without the shuffle's note (its reveal came with the event, which a reload does not bring back). */
const summaryLines = `[...document.querySelectorAll('.summary > p')].map((p) => p.textContent)`;

describe('a reload during a summary', () => {
  it('brings back the deal\'s result (the next deal waits for it to be read) and the sitting\'s end with its choices', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Neuladen', PHONE, 'en-GB');
    const id = await createTable(p, 'schafkopf', { deals: 2 });
    const { page } = p;
    // The first deal to its end, its summary open.
    await play(page, async () => (await page.locator('.summary').count()) > 0);
    expect(await page.locator('.summary h2').textContent()).toBe('Deal over');
    const lines = (await page.evaluate(summaryLines)) as string[];
    expect(lines.length).toBeGreaterThanOrEqual(2);
    await page.reload();
    await page.locator('.summary').waitFor();
    expect(await page.locator('.summary h2').textContent()).toBe('Deal over');
    expect(await page.evaluate(summaryLines)).toEqual(lines);
    // Continue has the focus, as after the event.
    expect(await page.evaluate("document.activeElement === document.querySelector('.summary button.next')")).toBe(true);
    await page.screenshot({ path: `${OUT}/reload-deal-summary.png` });
    // The next deal waits for him past the contribution's 2 s: no cards come while he reads.
    await page.waitForTimeout(3000);
    expect(await page.locator('.hand button.hc').count()).toBe(0);
    await page.locator('.summary button.next').click();
    await page.locator('.hand button.hc').first().waitFor({ timeout: 10_000 });

    // The sitting to its end, and the page loaded anew: its end, not a table without a word.
    await play(page);
    expect(await page.locator('.summary h2').textContent()).toBe('Sitting over');
    const end = (await page.evaluate(summaryLines)) as string[];
    await page.reload();
    await page.locator('.summary').waitFor();
    expect(await page.locator('.summary h2').textContent()).toBe('Sitting over');
    expect(await page.evaluate(summaryLines)).toEqual(end);
    expect(await page.locator('.summary button', { hasText: 'Play again' }).count()).toBe(1);
    await page.screenshot({ path: `${OUT}/reload-sitting-end.png` });
    await page.locator('.summary button', { hasText: 'Record' }).click();
    await page.waitForURL(new RegExp(`/record/${id}\\.1`));
    await page.waitForSelector('main.record .controls');
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  }, 90_000);
});
