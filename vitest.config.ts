import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    pool: 'forks',
    // Says in one line when the PostgreSQL tests are skipped (no STICH_PG_URL).
    globalSetup: ['src/server/store/testing.ts'],
  },
});
