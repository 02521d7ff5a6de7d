/**
 * Counted limits under concurrency: many simultaneous requests against one limit, through the
 * real app and database (PGlite by default, PostgreSQL with DATABASE_URL). Exactly `max` of them
 * may be evaluated or accepted; every other one is a 429 with the envelope and a Retry-After.
 * (A limit checked before the slow work and recorded after it let all of them through.)
 *
 * On PGlite, a handler with no slow step in it (forgot-password, resend-otp, chat) runs its
 * queries before the next request's begin, so those three only race on PostgreSQL (CI runs this
 * file on both). With DATABASE_URL, a second app on the same database stands for a second API
 * process: its own connection pool, the same table.
 */
import { sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { CHAT_RATE_LIMIT } from '@scholars/shared-contracts/schemas';
import { contactMessages, mailOutbox, rateLimitHits, researchChatMessages } from '../src/db/schema';
import {
  CONTACT_PER_ADDRESS,
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_ADDRESS,
  loginAccountBucket,
  loginAddressBucket,
} from '../src/lib/accounts/rate-limits';
import { member } from './community-helpers';
import { createUser, postJson, solveCaptcha, testConfig, useApp, usePostgres } from './helper';

const app = useApp();

let sequence = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++sequence}@example.ae`;

type Answer = Awaited<ReturnType<typeof postJson>>;

/** Splits simultaneous answers into the 429s and the rest, checking each 429's envelope and Retry-After. */
function sortOut(answers: Answer[]) {
  const limited = answers.filter((answer) => answer.status === 429);
  for (const answer of limited) {
    expect(answer.body).toEqual({ status: false, err: 429, msg: expect.any(String) });
    expect(String(answer.body.msg).length).toBeGreaterThan(0);
    expect(Number(answer.response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }
  return { limited, passed: answers.filter((answer) => answer.status !== 429) };
}

const hitsIn = async (bucket: string) =>
  (await app().db.select({ id: rateLimitHits.id }).from(rateLimitHits).where(sql`${rateLimitHits.bucket} = ${bucket}`)).length;

const queuedFor = async (address: string) =>
  app().db.select().from(mailOutbox).where(sql`lower(${mailOutbox.toAddress}) = ${address.toLowerCase()}`);

describe('sign-in limits under simultaneous attempts', () => {
  it(`one account, 40 wrong passwords at once (from different addresses): only ${LOGIN_PER_ACCOUNT.max} are evaluated`, async () => {
    const user = await createUser(app());
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postJson(app(), '/api/auth/login', { email: user.email, password: `wrong-password-${i}` }, { 'x-forwarded-for': `203.0.113.${i + 1}` }),
      ),
    );
    const { limited, passed } = sortOut(answers);
    expect(passed.map((answer) => answer.status)).toEqual(Array(LOGIN_PER_ACCOUNT.max).fill(401));
    expect(limited).toHaveLength(40 - LOGIN_PER_ACCOUNT.max);
    expect(limited[0]!.body.msg).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes\.$/);
    expect(await hitsIn(loginAccountBucket(user.email))).toBe(LOGIN_PER_ACCOUNT.max);
  });

  it(`one address, 40 wrong sign-ins at once (different accounts): only ${LOGIN_PER_ADDRESS.max} are evaluated`, async () => {
    const address = '198.18.0.40';
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => postJson(app(), '/api/auth/login', { email: uniqueEmail('spray'), password: 'password-spray' }, { 'x-forwarded-for': address })),
    );
    const { limited, passed } = sortOut(answers);
    expect(passed.map((answer) => answer.status)).toEqual(Array(LOGIN_PER_ADDRESS.max).fill(401));
    expect(limited).toHaveLength(40 - LOGIN_PER_ADDRESS.max);
    expect(await hitsIn(loginAddressBucket(address))).toBe(LOGIN_PER_ADDRESS.max);
  });

  it('a right password is not counted: more sign-ins than the limit from one address all succeed', async () => {
    const address = { 'x-forwarded-for': '198.18.0.41' };
    const user = await createUser(app());
    for (let i = 0; i < LOGIN_PER_ADDRESS.max + 3; i++) {
      expect((await postJson(app(), '/api/auth/login', { email: user.email, password: user.password }, address)).status).toBe(200);
    }
    expect(await hitsIn(loginAddressBucket('198.18.0.41'))).toBe(0);
  });
});

describe('one-time code e-mails under simultaneous requests (one a minute per address and purpose)', () => {
  it('forgot-password: 10 at once send one code', async () => {
    const user = await createUser(app());
    const answers = await Promise.all(Array.from({ length: 10 }, () => postJson(app(), '/api/auth/forgot-password', { email: user.email })));
    const { limited, passed } = sortOut(answers);
    expect(passed.map((answer) => answer.status)).toEqual([200]);
    expect(limited).toHaveLength(9);
    expect(limited[0]!.body.msg).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);
    expect(await queuedFor(user.email)).toHaveLength(1);
  });

  it('resend-otp: 10 at once send one code', async () => {
    const user = await createUser(app(), { verified: false });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postJson(app(), '/api/auth/resend-otp', { email: user.email, purpose: 'verify_email' })),
    );
    const { limited, passed } = sortOut(answers);
    expect(passed.map((answer) => answer.status)).toEqual([200]);
    expect(limited).toHaveLength(9);
    expect(await queuedFor(user.email)).toHaveLength(1);
  });

  it('register: 5 sign-ups of one address at once send one code', async () => {
    const email = uniqueEmail('twice');
    const captchas = await Promise.all(Array.from({ length: 5 }, () => solveCaptcha(app())));
    const answers = await Promise.all(
      captchas.map((captcha) =>
        postJson(app(), '/api/auth/register', {
          name: 'Mariam Al Kaabi',
          email,
          phone: '+971501234567',
          country: 'AE',
          gender: 'female',
          password: 'correct horse battery',
          password_confirmation: 'correct horse battery',
          captcha,
        }),
      ),
    );
    const { limited, passed } = sortOut(answers);
    expect(passed.map((answer) => answer.status)).toEqual([200]);
    expect(limited).toHaveLength(4);
    expect(await queuedFor(email)).toHaveLength(1);
  });
});

describe('contact form under simultaneous messages', () => {
  it(`one client, 10 messages at once: ${CONTACT_PER_ADDRESS.max} stored, the rest 429`, async () => {
    const email = uniqueEmail('contact-race');
    const captchas = await Promise.all(Array.from({ length: 10 }, () => solveCaptcha(app())));
    const answers = await Promise.all(
      captchas.map((captcha, i) =>
        postJson(
          app(),
          '/api/base/contact',
          { full_name: 'Omar Haddad', email, phone: '+971501234567', message: `Race ${i}`, captcha },
          { 'x-forwarded-for': '198.18.0.50' },
        ),
      ),
    );
    const { limited, passed } = sortOut(answers);
    expect(passed.map((answer) => answer.status)).toEqual(Array(CONTACT_PER_ADDRESS.max).fill(200));
    expect(limited).toHaveLength(10 - CONTACT_PER_ADDRESS.max);
    const stored = await app().db.select().from(contactMessages).where(sql`${contactMessages.email} = ${email}`);
    expect(stored).toHaveLength(CONTACT_PER_ADDRESS.max);
  });
});

describe('chat posting under simultaneous posts', () => {
  it(`one user, 15 posts at once: ${CHAT_RATE_LIMIT.max} stored, the rest 429`, async () => {
    const writer = await member(app());
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => postJson(app(), '/api/research-community/5/messages', { text: `race ${i}` }, writer.headers)),
    );
    const { limited, passed } = sortOut(answers);
    expect(passed.map((answer) => answer.status)).toEqual(Array(CHAT_RATE_LIMIT.max).fill(201));
    expect(limited).toHaveLength(15 - CHAT_RATE_LIMIT.max);
    const stored = await app().db.select().from(researchChatMessages).where(sql`${researchChatMessages.senderId} = ${writer.id}`);
    expect(stored).toHaveLength(CHAT_RATE_LIMIT.max);
  });

  it('a retried post (same client_id) is not counted again', async () => {
    const writer = await member(app());
    const first = await postJson(app(), '/api/research-community/5/messages', { text: 'once', client_id: 'retry-once-1' }, writer.headers);
    expect(first.status).toBe(201);
    for (let i = 0; i < CHAT_RATE_LIMIT.max; i++) {
      expect((await postJson(app(), '/api/research-community/5/messages', { text: 'once', client_id: 'retry-once-1' }, writer.headers)).status).toBe(200);
    }
    for (let i = 1; i < CHAT_RATE_LIMIT.max; i++) {
      expect((await postJson(app(), '/api/research-community/5/messages', { text: `new ${i}` }, writer.headers)).status).toBe(201);
    }
    expect((await postJson(app(), '/api/research-community/5/messages', { text: 'one too many' }, writer.headers)).status).toBe(429);
  });
});

describe.skipIf(!usePostgres)('two API processes on one PostgreSQL (skipped without DATABASE_URL)', () => {
  it(`share the count: 40 wrong passwords for one account split over both, ${LOGIN_PER_ACCOUNT.max} evaluated`, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-races-'));
    const other = await buildApp({ config: testConfig({ DATABASE_URL: app().config.DATABASE_URL!, DATA_DIR: dataDir }), logger: false });
    try {
      const user = await createUser(app());
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          postJson(i % 2 ? other : app(), '/api/auth/login', { email: user.email, password: `wrong-${i}-password` }, { 'x-forwarded-for': `203.0.113.${100 + i}` }),
        ),
      );
      const { limited, passed } = sortOut(answers);
      expect(passed.map((answer) => answer.status)).toEqual(Array(LOGIN_PER_ACCOUNT.max).fill(401));
      expect(limited).toHaveLength(40 - LOGIN_PER_ACCOUNT.max);
    } finally {
      await other.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
