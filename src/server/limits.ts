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
  readonly chatLength: number;
  readonly chatRate: number;
  readonly chatBurst: number;
  /** Hints a connection may ask for per second on average, and the burst it may save up (each costs the strong bot's thinking in a worker). */
  readonly hintRate: number;
  readonly hintBurst: number;
  /** Failed logins per second one address may have on average, and the burst it may save up (then 429 until one is earned back). */
  readonly loginFailureRate: number;
  readonly loginFailureBurst: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxFrame: 16 * 1024,
  messageRate: 20,
  messageBurst: 40,
  strikes: 20,
  connectionsPerUser: 8,
  chatLength: 300,
  chatRate: 1,
  chatBurst: 5,
  hintRate: 1 / 5,
  hintBurst: 3,
  loginFailureRate: 1 / 30,
  loginFailureBurst: 10,
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
