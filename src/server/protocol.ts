import { z } from 'zod';
import type { ErrorCode, ErrorParams } from '../core/result.js';

/**
 * The protocol (docs/protocol.md), defined once: zod schemas of every message
 * a client sends and every message the server sends, with the types inferred
 * from them. The server checks what comes in with them; the browser client
 * imports the types.
 */

const tableId = z.string().min(1).max(64);
/** The most tables one lobby follower may ask to see (in pages of LOBBY_PAGE). */
export const LOBBY_MAX = 100;
export const LOBBY_PAGE = 50;
/** The client's own sequence number of an action: 1, 2, 3, … per table. */
const cseq = z.number().int().min(1).max(2 ** 31);

export const ClientMessage = z.discriminatedUnion('type', [
  /** Subscribes to a table: a snapshot, then the events after `since` (the last number the client has; omit for none). */
  z.object({ type: z.literal('join'), table: tableId, since: z.number().int().min(-1).optional() }).strict(),
  /** Takes an open seat (before the sitting starts). */
  z.object({ type: z.literal('sit'), table: tableId, seat: z.number().int().min(0).max(16) }).strict(),
  /** Gives up one's seat before the sitting starts; during a sitting a bot plays for the seat. */
  z.object({ type: z.literal('stand'), table: tableId }).strict(),
  /** Stops receiving a table's events. */
  z.object({ type: z.literal('unjoin'), table: tableId }).strict(),
  /** An action in the game's notation. */
  z.object({ type: z.literal('act'), table: tableId, cseq, action: z.string().min(1).max(200), seat: z.number().int().min(0).max(16).optional() }).strict(),
  z.object({ type: z.literal('chat'), table: tableId, text: z.string().min(1).max(10_000) }).strict(),
  /**
   * A seat's random contribution to the shuffle of deal `deal` (docs/fairness.md), sent after the deal's
   * commitment and before its cards are dealt: 64 lowercase hex digits. Without `seat` it counts for every seat
   * the sender holds that has none yet.
   */
  z
    .object({
      type: z.literal('contribute'),
      table: tableId,
      deal: z.number().int().min(0).max(0xffffffff),
      contribution: z.string().regex(/^[0-9a-f]{64}$/, 'a contribution is 64 lowercase hex digits (32 random bytes)'),
      seat: z.number().int().min(0).max(16).optional(),
    })
    .strict(),
  /**
   * At a waiting table its creator puts a bot on an open seat (`bot`: "bot" for the game's default bot, or one of
   * its bots from GET /api/games) or takes a bot off a seat (`bot`: null). A full table starts at once.
   */
  z.object({ type: z.literal('seatBot'), table: tableId, seat: z.number().int().min(0).max(16), bot: z.string().min(1).max(40).nullable() }).strict(),
  /**
   * Asks for a hint (issue 22) at an unrated table: the strong bot's choice and its estimate of each legal action,
   * from the seat's own view only; answered with `hintResult`. Rated tables refuse it (`noHints`). `seat`: which of
   * the sender's seats (default: the first that has a decision now). The record notes every hint taken.
   */
  z.object({ type: z.literal('hint'), table: tableId, seat: z.number().int().min(0).max(16).optional() }).strict(),
  /** Starts another sitting at a table whose sitting is over, with the same seats. */
  z.object({ type: z.literal('again'), table: tableId }).strict(),
  /**
   * A moderation step at a table (close it, or hide the chat line of event `e`). Sent only by the server to itself
   * (POST /api/admin/…, which checks the admin role, routes it to the table's owner in a cluster); a socket's is refused.
   */
  z
    .object({ type: z.literal('moderate'), table: tableId, op: z.enum(['close', 'hide']), e: z.number().int().min(0).optional(), reason: z.string().min(1).max(500) })
    .strict(),
  /**
   * Follows the lobby: the newest `limit` open public tables (default 50, at most 100), of one game or of all, and who is
   * online; first as a `lobby` message, then only what changed (`lobbyDiff`). Sent again, it changes the page.
   */
  z.object({ type: z.literal('lobby'), game: z.string().min(1).max(40).optional(), limit: z.number().int().min(1).max(LOBBY_MAX).optional() }).strict(),
  /** Stops following the lobby. */
  z.object({ type: z.literal('unlobby') }).strict(),
  z.object({ type: z.literal('ping') }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/*
 * What the server sends: zod schemas too, and the types inferred from them.
 * The browser client imports these types (src/web/client/net.ts); tests and
 * tools may check a message with the schema (`ServerMessage.parse`).
 */

const seatNo = z.number().int();
const strings = z.array(z.string()).readonly();

/** What a seat at a table is, as everyone may see it. */
export const PublicSeat = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open') }).readonly(),
  /** `guest`: a guest, not a registered player (absent for registered players and at tables logged before it was kept). */
  z.object({ kind: z.literal('human'), name: z.string(), userId: z.string(), away: z.boolean(), guest: z.boolean().optional() }).readonly(),
  z.object({ kind: z.literal('bot'), name: z.string(), bot: z.string() }).readonly(),
]);
export type PublicSeat = z.infer<typeof PublicSeat>;

/** A deal's commitment: SHA-256 of its secret seed and context (docs/fairness.md). */
export const FairCommitment = z.object({ context: z.object({ game: z.string(), table: z.string(), deal: z.number().int() }).readonly(), commitment: z.string() }).readonly();
export type FairCommitment = z.infer<typeof FairCommitment>;

/** After the deal: the seed, one contribution per seat (null: substituted) and the deck that was dealt, as card codes. */
export const FairReveal = z.object({ ...FairCommitment.unwrap().shape, seed: z.string(), contributions: z.array(z.string().nullable()).readonly(), deck: strings }).readonly();
export type FairReveal = z.infer<typeof FairReveal>;

/** What a chat line says, in its event and in a snapshot's last lines. */
const chatLine = { name: z.string(), userId: z.string(), text: z.string(), hidden: z.literal(true).optional() };

/** Table events: numbered in one sequence per table with the game's events. */
export const TableEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('seat'), seat: seatNo, occupant: PublicSeat }).readonly(),
  z.object({ type: z.literal('sittingStart'), sitting: z.number().int(), firstDealer: seatNo, players: strings }).readonly(),
  /** The deal's first event; `fair` is its commitment, published before any contribution is taken (absent in tables logged before fair deals). */
  z.object({ type: z.literal('dealStart'), deal: z.number().int(), dealer: seatNo, fair: FairCommitment.optional() }).readonly(),
  /** The cards of a fair deal are out: its contributions are in (or substituted) and the deck is shuffled. */
  z.object({ type: z.literal('dealt'), deal: z.number().int() }).readonly(),
  /** One event of the game, redacted for the receiving seat by the game's `events`. */
  z.object({ type: z.literal('game'), deal: z.number().int(), n: z.number().int(), event: z.unknown() }).readonly(),
  /** `fair` reveals the deal's seed, every contribution and the deck, for anyone to verify (docs/fairness.md). */
  z.object({ type: z.literal('dealEnd'), deal: z.number().int(), outcome: z.unknown(), sheet: z.unknown(), unitComplete: z.boolean(), fair: FairReveal.optional() }).readonly(),
  /** `outcomes`: the sitting's deals, in order, for its Spielzettel (absent in events of tables logged before it). */
  z.object({ type: z.literal('sittingEnd'), sitting: z.number().int(), record: z.string(), sheet: z.unknown(), totals: z.array(z.number()).readonly(), outcomes: z.array(z.unknown()).readonly().optional() }).readonly(),
  /** A chat line; `hidden` (and no text) when a moderator hid it. */
  z.object({ type: z.literal('chat'), ...chatLine }).readonly(),
  /** A moderator hid the chat line of event `e`: the client removes its text. */
  z.object({ type: z.literal('chatHidden'), e: z.number().int() }).readonly(),
  /** A moderator closed the table: nothing more happens at it. */
  z.object({ type: z.literal('closed'), reason: z.string() }).readonly(),
]);
export type TableEvent = z.infer<typeof TableEvent>;

export const NumberedTableEvent = z
  .object({
    /** The table's event number: 0, 1, 2, … without gaps. */
    e: z.number().int(),
    event: TableEvent,
  })
  .readonly();
export type NumberedTableEvent = z.infer<typeof NumberedTableEvent>;

/** A running clock: at `deadline` (ms since the epoch) a bot acts for the seat. */
export const Clock = z.object({ seat: seatNo, deadline: z.number() }).readonly();
export type Clock = z.infer<typeof Clock>;

/** A seated person without a connection, in the grace period: a bot plays for the seat from `until` on (ms since the epoch). */
export const Disconnected = z.object({ seat: seatNo, until: z.number() }).readonly();
export type Disconnected = z.infer<typeof Disconnected>;

export const PublicSettings = z
  .object({
    public: z.boolean(),
    rated: z.boolean(),
    clockMs: z.number(),
    botDelayMs: z.number(),
    /** How long the server waits for the seats' contributions to a deal before it substitutes the missing ones. */
    contributionMs: z.number(),
    length: z.union([z.object({ deals: z.number() }), z.object({ units: z.number() })]),
    /** How long a seated person may be without a connection before a bot plays for the seat (older tables: the default). */
    graceMs: z.number().optional(),
    /** The user who opened the table (absent for older tables): only they put bots on its seats or take them off while it waits. */
    creator: z.string().optional(),
  })
  .readonly();
export type PublicSettings = z.infer<typeof PublicSettings>;

const phase = z.enum(['waiting', 'playing', 'finished']);

export const Snapshot = z
  .object({
    type: z.literal('snapshot'),
    table: z.string(),
    game: z.string(),
    rules: z.unknown(),
    settings: PublicSettings,
    /** The seat of the receiver, or -1 for a spectator. */
    seat: seatNo,
    seats: z.array(PublicSeat).readonly(),
    phase,
    sitting: z.number().int(),
    deal: z.number().int(),
    dealer: seatNo.nullable(),
    /** The game's view for this seat (or the spectator's), null between sittings. */
    view: z.unknown(),
    /** The seat's legal actions now, in the game's notation. */
    legal: strings,
    toAct: z.array(seatNo).readonly(),
    clocks: z.array(Clock).readonly(),
    /** Seats whose holder lost the connection and is in the grace period. */
    disconnected: z.array(Disconnected).readonly(),
    sheet: z.unknown(),
    /** The outcomes of the sitting's finished deals, in order (each was public in its dealEnd event): the Spielzettel. */
    outcomes: z.array(z.unknown()).readonly(),
    /** The number of the last event so far (-1 for none): events after it follow. */
    last: z.number().int(),
    /** The last client sequence number the server accepted from this user at this table (0 for none). */
    cseq: z.number().int(),
    /**
     * The commitment of the deal being dealt or played (null between sittings and at tables logged before fair
     * deals); `collecting` while the server takes contributions, `contributed` whether the receiver's seat sent one.
     */
    fair: z.object({ ...FairCommitment.unwrap().shape, collecting: z.boolean(), contributed: z.boolean() }).readonly().nullable(),
    /** Present when a moderator closed the table: the reason (nothing more happens at it). */
    closed: z.string().optional(),
    /**
     * In the snapshot of a first join (without `since`) only: the sitting's last chat lines (at most `CHAT_IN_SNAPSHOT`,
     * oldest first, each with its event number; a hidden one without its text), so that a page opened again shows them.
     */
    chat: z.array(z.object({ e: z.number().int(), ...chatLine }).readonly()).readonly().optional(),
  })
  .readonly();
/** Chat lines a first join's snapshot brings at most. */
export const CHAT_IN_SNAPSHOT = 30;
export type Snapshot = z.infer<typeof Snapshot>;

/** The server's own error codes, beside the rules' (src/core/result.ts). */
export const SERVER_ERRORS = ['badMessage', 'tooLarge', 'rateLimited', 'tooManyConnections', 'unauthorized', 'unknownTable', 'notSeated', 'seatTaken', 'alreadySeated', 'notJoined', 'badSequence', 'duplicateSequence', 'notPlaying', 'chatTooLong', 'badChat', 'notCollecting', 'duplicateContribution', 'notCreator', 'notWaiting', 'tableClosed', 'notChat', 'muted', 'banned', 'forbidden', 'noHints', 'noDecision', 'tooManyBots', 'tooManyWaiting', 'tooManyBotTables', 'tooManyTables', 'tooManyGuests', 'tooManyAccounts', 'tableExpired', 'notRegistered', 'internal'] as const;
export const ServerErrorCode = z.union([z.enum(SERVER_ERRORS), z.custom<ErrorCode>((v) => typeof v === 'string')]);
export type ServerErrorCode = z.infer<typeof ServerErrorCode>;

/** A table in the lobby (its rules: GET /api/tables/:id); `created`: ms since the epoch, the lobby's order (newest first). */
export const LobbyTable = z.object({ id: z.string(), game: z.string(), seats: z.array(PublicSeat).readonly(), phase, rated: z.boolean(), created: z.number() }).readonly();
export type LobbyTable = z.infer<typeof LobbyTable>;

export const ServerMessage = z.discriminatedUnion('type', [
  z
    .object({ type: z.literal('hello'), user: z.object({ id: z.string(), name: z.string(), guest: z.boolean() }), build: z.string().optional(), heartbeat: z.number().int().positive().optional() })
    .readonly(),
  Snapshot,
  /** New events, with who the deal waits for now and the receiver's legal actions now (in the game's notation). */
  z.object({ type: z.literal('events'), table: z.string(), events: z.array(NumberedTableEvent).readonly(), toAct: z.array(seatNo).readonly(), legal: strings }).readonly(),
  /** An action accepted (or a resent one already applied): `e` is the number of the last event it produced. */
  z.object({ type: z.literal('ok'), table: z.string(), cseq: z.number().int(), e: z.number().int() }).readonly(),
  /** A contribution to deal `deal` taken (refusals come as `error` with the table and no `cseq`). */
  z.object({ type: z.literal('contributed'), table: z.string(), deal: z.number().int() }).readonly(),
  /** `params`: a rule refusal's parameters (the card, the card led, the rule document's section …) for the client's own words. */
  z.object({ type: z.literal('error'), code: ServerErrorCode, message: z.string(), params: z.custom<ErrorParams>((v) => typeof v === 'object' && v !== null).optional(), table: z.string().optional(), cseq: z.number().int().optional() }).readonly(),
  /** Not numbered: who is away, the running clocks, the legal actions of the receiver now. */
  z
    .object({ type: z.literal('status'), table: z.string(), toAct: z.array(seatNo).readonly(), legal: strings, clocks: z.array(Clock).readonly(), away: z.array(seatNo).readonly(), disconnected: z.array(Disconnected).readonly() })
    .readonly(),
  /**
   * The first page of a lobby follower: its newest tables, how many match its filter in all (`total`), and who is online
   * (at most 50 names, and their number). More tables of the page may follow as `lobbyDiff`s with `added`.
   */
  z.object({ type: z.literal('lobby'), tables: z.array(LobbyTable).readonly(), total: z.number().int(), game: z.string().nullable(), limit: z.number().int(), online: strings, onlineCount: z.number().int() }).readonly(),
  /** What changed in a follower's page since the last message; `online` and `onlineCount` only when they changed. */
  z
    .object({
      type: z.literal('lobbyDiff'),
      added: z.array(LobbyTable).readonly(),
      changed: z.array(LobbyTable).readonly(),
      removed: strings,
      total: z.number().int(),
      online: strings.optional(),
      onlineCount: z.number().int().optional(),
    })
    .readonly(),
  z.object({ type: z.literal('pong') }).readonly(),
  /**
   * Sent by a process that drains, just before it closes the socket with 4001: a single-use ticket (valid until
   * `expires`, ms since 1970) for the reconnect, so that a client using tickets connects again at once without
   * POST /api/ticket first.
   */
  z.object({ type: z.literal('restart'), ticket: z.string(), expires: z.number().int() }).readonly(),
  /**
   * The answer to `hint`: for the seat's decision before action `action` (from 0) of deal `deal` (from 0), the strong
   * bot's choice and every legal action with its estimate of the seat's own result (`unit`: the game's, e.g. cents),
   * best first, the mean over `worlds` worlds dealt from the seat's view.
   */
  z
    .object({
      type: z.literal('hintResult'),
      table: z.string(),
      seat: seatNo,
      deal: z.number().int(),
      action: z.number().int(),
      choice: z.string(),
      estimates: z.array(z.object({ action: z.string(), value: z.number() }).readonly()).readonly(),
      worlds: z.number().int(),
      /** A stake decision (Karnöffel's raising): the share of the worlds the seat's side wins; the estimates are then its side's expected points less the other side's. */
      chance: z.number().optional(),
      /** The estimates are the side's expected points less the other side's (the Schnapsen games and Karnöffel: only the winners score). */
      margin: z.literal(true).optional(),
      unit: z.object({ symbol: z.string(), name: z.string() }).readonly(),
    })
    .readonly(),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** Settings of a new table (POST /api/tables). */
export const CreateTable = z
  .object({
    game: z.string().min(1).max(40),
    preset: z.string().max(60).optional(),
    rules: z.record(z.string().max(60), z.union([z.string().max(60), z.number(), z.boolean()])).optional(),
    public: z.boolean().default(true),
    rated: z.boolean().default(false),
    /** One word per seat: "open", or "bot" / "bot:KIND" for one of the game's bots. Default: all open. */
    seats: z.array(z.string().max(40)).max(16).optional(),
    /** How long the sitting runs: a number of deals, or of the game's units (round, Bummerl, match). */
    length: z.union([z.object({ deals: z.number().int().min(1).max(1000) }).strict(), z.object({ units: z.number().int().min(1).max(100) }).strict()]).default({ units: 1 }),
    clockMs: z.number().int().min(0).max(3_600_000).default(60_000),
    botDelayMs: z.number().int().min(0).max(10_000).default(800),
    /** How long a seated person may be without a connection before a bot plays for the seat (default 30 s). */
    graceMs: z.number().int().min(0).max(600_000).optional(),
    /** How long to wait for the players' contributions to each deal's shuffle (docs/fairness.md). */
    contributionMs: z.number().int().min(0).max(30_000).default(2000),
  })
  .strict();
export type CreateTable = z.infer<typeof CreateTable>;

/** Names are checked further by names.ts (NFC, at most 40 characters, no control characters). */
export const Credentials = z.object({ name: z.string().trim().min(1).max(200), password: z.string().min(8).max(200) }).strict();
/** A login: any password up to 200 characters is checked (and counted by the throttling when wrong). */
export const LoginRequest = z.object({ name: z.string().trim().min(1).max(200), password: z.string().max(200) }).strict();
export const GuestRequest = z.object({ name: z.string().trim().min(1).max(200) }).strict();
/** POST /api/password: a registered player's current password and the new one (at least 8 characters). */
export const PasswordChange = z.object({ password: z.string().max(200), newPassword: z.string().min(8).max(200) }).strict();

/** GET /api/players/:name: the player page's person, by name (and id, to tell guests of one name apart). */
export const PlayerParams = z.object({ name: z.string().trim().min(1).max(40) }).strict();
export const PlayerQuery = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
    /** How many recent sittings (default 20). */
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

/** The player page's data: nothing but what the tables show anyway. */
export const PlayerPage = z
  .object({
    id: z.string(),
    name: z.string(),
    guest: z.boolean(),
    ratings: z.array(z.object({ game: z.string(), title: z.string(), rating: z.number(), mu: z.number(), sigma: z.number(), sittings: z.number() })).readonly(),
    sittings: z
      .array(z.object({ record: z.string(), table: z.string(), game: z.string(), title: z.string(), created: z.number(), seat: seatNo, total: z.number(), place: z.number(), players: strings }))
      .readonly(),
  })
  .readonly();
export type PlayerPage = z.infer<typeof PlayerPage>;
