import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCard } from '../../cards/notation.js';
import { SeededRng, shuffled } from '../../core/rng.js';
import { SPECTATOR } from '../../games/game.js';
import { GAMES } from '../../games/registry.js';
import { resolveRules } from '../../games/ruleBook.js';
import type { AnyGameModule } from '../../games/module.js';
import { DEFAULT_LIMITS } from '../limits.js';
import type { ServerMessage } from '../protocol.js';
import { initialSeats } from '../seats.js';
import { dealState, emptyTable, replay } from './log.js';
import { seatsOf, viewerSeat } from './read.js';
import { step } from './step.js';
import type { Command, Effect, LogEntry, TableContext, TableState, TimerCommand } from './types.js';

/**
 * Properties of the sitting core over random command sequences, for every
 * game: people sitting and standing, actions right and wrong, chat,
 * contributions, connections coming and going (reconnects), clocks, grace
 * periods and contribution deadlines running out, bot decisions arriving in
 * time or too late. A tiny synchronous shell runs the effects as the real one
 * does. After every command: a refused command returned the state it was
 * given and changed nothing; the state given was never changed; at the end,
 * replaying the committed log gives the same sitting, and every game event a
 * follower was sent equals the module's own event for that seat.
 */

const USERS = ['u0', 'u1', 'u2', 'u3', 'u4'];
const FOLLOWERS = [
  { id: 'f0', userId: 'u0' },
  { id: 'f1', userId: 'u1' },
  { id: 'f2', userId: 'u2' },
  { id: 'f3', userId: 'u3' },
  { id: 'f4', userId: 'u4' },
  { id: 'f5', userId: 'u0' },
  { id: 'f6', userId: 'spectator' },
];

interface Sent {
  readonly seat: number;
  readonly message: ServerMessage;
}

function context(module: AnyGameModule, variant: number, expiryMs = 0): TableContext {
  const rules = resolveRules(module.game.ruleBook);
  if (!rules.ok) throw new Error(rules.error.message);
  const seats = module.game.seatCount(rules.value);
  return {
    id: `t${variant}`,
    module,
    // The random sequences run the earliest timer often: a waiting table's expiry would end most of them before play (tested below).
    limits: { ...DEFAULT_LIMITS, waitingExpiryMs: expiryMs },
    settings: {
      game: module.game.id,
      rules: rules.value,
      seats,
      public: true,
      rated: variant % 2 === 0,
      clockMs: variant % 3 === 0 ? 0 : 1000,
      botDelayMs: 100,
      contributionMs: variant % 4 === 1 ? 0 : 500,
      graceMs: variant % 2 === 0 ? 0 : 2000,
      length: { deals: variant % 3 === 2 ? 2 : 1 },
    },
  };
}

/** The core driven by a synchronous shell that keeps the log, the timers, the messages sent and the bot decisions asked for. */
class Harness {
  state: TableState;
  now = 1_000_000;
  readonly log: LogEntry[] = [];
  readonly timers = new Map<string, { at: number; command: TimerCommand }>();
  readonly sent = new Map<string, Sent[]>();
  readonly decisions: { seat: number; moves: number }[] = [];
  refused = 0;
  accepted = 0;
  /** Accepted commands by type, over every run of a property (what the sequences reached). */
  static reached = new Map<string, number>();

  constructor(
    readonly ctx: TableContext,
    readonly rng: SeededRng,
  ) {
    this.state = emptyTable(ctx);
  }

  run(command: Command): void {
    const before = this.state;
    const copy = structuredClone(before);
    const done = step(this.ctx, before, command, this.now);
    // The state given is a value: no command changes it.
    expect(before).toEqual(copy);
    if (!done.reply.ok) {
      this.refused++;
      Harness.reached.set(`refused ${done.reply.code}`, (Harness.reached.get(`refused ${done.reply.code}`) ?? 0) + 1);
      expect(done.state).toBe(before);
      expect(done.effects.every((e) => e.type === 'log')).toBe(true);
      return;
    }
    this.accepted++;
    // One person, one seat: no accepted command seats a user twice (bots are not users).
    const people = done.state.sitting.seats.flatMap((o) => (o.kind === 'human' ? [o.userId] : []));
    expect(new Set(people).size, `seats ${JSON.stringify(done.state.sitting.seats)}`).toBe(people.length);
    Harness.reached.set(command.type, (Harness.reached.get(command.type) ?? 0) + 1);
    if (command.type === 'join' && before.live.gone.length > done.state.live.gone.length) Harness.reached.set('reconnect', (Harness.reached.get('reconnect') ?? 0) + 1);
    if (command.type === 'opened' && command.begin === undefined) Harness.reached.set('nextDeal', (Harness.reached.get('nextDeal') ?? 0) + 1);
    if (done.state.sitting.phase === 'finished' && before.sitting.phase !== 'finished') Harness.reached.set('finished', (Harness.reached.get('finished') ?? 0) + 1);
    const first = done.effects[0];
    if (first?.type === 'commit') {
      expect(first.from).toBe(this.log.length);
      this.log.push(...first.entries);
    }
    expect(done.effects.slice(1).some((e) => e.type === 'commit')).toBe(false);
    this.state = done.state;
    expect(done.events.map((x) => x.e)).toEqual(done.state.sitting.slots.slice(before.sitting.slots.length).map((_, i) => before.sitting.slots.length + i));
    for (const e of done.effects) this.effect(e);
  }

  private effect(e: Effect): void {
    const { game, sitting } = this.ctx.module;
    const rules = this.ctx.settings.rules;
    switch (e.type) {
      case 'send':
        for (const id of e.to) {
          const userId = FOLLOWERS.find((f) => f.id === id)!.userId;
          const list = this.sent.get(id) ?? [];
          list.push({ seat: viewerSeat(this.state.sitting, userId), message: e.message });
          this.sent.set(id, list);
        }
        return;
      case 'timer':
        this.timers.set(e.key, { at: e.at, command: e.command });
        return;
      case 'cancel':
        this.timers.delete(e.key);
        return;
      case 'open': {
        const begun = e.begin ? sitting.begin(rules, this.rng) : undefined;
        const hex = Array.from({ length: 64 }, () => '0123456789abcdef'[this.rng.int(16)]).join('');
        return this.run({ type: 'opened', commit: { k: 'commit', deal: e.deal, seed: hex, commitment: hex }, ...(begun ? { begin: { start: begun.start, firstDealer: begun.firstDealer } } : {}) });
      }
      case 'shuffle': {
        const pack = game.pack(rules);
        const deck = shuffled(pack.cards, this.rng).map((c) => formatCard(pack, c));
        return this.run({ type: 'shuffled', deal: e.entry.deal, deck, contributions: e.contributions.map((c) => c) });
      }
      case 'decide':
        this.decisions.push({ seat: e.seat, moves: e.moves });
        return;
      default:
        return;
    }
  }

  /** The earliest timer runs out. */
  expire(): void {
    const next = [...this.timers].sort((a, b) => a[1].at - b[1].at)[0];
    if (!next) return;
    this.timers.delete(next[0]);
    this.now = Math.max(this.now, next[1].at);
    this.run(next[1].command);
  }
}

/** One random command, chosen by `pick` (numbers from the property's array) against the state as it is. */
function command(h: Harness, pick: () => number): Command | 'expire' {
  const { game } = h.ctx.module;
  const rules = h.ctx.settings.rules;
  const s = h.state.sitting;
  const user = USERS[pick() % USERS.length];
  const held = seatsOf(s, user);
  const running = s.phase === 'playing' && !s.dealEnded;
  // What is likely depends on where the table is: seats first, then contributions, then mostly play.
  const weights = running ? [1, 1, 1, 1, 2, 2, 3, 2, 3, 12] : s.opened ? [1, 1, 1, 6, 2, 2, 3, 1, 1, 0] : [6, 3, 1, 1, 2, 2, 2, 1, 1, 0];
  let r = pick() % weights.reduce((a, b) => a + b, 0);
  let kind = 0;
  while (r >= weights[kind]) r -= weights[kind++];
  switch (kind) {
    case 0: {
      // Mostly someone without a seat, as a table fills with one seat per person; now and then one who has a seat already (refused).
      const free = USERS.filter((u) => seatsOf(s, u).length === 0);
      const who = free.length > 0 && pick() % 4 !== 0 ? free[pick() % free.length] : user;
      return { type: 'sit', user: { id: who, name: who }, seat: pick() % (s.seats.length + 1) };
    }
    case 1:
      return pick() % 4 === 0 ? { type: 'stand', userId: user } : { type: 'again', userId: user };
    case 2:
      h.now += pick() % 3000;
      return { type: 'chat', user: { id: user, name: user }, text: pick() % 5 === 0 ? 'x'.repeat(DEFAULT_LIMITS.chatLength + 1) : 'Servus' };
    case 3: {
      const who = held.length > 0 || pick() % 4 === 0 ? user : ((s.seats.find((o) => o.kind === 'human') as { userId: string } | undefined)?.userId ?? user);
      const deal = s.opened && pick() % 4 !== 0 ? s.opened.deal : pick() % 3;
      return { type: 'contribute', userId: who, deal, contribution: 'ab'.repeat(32), ...(pick() % 3 === 0 ? { seat: pick() % s.seats.length } : {}) };
    }
    case 4:
      return { type: 'join', follower: FOLLOWERS[pick() % FOLLOWERS.length], ...(pick() % 2 === 0 ? { since: (pick() % (s.slots.length + 2)) - 1 } : {}) };
    case 5:
      return { type: 'leave', followerId: FOLLOWERS[pick() % FOLLOWERS.length].id };
    case 6:
      return 'expire';
    case 7:
      // A hint: noted in the log at an unrated table for a seat with a decision, refused otherwise.
      return { type: 'hint', userId: user, ...(pick() % 3 === 0 ? { seat: pick() % s.seats.length } : {}) };
    case 8: {
      const d = h.decisions.splice(pick() % Math.max(1, h.decisions.length), 1)[0];
      if (!d) return 'expire';
      const legal = running ? game.legal(dealState(s), d.seat) : [];
      const action = legal.length > 0 && pick() % 6 !== 0 ? game.formatAction(rules, legal[pick() % legal.length]) : 'nonsense';
      // The shell's bots choose among the legal actions: a refused answer is only a check of the refusal, and the bot
      // still owes its decision (a bot's turn is for the decision, not started again by whatever is logged meanwhile).
      if (action === 'nonsense' && d.moves === s.moves) h.decisions.push(d);
      return { type: 'botAction', seat: d.seat, action, moves: d.moves };
    }
    default: {
      // A person's action: mostly a legal one of a seat the user holds, with the next sequence number.
      const who = held.length > 0 ? user : (s.seats.find((o) => o.kind === 'human') as { userId: string } | undefined)?.userId ?? user;
      const mine = seatsOf(s, who);
      const last = s.cseqs.get(who)?.last ?? 0;
      const cseq = pick() % 8 === 0 ? Math.max(1, last + (pick() % 3) - 1) : last + 1;
      let action = 'nonsense';
      if (running && pick() % 8 !== 0) {
        const state = dealState(s);
        const seats = mine.filter((x) => game.mayAct(state).includes(x));
        const seat = seats.length > 0 ? seats[pick() % seats.length] : mine[0];
        const legal = seat !== undefined ? game.legal(state, seat) : [];
        if (legal.length > 0) action = game.formatAction(rules, legal[pick() % legal.length]);
      }
      return { type: 'act', userId: who, cseq, action };
    }
  }
}

describe('the sitting core', () => {
  for (const module of GAMES) {
    it(`${module.game.id}: refusals change nothing, the log replays to the same sitting, every seat's events are the module's`, () => {
      Harness.reached.clear();
      fc.assert(
        fc.property(fc.nat(7), fc.array(fc.nat(1_000_000), { minLength: 1500, maxLength: 3000 }), fc.nat(), (variant, choices, seed) => {
          const ctx = context(module, variant);
          const h = new Harness(ctx, new SeededRng(seed));
          // Some tables start with bots, as a new table's first seats.
          const words = Array.from({ length: ctx.settings.seats }, (_, i) => (i > 0 && (variant >> i) % 2 === 1 ? 'bot' : 'open'));
          const seats = initialSeats(module, words, ctx.settings.seats);
          if (!seats.ok) throw new Error(seats.message);
          h.run({ type: 'create', seats: seats.seats.flatMap((occ, seat) => (occ.kind === 'bot' ? [{ seat, occ }] : [])) });
          let i = 0;
          const pick = () => choices[i++ % choices.length];
          while (i < choices.length) {
            const c = command(h, pick);
            if (c === 'expire') h.expire();
            else h.run(c);
          }
          // Replaying the log rebuilds the sitting exactly.
          expect(replay(ctx, h.log).sitting).toEqual(h.state.sitting);
          // Every game event sent to a follower is the module's event for the seat it was rendered for.
          const final = h.state.sitting;
          for (const list of h.sent.values()) {
            for (const { seat, message } of list) {
              if (message.type !== 'events') continue;
              for (const { event } of message.events) {
                if (event.type !== 'game') continue;
                const own = module.game.events(final.dealStates[event.deal], seat, event.n)[0];
                expect(own.n).toBe(event.n);
                expect(event.event).toEqual(own.event);
              }
            }
          }
          expect(h.accepted).toBeGreaterThan(0);
        }),
        { seed: 19, numRuns: 6 },
      );
      // The sequences reach what they are meant to test.
      const reached = Harness.reached;
      for (const type of ['sit', 'refused alreadySeated', 'act', 'chat', 'hint', 'contribute', 'shuffled', 'collectOut', 'botDue', 'botAction', 'clockOut', 'graceOut', 'reconnect', 'leave', 'opened', 'nextDeal', 'finished']) {
        expect(reached.get(type) ?? 0, type).toBeGreaterThan(0);
      }
    });
  }

  it('a waiting table without a connected seated person expires; someone seated and here stops the clock, leaving starts it again', () => {
    const ctx = context(GAMES[0], 1, 60_000);
    const h = new Harness(ctx, new SeededRng(4));
    h.run({ type: 'create', seats: [] });
    expect(h.timers.get('expiry')?.at).toBe(h.now + 60_000);
    // A spectator is nobody seated; a seated person who follows the table is.
    h.run({ type: 'join', follower: FOLLOWERS[6] });
    expect(h.timers.has('expiry')).toBe(true);
    h.run({ type: 'join', follower: FOLLOWERS[0] });
    h.run({ type: 'sit', user: { id: FOLLOWERS[0].userId, name: 'A' }, seat: 0 });
    expect(h.timers.has('expiry')).toBe(false);
    h.now += 1000;
    h.run({ type: 'leave', followerId: FOLLOWERS[0].id });
    const until = h.timers.get('expiry')!.at;
    expect(until).toBe(h.now + 60_000);
    // A stale deadline is refused; the right one closes the table and tells the spectator.
    expect(step(ctx, h.state, { type: 'waitOut', until: until - 1 }, until).reply.ok).toBe(false);
    const done = step(ctx, h.state, { type: 'waitOut', until }, until);
    expect(done.reply.ok).toBe(true);
    expect(done.effects.map((e) => e.type)).toEqual(['send', 'expired']);
    expect(done.effects[0]).toMatchObject({ to: [FOLLOWERS[6].id], message: { type: 'error', code: 'tableExpired' } });
    expect(done.state.live.closed).toBe(true);
    // A table that begins is not waiting any more.
    const full = new Harness(ctx, new SeededRng(5));
    full.run({ type: 'create', seats: [] });
    USERS.slice(0, ctx.settings.seats).forEach((u, seat) => full.run({ type: 'sit', user: { id: u, name: u }, seat }));
    expect(full.state.sitting.phase).toBe('playing');
    expect(full.timers.has('expiry')).toBe(false);
  });

  it('one person takes one seat: a second sit by the same user is refused and changes nothing; a bot the user seats is not him', () => {
    const ctx = context(GAMES[0], 1);
    const h = new Harness(ctx, new SeededRng(6));
    h.run({ type: 'create', seats: [] });
    h.run({ type: 'join', follower: FOLLOWERS[0] });
    h.run({ type: 'sit', user: { id: 'u0', name: 'u0' }, seat: 0 });
    const before = h.state;
    const again = step(ctx, before, { type: 'sit', user: { id: 'u0', name: 'u0' }, seat: 1 }, h.now);
    expect(again.reply).toMatchObject({ ok: false, code: 'alreadySeated', params: { seat: 0 } });
    expect(again.state).toBe(before);
    expect(step(ctx, before, { type: 'sit', user: { id: 'u0', name: 'u0' }, seat: 0 }, h.now).reply).toMatchObject({ ok: false, code: 'alreadySeated' });
    // Standing up frees him to sit elsewhere; the bots he seats take the other seats.
    h.run({ type: 'stand', userId: 'u0' });
    h.run({ type: 'sit', user: { id: 'u0', name: 'u0' }, seat: 2 });
    for (const seat of [0, 1]) h.run({ type: 'seatBot', userId: 'u0', seat, bot: 'bot' });
    expect(h.state.sitting.seats.map((o) => o.kind)).toEqual(['bot', 'bot', 'human', 'open']);
  });

  it('a spectator sees the spectator events', () => {
    const module = GAMES[0];
    const ctx = context(module, 1);
    const h = new Harness(ctx, new SeededRng(3));
    h.run({ type: 'join', follower: FOLLOWERS[6] });
    USERS.slice(0, ctx.settings.seats).forEach((u, seat) => h.run({ type: 'sit', user: { id: u, name: u }, seat }));
    expect(h.state.sitting.phase).toBe('playing');
    const spectator = h.sent.get('f6')!.filter((x) => x.message.type === 'events');
    const games = spectator.flatMap((x) => (x.message.type === 'events' ? x.message.events : [])).filter((e) => e.event.type === 'game');
    expect(spectator.every((x) => x.seat === SPECTATOR)).toBe(true);
    expect(games.length).toBe(module.game.events(dealState(h.state.sitting), SPECTATOR, 0).length);
  });
});
