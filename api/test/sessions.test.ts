/**
 * Sessions: the refresh cookie rotates on every refresh, an old one replayed revokes the whole
 * family (the newer token stops working too), logout revokes, cross-site calls are refused;
 * password reset by the e-mailed code and by the e-mailed link signs every session out; an access
 * token ends with its session (logout, replay) and must carry exp and its session.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  codeIn,
  createUser,
  getJson,
  postJson,
  type TestUser,
  useAppWithMail,
} from './helper';

/** Known here so that a test can sign tokens the app did not make. */
const JWT_SECRET = 'sessions-test-jwt-secret-0123456789-abcdefghij';

const { app, smtp } = useAppWithMail({ PUBLIC_BASE_URL: 'https://scholars.example', JWT_SECRET });

async function login(user: Pick<TestUser, 'email' | 'password'>) {
  const answer = await postJson(app(), '/api/auth/login', { email: user.email, password: user.password });
  expect(answer.status).toBe(200);
  const cookie = answer.response.cookies.find((c) => c.name === 'refresh_token')!;
  return { accessToken: (answer.body.data as { accessToken: string }).accessToken, refresh: cookie.value, cookie };
}

const refresh = (token: string, headers: Record<string, string> = {}) =>
  app().inject({ method: 'POST', url: '/api/tokens/refresh-token', headers: { cookie: `refresh_token=${token}`, ...headers } });

describe('refresh token rotation', () => {
  it('sets a Secure, httpOnly, SameSite=Strict cookie on /api/tokens for ~30 days (https site)', async () => {
    const user = await createUser(app());
    const { cookie } = await login(user);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/tokens', maxAge: 30 * 24 * 3600 });
  });

  it('rotates on refresh; replaying a used token revokes the family, the newer token included', async () => {
    const user = await createUser(app());
    const first = await login(user);

    const r1 = await refresh(first.refresh);
    expect(r1.statusCode).toBe(200);
    const body = r1.json() as { status: boolean; accessToken: string; data: { accessToken: string; expires_in: number } };
    expect(body).toMatchObject({ status: true, data: { expires_in: 900 } });
    expect(body.accessToken).toBe(body.data.accessToken);
    expect(r1.headers['cache-control']).toBe('no-store');
    const second = r1.cookies.find((c) => c.name === 'refresh_token')!.value;
    expect(second).not.toBe(first.refresh);
    expect((await getJson(app(), '/api/auth/me', bearer(body.accessToken))).status).toBe(200);

    const r2 = await refresh(second);
    expect(r2.statusCode).toBe(200);
    const third = r2.cookies.find((c) => c.name === 'refresh_token')!.value;

    // The first token again: someone copied it. The family is revoked...
    const replay = await refresh(first.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ status: false, err: 401, msg: 'Your session has expired. Please sign in again.' });
    // ...so the newest token no longer works either.
    expect((await refresh(third)).statusCode).toBe(401);
  });

  it('refuses a missing or unknown cookie, and accepts a JSON content type with an empty body', async () => {
    expect((await app().inject({ method: 'POST', url: '/api/tokens/refresh-token' })).statusCode).toBe(401);
    expect((await refresh('made-up-token')).statusCode).toBe(401);
    const user = await createUser(app());
    const { refresh: token } = await login(user);
    const answer = await app().inject({
      method: 'POST',
      url: '/api/tokens/refresh-token',
      headers: { cookie: `refresh_token=${token}`, 'content-type': 'application/json' },
    });
    expect(answer.statusCode).toBe(200);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const user = await createUser(app());
    const { refresh: token } = await login(user);
    const out = await app().inject({ method: 'POST', url: '/api/tokens/logout', headers: { cookie: `refresh_token=${token}` } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ status: true, msg: 'You are signed out.' });
    const cleared = out.cookies.find((c) => c.name === 'refresh_token')!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/tokens');
    expect((await refresh(token)).statusCode).toBe(401);
    // Without a cookie it still succeeds (idempotent).
    expect((await app().inject({ method: 'POST', url: '/api/tokens/logout' })).statusCode).toBe(200);
  });

  it('refuses cross-site refresh and logout (403), accepts the site and CORS origins', async () => {
    const user = await createUser(app());
    const { refresh: token } = await login(user);
    const evil = await refresh(token, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toMatchObject({ status: false, err: 403 });
    expect((await refresh(token, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await refresh(token, { origin: 'null' })).statusCode).toBe(403);
    const logout = await app().inject({
      method: 'POST',
      url: '/api/tokens/logout',
      headers: { cookie: `refresh_token=${token}`, origin: 'https://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
    // The refused calls changed nothing: the token still works from the site itself.
    const ok = await refresh(token, { origin: 'https://scholars.example', 'sec-fetch-site': 'same-origin' });
    expect(ok.statusCode).toBe(200);
    const next = ok.cookies.find((c) => c.name === 'refresh_token')!.value;
    const fromRemote = await refresh(next, { origin: 'http://localhost:8082', 'sec-fetch-site': 'same-site' });
    expect(fromRemote.statusCode).toBe(200);
  });
});

/** An HS256 JWT with `claims`, signed with the app's real secret (built by hand: exp is not added). */
function signRaw(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
}

describe('access tokens end with their session', () => {
  it('logout: the access token of that session is refused at once; another session of the user goes on', async () => {
    const user = await createUser(app());
    const phone = await login(user);
    const laptop = await login(user);
    expect((await getJson(app(), '/api/auth/me', bearer(phone.accessToken))).status).toBe(200);
    const out = await app().inject({ method: 'POST', url: '/api/tokens/logout', headers: { cookie: `refresh_token=${phone.refresh}` } });
    expect(out.statusCode).toBe(200);
    const me = await getJson(app(), '/api/auth/me', bearer(phone.accessToken));
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({ status: false, err: 401, msg: 'Please sign in.' });
    expect((await getJson(app(), '/api/profile', bearer(phone.accessToken))).status).toBe(401);
    expect((await getJson(app(), '/api/auth/me', bearer(laptop.accessToken))).status).toBe(200);
  });

  it('a replayed refresh token ends the access tokens of its family, the newest included', async () => {
    const user = await createUser(app());
    const first = await login(user);
    const rotated = await refresh(first.refresh);
    const newest = (rotated.json() as { accessToken: string }).accessToken;
    expect((await getJson(app(), '/api/auth/me', bearer(newest))).status).toBe(200);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await getJson(app(), '/api/auth/me', bearer(newest))).status).toBe(401);
    expect((await getJson(app(), '/api/auth/me', bearer(first.accessToken))).status).toBe(401);
  });

  it('refuses a token signed with the real secret but without exp, or without a session', async () => {
    const user = await createUser(app());
    const { accessToken } = await login(user);
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: String(user.id), typ: 'access' });
    expect(typeof claims.sid).toBe('string');
    // The same claims re-signed by hand are accepted: the refusals below are about the claims.
    expect((await getJson(app(), '/api/auth/me', bearer(signRaw(claims)))).status).toBe(200);
    const { exp: _exp, ...withoutExp } = claims;
    expect((await getJson(app(), '/api/auth/me', bearer(signRaw(withoutExp)))).status).toBe(401);
    const { sid: _sid, ...withoutSession } = claims;
    expect((await getJson(app(), '/api/auth/me', bearer(signRaw(withoutSession)))).status).toBe(401);
    expect((await getJson(app(), '/api/auth/me', bearer(signRaw({ ...claims, sid: 'not-a-uuid' })))).status).toBe(401);
    // Another user's session does not carry this user.
    const other = await login(await createUser(app()));
    const otherSid = (JSON.parse(Buffer.from(other.accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    expect((await getJson(app(), '/api/auth/me', bearer(signRaw({ ...claims, sid: otherSid })))).status).toBe(401);
  });
});

describe('password reset', () => {
  it('by the e-mailed code: forgot -> verify-otp -> reset; old sessions end, the new password works', async () => {
    const user = await createUser(app(), { locale: 'ar' });
    const session = await login(user);

    const forgot = await postJson(app(), '/api/auth/forgot-password', { email: user.email });
    expect(forgot.body).toMatchObject({ status: true });
    await smtp.waitFor(() => smtp.mailsTo(user.email).length === 1);
    const mail = smtp.mailsTo(user.email)[0]!;
    expect(mail.subject).toContain('رمز إعادة تعيين كلمة المرور');
    const code = codeIn(mail)!;
    expect(mail.text).toMatch(/https:\/\/scholars\.example\/reset-password\/[A-Za-z0-9_-]{43}/);

    const verified = await postJson(app(), '/api/auth/verify-otp', { email: user.email, code, purpose: 'reset_password' });
    expect(verified.status).toBe(200);
    const resetToken = (verified.body.data as { reset_token: string }).reset_token;

    const mismatch = await postJson(app(), '/api/auth/reset-password', {
      token: resetToken,
      password: 'a brand new passphrase',
      password_confirmation: 'a brand new passphrase!',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ password_confirmation: 'Passwords do not match.' });

    const reset = await postJson(app(), '/api/auth/reset-password', {
      token: resetToken,
      password: 'a brand new passphrase',
      password_confirmation: 'a brand new passphrase',
    });
    expect(reset.status).toBe(200);
    expect(reset.body.status).toBe(true);
    // The owner is told, in their language, with the way back if it was not them.
    await smtp.waitFor(() => smtp.mailsTo(user.email).length === 2);
    const told = smtp.mailsTo(user.email)[1]!;
    expect(told.subject).toBe('تم تغيير كلمة مرور حسابك');
    expect(told.text).toContain('أُعيد تعيين كلمة مرور حسابك');
    expect(told.text).toContain('https://scholars.example/forgot-password');

    // Single use.
    const again = await postJson(app(), '/api/auth/reset-password', {
      token: resetToken,
      password: 'another passphrase 2',
      password_confirmation: 'another passphrase 2',
    });
    expect(again.status).toBe(400);
    expect(again.body.err).toBe('reset_token_invalid');

    // Every session of the account ended; the old password is refused, the new one works.
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await postJson(app(), '/api/auth/login', { email: user.email, password: user.password })).status).toBe(401);
    await login({ email: user.email, password: 'a brand new passphrase' });
  });

  it('by the e-mailed link token', async () => {
    const user = await createUser(app());
    await postJson(app(), '/api/auth/forgot-password', { email: user.email, locale: 'en' });
    await smtp.waitFor(() => smtp.mailsTo(user.email).length === 1);
    const mail = smtp.mailsTo(user.email)[0]!;
    expect(mail.subject).toMatch(/^Your password reset code: \d{6}$/);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const reset = await postJson(app(), '/api/auth/reset-password', {
      token,
      password: 'link based passphrase',
      password_confirmation: 'link based passphrase',
    });
    expect(reset.status).toBe(200);
    await login({ email: user.email, password: 'link based passphrase' });
    // The code of the same mail no longer works either.
    const code = codeIn(mail)!;
    expect((await postJson(app(), '/api/auth/verify-otp', { email: user.email, code, purpose: 'reset_password' })).status).toBe(400);
  });

  it('answers the same for unknown addresses (no enumeration) and refuses expired links', async () => {
    const unknown = await postJson(app(), '/api/auth/forgot-password', { email: `nobody.${Date.now()}@example.ae` });
    const user = await createUser(app());
    const known = await postJson(app(), '/api/auth/forgot-password', { email: user.email });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);

    await smtp.waitFor(() => smtp.mailsTo(user.email).length === 1);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(smtp.mailsTo(user.email)[0]!.text)![1]!;
    await app().db.execute(sql`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`);
    const expired = await postJson(app(), '/api/auth/reset-password', {
      token,
      password: 'too late passphrase',
      password_confirmation: 'too late passphrase',
    });
    expect(expired.status).toBe(400);
    expect(expired.body.err).toBe('reset_token_invalid');
  });

  it('access tokens issued before the reset stop working', async () => {
    const user = await createUser(app());
    const { accessToken } = await login(user);
    expect((await getJson(app(), '/api/auth/me', bearer(accessToken))).status).toBe(200);
    // The password changes a second later (iat has a one-second resolution).
    await app().db.execute(sql`UPDATE users SET password_changed_at = now() + interval '1 second' WHERE id = ${user.id}`);
    expect((await getJson(app(), '/api/auth/me', bearer(accessToken))).status).toBe(401);
  });
});
