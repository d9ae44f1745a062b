/** Limits of the WebSocket layer. */
export interface Limits {
  /** The largest frame a client may send, in bytes (the ws `maxPayload`: a larger frame closes the connection). */
  readonly maxFrame: number;
  /** Messages per second a connection may send on average, and the burst it may save up. */
  readonly messageRate: number;
  readonly messageBurst: number;
  /** A connection that exceeds its rate this many times in a row is closed. */
  readonly strikes: number;
  readonly connectionsPerUser: number;
  /** Tables one connection follows at once (`join` without `unjoin`): each sends it every event of the table. */
  readonly tablesFollowed: number;
  readonly chatLength: number;
  /**
   * Seat changes (sit, stand, seatBot) one player may make per second on average over all tables and connections,
   * and the burst: each is an entry in its table's log for good, sent to its followers and the lobby.
   */
  readonly seatRate: number;
  readonly seatBurst: number;
  readonly chatRate: number;
  readonly chatBurst: number;
  /** Hints one player may ask for per second on average over all his connections, and the burst he may save up (each costs the strong bot's thinking in a worker). */
  readonly hintRate: number;
  readonly hintBurst: number;
  /**
   * Hints one process computes at once, per bot worker (over all players and tables): a hint takes a worker's thread
   * for the strong bot's time, ahead of the bots' decisions, so more players asking at once are refused
   * (`rateLimited`) rather than queued behind each other and the bots.
   */
  readonly hintsPerWorker: number;
  /**
   * Analyses of records (GET /api/records/:id/analysis) one process computes or holds waiting at once, and those one
   * client address may have started that are not done yet: each takes a bot worker for seconds to minutes.
   */
  readonly analysesAtOnce: number;
  readonly analysesPerAddress: number;
  /** The most deals a sitting may have for the server to analyse it (each deal takes a worker for seconds). */
  readonly analysisMaxDeals: number;
  /** Refusals of analyses kept in memory (a record that failed, a sitting too long), so that asking again reads nothing; the oldest forgotten first. */
  readonly analysisVerdictsKept: number;
  /**
   * The link of a table that left memory answers from its whole log (GET /api/tables/:id, POST …/again): that is
   * read from the store at most once per `goneTableCacheMs` per table, for at most `goneTablesCached` tables at once.
   */
  readonly goneTableCacheMs: number;
  readonly goneTablesCached: number;
  /**
   * Chat lines of tables this process does not hold that POST /api/reports looks up, per minute in the process (the
   * burst is the same number): each replays the table's whole log through its game, up to a second of the event loop.
   */
  readonly chatLookupsPerMinute: number;
  /** Bytes of finished sittings' records kept as JSON for GET /api/records/:id (a record never changes), the one asked longest ago forgotten first. */
  readonly recordCacheBytes: number;
  /** Waiting tables one user may have opened at once (docs/security.md); 0: no limit. */
  readonly waitingTablesPerUser: number;
  /**
   * Tables of bots alone (no person seated) one user may have opened playing at once, and such tables in the
   * process: each plays by itself, up to 1,000 deals kept in memory (about 19 KB each) while it plays; 0: no limit.
   */
  readonly botTablesPerUser: number;
  readonly botTables: number;
  /** Tables one user, and one address, may open per minute (the burst is the same number); 0: no limit. */
  readonly tablesPerMinute: number;
  readonly tablesPerMinutePerAddress: number;
  /** Guests one address may create per hour (the burst is the same number); 0: no limit. */
  readonly guestsPerHour: number;
  /**
   * Accounts one address may register per hour (POST /api/register; the burst is the same number); 0: no limit. Each
   * costs a scrypt in the thread pool that logins share, and a row kept for ever.
   */
  readonly accountsPerHour: number;
  /** A waiting table where no seated person is connected for this long ends (ms). */
  readonly waitingExpiryMs: number;
  /** A person seated at a waiting table with no connection to it for this long is stood up, so the seat is free for another (ms); 0: never. */
  readonly waitingSeatMs: number;
  /**
   * How long a finished table stays in memory (ms): its last events reach its followers, and its players may start
   * the next sitting there (`again`) while they read the summaries; then the store answers for it.
   */
  readonly finishedLingerMs: number;
  /**
   * After a deal, the next deal of the sitting waits for a present player's contribution this long at most (ms), or
   * the table's `contributionMs` where that is longer (a table without contributions, 0, never waits): the browser
   * sends it when its player closes the deal's summary, so that nobody's clock runs while he reads the result.
   */
  readonly readingMs: number;
  /** Finished tables one process keeps in memory at most: past it the one finished longest ago leaves at once (its link answers from the store). */
  readonly finishedTables: number;
  /**
   * Deals the finished tables in one process's memory hold together at most (every deal a table played stays with it,
   * about 19 KB each): past it the one finished longest ago leaves at once, as past `finishedTables`.
   */
  readonly finishedDeals: number;
  /** Lobby (re)subscriptions one user may make per second on average, over all their connections, and the burst (each sends a page). */
  readonly lobbyRate: number;
  readonly lobbyBurst: number;
  /**
   * WebSocket tickets (POST /api/ticket) one user may buy per second on average, and the burst: each is a row in the
   * store until the hourly sweep, and a client needs one per connection it opens.
   */
  readonly ticketRate: number;
  readonly ticketBurst: number;
  /**
   * The server pings every socket this often (ms) and ends one that has not answered the ping before: a phone that
   * lost its network leaves a socket nobody closes, and its seat would look held for as long as TCP takes to give up.
   * The `hello` tells the client the same number, and the client pings as often (docs/protocol.md).
   */
  readonly heartbeatMs: number;
  /**
   * An HTTP client must have sent its request's headers within `headersMs` and the whole request within `requestMs`
   * (ms), checked every `connectionCheckMs`: a client that trickles its headers a line at a time holds a connection
   * no longer than that (before, Node's 60 s for the headers and no limit for the request, checked every 30 s).
   */
  readonly headersMs: number;
  readonly requestMs: number;
  readonly connectionCheckMs: number;
  /**
   * Bytes that may wait to go out on one socket (beyond what the operating system's buffers took): a client that does
   * not read what it is sent is ended past them, instead of the server holding its messages in memory.
   */
  readonly maxBuffered: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxFrame: 16 * 1024,
  messageRate: 20,
  messageBurst: 40,
  strikes: 20,
  connectionsPerUser: 8,
  tablesFollowed: 16,
  chatLength: 300,
  seatRate: 2,
  seatBurst: 20,
  chatRate: 1,
  chatBurst: 5,
  hintRate: 1 / 5,
  hintBurst: 3,
  hintsPerWorker: 2,
  analysesAtOnce: 4,
  analysesPerAddress: 2,
  analysisMaxDeals: 100,
  analysisVerdictsKept: 10_000,
  goneTableCacheMs: 5_000,
  goneTablesCached: 1_000,
  recordCacheBytes: 32 * 1024 * 1024,
  chatLookupsPerMinute: 6,
  waitingTablesPerUser: 3,
  botTablesPerUser: 2,
  botTables: 20,
  tablesPerMinute: 10,
  tablesPerMinutePerAddress: 30,
  guestsPerHour: 30,
  accountsPerHour: 10,
  waitingExpiryMs: 10 * 60_000,
  waitingSeatMs: 2 * 60_000,
  readingMs: 15_000,
  finishedLingerMs: 10 * 60_000,
  finishedTables: 500,
  finishedDeals: 20_000,
  lobbyRate: 1,
  lobbyBurst: 10,
  ticketRate: 1,
  ticketBurst: 20,
  heartbeatMs: 10_000,
  headersMs: 10_000,
  requestMs: 30_000,
  connectionCheckMs: 2_000,
  maxBuffered: 1024 * 1024,
};

/** A token bucket: `rate` tokens a second, at most `burst` saved up. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes one token; false if none is left. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.rate);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
