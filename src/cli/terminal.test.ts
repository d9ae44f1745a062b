import { describe, expect, it } from 'vitest';
import { wrapText } from './terminal.js';

describe('wrapText: lines wrapped at word boundaries to the width of the terminal (issue 24)', () => {
  it('leaves short lines alone and breaks long ones between words, continued two spaces further in', () => {
    expect(wrapText('Deal 1: short', 40)).toBe('Deal 1: short');
    const line = 'Deal 1: You dealt: Rufspiel auf die Gras-Sau by Schorsch + You: 78 points, won · You +0,10 €, Sepp -0,10 €, Resi -0,10 €';
    const wrapped = wrapText(line, 50).split('\n');
    expect(wrapped.every((l) => [...l].length <= 50)).toBe(true);
    expect(wrapped.slice(1).every((l) => l.startsWith('  ') && !l.startsWith('   '))).toBe(true);
    expect(wrapped.map((l) => l.trim()).join(' ')).toBe(line);
  });

  it('keeps an amount with its €, and an indented line keeps its indentation', () => {
    const wrapped = wrapText('  Over: Sepp -0,80 €, Resi -0,80 €, Schorsch +2,40 €, Vroni -0,80 €', 34);
    expect(wrapped).toBe('  Over: Sepp -0,80 €, Resi\n    -0,80 €, Schorsch +2,40 €,\n    Vroni -0,80 €');
    for (const l of wrapped.split('\n')) expect(l).toMatch(/^ {2}/);
  });

  it('cuts a word longer than a line, as the terminal would, and counts umlauts and symbols as one column each', () => {
    expect(wrapText('x'.repeat(25), 12)).toBe(['x'.repeat(12), `  ${'x'.repeat(10)}`, '  xxx'].join('\n'));
    expect(wrapText('Grün König Schellen →', 11)).toBe('Grün König\n  Schellen\n  →');
  });

  it('wraps every line of a text on its own; widths of 10 or less wrap nothing', () => {
    expect(wrapText('aaa bbb ccc\nddd eee fff', 11)).toBe('aaa bbb ccc\nddd eee fff');
    expect(wrapText('aaa bbb ccc ddd', 7)).toBe('aaa bbb ccc ddd');
    expect(wrapText('aaa bbb ccc ddd eee fff', 12)).toBe('aaa bbb ccc\n  ddd eee\n  fff');
  });
});
