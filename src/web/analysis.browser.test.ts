/**
 * The analysis in the record viewer (issue 22) in a real Chromium: a short
 * sitting of every game (one deal) against bots, its record opened, Analyse
 * pressed, and what is shown once the server has computed it: the graph's
 * path over the deal, a cost and grade beside a step, the summary per
 * player and why the two values differ. Also reached from the sitting's end
 * (straight to the analysis) and from the player page, in English.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../core/rng.js';
import type { Agent } from '../games/agent.js';
import { resolveRules } from '../games/ruleBook.js';
import type { SchafkopfTypes } from '../games/schafkopf/game.js';
import { schafkopfModule } from '../games/schafkopf/module.js';
import { toRecord } from '../records/record.js';
import type { RecordAnalysis } from '../search/analysis.js';
import { ANALYSIS_VERSION } from '../server/analysisRoutes.js';
import type { RunningServer } from '../server/server.js';
import { playSitting } from '../sitting/play.js';
import { createTable, DESKTOP, guest, PHONE, play, OUT, sharedBrowserAndServer } from './testing.js';

const setup = sharedBrowserAndServer();

/** Waits until the analysis is shown (the server computes it meanwhile, the page asks again). */
async function analysisShown(page: Page): Promise<void> {
  await page.waitForSelector('main.record section.analysis', { timeout: 60_000 });
}

/** Steps forward until the step's analysis names a cost; returns the step's text. */
async function stepWithCost(page: Page): Promise<string> {
  const forward = page.locator('main.record button[data-go=forward]');
  for (let i = 0; i < 80; i++) {
    const cost = page.locator('main.record section.step-analysis .cost');
    if (await cost.count()) return (await page.locator('main.record section.step-analysis').textContent()) ?? '';
    await forward.click();
  }
  throw new Error('no step of the deal shows a cost');
}

interface Verdict {
  view: string;
  cost: string;
  best: string;
}

/** Runs in the page on a step's analysis (none or one): per view (own, all) the cost shown (its number) and the line on the best choice. */
/** What the page function uses of an element (the test's type check has no DOM). */
interface Node {
  querySelectorAll(selector: string): Iterable<Node>;
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
}

const STEP_VERDICTS = (els: Node[]): Verdict[] =>
  els.flatMap((el) => {
    const lines = [...el.querySelectorAll('ul.best li')].map((li) => li.textContent ?? '');
    return [...el.querySelectorAll('.cost')].map((c) => {
      const view = c.getAttribute('data-view') ?? '';
      const cost = (c.textContent ?? '').replace(/^Kosten: /, '').split(/\s/)[0];
      const best = lines.find((l) => l.includes(view === 'own' ? 'aus Sicht des Spielers' : 'alle Karten bekannt')) ?? '';
      return { view, cost, best };
    });
  });

/**
 * A finished sitting of one Ramsch (easy bots who all say "weiter", allPass=ramsch), kept in the server's store as a
 * table would keep it, under the record id `TABLE.1`; the same record again as `TABLE.2` (for an analysis stored
 * before the Ramsch's graph). Resolves with the players' names.
 */
async function storedRamsch(server: RunningServer, table: string): Promise<string[]> {
  const rules = resolveRules(schafkopfModule.game.ruleBook, undefined, { allPass: 'ramsch' });
  if (!rules.ok) throw new Error(rules.error.message);
  const agents = ['Anna', 'Sepp', 'Resi', 'Schorsch'].map((name, s): Agent<SchafkopfTypes> => {
    const easy = schafkopfModule.bots.easy.create(rules.value, s, new SeededRng(`ramsch-graph/${s}`));
    return { name, kind: 'bot', choose: (view, legal, seat) => legal.find((a) => a.type === 'weiter') ?? easy.choose(view, legal, seat) };
  });
  const result = await playSitting(schafkopfModule, rules.value, agents, { length: { deals: 1 }, rng: new SeededRng('ramsch-graph') });
  const record = toRecord('schafkopf', result);
  expect(record.deals[0].outcome).toMatchObject({ contract: { kind: 'ramsch' } });
  const store = server.hall.store;
  await store.createTable({ id: table, game: 'schafkopf', settings: {}, finished: false, created: Date.now() });
  await store.commit({ tableId: table, from: 0, entries: [], record: { id: `${table}.1`, tableId: table, game: 'schafkopf', record, created: Date.now() } });
  await store.commit({ tableId: table, from: 0, entries: [], finished: true, record: { id: `${table}.2`, tableId: table, game: 'schafkopf', record, created: Date.now() } });
  return result.players.slice();
}

/** What the Ramsch's graph shows: per seat its name, the points of its line, its rings; the legend's rows. */
const RAMSCH_GRAPH = `(() => {
  const fig = document.querySelector('main.record .analysis figure.standings');
  if (!fig) return null;
  const seats = [...fig.querySelectorAll('svg g.seat')].map((g) => ({
    name: g.querySelector(':scope > title').textContent,
    points: g.querySelector('path.seat-line').getAttribute('d').split(/[ML]/).filter((x) => x.trim()).length,
    dash: g.querySelector('path.seat-line').getAttribute('stroke-dasharray'),
    colour: getComputedStyle(g.querySelector('path.seat-line')).stroke,
    rings: g.querySelectorAll('circle.pays').length,
  }));
  const rows = [...fig.querySelectorAll('table.standings-legend tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()));
  return { seats, rows, caption: fig.querySelector('table.standings-legend caption').textContent, note: fig.querySelector('.standings-note').textContent, figcaption: fig.querySelector('figcaption').textContent };
})()`;

interface RamschGraph {
  seats: { name: string; points: number; dash: string | null; colour: string; rings: number }[];
  rows: string[][];
  caption: string;
  note: string;
  figcaption: string;
}

describe('the analysis in the record viewer', () => {
  it("a Ramsch: every player's card points after each trick as four named lines, rings where he can be made to pay; on a phone too", async () => {
    const { browser: b, base, server } = await setup();
    const names = await storedRamsch(server, 'ramschgraph');
    for (const [viewport, locale, size] of [[DESKTOP, 'en-GB', 'desktop'], [PHONE, 'de-DE', 'phone']] as const) {
      const p = await guest(b, base, size === 'desktop' ? 'Ramsch fan' : 'Ramschkenner', viewport, locale);
      const { page } = p;
      await page.goto(`${base}/record/ramschgraph.1`);
      await page.waitForSelector('main.record .controls');
      const t0 = Date.now();
      await page.getByRole('button', { name: locale === 'de-DE' ? 'Analyse' : 'Analysis', exact: true }).click();
      await analysisShown(page);
      console.log(`ramsch: the analysis of one deal shown ${((Date.now() - t0) / 1000).toFixed(1)} s after Analyse was pressed`);
      // No declaring side's curve, no "no graph": the Ramsch's own graph.
      expect(await page.locator('main.record .analysis .curve-none').count()).toBe(0);
      let g = (await page.evaluate(RAMSCH_GRAPH)) as RamschGraph;
      expect(g.seats.map((s) => s.name)).toEqual(names);
      // A point per trick from trick 0 on each line, the lines told apart by colour and by dashes.
      for (const s of g.seats) expect(s.points).toBe(9);
      expect(new Set(g.seats.map((s) => s.colour)).size).toBe(4);
      expect(new Set(g.seats.map((s) => s.dash ?? '')).size).toBe(4);
      expect(g.rows.map((r) => r[0])).toEqual(names);
      if (locale === 'de-DE') {
        expect(g.figcaption).toBe('Augen nach jedem Stich (Ramsch, alle Karten bekannt)');
        expect(g.note).toMatch(/^Jede Linie: die Augen, die ein Spieler bis dahin gestochen hat; wer am Ende die meisten hat, zahlt/);
        expect(g.caption).toBe('Vor dem ersten Stich');
      } else {
        expect(g.figcaption).toBe('Card points after each trick (Ramsch, all cards known)');
        expect(g.note).toMatch(/^Each line: the card points a player has taken so far; whoever has the most at the end pays/);
        expect(g.caption).toBe('Before the first trick');
      }
      // Before the first trick nobody has a point.
      expect(g.rows.map((r) => r[1])).toEqual(['0', '0', '0', '0']);
      await page.screenshot({ path: `${OUT}/analysis-ramsch-${size}-start.png`, fullPage: true });
      // In the middle of the deal the legend follows the step's trick.
      const next = page.locator('main.record button[data-go=nextTrick]');
      for (let i = 0; i < 5; i++) await next.click();
      g = (await page.evaluate(RAMSCH_GRAPH)) as RamschGraph;
      expect(g.caption).toMatch(/^(Nach Stich|After trick) [1-8]$/);
      await page.locator('main.record figure.standings').screenshot({ path: `${OUT}/analysis-ramsch-${size}-middle.png` });
      // As assistive technology reads it (axe-core, as a11y.browser.test.ts runs it): no violation in the analysis.
      await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
      expect(await page.evaluate(`axe.run(document.querySelector('main.record .analysis'), { rules: { 'label-content-name-mismatch': { enabled: false } } }).then((r) => r.violations.map((v) => v.id))`)).toEqual([]);
      // At the end: the legend says after trick 8, 120 points in all, and the one with the most can be made to pay (he did).
      while (!(await next.isDisabled())) await next.click();
      g = (await page.evaluate(RAMSCH_GRAPH)) as RamschGraph;
      expect(g.caption).toBe(locale === 'de-DE' ? 'Nach Stich 8' : 'After trick 8');
      const taken = g.rows.map((r) => Number(r[1]));
      expect(taken.reduce((x, y) => x + y, 0)).toBe(120);
      const payer = taken.indexOf(Math.max(...taken));
      expect(g.rows[payer][3]).toMatch(locale === 'de-DE' ? /ja$/ : /yes$/);
      expect(g.seats[payer].rings).toBeGreaterThan(0);
      await page.screenshot({ path: `${OUT}/analysis-ramsch-${size}.png`, fullPage: true });
      await page.locator('main.record figure.standings').screenshot({ path: `${OUT}/analysis-ramsch-${size}-graph.png` });
      if (size === 'phone') {
        expect((await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number).toBeLessThanOrEqual(0);
        expect((await page.evaluate("(() => { const t = document.querySelector('main.record .standings-legend'); return t.scrollWidth - t.parentElement.clientWidth; })()")) as number).toBeLessThanOrEqual(0);
      }
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    }
    // An analysis kept before the Ramsch had its graph (without `standings`) is shown as it was: no graph, said so.
    const kept = (await (await fetch(`${base}/api/records/ramschgraph.1/analysis`)).json()) as RecordAnalysis;
    const old = { ...kept, deals: kept.deals.map(({ standings: _, ...d }) => d) };
    await server.hall.store.saveAnalysis!('ramschgraph.2', ANALYSIS_VERSION, JSON.stringify(old));
    const p = await guest(b, base, 'Altleser');
    await p.page.goto(`${base}/record/ramschgraph.2`);
    await p.page.waitForSelector('main.record .controls');
    await p.page.getByRole('button', { name: 'Analyse', exact: true }).click();
    await analysisShown(p.page);
    expect(await p.page.locator('main.record .analysis .curve-none').textContent()).toMatch(/keine Spielerpartei \(etwa ein Ramsch\)/);
    expect(await p.page.locator('main.record .analysis figure.standings').count()).toBe(0);
    expect(await p.page.locator('main.record .analysis table.seat-summary tbody tr').count()).toBe(4);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  }, 120_000);

  for (const game of ['schafkopf', 'bauernschnapsen', 'talonschnapsen', 'karnoeffel']) {
    it(`a ${game} sitting: the record's Analyse shows the graph, a cost and grade beside a step, the summary`, async () => {
      const { browser: b, base } = await setup();
      const p = await guest(b, base, `Lehrling ${game}`);
      const { page } = p;
      await createTable(p, game, { deals: 1 });
      await play(page);
      await page.locator('.summary button.record-link').click();
      await page.waitForSelector('main.record .controls');
      const analyse = page.getByRole('button', { name: 'Analyse', exact: true });
      expect(await analyse.getAttribute('aria-pressed')).toBe('false');
      expect(await page.locator('main.record section.analysis').count()).toBe(0);
      const t0 = Date.now();
      await analyse.click();
      await analysisShown(page);
      console.log(`${game}: the analysis of one deal shown ${((Date.now() - t0) / 1000).toFixed(1)} s after Analyse was pressed`);
      expect(await analyse.getAttribute('aria-pressed')).toBe('true');
      // At the start the step's place says what will be shown; then a step with a choice names its cost in the game's unit.
      expect(await page.locator('main.record .step-analysis').textContent()).toMatch(/Geh einen Schritt vor/);
      const unit = game === 'schafkopf' ? /\d\sct/ : /\d\sPkt\./;
      const step = await stepWithCost(page);
      expect(step).toMatch(/Kosten: /);
      expect(step).toMatch(unit);
      expect(step).toMatch(/beste Wahl getroffen|Besser: /);
      // Karnöffel's first decisions are the raising (raise or pass, accept or refuse): valued by the side's points less the other side's.
      if (game === 'karnoeffel') expect(step).toMatch(/Beim Steigern zählen die Punkte der eigenen Seite abzüglich der gegnerischen/);
      expect(await page.locator('main.record .step-analysis table.choices tbody tr').count()).toBeGreaterThan(1);
      expect(await page.locator('main.record .step-analysis table.choices tr.taken').count()).toBe(1);
      // The graph of the declaring side's result after each trick: a path from trick 0 on. A deal without a declaring
      // side has its own graph where every seat plays for himself (a Schafkopf Ramsch, when everyone passed: the test
      // above), and one without a trick (a Schafkopf deal thrown in, a Karnöffel raise refused before the first card:
      // the bots' deal is not seeded) says so instead.
      const path = page.locator('main.record .analysis figure.curve svg path.line');
      if ((await page.locator('main.record .analysis figure.standings').count()) > 0) {
        expect(game).toBe('schafkopf');
        expect(await page.locator('main.record .analysis figure.standings svg g.seat').count()).toBe(4);
      } else if ((await page.locator('main.record .analysis .curve-none').count()) > 0) {
        expect(['schafkopf', 'karnoeffel']).toContain(game);
        expect(await page.locator('main.record .analysis .curve-none').textContent()).toMatch(/keine Spielerpartei/);
      } else {
        expect(await path.count()).toBe(1);
        const d = (await path.getAttribute('d')) ?? '';
        expect(d).toMatch(/^M[\d.]+ [\d.]+/);
        // A point per trick from trick 0, each with its dot. A Schnapsen deal can end early (a Bettler lost at trick 1,
        // a Ringerl won by showing before any card: 003), a Schafkopf deal plays all eight (a trick the solver gave up on has no point).
        const points = d.split(/[ML]/).filter((s) => s.trim()).length;
        expect(points).toBeGreaterThanOrEqual(game === 'schafkopf' ? 3 : 1);
        expect(await page.locator('main.record .analysis figure.curve svg circle.dot').count()).toBe(points);
        expect(await page.locator('main.record .analysis figure.curve figcaption').textContent()).toMatch(/Erwartetes Ergebnis nach jedem Stich für .+ \(alle Karten bekannt, (Cent|Spielpunkte|Punkte)\)/);
        // The value after the current step's trick stands beside its dot (marked where that trick has a value), in the game's unit.
        const nowValue = page.locator('main.record .analysis figure.curve svg text.now-value');
        const nowDots = await page.locator('main.record .analysis figure.curve svg circle.dot.now').count();
        expect(await nowValue.count()).toBe(nowDots);
        if (nowDots) expect(await nowValue.textContent()).toMatch(/^(0|[+−]\d+(,\d+)?)\u00a0(ct|Pkt\.)$/);
      }
      // The summary: a row per player with decisions counted.
      const seats = { schafkopf: 4, bauernschnapsen: 4, talonschnapsen: 3, karnoeffel: 4 }[game]!;
      const rows = page.locator('main.record .analysis table.seat-summary tbody tr');
      expect(await rows.count()).toBe(seats);
      expect(await rows.first().locator('td').first().textContent()).toBe(`Lehrling ${game}`);
      const decided = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.querySelectorAll('td')[1]?.textContent)));
      expect(decided.reduce((x, y) => x + y, 0)).toBeGreaterThan(4);
      expect(await page.locator('main.record .analysis details.why p').textContent()).toMatch(/Alle Karten bekannt.+Sicht des Spielers/s);
      // Where only the winners score, the values are the side's points less the other side's, and the page says so.
      const marginNote = page.locator('main.record .analysis .margin-note');
      if (game === 'schafkopf') expect(await marginNote.count()).toBe(0);
      else expect(await marginNote.textContent()).toMatch(/^Alle Werte: Punkte der eigenen Seite abzüglich der gegnerischen\./);
      // A costly decision, where there is one, jumps to its step, which shows its grade.
      const costly = page.locator('main.record .analysis .costly button.jump');
      if (await costly.count()) {
        const index = await costly.first().getAttribute('data-index');
        await costly.first().click();
        expect(await page.locator('main.record section.step-analysis').getAttribute('data-index')).toBe(index);
        expect(await page.locator('main.record section.step-analysis .verdict .grade').textContent()).toMatch(/Ungenauigkeit|Fehler|Patzer/);
      }
      // Every step of the deal: a "better" choice is named only where that view's cost is not 0, and a best choice is
      // marked where it is 0 (a Ramsch's last cards often cost nothing whatever is played: no "better" card of equal value).
      const back = page.locator('main.record button[data-go=prevTrick]');
      while (!(await back.isDisabled())) await back.click();
      let checked = 0;
      for (let i = 0; i < 80; i++) {
        const verdicts = (await page.locator('main.record section.step-analysis').evaluateAll(STEP_VERDICTS)) as Verdict[];
        for (const v of verdicts) {
          checked++;
          if (v.cost === '0') expect(v.best, JSON.stringify(v)).toMatch(/beste Wahl getroffen/);
          else expect(v.best, JSON.stringify(v)).toMatch(/^Besser: /);
        }
        const forward = page.locator('main.record button[data-go=forward]');
        if (await forward.isDisabled()) break;
        await forward.click();
      }
      expect(checked).toBeGreaterThan(4);
      await page.screenshot({ path: `${OUT}/analysis-${game}.png`, fullPage: true });
      // Pressed again, the analysis is put away.
      await analyse.click();
      expect(await page.locator('main.record section.analysis').count()).toBe(0);
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    }, 120_000);
  }

  it('the sitting\'s end and the player page lead straight to the analysis; in English on a phone', async () => {
    const { browser: b, base } = await setup();
    const p = await guest(b, base, 'Student', PHONE, 'en-GB');
    const { page } = p;
    const id = await createTable(p, 'bauernschnapsen', { deals: 1 });
    await play(page);
    await page.locator('.summary button.analysis-link').click();
    await analysisShown(page);
    expect(new URL(page.url()).pathname).toBe(`/record/${id}.1`);
    expect(await page.getByRole('button', { name: 'Analysis', exact: true }).getAttribute('aria-pressed')).toBe('true');
    const step = await stepWithCost(page);
    expect(step).toMatch(/Cost: .*\d\sGP/);
    expect(await page.locator('main.record .analysis details.why summary').textContent()).toBe('Why two values?');
    await page.screenshot({ path: `${OUT}/analysis-phone.png`, fullPage: true });
    expect((await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number).toBeLessThanOrEqual(0);
    // The summary per player fits its box at 360 px: its last column, the jump to the costliest decision, is not scrolled out of sight.
    expect((await page.evaluate("(() => { const w = document.querySelector('main.record .seat-summary-wrap'); return w.scrollWidth - w.clientWidth; })()")) as number).toBeLessThanOrEqual(0);
    // And with the widest values a deal can give (a random deal gave 2 px too many once, in CI): a long name, two-digit
    // grades, costs in the thousands, a three-digit jump. The grades and costs wrap rather than push the jump out.
    const widest = `(() => {
      const w = document.querySelector('main.record .seat-summary-wrap');
      for (const tr of w.querySelectorAll('tbody tr')) {
        const td = tr.querySelectorAll('td');
        td[0].textContent = 'Maximiliane Wolkenstein (bot)';
        td[1].textContent = '14';
        td[2].textContent = '10 · 12 · 11';
        td[3].textContent = '−1,234.56 GP / −1,234.56 GP';
        td[4].innerHTML = '<button class="link jump">#123</button>';
      }
      return w.scrollWidth - w.clientWidth;
    })()`;
    expect((await page.evaluate(widest)) as number).toBeLessThanOrEqual(0);
    // From the player page: the analysis, already computed, at once.
    await page.locator('header a.me').click();
    await page.waitForSelector('main.player .sittings');
    await page.locator(`.sittings li[data-record="${id}.1"] a.analysis-link`).click();
    await analysisShown(page);
    expect(await page.locator('main.record .analysis table.seat-summary tbody tr').count()).toBe(4);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  }, 120_000);
});
