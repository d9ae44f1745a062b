import { z } from 'zod';
import type { ErrorCode } from '../core/result.js';

/**
 * The WebSocket protocol (docs/protocol.md): zod schemas of every message a
 * client sends, and the TypeScript types of every message the server sends.
 */

const tableId = z.string().min(1).max(64);
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
  /** Starts another sitting at a table whose sitting is over, with the same seats. */
  z.object({ type: z.literal('again'), table: tableId }).strict(),
  /** Subscribes to the lobby: open tables and who is online, pushed on every change. */
  z.object({ type: z.literal('lobby') }).strict(),
  z.object({ type: z.literal('ping') }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** What a seat at a table is, as everyone may see it. */
export type PublicSeat =
  | { readonly kind: 'open' }
  | { readonly kind: 'human'; readonly name: string; readonly userId: string; readonly away: boolean }
  | { readonly kind: 'bot'; readonly name: string; readonly bot: string };

/** Table events: numbered in one sequence per table with the game's events. */
export type TableEvent =
  | { readonly type: 'seat'; readonly seat: number; readonly occupant: PublicSeat }
  | { readonly type: 'sittingStart'; readonly sitting: number; readonly firstDealer: number; readonly players: readonly string[] }
  /** The deal's first event; `fair` is its commitment, published before any contribution is taken (absent in tables logged before fair deals). */
  | { readonly type: 'dealStart'; readonly deal: number; readonly dealer: number; readonly fair?: FairCommitment }
  /** The cards of a fair deal are out: its contributions are in (or substituted) and the deck is shuffled. */
  | { readonly type: 'dealt'; readonly deal: number }
  /** One event of the game, redacted for the receiving seat by the game's `events`. */
  | { readonly type: 'game'; readonly deal: number; readonly n: number; readonly event: unknown }
  /** `fair` reveals the deal's seed, every contribution and the deck, for anyone to verify (docs/fairness.md). */
  | { readonly type: 'dealEnd'; readonly deal: number; readonly outcome: unknown; readonly sheet: unknown; readonly unitComplete: boolean; readonly fair?: FairReveal }
  | { readonly type: 'sittingEnd'; readonly sitting: number; readonly record: string; readonly sheet: unknown; readonly totals: readonly number[] }
  | { readonly type: 'chat'; readonly name: string; readonly userId: string; readonly text: string };

/** A deal's commitment: SHA-256 of its secret seed and context (docs/fairness.md). */
export interface FairCommitment {
  readonly context: { readonly game: string; readonly table: string; readonly deal: number };
  readonly commitment: string;
}

/** After the deal: the seed, one contribution per seat (null: substituted) and the deck that was dealt, as card codes. */
export interface FairReveal extends FairCommitment {
  readonly seed: string;
  readonly contributions: readonly (string | null)[];
  readonly deck: readonly string[];
}

export interface NumberedTableEvent {
  /** The table's event number: 0, 1, 2, … without gaps. */
  readonly e: number;
  readonly event: TableEvent;
}

export interface Snapshot {
  readonly type: 'snapshot';
  readonly table: string;
  readonly game: string;
  readonly rules: unknown;
  readonly settings: PublicSettings;
  /** The seat of the receiver, or -1 for a spectator. */
  readonly seat: number;
  readonly seats: readonly PublicSeat[];
  readonly phase: 'waiting' | 'playing' | 'finished';
  readonly sitting: number;
  readonly deal: number;
  readonly dealer: number | null;
  /** The game's view for this seat (or the spectator's), null between sittings. */
  readonly view: unknown;
  /** The seat's legal actions now, in the game's notation. */
  readonly legal: readonly string[];
  readonly toAct: readonly number[];
  readonly clocks: readonly Clock[];
  /** Seats whose holder lost the connection and is in the grace period. */
  readonly disconnected: readonly Disconnected[];
  readonly sheet: unknown;
  /** The outcomes of the sitting's finished deals, in order (each was public in its dealEnd event): the Spielzettel. */
  readonly outcomes: readonly unknown[];
  /** The number of the last event so far (-1 for none): events after it follow. */
  readonly last: number;
  /** The last client sequence number the server accepted from this user at this table (0 for none). */
  readonly cseq: number;
  /**
   * The commitment of the deal being dealt or played (null between sittings and at tables logged before fair
   * deals); `collecting` while the server takes contributions, `contributed` whether the receiver's seat sent one.
   */
  readonly fair: (FairCommitment & { readonly collecting: boolean; readonly contributed: boolean }) | null;
}

export interface Clock {
  readonly seat: number;
  /** Milliseconds since the epoch at which a bot will act for the seat. */
  readonly deadline: number;
}

export interface PublicSettings {
  readonly public: boolean;
  readonly rated: boolean;
  readonly clockMs: number;
  readonly botDelayMs: number;
  /** How long the server waits for the seats' contributions to a deal before it substitutes the missing ones. */
  readonly contributionMs: number;
  readonly length: { deals: number } | { units: number };
  /** How long a seated person may be without a connection before a bot plays for the seat (older tables: the default). */
  readonly graceMs?: number;
  /** The user who opened the table (absent for older tables): only they put bots on its seats or take them off while it waits. */
  readonly creator?: string;
}

/** A seated person without a connection, in the grace period: a bot plays for the seat from `until` on (ms since the epoch). */
export interface Disconnected {
  readonly seat: number;
  readonly until: number;
}

export type ServerErrorCode =
  | ErrorCode
  | 'badMessage'
  | 'tooLarge'
  | 'rateLimited'
  | 'tooManyConnections'
  | 'unauthorized'
  | 'unknownTable'
  | 'notSeated'
  | 'seatTaken'
  | 'notJoined'
  | 'badSequence'
  | 'duplicateSequence'
  | 'notPlaying'
  | 'chatTooLong'
  | 'notCollecting'
  | 'duplicateContribution'
  | 'notCreator'
  | 'notWaiting'
  | 'internal';

export type ServerMessage =
  | { readonly type: 'hello'; readonly user: { id: string; name: string; guest: boolean } }
  | Snapshot
  /** New events, with who the deal waits for now and the receiver's legal actions now (in the game's notation). */
  | { readonly type: 'events'; readonly table: string; readonly events: readonly NumberedTableEvent[]; readonly toAct: readonly number[]; readonly legal: readonly string[] }
  /** An action accepted (or a resent one already applied): `e` is the number of the last event it produced. */
  | { readonly type: 'ok'; readonly table: string; readonly cseq: number; readonly e: number }
  /** A contribution to deal `deal` taken (refusals come as `error` with the table and no `cseq`). */
  | { readonly type: 'contributed'; readonly table: string; readonly deal: number }
  | { readonly type: 'error'; readonly code: ServerErrorCode; readonly message: string; readonly table?: string; readonly cseq?: number }
  /** Not numbered: who is away, the running clocks, the legal actions of the receiver now. */
  | { readonly type: 'status'; readonly table: string; readonly toAct: readonly number[]; readonly legal: readonly string[]; readonly clocks: readonly Clock[]; readonly away: readonly number[]; readonly disconnected: readonly Disconnected[] }
  | { readonly type: 'lobby'; readonly tables: readonly LobbyTable[]; readonly online: readonly string[] }
  | { readonly type: 'pong' };

export interface LobbyTable {
  readonly id: string;
  readonly game: string;
  readonly rules: unknown;
  readonly seats: readonly PublicSeat[];
  readonly phase: 'waiting' | 'playing' | 'finished';
  readonly rated: boolean;
}

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

export const Credentials = z.object({ name: z.string().trim().min(1).max(40), password: z.string().min(8).max(200) }).strict();
export const GuestRequest = z.object({ name: z.string().trim().min(1).max(40) }).strict();

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
export interface PlayerPage {
  readonly id: string;
  readonly name: string;
  readonly guest: boolean;
  readonly ratings: readonly { game: string; title: string; rating: number; mu: number; sigma: number; sittings: number }[];
  readonly sittings: readonly {
    record: string;
    table: string;
    game: string;
    title: string;
    created: number;
    seat: number;
    total: number;
    place: number;
    players: readonly string[];
  }[];
}
