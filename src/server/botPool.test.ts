import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BotPool } from './botPool.js';
import type { ThinkRequest } from './thinking.js';

const request: ThinkRequest = { agent: 't:1:0:1', game: 'schafkopf', rules: {}, level: 'strong', seat: 1, seed: 1, view: {}, legal: ['weiter', 'sauspiel E'] };

/** A worker script of our own making in a temporary folder. */
function script(body: string): URL {
  const file = join(mkdtempSync(join(tmpdir(), 'stich-pool-')), 'worker.mjs');
  writeFileSync(file, body);
  return pathToFileURL(file);
}

describe('the bot pool', () => {
  it('is at least one worker and at most the cores less one', () => {
    expect(new BotPool(0).size).toBe(1);
    expect(new BotPool(1000).size).toBe(Math.max(1, availableParallelism() - 1));
  });

  it('refuses a decision when there is no worker script, when the worker dies and when it does not answer in time; a dead worker is replaced', async () => {
    const none = new BotPool(1, 1000, new URL('file:///no/such/botWorker.js'));
    const missing = await none.think(request);
    expect(missing.ok === false && missing.message).toMatch(/no bot worker script/);

    const dying = new BotPool(1, 5000, script("import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => process.exit(3));"));
    const died = await dying.think(request);
    expect(died.ok === false && died.message).toMatch(/exited \(3\)/);
    const again = await dying.think(request);
    expect(again.ok === false && again.message).toMatch(/exited \(3\)/);
    await dying.close();

    const silent = new BotPool(1, 300, script("import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => undefined);"));
    const late = await silent.think(request);
    expect(late.ok === false && late.message).toMatch(/no decision within 300 ms/);
    expect(silent.busy).toBe(0);
    await silent.close();
    const closed = await silent.think(request);
    expect(closed.ok === false && closed.message).toMatch(/closed/);
  });

  it('answers with the worker’s choice, and keeps one agent on one worker', async () => {
    const echo = new BotPool(1, 5000, script("import { parentPort, threadId } from 'node:worker_threads'; parentPort.on('message', (m) => parentPort.postMessage({ id: m.id, ok: true, action: m.request.legal[1] + '@' + threadId, ms: 0 }));"));
    const first = await echo.think(request);
    const second = await echo.think({ ...request, legal: ['weiter', 'solo H'] });
    expect(first.ok && first.action).toMatch(/^sauspiel E@\d+$/);
    expect(second.ok && second.action.split('@')[1]).toBe(first.ok && first.action.split('@')[1]);
    expect(echo.decided).toBe(2);
    await echo.close();
  });
});
