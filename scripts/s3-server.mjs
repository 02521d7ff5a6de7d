#!/usr/bin/env node
/**
 * A local S3-compatible server (s3rver) for trying the S3 store on one machine and for the
 * cluster start: listens on 127.0.0.1 only, keeps objects in a folder, creates the bucket, and
 * prints the API's S3_* settings for it.
 *
 *   node scripts/s3-server.mjs [--port 4568] [--dir api/.data/s3] [--bucket scholars-files]
 *
 * Runs until stopped (Ctrl+C, SIGTERM). `startS3Server()` does the same for a script that starts
 * it itself. For development and tests only: s3rver checks signatures but keeps no real accounts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** s3rver's fixed key pair: every request must be signed with it. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Starts s3rver on 127.0.0.1:`port` (0: a free port) with `directory`, the bucket created.
 * Resolves to the API's settings for it and a `close()`.
 */
export async function startS3Server({ port = 4568, directory = path.join(ROOT, 'api', '.data', 's3'), bucket = 'scholars-files' } = {}) {
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '4568' }, dir: { type: 'string' }, bucket: { type: 'string', default: 'scholars-files' } } });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port: expected a port number, got ${values.port}`);
    process.exit(2);
  }
  const started = await startS3Server({ port, directory: values.dir ? path.resolve(values.dir) : undefined, bucket: values.bucket });
  console.log(`S3-compatible server (s3rver) on ${started.endpoint}; the API's settings:`);
  for (const [key, value] of Object.entries(started.env)) console.log(`${key}=${value}`);
  const stop = () => started.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
