import {
  CARDS,
  PER_SUIT,
  R_2,
  R_3,
  R_4,
  R_5,
  R_6,
  R_7,
  R_8,
  R_9,
  R_BANNER,
  R_KOENIG,
  R_OBER,
  R_UNTER,
  rankPos,
  suitOfCard,
} from './cards.js';

/** Power of a plain card of the led suit by rank position (K O U Z 9 8 7 6 5 4 3 2). */
const LED_SUIT_POWER = [15, 13, 11, 9, 8, 7, 6, 5, 4, 3, 2, 1];

/** Trump ranks with power on a plain lead. */
const TRUMP_POWER_ON_PLAIN: ReadonlyMap<number, number> = new Map([
  [R_5, 10],
  [R_4, 12],
  [R_3, 14],
  [R_2, 16],
  [R_6, 17],
  [R_UNTER, 18],
]);

/** The order of trumps when a trump (not the Devil) is led. */
export const TRUMP_LED_ORDER: readonly number[] = [R_UNTER, R_6, R_2, R_KOENIG, R_3, R_OBER, R_4, R_5, R_BANNER, R_9, R_8];

/**
 * Trick powers, precomputed for every trump suit and every led card:
 * POWER[(trump * 48 + led) * 48 + card] is how strongly `card` bids for the
 * trick; the highest power takes it, 0 never takes it. The led card always
 * has power, so a trick always has a winner. The immutable game and the fast
 * playout both decide tricks with this one table.
 *
 * A plain suit led (000 "Spieldurchführung"; NOTES.md Karnöffel), from low
 * to high: the led suit's Daus .. Banner (1..9), trump 5 (10), the led suit's
 * Unter (11), trump 4 (12), the led suit's Ober (13), trump 3 (14), the led
 * suit's König (15), Kaiser = trump Daus (16), Papst = trump 6 (17),
 * Karnöffel = trump Unter (18). This is 000's wording card by card: "Trumpf-5
 * [sticht] alle Zahlenkarten der ausgespielten Farbe vom Daus (2) bis zum
 * Banner (10), aber nicht den Unter, den Ober oder den König; Trumpf-4 sticht
 * den Trumpf-5 sowie den Unter und alle Zahlenkarten …, aber nicht den Ober
 * oder den König; Trumpf-3 sticht Trumpf-4 und Trumpf-5 sowie jede Karte der
 * gewöhnlichen Farbe, ausgenommen den König", and Karnöffel > Papst > Kaiser
 * over everything. 001 says the same ("Herz 3 - alle außer Könige, Herz 4 =
 * alle außer Könige und Ober, Herz 5 = alle Zahlen (Banner gilt als 10)").
 * Trump König, Ober, Banner, 9, 8 and the Devil not led have no power on a
 * plain lead (000: "so kann man mit den genannten Karten keinen Stich
 * machen"; 001: "haben … eigentlich keine Trumpfkraft"); cards of a third
 * suit never take a trick.
 *
 * A trump led, not the Devil (000: "so kann der betreffende Stich nur von
 * einer Trumpfkarte gewonnen werden"): Karnöffel, Papst, Kaiser, König, 3,
 * Ober, 4, 5, Banner, 9, 8 (11 .. 1); 001's table of "Stichkraft" lists the
 * trumps in the same order. The Devil played to a trump lead has no power
 * (000: "gleichgültig, ob die ausgespielte Karte eine gewöhnliche Farbe oder
 * Trumpf war"; 001: "Als zweite oder dritte Kart ist sie ganz gewöhnlich und
 * hat keine Stichkraft mehr", the 7 at the foot of its table).
 *
 * The Devil (trump 7) led: it takes the trick unless the Karnöffel falls
 * (000: "so kann er nur noch vom Karnöffel gestochen werden"; 001: the 7
 * second in its table, right below the Karnöffel).
 */
export const POWER: Uint8Array = buildPowerTable();

function buildPowerTable(): Uint8Array {
  const table = new Uint8Array(4 * CARDS * CARDS);
  const trumpLedPower = new Array<number>(PER_SUIT).fill(0);
  TRUMP_LED_ORDER.forEach((rank, i) => {
    trumpLedPower[rank] = TRUMP_LED_ORDER.length - i;
  });
  for (let trump = 0; trump < 4; trump++) {
    for (let led = 0; led < CARDS; led++) {
      const ledSuit = suitOfCard(led);
      const base = (trump * CARDS + led) * CARDS;
      for (let card = 0; card < CARDS; card++) {
        const suit = suitOfCard(card);
        const rank = rankPos(card);
        let p = 0;
        if (ledSuit !== trump) {
          if (suit === ledSuit) p = LED_SUIT_POWER[rank];
          else if (suit === trump) p = TRUMP_POWER_ON_PLAIN.get(rank) ?? 0;
        } else if (rankPos(led) === R_7) {
          if (card === led) p = 1;
          else if (suit === trump && rank === R_UNTER) p = 2;
        } else if (suit === trump) {
          p = trumpLedPower[rank];
        }
        table[base + card] = p;
      }
    }
  }
  return table;
}

/** The power of `card` in a trick whose first card is `led`. */
export function power(trump: number, led: number, card: number): number {
  return POWER[(trump * CARDS + led) * CARDS + card];
}

/** Index (in play order) of the card that takes the trick. */
export function trickWinnerIndex(trump: number, cards: ArrayLike<number>, count = cards.length): number {
  const base = (trump * CARDS + cards[0]) * CARDS;
  let best = 0;
  let bestPower = POWER[base + cards[0]];
  for (let i = 1; i < count; i++) {
    const p = POWER[base + cards[i]];
    if (p > bestPower) {
      best = i;
      bestPower = p;
    }
  }
  return best;
}

/** House rule `devilFirstTrick`, coded for the hot path: 0 = may not be led, 1 = may not be played at all. */
export const DEVIL_NO_LEAD = 0;
export const DEVIL_NO_PLAY = 1;

/**
 * The one card a seat may not play now, or -1. There is no duty to follow
 * suit or to win (000: "Es gibt also keinen Farbzwang, aber auch keinen
 * Stichzwang"; 001: "kein Farbzwang, kein Stichzwang"); the only restriction
 * is the Devil in the first trick: 000 "Beim ersten Stich darf der Teufel
 * nicht ausgespielt werden" (not led); 001 "Aber im ersten Stich dürfet ihr
 * sie nicht gebrauchen" (not used at all), the house rule `devilFirstTrick`.
 */
export function bannedCard(trump: number, trickNumber: number, leading: boolean, devilRule: number): number {
  if (trickNumber !== 0) return -1;
  if (!leading && devilRule === DEVIL_NO_LEAD) return -1;
  return trump * PER_SUIT + R_7;
}

/** Tricks a side needs to win the round (000: "sobald eine der beiden Seiten drei Stiche gewonnen hat"). */
export const TRICKS_TO_WIN = 3;
