/**
 * Configuration from the environment, validated once at start (zod). A bad value stops the
 * process with a message naming the variable (see server.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { issueParams, translateMessage } from '@scholars/shared-contracts/schemas';

/** The api/ package folder (defaults are resolved from here, not from the working directory). */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Seed images shipped in the repository: api/seed-assets/public/... */
export const SEED_ASSETS_DIR = path.join(API_ROOT, 'seed-assets');
/** drizzle-kit output, applied at start by drizzle's migrator. */
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');

const DEFAULT_DEV_ORIGINS = [8080, 8081, 8082, 8083, 8084, 5173].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

const booleanFromEnv = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(v), 'expected true or false')
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const list = z
  .string()
  .transform((value) => value.split(/[\s,]+/).map((item) => item.trim()).filter(Boolean));

const origin = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}, 'expected an origin such as https://platform.example (scheme, host and optional port, no path)');

const resolvedPath = z
  .string()
  .trim()
  .min(1)
  .transform((value) => path.resolve(API_ROOT, value));

const envShape = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'expected postgres://user:password@host:port/database')
    .optional(),
  /** Embedded database and other local state; relative paths are resolved from api/. */
  DATA_DIR: resolvedPath.prefault('.data'),
  /** Uploaded files; served under /files from FILES_DIR/public. Default DATA_DIR/files. */
  FILES_DIR: resolvedPath.optional(),
  CORS_ORIGINS: list.pipe(z.array(origin)).default(DEFAULT_DEV_ORIGINS),
  /** CSP frame-ancestors sources, e.g. "'self' https://partner.example". */
  FRAME_ANCESTORS: list
    .pipe(z.array(z.string().regex(/^('self'|'none'|https?:\/\/[^\s;,']+|\*\.[^\s;,']+)$/, "expected 'self', 'none' or origins")))
    .default(["'self'"]),
  SEED: booleanFromEnv.default(true),
  /** Public address of the site (e-mail links, payment return pages), without a final '/': links are `${PUBLIC_BASE_URL}/path`. */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:8080')
    .transform((url) => url.replace(/\/+$/, '')),
  /** Which proxies to trust for X-Forwarded-For (proxy-addr syntax). Default: loopback. */
  TRUST_PROXY: z.string().trim().default('loopback'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(600),
  RATE_LIMIT_WINDOW: z.string().trim().default('1 minute'),
  /**
   * Redis (`redis://[:password@]host:port[/db]`, `rediss://` for TLS) holding the request-limit
   * counts of every API process; required as soon as there is more than one. Unset: in memory.
   */
  RATE_LIMIT_REDIS_URL: z.string().trim().regex(/^rediss?:\/\//, 'expected redis://host:port').optional(),
  /**
   * This process's name among several behind the front door (e.g. `api-1`): sent as the
   * `x-api-instance` header on every answer and chat-socket handshake, so tests and operators see
   * which process answered. Unset: no header.
   */
  INSTANCE: z.string().trim().regex(/^[A-Za-z0-9._-]{1,40}$/).optional(),
  /** Connections of this process to PostgreSQL (DATABASE_URL); the bus keeps one more. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Memory of the public read cache (plugins/app/read-cache.ts), MiB; 0 turns it off. */
  READ_CACHE_MAX_MB: z.coerce.number().min(0).max(4096).default(32),
  /** Maximum JSON body, bytes. */
  BODY_LIMIT: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  /** Maximum uploaded file, bytes. */
  UPLOAD_LIMIT: z.coerce.number().int().min(1024).max(500 * 1024 * 1024).default(20 * 1024 * 1024),
  /**
   * An upload whose client sends nothing for this long (ms) is cut off, so a body that never ends
   * cannot hold a connection and its half-written file forever (Node's own request timeout is off).
   */
  UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(10 * 60 * 1000).default(30_000),
  /** Signs cookies; at least 32 characters. Required in production. */
  COOKIE_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  /** Signs access tokens (HS256); at least 32 characters. Required in production. */
  JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  /**
   * scrypt cost of new password hashes, as log2(N): 17 (OWASP: N=2^17, r=8, p=1, 128 MiB) by
   * default and at least 17 in production; tests may lower it to 14 to run fast.
   */
  PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(14).max(20).default(17),
  /** Signs ALTCHA challenges; at least 32 characters. Required in production. */
  CAPTCHA_HMAC_KEY: z.string().min(32, 'must have at least 32 characters').optional(),
  /** smtp(s)://user:pass@host:port: send e-mail through it. Unset: files in DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, 'expected smtp://user:password@host:port or smtps://...')
    .optional(),
  /** Sender of every e-mail ("Name <address>" or an address). */
  MAIL_FROM: z.string().trim().min(3).default('Scholars Hub <no-reply@scholars.example>'),
  /** Where contact-form messages go (staff). */
  CONTACT_INBOX: z.string().trim().regex(/^[^\s@]+@[^\s@]+$/, 'expected an e-mail address').default('contact@scholars.example'),
  /**
   * Who may read the developer's outbox (/api/dev/outbox): `admin` (an administrator's bearer
   * token; the default outside production), `open` (anyone: `npm run dev` and the browser tests,
   * on the developer's own machine) or `off` (the only value allowed in production).
   */
  MAIL_DEV_OUTBOX: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => (['false', '0', 'no'].includes(v) ? 'off' : v))
    .pipe(z.enum(['off', 'admin', 'open']))
    .optional(),
  /** How often the mail worker looks for due mail, milliseconds. */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /** Sending attempts before a mail is marked failed (exponential backoff between them, capped at 1 h). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(15),
  /** The newsletter's send job: recipients enqueued per batch, and at most this many mails a minute. */
  NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  // ---- files on an object store (issue 22): set S3_BUCKET to store uploads in S3 instead of FILES_DIR
  /** The bucket of uploads; unset: FILES_DIR on this machine. */
  S3_BUCKET: z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)').optional(),
  /** An S3-compatible server (MinIO, s3rver, another cloud); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Both or neither; neither: the AWS SDK's own credential chain (instance role, AWS_* variables). */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** `bucket` in the path, not the host name: true for s3rver and MinIO. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** Where browsers fetch public files straight from the bucket (or its CDN); unset: /files streams them. */
  S3_PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How long a presigned link to a private file (research, library PDF) is valid, seconds. */
  S3_PRESIGN_TTL_SECONDS: z.coerce.number().int().min(1).max(604_800).default(300),
});

const envSchema = envShape
  .superRefine((env, ctx) => {
    for (const key of ['COOKIE_SECRET', 'JWT_SECRET', 'CAPTCHA_HMAC_KEY'] as const) {
      if (env.NODE_ENV === 'production' && !env[key]) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when NODE_ENV=production' });
      }
    }
    // A production site never falls back to what exists for trying the product on one machine:
    // mail written to a folder (and readable in the dev outbox) instead of sent.
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when NODE_ENV=production (without it e-mail is only written to a folder)' });
    }
    if (env.NODE_ENV === 'production' && env.MAIL_DEV_OUTBOX && env.MAIL_DEV_OUTBOX !== 'off') {
      ctx.addIssue({ code: 'custom', path: ['MAIL_DEV_OUTBOX'], message: 'must be off when NODE_ENV=production (it shows every e-mail, sign-in codes included)' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
    if (!env.S3_BUCKET) {
      for (const key of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_PUBLIC_BASE_URL'] as const) {
        if (env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is set but S3_BUCKET is not (files would stay on the local disk)' });
      }
    }
    if (env.NODE_ENV === 'production' && env.PASSWORD_SCRYPT_LOG_N < 17) {
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_SCRYPT_LOG_N'], message: 'must be at least 17 when NODE_ENV=production' });
    }
  })
  .transform((env) => ({
    ...env,
    FILES_DIR: env.FILES_DIR ?? path.join(env.DATA_DIR, 'files'),
    MAIL_DEV_OUTBOX: env.MAIL_DEV_OUTBOX ?? (env.NODE_ENV === 'production' ? ('off' as const) : ('admin' as const)),
  }));

export type AppConfig = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration. Empty strings count as unset. Throws ConfigError. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const input: Record<string, string> = {};
  for (const key of Object.keys(envShape.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  const result = envSchema.safeParse(input);
  if (!result.success) {
    throw new ConfigError(
      // The app installs a key-based zod error map: turn keys back into English for the console.
      result.error.issues.map(
        (issue) =>
          `${issue.path.join('.') || '(env)'}: ${translateMessage('en', issue.message, issueParams(issue as unknown as Record<string, unknown>))}`,
      ),
    );
  }
  return result.data;
}
