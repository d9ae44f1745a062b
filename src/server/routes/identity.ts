import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { SESSION_COOKIE, type IdentityResult } from '../identity.js';
import { Credentials, GuestRequest } from '../protocol.js';
import { authed, badRequest, failure, type ServerContext } from './context.js';

/** Sessions: a guest, a registered player, logging in, who am I. */
export const identityRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const session = (result: IdentityResult, reply: FastifyReply) => {
    if (!result.ok) return failure(reply, result.status, result.code, result.message);
    reply.setCookie(SESSION_COOKIE, result.token, { path: '/', httpOnly: true, sameSite: 'lax', secure: false, maxAge: 60 * 60 * 24 * 365 });
    return reply.send({ user: result.user, token: result.token });
  };
  app.post('/api/guest', async (req, reply) => {
    const body = GuestRequest.safeParse(req.body);
    if (!body.success) return badRequest(reply, 'send {"name": "…"} (1 to 40 characters)');
    return session(await ctx.identity.guest(body.data.name), reply);
  });
  app.post('/api/register', async (req, reply) => {
    const body = Credentials.safeParse(req.body);
    if (!body.success) return badRequest(reply, 'send {"name": "…", "password": "…"}: a name of 1 to 40 characters, a password of at least 8');
    return session(await ctx.identity.register(body.data.name, body.data.password), reply);
  });
  app.post('/api/login', async (req, reply) => {
    const body = Credentials.safeParse(req.body);
    if (!body.success) return failure(reply, 401, 'unauthorized', 'unknown name or wrong password');
    const result = await ctx.identity.login(body.data.name, body.data.password);
    // A banned player's right password is answered with the ban, and the session just made ends with it.
    const banned = result.ok ? await ctx.moderation?.refusal(result.user.id, 'login') : undefined;
    if (result.ok && banned) {
      await ctx.moderation!.store.endSessions(result.user.id);
      return reply.code(403).send({ error: { code: banned.code, message: banned.message, params: banned.params } });
    }
    return session(result, reply);
  });
  app.get('/api/me', async (req) => {
    const user = await authed(ctx, req);
    // No session is an answer, not an error: a first visit asks this before anything else.
    return { user: user ?? null };
  });
};
