import { parseCards } from '../../../cards/notation.js';
import type { Game, GameTypes } from '../../../games/game.js';
import { replayGame } from '../../../games/replays.js';
import { resolveRules } from '../../../games/ruleBook.js';
import type { Lesson } from './lesson.js';

type AnyGame = Game<GameTypes>;

/** A lesson on its game's engine: the rules, and every state of the deal from the first to the last step. */
export interface LessonRun {
  readonly game: AnyGame;
  readonly rules: GameTypes['rules'];
  /** states[i]: the deal after the first i steps. */
  readonly states: readonly GameTypes['state'][];
}

/**
 * Plays a lesson through on the game's engine (the same engine the record
 * viewer runs in the page). A lesson whose deck or any action the engine
 * refuses is an error in the lesson: it says which step.
 */
export function runLesson(lesson: Lesson): LessonRun {
  const game = replayGame(lesson.game);
  if (!game) throw new Error(`lesson for an unknown game ${lesson.game}`);
  const rules = resolveRules(game.ruleBook, lesson.preset, { ...(lesson.rules ?? {}) });
  if (!rules.ok) throw new Error(`lesson ${lesson.game}: ${rules.error.message}`);
  const deck = parseCards(game.pack(rules.value), lesson.deck);
  if (!deck.ok) throw new Error(`lesson ${lesson.game}: ${deck.error.message}`);
  const first = game.setup(rules.value, { dealer: lesson.dealer, deck: deck.value, carry: lesson.carry as never });
  if (!first.ok) throw new Error(`lesson ${lesson.game}: ${first.error.message}`);
  const states = [first.value];
  lesson.steps.forEach((step, i) => {
    const a = game.parseAction(rules.value, step.action);
    if (!a.ok) throw new Error(`lesson ${lesson.game}, step ${i + 1} (${step.action}): ${a.error.message}`);
    const next = game.apply(states[states.length - 1], step.seat, a.value);
    if (!next.ok) throw new Error(`lesson ${lesson.game}, step ${i + 1} (seat ${step.seat}: ${step.action}): ${next.error.message}`);
    states.push(next.value);
  });
  return { game, rules: rules.value, states };
}
