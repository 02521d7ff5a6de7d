/**
 * What the running API leaves in DATA_DIR for the people and scripts on its own machine:
 * - `operator.json` (mode 0600): the API's address and the operator secret, read by the command
 *   line (`npm run admin -w api`) to change roles while the site runs;
 * - `setup-link.txt`: the first administrator's one-time link while none exists (removed once one
 *   does), also printed on the terminal next to the site's address.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AppConfig } from '../../config';

export const OPERATOR_FILE = 'operator.json';
export const SETUP_LINK_FILE = 'setup-link.txt';

export interface OperatorFile {
  url: string;
  secret: string;
  pid: number;
}

export async function writeOperatorFile(config: AppConfig, secret: string, address: AddressInfo | string | null): Promise<void> {
  if (!address || typeof address === 'string') return;
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  const file: OperatorFile = { url: `http://${host}:${address.port}`, secret, pid: process.pid };
  await mkdir(config.DATA_DIR, { recursive: true });
  await writeFile(path.join(config.DATA_DIR, OPERATOR_FILE), `${JSON.stringify(file)}\n`, { mode: 0o600 });
}

export async function announceSetupLink(config: AppConfig, link: { token: string; expiresAt: Date } | null): Promise<void> {
  const file = path.join(config.DATA_DIR, SETUP_LINK_FILE);
  if (!link) {
    await rm(file, { force: true });
    return;
  }
  const url = `${config.PUBLIC_BASE_URL}/setup/${link.token}`;
  await mkdir(config.DATA_DIR, { recursive: true });
  await writeFile(file, `${url}\n`, { mode: 0o600 });
  console.log(`[setup] No administrator yet. Open this one-time link to make one (valid until ${link.expiresAt.toISOString()}): ${url}`);
}
