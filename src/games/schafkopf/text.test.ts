import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { SPECTATOR } from '../game.js';
import { schafkopf } from './game.js';
import { schafkopfText as text } from './text.js';
import { advance, deal, play, randomDeal, rulesOf, VARIANTS } from './testing.js';

/**
 * The terminal (issue 7 §3): every player by name, the right verb for "You",
 * the Stoß exchange in its own words, team totals once the teams are known,
 * and help that says what a game needs and pays.
 */

const NAMES = ['You', 'Sepp', 'Resi', 'Schorsch'];
const A = ['EO GO HO EU HA HZ G9 S7', 'SO GU HK H9 EA EZ S9 S8', 'GA GZ GK SU H8 EK E9 E8', 'HU H7 SA SZ SK E7 G8 G7'];

describe('the Schafkopf terminal', () => {
  it('names every player, never a bare seat number, with the verb that fits ("You play", "Sepp plays")', () => {
    const rng = new SeededRng(41);
    for (const { rules } of VARIANTS) {
      for (let d = 0; d < 8; d++) {
        let s = randomDeal(rules, rng);
        while (s.phase !== 'done') {
          for (const seat of [0, 1, 2, 3, SPECTATOR]) {
            const v = schafkopf.view(s, seat);
            const legal = seat === SPECTATOR ? [] : schafkopf.legal(s, seat);
            const lines = [text.renderView(rules, v, NAMES, legal), ...legal.map((a) => text.describeAction(rules, v, a)), text.help!(rules, v, legal)];
            for (const line of lines) {
              expect(line).not.toMatch(/\bseat \d/i);
              expect(line).not.toMatch(/You (plays|knocks|takes|gives|answers|announces|holds|deals|shows)\b/);
            }
          }
          s = advance(s, rng, 1);
        }
        const o = schafkopf.outcome(s)!;
        const narration = text.narrate(rules, schafkopf.view(s, 0), schafkopf.events(s, 0, 0), NAMES).join('\n');
        expect(narration).not.toMatch(/\bseat \d/i);
        expect(narration).not.toMatch(/You (plays|knocks|takes|gives|answers|announces|does|holds|loses|wins)\b/);
        expect(text.summarizeDeal(rules, s, o, NAMES)).not.toMatch(/\bseat \d/i);
      }
    }
  });

  it('names a Jungfrau of a Ramsch only where she counts: not under ramschJungfrau=off (the default)', () => {
    const rules = rulesOf(undefined, { allPass: 'ramsch' });
    expect(rules.ramschJungfrau).toBe('off');
    const rng = new SeededRng('jungfrau');
    let found = 0;
    for (let d = 0; d < 400 && found < 3; d++) {
      let s = randomDeal(rules, rng);
      // Everyone passes: a Ramsch.
      while (s.phase !== 'play' && s.phase !== 'done') s = play(s, 'weiter');
      while (s.phase !== 'done') s = advance(s, rng, 1);
      const o = schafkopf.outcome(s)!;
      if (o.contract?.kind !== 'ramsch' || o.ramsch!.jungfrauen.length === 0 || o.ramsch!.durchmarsch !== null) continue;
      found++;
      const who = o.ramsch!.jungfrauen.map((x) => NAMES[x]).join(', ');
      expect(text.summarizeDeal(rules, s, o, NAMES)).not.toMatch(/Jungfrau/);
      expect(text.summarizeDeal({ ...rules, ramschJungfrau: 'doubleAll' }, s, o, NAMES)).toContain(`, Jungfrau: ${who} · `);
    }
    expect(found).toBe(3);
  });

  it('tells Stoß from Re: declining a Re is "no Re", not "no Stoß"', () => {
    const rules = rulesOf('aumer-koller', { stoss: true, stossDepth: 3 });
    let s = play(deal(rules, A), 'rufspiel G, weiter, weiter, weiter');
    expect(text.describeAction(rules, schafkopf.view(s, 1), { type: 'weiter' })).toMatch(/no Stoß/);
    s = play(s, 'stoss');
    const v = schafkopf.view(s, s.turn);
    expect(text.describeAction(rules, v, { type: 'weiter' })).toMatch(/no Re/);
    expect(text.describeAction(rules, v, { type: 'stoss' })).toMatch(/^Re/);
    s = play(s, 'weiter, stoss, weiter');
    const lines = text.narrate(rules, schafkopf.view(s, 0), schafkopf.events(s, 0, 0), NAMES);
    expect(lines).toContain('  Sepp gives Stoß: the game counts double');
    expect(lines).toContain('  You: no Re');
    expect(lines).toContain('  Resi answers Re: the game counts double again');
    expect(lines.filter((l) => /no Stoß/.test(l))).toEqual([]);
  });

  it('names each decision before the play for the analysis: a weiter is a bid, no Stoß or no Re', () => {
    const rules = rulesOf('aumer-koller', { stoss: true, stossDepth: 3 });
    const name = (s: ReturnType<typeof deal>, action: Parameters<typeof text.describeAction>[2]) => text.decisionName!(rules, schafkopf.view(s, s.turn), action);
    let s = deal(rules, A);
    expect(name(s, { type: 'bid', game: { kind: 'rufspiel', suit: 1 } })).toBe('bid Rufspiel auf die Gras-Sau');
    s = play(s, 'rufspiel G');
    expect(name(s, { type: 'weiter' })).toBe('bid weiter');
    s = play(s, 'weiter, weiter, weiter');
    expect(name(s, { type: 'weiter' })).toBe('no Stoß');
    expect(name(s, { type: 'stoss' })).toBe('Stoß');
    s = play(s, 'stoss');
    expect(name(s, { type: 'weiter' })).toBe('no Re');
    expect(name(s, { type: 'stoss' })).toBe('Re');
  });

  it('in a Rufspiel shows each player’s points until the viewer knows the teams, then Spieler and Gegner', () => {
    const rules = rulesOf('aumer-koller', { stoss: false });
    const s = play(deal(rules, A), 'rufspiel G, weiter, weiter, weiter', 'EO, H9, H8, H7');
    // Seat 1 does not know the partner: each player's points.
    expect(text.renderView(rules, schafkopf.view(s, 1), NAMES)).toMatch(/Points taken: You 3 · Sepp 0 · Resi 0 · Schorsch 0/);
    // Seat 2 holds the Gras-Sau: it knows the teams.
    expect(text.renderView(rules, schafkopf.view(s, 2), NAMES)).toMatch(/Points: Spieler \(You \+ Resi\) 3 : 0 Gegner \(Sepp \+ Schorsch\)/);
    expect(text.renderView(rules, schafkopf.view(s, 2), NAMES)).toMatch(/partner: Resi \(you hold the Gras-Sau\)/);
    expect(text.renderView(rules, schafkopf.view(s, SPECTATOR), NAMES)).toMatch(/^── Schafkopf · watching · Schorsch deals ──/);
  });

  it('offers Klopfen only at a table that plays it', () => {
    const rng = new SeededRng(42);
    for (const klopfen of [false, true]) {
      const rules = rulesOf('aumer-koller', { klopfen });
      let offered = false;
      for (let d = 0; d < 20; d++) {
        let s = randomDeal(rules, rng);
        while (s.phase !== 'done') {
          offered ||= schafkopf.legal(s, s.turn).some((a) => a.type === 'klopfen');
          s = advance(s, rng, 1);
        }
      }
      expect(offered).toBe(klopfen);
    }
  });

  it('help says what can be done and what the games need and pay, in at most 15 lines', () => {
    const rules = rulesOf('aumer-koller', { klopfen: true, bettel: true });
    let s = deal(rules, A);
    const helpOf = (seat: number) => text.help!(rules, schafkopf.view(s, seat), schafkopf.legal(s, seat));
    expect(helpOf(0)).toMatch(/klopfen: knock.*doubles/);
    s = play(s, 'weiter, weiter, weiter, weiter');
    const bidding = helpOf(0);
    expect(bidding).toMatch(/rufspiel G\/S: you and the Sau's holder need 61 points; 0,10 € a player/);
    expect(bidding).toMatch(/solo E\/G\/H\/S: you alone against three, 61 points win; 0,50 € from each/);
    expect(bidding).toMatch(/solo-tout E\/G\/H\/S: .*must take every trick; 2 × \(0,50 € \+ Laufende\)/);
    expect(bidding).toMatch(/bettel: .*must take no trick/);
    expect(bidding).toMatch(/Schneider \(91\) \+0,10 €, Schwarz \+0,10 € more/);
    expect(bidding).toMatch(/If all pass: Ramsch/);
    s = play(s, 'rufspiel G, weiter, weiter, weiter');
    expect(helpOf(1)).toMatch(/Stoß \(Kontra\).*doubles/);
    s = play(s, 'stoss');
    expect(helpOf(s.turn)).toMatch(/Re, answering the Stoß/);
    s = play(s, 'weiter, weiter, weiter');
    const playing = helpOf(0);
    expect(playing).toMatch(/Follow the suit led/);
    expect(playing).toMatch(/Being played: Rufspiel auf die Gras-Sau: you and the Sau's holder need 61 points/);
    expect(playing).toMatch(/every payment ×2/);
    const rng = new SeededRng(43);
    for (const { rules: r } of VARIANTS) {
      for (let d = 0; d < 10; d++) {
        let t = randomDeal(r, rng);
        while (t.phase !== 'done') {
          const h = text.help!(r, schafkopf.view(t, t.turn), schafkopf.legal(t, t.turn));
          expect(h.split('\n').length).toBeLessThanOrEqual(15);
          for (const line of h.split("\n")) expect(line.length, line).toBeLessThanOrEqual(110);
          t = advance(t, rng, 1);
        }
      }
    }
  });
});
