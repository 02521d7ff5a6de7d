/**
 * Ports and URLs of the stack the e2e suite starts once per run (distinct from `npm start`'s).
 * E2E_PORT_BASE moves the whole stack (shell on the base, remotes after it, API 5000 below) so two
 * runs on one machine do not collide.
 */
import type { RemoteName } from '@scholars/shared-contracts/routes';

const base = Number(process.env.E2E_PORT_BASE ?? 8190);
export const E2E_PORTS = {
  api: base - 5000,
  shell: base,
  conferences: base + 1,
  community: base + 2,
  library: base + 3,
  account: base + 4,
} as const;

/** The site's address: the shell, or the front door of the cluster run (E2E_SITE_URL, e2e/cluster.config.ts). */
export const SHELL_URL = process.env.E2E_SITE_URL ?? `http://127.0.0.1:${E2E_PORTS.shell}`;
export const API_URL = `http://127.0.0.1:${E2E_PORTS.api}`;
export const remoteUrl = (name: RemoteName) => `http://127.0.0.1:${E2E_PORTS[name]}`;

/** Chromium from Debian (never a downloaded browser), with the flags this sandbox needs. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
