import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AddressAllowance } from '../addressLimits.js';
import { SESSION_COOKIE, tokenHash, type IdentityResult } from '../identity.js';
import { checkName, nameKey } from '../names.js';
import { Credentials, GuestRequest, LoginRequest, PasswordChange } from '../protocol.js';
import { authed, badRequest, bearerToken, failure, refused, type ServerContext } from './context.js';

/** Sessions: a guest, a registered player, logging in and out, who am I, tickets for the WebSocket (docs/protocol.md). */
export const identityRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { identity } = ctx;
  const cookieOptions = (req: FastifyRequest) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure: req.protocol === 'https', maxAge: Math.floor(identity.options.sessionIdleMs / 1000) });
  const session = (result: IdentityResult, req: FastifyRequest, reply: FastifyReply) => {
    if (!result.ok) return failure(reply, result.status, result.code, result.message);
    reply.setCookie(SESSION_COOKIE, result.token, cookieOptions(req));
    return reply.send({ user: result.user, token: result.token });
  };

  app.post('/api/guest', async (req, reply) => {
    const body = GuestRequest.safeParse(req.body);
    if (!body.success) return badRequest(reply, 'send {"name": "…"} (1 to 40 characters)');
    return session(await identity.guest(body.data.name), req, reply);
  });

  app.post('/api/register', async (req, reply) => {
    const body = Credentials.safeParse(req.body);
    if (!body.success) return badRequest(reply, 'send {"name": "…", "password": "…"}: a name of 1 to 40 characters, a password of 8 to 200');
    return session(await identity.register(body.data.name, body.data.password), req, reply);
  });

  app.post('/api/login', async (req, reply) => {
    const body = LoginRequest.safeParse(req.body);
    if (!body.success) return badRequest(reply, 'send {"name": "…", "password": "…"}');
    const name = checkName(body.data.name);
    if (!name.ok) return failure(reply, 400, 'badName', name.reason);
    const gate = ctx.logins.begin(nameKey(name.name), req.ip);
    if (!gate.ok) return reply.code(429).header('retry-after', String(gate.retryAfterS)).send({ error: { code: 'rateLimited', message: gate.message } });
    let result: IdentityResult | undefined;
    try {
      result = await identity.login(name.name, body.data.password);
    } finally {
      gate.done(result?.ok === true);
    }
    // A banned player's right password is answered with the ban, and the session just made ends with it.
    const banned = result.ok ? await ctx.moderation?.refusal(result.user.id, 'login') : undefined;
    if (result.ok && banned) {
      await ctx.moderation!.store.endSessions(result.user.id);
      return reply.code(403).send({ error: { code: banned.code, message: banned.message, params: banned.params } });
    }
    return session(result, req, reply);
  });

  app.get('/api/me', async (req, reply) => {
    const user = await authed(ctx, req);
    // The cookie lives as long as the session: each visit starts its time again.
    const token = req.cookies?.[SESSION_COOKIE];
    if (user && token) reply.setCookie(SESSION_COOKIE, token, cookieOptions(req));
    // No session is an answer, not an error: a first visit asks this before anything else.
    return { user: user ?? null };
  });

  // Ends this session (cookie or bearer token), or with ?everywhere=1 every session of its user; the cookie is cleared.
  app.post('/api/logout', async (req, reply) => {
    const everywhere = (req.query as Record<string, unknown> | undefined)?.everywhere;
    const token = req.cookies?.[SESSION_COOKIE] ?? bearerToken(req);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    if (everywhere === '1' || everywhere === 'true') {
      const user = await authed(ctx, req);
      if (!user) return failure(reply, 401, 'unauthorized', 'log in first: logging out everywhere needs a session');
      const ended = await identity.logoutEverywhere(user.id);
      // The user's open sockets close too, in every process of a cluster.
      ctx.sockets.sessionsEnded(user.id);
      return { ended };
    }
    if (!token) return { ended: 0 };
    // The sockets opened with this session (its cookie, or tickets bought with it) close too, in every process of a
    // cluster: the table stops acting in the name of who logged out. The user's other sessions keep theirs. Only a
    // session that was there is announced to the other processes (not every invented token a client sends).
    if (await identity.logout(token)) ctx.sockets.sessionEnded(tokenHash(token));
    return { ended: 1 };
  });

  // A registered player's new password (the current one given): every other session of theirs ends. A wrong current
  // password counts against the name and the address as a wrong login does.
  app.post('/api/password', async (req, reply) => {
    const token = req.cookies?.[SESSION_COOKIE] || bearerToken(req);
    const user = token ? await identity.userOfToken(token) : undefined;
    if (!user || !token) return failure(reply, 401, 'unauthorized', 'log in first: changing the password needs a session');
    const body = PasswordChange.safeParse(req.body);
    if (!body.success) return badRequest(reply, 'send {"password": "…", "newPassword": "…"}: the current password and a new one of 8 to 200 characters');
    const gate = ctx.logins.begin(nameKey(user.name), req.ip);
    if (!gate.ok) return reply.code(429).header('retry-after', String(gate.retryAfterS)).send({ error: { code: 'rateLimited', message: gate.message } });
    let result: Awaited<ReturnType<typeof identity.changePassword>> | undefined;
    try {
      result = await identity.changePassword(user, token, body.data.password, body.data.newPassword);
    } finally {
      gate.done(result?.ok === true || (result !== undefined && result.code !== 'unauthorized'));
    }
    if (!result.ok) return failure(reply, result.status, result.code, result.message);
    // The sockets of the sessions that ended close; this session's page keeps its own.
    if (result.ended > 0) ctx.sockets.sessionsEnded(user.id, tokenHash(token));
    return { ended: result.ended };
  });

  // Each ticket is a row in the store until the hourly sweep: before this allowance one client with a session bought
  // 1,280 a second (6.5 MB of database in 5 s, other players' pings at p99 41 ms instead of 2), for as long as it liked.
  // A client needs one per connection it opens (8 at most at once): 20 at once, then one a second (docs/security.md).
  const tickets = new AddressAllowance(ctx.limits.ticketRate, ctx.limits.ticketBurst);

  // A single-use ticket for the WebSocket, for clients other than browsers: POST with Authorization: Bearer TOKEN, then /ws?ticket=….
  app.post('/api/ticket', async (req, reply) => {
    const token = bearerToken(req);
    if (!token) return failure(reply, 401, 'unauthorized', 'send the session token as Authorization: Bearer TOKEN');
    const user = await identity.userOfToken(token);
    if (!user) return failure(reply, 401, 'unauthorized', 'the session has ended or never was: log in again');
    const wait = tickets.wait(user.id);
    if (wait > 0) return refused(reply, { status: 429, code: 'rateLimited', message: `at most ${ctx.limits.ticketBurst} tickets at once, then ${ctx.limits.ticketRate} a second`, params: { max: ctx.limits.ticketBurst, wait }, retryAfter: wait });
    tickets.spend(user.id);
    // The ticket names the session it was bought with: logging out of it ends the ticket too.
    return identity.ticket(user, tokenHash(token));
  });
};
