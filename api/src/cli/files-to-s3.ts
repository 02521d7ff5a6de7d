/**
 * Copies the files stored on this machine (FILES_DIR) into the S3 bucket of the configuration,
 * for a site moving from the disk store to S3 (docs/decisions.md, issue 22):
 *
 *   npm run files:to-s3 -w api
 *
 * Same settings as the server (FILES_DIR or DATA_DIR, S3_*). A key already in the bucket with the
 * same size is skipped, so the command can be run again (after an interruption, or once more right
 * before switching the servers over) and copies only what is missing. Nothing is deleted on either
 * side. Prints the counts; exits 1 when a file could not be copied.
 */
import { HeadObjectCommand, PutObjectCommand, S3ServiceException, type S3Client } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { createS3Client, localKeys, s3Settings } from '../lib/uploads';

export interface CopyCounts {
  copied: number;
  skipped: number;
  failed: number;
}

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

async function sizeInBucket(client: S3Client, bucket: string, key: string): Promise<number | null> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return head.ContentLength ?? null;
  } catch (error) {
    if (error instanceof S3ServiceException && (error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)) return null;
    throw error;
  }
}

/** Copies every file under `config.FILES_DIR` (public/ and private/) that the bucket lacks or holds at another size. */
export async function copyFilesToS3(config: AppConfig, log: (line: string) => void = () => undefined): Promise<CopyCounts> {
  const settings = s3Settings(config);
  if (!settings) throw new ConfigError(['S3_BUCKET: is required to copy the files into a bucket']);
  const client = createS3Client(settings);
  const counts: CopyCounts = { copied: 0, skipped: 0, failed: 0 };
  try {
    for await (const { key, file } of localKeys(config.FILES_DIR)) {
      try {
        const { size } = await stat(file);
        if ((await sizeInBucket(client, settings.bucket, key)) === size) {
          counts.skipped++;
          continue;
        }
        const ContentType = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
        await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType }));
        counts.copied++;
        log(`copied ${key}`);
      } catch (error) {
        counts.failed++;
        log(`failed ${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    client.destroy();
  }
  return counts;
}

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  console.log(`Copying ${config.FILES_DIR} into s3://${config.S3_BUCKET ?? '(S3_BUCKET unset)'}`);
  const counts = await copyFilesToS3(config, (line) => console.log(line));
  console.log(`copied ${counts.copied}, already there ${counts.skipped}, failed ${counts.failed}`);
  process.exit(counts.failed > 0 ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof ConfigError ? 2 : 1);
  });
}
