import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BotPool } from './botPool.js';
import { DECISION_GRACE_MS, type ThinkReply, type ThinkRequest } from './thinking.js';

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

  /** A worker that thinks `ms` for each decision, or its budget if that is less, and answers naming the request's agent and its budget. */
  const slow = (ms: number) =>
    script(
      `import { parentPort } from 'node:worker_threads'; parentPort.on('message', (m) => setTimeout(() => parentPort.postMessage({ id: m.id, ok: true, action: m.request.agent + '/' + (m.request.budgetMs ?? 'full'), ms: ${ms} }), Math.min(${ms}, m.request.budgetMs ?? ${ms})));`,
    );

  it('serves the tables in turn: a table with many decisions waiting delays another table’s by one decision, not by all of them', async () => {
    const pool = new BotPool(1, 10_000, slow(60));
    const order: string[] = [];
    const ask = (table: string, n: number) => pool.think({ ...request, agent: `${table}:${n}` }, { table }).then((r) => void order.push(r.ok ? r.action.split('/')[0] : r.message));
    const all = [...Array.from({ length: 5 }, (_, n) => ask('A', n)), ask('B', 0), ask('C', 0)];
    expect(pool.waiting).toBe(6);
    await Promise.all(all);
    // First in, first out would give A:0 … A:4, B:0, C:0.
    expect(order).toEqual(['A:0', 'B:0', 'C:0', 'A:1', 'A:2', 'A:3', 'A:4']);
    await pool.close();
  });

  it('a decision that waited thinks only the time left, and one that cannot start in time is answered late by its deadline', async () => {
    // Decisions of 1000 ms (the level's time), due 1100 ms after they are asked (the time and the grace of 100 ms);
    // the worker takes 400 ms each. The checks are relations between the times measured, not the times hoped for, so
    // that a busy machine only moves them: B still starts shortened (by 750 ms, with a quarter of its time left) and
    // answers before its deadline while A's and B's answers come up to about 300 ms late together; C cannot start
    // before A and B have taken 400 ms each, when less than that quarter is left, however late they are.
    const LEVEL = 1000;
    const WITHIN = LEVEL + DECISION_GRACE_MS;
    const WORK = 400;
    const pool = new BotPool(1, 10_000, slow(WORK));
    const level = { ...request, thinkMs: LEVEL };
    // The worker started and ready first.
    await pool.think({ ...level, agent: 'warm' });
    const t0 = performance.now();
    const at = (p: Promise<ThinkReply>) => p.then((r) => ({ r, ms: performance.now() - t0 }));
    const asked = [
      at(pool.think({ ...level, agent: 'A' }, { table: 'A', within: WITHIN })),
      at(pool.think({ ...level, agent: 'B' }, { table: 'B', within: WITHIN })),
      at(pool.think({ ...level, agent: 'C' }, { table: 'C', within: WITHIN })),
    ];
    // Every deadline lies between t0 + WITHIN and t1 + WITHIN.
    const t1 = performance.now();
    const [first, second, third] = await Promise.all(asked);
    // A started at once: it thinks its level's whole time.
    expect(first.r.ok && first.r.action).toBe('A/full');
    expect(first.ms).toBeGreaterThanOrEqual(WORK - 2);
    // B started when A was answered (at first.ms at the latest, not before A's worker took its 400 ms): it thinks
    // what was left of its time then, less the grace – about 1100 − 400 − 100 = 600 ms on a quiet machine.
    expect(second.r.ok).toBe(true);
    const budget = Number(second.r.ok && second.r.action.split('/')[1]);
    expect(budget).toBeGreaterThanOrEqual(WITHIN - DECISION_GRACE_MS - first.ms - 1);
    expect(budget).toBeLessThanOrEqual(WITHIN - DECISION_GRACE_MS - WORK + (t1 - t0) + 2);
    expect(budget).toBeLessThan(LEVEL);
    // C could have started only after B (800 ms at least), with under a quarter of its time left: it is answered late
    // at once, as B's answer frees the worker (not after thinking), and by its deadline in any case (with a margin
    // for a busy machine's late timers).
    expect(third.r.ok).toBe(false);
    expect(!third.r.ok && third.r.late).toBe(true);
    expect(third.ms).toBeLessThanOrEqual(second.ms + 20);
    expect(third.ms).toBeLessThan(WITHIN + (t1 - t0) + 300);
    expect(pool.late).toBe(1);
    expect(pool.shortened).toBe(1);
    await pool.close();
  });
});

