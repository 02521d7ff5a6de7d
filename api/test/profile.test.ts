/**
 * The profile (`/profile`) and public profile (`/user-profile/{id}`) calls: validation, e-mail
 * change rules, newsletter flag, avatar content checks, password change, research list, privacy.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, researchDetailsResponseSchema, successMessages, validationMessages } from '@scholars/shared-contracts/schemas';
import { mailOutbox, newsletterSubscribers, refreshTokenFamilies, researchSubmissions, users } from '../src/db/schema';
import { verifyPassword } from '../src/lib/passwords';
import { bearer, createUser, getJson, postJson, solveCaptcha, useApp, type TestApp, type TestUser, signedInUser } from './helper';
import { member } from './community-helpers';

const getApp = useApp();
const en = validationMessages.en;
const succeeded = successMessages.en;

function profileBody(user: TestUser, changes: Record<string, unknown> = {}) {
  return {
    name: user.name,
    email: user.email,
    phone: '+971501234567',
    country: 'United Arab Emirates',
    gender: 'female',
    bio: 'Researcher in water desalination.',
    data_access: false,
    newsletter: false,
    ...changes,
  };
}

function put(app: TestApp, headers: Record<string, string>, body: unknown, extra: Record<string, string> = {}) {
  return app.inject({ method: 'PUT', url: '/api/profile', headers: { ...headers, ...extra, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

/** Queued e-mails to `address`, oldest first. */
function mailsTo(app: TestApp, address: string) {
  return app.db.select().from(mailOutbox).where(sql`lower(${mailOutbox.toAddress}) = ${address.toLowerCase()}`).orderBy(mailOutbox.id);
}

const codeOf = (mail: { subject: string }) => /\b(\d{6})\b/.exec(mail.subject)![1]!;

async function storedEmail(app: TestApp, id: number) {
  const [row] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email;
}

const confirm = (app: TestApp, headers: Record<string, string>, code: string) => postJson(app, '/api/profile/email/confirm', { code }, headers);

function multipart(field: string, filename: string, content: Buffer, contentType = 'image/png') {
  const boundary = `----scholars${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A valid 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function uploadAvatar(app: TestApp, headers: Record<string, string>, filename: string, content: Buffer) {
  const body = multipart('avatar', filename, content);
  return app.inject({ method: 'POST', url: '/api/profile/avatar', headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
}

describe('GET/PUT profile', () => {
  it('needs a session (401)', async () => {
    const app = getApp();
    expect((await getJson(app, '/api/profile')).status).toBe(401);
    const visitor = { id: 0, name: 'Visitor', email: 'visitor@example.ae' } as TestUser;
    expect((await put(app, {}, profileBody(visitor))).statusCode).toBe(401);
  });

  it('answers the own profile', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app, { locale: 'ar' });
    const { status, body } = await getJson(app, '/api/profile', headers);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: user.id, name: user.name, email: user.email, locale: 'ar', data_access: false, newsletter: false, avatar: null });
  });

  it('validates with the shared schema, field by field, in the request language', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const bad = await put(app, headers, profileBody(user, { name: '  ', email: 'not an email', phone: '12ab', gender: 'other', bio: 'x'.repeat(2001), data_access: 'yes' }));
    expect(bad.statusCode).toBe(400);
    const errors = bad.json().errors as Record<string, string>;
    expect(errors.name).toBe(en.nameRequired);
    expect(errors.email).toBe(en.emailInvalid);
    expect(errors.phone).toBe(en.phoneInvalid);
    expect(errors.gender).toBeDefined();
    expect(errors.bio).toBe('Must be at most 2000 characters');
    expect(errors.data_access).toBe(en.mustBeBoolean);
    const arabic = await put(app, headers, profileBody(user, { name: '' }), { 'accept-language': 'ar' });
    expect(arabic.json().errors.name).toBe(validationMessages.ar.nameRequired);
  });

  it('saves every field; empty optional fields become null; the newsletter flag follows the newsletter list', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const saved = await put(app, headers, profileBody(user, { name: 'مريم الكعبي', data_access: true, newsletter: true }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ status: true, msg: succeeded.profileUpdated, data: { name: 'مريم الكعبي', gender: 'female', data_access: true, newsletter: true } });
    const subscribed = await app.db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = lower(${user.email})`);
    expect(subscribed[0]).toMatchObject({ userId: user.id, unsubscribedAt: null });

    const cleared = await put(app, headers, profileBody(user, { phone: '', country: '', bio: '', gender: null, newsletter: false }));
    expect(cleared.json().data).toMatchObject({ phone: null, country: null, bio: null, gender: null, newsletter: false });
    const unsubscribed = await app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.userId, user.id));
    expect(unsubscribed[0]?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('the account language: saved with the profile, kept when omitted, an unknown one refused in the envelope; the mail that follows is in it', async () => {
    const app = getApp();
    const { user, headers: signedIn } = await signedInUser(app, { locale: 'en' });
    // A client address of its own: PUT profile is limited per address (20 in 15 minutes) and this file makes many.
    const client = { 'x-forwarded-for': '192.0.2.61' };
    const headers = { ...signedIn, ...client };
    const storedLocale = async () => (await app.db.select({ locale: users.locale }).from(users).where(eq(users.id, user.id)))[0]?.locale;

    const switched = await put(app, headers, profileBody(user, { locale: 'ar' }));
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ status: true, msg: succeeded.profileUpdated, data: { locale: 'ar' } });
    expect(await storedLocale()).toBe('ar');
    // An older client that sends no language keeps the stored one.
    const omitted = await put(app, headers, profileBody(user, { bio: 'Still Arabic mail.' }));
    expect(omitted.json().data).toMatchObject({ bio: 'Still Arabic mail.', locale: 'ar' });

    for (const locale of ['fr', 'AR', '', null, 1]) {
      const bad = await put(app, headers, profileBody(user, { locale }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ status: false, err: 400, msg: en.languageInvalid, errors: { locale: en.languageInvalid } });
    }
    const arabic = await put(app, headers, profileBody(user, { locale: 'fr' }), { 'accept-language': 'ar' });
    expect(arabic.json()).toMatchObject({ status: false, msg: validationMessages.ar.languageInvalid, errors: { locale: validationMessages.ar.languageInvalid } });
    expect(await storedLocale()).toBe('ar');

    // The next mail reads the account's language, whatever the request's: a password change, from an English page.
    const changed = await app.inject({
      method: 'POST',
      url: '/api/profile/change-password',
      headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ current_password: user.password, password: 'a brand new password', confirmPassword: 'a brand new password' }),
    });
    expect(changed.statusCode).toBe(200);
    const [told] = (await mailsTo(app, user.email)).filter((mail) => mail.template === 'password_changed');
    expect(told).toMatchObject({ locale: 'ar', subject: 'تم تغيير كلمة مرور حسابك' });
    expect(told!.textBody).toContain('غُيّرت كلمة مرور حسابك للتو من صفحة الملف الشخصي');
    // "Download my data" names it too.
    const renewed = { ...bearer(changed.json().data.accessToken as string), ...client };
    const exported = await app.inject({ method: 'GET', url: '/api/profile/export', headers: renewed });
    expect(exported.json().account.language).toBe('ar');

    // Back to English together with a new address: the code and the notice go out in the language just chosen.
    const next = `lang.${user.email}`;
    const both = await put(app, renewed, profileBody(user, { locale: 'en', email: next, current_password: 'a brand new password' }));
    expect(both.statusCode).toBe(200);
    expect(both.json().data).toMatchObject({ locale: 'en', pending_email: next });
    expect((await mailsTo(app, next))[0]).toMatchObject({ template: 'email_change_code', locale: 'en' });
    expect((await mailsTo(app, user.email)).find((mail) => mail.template === 'email_change_requested')).toMatchObject({ locale: 'en' });
  });

  it('a new e-mail needs the current password and an address no verified account holds; nothing changes before its code', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const other = await createUser(app);
    const next = `new.${user.email}`;

    const missing = await put(app, headers, profileBody(user, { email: next }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.current_password).toBe(en.currentPasswordRequired);
    const wrong = await put(app, headers, profileBody(user, { email: next, current_password: 'not-the-password' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toBe(en.currentPasswordWrong);
    const taken = await put(app, headers, profileBody(user, { email: other.email.toUpperCase(), current_password: user.password }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ status: false, msg: en.emailInUse, errors: { email: en.emailInUse } });
    expect(await mailsTo(app, other.email)).toEqual([]);

    const asked = await put(app, headers, profileBody(user, { email: next, current_password: user.password }));
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ msg: succeeded.emailChangeCodeSent.replace('{{email}}', next), data: { email: user.email, pending_email: next } });
    expect((await storedEmail(app, user.id))).toBe(user.email);
    // Same address in another case is not a change: no password needed, the change stays pending.
    const again = await put(app, headers, profileBody(user, { email: user.email.toUpperCase() }));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ email: user.email, pending_email: next });
  });

  it('e-mails a code to the new address and a notice to the old one (user language); the code applies the change; sign-in then uses the new address', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app, { locale: 'ar' });
    const next = `changed.${user.email}`;
    const asked = await put(app, headers, profileBody(user, { name: 'Mariam Changed', email: next, current_password: user.password }), { 'accept-language': 'ar' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      msg: successMessages.ar.emailChangeCodeSent.replace('{{email}}', next),
      data: { name: 'Mariam Changed', email: user.email, pending_email: next },
    });

    const [codeMail] = await mailsTo(app, next);
    expect(codeMail).toMatchObject({ template: 'email_change_code', locale: 'ar' });
    expect(codeMail!.textBody).not.toContain('Mariam Changed');
    const [requested] = await mailsTo(app, user.email);
    expect(requested).toMatchObject({ template: 'email_change_requested', locale: 'ar' });
    expect(requested!.textBody).toContain(next);
    expect(requested!.textBody).toMatch(/[\u0600-\u06FF]/);

    // Nothing changed yet: the old address signs in, the new one does not; GET shows the pending one.
    expect(await storedEmail(app, user.id)).toBe(user.email);
    expect((await getJson(app, '/api/profile', headers)).body.data).toMatchObject({ email: user.email, pending_email: next });
    expect((await postJson(app, '/api/auth/login', { email: next, password: user.password })).status).toBe(401);
    // A new code at once is refused (one a minute per address).
    const soon = await app.inject({ method: 'POST', url: '/api/profile/email/resend', headers });
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);

    const wrongCode = codeOf(codeMail!) === '000000' ? '111111' : '000000';
    const wrong = await confirm(app, headers, wrongCode);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ err: 'otp_invalid', errors: { code: en.otpWrong } });
    expect(await storedEmail(app, user.id)).toBe(user.email);

    const done = await confirm(app, headers, codeOf(codeMail!));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ msg: succeeded.emailChangeConfirmed.replace('{{email}}', next), data: { email: next, pending_email: null } });
    expect(await storedEmail(app, user.id)).toBe(next);
    const told = (await mailsTo(app, user.email)).find((mail) => mail.template === 'email_changed');
    expect(told).toMatchObject({ locale: 'ar' });
    expect(told!.textBody).toContain(next);
    expect(await mailsTo(app, next)).toHaveLength(1);

    expect((await postJson(app, '/api/auth/login', { email: next, password: user.password })).status).toBe(200);
    expect((await postJson(app, '/api/auth/login', { email: user.email, password: user.password })).status).toBe(401);
    // Single use.
    expect((await confirm(app, headers, codeOf(codeMail!))).status).toBe(400);
  });

  it('another account cannot confirm the change; an expired code is refused; a canceled change is gone', async () => {
    const app = getApp();
    const owner = await signedInUser(app);
    const intruder = await signedInUser(app);
    const next = `shared.${owner.user.email}`;
    expect((await put(app, owner.headers, profileBody(owner.user, { email: next, current_password: owner.user.password }))).statusCode).toBe(200);
    const code = codeOf((await mailsTo(app, next))[0]!);

    const stolen = await confirm(app, intruder.headers, code);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ err: 'otp_invalid' });
    expect(await storedEmail(app, intruder.user.id)).toBe(intruder.user.email);
    // The intruder asking for the same address at once is refused (one code a minute per address), and the owner's code stays.
    expect((await put(app, intruder.headers, profileBody(intruder.user, { email: next, current_password: intruder.user.password }))).statusCode).toBe(429);
    expect((await confirm(app, intruder.headers, code)).status).toBe(400);

    await app.db.execute(sql`UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE user_id = ${owner.user.id} AND purpose = 'change_email'`);
    const expired = await confirm(app, owner.headers, code);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ err: 'otp_expired' });
    expect(await storedEmail(app, owner.user.id)).toBe(owner.user.email);

    const canceled = await app.inject({ method: 'DELETE', url: '/api/profile/email', headers: owner.headers });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ msg: succeeded.emailChangeCanceled, data: { email: owner.user.email, pending_email: null } });
    expect((await confirm(app, owner.headers, code)).status).toBe(400);
  });

  it('a pending address blocks no sign-up: its owner registering it wins, and the change then fails cleanly (409)', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const next = `wanted.${user.email}`;
    expect((await put(app, headers, profileBody(user, { email: next, current_password: user.password }))).statusCode).toBe(200);
    const code = codeOf((await mailsTo(app, next))[0]!);

    const registered = await postJson(app, '/api/auth/register', {
      name: 'Real Owner',
      email: next,
      phone: '+971501234567',
      country: 'AE',
      gender: 'male',
      password: 'the real owner passphrase',
      password_confirmation: 'the real owner passphrase',
      captcha: await solveCaptcha(app),
    });
    expect(registered.status).toBe(200);
    const verifyMail = (await mailsTo(app, next)).find((mail) => mail.template === 'otp_verify_email')!;
    expect((await postJson(app, '/api/auth/verify-otp', { email: next, code: codeOf(verifyMail) })).status).toBe(200);

    const late = await confirm(app, headers, code);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ status: false, err: 409, msg: en.emailChangeTakenMeanwhile });
    expect(await storedEmail(app, user.id)).toBe(user.email);
    expect((await getJson(app, '/api/profile', headers)).body.data).toMatchObject({ email: user.email, pending_email: null });
    expect((await postJson(app, '/api/auth/login', { email: next, password: 'the real owner passphrase' })).status).toBe(200);
  });

  it('an unfinished sign-up of the address does not stop the mailbox owner from confirming', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const squatter = await createUser(app, { verified: false, email: `squat.${user.email}` });
    expect((await put(app, headers, profileBody(user, { email: squatter.email, current_password: user.password }))).statusCode).toBe(200);
    const code = codeOf((await mailsTo(app, squatter.email))[0]!);
    const done = await confirm(app, headers, code);
    expect(done.status).toBe(200);
    expect(await storedEmail(app, user.id)).toBe(squatter.email);
    expect(await app.db.select({ id: users.id }).from(users).where(eq(users.id, squatter.id))).toEqual([]);
  });
});

describe('avatar', () => {
  it('stores a real image under public/ (served under /files/) and replaces the previous one', async () => {
    const app = getApp();
    const { headers } = await signedInUser(app);
    const first = await uploadAvatar(app, headers, 'me.png', PNG);
    expect(first.statusCode, first.body).toBe(200);
    const avatar = first.json().data.avatar as string;
    expect(avatar).toMatch(/^public\/images\/avatars\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const served = await app.inject({ method: 'GET', url: `/files/${avatar.slice('public/'.length)}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const second = await uploadAvatar(app, headers, 'photo.jpg', PNG);
    expect(second.json().data.avatar).not.toBe(avatar);
    expect((await app.inject({ method: 'GET', url: `/files/${avatar.slice('public/'.length)}` })).statusCode).toBe(404);

    const removed = await app.inject({ method: 'DELETE', url: '/api/profile/avatar', headers });
    expect(removed.json()).toMatchObject({ status: true, data: { avatar: null } });
  });

  it('refuses a non-image renamed to .png (400) and a file over 2 MB (413)', async () => {
    const app = getApp();
    const { headers } = await signedInUser(app);
    const fake = await uploadAvatar(app, headers, 'avatar.png', Buffer.from('MZ\x90\x00 this is a program, not a picture'.repeat(4)));
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ status: false, msg: en.avatarInvalidType, errors: { avatar: en.avatarInvalidType } });
    const svg = await uploadAvatar(app, headers, 'avatar.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(svg.statusCode).toBe(400);

    const huge = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const tooLarge = await uploadAvatar(app, headers, 'big.png', huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().msg).toBe('The picture must be at most 2 MB');
    expect((await getJson(app, '/api/profile', headers)).body.data).toMatchObject({ avatar: null });
  });

  it('needs a session and a multipart body', async () => {
    const app = getApp();
    expect((await uploadAvatar(app, {}, 'a.png', PNG)).statusCode).toBe(401);
    const { headers } = await signedInUser(app);
    const json = await app.inject({ method: 'POST', url: '/api/profile/avatar', headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' });
    expect(json.statusCode).toBe(415);
  });
});

describe('change password', () => {
  it('checks the current password and the confirmation, then swaps tokens', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const post = (body: unknown, h = headers) =>
      app.inject({ method: 'POST', url: '/api/profile/change-password', headers: { ...h, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

    const wrong = await post({ current_password: 'nope-nope', password: 'a new password', confirmPassword: 'a new password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toBe(en.currentPasswordWrong);
    const mismatch = await post({ current_password: user.password, password: 'a new password', confirmPassword: 'another one' });
    expect(mismatch.json().errors.confirmPassword).toBe(en.passwordsDoNotMatch);
    const short = await post({ current_password: user.password, password: 'short', confirmPassword: 'short' });
    expect(short.json().errors.password).toBe('Password must be at least 8 characters.');
    const same = await post({ current_password: user.password, password: user.password, confirmPassword: user.password });
    expect(same.json().errors.password).toBe(en.newPasswordSameAsCurrent);

    // An earlier session on another device.
    await app.db.insert(refreshTokenFamilies).values({ userId: user.id, userAgent: 'another device' });
    // Tokens carry a one-second issue time: let the old one be from an earlier second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const changed = await post({ current_password: user.password, password: 'a brand new password', confirmPassword: 'a brand new password' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ status: true, msg: succeeded.passwordChanged, data: { user: { id: user.id } } });
    // A new session for this device; every earlier one is revoked.
    expect(String(changed.headers['set-cookie'])).toMatch(/refresh_token=/);
    const families = await app.db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.userId, user.id));
    expect(families.filter((family) => family.revokedAt === null)).toHaveLength(1);
    const token = changed.json().data.accessToken as string;
    expect((await getJson(app, '/api/profile', headers)).status).toBe(401);
    expect((await getJson(app, '/api/profile', bearer(token))).status).toBe(200);
    const [row] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(await verifyPassword('a brand new password', row!.hash)).toBe(true);
    // The owner is told, with the way to take the account back if it was not them.
    const told = (await mailsTo(app, user.email)).filter((mail) => mail.template === 'password_changed');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Your password was changed');
    expect(told[0]!.textBody).toContain('changed from the profile page, and every other device was signed out');
    expect(told[0]!.textBody).toContain('/forgot-password');
  });
});

describe('research submissions and the public profile', () => {
  async function submission(app: TestApp, ownerId: number, status: 'under_review' | 'approved' | 'rejected', title: string) {
    const [row] = await app.db
      .insert(researchSubmissions)
      .values({
        ownerId,
        categoryId: 1,
        title: `عنوان ${title}`,
        titleEn: title,
        description: 'وصف',
        descriptionEn: 'Description',
        abstract: 'Abstract',
        researchType: 'general',
        filePath: 'private/research/x.pdf',
        fileOriginalName: 'x.pdf',
        fileMime: 'application/pdf',
        image: 'public/images/x.png',
        termsAcceptedAt: new Date(),
        status,
      })
      .returning({ id: researchSubmissions.id });
    return row!.id;
  }

  it('lists the own submissions with their status (empty at first)', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    expect((await getJson(app, '/api/profile/research-submissions', headers)).body.data).toEqual([]);
    const id = await submission(app, user.id, 'under_review', 'Solar stills');
    const list = (await getJson(app, '/api/profile/research-submissions', headers)).body.data as Array<Record<string, unknown>>;
    expect(list).toEqual([expect.objectContaining({ id, title_en: 'Solar stills', status: 'under_review', created_at: expect.any(String) })]);
    expect((await getJson(app, '/api/profile/research-submissions')).status).toBe(401);
  });

  it('shows about, country, gender and published research; e-mail and phone only with the data-access flag', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    await put(app, headers, profileBody(user, { data_access: false }));
    const published = await submission(app, user.id, 'approved', 'Published work');
    await submission(app, user.id, 'rejected', 'Rejected work');

    const hidden = await getJson(app, `/api/users/${user.id}/profile`);
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ id: user.id, name: user.name, country: 'AE', gender: 'female', bio: 'Researcher in water desalination.', email: null, phone: null });
    expect((hidden.body.data as { research: Array<{ id: number }> }).research.map((item) => item.id)).toEqual([published]);
    expect(JSON.stringify(hidden.body)).not.toContain(user.email);

    await put(app, headers, profileBody(user, { data_access: true }));
    const shown = await getJson(app, `/api/users/${user.id}/profile`);
    expect(shown.body.data).toMatchObject({ email: user.email, phone: '+971501234567' });

    expect((await getJson(app, '/api/users/999999/profile')).status).toBe(404);
    expect((await getJson(app, '/api/users/abc/profile')).status).toBe(400);
    await app.db.update(users).set({ suspendedAt: new Date() }).where(and(eq(users.id, user.id)));
    expect((await getJson(app, `/api/users/${user.id}/profile`)).status).toBe(404);
  });
});

describe('only verified, not suspended accounts are public', () => {
  it('a sign-up that was never verified has no public profile (404)', async () => {
    const app = getApp();
    const email = `unverified.${Date.now().toString(36)}@example.ae`;
    const registered = await postJson(app, '/api/auth/register', {
      name: 'Not Verified',
      email,
      phone: '+971501234567',
      country: 'AE',
      gender: 'female',
      password: 'a long enough passphrase',
      password_confirmation: 'a long enough passphrase',
      captcha: await solveCaptcha(app),
    });
    expect(registered.status).toBe(200);
    const [row] = await app.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
    const answer = await getJson(app, `/api/users/${row!.id}/profile`);
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain('Not Verified');
    // Once verified, the same account is public.
    await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, row!.id));
    expect((await getJson(app, `/api/users/${row!.id}/profile`)).status).toBe(200);
  });

  it('a research chat member list shows neither suspended nor unverified writers', async () => {
    const app = getApp();
    const writer = await member(app);
    expect((await postJson(app, '/api/research-community/5/messages', { text: 'A question about the method' }, writer.headers)).status).toBe(201);
    const details = async () => researchDetailsResponseSchema.parse((await getJson(app, '/api/research-community/5', writer.headers)).body).data;
    const before = await details();
    expect(before.members.participants.map((person) => person.id)).toContain(writer.id);

    const reader = await member(app);
    await app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, writer.id));
    const suspended = researchDetailsResponseSchema.parse((await getJson(app, '/api/research-community/5', reader.headers)).body).data;
    expect(suspended.members.participants.map((person) => person.id)).not.toContain(writer.id);
    expect(suspended.members.count).toBe(before.members.count - 1);
    expect(suspended.messages_count).toBe(before.messages_count);

    await app.db.update(users).set({ suspendedAt: null, emailVerifiedAt: null }).where(eq(users.id, writer.id));
    const unverified = researchDetailsResponseSchema.parse((await getJson(app, '/api/research-community/5', reader.headers)).body).data;
    expect(unverified.members.participants.map((person) => person.id)).not.toContain(writer.id);
  });
});
