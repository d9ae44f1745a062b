import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The arrows of docs/architecture.md, read from the source: a game folder never imports the layers above it that
 * know games only through `GameModule`, and the browser client takes nothing from the server but the types of what
 * crosses the wire (`import type`, erased from the page's bundle). What both need lies below both: card names in
 * src/cards, the rules both the server and the page apply in src/shared.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !/^testing\.tsx?$/.test(e.name) ? [path] : [];
  });
}

interface Import { readonly from: string; readonly to: string; readonly typeOnly: boolean }

/** Every relative import and re-export of the non-test sources under `dir`, as paths under src/. */
function importsOf(dir: string): Import[] {
  const found: Import[] = [];
  for (const file of sources(join(SRC, dir))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)) {
      const to = relative(SRC, resolve(dirname(file), m[3]!));
      found.push({ from: relative(SRC, file), to, typeOnly: m[2] !== undefined });
    }
  }
  return found;
}

const layer = (path: string) => path.split('/')[0];

describe('the layers', () => {
  it('finds the imports it checks', () => {
    const web = importsOf('web');
    expect(web.some((i) => layer(i.to) === 'games')).toBe(true);
    expect(web.some((i) => layer(i.to) === 'server' && i.typeOnly)).toBe(true);
  });

  it('a game never imports the sitting loop, the generic search, records, the CLI, the server or the browser client', () => {
    const above = new Set(['sitting', 'search', 'records', 'cli', 'server', 'web', 'shared']);
    expect(importsOf('games').filter((i) => above.has(layer(i.to)!))).toEqual([]);
  });

  it('the browser client imports no code of the server, only the types of its messages and rows', () => {
    expect(importsOf('web').filter((i) => layer(i.to) === 'server' && !i.typeOnly)).toEqual([]);
  });

  it('what src/cards and src/shared hold imports nothing above them', () => {
    const allowed = new Map([['cards', new Set(['cards', 'core'])], ['shared', new Set(['shared', 'core', 'cards'])]]);
    for (const [dir, ok] of allowed) expect(importsOf(dir).filter((i) => !ok.has(layer(i.to)!))).toEqual([]);
  });
});
