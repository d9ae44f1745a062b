/**
 * The guided first deals (issue 22) in a real Chromium, per game: the rules
 * page's button opens the lesson, the learner starts it and plays it through
 * by clicking their cards and buttons and "Weiter" after every explanation,
 * a wrong card is explained and changes nothing, and the closing words come.
 * No account is needed: the lesson runs on the game's engine in the page.
 * Screenshots at 360×740 and 1280×800 (the intro, a trick explained, the end).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LESSON_GAMES, loadLesson, type Lesson } from './client/lessons/lesson.js';
import { DESKTOP, PHONE, OUT, sharedBrowserAndServer } from './testing.js';

const setup = sharedBrowserAndServer();

/** Waits until the lesson has gone past step `at`. */
async function stepPast(page: Page, at: number): Promise<void> {
  await page.locator(`main.lesson:not([data-step="${at}"])`).waitFor();
  expect(Number(await page.locator('main.lesson').getAttribute('data-step'))).toBeGreaterThan(at);
}

/** Plays the lesson by clicking as the page asks; returns how many moves the learner made. */
/** Cards the rules forbid that the lesson's learner clicked and had explained by the rule (in the lesson being played). */
let forbiddenExplained = 0;

async function playLesson(page: Page, lesson: Lesson, shot: (name: string) => Promise<void>): Promise<number> {
  let moves = 0;
  let tried = false;
  let triedForbidden = false;
  let explained = 0;
  for (let guard = 0; guard < 400; guard++) {
    if ((await page.locator('main.lesson[data-over=true]').count()) > 0) return moves;
    const next = page.locator('.coach button.lesson-next');
    if (await next.count()) {
      if ((await page.locator('.felt .played.win').count()) > 0 && explained++ === 0) await shot('trick');
      await next.click();
      continue;
    }
    if (await page.locator('.coach .lesson-turn').count()) {
      const at = Number(await page.locator('main.lesson').getAttribute('data-step'));
      const step = lesson.steps[at];
      expect(step.seat).toBe(lesson.learner);
      const button = page.locator(`.buttons button.action[data-action="${step.action}"]`);
      const confirm = page.locator('.buttons button.action.confirm');
      if (await confirm.count()) {
        // Several cards chosen together (the lay-away): tap each, then confirm. The two just taken up from the talon
        // are marked, named so too (play-test: nothing told them from the cards one had).
        const fromTalon = page.locator('.hand button.hc.talon');
        expect(await fromTalon.count()).toBe(2);
        for (const label of await fromTalon.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))) expect(label).toMatch(/ \(aus dem Talon\)$/);
        for (const code of step.action.split(' ').slice(1)) await page.locator(`.hand button.hc[data-card="${code}"]`).click();
        // Nothing lies over the confirm button, not even the lifted cards chosen (play-test: they covered its lower
        // part), and one's own seat counts the cards held, the talon taken up with them (play-test: "6 Karten" beside 8).
        const covered = await confirm.evaluate((el) => {
          el.scrollIntoView({ block: 'center' });
          const r = el.getBoundingClientRect();
          return [0.15, 0.5, 0.85].flatMap((fy) => [0.1, 0.5, 0.9].map((fx) => [fx, fy])).flatMap(([fx, fy]) => {
            const top = el.ownerDocument.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
            return top === el || el.contains(top) ? [] : [`${fx},${fy}: ${top?.tagName} ${top?.getAttribute('class') ?? ''}`];
          });
        });
        expect(covered).toEqual([]);
        expect(await page.locator(`.seat.mine .note`).textContent()).toBe(`${await page.locator('.hand button.hc').count()} Karten`);
        await confirm.click();
        moves++;
        await stepPast(page, at);
        continue;
      }
      const code = step.action.split(' ').pop()!;
      const card = page.locator(`.hand button.hc.legal[data-card="${code}"]`);
      if (!tried && (await button.count()) === 0) {
        await shot('turn');
        // A wrong card first: it is explained and changes nothing.
        const other = page.locator(`.hand button.hc.legal:not([data-card="${code}"])`).first();
        if (await other.count()) {
          tried = true;
          await other.click();
          await page.locator('.coach .lesson-wrong').waitFor();
          expect(await page.locator('.coach .lesson-wrong').textContent()).toMatch(/^Nicht diese – in diesem Lernspiel kommt jetzt: .+\. Lies noch einmal, warum\.$/);
          expect(Number(await page.locator('main.lesson').getAttribute('data-step'))).toBe(at);
          // The hand points at the move's card, and at no other, so that its name meets its picture.
          expect(await page.locator('.hand button.hc.pointed').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')))).toEqual([code]);
          await shot('pointed');
        }
        // A card the rules forbid now (dimmed): the rule says why, as at the table, then the lesson's move.
        const forbidden = page.locator('.hand button.hc:not(.legal)').first();
        if ((await forbidden.count()) && !triedForbidden) {
          triedForbidden = true;
          await forbidden.click();
          await page.waitForFunction("!/^Nicht diese/.test(document.querySelector('.coach .lesson-wrong')?.textContent ?? 'Nicht diese')");
          const said = (await page.locator('.coach .lesson-wrong').textContent()) ?? '';
          expect(said).toMatch(/\. (In diesem Lernspiel kommt jetzt|In this lesson the move now is): .+\.$/);
          expect(said).not.toMatch(/Das geht gerade nicht|Not allowed\./);
          forbiddenExplained++;
          expect(Number(await page.locator('main.lesson').getAttribute('data-step'))).toBe(at);
        }
      }
      if (await button.count()) await button.click();
      else await card.click();
      moves++;
      expect(await page.locator('.hand button.hc.pointed').count()).toBe(0);
      await stepPast(page, at);
      continue;
    }
    await page.waitForTimeout(100);
  }
  throw new Error('the lesson did not end');
}

describe('the guided first deals', () => {
  it('speak English in an English browser, and an unknown game has none', async () => {
    const { browser: b, base } = await setup();
    const ctx = await b.newContext({ viewport: PHONE, locale: 'en-GB' });
    const page = await ctx.newPage();
    await page.goto(`${base}/rules/karnoeffel`);
    await page.getByRole('link', { name: 'Learn with a first deal' }).click();
    await page.locator('.coach h2').waitFor();
    const lesson = (await loadLesson('karnoeffel'))!;
    expect(await page.locator('.coach h2').textContent()).toBe(lesson.title.en);
    expect(await page.locator('.coach p').first().textContent()).toBe(lesson.intro[0].en);
    await page.getByRole('button', { name: 'Let’s go' }).click();
    expect(await page.locator('.coach .lesson-turn').textContent()).toBe(`Your move: ${lesson.steps[0].say!.en}`);
    // Back to the rules page to read up and forward again, or a reload, goes on where the learner was (play-test: the
    // lesson began again at its step 0).
    await page.locator(`.buttons button.action[data-action="${lesson.steps[0].action}"]`).click();
    await stepPast(page, 0);
    // Until the words of a move wait for "Continue", or the learner's turn comes again.
    await page.locator('.coach button.lesson-next, .coach .lesson-turn').first().waitFor();
    const place = async () => [await page.locator('main.lesson').getAttribute('data-step'), await page.locator('.coach').innerText()];
    const here = await place();
    await page.goBack();
    await page.locator('main.rules').waitFor();
    await page.goForward();
    await page.locator('main.lesson').waitFor();
    expect(await place()).toEqual(here);
    await page.reload();
    await page.locator('main.lesson').waitFor();
    expect(await place()).toEqual(here);
    // The lesson's address opens by itself too (a reload, a shared link).
    await page.goto(`${base}/learn/schafkopf`);
    expect(await page.locator('.coach h2').textContent()).toBe('Your first Schafkopf');
    await page.goto(`${base}/learn/tarock`);
    expect(await page.locator('main.lesson-page').textContent()).toContain('There is no lesson for this game yet.');
    await ctx.close();
  }, 60_000);

  for (const game of LESSON_GAMES) {
    for (const [viewport, size] of [
      [PHONE, '360'],
      [DESKTOP, '1280'],
    ] as const) {
      it(`${game} (${size}): from the rules page, played through by clicking, to the closing words`, async () => {
        const { browser: b, base } = await setup();
        const lesson = (await loadLesson(game))!;
        const ctx = await b.newContext({ viewport, locale: 'de-DE' });
        const page = await ctx.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const shot = (name: string) => page.screenshot({ path: `${OUT}/lesson-${game}-${name}-${size}.png`, fullPage: true }).then(() => undefined);
        await page.goto(`${base}/rules/${game}`);
        await page.getByRole('link', { name: 'Erstes Spiel lernen' }).click();
        await page.waitForURL(`${base}/learn/${game}`);
        await page.locator('.coach h2').waitFor();
        expect(await page.locator('.coach h2').textContent()).toBe(lesson.title.de);
        await shot('intro');
        await page.locator('.coach button.lesson-start').click();
        forbiddenExplained = 0;
        const moves = await playLesson(page, lesson, shot);
        // Karnöffel's learner holds the Teufel at his first lead, which 000 forbids there: the rule is what he is told.
        if (game === 'karnoeffel') expect(forbiddenExplained).toBe(1);
        expect(moves).toBe(lesson.steps.filter((s) => s.seat === lesson.learner).length);
        const coach = (await page.locator('.coach').textContent()) ?? '';
        expect(coach).toContain('Lernspiel beendet');
        for (const c of lesson.closing) expect(coach).toContain(c.de);
        expect(Number(await page.locator('main.lesson').getAttribute('data-step'))).toBe(lesson.steps.length);
        await shot('end');
        // From the end straight on to a table against bots (the lobby), or back to the rules.
        await page.getByRole('button', { name: 'Zu den Regeln' }).click();
        await page.waitForURL(`${base}/rules/${game}`);
        expect(errors).toEqual([]);
        await ctx.close();
      }, 120_000);
    }
  }
});

describe('Karnöffel\'s named trumps in the hand (000 "Spieldurchführung": Karnöffel, Papst, Kaiser; "Trumpf-7 wird der Teufel genannt")', () => {
  for (const [viewport, size, locale] of [
    [PHONE, '360', 'de-DE'],
    [{ width: 740, height: 360 }, '740', 'de-DE'],
    [DESKTOP, '1280', 'en-GB'],
  ] as const) {
    it(`(${size}, ${locale}) once Gras is trump, the learner's Gras-Unter reads "Karnöffel" and the Gras 7 "Teufel" up their left edges, said with the card (play-test: the table said only "Trumpf: Gras")`, async () => {
      const { browser: b, base } = await setup();
      const ctx = await b.newContext({ viewport, locale });
      const page = await ctx.newPage();
      await page.goto(`${base}/learn/karnoeffel`);
      await page.locator('.coach button.lesson-start').click();
      const de = locale === 'de-DE';
      expect(await page.locator('.headline').innerText()).toContain(de ? 'Trumpf: noch offen' : 'Trump: not yet known');
      // On through the deal as the lesson asks (its words wait for "Weiter") until the Gras 7 comes, in the third round.
      const lesson = (await loadLesson('karnoeffel'))!;
      for (let guard = 0; guard < 80 && (await page.locator('.hand button.hc.tagged').count()) < 2; guard++) {
        const next = page.locator('.coach button.lesson-next');
        if (await next.count()) await next.click();
        else if (await page.locator('.coach .lesson-turn').count()) {
          const at = Number(await page.locator('main.lesson').getAttribute('data-step'));
          await page.locator(`.buttons button.action[data-action="${lesson.steps[at].action}"]`).click();
          await stepPast(page, at);
        } else await page.waitForTimeout(100);
      }
      // The name runs up the card's left edge, the part the next card of the fan leaves in sight: at its ends and
      // middle nothing but its own card lies (a mark above the corner ran under the next card on a phone).
      const tagged = await page.locator('.hand button.hc.tagged').evaluateAll((els) =>
        els.map((e) => {
          e.scrollIntoView({ block: 'center' });
          const doc = e.ownerDocument;
          const mark = doc.defaultView!.getComputedStyle(e, '::after');
          const r = e.getBoundingClientRect();
          const pen = doc.createElement('canvas').getContext('2d')!;
          pen.font = `${mark.fontWeight} ${mark.fontSize} ${mark.fontFamily}`;
          const long = pen.measureText(mark.content.replace(/^"|"$/g, '')).width + 2 * parseFloat(mark.paddingTop);
          const wide = parseFloat(mark.lineHeight);
          const left = r.left + parseFloat(mark.left);
          const bottom = r.bottom - parseFloat(mark.bottom);
          const points = [left, left + wide].flatMap((x) => [bottom - 1, bottom - long / 2, bottom - long + 1].map((y) => [x, y]));
          const own = points.every(([x, y]) => {
            const top = doc.elementFromPoint(x, y);
            return top === e || e.contains(top);
          });
          return { card: e.getAttribute('data-card'), label: e.getAttribute('aria-label'), mark: mark.content, shown: mark.display !== 'none' && mark.visibility !== 'hidden', inSight: own && long < r.height - 6 };
        }),
      );
      const seen = (card: string, name: string) => ({ card, label: `${tagged.find((t) => t.card === card)?.label?.split(':')[0]}: ${de ? `Gras-${card === 'GU' ? 'Unter' : 'Sieben'}` : `Gras ${card === 'GU' ? 'Unter' : '7'}`} (${name})`, mark: `"${name}"`, shown: true, inSight: true });
      expect(tagged).toEqual([seen('GU', 'Karnöffel'), seen('G7', 'Teufel')]);
      expect(await page.locator('.headline').innerText()).toContain(de ? 'Trumpf: Gras' : 'Trump: Gras');
      await page.screenshot({ path: `${OUT}/lesson-karnoeffel-named-${size}.png` });
      await ctx.close();
    }, 60_000);
  }
});

describe('a lesson on a phone held sideways (740×360)', () => {
  it.each(LESSON_GAMES)('%s: at every step the trick, the words\' button, the buttons to choose and the hand are in sight without scrolling, the ring beside them', async (game) => {
    const { browser: b, base } = await setup();
    const lesson = (await loadLesson(game))!;
    const ctx = await b.newContext({ viewport: { width: 740, height: 360 }, locale: 'en-GB' });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/learn/${game}`);
    await page.locator('.coach button.lesson-start').waitFor();
    // Everything one looks at or clicks in a step, where it lies at the top of the page (they stood a screen and a half
    // down, below the ring: play-test); a card of the hand only by its visible edge.
    const OUTSIDE = `[...document.querySelectorAll('.felt figure.played .card, .hand button.hc, .buttons button, .coach button, .coach .lesson-turn')].filter((e) => {
      const r = e.getBoundingClientRect();
      return r.top < 0 || r.bottom > window.innerHeight + 1 || r.left < 0 || r.right > window.innerWidth + 1;
    }).map((e) => (e.getAttribute('data-card') || e.textContent.slice(0, 30)) + ' at ' + Math.round(e.getBoundingClientRect().top) + '–' + Math.round(e.getBoundingClientRect().bottom))`;
    const outside = new Set<string>();
    let checked = 0;
    const look = async () => {
      await page.evaluate('scrollTo(0, 0)');
      for (const o of (await page.evaluate(OUTSIDE)) as string[]) outside.add(`step ${await page.locator('main.lesson').getAttribute('data-step')}: ${o}`);
      checked++;
    };
    await look();
    // The ring stands left of the words and the hand.
    const [ring, coach, hand] = await Promise.all(['.ring', '.coach', '.hand'].map((s) => page.locator(`main.lesson ${s}`).boundingBox()));
    expect(ring!.x + ring!.width).toBeLessThanOrEqual(Math.min(coach!.x, hand!.x) + 1);
    await page.locator('.coach button.lesson-start').click();
    for (let guard = 0; guard < 400 && (await page.locator('main.lesson[data-over=true]').count()) === 0; guard++) {
      const next = page.locator('.coach button.lesson-next');
      if (await next.count()) {
        await look();
        await next.click();
        continue;
      }
      if (await page.locator('.coach .lesson-turn').count()) {
        await look();
        const at = Number(await page.locator('main.lesson').getAttribute('data-step'));
        const step = lesson.steps[at];
        const button = page.locator(`.buttons button.action[data-action="${step.action}"]`);
        if (await button.count()) await button.click();
        else if (await page.locator('.buttons button.action.confirm').count()) {
          for (const code of step.action.split(' ').slice(1)) await page.locator(`.hand button.hc[data-card="${code}"]`).click();
          await look();
          await page.locator('.buttons button.action.confirm').click();
        } else await page.locator(`.hand button.hc.legal[data-card="${step.action.split(' ').pop()}"]`).click();
        await stepPast(page, at);
        continue;
      }
      await page.waitForTimeout(50);
    }
    await look();
    await page.screenshot({ path: `${OUT}/lesson-${game}-sideways-740.png` });
    expect([...outside]).toEqual([]);
    expect(checked).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);
});
