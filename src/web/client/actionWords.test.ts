import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import type { Lang } from '../../games/present.js';
import { presentationOf } from '../../games/presentations.js';
import { schafkopf } from '../../games/schafkopf/game.js';
import { randomDeal, rulesOf } from '../../games/schafkopf/testing.js';
import { bauernschnapsen } from '../../games/schnapsen/game.js';
import { newDeal, run } from '../../games/schnapsen/testing.js';
import { actionWords } from './actionWords.js';

/**
 * One wording per language for one action (play-test): the record viewer named a step "Lena: Pass" from the button's
 * label while the table's headline listed the same bid as "Lena: pass" ("Weiter" / "weiter" in German). The record
 * viewer's words for a step (actionWords on the model of the seat before it) must stand in the headline after it.
 */
const NAMES = ['Lena', 'Sepp', 'Resi', 'Schorsch'];

interface Engine<S> {
  id: string;
  rules: (s: S) => unknown;
  toAct: (s: S) => readonly number[];
  legal: (s: S, seat: number) => string[];
  apply: (s: S, seat: number, text: string) => S;
  view: (s: S, seat: number) => unknown;
}

function sameWords<S>(e: Engine<S>, s: S, lang: Lang, pick: (texts: string[]) => string | undefined): string {
  const p = presentationOf(e.id);
  const who = e.toAct(s)[0];
  const text = pick(e.legal(s, who));
  expect(text, 'an action to say').toBeDefined();
  const said = actionWords(p.table(e.view(s, who), [text!], lang, NAMES), text!, lang);
  const after = e.apply(s, who, text!);
  const headline = p.table(e.view(after, who), [], lang, NAMES).headline;
  expect(headline.join('\n')).toContain(`${NAMES[who]}: ${said}`);
  return said;
}

const sk: Engine<ReturnType<typeof randomDeal>> = {
  id: 'schafkopf',
  rules: (s) => s.rules,
  toAct: (s) => schafkopf.toAct(s),
  legal: (s, seat) => schafkopf.legal(s, seat).map((a) => schafkopf.formatAction(s.rules, a)),
  apply: (s, seat, text) => {
    const a = schafkopf.parseAction(s.rules, text);
    if (!a.ok) throw new Error(a.error.message);
    const r = schafkopf.apply(s, seat, a.value);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  },
  view: (s, seat) => schafkopf.view(s, seat),
};

type SchnapsenState = ReturnType<typeof newDeal>;
const bs: Engine<SchnapsenState> = {
  id: 'bauernschnapsen',
  rules: (s) => s.rules,
  toAct: (s) => bauernschnapsen.toAct(s),
  legal: (s, seat) => bauernschnapsen.legal(s, seat).map((a) => bauernschnapsen.formatAction(s.rules, a)),
  apply: (s, seat, text) => {
    const a = bauernschnapsen.parseAction(s.rules, text);
    if (!a.ok) throw new Error(a.error.message);
    const r = bauernschnapsen.apply(s, seat, a.value);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  },
  view: (s, seat) => bauernschnapsen.view(s, seat),
};

describe('an action in the same words in the record viewer and at the table', () => {
  for (const [lang, word] of [
    ['de', 'Weiter'],
    ['en', 'Pass'],
  ] as const) {
    it(`Schafkopf: a pass and a game bid read the same in both (${lang})`, () => {
      const s = randomDeal(rulesOf(), new SeededRng('words'));
      expect(s.phase).toBe('bidding');
      expect(sameWords(sk, s, lang, (t) => t.find((x) => x === 'weiter'))).toBe(word);
      // A game bid: named alike in both places as well.
      let bid: ReturnType<typeof randomDeal> | undefined;
      for (let i = 0; i < 40 && !bid; i++) {
        const d = randomDeal(rulesOf(), new SeededRng(`bid ${i}`));
        const who = sk.toAct(d)[0];
        if (sk.legal(d, who).some((x) => x !== 'weiter')) bid = d;
      }
      expect(sameWords(sk, bid!, lang, (t) => t.find((x) => x !== 'weiter'))).not.toBe(word);
    });

    it(`Bauernschnapsen: a "weiter" to the announcements reads the same in both (${lang})`, () => {
      let s = run(newDeal('bauern', ['EA EZ HK EO GU', 'GA GZ GK HA HZ', 'EK HO HU SA SZ', 'SK SO SU EU GO']), '2 abheben');
      // The Rufer names trump; then the seats announce a game or say weiter.
      for (let i = 0; i < 10 && !bs.legal(s, bs.toAct(s)[0]).includes('weiter'); i++) s = bs.apply(s, bs.toAct(s)[0], bs.legal(s, bs.toAct(s)[0])[0]);
      expect(sameWords(bs, s, lang, (t) => t.find((x) => x === 'weiter'))).toBe(word);
    });

    it(`Bauernschnapsen: an announced game reads with its value, as on its button, in the record and the headline (${lang})`, () => {
      let s = run(newDeal('bauern', ['EA EZ HK EO GU', 'GA GZ GK HA HZ', 'EK HO HU SA SZ', 'SK SO SU EU GO']), '2 abheben');
      for (let i = 0; i < 10 && !bs.legal(s, bs.toAct(s)[0]).includes('schnapser'); i++) s = bs.apply(s, bs.toAct(s)[0], bs.legal(s, bs.toAct(s)[0])[0]);
      const who = bs.toAct(s)[0];
      const button = presentationOf('bauernschnapsen').table(bs.view(s, who), bs.legal(s, who), lang, NAMES).buttons.find((b) => b.action === 'schnapser');
      expect(button?.label).toBe('Schnapser (6)');
      // Before, the headline said "Lena: Schnapser" for the step the record viewer and the hint named "Schnapser (6)".
      expect(sameWords(bs, s, lang, (t) => t.find((x) => x === 'schnapser'))).toBe('Schnapser (6)');
      // The others say weiter: the game is his, and the headline names it as announced.
      s = bs.apply(s, who, 'schnapser');
      for (let i = 0; i < 6 && s.phase === 'announce'; i++) s = bs.apply(s, bs.toAct(s)[0], 'weiter');
      expect(s.phase).not.toBe('announce');
      expect(presentationOf('bauernschnapsen').table(bs.view(s, who), [], lang, NAMES).headline[0]).toBe(`Schnapser (6) · ${NAMES[who]}`);
    });
  }
});
