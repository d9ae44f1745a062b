/**
 * A player whose clock runs out (play-test) in a real Chromium: the game's bot decides for him, as docs/protocol.md
 * says, and the page now says so (a Rufspiel had stood in his name without a word why); the words go with his own
 * next decision.
 */
import { describe, expect, it } from 'vitest';
import { createTable, guest, OUT, PHONE, sharedBrowserAndServer } from './testing.js';

// A clock of 5 s for each decision (the form offers 30 s and more): his own decision after the bot's comes within it
// on a loaded machine too (2.5 s could pass before the click).
const setup = sharedBrowserAndServer({ tableDefaults: { clockMs: 5000, botDelayMs: 0 } });

describe('the clock running out', () => {
  it('says that the bot decided for the player, until he decides again himself', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Trödler', PHONE, 'en-GB');
    await createTable(p, 'schafkopf', { deals: 1 });
    const { page } = p;
    await page.waitForSelector('main.table.my-turn');
    expect(await page.locator('.notice.bot-acted').count()).toBe(0);
    // He does nothing: the clock runs out and the bot answers for him.
    const said = page.locator('.notice.bot-acted');
    await said.waitFor({ timeout: 15_000 });
    expect(await said.textContent()).toBe('Your time ran out: the bot decided for you.');
    await page.screenshot({ path: `${OUT}/timeout-bot-acted.png` });
    // His next decision, made in time by himself, takes the words away.
    await page.waitForSelector('main.table.my-turn');
    const card = page.locator('.hand button.hc.legal:not([disabled])').first();
    const button = page.locator('.buttons button.action:not([disabled])').first();
    if (await card.count()) await card.click();
    else await button.click();
    await said.waitFor({ state: 'detached', timeout: 5000 });
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });
});
