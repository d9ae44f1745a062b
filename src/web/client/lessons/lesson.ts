/**
 * A guided first deal (issue 22, "Learn the game"): fixed cards, every
 * action of the deal in order, and words in German and English that say
 * what to do and why, and after each trick why its card won. The page
 * (learn.tsx) runs it on the game's own engine in the browser: the learner
 * plays their own cards by clicking, the other seats play the script.
 * lessons.test.ts replays every lesson on the engine: every action is legal,
 * every trick goes to the seat the words name, and the deal ends.
 */
export interface Words {
  readonly de: string;
  readonly en: string;
}

export interface LessonStep {
  /** Who acts, and the action in the game's notation (as records write it). */
  readonly seat: number;
  readonly action: string;
  /** The learner's step: what to do now and why, shown before it (required for the learner's steps). */
  readonly say?: Words;
  /** Shown after the action; the lesson waits for "Weiter" (after a trick: why this card won). */
  readonly after?: Words;
  /** The step completes a trick that this seat wins (checked against the engine). */
  readonly wins?: number;
}

export interface Lesson {
  readonly game: string;
  /** A preset of the game's rule book (default: the book's default) and house rules that differ from it. */
  readonly preset?: string;
  readonly rules?: Readonly<Record<string, string | number | boolean>>;
  readonly title: Words;
  /** The learner's seat and every seat's name (the learner's is "Du"/"You"). */
  readonly learner: number;
  readonly names: readonly Words[];
  readonly dealer: number;
  /** The deck in dealing order, as card codes. */
  readonly deck: readonly string[];
  readonly carry?: unknown;
  /** Before the first card: what the game is, what the deal will show. */
  readonly intro: readonly Words[];
  readonly steps: readonly LessonStep[];
  /** After the deal: what was learnt, and where to go on. */
  readonly closing: readonly Words[];
}

/** The words in the page's language. */
export function say(w: Words, lang: 'de' | 'en'): string {
  return lang === 'de' ? w.de : w.en;
}

/** The games with a lesson, in the order to learn them (Karnöffel first: the game almost nobody knows). */
export const LESSON_GAMES = ['karnoeffel', 'schafkopf', 'bauernschnapsen', 'talonschnapsen'] as const;

/** A game's lesson, loaded with the lesson page only. */
export async function loadLesson(game: string): Promise<Lesson | undefined> {
  switch (game) {
    case 'karnoeffel':
      return (await import('./karnoeffel.js')).KARNOEFFEL_LESSON;
    case 'schafkopf':
      return (await import('./schafkopf.js')).SCHAFKOPF_LESSON;
    case 'bauernschnapsen':
      return (await import('./schnapsen.js')).BAUERN_LESSON;
    case 'talonschnapsen':
      return (await import('./schnapsen.js')).TALON_LESSON;
    default:
      return undefined;
  }
}
