import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests (jsdom) for the front-end packages, and API tests on a real
// database (PGlite by default, PostgreSQL when DATABASE_URL is set) with real migrations.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'shared-contracts/src/**/*.test.{ts,tsx}',
            'shell/src/**/*.test.{ts,tsx}',
            '*-mfe/src/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['shell/server/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['api/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
