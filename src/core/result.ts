/**
 * A result is either a value or a typed error. Rule violations are returned,
 * never thrown: an `apply` that fails leaves the caller's state untouched and
 * says what was wrong.
 */
export type Result<T, E = StichError> = Ok<T> | Err<E>;

export interface Ok<T> {
  readonly ok: true;
  readonly value: T;
}

export interface Err<E> {
  readonly ok: false;
  readonly error: E;
}

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err<E>(error: E): Err<E> {
  return { ok: false, error };
}

/**
 * The one list of error codes, for every game and layer: a code names one
 * kind of fault, with one spelling everywhere; the message says the rest.
 */
export type ErrorCode =
  // Input that cannot be read: a malformed action, card, seat, deal, rules or file.
  | 'badAction'
  | 'badCard'
  | 'badSeat'
  | 'badSeats'
  | 'badDeal'
  | 'badDeck'
  | 'badDealer'
  | 'badCarry'
  | 'badDraw'
  | 'badRules'
  | 'badRuleValue'
  | 'unknownRule'
  | 'unknownPreset'
  | 'ruleClash'
  | 'badPlayers'
  | 'badTarget'
  | 'badSuit'
  | 'badTurn'
  | 'badJson'
  | 'badRecord'
  // The deal is not where the action belongs.
  | 'notYourTurn'
  | 'wrongAction'
  | 'dealOver'
  // The rules forbid it now.
  | 'notInHand'
  | 'illegalCard'
  | 'mustFollow'
  | 'mustBeat'
  | 'mustTrump'
  | 'mustLeadSau'
  | 'mustPlaySau'
  | 'keepSau'
  | 'mustLeadPair'
  | 'devilFirstTrick'
  | 'illegalBid'
  | 'badAnnouncement'
  | 'tooLow'
  | 'mustPlay'
  | 'illegalStoss'
  | 'badDouble'
  | 'badTrump'
  | 'badMeld'
  | 'badLay'
  | 'cannotAnnounce'
  | 'raisePending'
  | 'noRaisePending'
  | 'raisingStopped'
  | 'badAdvice'
  | 'talkedAlready'
  | 'notLeader'
  | 'noTeam'
  // Records that do not replay.
  | 'wrongGame'
  | 'badStart'
  | 'wrongDealer'
  | 'wrongCarry'
  | 'unfinished'
  | 'wrongOutcome'
  | 'wrongSheet'
  // Provably fair deals.
  | 'badSeed'
  | 'badContribution'
  | 'badContext'
  | 'badCommitment'
  | 'badPack'
  | 'commitmentMismatch'
  | 'deckMismatch'
  | 'streamExhausted'
  | 'noWebCrypto';

/**
 * Every error the platform reports: a machine-readable code and a sentence a
 * player understands.
 */
export interface StichError {
  readonly code: ErrorCode;
  readonly message: string;
  /**
   * What a client needs to say it in its own words: the card refused, the card or suit led, … as the game's
   * notation (card codes "EO", suit letters "G"), and `section`, the rule document's section ("002 5.4").
   * Rule refusals of the engines carry them; the message stays the English sentence.
   */
  readonly params?: ErrorParams;
}

export type ErrorParams = Readonly<Record<string, string | number>>;

export function fail(code: ErrorCode, message: string, params?: ErrorParams): Err<StichError> {
  return { ok: false, error: params ? { code, message, params } : { code, message } };
}

/** Unwraps a result where an error is a programming error (tests, internal paths). */
export function unwrap<T, E extends { message: string }>(result: Result<T, E>): T {
  if (result.ok) return result.value;
  throw new Error(result.error.message);
}
