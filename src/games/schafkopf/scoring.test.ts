import { describe, expect, it } from 'vitest';
import { formatCard, parseCards } from '../../cards/notation.js';
import { SCHAFKOPF_32, type Card } from '../../cards/pack.js';
import { unwrap } from '../../core/result.js';
import type { Seat } from '../game.js';
import type { Contract } from './contract.js';
import { schafkopf } from './game.js';
import type { SchafkopfRules } from './rules.js';
import { countLaufende, partyOf, scoreDeal, type DoneTrick, type SchafkopfOutcome } from './scoring.js';
import { playTables } from './tables.js';
import { act, deal, legalCodes, play, rulesOf } from './testing.js';

const PACK = SCHAFKOPF_32;
const ids = (codes: string): Card[] => unwrap(parseCards(PACK, codes));
const maskOf = (codes: string): number => ids(codes).reduce((m, c) => m | (1 << c), 0) >>> 0;
const AK = rulesOf();
const SP = rulesOf('sauspiel');

// Deal A of legal.test.ts: seat 0 calls the Gras-Sau, seat 2 holds it.
const A = ['EO GO HO EU HA HZ G9 S7', 'SO GU HK H9 EA EZ S9 S8', 'GA GZ GK SU H8 EK E9 E8', 'HU H7 SA SZ SK E7 G8 G7'];
const A_PLAY = ['EO H9 H8 H7', 'GO HK SU HU', 'HO SO GZ G7', 'EU GU GK G8', 'HA S8 E8 E7', 'HZ S9 E9 SK', 'S7 EZ EK SA', 'SZ G9 EA GA'];
// Deal H: seat 0 plays a Herz-Solo with EO GO HO SO (4 Laufende: the Eichel-Unter is against him), loses only the last trick.
const H = ['EO GO HO SO HA HZ HK E7', 'EU GU H9 EZ EK E9 GA GZ', 'HU SU H8 E8 EA GK G9 G8', 'H7 SA SZ SK S9 S8 S7 G7'];
const H_PLAY = ['EO H9 H8 H7', 'GO GU SU S7', 'HO EU HU S8', 'SO EZ E8 SA', 'HA GZ G8 SZ', 'HZ GA G9 SK', 'HK E9 GK G7', 'E7 EK EA S9'];
// Deal H2: as H with the Eichel-Sau and -Sieben swapped: seat 0 takes every trick.
const H2 = ['EO GO HO SO HA HZ HK EA', 'EU GU H9 EZ EK E9 GA GZ', 'HU SU H8 E8 E7 GK G9 G8', 'H7 SA SZ SK S9 S8 S7 G7'];
const H2_PLAY = ['EO H9 H8 H7', 'GO GU SU S7', 'HO EU HU S8', 'SO EZ E8 SA', 'HA GZ G8 SZ', 'HZ GA G9 SK', 'HK E9 GK G7', 'EA EK E7 S9'];
// Deal W: seat 0 plays a Wenz with EU GU (2 Laufende, the Herz-Unter is against him), loses the last trick to the Schelln-Zehn.
const W = ['EU GU EA EZ GA GZ SA S7', 'HU EK E9 GK G9 SK S9 H7', 'SU E8 E7 G8 G7 S8 SZ H8', 'EO GO HO SO HA HZ HK H9'];
const W_PLAY = ['EU HU SU H9', 'GU H7 H8 HK', 'EA E9 E7 EO', 'EZ EK E8 HA', 'GA G9 G7 GO', 'GZ GK G8 HZ', 'SA S9 S8 SO', 'S7 SK SZ HO'];

/** Plays a whole deal: the bidding (seat 0 announces `game`, the others pass), no Stoß, then the tricks. */
function played(rules: SchafkopfRules, hands: string[], game: string, tricks: string[], carry = { stock: 0, bock: 0 }): SchafkopfOutcome {
  let s = deal({ ...rules, stoss: false }, hands, 3, carry);
  if (s.phase === 'klopfen') s = play(s, 'weiter, weiter, weiter, weiter');
  s = play(s, `${game}, weiter, weiter, weiter`);
  for (const t of tricks) s = play(s, t.split(' ').join(','));
  expect(s.phase).toBe('done');
  return schafkopf.outcome(s)!;
}

const ZEROS = ids('E9 E8 E7 G9 G8 G7 H9 H8 H7 S9 S8 S7');

/**
 * Scores a deal from its card points alone: the declaring party (`winner`)
 * takes `partyCards` plus as many worthless cards as make whole tricks, an
 * opponent (`loser`) takes the rest.
 */
function byPoints(
  rules: SchafkopfRules,
  contract: Contract,
  dealt: readonly string[],
  partyCards: string,
  opts: { winner?: Seat; loser?: Seat; doublings?: number; stock?: number } = {},
): SchafkopfOutcome {
  const winner = opts.winner ?? contract.declarer!;
  const loser = opts.loser ?? (winner + 1) % 4;
  const party = ids(partyCards);
  for (const z of ZEROS) if (party.length % 4 !== 0 && !party.includes(z)) party.push(z);
  const rest = PACK.cards.filter((c) => !party.includes(c));
  const tricks: DoneTrick[] = [];
  for (const [seat, cards] of [[winner, party], [loser, rest]] as const) {
    for (let i = 0; i < cards.length; i += 4) tricks.push({ leader: seat, cards: cards.slice(i, i + 4), winner: seat });
  }
  const kind = contract.kind;
  const tables = playTables(PACK, kind, kind === 'rufspiel' ? undefined : contract.suit);
  const dealtMasks = dealt.map(maskOf);
  const sau = kind === 'rufspiel' ? PACK.cards.find((c) => formatCard(PACK, c) === ['EA', 'GA', 'HA', 'SA'][contract.suit!])! : -1;
  return scoreDeal(
    { rules, tables, contract, dealt: dealtMasks, tricks, doublings: opts.doublings ?? 0, stock: opts.stock ?? 0 },
    partyOf(contract, dealtMasks, sau),
  );
}

const RUF: Contract = { kind: 'rufspiel', suit: 1, declarer: 0 };
// Deal A with the Eichel-Ober and the Schelln-Ober swapped: the Laufende (one, EO against the players) are not paid.
const FLAT = ['SO GO HO EU HA HZ G9 S7', 'EO GU HK H9 EA EZ S9 S8', 'GA GZ GK SU H8 EK E9 E8', 'HU H7 SA SZ SK E7 G8 G7'];
// Deal A with only EO GO for the players (HO with seat 1): two Laufende.
const TWO = ['EO GO SU HA HZ HK G9 S7', 'HO GU SO H9 EA EZ S9 S8', 'GA GZ GK EU H8 EK E9 E8', 'HU H7 SA SZ SK E7 G8 G7'];
const SOLO_H: Contract = { kind: 'solo', suit: 2, declarer: 0 };

describe('winning and Schneider (002 6.1, 6.2)', () => {
  it('002 6.1: the declaring party wins with 61 card points; 002 6.2.1: at 60:60 the non-declarers win', () => {
    const win = byPoints(AK, RUF, FLAT, 'EA GA HA SA EZ EK EO');
    expect(win.points[0]).toBe(61);
    expect(win.won).toBe(true);
    expect(win.score).toEqual([10, -10, 10, -10]);
    const tie = byPoints(AK, RUF, FLAT, 'EA GA HA SA EZ EK EU');
    expect(tie.points[0]).toBe(60);
    expect(tie.won).toBe(false);
    expect(tie.schneider).toBe(false);
    expect(tie.score).toEqual([-10, 10, -10, 10]);
  });

  it('002 6.2.1 (exception) and 5.3.7 a: in a Mussspiel the declarers win with 60', () => {
    const must: Contract = { ...SOLO_H, mussspiel: true };
    const tie = byPoints(AK, must, H, 'EA GA HA SA EZ EK EU');
    expect(tie.won).toBe(true);
    // 1 SE + 4 Laufende (EO GO HO SO with seat 0).
    expect(tie.score).toEqual([270, -90, -90, -90]);
    expect(byPoints(AK, must, H, 'EA GA HA SA EZ EK E9').won).toBe(false);
  });

  it('002 6.2.2: Schneider at 91:29: declarers with 91 win Schneider, with 90 they do not (non-declarers with 30 are free)', () => {
    const s91 = byPoints(AK, RUF, FLAT, 'EA GA HA SA EZ GZ HZ SZ EK EO');
    expect(s91.points[0]).toBe(91);
    expect([s91.won, s91.schneider, s91.schwarz]).toEqual([true, true, false]);
    expect(s91.amount).toBe(20);
    const s90 = byPoints(AK, RUF, FLAT, 'EA GA HA SA EZ GZ HZ SZ GO HO');
    expect(s90.points[0]).toBe(90);
    expect([s90.won, s90.schneider]).toEqual([true, false]);
    expect(s90.amount).toBe(10);
  });

  it('002 6.2.2: declarers with 30 are Schneider, declarers with 31 are free', () => {
    const s30 = byPoints(AK, SOLO_H, H, 'EA EZ EK EO EU');
    expect(s30.points[0]).toBe(30);
    expect([s30.won, s30.schneider]).toEqual([false, true]);
    // Solo lost Schneider with the 4 Laufende of seat 0 (EO GO HO SO): 1 SE + 1 GE + 4 GE.
    expect(s30.amount).toBe(50 + 10 + 40);
    expect(s30.score).toEqual([-300, 100, 100, 100]);
    const s31 = byPoints(AK, SOLO_H, H, 'EA EZ EK EO GO');
    expect(s31.points[0]).toBe(31);
    expect([s31.won, s31.schneider]).toEqual([false, false]);
    expect(s31.amount).toBe(50 + 40);
  });

  it('002 6.2.3: Schwarz means no trick at all, not merely no card points (there are empty tricks)', () => {
    // Seat 1 takes one trick of four worthless cards: 120:0 in points, but no Schwarz.
    const pack = PACK;
    const zeros = ids('E9 E8 E7 G9');
    const rest = pack.cards.filter((c) => !zeros.includes(c));
    const tricks: DoneTrick[] = [{ leader: 1, cards: zeros, winner: 1 }];
    for (let i = 0; i < rest.length; i += 4) tricks.push({ leader: 0, cards: rest.slice(i, i + 4), winner: 0 });
    const o = scoreDeal({ rules: AK, tables: playTables(pack, 'solo', 2), contract: SOLO_H, dealt: H.map(maskOf), tricks, doublings: 0, stock: 0 }, [0]);
    expect(o.points).toEqual([120, 0, 0, 0]);
    expect([o.won, o.schneider, o.schwarz]).toEqual([true, true, false]);
    expect(o.amount).toBe(50 + 10 + 40);
    const all = byPoints(AK, SOLO_H, H, PACK.cards.map((c) => formatCard(PACK, c)).join(' '));
    expect([all.schneider, all.schwarz]).toEqual([true, true]);
    expect(all.amount).toBe(50 + 20 + 40);
    // Declarers without a trick are Schwarz too.
    const none = byPoints(AK, SOLO_H, H, '');
    expect([none.won, none.schneider, none.schwarz]).toEqual([false, true, true]);
    expect(none.score).toEqual([-330, 110, 110, 110]);
  });
});

describe('Laufende (002 6.3, house rule laufende)', () => {
  const t = (kind: 'rufspiel' | 'solo' | 'wenz' | 'geier' | 'farbwenz', suit?: 0 | 1 | 2 | 3) => playTables(PACK, kind, suit);

  it('002 6.3: Eichel-, Gras-, Herz-Ober with one party, the Schelln-Ober with the other: three Laufende, whoever wins', () => {
    expect(countLaufende(t('rufspiel'), maskOf('EO GO HO EU GU HU SU HA'), AK)).toBe(3);
    // The same three counted for the party that does not hold them ("ohne drei").
    expect(countLaufende(t('rufspiel'), maskOf('SO EU GU HU SU HA HZ HK'), AK)).toBe(3);
    const withThree = byPoints(AK, RUF, A, 'EA GA HA SA EZ EK EU');
    expect(withThree.laufende).toBe(3);
    expect(withThree.won).toBe(false);
    expect(withThree.score).toEqual([-40, 40, -40, 40]);
  });

  it('002 6.3 (laufende=herren, aumer-koller): only Ober and Unter count, at most eight', () => {
    const all = maskOf('EO GO HO SO EU GU HU SU') | maskOf('HA HZ');
    expect(countLaufende(t('rufspiel'), all, AK)).toBe(8);
    expect(countLaufende(t('solo', 0), maskOf('EO GO HO SO EU GU HU SU EA EZ'), AK)).toBe(8);
  });

  it('conformance README (laufende=allTrumps, sauspiel): Laufende run down the whole trump order', () => {
    const all = maskOf('EO GO HO SO EU GU HU SU') | maskOf('HA HZ');
    expect(countLaufende(t('rufspiel'), all, SP)).toBe(10);
    // All 14 trumps in one party: 14 Laufende.
    expect(countLaufende(t('rufspiel'), maskOf('EO GO HO SO EU GU HU SU HA HZ HK H9 H8 H7'), SP)).toBe(14);
    expect(countLaufende(t('wenz'), maskOf('EU GU HU SU EA'), SP)).toBe(4);
    expect(countLaufende(t('farbwenz', 1), maskOf('EU GU HU SU GA GZ'), SP)).toBe(6);
    expect(countLaufende(t('farbwenz', 1), maskOf('EU GU HU SU GA GZ'), AK)).toBe(4);
  });

  it('002 6.4.1: in a Rufspiel Laufende are paid from 3 (laufendeFromRufspiel), 1 GE each', () => {
    // Party seats 0 and 2 of deal A hold EO GO HO; give them the EU instead of the SO: still only the first run counts.
    expect(byPoints(AK, RUF, A, 'EA GA HA SA EZ EK EO').laufende).toBe(3);
    const two = ['EO GO EU HO HA HZ G9 S7', 'SO GU HK H9 EA EZ S9 S8', 'GA GZ GK SU H8 EK E9 E8', 'HU H7 SA SZ SK E7 G8 G7'];
    const o = byPoints(AK, RUF, two, 'EA GA HA SA EZ EK EO');
    expect(o.laufende).toBe(3);
    const notPaid = byPoints(AK, RUF, TWO, 'EA GA HA SA EZ EK EO');
    expect(notPaid.laufende).toBe(2);
    expect(notPaid.amount).toBe(10);
    const from2 = rulesOf('aumer-koller', { laufendeFromRufspiel: 2 });
    expect(byPoints(from2, RUF, TWO, 'EA GA HA SA EZ EK EO').amount).toBe(30);
  });

  it('002 6.4.2: Solo from 3 Laufende, Wenz from 2', () => {
    // Herz-Solo with EO GO only: two Laufende, not paid.
    const solo2 = byPoints(AK, SOLO_H, ['EO GO EU HA HZ HK EA SA', 'HO SO GU HU SU H9 H8 H7', 'EZ EK E9 E8 E7 GA GZ GK', 'G9 G8 G7 SZ SK S9 S8 S7'], 'EA GA HA SA EZ EK EO');
    expect(solo2.laufende).toBe(2);
    expect(solo2.amount).toBe(50);
    const wenz: Contract = { kind: 'wenz', declarer: 0 };
    const wenz2 = byPoints(AK, wenz, W, 'EA GA HA SA EZ EK EO');
    expect(wenz2.laufende).toBe(2);
    expect(wenz2.amount).toBe(50 + 20);
    // Geier counts like the Wenz (laufendeFromWenz).
    const geier = byPoints(rulesOf('aumer-koller', { geier: true }), { kind: 'geier', declarer: 3 }, W, 'EA GA HA SA EZ EK EO');
    expect(geier.laufende).toBe(4);
    expect(geier.amount).toBe(50 + 40);
  });
});

describe('the tariff (002 6.4)', () => {
  it('002 6.4.1: Rufspiel 1 GE, Schneider 2 GE, Schwarz 3 GE, each partner paid by one opponent', () => {
    expect(byPoints(AK, RUF, FLAT, 'EA GA HA SA EZ EK EO').score).toEqual([10, -10, 10, -10]);
    expect(byPoints(AK, RUF, FLAT, 'EA GA HA SA EZ GZ HZ SZ EK EO').score).toEqual([20, -20, 20, -20]);
    expect(byPoints(AK, RUF, FLAT, PACK.cards.map((c) => formatCard(PACK, c)).join(' ')).score).toEqual([30, -30, 30, -30]);
  });

  it('002 6.4.1 through play: deal A, Rufspiel won with 63 and 3 Laufende: 1 GE + 3 GE', () => {
    const o = played(AK, A, 'rufspiel G', A_PLAY);
    expect(o.score).toEqual([40, -40, 40, -40]);
    // sauspiel: Rufspiel 20 ct + 3 Laufende x 10 ct (the whole trump order: EO GO HO, then the SO against them).
    expect(played(SP, A, 'rufspiel G', A_PLAY).score).toEqual([50, -50, 50, -50]);
  });

  it('002 6.4.2: Solo Schneider with 4 Laufende = 1 SE + 1 GE + 4 GE from each of the three opponents (+300)', () => {
    const o = played(AK, H, 'solo H', H_PLAY);
    expect(o.points).toEqual([105, 0, 15, 0]);
    expect(o.tricks).toEqual([7, 0, 1, 0]);
    expect([o.won, o.schneider, o.schwarz, o.laufende]).toEqual([true, true, false, 4]);
    expect(o.amount).toBe(100);
    expect(o.score).toEqual([300, -100, -100, -100]);
  });

  it('002 6.4.2: Solo Schwarz with 4 Laufende = 1 SE + 2 GE + 4 GE (+330)', () => {
    const o = played(AK, H2, 'solo H', H2_PLAY);
    expect(o.tricks).toEqual([8, 0, 0, 0]);
    expect([o.schneider, o.schwarz]).toEqual([true, true]);
    expect(o.score).toEqual([330, -110, -110, -110]);
  });

  it('002 5.3.5, 6.4.2: Solo tout: every trick or nothing, 2 x (1 SE + Laufende x GE)', () => {
    expect(played(AK, H2, 'solo-tout H', H2_PLAY).score).toEqual([540, -180, -180, -180]);
    // One trick lost: the tout is lost, however many points.
    const lost = played(AK, H, 'solo-tout H', H_PLAY);
    expect(lost.points[0]).toBe(105);
    expect(lost.won).toBe(false);
    expect(lost.score).toEqual([-540, 180, 180, 180]);
  });

  it('002 5.3.2, 6.4.2: Wenz Schneider with 2 Laufende (paid from 2): 1 SE + 1 GE + 2 GE', () => {
    const o = played(AK, W, 'wenz', W_PLAY);
    expect(o.points).toEqual([103, 0, 17, 0]);
    expect([o.won, o.schneider, o.laufende]).toEqual([true, true, 2]);
    expect(o.score).toEqual([240, -80, -80, -80]);
    // 002 5.3.4: Wenz tout lost by the last trick: 2 x (1 SE + 2 GE).
    expect(played(AK, W, 'wenz-tout', W_PLAY).score).toEqual([-420, 140, 140, 140]);
  });

  it('002 6.4 with GE and SE configured: GE 20, SE 100 (tarifRufspiel, tarifSchneider, tarifLaufende, tarifSolo)', () => {
    const r = rulesOf('aumer-koller', { tarifRufspiel: 20, tarifSchneider: 20, tarifLaufende: 20, tarifSolo: 100 });
    expect(played(r, H, 'solo H', H_PLAY).score).toEqual([3 * (100 + 20 + 80), -200, -200, -200]);
    expect(played(r, A, 'rufspiel G', A_PLAY).score).toEqual([80, -80, 80, -80]);
    expect(played(r, H2, 'solo-tout H', H2_PLAY).score).toEqual([3 * 2 * (100 + 80), -360, -360, -360]);
  });

  it('002 6.4.3: Bock doubles the whole game (a pending Bock in the carry)', () => {
    const o = played(AK, H, 'solo H', H_PLAY, { stock: 0, bock: 1 });
    expect(o.multiplier).toBe(2);
    expect(o.score).toEqual([600, -200, -200, -200]);
    expect(played(AK, A, 'rufspiel G', A_PLAY, { stock: 0, bock: 2 }).score).toEqual([160, -160, 160, -160]);
  });

  it('002 6.4.2: the Sie pays 4 x (1 SE + 8 GE) under either Laufende count (its eight cards are the eight Herren, so the run stops there)', () => {
    const q = ['EA GA SA EZ GZ SZ HA HZ', 'EO GO HO SO EU GU HU SU', 'EK E9 E8 E7 GK G9 G8 G7', 'HK H9 H8 H7 SK S9 S8 S7'];
    const ak = play(deal(AK, q, 3), 'weiter, sie, weiter, weiter');
    expect(schafkopf.outcome(ak)!.score).toEqual([-520, 1560, -520, -520]);
    const sp = play(deal(SP, q, 3), 'weiter, weiter, weiter, weiter', 'weiter, sie, weiter, weiter');
    expect(schafkopf.outcome(sp)!.laufende).toBe(8);
    expect(schafkopf.outcome(sp)!.score).toEqual([-520, 1560, -520, -520]);
  });
});

describe('the Stock (002 5.3.7 c)', () => {
  it('002 5.3.7 c: the Stock goes to the winners of the next Rufspiel, half to each', () => {
    const o = played(AK, A, 'rufspiel G', A_PLAY, { stock: 40, bock: 0 });
    expect(o.score).toEqual([60, -40, 60, -40]);
    expect(o.stock).toBe(-40);
    expect(o.score.reduce((a, b) => a + b, 0) + o.stock).toBe(0);
  });

  it('002 5.3.7 c: losers of the next Rufspiel double the Stock', () => {
    const o = byPoints(AK, RUF, A, 'EA GA HA SA EZ EK EU', { stock: 40 });
    expect(o.won).toBe(false);
    expect(o.score).toEqual([-40 - 20, 40, -40 - 20, 40]);
    expect(o.stock).toBe(40);
  });

  it('002 5.3.7 c: a Solo leaves the Stock alone (it waits for the next normal game)', () => {
    const o = played(AK, H, 'solo H', H_PLAY, { stock: 40, bock: 0 });
    expect(o.score).toEqual([300, -100, -100, -100]);
    expect(o.stock).toBe(0);
  });
});

describe('Ramsch (002 5.3.6.3, house rules ramschDurchmarsch and ramschJungfrau)', () => {
  const RAMSCH: Contract = { kind: 'ramsch', declarer: null };
  const tables = playTables(PACK, 'ramsch');
  /** Tricks given as [winner, four codes]. */
  const ramsch = (rules: SchafkopfRules, tricks: [Seat, string][], doublings = 0) =>
    scoreDeal(
      { rules, tables, contract: RAMSCH, dealt: A.map(maskOf), tricks: tricks.map(([w, c]) => ({ leader: w, cards: ids(c), winner: w })), doublings, stock: 0 },
      [],
    );
  const base: [Seat, string][] = [
    [0, 'EA EZ EK EO'], // 28
    [0, 'GA GZ GK GO'], // 28
    [1, 'HA HZ HK HO'], // 28
    [1, 'SA SZ E9 E8'], // 21
    [2, 'SK SO EU GU'], // 11
    [2, 'HU SU E7 G9'], // 4
    [3, 'G8 G7 H9 H8'], // 0
    [3, 'H7 S9 S8 S7'], // 0
  ];

  it('002 5.3.6.3: whoever took the most card points loses and pays each other player', () => {
    const r = rulesOf();
    const o = ramsch(r, [[0, 'EA EZ EK EO'], [0, 'GA GZ GK GO'], [0, 'SA SZ E9 E8'], ...base.slice(2, 3), ...base.slice(4)] as [Seat, string][]);
    expect(o.points).toEqual([77, 28, 15, 0]);
    expect(o.ramsch).toEqual({ loser: 0, durchmarsch: null, jungfrauen: [] });
    expect(o.score).toEqual([-30, 10, 10, 10]);
    expect(o.won).toBeNull();
    expect(o.party).toEqual([]);
  });

  it('Ramsch ties (engine decision, the online sites): of the tied players, whoever took the highest trump loses', () => {
    const o = ramsch(AK, base);
    expect(o.points).toEqual([56, 49, 15, 0]);
    const tied: [Seat, string][] = [
      [0, 'EA EZ EK E9'], // 25
      [0, 'GA GZ GK G9'], // 25
      [1, 'HA HZ HK H9'], // 25 (trumps HA HZ HK H9)
      [1, 'SA SZ SK S9'], // 25
      [2, 'EO GO HO SO'], // 12 (the Eichel-Ober)
      [2, 'EU GU HU SU'], // 8
      [3, 'E8 E7 G8 G7'],
      [3, 'H8 H7 S8 S7'],
    ];
    const t = ramsch(AK, tied);
    expect(t.points).toEqual([50, 50, 20, 0]);
    // Seat 1 took the Herz-Sau, a trump; seat 0 no trump at all: seat 1 loses.
    expect(t.ramsch?.loser).toBe(1);
  });

  it('002 5.3.6.3 Durchmarsch (ramschDurchmarsch=allTricks, default): one player takes every trick and wins three times the Ramsch', () => {
    const all: [Seat, string][] = base.map(([, c]) => [2, c]);
    const o = ramsch(AK, all);
    expect(o.ramsch).toEqual({ loser: null, durchmarsch: 2, jungfrauen: [] });
    expect(o.score).toEqual([-10, -10, 30, -10]);
    const off = ramsch(rulesOf('aumer-koller', { ramschDurchmarsch: 'off' }), all);
    expect(off.ramsch?.loser).toBe(2);
    expect(off.score).toEqual([10, 10, -30, 10]);
  });

  it('conformance README Durchmarsch "atLeast" (ramschDurchmarsch=points): enough card points are a Durchmarsch', () => {
    const r = rulesOf('aumer-koller', { ramschDurchmarsch: 'points', ramschDurchmarschPoints: 91 });
    const most: [Seat, string][] = base.map(([w, c], i) => [i < 6 ? 3 : w, c]);
    const o = ramsch(r, most);
    expect(o.points[3]).toBe(120);
    expect(o.ramsch?.durchmarsch).toBe(3);
    const short: [Seat, string][] = base.map(([w, c], i) => [i < 4 ? 3 : w, c]);
    const p = ramsch(r, short);
    expect(p.points[3]).toBe(105);
    expect(p.ramsch?.durchmarsch).toBe(3);
    const notEnough = ramsch(r, base.map(([w, c], i) => [i < 3 ? 3 : w, c]) as [Seat, string][]);
    expect(notEnough.points[3]).toBe(84);
    expect(notEnough.ramsch?.durchmarsch).toBeNull();
    expect(notEnough.ramsch?.loser).toBe(3);
  });

  it('conformance README Jungfrau: a player without a trick doubles (all, once for himself, or once per Jungfrau)', () => {
    // Seat 3 takes no trick: a Jungfrau. Seat 0 loses with 56.
    const noTrick3: [Seat, string][] = base.map(([w, c]) => [w === 3 ? 2 : w, c]);
    const all = ramsch(rulesOf('aumer-koller', { ramschJungfrau: 'doubleAll' }), noTrick3);
    expect(all.ramsch).toEqual({ loser: 0, durchmarsch: null, jungfrauen: [3] });
    expect(all.score).toEqual([-60, 20, 20, 20]);
    const once = ramsch(rulesOf('aumer-koller', { ramschJungfrau: 'doubleIndividuallyOnce' }), noTrick3);
    expect(once.score).toEqual([-40, 10, 10, 20]);
    // Two Jungfrauen (seats 2 and 3): each is paid 2^2 times under "multiple".
    const two: [Seat, string][] = base.map(([w, c]) => [w >= 2 ? 1 : w, c]);
    const multiple = ramsch(rulesOf('aumer-koller', { ramschJungfrau: 'doubleIndividuallyMultiple' }), two);
    expect(multiple.ramsch?.jungfrauen).toEqual([2, 3]);
    expect(multiple.ramsch?.loser).toBe(1);
    expect(multiple.score).toEqual([10, -90, 40, 40]);
    expect(ramsch(AK, noTrick3).score).toEqual([-30, 10, 10, 10]);
  });

  it('002 6.4.3: Bock and Klopfen double a Ramsch too', () => {
    expect(ramsch(AK, base, 1).score).toEqual([-60, 20, 20, 20]);
  });
});

describe('Bettel (002 5.3.6.4, house rules bettel, bettelStichzwang, tarifBettel)', () => {
  const r = rulesOf('aumer-koller', { bettel: true, stoss: false });
  // Seat 0 holds the Sieben and Acht of every suit: he can only take a trick in a suit nobody else holds.
  const B = ['E7 E8 G7 G8 H7 H8 S7 S8', 'EA EK EO EU EZ E9 GA GK', 'HA HK HO HU HZ H9 SA SK', 'SO SU SZ S9 GO GU GZ G9'];
  // As B, with the Eichel-Sau for the Eichel-Sieben: seat 0 takes the trick he leads it to.
  const B2 = ['EA E8 G7 G8 H7 H8 S7 S8', 'EZ EK EO EU E7 E9 GA GK', 'HA HK HO HU HZ H9 SA SK', 'SO SU SZ S9 GO GU GZ G9'];

  it('002 5.3.6.4: the declarer wins by taking no trick: 1 SE (tarifBettel) from each opponent', () => {
    let s = play(deal(r, B), 'bettel, weiter, weiter, weiter');
    expect(s.contract).toEqual({ kind: 'bettel', declarer: 0 });
    // Tricks in playing order from the leader; seat 1 takes them all.
    for (const t of ['E7 EA H9 S9', 'EK HA G9 E8', 'EO HK GZ G8', 'EU HO GU G7', 'EZ HU GO H8', 'E9 HZ SZ H7', 'GA SA SO S8', 'GK SK SU S7']) s = play(s, t.split(' ').join(','));
    const o = schafkopf.outcome(s)!;
    expect(o.tricks).toEqual([0, 8, 0, 0]);
    expect(o.won).toBe(true);
    expect(o.score).toEqual([150, -50, -50, -50]);
    const priced = rulesOf('aumer-koller', { bettel: true, stoss: false, tarifBettel: 30 });
    let t = play(deal(priced, B), 'bettel, weiter, weiter, weiter');
    for (const x of ['E7 EA H9 S9', 'EK HA G9 E8', 'EO HK GZ G8', 'EU HO GU G7', 'EZ HU GO H8', 'E9 HZ SZ H7', 'GA SA SO S8', 'GK SK SU S7']) t = play(t, x.split(' ').join(','));
    expect(schafkopf.outcome(t)!.score).toEqual([90, -30, -30, -30]);
  });

  it('002 5.3.6.4: one trick and the Bettel is lost (play goes on to the end)', () => {
    let s = play(deal(r, B2), 'bettel, weiter, weiter, weiter');
    s = play(s, 'EA, E7, H9, S9');
    expect(s.tricks[0].winner).toBe(0);
    expect(s.phase).toBe('play');
    for (const t of ['E8 EK HA G9', 'EZ HK GZ G8', 'EO HO GU G7', 'EU HU GO H8', 'GA HZ SZ H7', 'GK SA SU S8', 'E9 SK SO S7']) s = play(s, t.split(' ').join(','));
    const o = schafkopf.outcome(s)!;
    expect(o.tricks).toEqual([1, 7, 0, 0]);
    expect(o.won).toBe(false);
    expect(o.score).toEqual([-150, 50, 50, 50]);
  });

  it('conformance README Bettel "stichzwang" (bettelStichzwang): a player must beat the best card so far if he can', () => {
    const hands = ['S9 E7 E8 G7 G8 H7 H8 EA', 'SZ S8 EZ EK EO EU GA GK', 'HA HK HO HU HZ H9 SA SK', 'SO SU S7 E9 GO GU GZ G9'];
    const loose = play(deal(r, hands), 'bettel, weiter, weiter, weiter', 'S9');
    expect(legalCodes(loose)).toEqual(['S8', 'SZ']);
    const strict = rulesOf('aumer-koller', { bettel: true, stoss: false, bettelStichzwang: true });
    let s = play(deal(strict, hands), 'bettel, weiter, weiter, weiter', 'S9');
    expect(legalCodes(s)).toEqual(['SZ']);
    const before = JSON.stringify(s);
    const bad = schafkopf.apply(s, 1, act(s, 'S8'));
    expect(bad).toEqual({ ok: false, error: { code: 'mustBeat', message: 'S8: Bettel with Stichzwang: you must win the trick when you can', params: expect.objectContaining({ card: 'S8', section: '002 5.3.6.4' }) } });
    expect(JSON.stringify(s)).toBe(before);
    s = play(s, 'SZ');
    expect(legalCodes(s)).toEqual(['SA', 'SK']);
    s = play(s, 'SK');
    // Nothing beats the Schelln-König but the Sau: any Schellen.
    expect(legalCodes(s)).toEqual(['S7', 'SO', 'SU']);
  });
});
