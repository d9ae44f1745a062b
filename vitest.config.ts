import { configDefaults, defineConfig } from 'vitest/config';

// Test files that need PostgreSQL and Redis run when STICH_PG_URL and
// STICH_REDIS_URL name them (.ci/run sets both); without them they are left
// out and the global setup says so in one line.
const pg = Boolean(process.env.STICH_PG_URL?.trim());
const redis = Boolean(process.env.STICH_REDIS_URL?.trim());
const needsServices = [...(pg ? [] : ['src/server/store/postgres.test.ts', 'src/server/store/pgdump.test.ts']), ...(pg && redis ? [] : ['src/server/cluster.test.ts', 'src/**/*.cluster.test.ts'])];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...needsServices],
    testTimeout: 120_000,
    pool: 'forks',
    // Two test files at a time: on CI's two cores the run takes about half as long as with vitest's default of one
    // worker there (7 December 2026: 808 s with two; the run before with one, 1,845 s); at most two Chromiums run at once.
    maxWorkers: 2,
    globalSetup: ['src/server/store/testing.ts'],
  },
});
