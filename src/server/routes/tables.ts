import type { FastifyPluginAsync } from 'fastify';
import { GAMES } from '../../games/registry.js';
import { resolveRules } from '../../games/ruleBook.js';
import { infoOf } from '../cluster.js';
import { CreateTable } from '../protocol.js';
import { GoneTables } from '../goneTables.js';
import type { LogEntry } from '../core/types.js';
import { StoreError } from '../store/store.js';
import type { FastifyReply } from 'fastify';
import { CreationLimits } from '../creationLimits.js';
import { RATED_NEEDS_ACCOUNT } from '../ratings.js';
import { COMPARISON_LEVELS, playerBots, serverBots } from '../thinking.js';
import { authed, badRequest, failure, redisOutOfReach, refused, type ServerContext } from './context.js';

const TABLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The games on offer, making a table, one table's description, the process's figures. */
export const tableRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { hall, cluster, store } = ctx;
  const creations = new CreationLimits(ctx.limits, (userId) => hall.waitingOf(userId), (userId) => hall.botTablesOf(userId));
  const gone = new GoneTables(store, ctx.limits);
  app.get('/api/games', async () => ({
    games: GAMES.map((m) => ({
      id: m.game.id,
      title: m.game.title,
      presets: m.game.ruleBook.presets.map((p) => p.name),
      defaultPreset: m.game.ruleBook.defaultPreset,
      houseRules: m.game.ruleBook.houseRules.map((r) => ({ name: r.name, type: r.type, default: r.default, choices: r.choices, min: r.min, max: r.max })),
      /** The bots offered to players; `comparisonBots` are seated too when asked for by name (docs/protocol.md). */
      bots: playerBots(m),
      comparisonBots: serverBots(m).filter((b) => COMPARISON_LEVELS.includes(b)),
      /** The seats with each preset's rules (a house rule such as Karnöffel's players may change it). */
      presetSeats: Object.fromEntries(
        m.game.ruleBook.presets.map((p) => {
          const r = resolveRules(m.game.ruleBook, p.name);
          return [p.name, r.ok ? m.game.seatCount(r.value) : null];
        }),
      ),
      seats: (() => {
        const r = resolveRules(m.game.ruleBook);
        return r.ok ? m.game.seatCount(r.value) : null;
      })(),
      unit: m.sitting.unit,
    })),
  }));
  app.post('/api/tables', async (req, reply) => {
    const user = await authed(ctx, req);
    if (!user) return failure(reply, 401, 'unauthorized', 'log in or play as a guest first');
    const body = CreateTable.safeParse(req.body);
    if (!body.success) return badRequest(reply, body.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
    // Ratings and the leaderboard are for names that last: a guest plays unrated (a guest name is anybody's tomorrow).
    if (body.data.rated && user.guest) return failure(reply, 403, 'notRegistered', RATED_NEEDS_ACCOUNT);
    // Every seat a bot: the table plays by itself at once (its own limit, not the waiting tables').
    const botsOnly = body.data.seats !== undefined && body.data.seats.length > 0 && body.data.seats.every((w) => w !== 'open');
    const allowed = creations.take(user.id, req.ip, botsOnly);
    if (!allowed.ok) return refused(reply, allowed.refusal);
    const made = await hall.create(body.data, ctx.tableDefaults, user.id).finally(allowed.done);
    if (!made.ok) return badRequest(reply, made.message, made.code);
    const t = made.table;
    return { id: t.id, invite: `/table/${t.id}`, game: t.settings.game, rules: t.rules, seats: t.publicSeats(), public: t.settings.public };
  });
  app.get('/api/stats', async () => {
    const mem = process.memoryUsage();
    return { tables: hall.tables.size, rss: mem.rss, heapUsed: mem.heapUsed, uptime: process.uptime(), ...(cluster ? { node: cluster.id } : {}) };
  });
  app.get('/api/tables/:id', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    if (!TABLE_ID.test(id)) return failure(reply, 404, 'unknownTable', 'no such table');
    const local = hall.tables.get(id);
    let t;
    try {
      t = local ? infoOf(local) : await cluster?.info(id);
    } catch {
      // A table of another process is described in Redis: out of reach for now.
      return redisOutOfReach(reply);
    }
    if (!t) {
      // A table that left memory (over, or expired while it waited) answers from the store: its records, and how to play again.
      const g = await gone.get(id);
      if (!g || g === 'running') return failure(reply, 404, 'unknownTable', g ? 'the table is not running at the moment; try again' : 'no such table');
      const next = await gone.openNext(g);
      const error = g.closed
        ? { code: 'tableClosed', message: 'a moderator closed this table' }
        : g.records.length > 0
          ? { code: 'tableFinished', message: 'the table is over' }
          : { code: 'tableExpired', message: 'nobody sat at this table while it waited: it is closed' };
      return reply.code(410).send({ error, records: g.records, game: g.game, ...(g.again ? { again: g.again } : {}), ...(next ? { next } : {}) });
    }
    return { id: t.id, game: t.game, rules: t.rules, seats: t.seats, phase: t.phase, settings: t.settings, records: await store.recordsOfTable(t.id) };
  });

  /**
   * "Play again" at a table that has left memory, by one who sat at it: the first such request opens the follow-up
   * table (the 410's `again`) and the table's log remembers it; every later one, from any process, is led to that
   * follow-up while it has not ended. Requests for one table are taken one after the other in this process; between
   * processes the log's single writer decides (the loser's new table is let go).
   */
  const inFlight = new Map<string, Promise<unknown>>();
  app.post('/api/tables/:id/again', async (req, reply) => {
    const user = await authed(ctx, req);
    if (!user) return failure(reply, 401, 'unauthorized', 'log in or play as a guest first');
    const id = (req.params as { id: string }).id;
    if (!TABLE_ID.test(id)) return failure(reply, 404, 'unknownTable', 'no such table');
    const before = inFlight.get(id) ?? Promise.resolve();
    const mine = before.then(
      () => playAgain(user, id, req.ip, reply),
      () => playAgain(user, id, req.ip, reply),
    );
    inFlight.set(id, mine);
    try {
      return await mine;
    } finally {
      if (inFlight.get(id) === mine) inFlight.delete(id);
    }
  });

  async function playAgain(user: { id: string; name: string; guest: boolean }, id: string, ip: string, reply: FastifyReply): Promise<unknown> {
    let running;
    try {
      running = hall.tables.has(id) || (await cluster?.info(id)) !== undefined;
    } catch {
      return redisOutOfReach(reply);
    }
    if (running) return failure(reply, 409, 'tableOpen', 'the table is still open: send `again` on the socket');
    // What the link shows (read from the store at most every few seconds, goneTables.ts): a follow-up open, who played.
    const seen = await gone.get(id);
    if (!seen || seen === 'running') return failure(reply, 404, 'unknownTable', 'no such table');
    const open = await gone.openNext(seen);
    if (open) return { ...open, created: false };
    // Only one who played at the table leads its players on (a stranger with the link opens a table of his own, and so
    // does one who sat down at the public table while it waited and got up before the sitting began).
    if (!seen.players.has(user.id)) return failure(reply, 403, 'notSeated', 'only a player of the table opens its next table');
    const allowed = creations.take(user.id, ip);
    if (!allowed.ok) return refused(reply, allowed.refusal);
    try {
      // The log as it is now, for the entry to follow it (another process may have opened the follow-up meanwhile).
      const g = await gone.get(id, true);
      if (!g || g === 'running') return failure(reply, 404, 'unknownTable', 'no such table');
      const now = await gone.openNext(g);
      if (now) return { ...now, created: false };
      if (!g.again) return failure(reply, 404, 'unknownTable', 'the table\'s game is not offered any more');
      // A guest's table is unrated (a guest may not open a rated one).
      const body = user.guest ? { ...g.again, rated: false } : g.again;
      // Made (or not): from here it counts as a waiting table of the user, not as one being made.
      const made = await hall.create(body, ctx.tableDefaults, user.id).finally(allowed.done);
      if (!made.ok) return badRequest(reply, made.message, made.code);
      const next = { id: made.table.id, by: { id: user.id, name: user.name } };
      try {
        await store.commit({ tableId: id, from: g.logLength, entries: [{ k: 'next', table: next.id, userId: user.id, name: user.name } satisfies LogEntry] });
      } catch (e) {
        if (!(e instanceof StoreError && e.code === 'logConflict')) throw e;
        // Another process opened the follow-up first: that is where this player goes too.
        await hall.discard(made.table);
        const won = await gone.get(id, true);
        const theirs = won && won !== 'running' ? await gone.openNext(won) : undefined;
        if (!theirs) return failure(reply, 409, 'internal', 'the table changed meanwhile; try again');
        return { ...theirs, created: false };
      }
      gone.noted(id, g, next);
      return { ...next, created: true };
    } finally {
      // A request that ended before a table was made (done is called once).
      allowed.done();
    }
  }
};

/** A creation refused by its limits, with Retry-After when it has one. */

