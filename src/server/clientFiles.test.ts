import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBuild } from '../web/build/pwa.js';
import { Client } from './client.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { testServer } from './testing.js';

const page = (script: string) => `<!doctype html><html><head><script type="module" src="/assets/${script}"></script></head><body><div id="app"></div></body></html>`;
type Hello = Extract<ServerMessage, { type: 'hello' }>;
const helloOf = async (c: Client): Promise<Hello> => (c.inbox.find((m): m is Hello => m.type === 'hello') ?? (await c.next((m): m is Hello => m.type === 'hello')));

describe('the browser client files', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stich-client-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), withBuild(page('index-old.js'), 'a1b2c3d4e5f6'));
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
    writeFileSync(join(dir, 'index.html'), withBuild(page('index-new.js'), 'ffffeeee0000'));
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
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('notFound');
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    expect((await fetch(`${server.url}/api/no-such-route`, { headers: html })).headers.get('content-type')).toMatch(/json/);
  });

  it('answers a browser that asks for a page at an unknown address with the app and 404, which says so in words (src/web/words.browser.test.ts)', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const path of ['/leaderboard', '/table/abc/extra', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await fetch(`${server.url}${path}`, { headers: html });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/text\/html/);
      const body = await res.text();
      expect(body, path).toContain('<meta name="stich-build"');
      expect(body, path).not.toContain('root:');
    }
  });

  it('tells each socket the build a reload gets now, so that a page of another build can offer a reload', async () => {
    // The page on disk, rewritten by the build above while the server ran (a page from before offers the reload).
    const c = await Client.guest(server.url, 'Baumeister');
    expect((await helloOf(c)).build).toBe('ffffeeee0000');
    await c.close();
    // Another build, without a restart: the next socket hears of it (a page of this build, reloaded, offers nothing more).
    writeFileSync(join(dir, 'index.html'), withBuild(page('index-newer.js'), '0123456789ab'));
    const c2 = await Client.guest(server.url, 'Baumeisterin');
    expect((await helloOf(c2)).build).toBe('0123456789ab');
    await c2.close();
    // A client without the tag (a development build) gets a hello without one.
    const bare = mkdtempSync(join(tmpdir(), 'stich-client-'));
    writeFileSync(join(bare, 'index.html'), page('index-dev.js'));
    const dev = await testServer({ clientDir: bare });
    try {
      const d = await Client.guest(dev.url, 'Entwickler');
      expect((await helloOf(d)).build).toBeUndefined();
      await d.close();
    } finally {
      await dev.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
