/**
 * The cluster run (e2e/cluster.config.ts, `npm run start:cluster`'s topology): where its front door
 * and API processes listen. Imported first by the config, it also points the suite's site address
 * (stack.ts SHELL_URL, read by every helper) at the front door, in the runner and, by inheritance,
 * in its workers.
 */
const base = Number(process.env.E2E_CLUSTER_PORT_BASE ?? 8290);
export const CLUSTER = {
  frontDoor: base,
  /** The API processes' ports (settings.mjs: PORT_API, then + 100 each). */
  apiPorts: [base - 5000, base - 4900],
  shellPort: base + 1,
  redisPort: base - 1900,
  /** The S3-compatible store (s3rver) the API processes share. */
  s3Port: base - 1800,
  /** RATE_LIMIT_MAX of the run: what a client gets a minute across every API process. */
  rateLimit: 300,
} as const;
export const FRONT_DOOR_URL = `http://127.0.0.1:${CLUSTER.frontDoor}`;
process.env.E2E_SITE_URL ??= FRONT_DOOR_URL;
