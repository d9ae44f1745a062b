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
 * Every error the platform reports: a machine-readable code and a sentence a
 * player understands.
 */
export interface StichError {
  readonly code: string;
  readonly message: string;
}

export function fail(code: string, message: string): Err<StichError> {
  return { ok: false, error: { code, message } };
}

/** Unwraps a result where an error is a programming error (tests, internal paths). */
export function unwrap<T, E extends { message: string }>(result: Result<T, E>): T {
  if (result.ok) return result.value;
  throw new Error(result.error.message);
}
