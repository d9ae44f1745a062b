import { describe, expect, it } from 'vitest';
import { bauernschnapsen, talonschnapsen } from './game.js';
import { schnapsenPresentation } from './present.js';
import { newDeal, passToPlay, randomDeal, rulesFor, run, SCHNAPSEN_CONFIGS } from './testing.js';
import { SeededRng } from '../../core/rng.js';
import type { SchnapsenOutcome } from './state.js';
import type { SchnapsenView } from './view.js';

const names = ['Anna', 'Sepp', 'Resi', 'Schorsch'];

describe('the trump call at the browser table (003 "Beginn und Ende": the Rufer names trump or turns up a card)', () => {
  it('offers the suits of the first three cards and says which hidden card a turn shows, in German and English', () => {
    const s = run(newDeal('bauern', ['EA EZ HK EO GU', 'GA GZ GK HA HZ', 'EK HO HU SA SZ', 'SK SO SU EU GO']), '2 abheben');
    const legal = bauernschnapsen.legal(s, 0).map((a) => bauernschnapsen.formatAction(s.rules, a));
    const view = bauernschnapsen.view(s, 0);
    const de = schnapsenPresentation.table(view, legal, 'de', names).buttons.map((b) => b.label);
    const en = schnapsenPresentation.table(view, legal, 'en', names).buttons.map((b) => b.label);
    expect(de).toEqual(expect.arrayContaining(['Trumpf: Eichel', 'Trumpf: Herz', '1. verdeckte Karte aufdecken', '2. verdeckte Karte aufdecken']));
    expect(en).toEqual(expect.arrayContaining(['Turn up hidden card 1', 'Turn up hidden card 2']));
  });

  it('a game without trump (003 Bettler: "es gibt kein Atout") says so instead of the called suit, and the hand keeps no trump first', () => {
    // Play-test: "Bettler (4)" and beneath it "Trumpf: Gras", the Gras cards sorted first as trumps.
    const called = run(newDeal('bauern', ['EA EZ HK EO GU', 'GA GZ GK HA HZ', 'EK HO HU SA SZ', 'SK SO SU EU GO']), '2 abheben; 0 trumpf H');
    const before = schnapsenPresentation.table(bauernschnapsen.view(called, 0), [], 'de', names);
    // Herz called: a Herzrunde, every game counts double (003 "Herzrunde"), said beside the trump.
    expect(before.headline).toContain('Trumpf: Herz · Herzrunde (×2)');
    const plain = run(newDeal('bauern', ['EA EZ HK EO GU', 'GA GZ GK HA HZ', 'EK HO HU SA SZ', 'SK SO SU EU GO'], { rules: rulesFor('bauern', { herzrunde: false }) }), '2 abheben; 0 trumpf H');
    expect(schnapsenPresentation.table(bauernschnapsen.view(plain, 0), [], 'en', names).headline).toContain('Trump: Herz');
    expect(before.hand.map((c) => c.code)[0]).toBe('HK');
    // Announcing, the question names the trump called (on a phone the headline that does has scrolled away).
    const legal = bauernschnapsen.legal(called, 0).map((a) => bauernschnapsen.formatAction(called.rules, a));
    expect(schnapsenPresentation.table(bauernschnapsen.view(called, 0), legal, 'de', names).prompt).toBe('Ein Spiel ansagen? Trumpf: Herz');
    expect(schnapsenPresentation.table(bauernschnapsen.view(called, 0), legal, 'en', names).prompt).toBe('Announce a game? Trump: Herz');
    const s = passToPlay(run(called, '0 bettler'));
    const de = schnapsenPresentation.table(bauernschnapsen.view(s, 0), [], 'de', names);
    const en = schnapsenPresentation.table(bauernschnapsen.view(s, 0), [], 'en', names);
    expect(de.headline.join(' | ')).toMatch(/^Bettler \(4\) · Anna \| Kein Trumpf \(gerufen war Herz\)/);
    expect(en.headline).toContain('No trump (Herz was called) · Herzrunde (×2)');
    expect(de.headline.join(' ')).not.toMatch(/Trumpf:/);
    expect(de.hand.map((c) => c.code).indexOf('HK')).toBeGreaterThan(0);
  });

  it('in Talonschnapsen the Rufer has three cards still to come', () => {
    const s = run(newDeal('talon', ['EA EZ HK EO GU GO', 'GA GZ GK HA HZ SO', 'EK HO HU SA SZ SU'], { talon: 'SK EU' }), '1 abheben');
    expect(s.phase).toBe('trump');
    const legal = talonschnapsen.legal(s, s.rufer).map((a) => talonschnapsen.formatAction(s.rules, a));
    const de = schnapsenPresentation.table(talonschnapsen.view(s, s.rufer), legal, 'de', names.slice(0, 3)).buttons.map((b) => b.label);
    expect(de.filter((l) => l.endsWith('verdeckte Karte aufdecken'))).toEqual(['1. verdeckte Karte aufdecken', '2. verdeckte Karte aufdecken', '3. verdeckte Karte aufdecken']);
  });

  it('names the card turned up for trump in the page\'s language, without its code, as the hand names it', () => {
    // Seat 0's cards still to come are EO and GU: turning up the 1st shows the Eichel-Ober.
    const s = run(newDeal('bauern', ['EA EZ HK EO GU', 'GA GZ GK HA HZ', 'EK HO HU SA SZ', 'SK SO SU EU GO']), '2 abheben; 0 aufdecken 1');
    const view = bauernschnapsen.view(s, 1);
    expect(view.turned).not.toBeNull();
    const de = schnapsenPresentation.table(view, [], 'de', names).headline;
    const en = schnapsenPresentation.table(view, [], 'en', names).headline;
    expect(de).toContain('Trumpf: Eichel (Eichel-Ober)');
    expect(en).toContain('Trump: Eichel (Eichel Ober)');
    // A Zehn is "Zehn" as everywhere in the browser (not the terminal's "Zehner"), "10" in English.
    const z = run(newDeal('bauern', ['EA HK EO EZ GU', 'GA GZ GK HA HZ', 'EK HO HU SA SZ', 'SK SO SU EU GO']), '2 abheben; 0 aufdecken 1');
    expect(schnapsenPresentation.table(bauernschnapsen.view(z, 1), [], 'de', names).headline).toContain('Trumpf: Eichel (Eichel-Zehn)');
    expect(schnapsenPresentation.table(bauernschnapsen.view(z, 1), [], 'en', names).headline).toContain('Trump: Eichel (Eichel 10)');
  });

  it('knocking deals all five cards at once, all six in Talonschnapsen (003 "Beginn und Ende", "Talonschnapsen")', () => {
    const b = newDeal('bauern', ['EA EZ HK EO GU', 'GA GZ GK HA HZ', 'EK HO HU SA SZ', 'SK SO SU EU GO']);
    const t = newDeal('talon', ['EA EZ HK EO GU GO', 'GA GZ GK HA HZ SO', 'EK HO HU SA SZ SU'], { talon: 'SK EU' });
    const labels = (s: typeof b, game: typeof bauernschnapsen, seat: number) =>
      schnapsenPresentation.table(game.view(s, seat), game.legal(s, seat).map((a) => game.formatAction(s.rules, a)), 'de', names).buttons.map((x) => x.label);
    expect(labels(b, bauernschnapsen, 2)).toContain('Klopfen (alle fünf auf einmal)');
    expect(labels(t, talonschnapsen, 1)).toContain('Klopfen (alle sechs auf einmal)');
  });

  it('after a knock the table says why the others hold no cards yet, and who knocked (003 "Beginn und Ende": the Rufer gets three first)', () => {
    const s = run(newDeal('bauern', ['EA EZ HK EO GU', 'GA GZ GK HA HZ', 'EK HO HU SA SZ', 'SK SO SU EU GO']), '2 klopfen');
    expect(s.phase).toBe('trump');
    const view = bauernschnapsen.view(s, 1);
    expect(view.handSizes.filter((n) => n === 0).length).toBeGreaterThan(0);
    const de = schnapsenPresentation.table(view, [], 'de', names);
    const en = schnapsenPresentation.table(view, [], 'en', names);
    expect(de.headline).toContain('Geklopft: der Rufer sieht drei Karten und ruft Trumpf, dann bekommt jeder alle auf einmal');
    expect(en.headline).toContain('Knocked: the Rufer sees three cards and names trump, then everyone gets all his cards at once');
    expect(de.marks[2]).toContain('Geklopft');
    expect(en.marks[2]).toContain('Knocked');
    // Once trump is named everyone has his cards: the line goes, the mark stays.
    const named = run(s, `${s.rufer} trumpf E`);
    const after = schnapsenPresentation.table(bauernschnapsen.view(named, 1), [], 'de', names);
    expect(after.headline.join(' ')).not.toContain('Geklopft:');
    expect(after.marks[2]).toContain('Geklopft');
  });
});

describe('the deal summary counts the 20/40 with the Augen (003 "Normales Spiel": 20 and 40 count once the side has a trick)', () => {
  const HANDS = ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO'];
  it('shows the side\'s Augen as a player reckons them: the cards taken plus the 40', () => {
    let s = passToPlay(run(newDeal('bauern', HANDS), '2 abheben; 0 trumpf E'));
    s = run(s, '0 40 E; 0 EO; 1 HZ; 2 SZ; 3 EU; 0 EA; 1 HA; 2 SA; 3 GO');
    expect(s.phase).toBe('done');
    const view = bauernschnapsen.view(s, 0);
    const de = schnapsenPresentation.dealSummary(s.outcome, 'de', names, view);
    const en = schnapsenPresentation.dealSummary(s.outcome, 'en', names, view);
    expect(de[0]).toBe('Normales Spiel · Anna: gewonnen (61 + 40 = 101 Augen, 2 Stiche)');
    expect(en[0]).toBe('Normales Spiel · Anna: won (61 + 40 = 101 card points, 2 tricks)');
  });

  it('a side without a trick: its 20/40 do not count, and the summary says so', () => {
    const outcome = { score: [0, 2, 0, 2], teamScore: [0, 2], game: 'normal', declarer: 0, won: false, base: 2, spritz: 1, herzrunde: false, cardPoints: [0, 50, 0, 30], tricks: [0, 3, 0, 2], endsBummerl: false, bummerlTrump: null, reason: '' } as unknown as SchnapsenOutcome;
    const view = { melds: [{ seat: 0, suit: 1, points: 20 }] } as unknown as SchnapsenView;
    expect(schnapsenPresentation.dealSummary(outcome, 'de', names, view)[0]).toBe('Normales Spiel · Anna: verloren (0 Augen, 0 Stiche; der Zwanziger zählt ohne Stich nicht) – die Gegner hatten zuerst 66 Augen');
    expect(schnapsenPresentation.dealSummary(outcome, 'en', names, view)[0]).toBe('Normales Spiel · Anna: lost (0 card points, 0 tricks; the 20 counts only with a trick) – the others reached 66 first');
  });

  it('names the game as announced: "Bauernschnapser ohne Talon" (003 "Talonschnapsen": a game without the talon)', () => {
    const outcome = { score: [6, 0, 0], teamScore: [6, 0, 0], game: 'bauernschnapser', declarer: 0, won: true, base: 6, spritz: 1, herzrunde: false, cardPoints: [80, 20, 20], tricks: [6, 0, 0], endsBummerl: false, bummerlTrump: null, reason: '' } as unknown as SchnapsenOutcome;
    const view = { melds: [], contract: { game: 'bauernschnapser', declarer: 0, ohne: true } } as unknown as SchnapsenView;
    expect(schnapsenPresentation.dealSummary(outcome, 'de', names.slice(0, 3), view)[0]).toMatch(/^Bauernschnapser ohne Talon · Anna: gewonnen/);
    expect(schnapsenPresentation.dealSummary(outcome, 'de', names.slice(0, 3), { ...view, contract: { ...view.contract!, ohne: false } })[0]).toMatch(/^Bauernschnapser · Anna: gewonnen/);
  });
});

describe('the end of a sitting shows the finished Bummerl, never the new empty one, and who won', () => {
  const table = ['Tester (du)', 'Sepp (bot)', 'Resi (bot)', 'Schorsch (bot)'];
  const base = { points: [0, 0], trump: null, led23: [false, false], deals: 7, games: {} };
  it('Bauernschnapsen: the Bummerl lost 20 : 24, winners first, and who got it', () => {
    const sheet = { ...base, tally: [1, 0], finished: [{ points: [20, 24], losers: [{ who: 0, count: 1, kind: 'Bummerl' }] }] };
    const de = schnapsenPresentation.sittingEnd(sheet, 'de', table);
    expect(de).toEqual(['Sepp (bot) & Schorsch (bot) gewinnen die Sitzung.', 'Bummerl: Sepp (bot) & Schorsch (bot) 24 : 20 Tester (du) & Resi (bot) – Tester (du) & Resi (bot) bekommen das Bummerl.', '7 Spiele']);
    expect(de.join(' ')).not.toMatch(/ 0 : | 0$/);
    expect(schnapsenPresentation.sittingEnd(sheet, 'en', table)[1]).toBe('Bummerl: Sepp (bot) & Schorsch (bot) 24 : 20 Tester (du) & Resi (bot) – Tester (du) & Resi (bot) get the Bummerl.');
    // Counted down from 24 (house rule countDown), the winners stand at 0.
    expect(schnapsenPresentation.sittingEnd(sheet, 'de', table, { countDown: true })[1]).toBe('Bummerl: Sepp (bot) & Schorsch (bot) 0 : 4 Tester (du) & Resi (bot) – Tester (du) & Resi (bot) bekommen das Bummerl.');
  });

  it('a Schneider and a Retourschneider by name, and the tally over several Bummerl (003 "Allgemeine Regeln")', () => {
    const sheet = {
      ...base,
      deals: 15,
      tally: [0, 6],
      finished: [
        { points: [24, 0], losers: [{ who: 1, count: 2, kind: 'Schneider' }] },
        { points: [24, 23], losers: [{ who: 1, count: 4, kind: 'Retourschneider' }] },
      ],
    };
    const de = schnapsenPresentation.sittingEnd(sheet, 'de', table);
    expect(de[0]).toBe('Tester (du) & Resi (bot) gewinnen die Sitzung.');
    expect(de[1]).toBe('Bummerl 1: Tester (du) & Resi (bot) 24 : 0 Sepp (bot) & Schorsch (bot) – Sepp (bot) & Schorsch (bot) bekommen einen Schneider (2 Bummerl: kein Punkt).');
    expect(de[2]).toMatch(/^Bummerl 2: .* 24 : 23 .* bekommen einen Retourschneider \(4 Bummerl: nach 23 : 0 verloren\)\.$/);
    expect(de).toContain('Bummerl bekommen: Tester (du) & Resi (bot) 0 · Sepp (bot) & Schorsch (bot) 6');
    expect(schnapsenPresentation.sittingEnd(sheet, 'en', table)[1]).toMatch(/get a Schneider \(2 Bummerl: no point scored\)\.$/);
  });

  it('Talonschnapsen: each player, the winner first; a Bummerl left unfinished is named so', () => {
    const three = table.slice(0, 3);
    const sheet = { points: [3, 0, 5], trump: null, led23: [false, false, false], deals: 9, games: {}, tally: [1, 0, 0], finished: [{ points: [10, 24, 14], losers: [{ who: 0, count: 1, kind: 'Bummerl' }] }] };
    const de = schnapsenPresentation.sittingEnd(sheet, 'de', three);
    expect(de[0]).toBe('Resi (bot) gewinnt die Sitzung.');
    expect(de[1]).toBe('Bummerl: Sepp (bot) 24 · Resi (bot) 14 · Tester (du) 10 – Tester (du) bekommt das Bummerl.');
    expect(de[2]).toBe('Bummerl 2 (nicht fertig): Tester (du) 3 : Sepp (bot) 0 : Resi (bot) 5');
  });
});

describe('the Spielzettel writes the Bummerl to whom the sitting gives it (003 "Talonschnapsen": "Es hat immer derjenige ein Bummerl oder Schneider, der die wenigsten Punkte von den dreien hat")', () => {
  const deal = (game: SchnapsenOutcome['game'], declarer: number, won: boolean, teamScore: number[]) =>
    ({ game, declarer, won, teamScore, score: teamScore, base: 0, spritz: 1, herzrunde: false, cardPoints: [0, 0, 0], tricks: [0, 0, 0], endsBummerl: false, bummerlTrump: null, reason: '' }) as SchnapsenOutcome;
  const three = ['Anna', 'Sepp', 'Resi'];
  // Anna wins a Bauernschnapser, Sepp a Gang, Anna another Bauernschnapser: 24 : 9 : 0.
  const sitting = [deal('bauernschnapser', 0, true, [12, 0, 0]), deal('gang', 1, true, [0, 9, 0]), deal('bauernschnapser', 0, true, [12, 0, 0])];

  it('Talonschnapsen: only the last gets it, with no point a Schneider; not the player between (play-test: "Bummerl für Sepp, Resi")', () => {
    const rows = schnapsenPresentation.scoreSheet(sitting, 'de', three, { talonBummerlAll: false }).rows;
    expect(rows.map((r) => r.note)).toEqual([undefined, undefined, 'Bummerl für Resi (Schneider, ×2) (24:9:0)']);
    expect(schnapsenPresentation.scoreSheet(sitting, 'en', three).rows[2].note).toBe('Bummerl to Resi (Schneider, ×2) (24:9:0)');
    // Resi loses a Schnapser and a Gang, each of the others scoring them: 27 (written 24) : 15 : 0.
    const tie = [deal('bauernschnapser', 0, true, [12, 0, 0]), deal('schnapser', 2, false, [6, 6, 0]), deal('gang', 2, false, [9, 9, 0])];
    expect(schnapsenPresentation.scoreSheet(tie, 'de', three).rows[2].note).toBe('Bummerl für Resi (Schneider, ×2) (24:15:0)');
    // Two tied at the bottom both get it.
    const low = [deal('bauernschnapser', 0, true, [12, 0, 0]), deal('schnapser', 1, true, [0, 6, 0]), deal('schnapser', 2, true, [0, 0, 6]), deal('bauernschnapser', 0, true, [12, 0, 0])];
    expect(schnapsenPresentation.scoreSheet(low, 'de', three).rows[3].note).toBe('Bummerl für Sepp, Resi (24:6:6)');
  });

  it('with the regional rule everyone short of 24 gets one (003 "Regionale Variante: Jeder Spieler, der nicht die 24 Punkte erreicht, hat ein Bummerl")', () => {
    expect(schnapsenPresentation.scoreSheet(sitting, 'de', three, { talonBummerlAll: true }).rows[2].note).toBe('Bummerl für Sepp, Resi (Schneider, ×2) (24:9:0)');
  });

  it('Bauernschnapsen: the team behind gets it, a Schneider named (003 "Allgemeine Regeln")', () => {
    const four = ['Anna', 'Sepp', 'Resi', 'Schorsch'];
    const two = [deal('bauernschnapser', 0, true, [12, 0]), deal('gang', 1, true, [0, 9]), deal('bauernschnapser', 2, true, [12, 0])];
    expect(schnapsenPresentation.scoreSheet(two, 'de', four).rows[2].note).toBe('Bummerl für Sepp & Schorsch (24:9)');
    expect(schnapsenPresentation.scoreSheet([two[0], two[2]], 'de', four).rows[1].note).toBe('Bummerl für Sepp & Schorsch (Schneider, ×2) (24:0)');
  });
});

describe('the Spielzettel counts each Bummerl as the rules do (003: "das Spiel endet, sobald ein Team 24 Punkte erreicht hat"; "Es können jedoch nur 24 Punkte pro Bummel erreicht werden")', () => {
  const deal = (game: SchnapsenOutcome['game'], declarer: number, won: boolean, teamScore: number[]) =>
    ({ game, declarer, won, teamScore, score: teamScore, base: 0, spritz: 1, herzrunde: false, cardPoints: [0, 0, 0, 0], tricks: [0, 0, 0, 0], endsBummerl: false, bummerlTrump: null, reason: '' }) as SchnapsenOutcome;
  const four = ['Anna', 'Sepp', 'Resi', 'Schorsch'];
  // 12, then 9 for the others, then 12 more: the Bummerl is won 24 : 9, not 24 + … ; the next Bummerl starts at 0.
  const sitting = [deal('bauernschnapser', 0, true, [12, 0]), deal('gang', 1, true, [0, 9]), deal('kontraschnapser', 2, true, [12, 0]), deal('schnapser', 1, true, [0, 6])];

  it('the running total stops at 24 where the Bummerl is won, as its line says (play-test: "30" above "Bummerl für Sepp & Schorsch (24:9)")', () => {
    const rows = schnapsenPresentation.scoreSheet([deal('bauernschnapser', 0, true, [12, 0]), deal('gang', 1, true, [0, 9]), deal('gang', 0, true, [18, 0]), ...sitting.slice(3)], 'de', four).rows;
    expect(rows.map((r) => r.totals)).toEqual([['12', '0'], ['12', '9'], ['24', '9'], ['0', '6']]);
    expect(rows[2].cells).toEqual(['+18', '0']);
    expect(rows[2].note).toBe('Bummerl für Sepp & Schorsch (24:9)');
  });

  it('counted down from 24 (house rule countDown, 003 "von 24 auf null Punkten heruntergezählt"), the totals and the line count down too', () => {
    const rows = schnapsenPresentation.scoreSheet(sitting, 'de', four, { countDown: true }).rows;
    expect(rows.map((r) => r.totals)).toEqual([['12', '24'], ['12', '15'], ['0', '15'], ['24', '18']]);
    expect(rows[0].cells).toEqual(['+12', '0']);
    expect(rows[2].note).toBe('Bummerl für Sepp & Schorsch (0:15)');
  });

  it('counted down, the lines under the Spielzettel and the standing at the table count down too', () => {
    const sheet = { points: [12, 9], trump: null, led23: [false, false], tally: [0, 0], finished: [], deals: 2, games: {} };
    expect(schnapsenPresentation.sheet(sheet, 'de', four, { countDown: true })[0]).toBe('Dieses Bummerl (von 24 abwärts): Anna & Resi 12 : Sepp & Schorsch 15');
    expect(schnapsenPresentation.sheet(sheet, 'en', four, { countDown: false })[0]).toBe('This Bummerl (to 24): Anna & Resi 12 : Sepp & Schorsch 9');
    const s = newDeal('bauern', ['EA EZ HK EO GU', 'GA GZ GK HA HZ', 'EK HO HU SA SZ', 'SK SO SU EU GO'], { rules: rulesFor('bauern', { countDown: true }), carry: { points: [12, 9], trump: null } });
    expect(schnapsenPresentation.table(bauernschnapsen.view(s, 0), [], 'de', four).score).toEqual(['Stand vor diesem Spiel: Anna & Resi 12 : Sepp & Schorsch 15']);
  });
});

describe('the deal summary says why a normal game wrote 1, 2 or 3 (003 table, "Normales Spiel")', () => {
  const normal = (base: number, herzrunde = false) =>
    ({ score: [0, base, 0, base], teamScore: [0, base * (herzrunde ? 2 : 1)], game: 'normal', declarer: 1, won: true, base, spritz: 1, herzrunde, cardPoints: [10, 50, 10, 24], tricks: [1, 2, 0, 1], endsBummerl: false, bummerlTrump: null, reason: '' }) as unknown as SchnapsenOutcome;
  it('by the losers\' Augen and tricks, also when nothing doubled it (play-test: "+2" without a word why)', () => {
    expect(schnapsenPresentation.dealSummary(normal(2), 'de', names)[1]).toBe('Normales Spiel 2 (Verlierer unter 33 Augen)');
    expect(schnapsenPresentation.dealSummary(normal(1), 'en', names)[1]).toBe('Normales Spiel 1 (the losers with 33 card points or more)');
    expect(schnapsenPresentation.dealSummary(normal(3), 'de', names)[1]).toBe('Normales Spiel 3 (Verlierer ohne Stich)');
    expect(schnapsenPresentation.dealSummary(normal(1, true), 'de', names)[1]).toBe('Normales Spiel 1 (Verlierer mit 33 Augen oder mehr) × 2 Herzrunde = 2');
  });
});

describe('the deal summary says why a game was lost, in the game\'s words (003 "Normales Spiel", "Talonschnapsen")', () => {
  // Play-test: "Normales Spiel · Sepp: verloren (65 Augen, 3 Stiche)" and not a word why.
  const lost = () => {
    // The first normal game of these random deals that its Rufer's side lost with 64 Augen or more.
    const rng = new SeededRng(7);
    for (let i = 0; i < 500; i++) {
      const { states } = randomDeal('bauern', rulesFor('bauern'), rng, 3, undefined, true);
      const s = states[states.length - 1];
      const o = s.outcome!;
      if (o.game === 'normal' && !o.won && o.declarer === 0 && o.cardPoints[0] + o.cardPoints[2] >= 64) return s;
    }
    throw new Error('no normal game lost with 64 or more found');
  };
  it('Bauernschnapsen: with 64 Augen or more, lost because the others took the last trick', () => {
    const s = lost();
    expect(s.phase).toBe('done');
    expect(s.outcome!.won).toBe(false);
    const view = bauernschnapsen.view(s, 0);
    const de = schnapsenPresentation.dealSummary(s.outcome, 'de', names, view)[0];
    const taker = names[s.tricks[4].winner];
    expect(de).toMatch(new RegExp(`^Normales Spiel · Anna: verloren \\(6[45] Augen, \\d Stiche\\) – die Gegner machten den letzten Stich \\(${taker}\\)$`));
    expect(schnapsenPresentation.dealSummary(s.outcome, 'en', names, view)[0]).toMatch(new RegExp(` – the others took the last trick \\(${taker}\\)$`));
    // At the table the deal's end arrives before the view that has its last trick: the outcome says the same.
    expect(schnapsenPresentation.dealSummary(s.outcome, 'de', names, { melds: [], events: [] })[0]).toMatch(/ – die Gegner machten den letzten Stich$/);
  });

  it('Talonschnapsen: the Rufer needs 66, the talon does not count (003 "Talonschnapsen")', () => {
    const rng = new SeededRng(11);
    const rules = rulesFor('talon');
    for (let i = 0; i < 500; i++) {
      const { states } = randomDeal('talon', rules, rng, 2, undefined, true);
      const o = states[states.length - 1].outcome!;
      if (o.game !== 'normal' || o.won || o.cardPoints[o.declarer!] < 60) continue;
      const de = schnapsenPresentation.dealSummary(o, 'de', names.slice(0, 3))[0];
      expect(de).toMatch(/ – (der Rufer braucht 66 Augen|66 Augen nicht mehr erreichbar), der Talon zählt nicht mit$/);
      expect(schnapsenPresentation.dealSummary(o, 'en', names.slice(0, 3))[0]).toMatch(/ – (the Rufer needs 66|66 out of reach), the talon does not count$/);
      // Far from 66 the talon, whose two cards hold 22 Augen at most, is not named.
      const far = { ...o, cardPoints: o.cardPoints.map((x, s) => (s === o.declarer ? 30 : x)) };
      expect(schnapsenPresentation.dealSummary(far, 'de', names.slice(0, 3))[0]).toMatch(/ – (der Rufer braucht 66 Augen|66 Augen nicht mehr erreichbar)$/);
      return;
    }
    throw new Error('no normal game lost with 60 or more found');
  });

  it('a Bettler lost: the announcer took a trick where none was allowed; a Gang lost: who took the trick', () => {
    const lost = (game: string, tricks: number[]) => ({ score: [0, 4, 0, 4], teamScore: [0, 4], game, declarer: 0, won: false, base: 4, spritz: 1, herzrunde: false, cardPoints: [10, 20, 0, 0], tricks, endsBummerl: false, bummerlTrump: null, reason: '' }) as unknown as SchnapsenOutcome;
    expect(schnapsenPresentation.dealSummary(lost('bettler', [1, 1, 0, 0]), 'de', names)[0]).toBe('Bettler · Anna: verloren (10 Augen, 1 Stich) – einen Stich gemacht, keiner war erlaubt');
    expect(schnapsenPresentation.dealSummary(lost('bettler', [1, 1, 0, 0]), 'en', names)[0]).toMatch(/ – took a trick, none was allowed$/);
    expect(schnapsenPresentation.dealSummary(lost('gang', [1, 1, 0, 0]), 'de', names)[0]).toMatch(/ – Sepp machte einen Stich$/);
    expect(schnapsenPresentation.dealSummary(lost('schnapser', [1, 0, 1, 0]), 'en', names)[0]).toMatch(/ – the partner Resi took a trick$/);
  });

  it('the reason read from the outcome is the one of the deal\'s end event, in every game and rule set', () => {
    const rng = new SeededRng(5);
    let compared = 0;
    for (const [variant, preset, overrides] of SCHNAPSEN_CONFIGS) {
      const rules = rulesFor(variant, overrides, preset);
      const game = variant === 'bauern' ? bauernschnapsen : talonschnapsen;
      for (let i = 0; i < 150; i++) {
        const { states } = randomDeal(variant, rules, rng, i % game.seatCount(rules));
        const end = states[states.length - 1];
        const o = end.outcome!;
        if (o.game === 'redeal') continue;
        const view = game.view(end, 0);
        for (const lang of ['de', 'en'] as const) {
          const full = schnapsenPresentation.dealSummary(o, lang, names, view)[0];
          const bare = schnapsenPresentation.dealSummary(o, lang, names, { melds: view.melds, contract: view.contract, events: [] })[0];
          // Only who took the last trick is not in the outcome.
          expect(bare, `${o.reason}`).toBe(full.replace(/ \([A-Za-z]+\)$/, ''));
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(800);
  });
});
