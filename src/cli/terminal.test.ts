import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineReader, wrapText } from './terminal.js';

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

describe('LineReader: a line typed before the question', () => {
  const tick = () => new Promise((r) => setImmediate(r));
  const sink = () => {
    const said: string[] = [];
    return { said, out: new Writable({ write: (chunk, _enc, done) => (said.push(String(chunk)), done()) }) };
  };

  it('at a terminal is dropped, with a word, so that a key pressed twice does not answer a question not yet seen', async () => {
    const input = Object.assign(new PassThrough(), { isTTY: true });
    const { said, out } = sink();
    const reader = new LineReader(input, out);
    input.write('1\n');
    await tick();
    expect(said.join('')).toBe('  ("1" was typed before the question and is ignored)\n');
    const answer = reader.next('Your choice: ', out);
    input.write('2\n');
    expect(await answer).toBe('2');
    reader.close();
  });

  it('from a pipe or a file is kept for the next question, as a script delivers its answers all at once', async () => {
    const input = new PassThrough();
    const { said, out } = sink();
    const reader = new LineReader(input, out);
    input.write('1\n2\n');
    await tick();
    expect(await reader.next('first: ', out)).toBe('1');
    expect(await reader.next('second: ', out)).toBe('2');
    expect(said.join('')).toBe('first: second: ');
    reader.close();
  });
});
