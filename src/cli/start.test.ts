import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutServeEnvironment } from './config.js';

const ROOT = process.cwd();
const FRESH = join(ROOT, 'scripts/fresh.mjs');

/** Whether `version` (v22.1.0) satisfies an engines range of `^x.y.z` and `>=x.y.z` parts joined by `||`. */
function satisfies(version: string, range: string): boolean {
  const parse = (v: string) => v.replace(/^v/, '').split('.').map(Number);
  const cmp = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  const v = parse(version);
  return range.split('||').some((part) => {
    const m = /^\s*(\^|>=)(\d+\.\d+\.\d+)\s*$/.exec(part);
    if (!m) throw new Error(`cannot read the engines range part ${JSON.stringify(part)}`);
    const low = parse(m[2]);
    return cmp(v, low) >= 0 && (m[1] === '>=' || v[0] === low[0]);
  });
}

describe('the Node versions stich runs on', () => {
  it('package.json names them, and this Node is one of them', () => {
    const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe('^20.19.0 || >=22.12.0');
    expect(satisfies('v20.18.3', engines)).toBe(false);
    expect(satisfies('v21.7.0', engines)).toBe(false);
    expect(satisfies('v22.12.0', engines)).toBe(true);
    expect(satisfies(process.version, engines)).toBe(true);
    // The README says the same.
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('Node.js 22.12 or newer');
  });
});

describe('scripts/fresh.mjs: npm start builds only when the build is missing or older than its sources', () => {
  const check = (dir: string) => spawnSync(process.execPath, [FRESH, '--check', dir]).status;

  it('tells a fresh build from a stale one; test files do not count', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stich-fresh-'));
    mkdirSync(join(dir, 'src/server'), { recursive: true });
    writeFileSync(join(dir, 'src/server/table.ts'), '');
    writeFileSync(join(dir, 'package.json'), '{}');
    expect(check(dir)).toBe(1);
    mkdirSync(join(dir, 'dist/cli'), { recursive: true });
    writeFileSync(join(dir, 'dist/cli/main.js'), '');
    expect(check(dir)).toBe(1);
    writeFileSync(join(dir, 'dist/.built'), '');
    const past = new Date(Date.now() - 60_000);
    for (const f of ['src/server/table.ts', 'package.json']) utimesSync(join(dir, f), past, past);
    expect(check(dir)).toBe(0);
    writeFileSync(join(dir, 'src/server/table.test.ts'), '');
    writeFileSync(join(dir, 'src/server/testing.ts'), '');
    expect(check(dir)).toBe(0);
    writeFileSync(join(dir, 'src/server/table.ts'), '// changed');
    expect(check(dir)).toBe(1);
  });
});

describe('npm start and npx stich on this built checkout (npm test builds first)', () => {
  it('npm start serves at once, without building', async () => {
    expect(checkoutFresh()).toBe(0);
    const main = statSync(join(ROOT, 'dist/cli/main.js')).mtimeMs;
    const db = join(mkdtempSync(join(tmpdir(), 'stich-start-')), 'start.db');
    const t0 = performance.now();
    const child = spawn('npm', ['start', '--silent', '--', '--port', '0', '--db', db, '--log', 'warn'], { cwd: ROOT, env: withoutServeEnvironment(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${err}`)));
      });
      const ms = performance.now() - t0;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect(err).not.toMatch(/building|npm warn/);
      expect(statSync(join(ROOT, 'dist/cli/main.js')).mtimeMs).toBe(main);
      // About 1.6–1.9 s of CPU for npm, the imports and the start (measured at a load average of 18 on two cores, where
      // it took 6–8 s of wall time); building first took about 35 s. The bound leaves room for a busy machine.
      expect(ms).toBeLessThan(15_000);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  });

  it('npx stich prints no npm warning, and does not build the fresh checkout again', () => {
    // The first `npx stich` on a machine installs this checkout into npm's cache, which runs npm's "prepare": it builds
    // only a missing or stale build (it had rebuilt dist/ in the middle of a test run, under the test runner's NODE_ENV).
    const stamp = readFileSync(join(ROOT, 'dist/.built'), 'utf8');
    const r = spawnSync('npx', ['stich', '--version'], { cwd: ROOT, encoding: 'utf8', env: withoutServeEnvironment() });
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(r.stderr).toBe('');
    expect(readFileSync(join(ROOT, 'dist/.built'), 'utf8')).toBe(stamp);
    // "prepare" itself, on this fresh checkout: no build, no word.
    const prepare = spawnSync(process.execPath, [FRESH, '--prepare'], { cwd: ROOT, encoding: 'utf8' });
    expect([prepare.status, prepare.stdout, prepare.stderr]).toEqual([0, '', '']);
    expect(readFileSync(join(ROOT, 'dist/.built'), 'utf8')).toBe(stamp);
  });
});

function checkoutFresh(): number | null {
  return spawnSync(process.execPath, [FRESH, '--check', ROOT]).status;
}
