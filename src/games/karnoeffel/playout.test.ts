import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { rulesOf } from './testing.js';
import { apiPlayout, karnoeffelBench } from './bench.js';
import { CARDS } from './cards.js';
import { KarnoeffelPlayout, shuffleFront } from './playout.js';
import { trickWinnerIndex } from './tables.js';

/**
 * An independent referee for tricks, written straight from the words of 000
 * "Spieldurchführung" without the power table: used to check the table.
 */
function refereeWinner(trump: number, trick: readonly number[]): number {
  const suit = (c: number) => Math.floor(c / 12);
  const rank = (c: number) => 'KOUZ98765432'[c % 12];
  const isTrump = (c: number) => suit(c) === trump;
  const led = trick[0];
  const idx = (pred: (c: number) => boolean) => trick.findIndex(pred);
  if (isTrump(led) && rank(led) === '7') {
    const k = idx((c) => isTrump(c) && rank(c) === 'U');
    return k >= 0 ? k : 0; // "so kann er nur noch vom Karnöffel gestochen werden"
  }
  if (isTrump(led)) {
    const order = 'U62K3O45Z98'; // "Karnöffel, Papst, Kaiser, König, 3, Ober, 4, 5, Banner, 9, 8"
    let best = 0;
    for (let i = 1; i < trick.length; i++) {
      const c = trick[i];
      if (isTrump(c) && order.includes(rank(c)) && order.indexOf(rank(c)) < order.indexOf(rank(trick[best]))) best = i;
    }
    return best;
  }
  // A plain suit led: "dann sticht der Karnöffel, der Papst und der Kaiser jede andere Karte"; the 3, 4, 5 "nur eine beschränkte Stichkraft".
  const natural = 'KOUZ98765432';
  const beats = (a: number, b: number): boolean => {
    // does a (played later) beat b (the best so far)?
    const top = (c: number) => (isTrump(c) ? ['U', '6', '2'].indexOf(rank(c)) : -1);
    if (top(a) >= 0) return top(b) < 0 || top(a) < top(b);
    if (top(b) >= 0) return false;
    const ledSuit = (c: number) => suit(c) === suit(led);
    const numbers = 'Z98765432';
    const beatsPlain = (t: string, c: number): boolean => {
      const r = rank(c);
      if (t === '5') return numbers.includes(r);
      if (t === '4') return numbers.includes(r) || r === 'U';
      return r !== 'K'; // trump 3
    };
    const small = (c: number) => isTrump(c) && ['3', '4', '5'].includes(rank(c));
    if (small(a)) {
      if (small(b)) return '345'.indexOf(rank(a)) < '345'.indexOf(rank(b));
      return ledSuit(b) && beatsPlain(rank(a), b);
    }
    if (!ledSuit(a)) return false;
    if (small(b)) return !beatsPlain(rank(b), a);
    return natural.indexOf(rank(a)) < natural.indexOf(rank(b));
  };
  let best = 0;
  for (let i = 1; i < trick.length; i++) if (beats(trick[i], trick[best])) best = i;
  return best;
}

describe('the power table against a referee written from the text of 000', () => {
  it('agrees on 200 000 random tricks of 2 to 8 cards for every trump suit', () => {
    const rng = new SeededRng(77);
    const deck = Array.from({ length: CARDS }, (_, i) => i);
    for (let t = 0; t < 200_000; t++) {
      const size = 2 + rng.int(7);
      for (let i = 0; i < size; i++) {
        const j = i + rng.int(CARDS - i);
        [deck[i], deck[j]] = [deck[j], deck[i]];
      }
      const trick = deck.slice(0, size);
      const trump = rng.int(4);
      const ours = trickWinnerIndex(trump, trick);
      const theirs = refereeWinner(trump, trick);
      if (ours !== theirs) expect.fail(`trump ${trump}, trick ${trick.join(' ')}: table ${ours}, referee ${theirs}`);
    }
  });
});

describe('the fast playout', () => {
  it('shuffleFront deals every card to every position equally often (a uniform sample in random order)', () => {
    const rng = new SeededRng(8);
    const deck = Array.from({ length: CARDS }, (_, i) => i);
    const counts = Array.from({ length: 20 }, () => new Array<number>(CARDS).fill(0));
    const rounds = 48_000;
    for (let r = 0; r < rounds; r++) {
      shuffleFront(deck, 20, rng);
      for (let p = 0; p < 20; p++) counts[p][deck[p]]++;
    }
    // each count is binomial(48000, 1/48): mean 1000, sd about 31
    for (const row of counts) for (const c of row) expect(Math.abs(c - 1000)).toBeLessThan(160);
    let chi = 0;
    for (const c of counts[0]) chi += (c - 1000) ** 2 / 1000;
    expect(chi).toBeLessThan(90); // 47 degrees of freedom
  });

  for (const [preset, n] of [
    ['leyden-dummett', 2],
    ['leyden-dummett', 4],
    ['leyden-dummett', 6],
    ['leyden-dummett', 8],
    ['landsknecht', 4],
    ['landsknecht', 8],
  ] as const) {
    it(`${preset}, ${n} players: plays exactly the deals the public API plays with the same random choices`, () => {
      const rules = rulesOf({ players: n }, preset);
      for (let seed = 0; seed < 400; seed++) {
        const fast = new KarnoeffelPlayout(rules);
        const dealer = seed % n;
        const winner = fast.run(new SeededRng(seed), dealer);
        const deck = Array.from({ length: CARDS }, (_, i) => i);
        const state = apiPlayout(rules, deck, [...deck], dealer, new SeededRng(seed));
        const o = state.outcome!;
        if (winner !== o.winner || fast.trump !== o.trump || fast.tricksPlayed !== state.tricks.length || fast.won[0] !== o.tricks[0]) {
          expect.fail(`seed ${seed}: fast ${winner}/${fast.trump}/${fast.tricksPlayed}, api ${o.winner}/${o.trump}/${state.tricks.length}`);
        }
        expect(fast.value).toBe(o.value);
      }
    });
  }

  it('the bench reports playouts (through the search state), sampled worlds and API deals per second', () => {
    const figures = karnoeffelBench.run(200);
    expect(Object.keys(figures)).toEqual(['playoutsPerSecond', 'sampleWorldPerSecond', 'apiDealsPerSecond']);
    expect(figures.playoutsPerSecond).toBeGreaterThan(0);
    expect(figures.sampleWorldPerSecond).toBeGreaterThan(0);
    expect(figures.apiDealsPerSecond).toBeGreaterThan(0);
  });
});
