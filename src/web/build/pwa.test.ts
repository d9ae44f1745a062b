import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { clientBuildOf } from '../../server/clientFiles.js';
import { manifest, precompress, withBuild } from './pwa.js';
import { serviceWorkerSource } from './serviceWorker.js';

describe('what the build adds', () => {
  it('precompresses text files with gzip and brotli that decompress to the file; leaves PNGs and files compression would grow', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stich-pwa-'));
    const js = 'export const x = "' + 'stich '.repeat(2000) + '";\n';
    writeFileSync(join(dir, 'app.js'), js);
    writeFileSync(join(dir, 'tiny.css'), 'a{}');
    writeFileSync(join(dir, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const total = precompress(dir);
    expect(total.files).toBe(2);
    expect(gunzipSync(readFileSync(join(dir, 'app.js.gz'))).toString()).toBe(js);
    expect(brotliDecompressSync(readFileSync(join(dir, 'app.js.br'))).toString()).toBe(js);
    expect(readFileSync(join(dir, 'app.js.br')).length).toBeLessThan(js.length / 20);
    expect(existsSync(join(dir, 'tiny.css.gz'))).toBe(false);
    expect(existsSync(join(dir, 'icon.png.gz'))).toBe(false);
  });

  it('the page names its build in its head, and the server reads it back; the built page names the service worker\'s version', () => {
    const page = withBuild('<!doctype html><html><head><title>stich</title></head><body></body></html>', '0123456789ab');
    expect(page).toMatch(/<meta name="stich-build" content="0123456789ab" \/>\n {2}<\/head>/);
    const dir = mkdtempSync(join(tmpdir(), 'stich-pwa-'));
    writeFileSync(join(dir, 'index.html'), page);
    expect(clientBuildOf(dir)).toBe('0123456789ab');
    // Without the tag (a development build) or without a page: no build.
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head></html>');
    expect(clientBuildOf(dir)).toBeUndefined();
    expect(clientBuildOf(join(dir, 'missing'))).toBeUndefined();
    // The build in dist/client (npm test builds first): the page and the service worker's cache name the same version.
    const built = clientBuildOf('dist/client');
    expect(built).toMatch(/^[0-9a-f]{12}$/);
    expect(readFileSync('dist/client/sw.js', 'utf8')).toContain(`const CACHE = "stich-${built}";`);
  });

  it('the manifest names the app, opens the lobby standalone and has an SVG and two PNG icons', () => {
    const m = manifest() as { short_name: string; start_url: string; display: string; icons: { sizes: string }[] };
    expect(m).toMatchObject({ short_name: 'stich', start_url: '/', display: 'standalone' });
    expect(m.icons.map((i) => i.sizes)).toEqual(['any', '192x192', '512x512']);
  });

  it('the service worker is valid JavaScript that caches the page and the shell and leaves /api and /ws alone', () => {
    const src = serviceWorkerSource('abc123', ['assets/index-1.js', 'icon.svg']);
    expect(() => new Function(src)).not.toThrow();
    expect(src).toContain('const CACHE = "stich-abc123";');
    expect(src).toContain('const SHELL = ["/","/assets/index-1.js","/icon.svg"];');
    expect(src).toContain("url.pathname.startsWith('/api/') || url.pathname === '/ws'");
  });

  it('a build is the production client, registering the service worker, even where NODE_ENV says "test" (as under a test runner)', () => {
    // The client of `npm test`'s own build (dist/client) registers it too.
    const registers = (dir: string) => readdirSync(join(dir, 'assets')).some((f) => /^index-.*\.js$/.test(f) && /serviceWorker\.register\(.\/sw\.js.\)/.test(readFileSync(join(dir, 'assets', f), 'utf8')));
    expect(registers('dist/client')).toBe(true);
    const out = mkdtempSync(join(tmpdir(), 'stich-client-'));
    const vite = join('node_modules', 'vite', 'bin', 'vite.js');
    const r = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], { env: { ...process.env, NODE_ENV: 'test' }, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(registers(out)).toBe(true);
  });
});
