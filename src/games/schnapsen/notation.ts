import { formatCard, parseCard } from '../../cards/notation.js';
import { SUIT_LETTERS, type Suit } from '../../cards/pack.js';
import { fail, ok, type Result } from '../../core/result.js';
import { quote } from '../../core/text.js';
import { GAME_IDS, gameInfo, isGameId } from './contracts.js';
import type { GameId } from './contracts.js';
import { PACK } from './cards.js';
import type { SchnapsenAction } from './state.js';

/**
 * The text notation of actions, as records and the terminal use it (German
 * table words):
 *   abheben | klopfen                  cut or knock
 *   neu | behalten                     three Unter: new deal, or keep
 *   trumpf E                           name trump (E G H S)
 *   aufdecken 1                        turn up the 1st (2nd, 3rd) card still to come
 *   weiter                             pass (announcements, raising, Spritzen)
 *   schnapser | gang ohne | …          announce a game (game ids of the 003 table; "ohne": without the talon)
 *   lege EA GK                         lay away two cards after taking up the talon
 *   spritzen | retour | re             double, double back, double again
 *   20 G | 40 H                        announce a 20 or 40 before leading
 *   EA                                 play a card
 */
export function formatSchnapsenAction(a: SchnapsenAction): string {
  switch (a.type) {
    case 'cut':
      return 'abheben';
    case 'knock':
      return 'klopfen';
    case 'redeal':
      return 'neu';
    case 'keep':
      return 'behalten';
    case 'trump':
      return `trumpf ${SUIT_LETTERS[a.suit]}`;
    case 'turn':
      return `aufdecken ${a.index}`;
    case 'pass':
      return 'weiter';
    case 'announce':
      return a.ohne ? `${a.game} ohne` : a.game;
    case 'lay': {
      const [x, y] = a.cards[0] <= a.cards[1] ? a.cards : [a.cards[1], a.cards[0]];
      return `lege ${formatCard(PACK, x)} ${formatCard(PACK, y)}`;
    }
    case 'spritzen':
    case 'retour':
    case 're':
      return a.type;
    case 'meld':
      return `${a.points} ${SUIT_LETTERS[a.suit]}`;
    case 'play':
      return formatCard(PACK, a.card);
  }
}

/** Other words for the same actions. A Map: the words come from outside ("constructor" finds nothing). */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['cut', 'abheben'],
  ['knock', 'klopfen'],
  ['redeal', 'neu'],
  ['keep', 'behalten'],
  ['trump', 'trumpf'],
  ['atout', 'trumpf'],
  ['turn', 'aufdecken'],
  ['pass', 'weiter'],
  ['lay', 'lege'],
  ['flecken', 'spritzen'],
  ['schiessen', 'spritzen'],
  ['kontra', 'retour'],
]);

/** A card word: two letters; a longer word is refused here with a short excerpt, never echoed whole. */
function parseCardWord(word: string): Result<number> {
  if (word.length !== 2) return fail('badCard', `${quote(word)} is not a card: a card is two letters, suit (E G H S) and rank (A Z K O U), e.g. "EA"`);
  return parseCard(PACK, word);
}

function parseSuit(word: string | undefined): Suit | undefined {
  const i = SUIT_LETTERS.indexOf((word ?? '').toUpperCase() as (typeof SUIT_LETTERS)[number]);
  return i < 0 ? undefined : (i as Suit);
}

export function parseSchnapsenAction(text: string): Result<SchnapsenAction> {
  const words = text.trim().toLowerCase().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return fail('badAction', 'empty action');
  const head = ALIASES.get(words[0]) ?? words[0];
  const args = words.slice(1);
  const said = quote(text.trim());
  const none = (a: SchnapsenAction): Result<SchnapsenAction> => (args.length === 0 ? ok(a) : fail('badAction', `${said}: "${head}" takes no more words`));
  switch (head) {
    case 'abheben':
      return none({ type: 'cut' });
    case 'klopfen':
      return none({ type: 'knock' });
    case 'neu':
      return none({ type: 'redeal' });
    case 'behalten':
      return none({ type: 'keep' });
    case 'weiter':
      return none({ type: 'pass' });
    case 'spritzen':
      return none({ type: 'spritzen' });
    case 'retour':
      return none({ type: 'retour' });
    case 're':
      return none({ type: 're' });
    case 'trumpf': {
      const suit = parseSuit(args[0]);
      if (suit === undefined || args.length !== 1) return fail('badAction', `${said}: name the trump suit, e.g. "trumpf H" (E Eichel, G Gras/Grün, H Herz/Rot, S Schellen)`);
      return ok({ type: 'trump', suit });
    }
    case 'aufdecken': {
      const n = Number(args[0]);
      if (args.length !== 1 || !Number.isInteger(n) || n < 1 || n > 3) return fail('badAction', `${said}: say which card still to come to turn up, e.g. "aufdecken 1"`);
      return ok({ type: 'turn', index: n });
    }
    case 'lege': {
      if (args.length !== 2) return fail('badAction', `${said}: lay away exactly two cards, e.g. "lege EA GK"`);
      const x = parseCardWord(args[0]);
      if (!x.ok) return x;
      const y = parseCardWord(args[1]);
      if (!y.ok) return y;
      return ok({ type: 'lay', cards: [x.value, y.value] });
    }
    case '20':
    case '40': {
      const suit = parseSuit(args[0]);
      if (suit === undefined || args.length !== 1) return fail('badAction', `${said}: say the suit of the pair, e.g. "${head} H"`);
      return ok({ type: 'meld', suit, points: head === '20' ? 20 : 40 });
    }
  }
  const game: GameId | undefined = isGameId(head) ? head : undefined;
  if (game !== undefined && game !== 'normal') {
    if (args.length === 0) return ok({ type: 'announce', game });
    if (args.length === 1 && args[0] === 'ohne') return ok({ type: 'announce', game, ohne: true });
    return fail('badAction', `${said}: after the game only "ohne" (without the talon) may follow`);
  }
  if (words.length === 1 && head.length === 2) {
    const card = parseCard(PACK, head);
    if (card.ok) return ok({ type: 'play', card: card.value });
    return card;
  }
  return fail('badAction', `${said} is not an action: play a card ("EA"), or say ${['abheben', 'klopfen', 'trumpf E', 'aufdecken 1', 'weiter', 'schnapser', 'spritzen', '20 G', '40 H'].map((w) => `"${w}"`).join(', ')}; games: ${GAME_IDS.filter((g) => g !== 'normal').join(', ')}`);
}

export function gameName(id: GameId | 'redeal'): string {
  return id === 'redeal' ? 'neu gegeben' : gameInfo(id).name;
}
