import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { gameById, gameIds } from '../../games/registry.js';
import { isTableMessage } from '../dispatch.js';
import { TokenBucket } from '../limits.js';
import { AddressAllowance } from '../addressLimits.js';
import { ClientMessage, LOBBY_PAGE, type ServerErrorCode, type ServerMessage } from '../protocol.js';
import type { UserRow } from '../store/store.js';
import { SESSION_COOKIE, tokenHash } from '../identity.js';
import { originAllowed } from '../origins.js';
import { authed, bearerToken, failure, type ServerContext } from './context.js';
import { watchLobby } from './lobby.js';
import { BANNED_CLOSE } from '../moderation.js';
import { chatProblem } from '../core/chatText.js';

/** The sockets written to in this turn, held back until its end. */
const corked = new Set<{ cork(): void; uncork(): void }>();

/**
 * Holds a socket's writes until the end of this turn (process.nextTick,
 * after the promise callbacks that follow), so that the messages one step
 * sends to one socket (its events, then the answer to an action) leave in
 * one write instead of one system call each.
 */
function corkTurn(ws: WebSocket): void {
  const raw = (ws as WebSocket & { _socket?: { cork(): void; uncork(): void } })._socket;
  if (!raw || corked.has(raw)) return;
  if (corked.size === 0) process.nextTick(uncorkAll);
  raw.cork();
  corked.add(raw);
}

function uncorkAll(): void {
  const all = [...corked];
  corked.clear();
  for (const raw of all) raw.uncork();
}

/** The table and sequence number a message names, if it can be read at all (for refusals before it is checked). */
function refersTo(data: unknown): { table?: string; cseq?: number } {
  try {
    const m = JSON.parse(String(data)) as { table?: unknown; cseq?: unknown };
    return { table: typeof m.table === 'string' ? m.table.slice(0, 64) : undefined, cseq: typeof m.cseq === 'number' ? m.cseq : undefined };
  } catch {
    return {};
  }
}

export const socketRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  // Hints cost the strong bot's thinking in the worker pool: their own, smaller budget per player, over all his
  // connections (one per connection let a player with 8 connections ask 8 times as many).
  const hints = new AddressAllowance(ctx.limits.hintRate, ctx.limits.hintBurst);
  // Chat lines per player over all tables and connections: a table's own limit let one person write at every table he
  // followed (16 a connection, 8 connections), each line kept in that table's log for good and sent to its followers.
  const chats = new AddressAllowance(ctx.limits.chatRate, ctx.limits.chatBurst);
  // Seat changes likewise: a player sat down and stood up at public waiting tables as fast as his messages went (160 a
  // second over 8 connections), each an entry in that table's log for good.
  const seatings = new AddressAllowance(ctx.limits.seatRate, ctx.limits.seatBurst);
  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (req, reply) => {
        const query = (req.query ?? {}) as Record<string, unknown>;
        let user: UserRow | undefined;
        let session: string | undefined;
        if (query.token !== undefined) {
          return failure(reply, 401, 'unauthorized', 'a token in the URL is not accepted (URLs get logged): exchange it for a ticket with POST /api/ticket and connect to /ws?ticket=…');
        } else if (query.ticket !== undefined) {
          const taken = await ctx.identity.userOfTicket(typeof query.ticket === 'string' ? query.ticket : undefined);
          user = taken?.user;
          session = taken?.session ?? undefined;
          if (!user) return failure(reply, 401, 'unauthorized', 'the ticket is unknown, used or expired: get a new one with POST /api/ticket');
        } else {
          if (req.cookies?.[SESSION_COOKIE] && !originAllowed(req, ctx.origins)) {
            return failure(reply, 403, 'badOrigin', `a WebSocket with the session cookie is opened only from this server's own pages, not from ${String(req.headers.origin).slice(0, 100)}`);
          }
          user = await authed(ctx, req);
          if (!user) return failure(reply, 401, 'unauthorized', 'a session is needed: the cookie (browsers), or a ticket from POST /api/ticket (/ws?ticket=…)');
          session = tokenHash((req.cookies?.[SESSION_COOKIE] || bearerToken(req))!);
        }
        const banned = await ctx.moderation?.refusal(user.id, 'login');
        if (banned) return failure(reply, 403, banned.code, banned.message);
        Object.assign(req, { user, session });
      },
    },
    // A socket is known by its session (the cookie's or bearer token's, or the one its ticket was bought with), so that
    // a new password leaves it open and the ticket for its reconnect names that session too.
    (socket, req) => {
      const { user, session } = req as FastifyRequest & { user: UserRow; session?: string };
      connection(ctx, { hints, chats, seatings }, app.log, socket, user, session);
    },
  );
};

/**
 * The WebSocket connection (docs/protocol.md): a session, rate limits, the
 * protocol's schemas; table messages go to the router (this process's tables,
 * or the cluster's owner of the table). `hints`, `chats`: the allowances per player, shared by his connections.
 */
function connection(ctx: ServerContext, { hints, chats, seatings }: { hints: AddressAllowance; chats: AddressAllowance; seatings: AddressAllowance }, log: { info(o: object, m: string): void; error(o: object, m: string): void }, ws: WebSocket, user: UserRow, session?: string): void {
  const { hall, limits, router } = ctx;
  const acks = ctx.metrics?.acknowledgements();
  // A client that does not read what it is sent (or cannot keep up) would have the server keep it all in memory:
  // past `maxBuffered` bytes waiting to go out, its socket is ended (limits.ts).
  const open = () => {
    if (ws.readyState !== ws.OPEN) return false;
    if (ws.bufferedAmount <= limits.maxBuffered) return true;
    log.info({ user: user.id, buffered: ws.bufferedAmount }, 'socket ended: it does not read what it is sent');
    ws.terminate();
    return false;
  };
  const send = (m: ServerMessage) => {
    acks?.answered(m);
    // A table that is not there (or has ended while it waited) is followed no more.
    if (m.type === 'error' && m.table !== undefined && (m.code === 'unknownTable' || m.code === 'tableExpired')) followed.delete(m.table);
    if (!open()) return;
    corkTurn(ws);
    ws.send(JSON.stringify(m));
  };
  // The lobby sends the same JSON text to many sockets: it is serialised once (lobby.ts).
  const sendText = (text: string) => {
    if (open()) ws.send(text);
  };
  const sub = { userId: user.id, send, sendText };
  const bucket = new TokenBucket(limits.messageRate, limits.messageBurst);
  /** The tables this socket joined and has not left (limits.tablesFollowed). */
  const followed = new Set<string>();
  let strikes = 0;
  const error = (code: ServerErrorCode, message: string, extra: { table?: string; cseq?: number } = {}) => send({ type: 'error', code, message, ...extra });
  if (hall.lobby.connections(user.id) >= limits.connectionsPerUser) {
    error('tooManyConnections', `at most ${limits.connectionsPerUser} connections per player`);
    ws.close(1008, 'too many connections');
    return;
  }
  hall.lobby.connected(user.id, user.name);
  const conn = router.connect(user, send);
  const unlist = ctx.sockets.add(user, ws, router.busy && (() => router.busy!(conn)), session);
  // A ban closes the socket at once (moderation.ts), with the reason first.
  const forget = ctx.moderation?.register(user.id, {
    kick: (ban) => {
      send({ type: 'error', code: ban.code, message: ban.message, params: ban.params });
      ws.close(BANNED_CLOSE, 'banned');
    },
  });
  const build = ctx.clientBuild?.current();
  send({ type: 'hello', user: { id: user.id, name: user.name, guest: user.guest }, ...(build ? { build } : {}), heartbeat: limits.heartbeatMs });

  // The heartbeat: a socket that has not answered the last ping (nor sent anything) by the next one is gone without a
  // word (a phone out of reach), and is ended, so that its seats count as left and the table goes on (limits.ts).
  let heard = true;
  const beat = setInterval(() => {
    if (!heard) return ws.terminate();
    heard = false;
    ws.ping();
  }, limits.heartbeatMs);
  beat.unref();
  ws.on('pong', () => void (heard = true));

  // A client's broken frames are its own fault: noted without alarm (clientErrors.ts).
  ws.on('error', (e) => log.info({ user: user.id, why: String(e) }, 'socket error'));
  ws.on('close', () => {
    clearInterval(beat);
    unlist();
    forget?.();
    router.disconnect(conn);
    hall.lobby.unwatch(sub);
    hall.lobby.disconnected(user.id);
  });
  ws.on('message', (data, isBinary) => {
    heard = true;
    if (!bucket.take()) {
      error('rateLimited', `at most ${limits.messageRate} messages a second`, refersTo(data));
      if (++strikes >= limits.strikes) ws.close(1008, 'flood');
      return;
    }
    strikes = 0;
    if (isBinary) return error('badMessage', 'messages are JSON text');
    let json: unknown;
    try {
      json = JSON.parse(data.toString());
    } catch {
      return error('badJson', 'the message is not valid JSON');
    }
    const parsed = ClientMessage.safeParse(json);
    if (!parsed.success) {
      const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
      const issue = parsed.error.issues[0];
      return error('badMessage', `${typeof type === 'string' ? `"${type.slice(0, 20)}": ` : ''}${issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'malformed'}`);
    }
    if (parsed.data.type === 'hint') {
      if (hints.wait(user.id) > 0) return error('rateLimited', `at most ${limits.hintBurst} hints at once, then one every ${Math.round(1 / limits.hintRate)} s`, { table: parsed.data.table });
      hints.spend(user.id);
    }
    // Counted only for a line the table could take: one it refuses for its length or its characters says so (its table's core).
    if (parsed.data.type === 'chat' && parsed.data.text.length <= limits.chatLength && chatProblem(parsed.data.text) === undefined) {
      if (chats.wait(user.id) > 0) return error('rateLimited', `at most ${limits.chatBurst} chat lines at once, then ${limits.chatRate} a second, over all tables`, { table: parsed.data.table, cseq: 0 });
      chats.spend(user.id);
    }
    if (parsed.data.type === 'sit' || parsed.data.type === 'stand' || parsed.data.type === 'seatBot') {
      if (seatings.wait(user.id) > 0) return error('rateLimited', `at most ${limits.seatBurst} seat changes at once, then ${limits.seatRate} a second, over all tables`, { table: parsed.data.table, cseq: 0 });
      seatings.spend(user.id);
    }
    // Each table followed sends this socket every event of it: a socket follows a bounded number of tables at once.
    if (parsed.data.type === 'join' && !followed.has(parsed.data.table)) {
      if (followed.size >= limits.tablesFollowed) return error('tooManyTables', `a connection follows at most ${limits.tablesFollowed} tables at once: leave one (unjoin) first`, { table: parsed.data.table });
      followed.add(parsed.data.table);
    }
    if (parsed.data.type === 'unjoin') followed.delete(parsed.data.table);
    acks?.asked(parsed.data);
    void inOrder(parsed.data).catch((e: unknown) => {
      log.error({ user: user.id, err: String(e) }, 'message failed');
      error('internal', 'the server could not handle that message');
    });
  });

  // A chat line or a seat waits for the store's word on a mute or ban; what the socket sends after it waits its turn,
  // so that the table gets the socket's messages in the order they came.
  let checks = 0;
  let gate: Promise<unknown> = Promise.resolve();
  const inOrder = (m: ClientMessage): Promise<void> => {
    const checked = (m.type === 'chat' || m.type === 'sit') && ctx.moderation !== undefined;
    if (!checked && checks === 0) return handle(m);
    if (checked) checks++;
    const run = gate.then(() => handle(m)).finally(() => {
      if (checked) checks--;
    });
    gate = run.catch(() => undefined);
    return run;
  };

  const handle = async (m: ClientMessage): Promise<void> => {
    if (m.type === 'ping') return send({ type: 'pong' });
    if (m.type === 'lobby') {
      if (m.game !== undefined && !gameById(m.game)) return error('badMessage', `unknown game ${JSON.stringify(m.game)}; games: ${gameIds().join(', ')}`);
      return watchLobby(ctx, sub, { game: m.game, limit: m.limit ?? LOBBY_PAGE });
    }
    if (m.type === 'unlobby') return hall.lobby.unwatch(sub);
    // Moderation steps come from the admin's HTTP routes, which check the role; never from a socket.
    if (m.type === 'moderate') return error('forbidden', 'moderation goes through /api/admin', { table: m.table, cseq: 0 });
    if ((m.type === 'chat' || m.type === 'sit') && ctx.moderation) {
      const no = await ctx.moderation.refusal(user.id, m.type);
      if (no) return send({ type: 'error', code: no.code, message: no.message, params: no.params, table: m.table, cseq: 0 });
    }
    if (isTableMessage(m)) return router.request(conn, m);
  };
}
