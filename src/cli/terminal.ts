import { createInterface, type Interface } from 'node:readline';
import type { Seat } from '../games/game.js';
import type { Agent } from '../games/agent.js';

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

export interface HumanOptions<View, Action> {
  readonly reader: LineReader;
  readonly out: NodeJS.WritableStream;
  readonly render: (view: View, legal: readonly Action[]) => string;
  readonly describe: (view: View, action: Action) => string;
  readonly order: (view: View, legal: readonly Action[]) => readonly Action[];
  readonly format: (action: Action) => string;
  readonly parse: (text: string) => { ok: true; value: Action } | { ok: false; error: { message: string } };
  /** Why the rules refuse this action right now (undefined if they accept it). */
  readonly explain: (seat: Seat, action: Action) => string | undefined;
}

/**
 * A person at the terminal: sees the table as the seat's view shows it and
 * the numbered legal actions; answers with a number or the action's
 * notation. Anything else is explained and asked again.
 */
export function humanAgent<View, Action>(name: string, o: HumanOptions<View, Action>): Agent<View, Action> {
  return {
    name,
    async choose(view, given, seat) {
      const legal = o.order(view, given);
      o.out.write('\n' + o.render(view, legal) + '\n');
      legal.forEach((a, i) => o.out.write(`  ${String(i + 1).padStart(2)}  ${o.describe(view, a)}\n`));
      for (;;) {
        const line = await o.reader.next(`Seat ${seat}, your choice (number or notation, q to quit): `, o.out);
        if (line === null) throw new QuitSignal();
        const text = line.trim();
        if (text === 'q' || text === 'quit') throw new QuitSignal();
        if (text === '') continue;
        if (/^\d+$/.test(text)) {
          const n = Number(text);
          if (n >= 1 && n <= legal.length) return legal[n - 1];
          o.out.write(`  There is no choice ${n}: pick 1 to ${legal.length}.\n`);
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
