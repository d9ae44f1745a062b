import { describe, expect, it } from 'vitest';
import { parseOrigins } from './origins.js';

describe('parseOrigins (--origin, STICH_ORIGINS)', () => {
  it('takes origins separated by commas, as browsers send them', () => {
    expect(parseOrigins('https://stich.example, http://localhost:8080/')).toEqual(['https://stich.example', 'http://localhost:8080']);
    expect(parseOrigins('HTTPS://Stich.Example:443')).toEqual(['https://stich.example']);
  });

  it('refuses what is not an origin, saying what one is', () => {
    for (const bad of ['stich.example', 'https://stich.example/play', 'ftp://stich.example', 'https://u@stich.example', ' , ']) {
      expect(parseOrigins(bad)).toMatch(/origin/);
    }
  });
});
