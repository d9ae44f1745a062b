import { fail, ok, type Result } from '../core/result.js';
import { quote } from '../core/text.js';

/**
 * The shape of an action from outside, checked the same way in every game
 * before its rules look at it: a plain object whose own `type` is one of the
 * game's kinds of action and which has no field beyond those of its kind
 * (`fields`: per type, the fields it may have, `type` included). Whether the
 * values are right (a card held, a suit that exists) is the rules' business.
 */
export function checkActionShape(action: unknown, fields: ReadonlyMap<string, readonly string[]>): Result<true> {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) return fail('badAction', 'not an action');
  const own = Object.prototype.hasOwnProperty.call(action, 'type') ? (action as { type?: unknown }).type : undefined;
  const allowed = typeof own === 'string' ? fields.get(own) : undefined;
  if (allowed === undefined) return fail('badAction', `unknown action type ${quote(own)}: ${[...fields.keys()].join(', ')}`);
  for (const key of Object.keys(action)) {
    if (!allowed.includes(key)) return fail('badAction', `${quote(key)} is no part of a ${own} action (it has ${allowed.join(', ')})`);
  }
  return ok(true);
}
