import { createInterface, type Interface } from 'node:readline';
import type { Result } from '../core/result.js';
import type { Agent } from '../games/agent.js';
import type { GameTypes, NumberedEvent, Seat } from '../games/game.js';

/**
 * Lines from standard input, one at a time, whether a person types them or
 * a pipe delivers them all at once.
 */
export class LineReader {
  private readonly queue: string[] = [];
  private readonly waiting: ((line: string | null) => void)[] = [];
  private closed = false;
  private readonly rl: Interface;

  constructor(input: NodeJS.ReadableStream = process.stdin) {
    this.rl = createInterface({ input, terminal: false });
    this.rl.on('line', (line) => {
      const w = this.waiting.shift();
      if (w) w(line);
      else this.queue.push(line);
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
}

/**
 * A person at the terminal: sees the table as the seat's view shows it and
 * the numbered legal actions; answers with a number or the action's
 * notation, `help` (or `?`) to learn what can be done, `q` to leave. Anything
 * else is explained and asked again.
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
      const listed = legal.length <= LONGEST_MENU;
      o.out.write('\n' + o.render(view, legal) + '\n');
      if (listed) legal.forEach((a, i) => o.out.write(`  ${String(i + 1).padStart(2)}  ${o.describe(view, a)}\n`));
      else o.out.write(`  ${o.help(view, legal).split('\n')[0]}\n`);
      const prompt = listed ? 'Your choice (number or notation; ? for help, q to quit): ' : 'Your choice (notation; ? for help, q to quit): ';
      for (;;) {
        const line = await o.reader.next(prompt, o.out);
        if (line === null) throw new QuitSignal();
        const text = line.trim();
        const lower = text.toLowerCase();
        if (lower === 'q' || lower === 'quit') throw new QuitSignal();
        if (text === '') continue;
        if (lower === '?' || lower === 'help' || lower === 'hilfe') {
          o.out.write(o.help(view, legal) + '\n');
          continue;
        }
        if (/^\d+$/.test(text) && listed) {
          const n = Number(text);
          if (n >= 1 && n <= legal.length) return legal[n - 1];
          o.out.write(`  There is no choice ${n}: pick 1 to ${legal.length}, or ? for help.\n`);
          continue;
        }
        const parsed = o.parse(text);
        if (!parsed.ok) {
          o.out.write(`  ${parsed.error.message}\n`);
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
