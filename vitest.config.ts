import { defineConfig } from 'vitest/config';

/**
 * One config, several projects: `npm test` runs them all, each is runnable alone
 * (`vitest run --project unit`). The API suite runs once on PGlite and, when
 * TEST_DATABASE_URL is set, once more on a real PostgreSQL server.
 */
const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    env: { API_TEST_DB: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'] } },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      { test: { name: 'budget', include: ['tests/budget/**/*.test.ts'] } },
    ],
  },
});
