import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng } from '../../core/rng.js';
import { playDeal } from '../../sitting/play.js';
import { heuristicBot } from './bots/heuristic.js';
import { PACK } from './cards.js';
import { karnoeffelModule } from './module.js';
import { karnoeffelPresentation } from './present.js';
import { legal, toAct } from './engine.js';
import type { KarnoeffelState } from './state.js';
import { act, passToPlay, playAll, rulesOf, start } from './testing.js';
import { view } from './view.js';

const names = ['Anna', 'Sepp', 'Resi', 'Schorsch'];

describe("Karnöffel's summary and score sheet say whose tricks are whose (000: three tricks win the round)", () => {
  it('the summary gives the tricks by team, Blau first as in the Partie; the sheet gives the winners\' tricks first', async () => {
    let checked = 0;
    for (let d = 0; d < 12; d++) {
      const rules = rulesOf({ players: 4 });
      const bots = names.map(() => heuristicBot(rules));
      const { outcome } = await playDeal(karnoeffelModule, rules, { dealer: d % 4, deck: shuffleDeck(PACK, new SeededRng(`present/${d}`)), carry: { points: [0, 0] } }, bots);
      if (outcome.by !== 'tricks') continue;
      checked++;
      const lines = karnoeffelPresentation.dealSummary(outcome, 'de', names);
      expect(lines[1]).toBe(`Stiche: Blau ${outcome.tricks[0]} : ${outcome.tricks[1]} Rot`);
      expect(lines[2]).toMatch(/^Partie: Blau \d+ : \d+ Rot/);
      const row = karnoeffelPresentation.scoreSheet([outcome], 'en', names).rows[0];
      // The sides are colours: Blue and Red in English (play-test: "Blau" and "Rot" stood in English sentences).
      const winner = outcome.winner === 0 ? 'Blue' : 'Red';
      expect(row.result).toBe(`${winner} wins ${outcome.tricks[outcome.winner]}:${outcome.tricks[1 - outcome.winner]} tricks`);
      expect(outcome.tricks[outcome.winner]).toBeGreaterThan(outcome.tricks[1 - outcome.winner]);
      // Play-test: the English summary said "Blau win the round" beside the sheet's "Rot wins", and the sheet "Trumpf Herz · worth 4".
      expect(karnoeffelPresentation.dealSummary(outcome, 'en', names)[0]).toMatch(new RegExp(`^${winner}( – .* –)? wins the round: `));
      expect(row.game).toMatch(/^Trump (Eichel|Gras|Herz|Schellen) · worth \d+$/);
      expect(karnoeffelPresentation.scoreSheet([outcome], 'de', names).rows[0].game).toMatch(/^Trumpf \S+ · Wert \d+$/);
    }
    expect(checked).toBeGreaterThan(5);
  });
});

describe('the prompt at a raise (000 "Kartengeben und Steigern": the other of the pair accepts, refuses or raises again)', () => {
  it('says who raised to what when the seat must answer, and asks to raise otherwise', () => {
    let s: KarnoeffelState = start(rulesOf({ players: 2 }), 1, { 0: 'E2 EU E6 S3 S4', 1: 'HK H3 G3 S2 G4' });
    while (s.pairs < 2) s = act(s, toAct(s)[0], { type: 'pass' });
    const prompt = (st: KarnoeffelState, seat: number, lang: 'de' | 'en') =>
      karnoeffelPresentation.table(view(st, seat), legal(st, seat).map((a) => karnoeffelModule.game.formatAction(st.rules, a)), lang, names.slice(0, 2)).prompt;
    expect(prompt(s, 0, 'de')).toBe('Steigern?');
    s = act(s, 0, { type: 'raise' });
    expect(prompt(s, 1, 'de')).toBe(`Anna steigert auf ${s.pause!.bid}: annehmen?`);
    expect(prompt(s, 1, 'en')).toBe(`Anna raises to ${s.pause!.bid}: accept?`);
    // The refusal says what it gives away: the raisers score the value before the raise (000 "Kartengeben und Steigern").
    const refuse = (lang: 'de' | 'en') => karnoeffelPresentation.table(view(s, 1), ['refuse'], lang, names.slice(0, 2)).buttons[0].label;
    expect(refuse('de')).toBe(`Ablehnen: Blau bekommt ${s.value}`);
    expect(refuse('en')).toBe(`Refuse: Blue scores ${s.value}`);
  });

  it('the headline says the round\'s value in plain English, with who raised it to what, and the sides as Blue and Red (play-test)', () => {
    let s: KarnoeffelState = start(rulesOf({ players: 2 }), 1, { 0: 'E2 EU E6 S3 S4', 1: 'HK H3 G3 S2 G4' });
    while (s.pairs < 2) s = act(s, toAct(s)[0], { type: 'pass' });
    const model = (st: KarnoeffelState, lang: 'de' | 'en') => karnoeffelPresentation.table(view(st, 1), [], lang, names.slice(0, 2));
    expect(model(s, 'en').headline).toContain(`This round is worth ${s.value}`);
    expect(model(s, 'de').headline).toContain(`Wert der Runde: ${s.value}`);
    s = act(s, 0, { type: 'raise' });
    // It read "Round worth: 4 · raising: 7".
    expect(model(s, 'en').headline).toContain(`This round is worth ${s.value} · Anna raises it to ${s.pause!.bid}`);
    // In German too the raise is said with who made it (play-test: "Wert der Runde: 7 · Steigern: 10", the English named him).
    expect(model(s, 'de').headline).toContain(`Wert der Runde: ${s.value} · Anna steigert auf ${s.pause!.bid}`);
    const en = [...model(s, 'en').seatNotes, ...model(s, 'en').score].join('\n');
    expect(en).toMatch(/\bBlue\b/);
    expect(en).toMatch(/\bRed\b/);
    expect(en).not.toMatch(/\b(Blau|Rot)\b/);
    expect([...model(s, 'de').seatNotes, ...model(s, 'de').score].join('\n')).toMatch(/\bBlau\b.*\n?.*\bRot\b/s);
  });
});

describe('the tricks under each player are the ones he took (000 "Spieldurchführung": whoever wins a trick leads the next; the side with three wins)', () => {
  it('at four, a trick taken by the partner at seat 2 stands under him, not under seat 0, the first of his team', () => {
    // Dealer 3: Vorhand is seat 0. The face-up cards E9, S9, HK, G3: the lowest, G3, makes Gras trump.
    let s: KarnoeffelState = passToPlay(start(rulesOf({ players: 4 }), 3, { 0: 'E9 E8 E7 E6 E5', 1: 'S9 S8 S7 S6 S5', 2: 'HK EK H8 H7 H6', 3: 'G3 S4 S3 H5 H4' }));
    // Eichel led: the Eichel-König of seat 2 beats the Eichel 9; Schellen and Herz have no power.
    s = playAll(s, 'E9 S9 EK S4');
    expect(s.tricks[0].winner).toBe(2);
    const taken = (lang: 'de' | 'en') => karnoeffelPresentation.table(view(s, 0), [], lang, names).taken;
    expect(taken('de')).toEqual(['', '', '1 Stich', '']);
    expect(taken('en')).toEqual(['', '', '1 trick', '']);
    // The side's count stays the team's: Blau (seats 0 and 2) one trick.
    expect(karnoeffelPresentation.table(view(s, 1), [], 'de', names).score[0]).toBe('Stiche: Blau 1 : 0 Rot');
  });
});

describe('the trumps with powers are named in the hand and in the trick (000 "Spieldurchführung": "der Unter heißt Karnöffel, die Sechs heißt der Papst und der Daus heißt der Kaiser"; "Trumpf-7 wird der Teufel genannt")', () => {
  it('each is marked with its name in the hand and where it lies in the trick; before the trump is set the headline says so', () => {
    // Dealer 3, Vorhand seat 0. Face up E9, S9, HK, G3: Gras is trump once all four have their first card.
    let s: KarnoeffelState = start(rulesOf({ players: 4 }), 3, { 0: 'E9 GU G6 G2 G7', 1: 'S9 S8 S7 S6 S5', 2: 'HK EK H8 H7 H6', 3: 'G3 S4 S3 H5 H4' });
    const model = (st: KarnoeffelState, lang: 'de' | 'en') => karnoeffelPresentation.table(view(st, 0), [], lang, names);
    expect(s.trump).toBe(-1);
    expect(model(s, 'de').headline).toContain('Trumpf: noch offen');
    expect(model(s, 'en').headline).toContain('Trump: not yet known');
    s = passToPlay(s);
    const de = model(s, 'de');
    expect(de.headline).toContain('Trumpf: Gras');
    expect(de.hand.map((c) => [c.code, c.tag])).toEqual([
      ['GU', 'Karnöffel'],
      ['G7', 'Teufel'],
      ['G6', 'Papst'],
      ['G2', 'Kaiser'],
      ['E9', undefined],
    ]);
    // Another suit's Unter, 6, Daus and 7 have no name: seat 1's Schellen 6 and 7.
    expect(model(s, 'de').hand.length).toBe(5);
    expect(karnoeffelPresentation.table(view(s, 1), [], 'de', names).hand.every((c) => c.tag === undefined)).toBe(true);
    // Where it lies in the trick, the card says its name to everyone: seat 0 leads the Papst, seat 1 a Schellen 6.
    s = playAll(s, 'G6 S6');
    expect(karnoeffelPresentation.table(view(s, 2), [], 'en', names).trick.map((c) => [c.code, c.tag])).toEqual([
      ['G6', 'Papst'],
      ['S6', undefined],
    ]);
  });
});

describe('the marks beside the players: Geber and Vorhand; the team leaders in the headline', () => {
  it('Vorhand is the player right of the dealer where play goes to the right (001: "Wer rechterhand vom Geber sitzt, spielet aus und rechtsherum also fort"), and the drawn trump names its card (001: "die niedrigste ist die Trumpffarb")', () => {
    const rules = rulesOf({ players: 4 }, 'landsknecht');
    const s = start(rules, 0, {}, [0, 0], 'E9 S8 H7 G6');
    const marks = karnoeffelPresentation.table(view(s, 0), [], 'de', names).marks;
    // Seat 1 sits left of the dealer, seat 3 right of him: the deal and the first lead begin there.
    expect(view(s, 0).order[0]).toBe(3);
    expect(marks).toEqual([['Geber'], [], [], ['Vorhand']]);
    // The trump drawn before the deal is said with the card that set it: the lowest drawn, G6 (001).
    expect(karnoeffelPresentation.table(view(s, 0), [], 'de', names).headline).toContain('Trumpf: Gras (gezogen: Gras-Sechs)');
    expect(karnoeffelPresentation.table(view(s, 0), [], 'en', names).headline).toContain('Trump: Gras (drawn: Gras 6)');
    // Clockwise (000), the left neighbour.
    expect(karnoeffelPresentation.table(view(start(rulesOf({ players: 4 }), 0, {}), 0), [], 'de', names).marks).toEqual([['Geber'], ['Vorhand'], [], []]);
  });

  it('with six or eight the headline names each team\'s leader, who sees his teammates\' cards (000 "Kartengeben und Steigern": "so bestimmt jede Mannschaft für sich einen Führer"; 001: "einen Spielführer")', () => {
    const six = ['Anna', 'Sepp', 'Resi', 'Schorsch', 'Vroni', 'Wastl'];
    const s = start(rulesOf({ players: 6 }), 5, {});
    expect(karnoeffelPresentation.table(view(s, 2), [], 'de', six).headline).toContain('Teamführer – Blau: Anna · Rot: Sepp');
    expect(karnoeffelPresentation.table(view(s, 3), [], 'en', six).headline).toContain('Team leaders – Blue: Anna · Red: Sepp');
    // Nobody leads anything when no cards are shown and anyone may advise; four players have no leader.
    expect(karnoeffelPresentation.table(view(start(rulesOf({ players: 6, showHands: false }), 5, {}), 2), [], 'de', six).headline.join(' ')).not.toContain('Teamführer');
    expect(karnoeffelPresentation.table(view(start(rulesOf({ players: 4 }), 3, {}), 2), [], 'de', names).headline.join(' ')).not.toContain('Teamführer');
  });
});

describe('the partner\'s cards at the table (house rule showHands; 000 "Kartengeben und Steigern": partners show each other their cards)', () => {
  it('are titled "Karten von …" only once the partner holds a card: no title over nothing while the deal has not reached him', () => {
    const rules = rulesOf({ players: 4 });
    let s: KarnoeffelState = start(rules, 0, {});
    // Where the cards are dealt two at a time, the seats after the first pair hold nothing for a while.
    const shownOf = (st: KarnoeffelState, seat: number) =>
      karnoeffelPresentation.table(view(st, seat), legal(st, seat).map((a) => karnoeffelModule.game.formatAction(st.rules, a)), 'de', names).shown;
    let empty = 0;
    let titled = 0;
    for (let step = 0; step < 200 && s.phase !== 'done'; step++) {
      for (let seat = 0; seat < 4; seat++) {
        const partner = (seat + 2) % 4;
        const shown = shownOf(s, seat);
        if (s.hands[partner] === 0) {
          expect(shown).toEqual([]);
          empty++;
        } else {
          expect(shown.map((h) => h.title)).toEqual([`Karten von ${names[partner]}`]);
          expect(shown[0].cards.length).toBeGreaterThan(0);
          titled++;
        }
      }
      const seat = toAct(s)[0];
      if (seat === undefined) break;
      s = act(s, seat, legal(s, seat)[0]);
    }
    expect(empty).toBeGreaterThan(0);
    expect(titled).toBeGreaterThan(0);
  });

  it('carry a ribbon saying whose they are and a line why this player sees them, in German and English (play-test: a grey title read like any part of the table)', () => {
    const four = passToPlay(start(rulesOf({ players: 4 }), 3, { 0: 'GK E9 GO G3 GU', 1: 'S9 G8 G4 S6 G7', 2: 'HK EK H8 H7 H6', 3: 'G2 S4 S3 H5 H4' }));
    const shown = (st: KarnoeffelState, seat: number, lang: 'de' | 'en', who = names) => karnoeffelPresentation.table(view(st, seat), [], lang, who).shown;
    expect(shown(four, 0, 'de')).toEqual([expect.objectContaining({ ribbon: 'Partner', title: 'Karten von Resi', why: 'Partner zeigen einander die Karten' })]);
    expect(shown(four, 0, 'en')).toEqual([expect.objectContaining({ ribbon: 'Partner', title: 'Cards of Resi', why: 'Partners show each other their cards' })]);
    // With six, the team's leader (seat 0 of Blau, seat 1 of Rot) sees his teammates' cards, and only he.
    const six = passToPlay(start(rulesOf({ players: 6 }), 5, {}));
    const sixNames = ['Anna', 'Sepp', 'Resi', 'Schorsch', 'Vroni', 'Hias'];
    expect(shown(six, 0, 'de', sixNames).map((h) => [h.ribbon, h.why])).toEqual([
      ['Team', 'Als Teamführer siehst du die Karten deines Teams'],
      ['Team', 'Als Teamführer siehst du die Karten deines Teams'],
    ]);
    expect(shown(six, 1, 'en', sixNames)[0].why).toBe('As team leader you see your team’s cards');
    expect(shown(six, 2, 'de', sixNames)).toEqual([]);
  });
});

describe('the end of a sitting shows the Partie played, never the next that did not begin, and who won', () => {
  it('one Partie: the winner, its score and stake (000: ×2 when the losers stay below half), the money per player', () => {
    const sheet = { points: [0, 0], dealsInMatch: 0, matches: [{ winner: 1, points: [4, 12], multiplier: 2, amount: 2, deals: 5 }], wins: [0, 1], balance: [-2, 2] };
    const de = karnoeffelPresentation.sittingEnd(sheet, 'de', names);
    expect(de).toEqual(['Rot gewinnt die Sitzung.', 'Partie: Rot 12 : 4 Blau in 5 Runden · Einsatz (×2, Blau unter der Hälfte): 2 je Spieler', 'Je Spieler: Blau – Anna, Resi: −2 Punkte · Rot – Sepp, Schorsch: +2 Punkte']);
    expect(de.join(' ')).not.toMatch(/Partie 2|0 : 0/);
    expect(karnoeffelPresentation.sittingEnd(sheet, 'en', names)[1]).toBe('Match: Red 12 : 4 Blue in 5 rounds · stake (×2, Blue below half): 2 a player');
  });

  it('several Partien: won 2 : 1; one left unfinished is named so', () => {
    const m = (winner: number, points: number[]) => ({ winner, points, multiplier: 1, amount: 1, deals: 4 });
    const sheet = { points: [3, 0], dealsInMatch: 1, matches: [m(0, [12, 9]), m(1, [8, 12]), m(0, [12, 6])], wins: [2, 1], balance: [1, -1] };
    const de = karnoeffelPresentation.sittingEnd(sheet, 'de', names);
    expect(de[0]).toBe('Blau gewinnt die Sitzung: 2 : 1 Partien.');
    expect(de[1]).toBe('Partie 1: Blau 12 : 9 Rot in 4 Runden · Einsatz: 1 je Spieler');
    expect(de).toContain('Partie 4 (nicht fertig): Blau 3 : 0 Rot');
  });

  it('no Partie played to its end: no winner of the sitting and no stake, only who was ahead (a sitting of a few deals)', () => {
    const sheet = { points: [10, 19], dealsInMatch: 2, matches: [], wins: [0, 0], balance: [0, 0] };
    const de = karnoeffelPresentation.sittingEnd(sheet, 'de', ['Toni (du)', 'Sepp (bot)']);
    expect(de).toEqual(['Keine Partie zu Ende gespielt, kein Einsatz; Rot lag vorn.', 'Partie 1 (nicht fertig): Blau 10 : 19 Rot']);
    expect(karnoeffelPresentation.sittingEnd(sheet, 'en', ['Toni (you)', 'Sepp (bot)'])[0]).toBe('No match played to its end, no stake; Red was ahead.');
  });
});

describe('a round given up by refusing a raise', () => {
  it('names the side that refused, in both languages (play-test: "The raise was refused", and by whom was to be guessed)', () => {
    const o = { winner: 1, value: 7, by: 'refusal', score: [0, 7, 0, 7], tricks: [1, 0], points: [4, 7], matchOver: false, trump: 2 };
    const names = ['Anna', 'Sepp', 'Resi', 'Schorsch'];
    expect(karnoeffelPresentation.dealSummary(o, 'de', names)[1]).toBe('Blau hat das Steigern abgelehnt');
    expect(karnoeffelPresentation.dealSummary(o, 'en', names)[1]).toBe('Blue refused the raise');
    expect(karnoeffelPresentation.dealSummary({ ...o, winner: 0, score: [7, 0, 7, 0] }, 'en', names)[0]).toBe('Blue – Anna and Resi – wins the round: 7 points');
    // The names as the table gives them, with their own brackets: none around them (play-test: "(Anna (du), Resi (bot))"),
    // and as a lesson gives them ("für Du und Jörg" read wrong).
    expect(karnoeffelPresentation.dealSummary({ ...o, winner: 0, score: [7, 0, 7, 0] }, 'de', ['Anna (du)', 'Sepp (bot)', 'Resi (bot)', 'Schorsch (bot)'])[0]).toBe('Blau – Anna (du) und Resi (bot) – gewinnt die Runde: 7 Punkte');
    expect(karnoeffelPresentation.dealSummary({ ...o, winner: 0, score: [7, 0, 7, 0] }, 'de', ['Du', 'Hans', 'Jörg', 'Grete'])[0]).toBe('Blau – Du und Jörg – gewinnt die Runde: 7 Punkte');
  });
});

describe('the trumps in the hand stand in the order of their power (001 "Die Stichkraft der Trumpfkarten"; 000: "Karnöffel (Unter), Papst (Sechs), Kaiser (Daus), König, 3, Ober, 4, 5, Banner (10), 9, 8")', () => {
  it('the Karnöffel first, then Teufel, Papst, Kaiser, König, 3, Ober …, in the hand and in the partner\'s cards shown; other suits König down to Daus', () => {
    // Play-test: "Gras-König, Gras-Ober, Karnöffel, Gras 3": sorted by rank, the strongest trump third.
    // Dealer 3, Vorhand seat 0. Face up GK, S9, HK, G2 … the lowest, G2 (seat 3), makes Gras trump.
    const s = passToPlay(start(rulesOf({ players: 4 }), 3, { 0: 'GK E9 GO G3 GU', 1: 'S9 G8 G4 S6 G7', 2: 'HK EK H8 H7 H6', 3: 'G2 S4 S3 H5 H4' }));
    expect(s.trump).toBe(1);
    const hand = (seat: number) => karnoeffelPresentation.table(view(s, seat), [], 'de', names).hand.map((c) => c.code);
    expect(hand(0)).toEqual(['GU', 'GK', 'G3', 'GO', 'E9']);
    expect(hand(1)).toEqual(['G7', 'G4', 'G8', 'S9', 'S6']);
    expect(hand(3)).toEqual(['G2', 'H5', 'H4', 'S4', 'S3']);
    // With four, partners see each other's cards (000): seat 2 sees seat 0's in the same order.
    const shown = karnoeffelPresentation.table(view(s, 2), [], 'de', names).shown;
    expect(shown.map((h) => h.cards.map((c) => c.code))).toContainEqual(['GU', 'GK', 'G3', 'GO', 'E9']);
  });
});
