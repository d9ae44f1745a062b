import type { DealFairness } from '../../core/fairness.js';
import type { ErrorParams } from '../../core/result.js';
import type { GameTypes, Seat } from '../../games/game.js';
import type { AnyGameModule } from '../../games/module.js';
import type { DealLog } from '../../games/sitting.js';
import type { CommitEntry } from '../fairDeal.js';
import type { Limits } from '../limits.js';
import type { PublicSettings, ServerErrorCode, ServerMessage, TableEvent } from '../protocol.js';
import type { GameRecord, HintTaken } from '../../records/record.js';
import type { Participant } from '../store/store.js';
import type { ThinkingLevel } from '../thinking.js';

type T = GameTypes;

/** How long a seated person may be without a connection before a bot plays for the seat, unless the table says otherwise. */
export const DEFAULT_GRACE_MS = 30_000;

/** Who holds a seat, as the log keeps it. */
export type Occupant =
  | { readonly kind: 'open' }
  | { readonly kind: 'human'; readonly userId: string; readonly name: string; readonly guest?: boolean }
  | { readonly kind: 'bot'; readonly bot: string; readonly name: string };

/**
 * One entry of a table's log. Replaying the log through the core (`replay`)
 * rebuilds the table exactly, event numbers included.
 */
export type LogEntry =
  | { readonly k: 'seat'; readonly seat: Seat; readonly occ: Occupant }
  | { readonly k: 'begin'; readonly start: unknown; readonly firstDealer: Seat }
  /** A deal opens: its secret seed (server-side only until the reveal) and the commitment published with `dealStart`. */
  | CommitEntry
  /** A deal's deck, in card codes: server-side only, never sent before the deal's end; with the contributions it was shuffled from (null: substituted). */
  | { readonly k: 'deal'; readonly deck: readonly string[]; readonly fair?: { readonly contributions: readonly (string | null)[] } }
  | { readonly k: 'act'; readonly seat: Seat; readonly action: string; readonly user?: string; readonly cseq?: number }
  | { readonly k: 'chat'; readonly userId: string; readonly name: string; readonly text: string }
  /** A hint taken at an unrated table (issue 22): before action `action` (from 0) of the running deal, for this seat. The record notes it. */
  | { readonly k: 'hint'; readonly seat: Seat; readonly deal: number; readonly action: number }
  /** A moderator hid the chat line of event `e`: nobody is sent its text any more (moderation.ts). */
  | { readonly k: 'hide'; readonly e: number }
  /** A moderator closed the table: it ends here, whatever it was doing; the log keeps everything before. */
  | { readonly k: 'end'; readonly reason: string }
  /**
   * Written after the table left memory (over or expired): a player of it opened the next table with the same game
   * and rules (`POST /api/tables/:id/again`), where the others are led. Nothing at the table changes.
   */
  | { readonly k: 'next'; readonly table: string; readonly userId: string; readonly name: string };

/** A table's settings, stored with it. */
export interface TableSettings extends PublicSettings {
  readonly game: string;
  readonly rules: T['rules'];
  readonly seats: number;
}

/** What a table's core is given once: it never changes while the table runs. */
export interface TableContext {
  readonly id: string;
  readonly settings: TableSettings;
  readonly module: AnyGameModule;
  readonly limits: Limits;
}

/** Where an event of the table's sequence comes from: a game event is rendered per seat. */
export type Slot = { readonly deal: number; readonly n: number } | { readonly event: TableEvent };

/** Per user: the last accepted client sequence number and the event numbers of recent ones. */
export interface Cseqs {
  readonly last: number;
  readonly recent: ReadonlyMap<number, { readonly action: string; readonly e: number }>;
}

/** The deal taking contributions (between its commitment and its cards). */
export interface Collecting {
  readonly entry: CommitEntry;
  /** One per seat (null: none yet). Not logged until the deal's `deal` entry. */
  readonly contributions: readonly (string | null)[];
}

/** What the log decides: replaying the same log gives the same `Sitting`. */
export interface Sitting {
  readonly seats: readonly Occupant[];
  readonly phase: 'waiting' | 'playing' | 'finished';
  readonly logLength: number;
  /** Counts every log entry. */
  readonly version: number;
  /** Counts the entries that change a deal's state (deal, act): a bot's decision is for one of them. */
  readonly moves: number;
  readonly slots: readonly Slot[];
  /** The latest state of every deal played at this table (the running deal's is the last). */
  readonly dealStates: readonly unknown[];
  readonly dealEnded: boolean;
  readonly sittingNo: number;
  readonly start: unknown;
  readonly firstDealer: Seat;
  readonly dealer: Seat;
  readonly sheet: unknown;
  readonly carry: unknown;
  readonly players: readonly string[];
  readonly deck: readonly string[];
  /** The commit entry of the deal being collected, if any. */
  readonly opened: CommitEntry | null;
  /** The running or last deal's proof (absent for decks logged before fair deals). */
  readonly dealFair: DealFairness | undefined;
  readonly actions: readonly (readonly [Seat, string])[];
  readonly dealLogs: readonly DealLog<unknown, T['outcome']>[];
  readonly totals: readonly number[];
  readonly units: number;
  readonly cseqs: ReadonlyMap<string, Cseqs>;
  /** The hints taken in this sitting (deal and action from 0), each decision once, in the order taken: the record notes them. */
  readonly hints: readonly HintTaken[];
  /** Closed by a moderator, for this reason (null: not closed): nothing more happens at the table. */
  readonly ended: string | null;
}

/** A connection following the table, as the core knows it: the shell maps `id` to its socket. */
export interface Follower {
  readonly id: string;
  readonly userId: string;
}

/** A token bucket as data (chat). */
export interface Bucket {
  readonly tokens: number;
  readonly at: number;
}

/** What happens around the log: presence, clocks, contributions, pending bot turns. Not logged; a rebuild starts it afresh. */
export interface Live {
  readonly followers: readonly Follower[];
  readonly away: readonly Seat[];
  /**
   * Seats whose clock ran out at the decision numbered `moves` (TableState's `moves`): the bot makes that decision
   * even if the holder comes back meanwhile (joins again), so that coming back does not give him a fresh clock for
   * it; his own action still counts if it comes first. Without this one player could hold a table for ever by
   * joining again each time his clock ran out (docs/security.md).
   */
  readonly lapsed: readonly { readonly seat: Seat; readonly moves: number }[];
  /** Seats whose holder has no connection, in the grace period before a bot plays for them. */
  readonly gone: readonly { readonly seat: Seat; readonly until: number }[];
  readonly clocks: readonly { readonly seat: Seat; readonly deadline: number }[];
  readonly contributions: readonly (string | null)[];
  /** The deal whose contribution deadline runs, if any. */
  readonly collectTimer: number | null;
  /** Seat → the decision (the deal's `moves`) a bot turn is scheduled for. */
  readonly botPending: ReadonlyMap<Seat, number>;
  readonly chat: ReadonlyMap<string, Bucket>;
  /** Whether the finished sitting's record is in the store. */
  readonly recordSaved: boolean;
  readonly closed: boolean;
  /** When a waiting table without a connected seated person ends (null: someone is here, or the table is not waiting). */
  readonly expiry: number | null;
}

/** A table as plain data. */
export interface TableState {
  readonly sitting: Sitting;
  readonly live: Live;
}

/** A command from a timer: it names what it was set for, so that a stale one is refused. */
export type TimerCommand =
  | { readonly type: 'clockOut'; readonly seat: Seat; readonly deadline: number }
  | { readonly type: 'graceOut'; readonly seat: Seat; readonly until: number }
  | { readonly type: 'collectOut'; readonly deal: number }
  /** A bot's turn for the decision at the deal's `moves` (stale once the deal moved on). */
  | { readonly type: 'botDue'; readonly seat: Seat; readonly moves: number }
  /** A waiting table's expiry (core/expiry.ts). */
  | { readonly type: 'waitOut'; readonly until: number };

export interface User {
  readonly id: string;
  readonly name: string;
  /** A guest (not a registered player): the seat shows it. */
  readonly guest?: boolean;
}

/** Everything that can happen to a table. */
export type Command =
  /** A new table's first seats (its bots). */
  | { readonly type: 'create'; readonly seats: readonly { readonly seat: Seat; readonly occ: Occupant }[] }
  /** After a rebuild: start clocks, bots and whatever is due. */
  | { readonly type: 'resume'; readonly recordSaved: boolean }
  | { readonly type: 'sit'; readonly user: User; readonly seat: Seat }
  | { readonly type: 'stand'; readonly userId: string }
  /** The creator of a waiting table puts a bot on an open seat (`bot`: its kind) or takes one off (null): seatBots.ts. */
  | { readonly type: 'seatBot'; readonly userId: string; readonly seat: Seat; readonly bot: string | null }
  | { readonly type: 'again'; readonly userId: string }
  | { readonly type: 'chat'; readonly user: User; readonly text: string }
  | { readonly type: 'contribute'; readonly userId: string; readonly deal: number; readonly contribution: string; readonly seat?: Seat }
  | { readonly type: 'act'; readonly userId: string; readonly cseq: number; readonly action: string; readonly seat?: Seat }
  /** A seated person asks for a hint (unrated tables only): noted in the log; the shell then asks the bot pool from the seat's view. */
  | { readonly type: 'hint'; readonly userId: string; readonly seat?: Seat }
  /** A connection follows the table (again: a reconnect). */
  | { readonly type: 'join'; readonly follower: Follower; readonly since?: number }
  | { readonly type: 'leave'; readonly followerId: string }
  /** The shell drew what an `open` effect asked for. */
  | { readonly type: 'opened'; readonly begin?: { readonly start: unknown; readonly firstDealer: Seat }; readonly commit: CommitEntry }
  /** The shell shuffled what a `shuffle` effect asked for. */
  | { readonly type: 'shuffled'; readonly deal: number; readonly deck: readonly string[]; readonly contributions: readonly (string | null)[] }
  /** A bot's decision arrived for the deal as it was at `moves` (null: it had nothing to say). */
  | { readonly type: 'botAction'; readonly seat: Seat; readonly action: string; readonly moves: number }
  | { readonly type: 'close' }
  /** A moderator closes the table (the table ends; its followers are told why). */
  | { readonly type: 'end'; readonly reason: string }
  /** A moderator hides the chat line of event `e`. */
  | { readonly type: 'hide'; readonly e: number }
  | TimerCommand;

/** A refusal by the rules carries the engine's parameters, for the client to say it in the player's language. */
export type Reply = { readonly ok: true; readonly e?: number; /** `hint`: the seat it is for. */ readonly seat?: Seat } | { readonly ok: false; readonly code: ServerErrorCode; readonly message: string; readonly params?: ErrorParams };

/** What the shell does for the core: data only. */
export type Effect =
  /** Append these entries to the table's log (first, before anything is sent). */
  | { readonly type: 'commit'; readonly from: number; readonly entries: readonly LogEntry[]; readonly finished?: boolean }
  /** Store the finished sitting's record (with ratings when rated), before its end is sent. */
  | {
      readonly type: 'record';
      readonly from: number;
      readonly id: string;
      readonly record: GameRecord;
      /** The user of each seat (undefined: a bot) when the sitting is rated. */
      readonly rated: readonly (string | undefined)[] | null;
      readonly totals: readonly number[];
      readonly participants: readonly Participant[];
    }
  | { readonly type: 'send'; readonly to: readonly string[]; readonly message: ServerMessage }
  | { readonly type: 'timer'; readonly key: string; readonly at: number; readonly command: TimerCommand }
  | { readonly type: 'cancel'; readonly key: string }
  /** Draw a fresh secret seed and commitment for deal `deal` (and the lots of a new sitting when `begin`); answered with `opened`. */
  | { readonly type: 'open'; readonly deal: number; readonly begin: boolean; readonly finished: boolean }
  /** Shuffle the collected deal; answered with `shuffled`. */
  | { readonly type: 'shuffle'; readonly entry: CommitEntry; readonly contributions: readonly (string | null)[] }
  /** Ask a bot for the seat's decision (the pool for a thinking level); answered with `botAction`. */
  | { readonly type: 'decide'; readonly seat: Seat; readonly moves: number; readonly thinking?: ThinkingLevel }
  /** Seats or phase changed (the lobby shows them). */
  | { readonly type: 'changed' }
  /** The waiting table ended without a sitting: the shell marks it over in the store and lets it go. */
  | { readonly type: 'expired' }
  | { readonly type: 'log'; readonly level: 'warn' | 'error'; readonly data: object; readonly message: string };

/** What one command did: the new state, the table events it added (unrendered: a game event is rendered per seat), the effects, the answer. */
export interface Step {
  readonly state: TableState;
  readonly events: readonly { readonly e: number; readonly slot: Slot }[];
  readonly effects: readonly Effect[];
  readonly reply: Reply;
}
