/**
 * The site's run-time settings, one owner for every start script: `npm start` (start.mjs), the
 * cluster (start-cluster.mjs) and the front door's nginx configuration (front-door.mjs).
 *
 * Ports: PORT_API (3000), PORT_SHELL (8080), PORT_CONFERENCES (8081), PORT_COMMUNITY (8082),
 * PORT_LIBRARY (8083), PORT_ACCOUNT (8084), PORT_FRONT_DOOR (8000). HOST (127.0.0.1).
 * The cluster runs API_PROCESSES (2) API processes and SHELL_PROCESSES (2) shell servers, the n-th
 * (from 0) on its base port + 100 n (API 3000, 3100; shells 8080, 8180).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The settings of `env` (process.env by default). */
export async function loadSettings(env = process.env) {
  // The remote list, the default ports and the API's limits have one owner each (TypeScript, read through tsx).
  const { REMOTES: remotes } = await tsImport('../shared-contracts/src/routes.ts', import.meta.url);
  const { defaultPorts } = await tsImport('../shared-contracts/src/federation/shared-config.ts', import.meta.url);
  const host = env.HOST ?? '127.0.0.1';
  const ports = Object.fromEntries(
    ['api', 'shell', ...remotes].map((name) => [name, Number(env[`PORT_${name.toUpperCase()}`] ?? defaultPorts[name])]),
  );
  ports.frontDoor = Number(env.PORT_FRONT_DOOR ?? 8000);
  const count = (name, fallback) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1 || value > 9) throw new Error(`${name} must be 1 to 9`);
    return value;
  };
  const instancePorts = (base, n) => Array.from({ length: n }, (_, i) => base + 100 * i);
  return {
    host,
    remotes,
    ports,
    /** Where each remote's production build is. */
    remoteDist: (name) => path.join(root, `${name}-mfe`, 'dist'),
    /** A remote's own origin under `npm start`. */
    remoteUrl: (name) => `http://${host}:${ports[name]}/`,
    shellUrl: `http://${host === '127.0.0.1' ? 'localhost' : host}:${ports.shell}`,
    frontDoorUrl: `http://${host === '127.0.0.1' ? 'localhost' : host}:${ports.frontDoor}`,
    apiPorts: instancePorts(ports.api, count('API_PROCESSES', 2)),
    shellPorts: instancePorts(ports.shell, count('SHELL_PROCESSES', 2)),
    /** The largest request body the API reads (the front door's client_max_body_size). */
    largestRequestBytes: await apiLargestRequestBytes(env),
  };
}

async function apiLargestRequestBytes(env) {
  const { loadConfig } = await tsImport('../api/src/config.ts', import.meta.url);
  const { largestRequestBytes } = await tsImport('../api/src/plugins/external/multipart.ts', import.meta.url);
  const config = loadConfig({ ...env, NODE_ENV: 'development' });
  return largestRequestBytes(config.UPLOAD_LIMIT, config.BODY_LIMIT);
}
