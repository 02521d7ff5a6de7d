/**
 * The newsletter (spec 5, 7, 8; issue 20): the footer's sign-up with double opt-in (a bilingual
 * confirmation link, once), the one-click unsubscribe of each issue's mail (RFC 8058: a POST without
 * session; once; not guessable), the profile's flag in step with the list, and the console: drafts
 * with versions, preview and test of both languages, the send in batches to every confirmed
 * subscriber in their language, the figures, the subscriber list and its CSV, the audit log.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, newsletterDeliveries, newsletterIssues, newsletterSubscribers, users } from '../src/db/schema';
import { runNewsletterSends } from '../src/lib/newsletter/issues';
import { linkTokenHash } from '../src/lib/newsletter/mails';
import type { Locale } from '@scholars/shared-contracts/locale';
import { staffHeaders } from './content-helpers';
import { bearer, createUser, getJson, postJson, signIn, solveCaptcha, useApp, type TestApp } from './helper';

const getApp = useApp();
const SITE = 'http://localhost:8080';

let sequence = 0;
const address = (name: string) => `${name}.${Date.now().toString(36)}.${(sequence += 1)}@example.ae`;

const subscriberOf = async (app: TestApp, email: string) =>
  (await app.db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`))[0];
const mailsTo = (app: TestApp, email: string, template?: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(sql`lower(${mailOutbox.toAddress}) = lower(${email})`, template ? eq(mailOutbox.template, template) : undefined))
    .orderBy(asc(mailOutbox.id));
const tokenIn = (text: string, path: 'newsletter/confirm' | 'api/newsletter/unsubscribe') => new RegExp(`/${path}\\?token=([\\w-]+)`).exec(text)?.[1];

async function signUp(app: TestApp, email: string, locale: Locale, headers: Record<string, string> = {}) {
  return postJson(app, '/api/newsletter-subscribers', { email, locale, captcha: await solveCaptcha(app) }, headers);
}

/** A footer sign-up confirmed through its e-mailed link. */
async function confirmedSubscriber(app: TestApp, email: string, locale: Locale) {
  expect((await signUp(app, email, locale)).status).toBe(200);
  const [mail] = (await mailsTo(app, email, 'newsletter_confirm')).slice(-1);
  const token = tokenIn(mail!.textBody, 'newsletter/confirm');
  expect((await postJson(app, '/api/newsletter/confirm', { token })).status).toBe(200);
}

/** Runs the send job until the issue is sent (a small batch, no wait between batches). */
async function sendAll(app: TestApp, issueId: number) {
  for (let round = 0; round < 50; round += 1) {
    await runNewsletterSends(app.db, app.mail, { site: SITE, batchSize: 2, ratePerMinute: 100_000 });
    const [issue] = await app.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
    if (issue!.status === 'sent') return;
    await app.db.update(newsletterIssues).set({ nextBatchAt: sql`now()` }).where(eq(newsletterIssues.id, issueId));
  }
  throw new Error('the issue was not sent');
}

const issueBody = {
  subject: 'نشرة مارس',
  subject_en: 'March newsletter',
  body: '## مؤتمرات جديدة\n\nسجّل في **مؤتمر المياه** عبر [الموقع](https://scholars.example/conference/1).\n\n- البند الأول\n- البند الثاني',
  body_en: '## New conferences\n\nRegister for the **water conference** on [the site](https://scholars.example/conference/1).\n\n<script>alert(1)</script> [bad](javascript:alert(1))\n\n- First item\n- Second item',
};

describe('newsletter sign-up: double opt-in', () => {
  it.each([
    ['en', '', 'Please enter a valid email address.'],
    ['en', 'no-at-sign', 'Please enter a valid email address.'],
    ['ar', 'no-at-sign', 'يرجى إدخال بريد إلكتروني صالح.'],
    // No domain: a confirmation could never arrive.
    ['ar', 'bad@', 'يرجى إدخال بريد إلكتروني صالح.'],
  ])('%s: %j is refused', async (language, email, message) => {
    const answer = await postJson(getApp(), '/api/newsletter-subscribers', { email, captcha: 'x' }, { 'accept-language': language });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: false, msg: message, errors: { email: message } });
  });

  it('needs a valid captcha, used once', async () => {
    const app = getApp();
    const captcha = await solveCaptcha(app);
    expect((await postJson(app, '/api/newsletter-subscribers', { email: address('a') })).status).toBe(400);
    expect((await postJson(app, '/api/newsletter-subscribers', { email: address('b'), captcha })).status).toBe(200);
    const replay = await postJson(app, '/api/newsletter-subscribers', { email: address('c'), captcha });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ status: false, err: 'captcha_invalid' });
  });

  it('stores the address unconfirmed and mails a bilingual link that confirms once; then the address is already subscribed', async () => {
    const app = getApp();
    const email = address('reader');
    const first = await signUp(app, email, 'ar', { 'accept-language': 'ar' });
    expect(first.body).toEqual({ status: true, msg: 'اقتربنا: أرسلنا إليك رسالة بالبريد الإلكتروني. افتح الرابط فيها لتأكيد اشتراكك.' });
    expect(await subscriberOf(app, email)).toMatchObject({ email, locale: 'ar', confirmedAt: null, unsubscribedAt: null });
    const [mail] = await mailsTo(app, email, 'newsletter_confirm');
    // Both languages, the sign-up's first; fixed text and the link only.
    expect(mail).toMatchObject({ locale: 'ar', subject: 'أكّد اشتراكك في النشرة البريدية · Confirm your newsletter subscription' });
    expect(mail!.textBody).toContain('تأكيد اشتراكي');
    expect(mail!.textBody).toContain('Confirm my subscription');
    expect(mail!.htmlBody).toContain('<html lang="ar" dir="rtl">');
    expect(mail!.htmlBody).toContain('<div lang="en" dir="ltr"');
    const token = tokenIn(mail!.textBody, 'newsletter/confirm')!;
    expect(mail!.textBody).toContain(`${SITE}/newsletter/confirm?token=${token}`);
    // Only the token's hash is stored.
    const row = await subscriberOf(app, email);
    expect(row!.confirmTokenHash).toBe(linkTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);

    // Asked again before confirming: a new link replaces the first.
    await signUp(app, email, 'ar');
    const second = tokenIn((await mailsTo(app, email, 'newsletter_confirm'))[1]!.textBody, 'newsletter/confirm')!;
    expect(second).not.toBe(token);
    expect((await postJson(app, '/api/newsletter/confirm', { token })).status).toBe(404);

    const confirmed = await postJson(app, '/api/newsletter/confirm', { token: second });
    expect(confirmed.body).toEqual({ status: true, msg: 'You have successfully subscribed!' });
    expect((await subscriberOf(app, email))!.confirmedAt).toBeInstanceOf(Date);
    const again = await postJson(app, '/api/newsletter/confirm', { token: second }, { 'accept-language': 'ar' });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ status: false, msg: 'هذا الرابط لم يعد صالحًا: استُخدم من قبل أو انتهت صلاحيته أو حلّ محله رابط أحدث.' });

    const already = await signUp(app, email.toUpperCase(), 'en');
    expect(already.status).toBe(409);
    expect(already.body).toEqual({ status: false, err: 409, msg: 'You are already subscribed.' });
  });

  it('refuses malformed, unknown and expired confirmation links with the envelope', async () => {
    const app = getApp();
    expect((await postJson(app, '/api/newsletter/confirm', {})).body).toMatchObject({ status: false, errors: { token: 'This link is not valid any more: it was used already, has expired or was replaced by a newer one.' } });
    expect((await postJson(app, '/api/newsletter/confirm', { token: 'x'.repeat(43) })).status).toBe(404);
    const email = address('late');
    await signUp(app, email, 'en');
    const token = tokenIn((await mailsTo(app, email, 'newsletter_confirm'))[0]!.textBody, 'newsletter/confirm')!;
    await app.db.update(newsletterSubscribers).set({ confirmSentAt: new Date(Date.now() - 8 * 24 * 3600_000) }).where(sql`lower(${newsletterSubscribers.email}) = ${email}`);
    expect((await postJson(app, '/api/newsletter/confirm', { token })).status).toBe(404);
  });

  it('mails at most 3 confirmations an hour to one address', async () => {
    const app = getApp();
    const email = address('flood');
    for (let n = 0; n < 5; n += 1) expect((await signUp(app, email, 'en')).status).toBe(200);
    expect(await mailsTo(app, email, 'newsletter_confirm')).toHaveLength(3);
  });

  it('confirming turns on the newsletter flag of the account with that address; a member’s own address is confirmed at once', async () => {
    const app = getApp();
    const member = await createUser(app);
    await confirmedSubscriber(app, member.email, 'en');
    expect((await subscriberOf(app, member.email))!.userId).toBe(member.id);
    expect((await app.db.select().from(users).where(eq(users.id, member.id)))[0]!.newsletter).toBe(true);

    const signedIn = await createUser(app);
    const answer = await signUp(app, signedIn.email, 'en', bearer(await signIn(app, signedIn)));
    expect(answer.body).toEqual({ status: true, msg: 'You have successfully subscribed!' });
    expect(await subscriberOf(app, signedIn.email)).toMatchObject({ userId: signedIn.id, confirmedAt: expect.any(Date) });
    expect(await mailsTo(app, signedIn.email, 'newsletter_confirm')).toHaveLength(0);
    expect((await app.db.select().from(users).where(eq(users.id, signedIn.id)))[0]!.newsletter).toBe(true);
  });
});

describe('the newsletter in the console', () => {
  it('drafts: created, saved with their version (409 when stale), deleted; every change audited', async () => {
    const app = getApp();
    const { id: adminId, headers } = await staffHeaders(app);
    const created = await postJson(app, '/api/admin/newsletter/issues', { subject_en: 'Only English so far' }, headers);
    expect(created.status).toBe(201);
    const draft = created.body.data as { id: number; version: number; status: string; subject: string };
    expect(draft).toMatchObject({ status: 'draft', version: 1, subject: '' });

    const put = (body: Record<string, unknown>) => app.inject({ method: 'PUT', url: `/api/admin/newsletter/issues/${draft.id}`, headers, payload: body });
    const saved = await put({ ...issueBody, version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ version: 2, subject: issueBody.subject, body_en: issueBody.body_en });
    const stale = await put({ ...issueBody, subject_en: 'Overwrite', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: false, msg: expect.stringContaining('Someone else saved a newer version') });
    expect((await put({ subject: 'x'.repeat(201), version: 2 })).json()).toMatchObject({ status: false, errors: { subject: expect.any(String) } });
    expect((await put({ ...issueBody })).statusCode).toBe(400);

    expect((await app.inject({ method: 'DELETE', url: `/api/admin/newsletter/issues/${draft.id}?version=1`, headers })).statusCode).toBe(409);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/newsletter/issues/${draft.id}?version=2`, headers })).statusCode).toBe(200);
    expect((await getJson(app, `/api/admin/newsletter/issues/${draft.id}`, headers)).status).toBe(404);
    const entries = await app.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'newsletter_issue'), eq(auditLog.targetId, draft.id))).orderBy(asc(auditLog.id));
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['newsletter.create', adminId],
      ['newsletter.update', adminId],
      ['newsletter.delete', adminId],
    ]);
  });

  it('previews both languages as mail-safe HTML (no author markup, no script links, RTL Arabic) and plain text', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const answer = await postJson(app, '/api/admin/newsletter/preview', issueBody, headers);
    expect(answer.status).toBe(200);
    const { ar, en } = answer.body.data as Record<Locale, { subject: string; html: string; text: string }>;
    expect(ar.subject).toBe('نشرة مارس');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toMatch(/<h2 style="[^"]+">مؤتمرات جديدة<\/h2>/);
    expect(ar.html).toMatch(/<ul style="[^"]*padding-right:24px/);
    expect(ar.text).toContain('• البند الأول');
    expect(ar.text).toContain('الموقع (https://scholars.example/conference/1)');
    expect(ar.text).toContain('إلغاء الاشتراك');
    expect(en.html).toContain('<html lang="en" dir="ltr">');
    expect(en.html).toContain('<a href="https://scholars.example/conference/1" style="color:#0f5c4d;text-decoration:underline" rel="noopener">the site</a>');
    expect(en.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(en.html).not.toContain('<script');
    expect(en.html).not.toContain('href="javascript');
    expect(en.html).not.toMatch(/class=/);
    expect(en.text).toContain('Register for the water conference on the site (https://scholars.example/conference/1).');
    expect(en.text).toContain('Unsubscribe: http');
  });

  it('a test goes to the administrator in both languages; sending needs both languages (400, fields marked) and someone confirmed', async () => {
    const app = getApp();
    const admin = await createUser(app, { role: 'admin', locale: 'ar' });
    const headers = bearer(await signIn(app, admin));
    const half = await postJson(app, '/api/admin/newsletter/issues', { subject: 'عربي فقط', body: 'نص', subject_en: 'English', body_en: '' }, headers);
    const { id, version } = half.body.data as { id: number; version: number };
    for (const action of ['test', 'send']) {
      const refused = await postJson(app, `/api/admin/newsletter/issues/${id}/${action}`, { version }, headers);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ status: false, errors: { body_en: 'Fill this in both languages before publishing.' } });
    }
    const full = await postJson(app, '/api/admin/newsletter/issues', issueBody, headers);
    const issue = full.body.data as { id: number; version: number };
    const tested = await postJson(app, `/api/admin/newsletter/issues/${issue.id}/test`, { version: issue.version }, headers);
    expect(tested.body).toMatchObject({ status: true, msg: `A test of both languages was sent to ${admin.email}.` });
    const tests = await mailsTo(app, admin.email, 'newsletter_test');
    expect(tests.map((mail) => [mail.locale, mail.subject])).toEqual([
      ['ar', '[تجربة] نشرة مارس'],
      ['en', '[Test] March newsletter'],
    ]);
    expect((await postJson(app, `/api/admin/newsletter/issues/${issue.id}/test`, { version: issue.version + 1 }, headers)).status).toBe(409);
  });

  it('sends to every confirmed subscriber exactly once in their language, with a one-click unsubscribe link that works once', async () => {
    const app = getApp();
    // A clean list: whoever earlier tests left on it stops receiving.
    await app.db.update(newsletterSubscribers).set({ unsubscribedAt: new Date() }).where(sql`${newsletterSubscribers.unsubscribedAt} is null`);
    const { id: adminId, headers } = await staffHeaders(app);
    const created = await postJson(app, '/api/admin/newsletter/issues', issueBody, headers);
    const issue = created.body.data as { id: number; version: number };
    const nobody = await postJson(app, `/api/admin/newsletter/issues/${issue.id}/send`, { version: issue.version }, headers);
    expect(nobody.status).toBe(409);
    expect(nobody.body).toMatchObject({ msg: 'Nobody has confirmed a subscription yet: there is no one to send it to.' });

    const arabicReader = address('ar.reader');
    const englishReader = address('en.reader');
    await confirmedSubscriber(app, arabicReader, 'ar');
    await confirmedSubscriber(app, englishReader, 'en');
    // An account in Arabic that subscribed from an English page: the account's language wins.
    const member = await createUser(app, { locale: 'ar' });
    await confirmedSubscriber(app, member.email, 'en');
    const unconfirmed = address('unconfirmed');
    await signUp(app, unconfirmed, 'en');
    const left = address('left');
    await confirmedSubscriber(app, left, 'en');
    await app.db.update(newsletterSubscribers).set({ unsubscribedAt: new Date() }).where(sql`lower(${newsletterSubscribers.email}) = ${left}`);

    const stale = await postJson(app, `/api/admin/newsletter/issues/${issue.id}/send`, { version: issue.version + 1 }, headers);
    expect(stale.status).toBe(409);
    const started = await postJson(app, `/api/admin/newsletter/issues/${issue.id}/send`, { version: issue.version }, headers);
    expect(started.body).toMatchObject({
      status: true,
      msg: 'Sending started to the confirmed subscribers (3), each in their language.',
      data: { status: 'sending', stats: { recipients: 3, queued: 0 }, sent_by: { id: adminId } },
    });
    const sentVersion = (started.body.data as { version: number }).version;
    await sendAll(app, issue.id);

    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'newsletter_issue')).orderBy(asc(mailOutbox.id));
    expect(mails.map((mail) => [mail.toAddress, mail.locale, mail.subject]).sort()).toEqual(
      [
        [arabicReader, 'ar', 'نشرة مارس'],
        [englishReader, 'en', 'March newsletter'],
        [member.email, 'ar', 'نشرة مارس'],
      ].sort(),
    );
    const deliveries = await app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, issue.id));
    expect(deliveries).toHaveLength(3);

    // Each mail's own link, in the body and in the RFC 8058 headers; only its hash is stored.
    const mailOf = (email: string) => mails.find((mail) => mail.toAddress === email)!;
    const tokenOf = (email: string) => tokenIn(mailOf(email).textBody, 'api/newsletter/unsubscribe')!;
    const englishToken = tokenOf(englishReader);
    const link = `${SITE}/api/newsletter/unsubscribe?token=${englishToken}`;
    expect(mailOf(englishReader).headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mailOf(englishReader).htmlBody).toContain(`href="${link}"`);
    expect(mailOf(arabicReader).htmlBody).toContain('إلغاء الاشتراك');
    expect(englishToken).toMatch(/^[\w-]{43}$/);
    expect(new Set([englishToken, tokenOf(arabicReader), tokenOf(member.email)]).size).toBe(3);
    expect(deliveries.map((row) => row.unsubscribeTokenHash)).toContain(linkTokenHash(englishToken));
    expect(JSON.stringify(deliveries)).not.toContain(englishToken);

    // The outbox's JSON shows the headers.
    const outbox = await getJson(app, `/api/dev/outbox.json?to=${encodeURIComponent(englishReader)}`, headers);
    expect((outbox.body.data as Array<{ template: string; headers: unknown }>).find((mail) => mail.template === 'newsletter_issue')!.headers).toEqual(mailOf(englishReader).headers);

    // A person's click (GET) changes nothing: it leads to the site's page with a button.
    const opened = await app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${englishToken}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`${SITE}/newsletter/unsubscribe?token=${englishToken}`);
    expect((await subscriberOf(app, englishReader))!.unsubscribedAt).toBeNull();
    // A guessed or another's token does nothing.
    expect((await app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe?token=${'A'.repeat(43)}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe' })).statusCode).toBe(400);
    // The mail provider's one-click POST: form-encoded, no session, no cookie.
    const oneClick = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${englishToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ status: true, msg: 'You are unsubscribed: the newsletter will not be sent to you any more.' });
    expect((await subscriberOf(app, englishReader))!.unsubscribedAt).toBeInstanceOf(Date);
    expect((await subscriberOf(app, arabicReader))!.unsubscribedAt).toBeNull();
    const twice = await app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe?token=${englishToken}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    // Pressed again while still off the list: says so (the person clicked their own link twice).
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual({ status: true, msg: 'You are already unsubscribed: the newsletter is not sent to you.' });
    // Subscribed again since: the old mail's link does not take them off a second time.
    const { unsubscribedAt: leftAt } = (await subscriberOf(app, englishReader))!;
    await app.db.update(newsletterSubscribers).set({ unsubscribedAt: null }).where(sql`lower(${newsletterSubscribers.email}) = ${englishReader.toLowerCase()}`);
    const afterComingBack = await app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe?token=${englishToken}`, headers: { 'accept-language': 'ar' } });
    expect(afterComingBack.statusCode).toBe(404);
    expect(afterComingBack.json()).toMatchObject({ status: false, msg: 'هذا الرابط لم يعد صالحًا: استُخدم من قبل أو انتهت صلاحيته أو حلّ محله رابط أحدث.' });
    expect((await subscriberOf(app, englishReader))!.unsubscribedAt).toBeNull();
    await app.db.update(newsletterSubscribers).set({ unsubscribedAt: leftAt }).where(sql`lower(${newsletterSubscribers.email}) = ${englishReader.toLowerCase()}`);
    // Multipart, as RFC 8058 prefers, works too; the member's profile flag follows.
    const boundary = 'x1y2z3';
    const multipart = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${tokenOf(member.email)}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    const profile = await getJson(app, '/api/profile', bearer(await signIn(app, member)));
    expect(profile.body.data).toMatchObject({ newsletter: false });

    // The figures: sent and failed from the mails' state, the unsubscribes since the send started.
    await app.mail.processDue();
    await app.db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, mailOf(arabicReader).id));
    const figures = await getJson(app, `/api/admin/newsletter/issues/${issue.id}`, headers);
    expect(figures.body.data).toMatchObject({ status: 'sent', send_finished_at: expect.any(String), stats: { recipients: 3, queued: 3, sent: 2, failed: 1, pending: 0, unsubscribed: 2 } });
    const listed = await getJson(app, '/api/admin/newsletter/issues?status=sent&q=march', headers);
    expect(listed.body).toMatchObject({ tot: 1, data: [{ id: issue.id, stats: { sent: 2 } }] });

    // A sent issue is kept as it went out.
    const edit = await app.inject({ method: 'PUT', url: `/api/admin/newsletter/issues/${issue.id}`, headers, payload: { ...issueBody, version: sentVersion } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ msg: 'This issue was sent: it can no longer be changed.' });
    expect((await postJson(app, `/api/admin/newsletter/issues/${issue.id}/send`, { version: sentVersion }, headers)).status).toBe(409);
    expect((await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'newsletter.send'), eq(auditLog.targetId, issue.id))))[0]).toMatchObject({ actorId: adminId, details: { recipients: 3 } });
  });

  it('the subscriber list: search, state, pagination; the CSV export has a byte order mark and defuses formulas', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const tag = `csv${Date.now().toString(36)}`;
    await confirmedSubscriber(app, `${tag}.confirmed@example.ae`, 'ar');
    await signUp(app, `${tag}.waiting@example.ae`, 'en');
    await signUp(app, `=cmd|${tag}@example.ae`, 'en');
    const all = await getJson(app, `/api/admin/newsletter/subscribers?q=${tag}`, headers);
    expect(all.body).toMatchObject({ status: true, tot: 3 });
    const confirmed = await getJson(app, `/api/admin/newsletter/subscribers?q=${tag}&state=confirmed`, headers);
    expect(confirmed.body).toMatchObject({ tot: 1, data: [{ email: `${tag}.confirmed@example.ae`, state: 'confirmed', locale: 'ar' }] });
    const page = await getJson(app, `/api/admin/newsletter/subscribers?q=${tag}&state=unconfirmed&limit=1&page=2`, headers);
    expect(page.body).toMatchObject({ tot: 2, data: [expect.objectContaining({ state: 'unconfirmed' })] });
    expect((await getJson(app, '/api/admin/newsletter/subscribers?state=nobody', headers)).status).toBe(400);

    const csv = await app.inject({ method: 'GET', url: `/api/admin/newsletter/subscribers/export?q=${tag}`, headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('email,state,language,account_id,subscribed_at,confirmed_at,unsubscribed_at');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^${tag}.confirmed@example.ae,confirmed,ar,,`));
    expect(lines[3]).toMatch(new RegExp(`^'=cmd\\|${tag}@example.ae,unconfirmed,`));
  });

  it('the profile’s flag and the list stay in step', async () => {
    const app = getApp();
    const member = await createUser(app, { locale: 'ar' });
    const headers = bearer(await signIn(app, member));
    const profile = (await getJson(app, '/api/profile', headers)).body.data as Record<string, unknown>;
    const put = (newsletter: boolean) =>
      app.inject({ method: 'PUT', url: '/api/profile', headers, payload: { name: profile.name, email: profile.email, phone: profile.phone, country: profile.country, gender: profile.gender, bio: '', data_access: false, newsletter } });
    expect((await put(true)).statusCode).toBe(200);
    // The account's address is verified: on the list, confirmed, at once.
    expect(await subscriberOf(app, member.email)).toMatchObject({ userId: member.id, confirmedAt: expect.any(Date), unsubscribedAt: null, locale: 'ar' });
    expect((await put(false)).statusCode).toBe(200);
    expect((await subscriberOf(app, member.email))!.unsubscribedAt).toBeInstanceOf(Date);
    const rows = await app.db.select().from(newsletterSubscribers).where(inArray(newsletterSubscribers.userId, [member.id]));
    expect(rows).toHaveLength(1);
  });
});
