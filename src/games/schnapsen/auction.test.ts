import { describe, expect, it } from 'vitest';
import { bauernschnapsen } from './game.js';
import { attempt, newDeal, rulesFor, run } from './testing.js';
import type { SchnapsenState } from './state.js';

// Rufer seat 0 (dealer 3, cutter 2); teams 0 & 2 against 1 & 3. Trump Eichel.
const HANDS = ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO'];
const RINGS = ['EA EZ EK HA HZ', 'GA GZ GK GO GU', 'EO EU HK HO HU', 'SA SZ SK SO SU'];

function announcing(hands = HANDS, overrides: Record<string, unknown> = {}, preset?: string): SchnapsenState {
  return run(newDeal('bauern', hands, { rules: rulesFor('bauern', overrides, preset) }), '2 abheben; 0 trumpf E');
}

describe('003 "Beginn und Ende" / NOTES: announcements in order from the Rufer, the highest game is played', () => {
  it('the Rufer speaks first, then clockwise; each once', () => {
    const s = announcing();
    expect(s.phase).toBe('announce');
    expect(bauernschnapsen.toAct(s)).toEqual([0]);
    expect(attempt(s, '1 gang')?.code).toBe('notYourTurn');
    const t = run(s, '0 weiter');
    expect(bauernschnapsen.toAct(t)).toEqual([1]);
  });

  it('nobody announces: the normal game, the Rufer leads', () => {
    const s = run(announcing(), '0 weiter; 1 weiter; 2 weiter; 3 weiter');
    expect(s.contract).toEqual({ game: 'normal', declarer: 0, ohne: false });
    expect(s.leader).toBe(0);
  });

  it('a later announcement must be higher; the highest is played', () => {
    const s = run(announcing(), '0 schnapser; 1 gang');
    expect(attempt(s, '2 bettler')?.code).toBe('tooLow');
    expect(attempt(s, '2 bettler')?.message).toMatch(/does not beat the Gang/);
    const t = run(s, '2 weiter; 3 bauernschnapser');
    expect(t.contract).toEqual({ game: 'bauernschnapser', declarer: 3, ohne: false });
  });

  it('between equal games the earlier announcement stands (NOTES)', () => {
    const s = run(announcing(), '0 weiter; 1 kontraschnapser');
    expect(attempt(s, '2 bauernschnapser')?.code).toBe('tooLow');
  });

  it('who leads: the announcer in Gang and Bauernschnapser, the Rufer in the Kontra games and the Schnapser', () => {
    expect(run(announcing(), '0 weiter; 1 gang; 2 weiter; 3 weiter').leader).toBe(1);
    expect(run(announcing(), '0 weiter; 1 weiter; 2 weiter; 3 bauernschnapser').leader).toBe(3);
    expect(run(announcing(), '0 weiter; 1 kontraschnapser; 2 weiter; 3 weiter').leader).toBe(0);
    expect(run(announcing(), '0 weiter; 1 weiter; 2 weiter; 3 kontrabauernschnapser').leader).toBe(0);
    expect(run(announcing(), '0 schnapser; 1 weiter; 2 weiter; 3 weiter').leader).toBe(0);
  });
});

describe('who may announce which game (003 table and sections)', () => {
  it('003 Schnapser: "Dieses Spiel kann nur der Rufer ansagen"', () => {
    const s = run(announcing(), '0 weiter');
    expect(attempt(s, '1 schnapser')?.message).toMatch(/only the Rufer/);
  });

  it('003 Kontraschnapser / Kontrabauernschnapser: only an opponent of the Rufer', () => {
    expect(attempt(announcing(), '0 kontraschnapser')?.code).toBe('badAnnouncement');
    const s = run(announcing(), '0 weiter; 1 weiter');
    expect(attempt(s, '2 kontraschnapser')?.message).toMatch(/against the Rufer/);
    expect(attempt(s, '2 kontrabauernschnapser')?.code).toBe('badAnnouncement');
    expect(attempt(run(s, '2 weiter'), '3 kontrabauernschnapser')).toBeUndefined();
  });

  it('003 Bauernloch (house rule): only the Rufer', () => {
    const s = announcing(HANDS, { bauernloch: true });
    expect(attempt(s, '0 bauernloch')).toBeUndefined();
    expect(attempt(run(s, '0 weiter'), '1 bauernloch')?.message).toMatch(/only the Rufer/);
    expect(attempt(announcing(), '0 bauernloch')?.message).toMatch(/not played at this table/);
  });

  it('003 Dokta (house rule): the Rufer announces it for his side', () => {
    const s = announcing(HANDS, { dokta: true });
    expect(attempt(run(s, '0 weiter'), '1 dokta')?.code).toBe('badAnnouncement');
    expect(run(s, '0 dokta; 1 weiter; 2 weiter; 3 weiter').contract?.game).toBe('dokta');
  });

  it('003 Schnapser zusammen (house rule): only the Rufer\'s partner', () => {
    const s = run(announcing(HANDS, { schnapserZusammen: true }), '0 weiter; 1 weiter');
    expect(attempt(s, '2 schnapserzusammen')).toBeUndefined();
    expect(attempt(run(announcing(HANDS, { schnapserZusammen: true }), '0 weiter'), '1 schnapserzusammen')?.code).toBe('badAnnouncement');
  });

  it('003 Farbringerl: only with all five cards of a suit that is not trump', () => {
    const s = announcing(RINGS);
    expect(attempt(s, '0 farbenringerl')?.message).toMatch(/all five cards of one suit that is not trump/);
    expect(attempt(run(s, '0 weiter'), '1 farbenringerl')).toBeUndefined();
  });

  it('003 Herrenschnapser / Trumpfringerl: only the Rufer holding all five trumps', () => {
    const rings = run(newDeal('bauern', RINGS), '2 abheben; 0 trumpf E');
    expect(attempt(rings, '0 trumpfringerl')?.message).toMatch(/all five trumps/);
    const all = run(newDeal('bauern', ['EA EZ EK EO EU', 'GA GZ GK GO GU', 'HA HZ HK HO HU', 'SA SZ SK SO SU']), '2 abheben; 0 trumpf E');
    expect(attempt(all, '0 trumpfringerl')).toBeUndefined();
    // Seat 1 holds all of Grün, but Grün is not trump: for him it is a Farbenringerl, not a Trumpfringerl.
    expect(attempt(run(all, '0 weiter'), '1 trumpfringerl')?.code).toBe('badAnnouncement');
  });

  it('003 Ass-Bettler (house rule): the announcer must hold an Ass', () => {
    const s = run(announcing(RINGS, { assBettler: true }), '0 weiter; 1 weiter');
    expect(attempt(s, '2 assbettler')?.message).toMatch(/at least one Ass/);
    expect(attempt(announcing(RINGS, { assBettler: true }), '0 assbettler')).toBeUndefined();
  });

  it('a game the table does not play is refused, naming the house rule', () => {
    const s = announcing(HANDS, {}, 'konservativ');
    expect(attempt(s, '0 bettler')?.message).toMatch(/house rule bettler is off/);
    expect(attempt(announcing(), '0 zehnergang')?.message).toMatch(/zehnergang is off/);
  });
});

describe('003 Zehnergang: precedence against the Gang, both ways (house rule zehnergangPrecedence)', () => {
  it('"wird der Zehnergang gespielt" (default): a Zehnergang beats an earlier Gang, not the other way', () => {
    const s = announcing(HANDS, { zehnergang: true });
    expect(run(s, '0 weiter; 1 gang; 2 zehnergang; 3 weiter').contract?.game).toBe('zehnergang');
    expect(attempt(run(s, '0 weiter; 1 zehnergang'), '2 gang')?.code).toBe('tooLow');
  });

  it('"wird der Gang gespielt": a Gang beats an earlier Zehnergang, not the other way', () => {
    const s = announcing(HANDS, { zehnergang: true, zehnergangPrecedence: 'gang' });
    expect(run(s, '0 weiter; 1 zehnergang; 2 gang; 3 weiter').contract?.game).toBe('gang');
    expect(attempt(run(s, '0 weiter; 1 gang'), '2 zehnergang')?.code).toBe('tooLow');
  });
});

describe('003 Bettler: "Rufer spielt aus, Partner pausiert"', () => {
  it('the partner of the Bettler player sits out (house rule, on); the Rufer leads', () => {
    const s = run(announcing(), '0 weiter; 1 bettler; 2 weiter; 3 weiter');
    expect(s.sittingOut).toBe(3);
    expect(s.leader).toBe(0);
  });

  it('when the Rufer is the partner sitting out, the player to his left leads (decision)', () => {
    const s = run(announcing(), '0 weiter; 1 weiter; 2 bettler; 3 weiter');
    expect(s.sittingOut).toBe(0);
    expect(s.leader).toBe(1);
  });

  it('with the house rule off the partner plays along', () => {
    const s = run(announcing(HANDS, { bettlerPartnerSitsOut: false }), '0 weiter; 1 bettler; 2 weiter; 3 weiter');
    expect(s.sittingOut).toBe(-1);
  });
});

describe('announcementOrder=open: each announces what he holds; the highest is played', () => {
  const rules = { announcementOrder: 'open' };

  it('the others do not see an announcement until all have spoken', () => {
    const s = run(announcing(HANDS, rules), '0 weiter; 1 gang');
    const v2 = bauernschnapsen.view(s, 2);
    expect(v2.bids[1]).toEqual({ seat: 1, game: null, hidden: true });
    expect(v2.events.filter((e) => e.type === 'bid').every((e) => e.type === 'bid' && e.game === null)).toBe(true);
    expect(bauernschnapsen.view(s, 1).bids[1]).toEqual({ seat: 1, game: 'gang' });
    const done = run(s, '2 bettler; 3 weiter');
    expect(bauernschnapsen.view(done, 2).bids[1]).toEqual({ seat: 1, game: 'gang' });
    expect(done.contract?.game).toBe('gang');
  });

  it('a lower game may still be announced; equal games go to the earlier seat', () => {
    const s = run(announcing(HANDS, rules), '0 weiter; 1 kontraschnapser; 2 weiter; 3 bauernschnapser');
    expect(s.contract).toEqual({ game: 'kontraschnapser', declarer: 1, ohne: false });
  });
});
