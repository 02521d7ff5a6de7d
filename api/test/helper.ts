/**
 * Test helpers (fastify/demo style): `build()` creates the real app on a FRESH database with the
 * real migrations and seed; `useApp()` does it once per test file and closes it afterwards.
 *
 * - Without DATABASE_URL: an in-memory PGlite per file, started from a template (migrated and
 *   seeded once, dumped to api/.data/test-cache/, keyed by a hash of the migrations and the seed
 *   code, built by the first file that needs it under a lock), so a file pays ~1 s, not a full
 *   initdb + migrate + seed.
 * - With DATABASE_URL (a PostgreSQL server; the role needs CREATEDB): a uniquely named database
 *   per file, migrated and seeded by the app's own start-up path, dropped after the file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as pbkdf2DeriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { API_ROOT, MIGRATIONS_DIR, loadConfig, type AppConfig } from '../src/config';
import { openMemoryDatabase, type DatabaseHandle } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { openSession } from '../src/lib/accounts/sessions';
import type { Locale } from '@scholars/shared-contracts/locale';
import type { Role, StaffRole } from '@scholars/shared-contracts/authorization';

export const usePostgres = Boolean(process.env.DATABASE_URL);

const CACHE_DIR = path.join(API_ROOT, '.data', 'test-cache');

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else out.push(full);
  }
  return out.sort();
}

/** Hash of everything that shapes the template: migrations, db code, PGlite version. */
async function templateKey(seeded: boolean): Promise<string> {
  const hash = createHash('sha256');
  const pglitePackage = path.join(API_ROOT, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json');
  const inputs = [
    ...(await filesUnder(MIGRATIONS_DIR)),
    ...(await filesUnder(path.join(API_ROOT, 'src', 'db'))),
    path.join(API_ROOT, 'src', 'lib', 'arabic-search.ts'),
    path.join(API_ROOT, '..', 'shared-contracts', 'src', 'search', 'fold.ts'),
    ...(existsSync(pglitePackage) ? [pglitePackage] : []),
  ];
  for (const file of inputs) hash.update(file).update(await readFile(file));
  hash.update(seeded ? 'seeded' : 'empty');
  return hash.digest('hex').slice(0, 16);
}

const templates = new Map<boolean, Promise<Buffer>>();

/** A `dumpDataDir()` tarball of a migrated (and, by default, seeded) PGlite database. */
export function pgliteTemplate(seeded = true): Promise<Buffer> {
  let template = templates.get(seeded);
  if (!template) {
    template = makePgliteTemplate(seeded);
    templates.set(seeded, template);
  }
  return template;
}

async function makePgliteTemplate(seeded: boolean): Promise<Buffer> {
  await mkdir(CACHE_DIR, { recursive: true });
  const key = await templateKey(seeded);
  const file = path.join(CACHE_DIR, `pglite-${seeded ? 'seeded' : 'empty'}-${key}.tar`);
  if (existsSync(file)) return readFile(file);

  const release = await lockfile.lock(CACHE_DIR, {
    lockfilePath: path.join(CACHE_DIR, `${seeded ? 'seeded' : 'empty'}.lock`),
    realpath: false,
    stale: 60_000,
    retries: { retries: 300, minTimeout: 200, maxTimeout: 500 },
  });
  try {
    if (existsSync(file)) return readFile(file);
    const database = await openMemoryDatabase();
    try {
      await database.migrate(seeded ? async (db) => void (await seedDatabase(db)) : undefined);
      const dump = Buffer.from(await (await database.client.dumpDataDir('none')).arrayBuffer());
      // Old templates of other keys are of no use any more.
      for (const entry of await readdir(CACHE_DIR)) {
        if (entry.startsWith(`pglite-${seeded ? 'seeded' : 'empty'}-`) && entry.endsWith('.tar')) {
          await rm(path.join(CACHE_DIR, entry), { force: true });
        }
      }
      const partial = `${file}.${process.pid}.tmp`;
      await writeFile(partial, dump);
      await rename(partial, file);
      return dump;
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

/** A fresh in-memory PGlite database from the template. */
export async function freshPglite(seeded = true): Promise<DatabaseHandle> {
  const dump = await pgliteTemplate(seeded);
  return openMemoryDatabase(new Blob([new Uint8Array(dump)]));
}

/** A new, empty database on the DATABASE_URL server; `drop()` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `scholars_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        // FORCE may not end an autovacuum worker that happens to be in the database: a role
        // without pg_signal_backend gets 42501 (PostgreSQL 15). The worker is done within
        // moments, so try again for a while before failing the suite.
        for (let attempt = 1; ; attempt += 1) {
          try {
            await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
            return;
          } catch (error) {
            const insufficientPrivilege = (error as { code?: string }).code === '42501';
            if (!insufficientPrivilege || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    // Cheaper password hashes in tests (production requires the OWASP cost, 17).
    PASSWORD_SCRYPT_LOG_N: '14',
    ...env,
  });
}

export interface TestApp extends FastifyInstance {
  /** Closes the app and removes its database and folders. */
  cleanup(): Promise<void>;
}

export interface BuildOptions {
  /** Extra environment for the configuration (e.g. `{ SEED: 'false' }`). */
  env?: Record<string, string>;
}

/** The real app on a fresh database (see the file comment). */
export async function build(options: BuildOptions = {}): Promise<TestApp> {
  const env = options.env ?? {};
  const seeded = (env.SEED ?? 'true') !== 'false';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-api-test-'));
  let database: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (usePostgres) {
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    drop = created.drop;
  } else {
    database = await freshPglite(seeded);
  }
  const config = testConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env });
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database, logger: false });
  } catch (error) {
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return Object.assign(app, {
    async cleanup() {
      await app.close();
      await drop?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  }) as TestApp;
}

/** Builds the app before the file's tests and cleans up after them. */
export function useApp(options: BuildOptions = {}): () => TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await build(options);
  });
  afterAll(async () => {
    await app?.cleanup();
  });
  return () => {
    if (!app) throw new Error('the app is not built yet');
    return app;
  };
}

/** A new user (`createUser`) signed in: the user and the headers of their session. */
export async function signedInUser(app: FastifyInstance, overrides: CreateUserOverrides = {}) {
  const user = await createUser(app, overrides);
  return { user, headers: bearer(await signIn(app, user)) };
}

/** POSTs JSON and returns status and parsed body. */
export async function postJson(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, response };
}

export async function getJson(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, response };
}

// ---------------------------------------------------------------------------------- accounts
let userSequence = 0;

export interface TestUser {
  id: number;
  email: string;
  password: string;
  name: string;
  role: Role;
  locale: Locale;
}

export interface CreateUserOverrides {
  email?: string;
  password?: string;
  name?: string;
  /** One role (`user`: none); `roles` for several. */
  role?: Role;
  roles?: StaffRole[];
  locale?: Locale;
  phone?: string;
  country?: string;
  gender?: 'male' | 'female';
  /** false: an account whose e-mail is not verified yet (cannot sign in). Default true. */
  verified?: boolean;
  supervisorId?: number | null;
}

/** A user stored directly in the database (verified unless `verified: false`), with a known password. */
export async function createUser(app: FastifyInstance, overrides: CreateUserOverrides = {}): Promise<TestUser> {
  userSequence += 1;
  const email = overrides.email ?? `user.${process.pid}.${Date.now().toString(36)}.${userSequence}.${randomBytes(3).toString('hex')}@example.ae`;
  const password = overrides.password ?? `pass-${randomBytes(6).toString('hex')}`;
  const name = overrides.name ?? `Test User ${userSequence}`;
  const role = overrides.role ?? 'user';
  const locale = overrides.locale ?? 'en';
  const [row] = await app.db
    .insert(users)
    .values({
      name,
      email,
      phone: overrides.phone ?? '+971500000000',
      country: overrides.country ?? 'AE',
      gender: overrides.gender ?? 'female',
      passwordHash: await hashPassword(password, app.config.PASSWORD_SCRYPT_LOG_N),
      roles: overrides.roles ?? (role === 'user' ? [] : [role]),
      locale,
      emailVerifiedAt: overrides.verified === false ? null : new Date(),
      supervisorId: overrides.supervisorId ?? null,
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password, name, role, locale };
}

/** An access token for `user` in a new session (as issued by a sign-in); send it as `authorization: Bearer <token>`. */
export async function signIn(app: FastifyInstance, user: Pick<TestUser, 'id'>): Promise<string> {
  return app.issueAccessToken({ id: user.id }, await openSession(app.db, user.id));
}

/** `{ authorization: 'Bearer <token>' }` for `app.inject` headers. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// ---------------------------------------------------------------------------------- SMTP capture
export interface CapturedMail {
  /** Envelope recipients. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
  raw: string;
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_whole, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      );
    default:
      return Buffer.from(body, 'utf8');
  }
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** A small MIME reader for the mails nodemailer writes (multipart, base64, quoted-printable, encoded words). */
export function parseMail(raw: string, to: string[] = []): CapturedMail {
  const top = splitEntity(raw);
  const mail: CapturedMail = { to, subject: decodeWords(top.headers.subject ?? ''), text: '', html: '', headers: top.headers, attachments: [], raw };
  const walk = (entity: { headers: Record<string, string>; body: string }) => {
    const type = entity.headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const parts = entity.body.split(`--${boundary}`).slice(1);
      for (const part of parts) {
        if (part.startsWith('--')) break;
        walk(splitEntity(part.replace(/^\r?\n/, '')));
      }
      return;
    }
    const content = decodeBody(entity.body, entity.headers['content-transfer-encoding']);
    const disposition = entity.headers['content-disposition'] ?? '';
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1];
    if (/attachment/i.test(disposition) || (filename && !/^text\/(plain|html)/i.test(type))) {
      mail.attachments.push({ filename: decodeWords(filename ?? ''), contentType: type.split(';')[0]!.trim(), content });
    } else if (/^text\/html/i.test(type)) mail.html += content.toString('utf8');
    else if (/^text\/plain/i.test(type)) mail.text += content.toString('utf8');
  };
  walk(top);
  return mail;
}

export interface SmtpCapture {
  port: number;
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  /** Mails to `address` (case-insensitive). */
  mailsTo(address: string): CapturedMail[];
  /** Waits until `predicate` holds for the captured mails (polls; default 10 s). */
  waitFor(predicate: (mails: CapturedMail[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Stops listening (mail sent now fails to connect); `start()` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface SmtpCaptureOptions {
  /** Listen on this port (default: any free one). */
  port?: number;
  /** Refuse these recipients with `550 No such user` (a permanent failure). */
  rejectRecipient?: (address: string) => boolean;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives, listening. */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const capture = createSmtpCapture(options);
  await capture.start();
  return capture;
}

/**
 * The file's app (built once, as `useApp`) with its mail sent over real SMTP to a capture the tests
 * read (`SMTP_URL`; the outbox polled every 50 ms unless `env` says otherwise). The capture listens
 * from `beforeAll`; both stop after the file.
 */
export function useAppWithMail(env: Record<string, string> = {}): { app: () => TestApp; smtp: SmtpCapture } {
  const smtp = createSmtpCapture();
  let app: TestApp | undefined;
  beforeAll(async () => {
    await smtp.start();
    app = await build({ env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '50', ...env } });
  });
  afterAll(async () => {
    await app?.cleanup();
    await smtp.stop();
  });
  return {
    app: () => {
      if (!app) throw new Error('the app is not built yet');
      return app;
    },
    smtp,
  };
}

/** The capture, not listening yet (`start()`). */
function createSmtpCapture(options: SmtpCaptureOptions = {}): SmtpCapture {
  const port = options.port ?? 0;
  const mails: CapturedMail[] = [];
  let server: SMTPServer | undefined;
  let boundPort = port;
  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (options.rejectRecipient?.(address.address)) {
          return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((rcpt) => rcpt.address)));
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(boundPort, '127.0.0.1', () => resolve());
    });
    const address = server.server.address();
    if (address && typeof address === 'object') boundPort = address.port;
  };
  return {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    mails,
    mailsTo: (address) => mails.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase())),
    async waitFor(predicate, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (!predicate(mails)) {
        if (Date.now() > until) throw new Error(`SMTP capture: condition not met within ${timeoutMs} ms (${mails.length} mails)`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
  };
}

/** The first 6-digit code in a mail (subject first, then text). */
export const codeIn = (mail: CapturedMail): string | undefined => /\b(\d{6})\b/.exec(`${mail.subject} ${mail.text}`)?.[1];

// ---------------------------------------------------------------------------------- captcha
/** Fetches a challenge from the API and solves it for real (altcha-lib's solver), as the browser does. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  const challenge = (response.json() as { data: Challenge }).data;
  const solution = await solveChallenge({ challenge, deriveKey: pbkdf2DeriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution }), 'utf8').toString('base64');
}
