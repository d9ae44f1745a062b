import { describe, expect, it } from 'vitest';
import { karnoeffelModule } from '../module.js';
import { shuffleDeck } from '../../../cards/deck.js';
import { SeededRng } from '../../../core/rng.js';
import { PACK } from '../cards.js';
import { legal, toAct } from '../engine.js';
import { parseAction } from '../notation.js';
import type { KarnoeffelAction, KarnoeffelState } from '../state.js';
import { view } from '../view.js';
import { playDeal, playSitting } from '../../../sitting/play.js';
import { act, card, passToPlay, playAll, rulesOf, start, KARNOEFFEL_CONFIGS } from '../testing.js';
import { heuristicBot } from './heuristic.js';
import { KARNOEFFEL_BOTS } from './index.js';
import { randomBot } from './random.js';

const choose = async (state: KarnoeffelState, seat: number) =>
  heuristicBot(state.rules).choose(view(state, seat), legal(state, seat), seat) as Promise<KarnoeffelAction>;
const interject = async (state: KarnoeffelState, seat: number) =>
  heuristicBot(state.rules).interject!(view(state, seat), legal(state, seat), seat) as Promise<KarnoeffelAction | undefined>;

function untilPause(state: KarnoeffelState, pauses: number): KarnoeffelState {
  let s = state;
  while (s.pairs < pauses) s = act(s, toAct(s)[0], { type: 'pass' });
  return s;
}

describe('the rule-based bot: raising', () => {
  // Two players, dealer 1: Vorhand seat 0. Eichel is trump (E2 face up).
  const strong = { 0: 'E2 EU E6 S3 S4', 1: 'HK H3 G3 S2 G4' };

  it('raises with strong trump powers: Kaiser, Karnöffel and Papst', async () => {
    const s = untilPause(start(rulesOf({ players: 2 }), 1, strong), 2);
    expect(toAct(s)).toEqual([0]);
    expect(await choose(s, 0)).toEqual({ type: 'raise' });
  });

  it('refuses a raise with a weak hand against the Kaiser face up', async () => {
    let s = untilPause(start(rulesOf({ players: 2 }), 1, strong), 2);
    s = act(s, 0, { type: 'raise' });
    expect(await choose(s, 1)).toEqual({ type: 'refuse' });
  });

  it('announces the match win as soon as its side may (000), even out of turn', async () => {
    const s = start(rulesOf({ players: 4 }), 0, {}, [38, 10]);
    expect(toAct(s)).toEqual([1]);
    expect(await interject(s, 0)).toEqual({ type: 'announce' });
    // seat 3's side may not announce; it urges its partner to raise instead (see below)
    const other = await interject(s, 3);
    expect(other?.type === 'advise' && other.message).toMatch(/^raise: they would win the Partie/);
  });

  it('when the other side would win the match and has not said so, raises: it costs nothing more (000 "darf ruhig weitere Erhöhungen ansagen")', async () => {
    const s = start(rulesOf({ players: 4 }), 0, {}, [38, 10]);
    expect(await choose(s, 1)).toEqual({ type: 'raise' });
  });
});

describe('the rule-based bot: the Devil', () => {
  it('leads the Devil once the Karnöffel is out: only the Karnöffel beats it', async () => {
    let s = passToPlay(start(rulesOf({ players: 2 }), 1, { 0: 'E2 E7 EU S3 S4', 1: 'HK H3 H4 H5 GK' }));
    s = playAll(s, 'EU H3');
    expect(s.turn).toBe(0);
    expect(await choose(s, 0)).toEqual({ type: 'play', card: card('E7') });
  });

  it('does not throw the Devil away when following (it has no power unless led)', async () => {
    let s = passToPlay(start(rulesOf({ players: 2 }), 1, { 0: 'E2 S3 S4 S5 S6', 1: 'HK E7 H4 H5 GK' }));
    s = playAll(s, 'S3');
    const c = await choose(s, 1);
    expect(c.type).toBe('play');
    expect(c).not.toEqual({ type: 'play', card: card('E7') });
  });

  it('over many deals, the Devil is mostly led, and led it mostly wins', async () => {
    const rules = rulesOf({ players: 4 });
    const rng = new SeededRng(21);
    const agents = [0, 1, 2, 3].map(() => heuristicBot(rules));
    let led = 0;
    let followed = 0;
    let ledWon = 0;
    for (let d = 0; d < 300; d++) {
      const { state } = await playDeal(karnoeffelModule, rules, { dealer: d % 4, deck: shuffleDeck(PACK, rng), carry: { points: [0, 0] } }, agents);
      const devil = state.trump * 12 + 6;
      for (const t of state.tricks) {
        const i = t.cards.indexOf(devil);
        if (i === 0) {
          led++;
          if (t.winner === t.leader) ledWon++;
        } else if (i > 0) followed++;
      }
    }
    expect(led).toBeGreaterThan(2 * followed);
    expect(ledWon).toBeGreaterThan(0.8 * led);
  });
});

describe('the rule-based bot: table talk', () => {
  // Four players, dealer 0: pairs (1, 2) and (3, 0); seats 1 and 3 are partners. Schellen is trump (S2 face up).
  const hands = { 1: 'S2 SU S6 E3 E4', 2: 'H9 H3 H4 H5 H6', 3: 'G9 G3 G4 G5 G6', 0: 'E9 E8 E5 H8 HZ' };

  it('as partner, advises a raise when the side is strong, publicly', async () => {
    const s = untilPause(start(rulesOf({ players: 4 }), 0, hands), 3);
    expect(toAct(s)).toEqual([1]);
    const said = await interject(s, 3);
    expect(said).toMatchObject({ type: 'advise', to: 1 });
    expect(said?.type === 'advise' && said.message).toMatch(/^raise: /);
    // the opponents are not offered advice for seat 1's decision and say nothing
    expect(await interject(s, 0)).toBeUndefined();
  });

  it('listens: a partner\'s advice decides, even against its own judgement', async () => {
    const s = untilPause(start(rulesOf({ players: 4 }), 0, hands), 3);
    expect(await choose(s, 1)).toEqual({ type: 'raise' });
    const told = act(s, 3, { type: 'advise', to: 1, message: 'pass — let them come' });
    expect(await choose(told, 1)).toEqual({ type: 'pass' });
    // advice from an opponent is not followed
    const tricked = act(s, 2, { type: 'advise', message: 'pass' });
    expect(await choose(tricked, 1)).toEqual({ type: 'raise' });
  });

  it('as leader (six players) who sees that a later teammate holds the Karnöffel, advises the teammate not to spend his Papst, and the teammate follows', async () => {
    // Dealer 0, Vorhand 1; order 1 2 3 4 5 0. Grün trump (G2 of seat 1, dealt first). Leader of team 0 is seat 0; seats 2 and 4 are his teammates.
    const rules = rulesOf({ players: 6 });
    let s = passToPlay(
      start(rules, 0, {
        1: 'G2 SK E9 H2 S3',
        2: 'EK G6 E3 E4 E5',
        3: 'HO S4 S5 E6 E7',
        4: 'HK GU H3 H4 H5',
        5: 'SO S6 S7 S8 S9',
        0: 'EO SZ EZ E8 E2',
      }),
    );
    s = playAll(s, 'SK');
    expect(toAct(s)).toEqual([2]);
    // alone, seat 2 would take the König with the Papst
    expect(await choose(s, 2)).toEqual({ type: 'play', card: card('G6') });
    const said = await interject(s, 0);
    expect(said).toMatchObject({ type: 'advise', to: 2 });
    expect(said?.type === 'advise' && said.card).not.toBe(card('G6'));
    expect(said?.type === 'advise' && said.message).toMatch(/leave it to seat 4/);
    const told = act(s, 0, said!);
    const followed = await choose(told, 2);
    expect(followed).toEqual({ type: 'play', card: said?.type === 'advise' ? said.card : -1 });
  });

  it('in sittings, advised bots play the card their partner or leader names', async () => {
    for (const n of [4, 6, 8]) {
      const rules = rulesOf({ players: n });
      const rng = new SeededRng(`talk-${n}`);
      const agents = Array.from({ length: n }, () => heuristicBot(rules));
      const result = await playSitting(karnoeffelModule, rules, agents, { length: { deals: 60 }, rng });
      let advised = 0;
      for (const d of result.deals) {
        d.actions.forEach(([, text], i) => {
          const a = parseAction(text);
          if (!a.ok || a.value.type !== 'advise' || a.value.card === undefined || a.value.to === undefined) return;
          const next = d.actions.slice(i + 1).find(([seat, t]) => seat === (a.value as { to: number }).to && !t.startsWith('advise'));
          expect(next?.[1]).toBe(`play ${text.split(' ')[2]}`);
          advised++;
        });
      }
      if (n >= 6) expect(advised).toBeGreaterThan(0);
    }
  });
});

describe('bots over 300-deal sittings (issue 4: bots raise, accept, refuse and re-raise)', () => {
  for (const [preset, n] of KARNOEFFEL_CONFIGS) {
    it(`${preset}, ${n} players`, async () => {
      const rules = rulesOf({ players: n }, preset);
      const rng = new SeededRng(1);
      const agents = Array.from({ length: n }, (_, i) => KARNOEFFEL_BOTS.easy.create(rules, i, rng));
      const result = await playSitting(karnoeffelModule, rules, agents, { length: { deals: 300 }, rng });
      const count = { raise: 0, reraise: 0, accept: 0, refuse: 0 };
      for (const d of result.deals) {
        let previous = '';
        for (const [, text] of d.actions) {
          if (text.startsWith('advise') || text === 'announce') continue;
          if (text === 'raise') count[previous === 'raise' ? 'reraise' : 'raise']++;
          if (text === 'accept' || text === 'refuse') count[text]++;
          previous = text;
        }
      }
      expect(count.raise).toBeGreaterThan(20);
      expect(count.accept).toBeGreaterThan(10);
      expect(count.refuse).toBeGreaterThan(5);
      expect(count.reraise).toBeGreaterThan(3);
      expect(result.sheet.matches.length).toBeGreaterThan(2);
    });
  }
});

describe('strength', () => {
  it('a side of rule-based bots beats a side of random bots', async () => {
    for (const n of [2, 4, 8]) {
      const rules = rulesOf({ players: n });
      const rng = new SeededRng(`strength-${n}`);
      const agents = Array.from({ length: n }, (_, seat) => (seat % 2 === 0 ? heuristicBot(rules) : randomBot(rng)));
      const points = [0, 0];
      for (let d = 0; d < 300; d++) {
        const { outcome } = await playDeal(karnoeffelModule, rules, { dealer: d % n, deck: shuffleDeck(PACK, rng), carry: { points: [0, 0] } }, agents);
        points[outcome.winner] += outcome.value;
      }
      expect(points[0]).toBeGreaterThan(1.5 * points[1]);
    }
  });

  it('the random bot only ever chooses legal decisions and stays silent', async () => {
    const rules = rulesOf({ players: 4 });
    const bot = randomBot(new SeededRng(1));
    const s = start(rules, 0, {});
    for (let i = 0; i < 50; i++) {
      const a = await bot.choose(view(s, 1), legal(s, 1), 1);
      expect(['raise', 'pass']).toContain(a.type);
    }
    expect(bot.interject).toBeUndefined();
  });
});
