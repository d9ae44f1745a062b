import { configDefaults, defineConfig } from 'vitest/config';

// Test files that need PostgreSQL and Redis run when STICH_PG_URL and
// STICH_REDIS_URL name them (.ci/run sets both); without them they are left
// out and the global setup says so in one line.
const pg = Boolean(process.env.STICH_PG_URL?.trim());
const redis = Boolean(process.env.STICH_REDIS_URL?.trim());
const needsServices = [...(pg ? [] : ['src/server/store/postgres.test.ts', 'src/server/store/pgdump.test.ts']), ...(pg && redis ? [] : ['src/server/cluster.test.ts', 'src/server/health.cluster.test.ts', 'src/server/tableLife.cluster.test.ts'])];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...needsServices],
    testTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['src/server/store/testing.ts'],
  },
});
