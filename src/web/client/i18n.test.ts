import { describe, expect, it } from 'vitest';
import { placeWords } from './i18n.js';

describe('the page\'s words', () => {
  it('says a finishing place as each language does: "4. Platz", "4th place" (the English page read "4. place")', () => {
    expect(placeWords('de', 4)).toBe('4. Platz');
    expect(placeWords('de', 1)).toBe('1. Platz');
    expect([1, 2, 3, 4, 8].map((n) => placeWords('en', n))).toEqual(['1st place', '2nd place', '3rd place', '4th place', '8th place']);
    expect([11, 12, 13, 21, 22, 23, 111].map((n) => placeWords('en', n))).toEqual(['11th place', '12th place', '13th place', '21st place', '22nd place', '23rd place', '111th place']);
  });
});
