// First: points the helpers' site address at the front door before stack.ts is read.
import { CLUSTER, FRONT_DOOR_URL } from './support/cluster';
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './support/stack';

/**
 * Smoke tests of the production topology (docs/deployment.md): `scripts/start-cluster.mjs`
 * on the existing builds, nginx in front of two API processes and two shell servers, on a new
 * database of DATABASE_URL's PostgreSQL (required; dropped at the end), a Redis server and an
 * S3-compatible store (s3rver).
 *
 *   DATABASE_URL=postgres://... npx playwright test -c cluster.config.ts
 */
if (!process.env.DATABASE_URL) throw new Error('The cluster tests need DATABASE_URL (a PostgreSQL server whose role may CREATEDB)');

export default defineConfig({
  testDir: './tests/cluster',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { baseURL: FRONT_DOOR_URL, launchOptions: CHROMIUM, trace: 'off' },
  webServer: {
    command: 'node ../scripts/start-cluster.mjs --no-build --fresh-database',
    url: `${FRONT_DOOR_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Ctrl-C's signal: the script stops nginx, the processes and Redis, and drops its database.
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    env: {
      PORT_FRONT_DOOR: String(CLUSTER.frontDoor),
      PORT_API: String(CLUSTER.apiPorts[0]),
      PORT_SHELL: String(CLUSTER.shellPort),
      PORT_REDIS: String(CLUSTER.redisPort),
      PORT_S3: String(CLUSTER.s3Port),
      PUBLIC_BASE_URL: FRONT_DOOR_URL,
      RATE_LIMIT_MAX: String(CLUSTER.rateLimit),
      LOG_LEVEL: 'warn',
      PASSWORD_SCRYPT_LOG_N: '14',
      // The helpers read sign-up codes from the outbox, as the main suite does.
      MAIL_DEV_OUTBOX: 'open',
    },
  },
});
