/**
 * The table's terms for everyone at it (play-test: four friends at a private Schafkopf table; the host turned
 * Klopfen on and made the Rufspiel 20 ct, and the three who came by the link saw those choices nowhere, neither
 * while waiting nor while playing: only in the title of the "?", which a phone never shows); and the waiting room's
 * talk (it had none, so a friend running late could not say so). In a real Chromium.
 */
import { describe, expect, it } from 'vitest';
import { createTable, DESKTOP, guest, OUT, PHONE, sharedBrowserAndServer } from './testing.js';

// The clock as the host chose it (the test server's default takes it off), the bots without a pause.
const setup = sharedBrowserAndServer({ tableDefaults: { botDelayMs: 0 } });

describe('friends at a table the host set up', () => {
  it('read the house rules the host chose when they join by the link, in the waiting room and in the Spielzettel while they play', async () => {
    const { browser: b, base } = await setup();
    const anna = await guest(b, base, 'Anna', DESKTOP);
    const { page } = anna;
    await page.selectOption('select[name=game]', 'schafkopf');
    for (const s of await page.locator('form.create select[name^=seat]').all()) await s.selectOption('open');
    await page.selectOption('select[name=visibility]', 'private');
    await page.selectOption('select[name=clock]', '30000');
    await page.fill('input[name=deals]', '2');
    await page.locator('form.create details summary').click();
    const rule = (label: string) => page.locator('form.create label.rule').filter({ hasText: new RegExp(`^${label}`) });
    await rule('Klopfen').locator('input').check();
    await rule('Preis Rufspiel').locator('input').fill('20');
    await page.locator('form.create button[type=submit]').click();
    await page.waitForURL(/\/table\//);
    const url = page.url();

    // One who opens the link before choosing a name reads them above the login form, with what he is invited to.
    const eve = await b.newContext({ viewport: PHONE, locale: 'de-DE' });
    const evePage = await eve.newPage();
    await evePage.goto(url);
    const note = evePage.locator('main.login .invite-terms .terms');
    await expect.poll(() => note.textContent()).toBe('Regeln dieses Tisches: Aumer/Koller (Buch) · Klopfen: an · Preis Rufspiel (Cent): 20' + '2 Spiele · Bedenkzeit je Zug: 30 s · privat · ungewertet');
    await evePage.screenshot({ path: `${OUT}/terms-invite-phone.png` });
    await eve.close();

    // Bert on a phone in German, Cara in English: each reads the rules and the setup before the first card.
    const bert = await guest(b, base, 'Bert', PHONE);
    await bert.page.goto(url);
    await bert.page.locator('.seat button.primary').first().click();
    await bert.page.locator('.seat.mine').waitFor();
    const bertTerms = bert.page.locator('.waiting .terms');
    await expect.poll(() => bertTerms.textContent()).toContain('Klopfen: an · Preis Rufspiel (Cent): 20');
    expect(await bertTerms.locator('.terms-setup').textContent()).toBe('2 Spiele · Bedenkzeit je Zug: 30 s · privat · ungewertet');
    expect(await bertTerms.isVisible()).toBe(true);
    await bert.page.screenshot({ path: `${OUT}/terms-waiting-phone.png` });
    const cara = await guest(b, base, 'Cara', PHONE, 'en-GB');
    await cara.page.goto(url);
    await cara.page.locator('.seat button.primary').first().click();
    await cara.page.locator('.seat.mine').waitFor();
    await expect.poll(() => cara.page.locator('.waiting .terms').textContent()).toBe(
      "This table's rules: Aumer/Koller (the book) · Klopfen (knocking): on · Price of a Rufspiel (cents): 20" + '2 deals · Time per move: 30 s · private · unrated',
    );
    // The rules lead to the rules page's house rules, where each is explained under the name written here.
    expect(await cara.page.locator('.waiting .terms a').getAttribute('href')).toBe('/rules/schafkopf#house-rules');

    // The host seats a bot on the last seat; the table starts, and the terms stand in the Spielzettel.
    await page.locator('.waiting button.put-bot').click();
    await bert.page.locator('.hand button.hc').first().waitFor({ timeout: 10_000 });
    await bert.page.locator('details.score summary').click();
    const during = bert.page.locator('details.score .terms');
    expect(await during.isVisible()).toBe(true);
    expect(await during.textContent()).toContain('Aumer/Koller (Buch) · Klopfen: an · Preis Rufspiel (Cent): 20');
    // Nothing of it wider than the phone.
    expect(await bert.page.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
    for (const p of [anna, bert, cara]) expect(p.errors).toEqual([]);
  });

  it('can be talked over while the table waits: a friend says he is on his way, the host reads it', async () => {
    const { browser: b, base } = await setup();
    const host = await guest(b, base, 'Gastgeber', PHONE);
    await createTable(host, 'schafkopf', { bots: false, private: true });
    const friend = await guest(b, base, 'Nachzügler', PHONE);
    await friend.page.goto(host.page.url());
    await friend.page.locator('.seat button.primary').first().click();
    await friend.page.locator('.seat.mine').waitFor();
    // The talk stands in the waiting room for both, and a line said there reaches the other.
    await friend.page.locator('main.table[data-phase=waiting] form.chat input[name=say]').fill('Bin in fünf Minuten da');
    await friend.page.locator('main.table[data-phase=waiting] form.chat button[type=submit]').click();
    const line = host.page.locator('main.table[data-phase=waiting] .talk .chat-line');
    await expect.poll(() => line.first().textContent()).toMatch(/^Nachzügler: Bin in fünf Minuten da/);
    expect(await host.page.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
    await host.page.screenshot({ path: `${OUT}/waiting-talk-phone.png` });
    for (const p of [host, friend]) expect(p.errors).toEqual([]);
  });
});

