import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM, E2E_PORTS, SHELL_URL } from './support/stack';

// One stack per run, on its own ports and a fresh embedded database, serving the production builds
// (`npm test` builds them first) as separate origins.
// The workers inherit the runner's environment: they read the same folder (the setup link's file).
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'scholars-e2e-')));
/** The specs that change the seeded plans (run by the 'plan-editing' project, one test at a time). */
const PLAN_EDITING = /tests\/(home-content|consultations-console)\.spec\.ts/;

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: [['list']],
  // The setup link makes the first administrator only while none exists: its spec runs before the
  // specs that make operators (through the command line's call).
  projects: [
    { name: 'first-administrator', testMatch: /setup\.spec\.ts/ },
    { name: 'site', testIgnore: [/setup\.spec\.ts/, /tests\/cluster\//, PLAN_EDITING], dependencies: ['first-administrator'] },
    // These edit the seeded plan 3 (its price, its sessions) and put it back: one at a time, or a
    // save meets the other's newer version (409) and a price check reads the other's price.
    { name: 'plan-editing', testMatch: PLAN_EDITING, dependencies: ['first-administrator'], workers: 1 },
  ],
  use: {
    baseURL: SHELL_URL,
    launchOptions: CHROMIUM,
    trace: 'off',
  },
  webServer: {
    command: 'node ../scripts/start.mjs --no-build',
    url: `${SHELL_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT_API: String(E2E_PORTS.api),
      PORT_SHELL: String(E2E_PORTS.shell),
      PORT_CONFERENCES: String(E2E_PORTS.conferences),
      PORT_COMMUNITY: String(E2E_PORTS.community),
      PORT_LIBRARY: String(E2E_PORTS.library),
      PORT_ACCOUNT: String(E2E_PORTS.account),
      DATA_DIR: dataDir,
      COOKIE_SECRET: 'e2e-only-cookie-secret-0123456789abcdef0123456789',
      LOG_LEVEL: 'warn',
      // Every test's browser reaches the API from 127.0.0.1: the per-address limit (600 a minute) is
      // for real clients, and the suite, two workers of fast page loads, went past it (429s, flaky).
      RATE_LIMIT_MAX: '100000',
      // The policy notice goes to every member of the suite's database (hundreds): at the default
      // rate its last batches would come a minute later; the batches themselves are the same.
      NEWSLETTER_RATE_PER_MINUTE: '60000',
      // The tests read sign-up codes from the outbox, as on a developer's machine (`npm run dev`);
      // a plain start keeps it for administrators (the API tests cover that).
      MAIL_DEV_OUTBOX: 'open',
    },
  },
});
