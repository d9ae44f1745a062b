import { nthBit32, popcount32 } from '../../cards/bits.js';
import { cardOf, type Card, type Pack } from '../../cards/pack.js';
import { shuffleInPlace, type SeededRng } from '../../core/rng.js';
import { schafkopfPack } from './cards.js';
import { isSoloKind, type Contract, type GameChoice } from './contract.js';
import { mayCall } from './bidding.js';
import { legalMask } from './legal.js';
import type { SchafkopfRules } from './rules.js';
import { countLaufende, settlePointGame } from './scoring.js';
import { playTables, type PlayTables } from './tables.js';

/**
 * The fast path for simulations and bots: complete deals (shuffle, deal 2 x 4
 * from Vorhand, a fixed game announced by Vorhand, every card chosen
 * uniformly among the legal ones, scoring) on preallocated buffers. It uses
 * the same legality (`legalMask`), trick tables, Laufende and settlement as
 * the public engine.
 */
export class SchafkopfPlayouts {
  private readonly pack: Pack;
  private readonly t: PlayTables;
  private readonly deck: Uint8Array;
  private readonly hands = new Int32Array(4);
  private readonly dealt = new Int32Array(4);
  private readonly points = new Int32Array(4);
  private readonly tricks = new Int32Array(4);
  private readonly perHand: number;
  private readonly calledSau: Card;
  private readonly contract: Contract;

  constructor(
    private readonly rules: SchafkopfRules,
    private readonly game: GameChoice,
  ) {
    this.pack = schafkopfPack(rules.kurzeKarte);
    this.t = playTables(this.pack, game.kind, game.kind === 'rufspiel' ? undefined : game.suit);
    this.deck = new Uint8Array(this.pack.size);
    this.perHand = this.pack.size / 4;
    this.calledSau = game.kind === 'rufspiel' ? cardOf(this.pack, game.suit!, 'A')! : -1;
    this.contract = { ...game, declarer: 0 };
  }

  /**
   * Plays one deal with seat 0 as Vorhand and declarer. Returns the
   * declarer's payout in cents, or NaN when the hand may not announce the
   * game (a Rufspiel without a callable Sau): that deal is not played.
   */
  playout(rng: SeededRng): number {
    const { deck, hands, dealt, points, tricks, t } = this;
    // Shuffle from the pack's order, as shuffleDeck does, so that a seed gives the same deal both ways.
    for (let i = 0; i < deck.length; i++) deck[i] = i;
    shuffleInPlace(deck, rng);
    const half = this.perHand >> 1;
    hands.fill(0);
    let k = 0;
    for (let round = 0; round < 2; round++) {
      for (let seat = 0; seat < 4; seat++) {
        for (let c = 0; c < half; c++) hands[seat] |= 1 << deck[k++];
      }
    }
    dealt.set(hands);
    const game = this.game;
    const calledSau = this.calledSau;
    let partyMask = dealt[0];
    let partner = -1;
    if (calledSau >= 0) {
      if (!mayCall(dealt[0], t.plain[game.suit!], calledSau)) return NaN;
      for (let s = 1; s < 4; s++) if ((dealt[s] & (1 << calledSau)) !== 0) partner = s;
      partyMask |= dealt[partner];
    }
    points.fill(0);
    tricks.fill(0);
    const stichzwang = game.kind === 'bettel' && this.rules.bettelStichzwang;
    const power = t.power;
    const cardPoints = t.points;
    let leader = 0;
    let searched = false;
    for (let trick = 0; trick < this.perHand; trick++) {
      let led: Card = -1;
      let best: Card = -1;
      let bestSeat = leader;
      let follows = 0;
      let pts = 0;
      for (let i = 0; i < 4; i++) {
        const seat = (leader + i) & 3;
        const hand = hands[seat];
        const ownSau = calledSau >= 0 && !searched && (hand & (1 << calledSau)) !== 0 ? calledSau : -1;
        const mask = legalMask(t, hand, led, best, ownSau, stichzwang);
        const card = nthBit32(mask, rng.int(popcount32(mask)));
        const bit = 1 << card;
        hands[seat] = hand & ~bit;
        pts += cardPoints[card];
        if (i === 0) {
          led = best = card;
          follows = t.follow[card] | t.trumps;
        } else if ((follows & bit) !== 0 && power[card] > power[best]) {
          best = card;
          bestSeat = seat;
        }
      }
      points[bestSeat] += pts;
      tricks[bestSeat]++;
      leader = bestSeat;
      // The called suit counts as searched once the trick that first led it is over (002 5.3.1.2).
      if (calledSau >= 0 && (t.follow[calledSau] & (1 << led)) !== 0) searched = true;
    }
    const partyPoints = points[0] + (partner > 0 ? points[partner] : 0);
    const partyTricks = tricks[0] + (partner > 0 ? tricks[partner] : 0);
    const contract = this.contract;
    const laufende = game.kind === 'bettel' ? 0 : countLaufende(t, partyMask, this.rules);
    const settled = settlePointGame(this.rules, contract, partyPoints, partyTricks, this.perHand, laufende);
    const amount = settled.won ? settled.amount : -settled.amount;
    return isSoloKind(game.kind) ? 3 * amount : amount;
  }
}
