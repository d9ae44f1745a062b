import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

type Child = ChildProcess & { stdin: Writable; stdout: Readable };
import { createInterface } from 'node:readline';
import type { Agent } from '../games/agent.js';
import type { GameTypes, NumberedEvent, Seat } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import type { SubstitutionReason } from '../records/record.js';

/**
 * An outside program at the table, speaking the bot protocol of
 * docs/bot-protocol.md: JSON lines over its standard input and output. One
 * process serves one player for a whole sitting (or one arena slot across
 * decks and seatings); every message names the seat. A decision it does not
 * answer in time, answers with something unreadable or illegal, or cannot
 * answer because it died, is made by the fallback agent, logged and
 * reported through `onSubstitute`. A process that died stays dead: the
 * fallback decides for it from then on.
 */
export interface ProgramOptions<T extends GameTypes> {
  /** The command line, without "exec:" ("node examples/random-bot.mjs"). */
  readonly command: string;
  readonly module: GameModule<T>;
  readonly rules: T['rules'];
  /** Time per decision in milliseconds. */
  readonly thinkMs: number;
  /** One line per problem, for the log (standard error). */
  readonly log: (line: string) => void;
  readonly onSubstitute?: (seat: Seat, reason: SubstitutionReason) => void;
  /** Where the program's own standard error goes (default: inherited). */
  readonly stderr?: 'inherit' | 'ignore';
}

export const PROTOCOL_VERSION = 1;

/** Splits a command line into words: spaces separate, double or single quotes group, backslash escapes. No shell is involved. */
export function commandWords(line: string): string[] {
  const words: string[] = [];
  let cur = '';
  let any = false;
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === '\\' && quote === '"' && i + 1 < line.length) cur += line[++i];
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      any = true;
    } else if (ch === '\\' && i + 1 < line.length) {
      cur += line[++i];
      any = true;
    } else if (/\s/.test(ch)) {
      if (any || cur) words.push(cur);
      cur = '';
      any = false;
    } else {
      cur += ch;
      any = true;
    }
  }
  if (any || cur) words.push(cur);
  return words;
}

interface Pending {
  readonly id: number;
  resolve(answer: { line: string } | { reason: 'timeout' | 'crashed' }): void;
}

export class ProgramPlayer<T extends GameTypes> {
  private readonly child: Child | undefined;
  private dead = false;
  private deathNoted = false;
  private nextId = 1;
  private pending: Pending | undefined;
  private readonly label: string;
  private closed = false;

  constructor(private readonly o: ProgramOptions<T>) {
    this.label = `exec:${o.command}`;
    const words = commandWords(o.command);
    if (words.length === 0) {
      this.dead = true;
      o.log(`${this.label}: no command to run`);
      return;
    }
    let child: Child;
    try {
      child = spawn(words[0], words.slice(1), { stdio: ['pipe', 'pipe', o.stderr ?? 'inherit'] }) as unknown as Child;
    } catch (e) {
      this.dead = true;
      o.log(`${this.label}: cannot start: ${(e as Error).message}`);
      return;
    }
    this.child = child;
    child.on('error', (e) => this.die(`cannot run: ${e.message}`));
    child.on('exit', (code, signal) => this.die(signal ? `ended by signal ${signal}` : `exited with status ${code}`));
    child.stdin.on('error', () => this.die('closed its input'));
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => this.answer(line));
    this.send({ type: 'hello', protocol: PROTOCOL_VERSION, game: o.module.game.id, rules: o.rules, seats: o.module.game.seatCount(o.rules), timeMs: o.thinkMs });
  }

  private die(why: string): void {
    if (this.dead && this.deathNoted) return;
    this.dead = true;
    if (!this.closed && !this.deathNoted) this.o.log(`${this.label}: ${why}; the easy bot plays for it from now on`);
    this.deathNoted = true;
    const p = this.pending;
    this.pending = undefined;
    p?.resolve({ reason: 'crashed' });
  }

  private send(message: unknown): void {
    if (this.dead || !this.child) return;
    try {
      this.child.stdin.write(JSON.stringify(message) + '\n');
    } catch (e) {
      this.die(`cannot be written to: ${(e as Error).message}`);
    }
  }

  private answer(line: string): void {
    const p = this.pending;
    if (!p) {
      if (line.trim() !== '') this.o.log(`${this.label}: ignored a line sent while no decision was asked (late?): ${line.slice(0, 80)}`);
      return;
    }
    let id: unknown;
    try {
      const json: unknown = JSON.parse(line);
      if (typeof json === 'object' && json !== null) id = (json as { id?: unknown }).id;
    } catch {
      /* malformed: handled by the caller */
    }
    if (id !== undefined && id !== p.id) {
      this.o.log(`${this.label}: ignored an answer to decision ${JSON.stringify(id).slice(0, 20)} while waiting for decision ${p.id} (late)`);
      return;
    }
    this.pending = undefined;
    p.resolve({ line });
  }

  /** The agent for one seat (the seat comes with every decision): asks the program, falls back to `fallback` on any failure. */
  agent(_seat: Seat, fallback: Agent<T>, name = this.label): Agent<T> {
    const { game } = this.o.module;
    const rules = this.o.rules;
    return {
      name,
      kind: 'program',
      observe: (events: readonly NumberedEvent<T['event']>[], s: Seat) => {
        this.send({ type: 'events', seat: s, events });
      },
      choose: async (view, legal, s) => {
        const words = legal.map((a) => game.formatAction(rules, a));
        const substitute = (reason: SubstitutionReason, detail: string) => {
          if (reason !== 'crashed' || !this.deathNoted || detail !== '') this.o.log(`${this.label} at seat ${s + 1}: ${detail || reason}; the easy bot decides instead`);
          this.o.onSubstitute?.(s, reason);
          return fallback.choose(view, legal, s);
        };
        if (this.dead) return substitute('crashed', '');
        const id = this.nextId++;
        const answer = await new Promise<{ line: string } | { reason: 'timeout' | 'crashed' }>((resolve) => {
          const timer = setTimeout(() => {
            if (this.pending?.id === id) this.pending = undefined;
            resolve({ reason: 'timeout' });
          }, this.o.thinkMs);
          this.pending = {
            id,
            resolve: (a) => {
              clearTimeout(timer);
              resolve(a);
            },
          };
          this.send({ type: 'decide', id, seat: s, view, legal: words, timeMs: this.o.thinkMs });
        });
        if ('reason' in answer) {
          return answer.reason === 'timeout' ? substitute('timeout', `no answer within ${this.o.thinkMs} ms`) : substitute('crashed', '');
        }
        let text: unknown;
        try {
          const json: unknown = JSON.parse(answer.line);
          text = typeof json === 'string' ? json : typeof json === 'object' && json !== null ? (json as { action?: unknown }).action : undefined;
        } catch {
          text = undefined;
        }
        if (typeof text !== 'string') return substitute('malformed', `the answer ${JSON.stringify(answer.line.slice(0, 80))} is not {"id": ${id}, "action": "…"}`);
        const parsed = game.parseAction(rules, text);
        if (!parsed.ok) return substitute('illegal', `${JSON.stringify(text.slice(0, 40))}: ${parsed.error.message}`);
        const i = words.indexOf(game.formatAction(rules, parsed.value));
        if (i < 0) return substitute('illegal', `${JSON.stringify(text.slice(0, 40))} is not legal now (legal: ${words.join(', ')})`);
        return legal[i];
      },
    };
  }

  /** Says goodbye, closes its input and ends the process if it does not end by itself within half a second. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.send({ type: 'bye' });
    child.stdin.end();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 500);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
