/**
 * Whole deals by real mouse clicks, as a person plays them (see
 * table.browser.test.ts for the setup). Every click goes to the centre of the
 * control, and before each one the test checks that nothing lies over it
 * (`document.elementFromPoint`) and that every card of the current trick can
 * be seen. This is the test of the defect where the last trick of a deal
 * stayed on the table, invisible, from the second deal on: it hid the cards of
 * the next first trick and caught the clicks meant for the buttons.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server/server.js';
import { testServer } from '../server/testing.js';
import { CLIENT, createTable, guest, launchChromium, OUT, playByMouse } from './testing.js';

let browser: Browser | undefined;
let server: RunningServer | undefined;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await launchChromium();
  // The bots take a moment, as at a real table, so that each trick can be seen before it is taken.
  server = await testServer({ clientDir: `${process.cwd()}/${CLIENT}`, tableDefaults: { clockMs: 0, botDelayMs: 120 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('three whole deals of every game by mouse clicks', () => {
  for (const game of ['schafkopf', 'bauernschnapsen', 'talonschnapsen', 'karnoeffel']) {
    it(`${game}: every control is clickable at its centre and every card of the trick is visible, deal after deal`, async () => {
      const p = await guest(browser!, server!.url, `Maus ${game}`);
      await createTable(p, game, { deals: 3 });
      const seen = await playByMouse(p.page);
      // Three deals were played to their end, each with the person acting in it.
      expect(seen.dealsEnded).toBe(3);
      expect(seen.clicks).toBeGreaterThan(6);
      // Cards were seen on the table in every deal (a Karnöffel round can end in the raising, before any card; in
      // Bauernschnapsen a deal can end without one too, 003: three Unter are dealt anew, a Ringerl is won by showing).
      expect(seen.tricksSeenInDeal.slice(0, 3).filter((n) => n > 0).length).toBeGreaterThanOrEqual(game === 'karnoeffel' ? 1 : game === 'bauernschnapsen' ? 2 : 3);
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    });
  }
});
