import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { playDeal } from '../../sitting/play.js';
import { heuristicBot } from './bots/heuristic.js';
import { PACK } from './cards.js';
import { apply, legal, setup, toAct } from './engine.js';
import { karnoeffelModule } from './module.js';
import type { KarnoeffelState } from './state.js';
import { karnoeffelPresentation } from './present.js';
import { NAMING_REASONS, namedReason, reason, REASONS, talkText } from './talkWords.js';
import { view } from './view.js';
import { rulesOf } from './testing.js';

const names = ['Anna', 'Sepp', 'Resi', 'Schorsch', 'Vroni', 'Hias'];
// English words of the bots' reasons and the engine's advice that a German reader should not see.
const ENGLISH = /\b(raise|pass|accept|refuse|play|take|leave|trick|cards|hold|nothing|lead|seat|our|we|it)\b/;

describe("Karnöffel's table talk in the reader's language (000 \"Kartengeben und Steigern\": partners advise each other)", () => {
  it('every piece of advice the bots give in 30 deals of four and six players reads in German, seats by name', async () => {
    const said = new Set<string>();
    for (let d = 0; d < 30; d++) {
      const players = d % 3 === 2 ? 6 : 4;
      const rules = rulesOf({ players });
      const deck = shuffleDeck(PACK, new SeededRng(`talk-words/${d}`));
      const bots = Array.from({ length: players }, () => heuristicBot(rules));
      await playDeal(karnoeffelModule, rules, { dealer: d % players, deck, carry: { points: [0, 0] } }, bots, {
        onAction: (_seat, action) => {
          if (action.type === 'advise') said.add(action.message);
        },
      });
    }
    // Raising advice and card advice with their reasons, and a seat named by its number.
    expect([...said].some((m) => m.startsWith('raise: '))).toBe(true);
    expect([...said].some((m) => m.startsWith('play '))).toBe(true);
    for (const message of said) {
      const german = talkText('de', message, names);
      expect(german, message).not.toBe(message);
      expect(german, message).not.toMatch(ENGLISH);
      expect(talkText('en', message, names), message).not.toMatch(/\bseat \d\b/);
    }
  }, 60_000);

  it('the advice a player may give (the engine\'s offers) reads in German', () => {
    const seen = new Set<string>();
    for (let d = 0; d < 20; d++) {
      // Partners who see each other's cards advise a card; who does not, to take the trick or leave it.
      const rules = rulesOf({ players: 4, showHands: d % 2 === 0 });
      const deck = shuffleDeck(PACK, new SeededRng(`talk-offers/${d}`));
      const start = setup(rules, { dealer: d % 4, deck, carry: { points: [0, 0] } });
      let s: KarnoeffelState | undefined = start.ok ? start.value : undefined;
      for (let guard = 0; guard < 200 && s && s.phase !== 'done'; guard++) {
        for (let seat = 0; seat < 4; seat++) for (const a of legal(s, seat)) if (a.type === 'advise') seen.add(a.message);
        const seat = toAct(s)[0];
        if (seat === undefined) break;
        const options = legal(s, seat).filter((a) => a.type !== 'advise' && a.type !== 'announce');
        // On to the card play: nobody raises or refuses.
        const calm = options.find((a) => a.type === 'pass' || a.type === 'accept');
        const next = apply(s, seat, calm ?? options[guard % options.length]);
        s = next.ok ? next.value : undefined;
      }
    }
    expect(seen).toContain('raise');
    expect(seen).toContain('take the trick');
    expect([...seen].some((m) => /^play [EGHS]/.test(m))).toBe(true);
    for (const message of seen) expect(talkText('de', message, names), message).not.toMatch(ENGLISH);
    expect(talkText('de', 'play EU', names)).toBe('spiel EU');
    expect(talkText('de', 'leave the trick', names)).toBe('lass den Stich');
  });

  it('every reason the bots can give (the one list bots/policy.ts takes them from) reads in German, a card by its code and a seat by its name', () => {
    for (const key of Object.keys(REASONS) as (keyof typeof REASONS)[]) expect(talkText('de', `raise: ${reason(key)}`, names)).toBe(`steigern: ${REASONS[key][1]}`);
    for (const key of Object.keys(NAMING_REASONS) as (keyof typeof NAMING_REASONS)[]) {
      const german = talkText('de', `play EO: ${namedReason(key, key === 'leaveTo' ? 2 : 'EU')}`, names);
      expect(german, key).not.toMatch(ENGLISH);
      expect(german, key).toMatch(key === 'leaveTo' ? /^spiel EO: .*Resi/ : /^spiel EO: .*EU/);
    }
  });

  it("leaves a player's own words as they were typed, and names a seat in both languages", () => {
    expect(talkText('de', 'Servus, pass auf!', names)).toBe('Servus, pass auf!');
    expect(talkText('de', 'raise: because I say so', names)).toBe('raise: because I say so');
    expect(talkText('de', 'play EU: leave it to seat 2', names)).toBe('spiel EU: überlass ihn Resi');
    expect(talkText('en', 'play EU: leave it to seat 2', names)).toBe('play EU: leave it to Resi');
    expect(talkText('de', 'raise: our cards are strong', names)).toBe('steigern: unsere Karten sind stark');
  });
});

describe('the browser table shows the talk in its language', () => {
  it('a German table: the advice said and the advice offered read in German; an English one keeps the words', async () => {
    const rules = rulesOf({ players: 4 });
    let state: KarnoeffelState | undefined;
    // Bots at every seat until one has advised; then the table as seat 0 sees it.
    for (let d = 0; d < 20 && !state?.events.some((e) => e.type === 'advise'); d++) {
      const bots = Array.from({ length: 4 }, () => heuristicBot(rules));
      await playDeal(karnoeffelModule, rules, { dealer: d % 4, deck: shuffleDeck(PACK, new SeededRng(`talk-table/${d}`)), carry: { points: [0, 0] } }, bots, {
        onAction: (_seat, action, _before, after) => {
          if (action.type === 'advise' && state === undefined) state = after;
        },
      });
    }
    const s = state!;
    const names4 = names.slice(0, 4);
    const seat = s.events.find((e) => e.type === 'advise')!.seat;
    const v = view(s, seat);
    const offered = karnoeffelModule.game.legal(s, seat).map((a) => karnoeffelModule.game.formatAction(s.rules, a));
    const de = karnoeffelPresentation.table(v, offered, 'de', names4);
    const en = karnoeffelPresentation.table(v, offered, 'en', names4);
    expect(de.talk.length).toBeGreaterThan(0);
    for (const line of de.talk) expect(line).not.toMatch(ENGLISH);
    expect(en.talk.join(' ')).toMatch(ENGLISH);
    for (const b of de.buttons.filter((b) => b.group === 'talk')) expect(b.label).not.toMatch(ENGLISH);
  });
});

describe('the browser names the cards in the talk by their words, not by the notation (play-test: „spiel G6: überlass ihn Michl“ (G6))', () => {
  const CODE = /\b[EGHS](?:[2-9]|Z|U|O|K)\b/;

  it('talkText with the table\'s card words: the fixed words name the card, a player\'s own words stay as typed', () => {
    const words = (code: string) => `<${code}>`;
    expect(talkText('de', 'play G6: leave it to seat 2', names, words)).toBe('spiel <G6>: überlass ihn Resi');
    expect(talkText('en', 'play EU: take it with EU', names, words)).toBe('play <EU>: take it with <EU>');
    expect(talkText('de', 'Servus, spiel GU!', names, words)).toBe('Servus, spiel GU!');
    expect(talkText('en', 'raise: because GU', names, words)).toBe('raise: because GU');
    // Without the card words (the terminal, where the codes are what one types) as before.
    expect(talkText('de', 'play G6: leave it to seat 2', names)).toBe('spiel G6: überlass ihn Resi');
  });

  it('at the table the talk and the advice buttons say "Gras-Sechs" / "Gras 6", never a code', async () => {
    // A deal in its card play; the partner of the seat to play advises him a card, as the engine offers it.
    let s: KarnoeffelState = unwrap(setup(rulesOf({ players: 4 }), { dealer: 3, deck: shuffleDeck(PACK, new SeededRng('talk-cards')), carry: { points: [0, 0] } }));
    while (s.phase === 'deal') s = unwrap(apply(s, toAct(s)[0], { type: 'pass' }));
    const turn = toAct(s)[0];
    const partner = (turn + 2) % 4;
    const offer = legal(s, partner).find((a) => a.type === 'advise' && a.card !== undefined)!;
    expect(offer).toBeDefined();
    s = unwrap(apply(s, partner, offer));
    const advice = s.events.at(-1) as Extract<KarnoeffelState['events'][number], { type: 'advise' }>;
    expect(advice.message).toMatch(CODE);
    const names4 = names.slice(0, 4);
    for (const seat of [0, 1, 2, 3]) {
      const offered = karnoeffelModule.game.legal(s, seat).map((a) => karnoeffelModule.game.formatAction(s.rules, a));
      for (const lang of ['de', 'en'] as const) {
        const m = karnoeffelPresentation.table(view(s, seat), offered, lang, names4);
        expect(m.talk.length).toBeGreaterThan(0);
        for (const line of m.talk) expect(line).not.toMatch(CODE);
        for (const b of m.buttons.filter((b) => b.group === 'talk')) expect(b.label).not.toMatch(CODE);
      }
    }
    const code = karnoeffelModule.game.formatAction(s.rules, { type: 'play', card: advice.card! }).slice(5);
    const de = karnoeffelPresentation.table(view(s, 0), [], 'de', names4).talk.join('\n');
    expect(de).toMatch(new RegExp(`\\((Eichel|Gras|Herz|Schellen)-(König|Ober|Unter|Banner|Neun|Acht|Sieben|Sechs|Fünf|Vier|Drei|Daus)\\)`));
    expect(de).not.toContain(`(${code})`);
  });
});
