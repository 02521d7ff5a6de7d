/**
 * Where stored files live: one interface, two implementations, chosen once at start
 * ({@link createFileStorage}; the app decorates itself with it as `app.storage`).
 * - `disk` (the default): FILES_DIR on this machine, as the embedded setup always had it.
 * - `s3` (when S3_BUCKET is set): an S3-compatible bucket through the official AWS SDK, so every
 *   API process on every machine sees the same files.
 *
 * A key is the path the database keeps (`public/images/...`, `private/research/...`). Reads fall
 * back to the seed's files shipped with the API (api/seed-assets): every API process has them, so
 * they are never copied into the store, and the store never deletes them.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppConfig } from '../../config';

/** A stored file's bytes and what is known of them. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType?: string;
  etag?: string;
  lastModified?: Date;
}

/** How a presigned link presents the file (S3 answers with these headers). */
export interface PrivateUrlOptions {
  contentType: string;
  contentDisposition: string;
}

export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** A local folder where uploads are assembled (type sniffed, pictures re-encoded) before `put`. */
  readonly stagingDir: string;
  /** Stores `body` (bytes, or a local file that is copied) under `key`. */
  put(key: string, body: Buffer | { file: string }, contentType: string): Promise<void>;
  /** The file's bytes, or null when it is neither in the store nor among the seed's files. */
  stream(key: string): Promise<StoredObject | null>;
  /** The file's size, or null when it is neither in the store nor among the seed's files. */
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file from the store (nothing when absent; the seed's files are never removed). */
  delete(key: string): Promise<void>;
  /** Where a browser can fetch a public file straight from the store (S3 with S3_PUBLIC_BASE_URL), else null. */
  publicUrl(key: string): string | null;
  /** A presigned GET address valid `ttlSeconds` (S3, file in the bucket), else null: the API sends the bytes itself. */
  privateUrl(key: string, ttlSeconds: number, options: PrivateUrlOptions): Promise<string | null>;
}

/**
 * True for a key of the stored-path form: `public/...` or `private/...`, relative, normalized, no
 * `..`, backslash or NUL. Every storage call checks it, so no key reaches outside its root.
 */
export function isStoredKey(key: string): boolean {
  if (!key || key.includes('\0') || key.includes('\\') || key.startsWith('/')) return false;
  const normalized = path.posix.normalize(key);
  if (normalized !== key || normalized.split('/').includes('..')) return false;
  return normalized.startsWith('public/') || normalized.startsWith('private/');
}

/** The absolute path of `key` under `root`, or null when the key is not of the stored form ({@link isStoredKey}). */
export function resolveInRoot(root: string, key: string): string | null {
  if (!isStoredKey(key)) return null;
  const base = path.resolve(root);
  const absolute = path.resolve(base, ...key.split('/'));
  return absolute.startsWith(base + path.sep) ? absolute : null;
}

/** The seed's copy of `key` (api/seed-assets), if it has one. */
export function seedFile(seedDir: string, key: string): string | null {
  const absolute = resolveInRoot(seedDir, key);
  return absolute && existsSync(absolute) ? absolute : null;
}

async function localObject(absolute: string | null): Promise<StoredObject | null> {
  if (!absolute) return null;
  const info = await stat(absolute).catch(() => null);
  if (!info?.isFile()) return null;
  return { body: createReadStream(absolute), size: info.size, lastModified: info.mtime };
}

async function localSize(absolute: string | null): Promise<number | null> {
  if (!absolute) return null;
  const info = await stat(absolute).catch(() => null);
  return info?.isFile() ? info.size : null;
}

/** FILES_DIR on this machine. */
export function createDiskStorage(filesDir: string, seedDir: string): FileStorage {
  const stagingDir = path.join(filesDir, '.staging');
  const find = (key: string) => {
    const own = resolveInRoot(filesDir, key);
    return own && existsSync(own) ? own : seedFile(seedDir, key);
  };
  return {
    kind: 'disk',
    stagingDir,
    async put(key, body, _contentType) {
      const target = resolveInRoot(filesDir, key);
      if (!target) throw new Error(`not a stored file key: ${key}`);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.part`;
      try {
        if (Buffer.isBuffer(body)) {
          await writeFile(partial, body, { flag: 'wx' });
        } else {
          await copyFile(body.file, partial);
        }
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    stream: async (key) => localObject(find(key)),
    size: async (key) => localSize(find(key)),
    exists: async (key) => find(key) !== null,
    async delete(key) {
      const own = resolveInRoot(filesDir, key);
      if (own) await rm(own, { force: true });
    },
    publicUrl: () => null,
    privateUrl: async () => null,
  };
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  publicBaseUrl?: string;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/** The S3 client of these settings (also used by the `files:to-s3` command). */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: S3-compatible servers (MinIO, s3rver, older Ceph)
    // do not all read the SDK's newer trailing-checksum uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** An S3-compatible bucket; `stagingDir` is a local folder (FILES_DIR/.staging). */
export function createS3Storage(settings: S3Settings, stagingDir: string, seedDir: string): FileStorage {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;
  const publicBase = settings.publicBaseUrl?.replace(/\/+$/, '');
  const checked = (key: string) => {
    if (!isStoredKey(key)) throw new Error(`not a stored file key: ${key}`);
    return key;
  };
  const head = async (key: string) => {
    if (!isStoredKey(key)) return null;
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    kind: 's3',
    stagingDir,
    async put(key, body, contentType) {
      const Key = checked(key);
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType, ContentLength: body.length }));
        return;
      }
      const { size } = await stat(body.file);
      await client.send(new PutObjectCommand({ Bucket, Key, Body: createReadStream(body.file), ContentType: contentType, ContentLength: size }));
    },
    async stream(key) {
      if (isStoredKey(key)) {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
          return {
            body: answer.Body as Readable,
            size: answer.ContentLength ?? 0,
            contentType: answer.ContentType,
            etag: answer.ETag,
            lastModified: answer.LastModified,
          };
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
      return localObject(seedFile(seedDir, key));
    },
    async size(key) {
      const found = await head(key);
      if (found) return found.ContentLength ?? 0;
      return localSize(seedFile(seedDir, key));
    },
    async exists(key) {
      return (await head(key)) !== null || seedFile(seedDir, key) !== null;
    },
    async delete(key) {
      if (!isStoredKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    publicUrl: (key) => (publicBase && isStoredKey(key) ? `${publicBase}/${key.split('/').map(encodeURIComponent).join('/')}` : null),
    async privateUrl(key, ttlSeconds, options) {
      // The seed's files are not in the bucket: the API sends those itself.
      if (!(await head(key))) return null;
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: options.contentType,
        ResponseContentDisposition: options.contentDisposition,
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(client, command, { expiresIn: ttlSeconds });
    },
  };
}

/** The settings of the S3 store, or null when S3_BUCKET is not set (disk). */
export function s3Settings(config: AppConfig): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicBaseUrl: config.S3_PUBLIC_BASE_URL,
  };
}

/** S3 when S3_BUCKET is set, else FILES_DIR. */
export function createFileStorage(config: AppConfig, seedDir: string): FileStorage {
  const s3 = s3Settings(config);
  return s3 ? createS3Storage(s3, path.join(config.FILES_DIR, '.staging'), seedDir) : createDiskStorage(config.FILES_DIR, seedDir);
}

/** Every file under `root` as a key (`public/...`, `private/...`), skipping the staging folder and partial writes. */
export async function* localKeys(root: string): AsyncGenerator<{ key: string; file: string }> {
  for (const top of ['public', 'private']) {
    const start = path.join(root, top);
    if (!existsSync(start)) continue;
    const walk = async function* (dir: string): AsyncGenerator<{ key: string; file: string }> {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) yield* walk(file);
        else if (entry.isFile() && !entry.name.endsWith('.part')) {
          const key = path.relative(root, file).split(path.sep).join('/');
          if (isStoredKey(key)) yield { key, file };
        }
      }
    };
    yield* walk(start);
  }
}
