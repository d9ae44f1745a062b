import { nthBit32, popcount32 } from '../../cards/bits.js';
import { cardOf, type Card, type Pack } from '../../cards/pack.js';
import type { SeededRng } from '../../core/rng.js';
import { schafkopfPack } from './cards.js';
import type { GameChoice } from './contract.js';
import { mayCall } from './bidding.js';
import type { SchafkopfRules } from './rules.js';
import { SchafkopfSearch } from './search.js';
import { playTables } from './tables.js';

/**
 * Random playouts of complete deals through the search state: shuffle, deal
 * 2 x 4 from Vorhand, a fixed game announced by Vorhand, every card chosen
 * uniformly among the legal ones, scored by the engine's settlement. A thin
 * loop over `SchafkopfSearch`, for simulations, benchmarks and tests.
 */
export class SchafkopfPlayouts {
  private readonly pack: Pack;
  private readonly deck: Uint8Array;
  /** The seat each place of the deck is dealt to, Vorhand being seat 0 (002 3.4: packets of half a hand, twice round). */
  private readonly seatAt: Uint8Array;
  private readonly hands = new Int32Array(4);
  private readonly calledSau: Card;
  private readonly callSuit: number;
  readonly search: SchafkopfSearch;

  /**
   * @param stepwise play card by card through `legalMask` and `play`, as a
   *   generic search does, instead of the search state's own rollout.
   */
  constructor(
    rules: SchafkopfRules,
    game: GameChoice,
    private readonly stepwise = false,
  ) {
    this.pack = schafkopfPack(rules.kurzeKarte);
    this.deck = new Uint8Array(this.pack.size);
    const half = this.pack.size / 8;
    this.seatAt = Uint8Array.from(this.deck, (_, k) => Math.floor(k / half) % 4);
    this.calledSau = game.kind === 'rufspiel' ? cardOf(this.pack, game.suit!, 'A')! : -1;
    this.callSuit = game.kind === 'rufspiel' ? playTables(this.pack, 'rufspiel').plain[game.suit!] : 0;
    this.search = new SchafkopfSearch({ rules, contract: { ...game, declarer: 0 }, doublings: 0, stock: 0 });
  }

  /**
   * Plays one deal with seat 0 as Vorhand and declarer. Returns the
   * declarer's payout in cents, or NaN when the hand may not announce the
   * game (a Rufspiel without a callable Sau): that deal is not played.
   */
  playout(rng: SeededRng): number {
    // Shuffle from the pack's order by the same Fisher–Yates as shuffleDeck (shuffleInPlace, from the
    // last place down), so that a seed gives the same deal both ways; each place of the deck is final
    // once the shuffle has passed it, and its card goes to the seat the dealer hands that place to.
    const deck = this.deck;
    const seatAt = this.seatAt;
    const hands = this.hands;
    const n = deck.length;
    for (let i = 0; i < n; i++) deck[i] = i;
    hands[0] = hands[1] = hands[2] = hands[3] = 0;
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const x = deck[j];
      deck[j] = deck[i];
      hands[seatAt[i]] |= 1 << x;
    }
    hands[seatAt[0]] |= 1 << deck[0];
    if (this.calledSau >= 0 && !mayCall(hands[0], this.callSuit, this.calledSau)) return NaN;
    const s = this.search;
    s.deal(hands, 0);
    if (this.stepwise) {
      for (;;) {
        const mask = s.legalMask();
        if (mask === 0) break;
        s.play(nthBit32(mask, rng.int(popcount32(mask))));
      }
    } else s.playRandom(rng);
    return s.score(0);
  }
}
