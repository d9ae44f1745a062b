import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './server.js';
import { testServer } from './testing.js';

const page = (script: string) => `<!doctype html><html><head><script type="module" src="/assets/${script}"></script></head><body><div id="app"></div></body></html>`;

describe('the browser client files', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stich-client-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), page('index-old.js'));
    writeFileSync(join(dir, 'assets', 'index-old.js'), 'console.log("old")');
    server = await testServer({ clientDir: dir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a build made while the server runs: the new page and its new assets (an upgrade before the restart)', async () => {
    expect(await (await fetch(`${server.url}/assets/index-old.js`)).text()).toBe('console.log("old")');
    // The build replaces the client: a new page naming new hashed assets, the old ones gone.
    writeFileSync(join(dir, 'assets', 'index-new.js'), 'console.log("new")');
    writeFileSync(join(dir, 'index.html'), page('index-new.js'));
    rmSync(join(dir, 'assets', 'index-old.js'));
    for (const path of ['/', '/table/abc', '/rules/schafkopf']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('/assets/index-new.js');
    }
    const asset = await fetch(`${server.url}/assets/index-new.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("new")');
  });

  it('answers a path with no file, or one outside the client, with the server’s own 404 and no file', async () => {
    for (const path of ['/assets/index-gone.js', '/nothing-here.txt', '/assets/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      const body = await res.text();
      expect(body, path).not.toContain('root:');
      expect(JSON.parse(body).error.code, path).toBe('notFound');
    }
    // The API's own routes are still the API's.
    const api = await fetch(`${server.url}/api/no-such-route`);
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('notFound');
  });
});
