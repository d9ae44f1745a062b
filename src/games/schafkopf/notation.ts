import { checkActionShape } from '../actionShape.js';
import { formatCard, parseCard } from '../../cards/notation.js';
import type { Card, Pack } from '../../cards/pack.js';
import { fail, ok, type Result } from '../../core/result.js';
import { quote } from '../../core/text.js';
import { formatChoice, parseChoice, readChoice, sameChoice, type GameChoice } from './contract.js';

/**
 * The decisions of a Schafkopf deal, each with its notation:
 * - `klopfen`: knock (Legen) after the first half of the cards, doubling the game.
 * - `weiter`: pass: in the Klopfen round, the bidding, or the Stoß exchange.
 * - a game: "rufspiel G", "wenz", "solo-tout H", "sie", …
 * - `stoss`: give Stoß (Kontra), or answer one (Re, "Zruck").
 * - a card: "GA".
 */
export type SchafkopfAction =
  | { readonly type: 'klopfen' }
  | { readonly type: 'weiter' }
  | { readonly type: 'bid'; readonly game: GameChoice }
  | { readonly type: 'stoss' }
  | { readonly type: 'play'; readonly card: Card };

export function formatAction(pack: Pack, action: SchafkopfAction): string {
  switch (action.type) {
    case 'klopfen':
    case 'weiter':
    case 'stoss':
      return action.type;
    case 'bid':
      return formatChoice(action.game);
    case 'play':
      return formatCard(pack, action.card);
  }
}

/** The action words, by what a player may type (a Map: outside text never reaches an object's prototype). */
const WORDS: ReadonlyMap<string, 'klopfen' | 'weiter' | 'stoss'> = new Map([
  ['klopfen', 'klopfen'],
  ['legen', 'klopfen'],
  ['weiter', 'weiter'],
  ['weida', 'weiter'],
  ['pass', 'weiter'],
  ['stoss', 'stoss'],
  ['stoß', 'stoss'],
  ['kontra', 'stoss'],
  ['re', 'stoss'],
  ['zruck', 'stoss'],
]);

export function parseAction(pack: Pack, text: string): Result<SchafkopfAction> {
  const t = text.trim();
  const lower = t.toLowerCase();
  if (lower.length === 0) return fail('badAction', 'empty action');
  const word = WORDS.get(lower);
  if (word !== undefined) return ok({ type: word });
  const game = parseChoice(lower);
  if (game && 'error' in game) return fail('badAction', game.error);
  if (game) return ok({ type: 'bid', game });
  const code = lower.startsWith('play ') ? t.slice(5) : t;
  if (code.trim().length === 2) {
    const card = parseCard(pack, code);
    if (!card.ok) return card;
    return ok({ type: 'play', card: card.value });
  }
  return fail(
    'badAction',
    `${quote(text)} is not a Schafkopf action: say klopfen, weiter, stoss, a game (rufspiel E, wenz, solo H, solo-tout H, …) or a card (EA, GO, …)`,
  );
}

export function sameAction(a: SchafkopfAction, b: SchafkopfAction): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'play' && b.type === 'play') return a.card === b.card;
  if (a.type === 'bid' && b.type === 'bid') return sameChoice(a.game, b.game);
  return true;
}

/** Each kind of action and its fields (an action from outside with another field is refused). */
const FIELDS: ReadonlyMap<string, readonly string[]> = new Map([
  ['klopfen', ['type']],
  ['weiter', ['type']],
  ['stoss', ['type']],
  ['play', ['type', 'card']],
  ['bid', ['type', 'game']],
]);

/**
 * An action from outside, checked for its shape and reduced to its own
 * fields (so nothing extra reaches the state or its log), or a badAction
 * error. Whether it is legal now is the rules' business.
 */
export function canonicalAction(action: unknown): Result<SchafkopfAction> {
  const shape = checkActionShape(action, FIELDS);
  if (!shape.ok) return shape;
  // Only the action's own fields count: nothing is read from its prototype.
  const own = (key: string): unknown => (Object.prototype.hasOwnProperty.call(action, key) ? (action as Record<string, unknown>)[key] : undefined);
  const a = { type: own('type'), card: own('card'), game: own('game') };
  switch (a.type) {
    case 'klopfen':
    case 'weiter':
    case 'stoss':
      return ok({ type: a.type });
    case 'play':
      return ok({ type: 'play', card: a.card as Card });
    case 'bid': {
      const game = readChoice(a.game);
      return typeof game === 'string' ? fail('badAction', game) : ok({ type: 'bid', game });
    }
    default:
      return fail('badAction', `unknown action type ${quote(a.type)}: klopfen, weiter, bid, stoss or play`);
  }
}
