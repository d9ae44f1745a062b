import type { FastifyPluginAsync } from 'fastify';
import { GAMES } from '../../games/registry.js';
import { resolveRules } from '../../games/ruleBook.js';
import { infoOf } from '../cluster.js';
import { CreateTable } from '../protocol.js';
import { CreationLimits } from '../creationLimits.js';
import { serverBots } from '../thinking.js';
import { authed, badRequest, failure, type ServerContext } from './context.js';

/** The games on offer, making a table, one table's description, the process's figures. */
export const tableRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { hall, cluster, store } = ctx;
  const creations = new CreationLimits(ctx.limits, (userId) => hall.waitingOf(userId));
  app.get('/api/games', async () => ({
    games: GAMES.map((m) => ({
      id: m.game.id,
      title: m.game.title,
      presets: m.game.ruleBook.presets.map((p) => p.name),
      defaultPreset: m.game.ruleBook.defaultPreset,
      houseRules: m.game.ruleBook.houseRules.map((r) => ({ name: r.name, type: r.type, default: r.default, choices: r.choices, min: r.min, max: r.max })),
      bots: serverBots(m),
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
    const allowed = creations.take(user.id, req.ip);
    if (!allowed.ok) {
      const r = allowed.refusal;
      if (r.retryAfter !== undefined) reply.header('retry-after', String(r.retryAfter));
      return reply.code(r.status).send({ error: { code: r.code, message: r.message, params: r.params } });
    }
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
    const local = hall.tables.get(id);
    const t = local ? infoOf(local) : await cluster?.info(id);
    if (!t) {
      // A table whose sittings are over is no longer kept: its records say it was there.
      const records = await store.recordsOfTable(id);
      if (records.length > 0) return reply.code(410).send({ error: { code: 'tableFinished', message: 'the table is over' }, records });
      return failure(reply, 404, 'unknownTable', 'no such table');
    }
    return { id: t.id, game: t.game, rules: t.rules, seats: t.seats, phase: t.phase, settings: t.settings, records: await store.recordsOfTable(t.id) };
  });
};
