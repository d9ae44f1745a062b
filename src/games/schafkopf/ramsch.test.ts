import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng } from '../../core/rng.js';
import { resolveRules } from '../ruleBook.js';
import { movesOf, Solver } from '../../search/solver.js';
import { cardOf, type Rank, type Suit } from '../../cards/pack.js';
import { schafkopfPack } from './cards.js';
import { schafkopf } from './game.js';
import { RamschSolver, ramschScores } from './ramsch.js';
import { SchafkopfSearch } from './search.js';
import type { SchafkopfRules } from './rules.js';
import { playTables } from './tables.js';
import { ramschEndgame } from './testing.js';

/** The card points (or with `tricks`, the tricks) seat q takes from here on, q avoiding them and the others pushing them onto it (plain minimax). */
function forcedByMinimax(s: SchafkopfSearch, q: number, tricks = false): number {
  if (s.isOver()) return 0;
  const avoiding = s.toMove() === q;
  const taken = () => (tricks ? s.seatTricksOf(q) : s.seatPointsOf(q));
  let best = avoiding ? Infinity : -Infinity;
  const before = taken();
  for (const m of movesOf(s.legalMask())) {
    s.play(m);
    const v = taken() - before + forcedByMinimax(s, q, tricks);
    s.undo();
    best = avoiding ? Math.min(best, v) : Math.max(best, v);
  }
  return best;
}

/** As `ramschEndgame`, but seat d % 4 plays its lowest card that does not take the trick where it has one. */
function duckedEndgame(rules: SchafkopfRules, d: number, cardsLeft: number): SchafkopfSearch {
  const rng = new SeededRng(`ramsch-ducked/${d}`);
  const deck = shuffleDeck(schafkopfPack(false), rng);
  const hands = [0, 0, 0, 0];
  deck.forEach((c, i) => (hands[i >> 3] |= 1 << c));
  const s = new SchafkopfSearch({ rules, contract: { kind: 'ramsch', declarer: null }, doublings: 0, stock: 0 });
  s.deal(hands, d % 4);
  const power = playTables(schafkopfPack(false), 'ramsch').power;
  while (32 - s.depth() > cardsLeft) {
    const legal = movesOf(s.legalMask());
    const under = s.bestSeat() < 0 ? legal : legal.filter((c) => !s.beatsBest(c));
    if (s.toMove() === d % 4) s.play((under.length > 0 ? under : legal).reduce((a, b) => (power[b] < power[a] ? b : a)));
    else s.play(legal[rng.int(legal.length)]);
  }
  return s;
}

describe('the Ramsch solve', () => {
  for (const durchmarsch of ['allTricks', 'points', 'off'] as const) {
    it(`answers "does this seat pay?" as the paranoid solver does, and the points forced on it as minimax (Durchmarsch ${durchmarsch})`, () => {
      const rules = resolveRules(schafkopf.ruleBook, undefined, { ramschDurchmarsch: durchmarsch, ramschDurchmarschPoints: 61, ramschJungfrau: 'doubleAll' });
      if (!rules.ok) throw new Error(rules.error.message);
      let pays = 0;
      for (let d = 0; d < 24; d++) {
        // Endgames of under three tricks, some mid-trick.
        const s = ramschEndgame(rules.value, d, 10 + (d % 4));
        const solver = new RamschSolver();
        // The searches of the points even this near the end (by default they start above 12 cards).
        solver.shallowBelow = 0;
        const solved = solver.solve(s);
        const depth = s.depth();
        for (let q = 0; q < 4; q++) {
          const paranoid = new Solver().value(s, q, q);
          expect(solved.seats[q].pays, `deal ${d}, seat ${q}`).toBe(paranoid < 0);
          expect(solved.seats[q].forced).toBe(s.seatPointsOf(q) + forcedByMinimax(s, q));
          expect(solved.seats[q].taken).toBe(s.seatPointsOf(q));
          if (solved.seats[q].pays) pays++;
        }
        expect(s.depth()).toBe(depth);
      }
      // Both answers occur.
      expect(pays).toBeGreaterThan(5);
      expect(pays).toBeLessThan(90);
    });
  }

  it('refuses a deal that is no Ramsch and stops at its deadline with the state restored', () => {
    const rules = resolveRules(schafkopf.ruleBook, undefined, {});
    if (!rules.ok) throw new Error(rules.error.message);
    const solo = new SchafkopfSearch({ rules: rules.value, contract: { kind: 'solo', suit: 0, declarer: 0 }, doublings: 0, stock: 0 });
    solo.deal([0xff, 0xff00, 0xff0000, 0xff000000 | 0], 0);
    expect(() => new RamschSolver().solve(solo)).toThrow('not a Ramsch');
    const s = ramschEndgame(rules.value, 1, 32);
    const r = new RamschSolver();
    r.deadline = performance.now() - 1;
    expect(() => r.solve(s)).toThrow('ran out of time');
    expect(s.depth()).toBe(0);
    expect(s.handOf(0) | s.handOf(1) | s.handOf(2) | s.handOf(3)).toBe(-1);
  });
});

describe("the Ramsch solve's last three tricks", () => {
  // 002 5.3.6.3: the loser by points, then the highest trump taken, then tricks; a Durchmarsch wins; Jungfrauen double as the house rule says.
  const variants = [
    { ramschDurchmarsch: 'allTricks', ramschJungfrau: 'off' },
    { ramschDurchmarsch: 'points', ramschDurchmarschPoints: 61, ramschJungfrau: 'doubleAll' },
    { ramschDurchmarsch: 'off', ramschJungfrau: 'doubleIndividuallyOnce' },
    { ramschDurchmarsch: 'allTricks', ramschJungfrau: 'doubleIndividuallyMultiple', kurzeKarte: true },
  ] as const;
  for (const options of variants) {
    it(`answer every question as the search card by card does (${JSON.stringify(options)})`, () => {
      const rules = resolveRules(schafkopf.ruleBook, undefined, options);
      if (!rules.ok) throw new Error(rules.error.message);
      const answers = new Set<string>();
      for (let d = 0; d < 10; d++) {
        // From three to four tricks left, some mid-trick, some with a seat that took every trick.
        const s = ramschEndgame(rules.value, 700 + d, 12 + ((d * 3) % 5));
        const fast = new RamschSolver();
        const slow = new RamschSolver();
        slow.lastTricks = false;
        for (let q = 0; q < 4; q++) {
          const value = fast.value(s, q);
          expect(value, `deal ${d}, seat ${q}`).toBe(slow.value(s, q));
          expect(fast.pays(s, q), `deal ${d}, seat ${q}`).toBe(slow.pays(s, q));
          answers.add(`${value}`);
        }
        expect(fast.endNodes).toBeGreaterThan(0);
        expect(slow.endNodes).toBe(0);
      }
      // Scores of losers and of others.
      expect([...answers].some((v) => Number(v) < 0) && [...answers].some((v) => Number(v) > 0)).toBe(true);
    });
  }
});

describe("the Ramsch solve's points", () => {
  it('are the same with the last three or four tricks searched by LastTricks (avoiding) as card by card', () => {
    const rules = resolveRules(schafkopf.ruleBook, undefined, { ramschDurchmarsch: 'off' });
    if (!rules.ok) throw new Error(rules.error.message);
    const values = new Set<number>();
    for (let d = 0; d < 10; d++) {
      // Four and five tricks left, some mid-trick: the searches pass through the last three tricks many times.
      const s = ramschEndgame(rules.value, 300 + d, 16 + ((d * 3) % 5));
      const fast = new RamschSolver();
      const slow = new RamschSolver();
      slow.endgame = false;
      const three = new RamschSolver();
      three.endgameCards = 12;
      for (let q = 0; q < 4; q++) {
        const forced = fast.forced(s, q);
        expect(forced, `deal ${d}, seat ${q}`).toBe(slow.forced(s, q));
        expect(three.forced(s, q), `deal ${d}, seat ${q}, three tricks`).toBe(forced);
        values.add(forced - s.seatPointsOf(q));
      }
    }
    expect(values.size).toBeGreaterThan(5);
  });

  it('are the same with and without the cut where the seat keeps out of every trick left, which holds where it says so', () => {
    const rules = resolveRules(schafkopf.ruleBook, undefined, { ramschDurchmarsch: 'off' });
    if (!rules.ok) throw new Error(rules.error.message);
    let keepsOut = 0;
    for (let d = 0; d < 60; d++) {
      // Three to five tricks left, between tricks, after a play where one seat ducked where it could.
      const s = duckedEndgame(rules.value, 500 + d, 12 + 4 * (d % 3));
      const cut = new RamschSolver();
      const plain = new RamschSolver();
      plain.duckCut = false;
      for (let q = 0; q < 4; q++) {
        const forced = plain.forced(s, q);
        expect(cut.forced(s, q), `deal ${d}, seat ${q}`).toBe(forced);
        if (cut.keepsOutOfEveryTrick(s, q)) {
          keepsOut++;
          expect(forced, `deal ${d}, seat ${q} keeps out`).toBe(s.seatPointsOf(q));
          if (d % 3 === 0) expect(forcedByMinimax(s, q), `deal ${d}, seat ${q} by minimax`).toBe(0);
        }
      }
    }
    expect(keepsOut).toBeGreaterThan(10);
  });

  it('keep a seat out of every trick left only where the others cannot make it take one (against minimax on the tricks)', () => {
    const rules = resolveRules(schafkopf.ruleBook, undefined, { ramschDurchmarsch: 'off' });
    if (!rules.ok) throw new Error(rules.error.message);
    const solver = new RamschSolver();
    let keepsOut = 0;
    let leading = 0;
    for (let d = 0; d < 900; d++) {
      // Two and three tricks left, between tricks and within them.
      const s = duckedEndgame(rules.value, 700 + d, [8, 12, 7, 10, 11][d % 5]);
      for (let q = 0; q < 4; q++) {
        if (!solver.keepsOutOfEveryTrick(s, q)) continue;
        keepsOut++;
        if (s.toMove() === q) leading++;
        expect(forcedByMinimax(s, q, true), `deal ${d}, seat ${q}`).toBe(0);
      }
    }
    expect(keepsOut).toBeGreaterThan(150);
    expect(leading).toBeGreaterThan(10);
  });

  it('do not keep a seat on lead out of every trick when its lowest card led lets the others keep a low one', () => {
    const rules = resolveRules(schafkopf.ruleBook, undefined, { ramschDurchmarsch: 'off' });
    if (!rules.ok) throw new Error(rules.error.message);
    const pack = schafkopfPack(false);
    const card = (name: string): number => cardOf(pack, 'EGHS'.indexOf(name[0]) as Suit, name[1] as Rank)!;
    const hand = (names: string): number => names.split(' ').reduce((h, n) => h | (1 << card(n)), 0);
    const s = new SchafkopfSearch({ rules: rules.value, contract: { kind: 'ramsch', declarer: null }, doublings: 0, stock: 0 });
    s.deal([hand('EZ E9 HU SU HA HZ HK H9'), hand('S8 S7 H8 H7 EA E8 GA GK'), hand('GZ SK G9 G8 G7 SA SZ S9'), hand('EK E7 EO GO HO SO EU GU')], 3);
    // Seat 3 takes six tricks with its Ober and Unter.
    const others = [['HU', 'SU', 'HA', 'HZ', 'HK', 'H9'], ['H8', 'H7', 'EA', 'E8', 'GA', 'GK'], ['G9', 'G8', 'G7', 'SA', 'SZ', 'S9']];
    ['EO', 'GO', 'HO', 'SO', 'EU', 'GU'].forEach((lead, i) => {
      s.play(card(lead));
      for (let t = 0; t < 3; t++) s.play(card(others[t][i]));
    });
    // Eichel-Sieben led, seat 0 takes it with the Zehn and leads the Neun under the König.
    expect(s.toMove()).toBe(3);
    expect(forcedByMinimax(s, 3, true)).toBe(1);
    expect(new RamschSolver().keepsOutOfEveryTrick(s, 3)).toBe(false);
  });

  it('decide answers "does this seat pay?" as solve does', () => {
    const rules = resolveRules(schafkopf.ruleBook, undefined, {});
    if (!rules.ok) throw new Error(rules.error.message);
    const answers = new Set<boolean>();
    for (let d = 0; d < 12; d++) {
      const s = ramschEndgame(rules.value, 400 + d, 16 + (d % 5));
      const decided = new RamschSolver().decide(s);
      const solved = new RamschSolver().solve(s);
      expect(decided.seats.map((x) => x.pays), `deal ${d}`).toEqual(solved.seats.map((x) => x.pays));
      expect(decided.seats.map((x) => x.taken)).toEqual(solved.seats.map((x) => x.taken));
      decided.seats.forEach((x) => answers.add(x.pays));
    }
    expect(answers.size).toBe(2);
  });
});

/** Asks `cut` and a solver without its cuts whether each seat pays, expects the same answers, and returns them with both solvers. */
function paysWithAndWithoutCuts(s: SchafkopfSearch, cut: RamschSolver, label: string): { answers: boolean[]; cut: RamschSolver; plain: RamschSolver } {
  // Without searches of the points and without answers by dominance: only the exact past.
  const plain = new RamschSolver();
  plain.deep = false;
  plain.dominance = false;
  plain.lastTricks = cut.lastTricks;
  const answers: boolean[] = [];
  for (let q = 0; q < 4; q++) {
    const answer = cut.pays(s, q);
    expect(answer, `${label}, seat ${q}`).toBe(plain.pays(s, q));
    answers.push(answer);
  }
  return { answers, cut, plain };
}

describe("the Ramsch solve's cuts", () => {
  for (const durchmarsch of ['allTricks', 'points', 'off'] as const) {
    it(`change no answer to "does this seat pay?" in positions of four and five tricks (Durchmarsch ${durchmarsch})`, () => {
      const rules = resolveRules(schafkopf.ruleBook, undefined, { ramschDurchmarsch: durchmarsch, ramschDurchmarschPoints: 61, ramschJungfrau: 'doubleIndividuallyOnce' });
      if (!rules.ok) throw new Error(rules.error.message);
      let pays = 0;
      let cutNodes = 0;
      let plainNodes = 0;
      for (let d = 0; d < 12; d++) {
        const s = ramschEndgame(rules.value, 100 + d, 16 + (d % 5));
        // The positions compared card by card (RamschLastTricks counts its own); the answers with it too.
        const cardByCard = new RamschSolver();
        cardByCard.lastTricks = false;
        const { answers, cut, plain } = paysWithAndWithoutCuts(s, cardByCard, `deal ${d}`);
        expect(paysWithAndWithoutCuts(s, new RamschSolver(), `deal ${d}`).answers).toEqual(answers);
        // The "sure to pay" cut searched too (by default it is not).
        const payCut = new RamschSolver();
        payCut.payCutShare = 1;
        expect(paysWithAndWithoutCuts(s, payCut, `deal ${d}`).answers).toEqual(answers);
        pays += answers.filter(Boolean).length;
        cutNodes += cut.nodes;
        plainNodes += plain.nodes;
      }
      // Here, near the end, the cuts save little: no more than a fifth more work.
      expect(cutNodes).toBeLessThan(plainNodes * 1.2);
      expect(pays).toBeGreaterThan(4);
      expect(pays).toBeLessThan(44);
    });
  }
});

const TRUMPS = playTables(schafkopfPack(false), 'ramsch').trumpOrder;

/** A deal where one seat has taken every trick so far (after the first trick it takes the tricks it can, the others duck where they can), with `cardsLeft` cards in the hands, or undefined. */
function marschEndgame(rules: SchafkopfRules, d: number, cardsLeft: number): SchafkopfSearch | undefined {
  const rng = new SeededRng(`ramsch-marsch/${d}`);
  const deck = shuffleDeck(schafkopfPack(false), rng);
  const hands = [0, 0, 0, 0];
  deck.forEach((c, i) => (hands[i >> 3] |= 1 << c));
  for (let attempt = 0; attempt < 20; attempt++) {
    const s = new SchafkopfSearch({ rules, contract: { kind: 'ramsch', declarer: null }, doublings: 0, stock: 0 });
    s.deal(hands, d % 4);
    while (32 - s.depth() > cardsLeft) {
      const legal = movesOf(s.legalMask());
      const strong = s.depth() >= 4 ? [0, 1, 2, 3].find((t) => s.seatTricksOf(t) > 0)! : -1;
      const wanted = strong < 0 || s.bestSeat() < 0 ? legal : legal.filter((c) => s.beatsBest(c) === (s.toMove() === strong));
      const from = wanted.length > 0 ? wanted : legal;
      s.play(from[rng.int(from.length)]);
    }
    // The seat that took every trick holds the highest trump still out: its Durchmarsch is still possible.
    const strong = [0, 1, 2, 3].find((t) => s.seatTricksOf(t) === (32 - cardsLeft) / 4);
    const live = s.handOf(0) | s.handOf(1) | s.handOf(2) | s.handOf(3);
    const top = TRUMPS.find((c) => (live & (1 << c)) !== 0);
    if (strong !== undefined && top !== undefined && (s.handOf(strong) & (1 << top)) !== 0) return s;
  }
  return undefined;
}

describe('the Ramsch solve with a Durchmarsch possible', () => {
  it('answers "does this seat pay?" as without its cuts when one seat took every trick so far and holds the highest trump', () => {
    const rules = resolveRules(schafkopf.ruleBook, undefined, { ramschDurchmarsch: 'allTricks' });
    if (!rules.ok) throw new Error(rules.error.message);
    let positions = 0;
    const answers = new Set<string>();
    for (let d = 0; d < 200 && positions < 10; d++) {
      const s = marschEndgame(rules.value, d, 20);
      if (!s) continue;
      positions++;
      const cut = new RamschSolver();
      cut.shallowBelow = 0;
      paysWithAndWithoutCuts(s, cut, `deal ${d}`).answers.forEach((answer, q) => answers.add(`${s.seatTricksOf(q) > 0}:${answer}`));
    }
    expect(positions).toBe(10);
    // The seat on its way to a Durchmarsch and the others, paying and not.
    expect(answers.size).toBeGreaterThan(2);
  });
});

describe('the Ramsch value', () => {
  for (const [durchmarsch, jungfrau] of [['allTricks', 'doubleAll'], ['points', 'doubleIndividuallyMultiple'], ['off', 'off'], ['allTricks', 'doubleIndividuallyOnce']] as const) {
    it(`is the paranoid solver's value of the seat's score (Durchmarsch ${durchmarsch}, Jungfrau ${jungfrau})`, () => {
      const rules = resolveRules(schafkopf.ruleBook, undefined, { ramschDurchmarsch: durchmarsch, ramschDurchmarschPoints: 61, ramschJungfrau: jungfrau });
      if (!rules.ok) throw new Error(rules.error.message);
      const values = new Set<number>();
      for (let d = 0; d < 16; d++) {
        // Endgames of under three tricks, some mid-trick; d % 2 doublings.
        const s = ramschEndgame(rules.value, 200 + d, 9 + (d % 4));
        const solver = new RamschSolver();
        solver.shallowBelow = 0;
        for (let q = 0; q < 4; q++) {
          const value = solver.value(s, q);
          expect(value, `deal ${d}, seat ${q}`).toBe(new Solver().value(s, q, q));
          values.add(value);
        }
      }
      // Paying and not paying both occur.
      expect(Math.min(...values)).toBeLessThan(0);
      expect(Math.max(...values)).toBeGreaterThan(0);
    });
  }

  it('lists every score a seat can end with', () => {
    expect(ramschScores(10, 'off')).toEqual([-30, -10, 0, 10, 30]);
    // Two Jungfrauen doubling all: the loser pays 40 to each; one Jungfrau paid double once: 20 to her.
    expect(ramschScores(10, 'doubleAll')).toContain(-120);
    expect(ramschScores(10, 'doubleIndividuallyOnce')).toEqual(expect.arrayContaining([-40, 20]));
  });
});
