import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { chatLineOf, MODERATION_LIMITS, type Moderation } from '../moderation.js';
import type { ServerMessage } from '../protocol.js';
import type { ModerationStore } from '../store/moderation.js';
import type { UserRow } from '../store/store.js';
import { authed, badRequest, failure, type ServerContext } from './context.js';

/**
 * The admin's API (docs/deploy.md, Moderation): open reports, the audit log,
 * a player's sanctions, mute and ban, lift, close a table, hide a chat line,
 * dismiss a report. Every route answers 401 without a session and 403 to
 * anyone who is not an admin (`stich admin grant NAME`).
 */

const reason = z.string().trim().min(1).max(MODERATION_LIMITS.reasonLength);
const who = { name: z.string().trim().min(1).max(40).optional(), userId: z.string().min(1).max(64).optional() };
const reportId = z.string().min(1).max(64).optional();
const SanctionBody = z
  .object({ ...who, kind: z.enum(['mute', 'ban']), minutes: z.number().positive().max(MODERATION_LIMITS.maxMinutes).nullable(), reason, report: reportId })
  .strict()
  .refine((b) => b.name !== undefined || b.userId !== undefined, 'name the player (name or userId)');
const LiftBody = z
  .object({ ...who, kind: z.enum(['mute', 'ban']), reason })
  .strict()
  .refine((b) => b.name !== undefined || b.userId !== undefined, 'name the player (name or userId)');
const CloseBody = z.object({ reason, report: reportId }).strict();
const HideBody = z.object({ e: z.number().int().min(0), reason, report: reportId }).strict();
const DismissBody = z.object({ reason }).strict();
const Limit = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }).strict();

export interface AdminContext extends ServerContext {
  readonly moderation: Moderation;
}

const issues = (e: z.ZodError) => e.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');

/** The person a body names: by user id, else the registered player of the name, else the latest guest of it. */
async function person(ctx: ServerContext, b: { name?: string; userId?: string }): Promise<UserRow | undefined> {
  if (b.userId !== undefined) return ctx.store.userById(b.userId);
  return ctx.store.findPlayer(b.name!);
}

/**
 * Sends a moderation step to the table's owner (this process, or another in a cluster) and waits for its answer:
 * the table's own queue runs it, so it is logged in order with everything else that happens at the table.
 */
function atTable(ctx: ServerContext, admin: UserRow, m: { type: 'moderate'; table: string; op: 'close' | 'hide'; e?: number; reason: string }): Promise<ServerMessage> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: ServerMessage) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      ctx.router.disconnect(conn);
      resolve(answer);
    };
    const conn = ctx.router.connect(admin, (answer) => {
      if ((answer.type === 'ok' || answer.type === 'error') && (answer.table === undefined || answer.table === m.table)) finish(answer);
    });
    const timer = setTimeout(() => finish({ type: 'error', code: 'internal', message: 'the table did not answer in 10 s; try again' }), 10_000);
    void ctx.router.request(conn, m).catch((e: unknown) => finish({ type: 'error', code: 'internal', message: String(e) }));
  });
}

export const adminRoutes: FastifyPluginAsync<AdminContext> = async (app, ctx) => {
  const { moderation } = ctx;
  const mod: ModerationStore = moderation.store;

  /** The admin of the request, or the reply already sent (401, 403). */
  const admin = async (req: FastifyRequest, reply: FastifyReply): Promise<UserRow | undefined> => {
    const user = await authed(ctx, req);
    if (!user) {
      failure(reply, 401, 'unauthorized', 'log in first');
      return undefined;
    }
    if (!(await moderation.isAdmin(user.id))) {
      failure(reply, 403, 'forbidden', 'only for admins (stich admin grant NAME)');
      return undefined;
    }
    return user;
  };

  const closeReport = async (id: string | undefined, by: UserRow, outcome: string) => {
    if (id !== undefined) await mod.closeReport(id, by.id, outcome, Date.now());
  };

  app.get('/api/admin/me', async (req, reply) => {
    const user = await authed(ctx, req);
    if (!user) return failure(reply, 401, 'unauthorized', 'log in first');
    return { admin: await moderation.isAdmin(user.id) };
  });

  app.get('/api/admin/reports', async (req, reply) => {
    const query = Limit.safeParse(req.query ?? {});
    if (!query.success) return badRequest(reply, issues(query.error));
    if (!(await admin(req, reply))) return reply;
    return { reports: await mod.openReports(query.data.limit) };
  });

  app.get('/api/admin/audit', async (req, reply) => {
    const query = Limit.safeParse(req.query ?? {});
    if (!query.success) return badRequest(reply, issues(query.error));
    if (!(await admin(req, reply))) return reply;
    return { audit: await mod.auditLog(query.data.limit) };
  });

  app.get('/api/admin/players/:name', async (req, reply) => {
    if (!(await admin(req, reply))) return reply;
    const user = await ctx.store.findPlayer((req.params as { name: string }).name.slice(0, 40));
    if (!user) return failure(reply, 404, 'unknownPlayer', 'no such player');
    const s = await moderation.inForce(user.id);
    return { user, admin: await moderation.isAdmin(user.id), mute: s.mute ?? null, ban: s.ban ?? null };
  });

  app.post('/api/admin/sanctions', async (req, reply) => {
    const me = await admin(req, reply);
    if (!me) return reply;
    const body = SanctionBody.safeParse(req.body);
    if (!body.success) return badRequest(reply, issues(body.error));
    const target = await person(ctx, body.data);
    if (!target) return failure(reply, 404, 'unknownPlayer', 'no such player');
    if (target.id === me.id) return badRequest(reply, 'an admin does not mute or ban themselves');
    const sanction = await moderation.sanction(me, target, body.data.kind, body.data.minutes, body.data.reason);
    await closeReport(body.data.report, me, body.data.kind);
    return { sanction, user: target };
  });

  app.post('/api/admin/lift', async (req, reply) => {
    const me = await admin(req, reply);
    if (!me) return reply;
    const body = LiftBody.safeParse(req.body);
    if (!body.success) return badRequest(reply, issues(body.error));
    const target = await person(ctx, body.data);
    if (!target) return failure(reply, 404, 'unknownPlayer', 'no such player');
    const lifted = await moderation.lift(me, target, body.data.kind, body.data.reason);
    if (lifted === 0) return failure(reply, 409, 'notSanctioned', `${target.name} has no ${body.data.kind} in force`);
    return { lifted, user: target };
  });

  app.post('/api/admin/tables/:id/close', async (req, reply) => {
    const me = await admin(req, reply);
    if (!me) return reply;
    const body = CloseBody.safeParse(req.body);
    if (!body.success) return badRequest(reply, issues(body.error));
    const table = (req.params as { id: string }).id.slice(0, 64);
    const answer = await atTable(ctx, me, { type: 'moderate', table, op: 'close', reason: body.data.reason });
    if (answer.type === 'error') {
      if (answer.code === 'unknownTable') return failure(reply, 404, 'unknownTable', 'no running table of this id (a finished table needs no closing)');
      return failure(reply, answer.code === 'tableClosed' ? 409 : 500, String(answer.code), answer.message);
    }
    await mod.audit(moderation.entry(me, 'close-table', body.data.reason, Date.now(), { tableId: table }));
    await closeReport(body.data.report, me, 'close-table');
    return { closed: table };
  });

  app.post('/api/admin/tables/:id/hide', async (req, reply) => {
    const me = await admin(req, reply);
    if (!me) return reply;
    const body = HideBody.safeParse(req.body);
    if (!body.success) return badRequest(reply, issues(body.error));
    const table = (req.params as { id: string }).id.slice(0, 64);
    const line = await chatLineOf(tableReader(ctx), ctx.limits, table, body.data.e, ctx.hall.tables.get(table)?.state);
    if (!line) return failure(reply, 404, 'notChat', `event ${body.data.e} is no chat line of table ${table}`);
    if (line.hidden) return failure(reply, 409, 'notChat', 'the chat line is hidden already');
    const answer = await atTable(ctx, me, { type: 'moderate', table, op: 'hide', e: body.data.e, reason: body.data.reason });
    if (answer.type === 'error' && answer.code !== 'unknownTable') return failure(reply, answer.code === 'notChat' ? 409 : 500, String(answer.code), answer.message);
    // No process runs the table (its sitting is over): the hide entry goes straight to its log, after its last entry.
    if (answer.type === 'error') await ctx.store.commit({ tableId: table, from: line.logLength, entries: [{ k: 'hide', e: body.data.e }] });
    await mod.audit(moderation.entry(me, 'hide-chat', body.data.reason, Date.now(), { tableId: table, userId: line.userId, userName: line.name, detail: `event ${line.e}: ${line.text}` }));
    await closeReport(body.data.report, me, 'hide-chat');
    return { hidden: { table, e: body.data.e } };
  });

  app.post('/api/admin/reports/:id/dismiss', async (req, reply) => {
    const me = await admin(req, reply);
    if (!me) return reply;
    const body = DismissBody.safeParse(req.body);
    if (!body.success) return badRequest(reply, issues(body.error));
    const id = (req.params as { id: string }).id.slice(0, 64);
    const report = await mod.report(id);
    if (!report) return failure(reply, 404, 'unknownReport', 'no such report');
    const closed = await mod.closeReport(id, me.id, 'dismissed', Date.now(), moderation.entry(me, 'dismiss-report', body.data.reason, Date.now(), { userId: report.userId, userName: report.userName, tableId: report.tableId, detail: `report ${id}` }));
    if (!closed) return failure(reply, 409, 'reportClosed', 'the report is closed already');
    return { dismissed: id };
  });
};

/** What reading a chat line needs of the store: a table's row and its log. */
export function tableReader(ctx: ServerContext): Parameters<typeof chatLineOf>[0] {
  return { tableRow: (id) => ctx.store.moderation!.tableRow(id), tableLog: (id) => ctx.store.tableLog(id) };
}
