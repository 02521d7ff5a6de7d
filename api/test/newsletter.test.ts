/** POST newsletter-subscribers: spec 5 validation, captcha, success, and 409 for an address already subscribed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, createUser, postJson, signIn, solveCaptcha, type TestApp } from './helper';
import { newsletterSubscribers, users } from '../src/db/schema';
import { eq, sql } from 'drizzle-orm';

let app: TestApp;
beforeAll(async () => {
  app = await build();
});
afterAll(async () => {
  await app?.cleanup();
});

describe('newsletter sign-up', () => {
  it.each([
    ['en', '', 'Please enter a valid email address.'],
    ['en', 'no-at-sign', 'Please enter a valid email address.'],
    ['ar', 'no-at-sign', 'يرجى إدخال بريد إلكتروني صالح.'],
  ])('%s: %j is refused', async (language, email, message) => {
    const answer = await postJson(app, '/api/newsletter-subscribers', { email, captcha: 'x' }, { 'accept-language': language });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: false, msg: message, errors: { email: message } });
  });

  it('subscribes once; the same address again (any case) is a 409 with the spec message', async () => {
    const email = `reader.${Date.now()}@example.ae`;
    const first = await postJson(app, '/api/newsletter-subscribers', { email, locale: 'ar', captcha: await solveCaptcha(app) });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: true, msg: 'You have successfully subscribed!' });
    const [row] = await app.db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${email}`);
    expect(row).toMatchObject({ email, locale: 'ar' });

    const again = await postJson(app, '/api/newsletter-subscribers', { email: email.toUpperCase(), captcha: await solveCaptcha(app) });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: false, err: 409, msg: 'You are already subscribed.' });
    const ar = await postJson(app, '/api/newsletter-subscribers', { email, captcha: await solveCaptcha(app) }, { 'accept-language': 'ar' });
    expect(ar.body).toEqual({ status: false, err: 409, msg: 'أنت مشترك بالفعل.' });
  });

  it('needs a valid captcha, used once', async () => {
    const captcha = await solveCaptcha(app);
    expect((await postJson(app, '/api/newsletter-subscribers', { email: `a.${Date.now()}@example.ae` })).status).toBe(400);
    expect((await postJson(app, '/api/newsletter-subscribers', { email: `b.${Date.now()}@example.ae`, captcha })).status).toBe(200);
    const replay = await postJson(app, '/api/newsletter-subscribers', { email: `c.${Date.now()}@example.ae`, captcha });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ status: false, err: 'captcha_invalid' });
  });

  it('links a signed-in subscriber who uses their own address', async () => {
    const user = await createUser(app);
    const answer = await postJson(
      app,
      '/api/newsletter-subscribers',
      { email: user.email, captcha: await solveCaptcha(app) },
      bearer(await signIn(app, user)),
    );
    expect(answer.status).toBe(200);
    const [row] = await app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email));
    expect(row!.userId).toBe(user.id);
    const [account] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(account!.newsletter).toBe(true);
  });
});
