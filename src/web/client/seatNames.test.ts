import { describe, expect, it } from 'vitest';
import type { PublicSeat } from '../../server/protocol.js';
import { distinctNames, namesOf } from './seatNames.js';

describe('the names round a table', () => {
  it('tells apart a name held by two players, numbered alike on every page (the own seat is marked "(du)" instead)', () => {
    expect(distinctNames(['Anna', 'Bert', 'Anna', 'Anna'])).toEqual(['Anna', 'Bert', 'Anna (2)', 'Anna (3)']);
    expect(distinctNames(['Anna', 'Bert', 'Anna', 'Vroni'], 2)).toEqual(['Anna', 'Bert', 'Anna', 'Vroni']);
    expect(distinctNames(['', 'Anna', '', 'Anna'])).toEqual(['', 'Anna', '', 'Anna (2)']);
    expect(distinctNames(['Vroni (bot)', 'Anna', 'Vroni (bot)', 'Sepp'])).toEqual(['Vroni (bot)', 'Anna', 'Vroni (2) (bot)', 'Sepp']);
    const seats = [{ kind: 'human', name: 'Anna' }, { kind: 'human', name: 'Anna' }, { kind: 'open' }, { kind: 'human', name: 'Anna' }] as unknown as PublicSeat[];
    // A spectator (no seat) sees "Anna", "Anna (2)", "Anna (3)"; the player at seat 1 sees himself as "Anna (du)" and
    // the others as everyone else sees them.
    expect(namesOf({ seats, seat: -1 }, 'de')).toEqual(['Anna', 'Anna (2)', 'freier Platz', 'Anna (3)']);
    expect(namesOf({ seats, seat: 1 }, 'en')).toEqual(['Anna', 'Anna (you)', 'open seat', 'Anna (3)']);
    expect(namesOf({ seats, seat: 0 }, 'de')).toEqual(['Anna (du)', 'Anna (2)', 'freier Platz', 'Anna (3)']);
  });
});
