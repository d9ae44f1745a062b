import { Writable } from 'node:stream';
import { createInterface, type Interface } from 'node:readline';
import type { Result } from '../core/result.js';
import type { Agent } from '../games/agent.js';
import type { GameTypes, NumberedEvent, Seat } from '../games/game.js';
import { UndoRequest } from '../sitting/play.js';
import { quote } from '../core/text.js';

/**
 * Lines from standard input, one at a time, whether a person types them or
 * a pipe delivers them all at once. At a terminal a line typed while no
 * question is asked (while the bots play) is not kept for the next question:
 * a key pressed twice must not play a card the person has not seen offered.
 */
export class LineReader {
  private readonly queue: string[] = [];
  private readonly waiting: ((line: string | null) => void)[] = [];
  private closed = false;
  private readonly rl: Interface;

  constructor(
    input: NodeJS.ReadableStream = process.stdin,
    out: NodeJS.WritableStream = process.stdout,
    /** Lines typed ahead are dropped (a person at a terminal); kept for the next question (a pipe, a file). */
    dropTypedAhead = (input as { isTTY?: boolean }).isTTY === true,
  ) {
    this.rl = createInterface({ input, terminal: false });
    this.rl.on('line', (line) => {
      const w = this.waiting.shift();
      if (w) w(line);
      else if (!dropTypedAhead) this.queue.push(line);
      else if (line.trim() !== '') out.write(`  (${quote(line.trim())} was typed before the question and is ignored)\n`);
    });
    this.rl.on('close', () => {
      this.closed = true;
      for (const w of this.waiting.splice(0)) w(null);
    });
  }

  /** The next line, or null when the input has ended. */
  next(prompt: string, out: NodeJS.WritableStream = process.stdout): Promise<string | null> {
    out.write(prompt);
    const line = this.queue.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  close(): void {
    this.rl.close();
  }
}

/** Thrown when the person at the terminal quits or the input ends. */
export class QuitSignal extends Error {
  constructor() {
    super('quit');
  }
}

/** Menus longer than this are not listed; the person types the action instead (the hint says how). */
export const LONGEST_MENU = 16;

export interface HumanOptions<T extends GameTypes> {
  readonly reader: LineReader;
  readonly out: NodeJS.WritableStream;
  readonly render: (view: T['view'], legal: readonly T['action'][]) => string;
  readonly describe: (view: T['view'], action: T['action']) => string;
  readonly order: (view: T['view'], legal: readonly T['action'][]) => readonly T['action'][];
  readonly format: (action: T['action']) => string;
  readonly parse: (text: string) => Result<T['action']>;
  /** What can be done now, for `help` or `?`. */
  readonly help: (view: T['view'], legal: readonly T['action'][]) => string;
  /** Why the rules refuse this action right now (undefined if they accept it). */
  readonly explain: (seat: Seat, action: T['action']) => string | undefined;
  /** Lines telling what the seat's new events mean; printed as they arrive. */
  readonly narrate?: (seat: Seat, events: readonly NumberedEvent<T['event']>[]) => string[];
  /** `last`: the last finished trick, or undefined before the first. */
  readonly lastTrick?: (view: T['view']) => string | undefined;
  /** `score`: the score sheet of the sitting and the running deal. */
  readonly score?: () => string;
  /** `undo`: undefined when the seat's last decision in this deal may be taken back, else why not. */
  readonly undo?: (seat: Seat) => string | undefined;
  /** Ask even when only one answer is possible (by default such a prompt is answered by itself and shown). */
  readonly askAlways?: boolean;
  /** `hint`: the strong bot's choice and its estimate of each legal action, in lines (from the seat's own view only). */
  readonly hint?: (view: T['view'], legal: readonly T['action'][], seat: Seat) => Promise<string>;
}

/** The words a person may type at every prompt, besides the actions. */
export const PROMPT_WORDS = '? help · hint (the strong bot\'s advice) · last (the last trick) · score · undo (against bots only) · q (leave)';

/**
 * A person at the terminal: sees the table as the seat's view shows it and
 * the numbered legal actions; answers with a number or the action's
 * notation, `help` (or `?`) to learn what can be done, `hint`, `last`, `score`,
 * `undo`, `q` to leave (asked again when it throws away a running deal).
 * Anything else is explained with what can be done now, and asked again. A
 * prompt with only one answer is answered by itself, and shown.
 */
export function humanAgent<T extends GameTypes>(name: string, o: HumanOptions<T>): Agent<T> {
  return {
    name,
    kind: 'human',
    observe(events, seat) {
      const lines = o.narrate?.(seat, events) ?? [];
      if (lines.length > 0) o.out.write(lines.join('\n') + '\n');
    },
    async choose(view, given, seat) {
      const legal = o.order(view, given);
      if (legal.length === 1 && !o.askAlways) {
        o.out.write(`  Your only choice: ${o.describe(view, legal[0])}\n`);
        return legal[0];
      }
      const listed = legal.length <= LONGEST_MENU;
      o.out.write('\n' + o.render(view, legal) + '\n');
      if (listed) legal.forEach((a, i) => o.out.write(`  ${String(i + 1).padStart(2)}  ${o.describe(view, a)}\n`));
      else o.out.write(`  ${o.help(view, legal).split('\n')[0]}\n`);
      const prompt = listed ? 'Your choice (number or notation; ? for help, q to quit): ' : 'Your choice (notation; ? for help, q to quit): ';
      // What can be done now, for a refusal: the words of the legal actions, or the first line of help for a long list.
      const now = () => (listed ? `You may now: ${[...new Set(legal.map((a) => o.format(a)))].join(', ')} (or a number from the menu).` : o.help(view, legal).split('\n')[0]);
      for (;;) {
        const line = await o.reader.next(prompt, o.out);
        if (line === null) throw new QuitSignal();
        const text = line.trim();
        const lower = text.toLowerCase();
        if (lower === 'q' || lower === 'quit') {
          const sure = await o.reader.next('Leave the table? The running deal is thrown away, finished deals are kept. (y/n) ', o.out);
          if (sure === null || /^\s*(y|yes|j|ja)\s*$/i.test(sure)) throw new QuitSignal();
          continue;
        }
        if (text === '') continue;
        if (lower === '?' || lower === 'help' || lower === 'hilfe') {
          o.out.write(o.help(view, legal) + '\n');
          o.out.write(`At any prompt: ${PROMPT_WORDS}.\n`);
          continue;
        }
        if (lower === 'hint' || lower === 'tipp') {
          o.out.write(`${o.hint ? await o.hint(view, legal, seat) : '  No hints here.'}\n`);
          continue;
        }
        if (lower === 'last') {
          o.out.write(`  ${o.lastTrick?.(view) ?? 'No trick has been taken yet in this deal.'}\n`);
          continue;
        }
        if (lower === 'score') {
          if (o.score) o.out.write(o.score() + '\n');
          continue;
        }
        if (lower === 'undo') {
          const why = o.undo ? o.undo(seat) : 'undo is not possible here';
          if (why === undefined) {
            o.out.write('  Undone: you decide again.\n');
            throw new UndoRequest(seat);
          }
          o.out.write(`  Cannot undo: ${why}.\n`);
          continue;
        }
        if (/^\d+$/.test(text)) {
          const n = Number(text);
          if (listed && n >= 1 && n <= legal.length) return legal[n - 1];
          if (listed) o.out.write(`  There is no choice ${n}: pick 1 to ${legal.length}, or ? for help.\n`);
          else o.out.write(`  Numbers do not work here: type the action. ${now()}\n`);
          continue;
        }
        const parsed = o.parse(text);
        if (!parsed.ok) {
          // A word of no action at all: say what can be done now, not every word of the game.
          const unknown = /is not an? .*action|is not an action/.test(parsed.error.message);
          o.out.write(unknown ? `  ${quote(text)} is nothing you can do now. ${now()}\n` : `  ${parsed.error.message}\n`);
          continue;
        }
        const match = legal.find((a) => o.format(a) === o.format(parsed.value));
        if (match) return match;
        // An action the menu cannot list but the rules accept (Karnöffel's free-text advice) is taken as typed.
        const why = o.explain(seat, parsed.value);
        if (why === undefined) return parsed.value;
        o.out.write(`  Not allowed: ${why}\n`);
      }
    },
  };
}

/**
 * Wraps text at word boundaries to `width` columns, the first line starting at column `column`. A line that goes on
 * is continued with the indentation of its first line and two spaces more, so that it still reads as one line.
 */
export function wrapText(text: string, width: number, column = 0): string {
  if (!(width > 10)) return text;
  return text
    .split('\n')
    .map((line, i) => wrapLine(line, width, i === 0 ? column : 0))
    .join('\n');
}

function wrapLine(line: string, width: number, column: number): string {
  const len = (s: string) => [...s].length;
  if (column + len(line) <= width) return line;
  const lead = /^ */.exec(line)![0];
  const indent = ' '.repeat(Math.min(lead.length + 2, Math.floor(width / 3)));
  // A unit stays with its number: "-0,80 €" is one word.
  const words = line.slice(lead.length).split(/ +(?!€)/).filter((w) => w !== '');
  const out: string[] = [];
  let cur = lead;
  let room = width - column;
  for (let word of words) {
    const sep = cur.trim() === '' ? '' : ' ';
    if (len(cur) + len(sep) + len(word) <= room) {
      cur += sep + word;
      continue;
    }
    if (cur.trim() !== '') {
      out.push(cur);
      cur = indent;
      room = width;
    }
    // A word longer than a line is cut, as the terminal would.
    while (len(cur) + len(word) > room) {
      const chars = [...word];
      const take = Math.max(1, room - len(cur));
      out.push(cur + chars.slice(0, take).join(''));
      word = chars.slice(take).join('');
      cur = indent;
      room = width;
    }
    cur += word;
  }
  out.push(cur);
  return out.join('\n');
}

/**
 * Output to a terminal, wrapped at word boundaries to its width (read at each write, so a resized window is
 * followed). Anything else (a pipe, a file) is passed on as it is, unless `COLUMNS` names a width.
 */
export function wrappedOutput(out: NodeJS.WritableStream): NodeJS.WritableStream {
  const tty = out as NodeJS.WriteStream;
  const fixed = Number(process.env.COLUMNS);
  const width = () => (tty.isTTY === true ? tty.columns : Number.isInteger(fixed) && fixed > 0 ? fixed : 0);
  if (width() === 0) return out;
  const wrapped = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      out.write(wrapText(chunk.toString(), width()));
      done();
    },
  });
  return Object.assign(wrapped, { isTTY: tty.isTTY === true, columns: width() });
}
