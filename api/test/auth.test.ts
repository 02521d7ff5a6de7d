/**
 * Sign-up to sign-out over the real HTTP routes, with the e-mailed codes captured by a real SMTP
 * server: register -> OTP mail -> verify -> signed in -> login -> me; OTP rules (wrong, lockout at
 * 5, expiry, single use, resend limits); login failures and rate limits; captcha on register.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { otpCodes, users } from '../src/db/schema';
import {
  bearer,
  codeIn,
  createUser,
  getJson,
  postJson,
  signIn,
  solveCaptcha,
  useAppWithMail,
} from './helper';


const { app, smtp } = useAppWithMail();

let sequence = 0;
const uniqueEmail = (prefix = 'reg') => `${prefix}.${Date.now().toString(36)}.${++sequence}@example.ae`;

async function register(email: string, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return postJson(
    app(),
    '/api/auth/register',
    {
      name: 'Mariam Al Kaabi',
      email,
      phone: '+971501234567',
      country: 'AE',
      gender: 'female',
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      locale: 'en',
      captcha: await solveCaptcha(app()),
      ...overrides,
    },
    headers,
  );
}

async function codeFor(email: string, count = 1): Promise<string> {
  await smtp.waitFor(() => smtp.mailsTo(email).length >= count);
  const mail = smtp.mailsTo(email)[count - 1]!;
  const code = codeIn(mail);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

describe('sign-up with an e-mailed code', () => {
  it('registers, e-mails the code in the chosen language, verifies, signs in', async () => {
    const email = uniqueEmail();
    const registered = await register(email, { email: email.toUpperCase(), locale: 'ar' });
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({ status: true, data: { email } });
    expect(registered.body.msg).toMatch(/6-digit code/);

    const code = await codeFor(email);
    const mail = smtp.mailsTo(email)[0]!;
    expect(mail.subject).toContain('رمز التحقق');
    expect(mail.text).toContain(code);
    expect(mail.html).toContain('dir="rtl"');

    // Not signed in before the code.
    const early = await postJson(app(), '/api/auth/login', { email, password: 'correct horse battery' });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ status: false, err: 'email_unverified' });

    const verified = await postJson(app(), '/api/auth/verify-otp', { email, code, purpose: 'verify_email' });
    expect(verified.status).toBe(200);
    const data = verified.body.data as { accessToken: string; user: { email: string; locale: string; role: string } };
    expect(data.user).toMatchObject({ email, locale: 'ar', role: 'user' });
    expect(verified.body.accessToken).toBe(data.accessToken);
    const cookie = verified.response.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/tokens' });

    const me = await getJson(app(), '/api/auth/me', bearer(data.accessToken));
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email, name: 'Mariam Al Kaabi', phone: '+971501234567', gender: 'female' });

    // The code is single use.
    const again = await postJson(app(), '/api/auth/verify-otp', { email, code, purpose: 'verify_email' });
    expect(again.status).toBe(400);

    // Registering the verified address again: 409.
    const taken = await register(email);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ status: false, err: 409 });

    const login = await postJson(app(), '/api/auth/login', { email, password: 'correct horse battery' });
    expect(login.status).toBe(200);
    expect((login.body.data as { user: { email: string } }).user.email).toBe(email);
  });
});

describe('authenticate', () => {
  it('answers 401 without a valid token, in the request language', async () => {
    const none = await getJson(app(), '/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ status: false, msg: 'Please sign in.', err: 401 });
    const ar = await getJson(app(), '/api/auth/me', { 'accept-language': 'ar', authorization: 'Bearer not.a.token' });
    expect(ar.status).toBe(401);
    expect(ar.body.msg).toBe('يرجى تسجيل الدخول.');
  });

  it('each user sees only their own data', async () => {
    const a = await createUser(app(), { name: 'Alice' });
    const b = await createUser(app(), { name: 'Badr', locale: 'ar' });
    const meA = await getJson(app(), '/api/auth/me', bearer(await signIn(app(), a)));
    const meB = await getJson(app(), '/api/auth/me', bearer(await signIn(app(), b)));
    expect(meA.body.data).toMatchObject({ id: a.id, email: a.email, name: 'Alice' });
    expect(meB.body.data).toMatchObject({ id: b.id, email: b.email, name: 'Badr', locale: 'ar' });
  });

  it('refuses tokens of suspended users', async () => {
    const user = await createUser(app());
    const token = await signIn(app(), user);
    await app().db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    expect((await getJson(app(), '/api/auth/me', bearer(token))).status).toBe(401);
  });
});

describe('one-time codes', () => {
  it('locks after 5 wrong tries: then even the right code is refused until a new one is sent', async () => {
    const email = uniqueEmail('lock');
    expect((await register(email)).status).toBe(200);
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await postJson(app(), '/api/auth/verify-otp', { email, code: wrong, purpose: 'verify_email' }));
    expect(answers.slice(0, 4).map((a) => a.body.msg)).toEqual(Array(4).fill('Invalid OTP. Please try again.'));
    expect(answers[4]!.body).toMatchObject({ status: false, err: 'otp_locked' });
    const right = await postJson(app(), '/api/auth/verify-otp', { email, code, purpose: 'verify_email' });
    expect(right.status).toBe(400);
    expect(right.body.err).toBe('otp_locked');

    // A resend (after the minute) gives a new code that works.
    await app().db.execute(sql`UPDATE rate_limit_hits SET created_at = created_at - interval '2 minutes' WHERE bucket = ${`otp:verify_email:${email}`}`);
    const resent = await postJson(app(), '/api/auth/resend-otp', { email, purpose: 'verify_email' });
    expect(resent.body).toMatchObject({ status: true, msg: 'New OTP sent to your email.' });
    const fresh = await codeFor(email, 2);
    expect((await postJson(app(), '/api/auth/verify-otp', { email, code: fresh, purpose: 'verify_email' })).status).toBe(200);
  });

  it('expires after 10 minutes', async () => {
    const email = uniqueEmail('exp');
    expect((await register(email)).status).toBe(200);
    const code = await codeFor(email);
    await app().db.update(otpCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`lower(${otpCodes.email}) = ${email}`);
    const answer = await postJson(app(), '/api/auth/verify-otp', { email, code, purpose: 'verify_email' }, { 'accept-language': 'ar' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: false, err: 'otp_expired', msg: 'انتهت صلاحية هذا الرمز. يرجى طلب رمز جديد.' });
  });

  it('rate limits resends: one a minute, five an hour (429)', async () => {
    const email = uniqueEmail('resend');
    expect((await register(email)).status).toBe(200);
    const soon = await postJson(app(), '/api/auth/resend-otp', { email, purpose: 'verify_email' });
    expect(soon.status).toBe(429);
    expect(soon.body.msg).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);
    expect(Number(soon.response.headers['retry-after'])).toBeGreaterThan(0);
    // Four more sends spread over the hour are allowed; the sixth is not.
    for (let i = 0; i < 4; i++) {
      await app().db.execute(sql`UPDATE rate_limit_hits SET created_at = created_at - interval '61 seconds' WHERE bucket = ${`otp:verify_email:${email}`}`);
      expect((await postJson(app(), '/api/auth/resend-otp', { email, purpose: 'verify_email' })).status).toBe(200);
    }
    await app().db.execute(sql`UPDATE rate_limit_hits SET created_at = created_at - interval '61 seconds' WHERE bucket = ${`otp:verify_email:${email}`}`);
    const hourly = await postJson(app(), '/api/auth/resend-otp', { email, purpose: 'verify_email' }, { 'accept-language': 'ar' });
    expect(hourly.status).toBe(429);
    expect(hourly.body.msg).toMatch(/طلبت رموزًا كثيرة/);
    // An unknown address gets the same answers (no account enumeration).
    const unknown = uniqueEmail('nobody');
    expect((await postJson(app(), '/api/auth/resend-otp', { email: unknown, purpose: 'verify_email' })).body).toMatchObject({
      status: true,
      msg: 'New OTP sent to your email.',
    });
    expect((await postJson(app(), '/api/auth/resend-otp', { email: unknown, purpose: 'verify_email' })).status).toBe(429);
  });

  it('validates the code format with the spec message', async () => {
    const answer = await postJson(app(), '/api/auth/verify-otp', { email: 'a@b.co', code: '12', purpose: 'verify_email' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({ code: 'Please enter a valid 6-digit OTP.' });
  });
});

describe('sign-up validation and captcha', () => {
  it('answers every field error, with the spec messages', async () => {
    const answer = await postJson(app(), '/api/auth/register', {
      name: '',
      email: 'not an email',
      phone: '12',
      country: '',
      password: 'short',
      password_confirmation: 'different',
      captcha: 'x',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({
      email: 'Invalid email format',
      phone: 'Invalid phone number format',
      password: 'Password must be at least 8 characters.',
      gender: 'Please choose male or female',
      // Shown together with the other errors (the form shows them all at once).
      password_confirmation: 'Passwords do not match.',
    });
    const mismatch = await postJson(app(), '/api/auth/register', {
      name: 'N',
      email: uniqueEmail(),
      phone: '+971501234567',
      country: 'AE',
      gender: 'male',
      password: 'longenough1',
      password_confirmation: 'longenough2',
      captcha: 'x',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ password_confirmation: 'Passwords do not match.' });
  });

  it('refuses a missing, forged or replayed captcha', async () => {
    const email = uniqueEmail('captcha');
    const missing = await register(email, { captcha: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ captcha: 'Please complete the anti-spam check.' });

    const solved = await solveCaptcha(app());
    const decoded = JSON.parse(Buffer.from(solved, 'base64').toString('utf8')) as {
      challenge: { parameters: { cost: number } };
      solution: { counter: number; derivedKey: string };
    };
    const forged = structuredClone(decoded);
    forged.challenge.parameters.cost = 1;
    const forgedAnswer = await register(email, { captcha: Buffer.from(JSON.stringify(forged)).toString('base64') });
    expect(forgedAnswer.status).toBe(400);
    expect(forgedAnswer.body).toMatchObject({ err: 'captcha_invalid', msg: 'The anti-spam check failed or expired. Please try again.' });
    const wrongSolution = structuredClone(decoded);
    // A key that was not derived from the challenge (the proof is the derived key itself).
    const key = wrongSolution.solution.derivedKey;
    wrongSolution.solution.derivedKey = (key[0] === '0' ? '1' : '0') + key.slice(1);
    expect((await register(email, { captcha: Buffer.from(JSON.stringify(wrongSolution)).toString('base64') })).status).toBe(400);

    expect((await register(email, { captcha: solved })).status).toBe(200);
    const replay = await register(uniqueEmail('captcha2'), { captcha: solved });
    expect(replay.status).toBe(400);
    expect(replay.body.err).toBe('captcha_invalid');
  });
});

describe('sign-in', () => {
  it('wrong credentials: 401 with the same message for an unknown account', async () => {
    const user = await createUser(app());
    const wrong = await postJson(app(), '/api/auth/login', { email: user.email, password: 'not the password' });
    const unknown = await postJson(app(), '/api/auth/login', { email: uniqueEmail('ghost'), password: 'whatever123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ status: false, msg: 'Invalid e-mail or password.', err: 401 });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('rate limits failures per account (429), then the right password is refused too until the window passes', async () => {
    const user = await createUser(app());
    for (let i = 0; i < 5; i++) {
      expect((await postJson(app(), '/api/auth/login', { email: user.email, password: `wrong-${i}-password` })).status).toBe(401);
    }
    const limited = await postJson(app(), '/api/auth/login', { email: user.email, password: user.password }, { 'accept-language': 'ar' });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/محاولات تسجيل دخول كثيرة/);
    await app().db.execute(sql`UPDATE rate_limit_hits SET created_at = created_at - interval '16 minutes' WHERE bucket = ${`login:account:${user.email.toLowerCase()}`}`);
    expect((await postJson(app(), '/api/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  });

  it('rate limits failures per client address (429)', async () => {
    const address = { 'x-forwarded-for': '203.0.113.77' };
    // Behind the trusted (loopback) proxy, each request carries the client address.
    for (let i = 0; i < 20; i++) {
      const answer = await postJson(app(), '/api/auth/login', { email: uniqueEmail('spray'), password: 'password-spray' }, address);
      expect(answer.status).toBe(401);
    }
    const user = await createUser(app());
    const limited = await postJson(app(), '/api/auth/login', { email: user.email, password: user.password }, address);
    expect(limited.status).toBe(429);
    expect((await postJson(app(), '/api/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  });
});

describe('requireRole and optionalAuthenticate (plugin on a bare app)', () => {
  it('401 without a session, 403 with another role, passes with the role; optional never fails', async () => {
    const Fastify = (await import('fastify')).default;
    const { default: configPlugin } = await import('../src/plugins/app/config');
    const { default: i18nPlugin } = await import('../src/plugins/app/i18n');
    const { default: errorHandlerPlugin } = await import('../src/plugins/app/error-handler');
    const { default: dbPlugin } = await import('../src/plugins/app/db');
    const { default: authPlugin } = await import('../src/plugins/app/auth');
    const bare = Fastify({ logger: false });
    // Same database as the main app of this file: users created there sign in here.
    await bare.register(configPlugin, { config: app().config });
    await bare.register(i18nPlugin);
    await bare.register(errorHandlerPlugin);
    await bare.register(dbPlugin, { database: { ...app().database, close: async () => undefined } });
    await bare.register(authPlugin);
    bare.get('/admin-only', { preHandler: bare.requireRole('admin') }, async (request) => ({ status: true, data: request.user }));
    bare.get('/staff', { preHandler: [bare.authenticate, bare.requireRole('admin', 'supervisor')] }, async () => ({ status: true }));
    bare.get('/maybe', { preHandler: bare.optionalAuthenticate }, async (request) => ({ status: true, data: request.user?.id ?? null }));
    await bare.ready();
    try {
      const user = await createUser(app());
      const admin = await createUser(app(), { role: 'admin' });
      const supervisor = await createUser(app(), { role: 'supervisor' });
      // Tokens are signed with this app's secret (JWT_SECRET is random per process in tests).
      const { openSession } = await import('../src/lib/accounts/sessions');
      const sessionIds = new Map<number, string>();
      for (const u of [user, admin, supervisor]) sessionIds.set(u.id, await openSession(app().db, u.id));
      const token = (u: { id: number }) => bare.issueAccessToken(u, sessionIds.get(u.id)!);

      const anonymous = await bare.inject({ method: 'GET', url: '/admin-only', headers: { 'accept-language': 'ar' } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ status: false, msg: 'يرجى تسجيل الدخول.', err: 401 });
      const forbidden = await bare.inject({ method: 'GET', url: '/admin-only', headers: bearer(token(user)) });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ status: false, err: 403 });
      const allowed = await bare.inject({ method: 'GET', url: '/admin-only', headers: bearer(token(admin)) });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().data).toEqual({ id: admin.id, email: admin.email, name: admin.name, role: 'admin', roles: ['admin'], locale: 'en' });
      expect((await bare.inject({ method: 'GET', url: '/staff', headers: bearer(token(supervisor)) })).statusCode).toBe(200);
      expect((await bare.inject({ method: 'GET', url: '/staff', headers: bearer(token(user)) })).statusCode).toBe(403);

      expect((await bare.inject({ method: 'GET', url: '/maybe' })).json()).toEqual({ status: true, data: null });
      expect((await bare.inject({ method: 'GET', url: '/maybe', headers: { authorization: 'Bearer x.y.z' } })).json()).toEqual({ status: true, data: null });
      expect((await bare.inject({ method: 'GET', url: '/maybe', headers: bearer(token(user)) })).json()).toEqual({ status: true, data: user.id });
      // A token of another app (another secret) is worthless here.
      expect((await bare.inject({ method: 'GET', url: '/admin-only', headers: bearer(await signIn(app(), admin)) })).statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});
