import type { FastifyPluginAsync } from 'fastify';
import type { SchemaState } from './store/store.js';

/** One condition of readiness: undefined when met, else what is wrong. */
export type ReadinessCheck = () => Promise<string | undefined>;

/** The store answers and has this version's schema. */
export function storeCheck(store: SchemaState): ReadinessCheck {
  return async () => {
    try {
      const n = await store.pendingMigrations();
      return n === 0 ? undefined : `${n} migration${n === 1 ? '' : 's'} not applied`;
    } catch (e) {
      return `the store fails: ${(e as Error).message}`;
    }
  };
}

/** A cluster process's connections to Redis are up. */
export function redisCheck(cluster: { readonly redisReady: boolean }): ReadinessCheck {
  return async () => (cluster.redisReady ? undefined : 'Redis is out of reach');
}

/**
 * The probes of a service manager or load balancer: `GET /healthz` is 200 while the process runs (its event loop
 * answers); `GET /readyz` is 200 when it takes players (every check met within `timeoutMs`), 503 otherwise, with
 * each check's state in the body.
 */
export const healthRoutes: FastifyPluginAsync<{ checks: Record<string, ReadinessCheck>; timeoutMs?: number }> = async (app, { checks, timeoutMs = 2000 }) => {
  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));
  app.get('/readyz', async (_req, reply) => {
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs)));
        const problem = await Promise.race([check(), late]).finally(() => clearTimeout(timer));
        return [name, problem ?? 'ok'] as const;
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ ready, checks: Object.fromEntries(results) });
  });
};
