import type { FastifyInstance } from 'fastify';
import { GAMES } from '../games/registry.js';
import type { BotPool } from './botPool.js';
import { healthRoutes, redisCheck, storeCheck, type ReadinessCheck } from './health.js';
import type { Limits } from './limits.js';
import { metricsRoute, type ServerMetrics } from './metrics.js';
import type { SchemaState } from './store/store.js';

/** What running the server as a service needs of it: `/healthz` and `/readyz`, `/metrics` (docs/deploy.md). */
export async function registerOperations(
  app: FastifyInstance,
  parts: {
    limits: Limits;
    store: SchemaState;
    cluster?: { readonly redisReady: boolean };
    hall: { readonly tables: Map<string, { readonly settings: { readonly game: string }; readonly phase: string }>; readonly bots: BotPool };
    metrics: ServerMetrics;
    /** Failing while the process drains (drain.ts). */
    accepting?: ReadinessCheck;
  },
): Promise<void> {
  const { store, cluster, hall, metrics, accepting } = parts;
  await app.register(healthRoutes, { checks: { store: storeCheck(store), ...(cluster ? { redis: redisCheck(cluster) } : {}), ...(accepting ? { accepting } : {}) } });
  metrics.watch({ sockets: () => app.websocketServer?.clients.size ?? 0, tables: () => hall.tables.values(), games: GAMES.map((m) => m.game.id), bots: hall.bots });
  await app.register(metricsRoute, { metrics });
}
