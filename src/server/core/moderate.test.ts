import { describe, expect, it } from 'vitest';
import { formatCard } from '../../cards/notation.js';
import { SeededRng, shuffled } from '../../core/rng.js';
import { gameById } from '../../games/registry.js';
import { resolveRules } from '../../games/ruleBook.js';
import { DEFAULT_LIMITS } from '../limits.js';
import type { ServerMessage, Snapshot } from '../protocol.js';
import { dealState, emptyTable, replay } from './log.js';
import { step } from './step.js';
import type { Command, Effect, LogEntry, Reply, TableContext, TableState } from './types.js';

/** The core's moderation steps (core/moderate.ts): hiding a chat line and closing a table, as pure steps and in the log. */

const module = gameById('schafkopf')!;
const rules = resolveRules(module.game.ruleBook);
if (!rules.ok) throw new Error(rules.error.message);
const ctx: TableContext = {
  id: 'tmod',
  module,
  limits: DEFAULT_LIMITS,
  settings: { game: 'schafkopf', rules: rules.value, seats: 4, public: true, rated: false, clockMs: 1000, botDelayMs: 100, contributionMs: 0, graceMs: 0, length: { deals: 3 } },
};

/** A synchronous shell: the log, what followers were sent, the effects of the last command. */
class Shell {
  state: TableState = emptyTable(ctx);
  readonly log: LogEntry[] = [];
  readonly sent: ServerMessage[] = [];
  last: Effect[] = [];
  private readonly rng = new SeededRng(7);

  run(command: Command): Reply {
    const done = step(ctx, this.state, command, 1_000_000);
    if (!done.reply.ok) return done.reply;
    this.last = [...done.effects];
    const first = done.effects[0];
    if (first?.type === 'commit') this.log.push(...first.entries);
    this.state = done.state;
    for (const e of done.effects) {
      if (e.type === 'send') this.sent.push(e.message);
      if (e.type === 'open') {
        const begun = e.begin ? module.sitting.begin(ctx.settings.rules, this.rng) : undefined;
        this.run({ type: 'opened', commit: { k: 'commit', deal: e.deal, seed: 'ab'.repeat(32), commitment: 'cd'.repeat(32) }, ...(begun ? { begin: { start: begun.start, firstDealer: begun.firstDealer } } : {}) });
      }
      if (e.type === 'shuffle') {
        const pack = module.game.pack(ctx.settings.rules);
        this.run({ type: 'shuffled', deal: e.entry.deal, deck: shuffled(pack.cards, this.rng).map((c) => formatCard(pack, c)), contributions: e.contributions.map((c) => c) });
      }
    }
    return done.reply;
  }
}

describe('moderation steps in the core', () => {
  it('a hidden chat line keeps its number and loses its text; a closed table refuses everything but following and hiding; the log replays both', () => {
    const t = new Shell();
    t.run({ type: 'join', follower: { id: 'f0', userId: 'u0' } });
    for (let seat = 0; seat < 4; seat++) expect(t.run({ type: 'sit', user: { id: `u${seat}`, name: `P${seat}` }, seat }).ok).toBe(true);
    expect(t.state.sitting.phase).toBe('playing');
    expect(t.run({ type: 'chat', user: { id: 'u1', name: 'P1' }, text: 'du Depp' }).ok).toBe(true);
    const e = t.state.sitting.slots.length - 1;
    const seatEvent = 0;

    // Hiding: a new event tells the followers; the line is a chat line without text for whoever joins later.
    expect(t.run({ type: 'hide', e: seatEvent })).toMatchObject({ ok: false, code: 'notChat' });
    expect(t.run({ type: 'hide', e: 10_000 })).toMatchObject({ ok: false, code: 'notChat' });
    t.sent.length = 0;
    expect(t.run({ type: 'hide', e }).ok).toBe(true);
    expect(t.log.at(-1)).toEqual({ k: 'hide', e });
    const news = t.sent.flatMap((m) => (m.type === 'events' ? m.events : []));
    expect(news.map((x) => x.event)).toEqual([{ type: 'chatHidden', e }]);
    expect(t.state.sitting.slots[e]).toEqual({ event: { type: 'chat', name: 'P1', userId: 'u1', text: '', hidden: true } });
    expect(t.run({ type: 'hide', e })).toMatchObject({ ok: false, code: 'notChat' });
    expect(replay(ctx, t.log).sitting).toEqual(t.state.sitting);

    // Closing in the middle of a deal: the commit marks the table finished, and nothing more happens at it.
    expect(t.run({ type: 'chat', user: { id: 'u2', name: 'P2' }, text: 'noch eine' }).ok).toBe(true);
    const second = t.state.sitting.slots.length - 1;
    const acting = module.game.toAct(dealState(t.state.sitting))[0];
    const legal = module.game.legal(dealState(t.state.sitting), acting).map((a) => module.game.formatAction(ctx.settings.rules, a));
    expect(t.run({ type: 'end', reason: 'Streit' }).ok).toBe(true);
    const commit = t.last[0];
    expect(commit).toMatchObject({ type: 'commit', entries: [{ k: 'end', reason: 'Streit' }], finished: true });
    expect(t.last.filter((x) => x.type === 'record')).toEqual([]);
    expect(t.state.sitting).toMatchObject({ phase: 'finished', ended: 'Streit' });
    const refused = [
      { type: 'act', userId: `u${acting}`, cseq: 1, action: legal[0] },
      { type: 'chat', user: { id: 'u1', name: 'P1' }, text: 'hallo' },
      { type: 'again', userId: 'u0' },
      { type: 'sit', user: { id: 'u9', name: 'P9' }, seat: 0 },
      { type: 'stand', userId: 'u0' },
      { type: 'end', reason: 'again' },
      { type: 'botDue', seat: 1, moves: t.state.sitting.moves },
    ] satisfies Command[];
    for (const c of refused) expect(t.run(c), c.type).toMatchObject({ ok: false, code: 'tableClosed' });
    // Following it and hiding its lines still work; a late follower learns why from the snapshot.
    expect(t.run({ type: 'hide', e: second }).ok).toBe(true);
    t.sent.length = 0;
    expect(t.run({ type: 'join', follower: { id: 'f1', userId: 'u5' } }).ok).toBe(true);
    const snap = t.sent.find((m): m is Snapshot => m.type === 'snapshot')!;
    expect(snap).toMatchObject({ phase: 'finished', closed: 'Streit', legal: [], toAct: [] });
    // Rebuilt from the log, the table is closed as it was (a resume starts nothing).
    const rebuilt = replay(ctx, t.log);
    expect(rebuilt.sitting).toEqual(t.state.sitting);
    const resumed = step(ctx, rebuilt, { type: 'resume', recordSaved: false }, 2_000_000);
    expect(resumed.reply.ok).toBe(true);
    expect(resumed.effects.filter((x) => ['commit', 'record', 'open', 'shuffle', 'timer', 'decide'].includes(x.type))).toEqual([]);
  });
});
