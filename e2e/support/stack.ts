/** Ports and URLs of the stack the e2e suite starts once per run (distinct from `npm start`'s). */
export const E2E_PORTS = {
  api: 3190,
  shell: 8190,
  conferences: 8191,
  community: 8192,
  library: 8193,
  account: 8194,
} as const;

export const SHELL_URL = `http://127.0.0.1:${E2E_PORTS.shell}`;
export const API_URL = `http://127.0.0.1:${E2E_PORTS.api}`;
export const remoteUrl = (name: 'conferences' | 'community' | 'library' | 'account') => `http://127.0.0.1:${E2E_PORTS[name]}`;

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
