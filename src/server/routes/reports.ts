import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AddressAllowance } from '../addressLimits.js';
import { randomId } from '../identity.js';
import { TokenBucket } from '../limits.js';
import { chatLineOf, MODERATION_LIMITS } from '../moderation.js';
import type { AdminContext } from './admin.js';
import { tableReader } from './admin.js';
import { authed, badRequest, failure, refused } from './context.js';

const ReportBody = z
  .object({
    /** The player reported, by name (registered, else the latest guest of it) or id. */
    name: z.string().trim().min(1).max(40).optional(),
    userId: z.string().min(1).max(64).optional(),
    /** A chat line: its table and event number (its writer is the player reported). */
    table: z.string().min(1).max(64).optional(),
    e: z.number().int().min(0).optional(),
    reason: z.string().trim().min(1).max(MODERATION_LIMITS.reasonLength),
  })
  .strict()
  .refine((b) => (b.table === undefined) === (b.e === undefined), 'a chat line is named by its table and its event number e')
  .refine((b) => b.table !== undefined || b.name !== undefined || b.userId !== undefined, 'name the player (name or userId) or the chat line (table and e)');

const HOUR = 3_600_000;

/** Players' reports of a player or of a chat line (any logged-in user, guests too): the admins see them on /admin. */
export const reportRoutes: FastifyPluginAsync<AdminContext> = async (app, ctx) => {
  const mod = ctx.moderation.store;
  // A chat line of a table this process does not hold (it left memory, or another process of a cluster runs it) is
  // read by replaying the table's whole log through its game: a sitting of 1,000 deals (41,000 entries) took the event
  // loop 0.6–1 s per request. Before, nothing bounded these look-ups (a line that is not there is no report, and only
  // reports were counted): one guest asking again and again held up every table of the process. Now they are counted
  // per user, found or not (as many an hour as he may report), and per process (docs/security.md).
  const lookupsPerUser = new AddressAllowance(MODERATION_LIMITS.reportsPerHour / (HOUR / 1000), MODERATION_LIMITS.reportsPerHour);
  const perMinute = ctx.limits.chatLookupsPerMinute;
  const lookups = perMinute > 0 ? new TokenBucket(perMinute / 60, perMinute) : undefined;
  app.post('/api/reports', async (req, reply) => {
    const user = await authed(ctx, req);
    if (!user) return failure(reply, 401, 'unauthorized', 'log in or play as a guest first');
    const body = ReportBody.safeParse(req.body);
    if (!body.success) return badRequest(reply, body.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
    const b = body.data;
    const now = Date.now();
    if ((await mod.reportsSince(user.id, now - HOUR)) >= MODERATION_LIMITS.reportsPerHour) {
      return reply.code(429).header('retry-after', String(HOUR / 1000)).send({ error: { code: 'rateLimited', message: `at most ${MODERATION_LIMITS.reportsPerHour} reports an hour` } });
    }
    let target: { id: string; name: string } | undefined;
    let chat: { table: string; e: number; text: string } | undefined;
    if (b.table !== undefined && b.e !== undefined) {
      const local = ctx.hall.tables.get(b.table)?.state;
      if (!local) {
        const wait = lookupsPerUser.wait(user.id);
        if (wait > 0) return refused(reply, { status: 429, code: 'rateLimited', message: `at most ${MODERATION_LIMITS.reportsPerHour} chat lines of tables that are over looked up an hour`, params: { max: MODERATION_LIMITS.reportsPerHour, wait }, retryAfter: wait });
        if (lookups && !lookups.take()) {
          const again = Math.ceil(60 / perMinute);
          return refused(reply, { status: 503, code: 'busy', message: `the server looks up at most ${perMinute} chat lines of tables that are over a minute; try again shortly`, params: { max: perMinute, wait: again }, retryAfter: again });
        }
        lookupsPerUser.spend(user.id);
      }
      const line = await chatLineOf(tableReader(ctx), ctx.limits, b.table, b.e, local);
      if (!line) return failure(reply, 404, 'notChat', `event ${b.e} is no chat line of table ${b.table}`);
      if (line.hidden) return failure(reply, 409, 'notChat', 'the chat line is hidden already');
      target = { id: line.userId, name: line.name };
      chat = { table: b.table, e: b.e, text: line.text };
    } else {
      target = b.userId !== undefined ? await ctx.store.userById(b.userId) : await ctx.store.findPlayer(b.name!);
      if (!target) return failure(reply, 404, 'unknownPlayer', 'no such player');
    }
    if (target.id === user.id) return badRequest(reply, 'you cannot report yourself');
    const id = randomId();
    await mod.addReport({ id, reporterId: user.id, userId: target.id, tableId: chat?.table ?? null, chatE: chat?.e ?? null, chatText: chat?.text ?? null, reason: b.reason, created: now });
    return { report: id, user: { id: target.id, name: target.name } };
  });
};
