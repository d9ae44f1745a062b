import { cardOf, type Card } from '../../cards/pack.js';
import { schafkopfPack } from './cards.js';
import { isPointGame, type Contract } from './contract.js';
import type { SchafkopfRules } from './rules.js';
import { playTables, type PlayTables } from './tables.js';

/** What a deal's card play starts from, besides the hands: the game, who plays it, and what doubles it. */
export interface SearchDeal {
  readonly rules: SchafkopfRules;
  readonly contract: Contract;
  /** Klopfer, Stöße and Bock: the game counts 2^doublings. */
  readonly doublings: number;
  /** The Stock the deal found on the table (a Rufspiel wins it or doubles it). */
  readonly stock: number;
}

/** What a search state of one game knows before any card is dealt: the tables of its cards (see the fields of `SchafkopfPlay`). */
export interface DealTables {
  readonly t: PlayTables;
  readonly end: number;
  readonly sau: Card;
  readonly sauBit: number;
  readonly sauSuit: number;
  readonly stichzwang: boolean;
  readonly special: number;
  readonly followsOf: Int32Array;
  readonly ramsch: boolean;
  readonly laufendeEnd: number;
  readonly pointsMatter: boolean;
  readonly above: Int8Array[];
  readonly trumpOrder: Int8Array;
  readonly trumpRank: Int8Array;
  readonly stronger: Int32Array;
  readonly runCards: Int8Array;
  readonly runEnd: Int8Array;
  readonly alone: number;
  /**
   * For each card: the next stronger card of its class (the trumps, or its
   * plain suit) when the two count the same and neither is the called Sau
   * (nor a trump in a Ramsch), as a mask; else 0. A card whose twin is legal
   * for the same seat is worth what the twin is worth (nothing lies between
   * them), so a search tries one of the two.
   */
  readonly twins: Int32Array;
  readonly mergeable: number;
  readonly totalPoints: number;
}

/** The tables of a game's card play: who follows what, the called Sau, the runs of cards that count alike, the points of the pack. */
export function dealTables(deal: SearchDeal): DealTables {
  const { rules, contract } = deal;
  if (contract.kind === 'sie') throw new Error('a Sie is not played');
  const pack = schafkopfPack(rules.kurzeKarte);
  const t = playTables(pack, contract.kind, contract.kind === 'rufspiel' ? undefined : contract.suit);
  const follow = t.follow;
  const power = t.power;
  const cardPoints = t.points;
  const trumps = t.trumps;
  const sau = contract.kind === 'rufspiel' ? cardOf(pack, contract.suit!, 'A')! : -1;
  const sauBit = sau >= 0 ? 1 << sau : 0;
  const stichzwang = contract.kind === 'bettel' && rules.bettelStichzwang;
  const ramsch = contract.kind === 'ramsch';
  const above = pack.cards.map((c) =>
    Int8Array.from(pack.cards.filter((d) => (follow[c] & (1 << d)) !== 0 && power[d] > power[c]).sort((a, b) => power[a] - power[b])),
  );
  const pointsMatter = contract.kind !== 'bettel' && contract.tout !== true;
  const runs: number[][] = [];
  const classes = [...new Set(pack.cards.map((c) => follow[c]))];
  for (const cls of classes) {
    const members = pack.cards.filter((c) => (cls & (1 << c)) !== 0).sort((a, b) => power[b] - power[a]);
    for (const c of members) {
      const run = runs[runs.length - 1];
      const last = run?.[run.length - 1];
      if (last !== undefined && (cls & (1 << last)) !== 0 && c !== sau && last !== sau && (!ramsch || (trumps & (1 << c)) === 0) && (!pointsMatter || cardPoints[last] === cardPoints[c])) run.push(c);
      else runs.push([c]);
    }
  }
  const long = runs.filter((r) => r.length > 1);
  const runCards = Int8Array.from(long.flat());
  const runEnd = new Int8Array(runCards.length);
  let at = 0;
  for (const r of long) {
    at += r.length;
    runEnd.fill(at, at - r.length, at);
  }
  return {
    t,
    end: pack.size,
    sau,
    sauBit,
    sauSuit: sau >= 0 ? follow[sau] : 0,
    stichzwang,
    special: stichzwang ? -1 : sauBit,
    followsOf: follow.map((f) => f | trumps),
    ramsch,
    laufendeEnd: !isPointGame(contract.kind) ? 0 : rules.laufende === 'herren' ? t.herren : t.trumpOrder.length,
    pointsMatter,
    above,
    trumpOrder: Int8Array.from(t.trumpOrder),
    trumpRank: Int8Array.from(pack.cards.map((c) => (t.trumpOrder.indexOf(c) >= 0 ? t.trumpOrder.indexOf(c) : 15))),
    stronger: Int32Array.from(pack.cards.map((c) => pack.cards.reduce((m, d) => (power[d] > power[c] ? m | (1 << d) : m), 0))),
    runCards,
    runEnd,
    twins: Int32Array.from(pack.cards.map((c) => {
      const d = above[c][0];
      if (d === undefined || c === sau || d === sau || (ramsch && (trumps & (1 << c)) !== 0)) return 0;
      return cardPoints[c] === cardPoints[d] ? 1 << d : 0;
    })),
    alone: runs.filter((r) => r.length === 1).reduce((m, r) => m | (1 << r[0]), 0),
    mergeable: ramsch ? ~trumps : -1,
    totalPoints: pack.cards.reduce((sum, c) => sum + cardPoints[c], 0),
  };
}
