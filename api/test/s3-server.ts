/**
 * A real S3-compatible server (s3rver) on 127.0.0.1 for one test file: a free port, a fresh
 * folder, the bucket created. `useS3Server()` fills `env` with the API's S3_* settings before the
 * app of `useApp({ env })` is built (register it first: vitest runs `beforeAll`s in order).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';

export const TEST_BUCKET = 'scholars-test';

export interface TestS3Server {
  /** The API's settings for it (filled before the file's tests). */
  env: Record<string, string>;
  /** The folder where s3rver keeps the bucket's objects. */
  directory(): string;
}

export function useS3Server(extraEnv: Record<string, string> = {}): TestS3Server {
  const env: Record<string, string> = {};
  let server: S3rver | undefined;
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'scholars-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: TEST_BUCKET, configs: [] }] });
    const address = await server.run();
    Object.assign(env, {
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...extraEnv,
    });
  });
  afterAll(async () => {
    await server?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });
  return { env, directory: () => directory };
}
