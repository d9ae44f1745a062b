import { describe, expect, it } from 'vitest';
import { presentationOf } from '../../../games/presentations.js';
import { LESSON_GAMES, loadLesson } from './lesson.js';
import { runLesson } from './run.js';

/**
 * Every lesson against its game's engine: the deck is a whole pack, every
 * action is legal when it comes, every learner's step says what to do, every
 * trick goes to the seat its words name (and every trick names one), and
 * the deal is over at the last step, with closing words.
 */
describe('the guided first deals', () => {
  for (const game of LESSON_GAMES) {
    it(`${game}: plays through on the engine, each trick won by the seat the words name`, async () => {
      const lesson = (await loadLesson(game))!;
      expect(lesson.game).toBe(game);
      const { game: engine, rules, states } = runLesson(lesson);
      const p = presentationOf(game);
      const names = lesson.names.map((n) => n.en);
      let tricks = 0;
      lesson.steps.forEach((step, i) => {
        const before = states[i];
        // The step's seat was the one to act (or allowed to: table talk is not part of a lesson).
        expect(engine.mayAct(before), `step ${i + 1}`).toContain(step.seat);
        if (step.seat === lesson.learner) {
          expect(step.say, `learner's step ${i + 1} says what to do`).toBeDefined();
          // The learner's action is one of the learner's own choices, shown as a card or a button.
          expect(engine.legal(before, step.seat).map((a) => engine.formatAction(rules, a))).toContain(step.action);
        }
        const after = p.table(engine.view(states[i + 1], lesson.learner), [], 'en', names);
        const done = p.table(engine.view(before, lesson.learner), [], 'en', names).tricksDone;
        if (after.tricksDone > done) {
          tricks++;
          expect(step.wins, `step ${i + 1} completes a trick: its words must name the winner`).toBeDefined();
          expect(after.lastTrick?.winner, `step ${i + 1}: trick ${after.tricksDone}`).toBe(step.wins);
          expect(step.after, `step ${i + 1}: why the trick was won`).toBeDefined();
        } else expect(step.wins, `step ${i + 1} completes no trick`).toBeUndefined();
        for (const w of [step.say, step.after]) if (w) expect(w.de.length > 20 && w.en.length > 20).toBe(true);
      });
      expect(tricks).toBeGreaterThan(2);
      expect(engine.outcome(states[states.length - 1]), 'the deal is over at the last step').toBeDefined();
      expect(lesson.intro.length).toBeGreaterThan(0);
      expect(lesson.closing.length).toBeGreaterThan(0);
    });
  }
});

describe("the lessons' closing summary", () => {
  it('Bauernschnapsen: the Augen with the Zwanziger, as the last note reckons them ("zusammen 74 – mehr als 66")', async () => {
    const lesson = (await loadLesson('bauernschnapsen'))!;
    const { game: engine, states } = runLesson(lesson);
    const end = states[states.length - 1];
    const p = presentationOf('bauernschnapsen');
    const de = p.dealSummary(engine.outcome(end), 'de', lesson.names.map((n) => n.de), engine.view(end, lesson.learner));
    expect(de[0]).toMatch(/gewonnen \(54 \+ 20 = 74 Augen, /);
  });
});
