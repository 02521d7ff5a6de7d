/**
 * A member closes their own account (`POST profile/close`, decisions.md "Closing an account"): the
 * refusals in both languages (wrong password 400, as every form that asks for it, the only active administrator, a subscription that
 * still renews, upcoming consultations: 409, nothing changed), and what closing does: personal data
 * erased with the row kept, sessions ended, registrations canceled, students unlinked, the picture
 * removed from the store, the confirmation mail to the original address, the audit entry, the public
 * profile, the old address unknown to sign-in and free for a new sign-up.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatHistoryResponseSchema, successMessages, validationMessages } from '@scholars/shared-contracts/schemas';
import { API_ACCESS } from '@scholars/shared-contracts/authorization';
import type { Locale } from '@scholars/shared-contracts/locale';
import {
  auditLog,
  conferenceRegistrations,
  conferenceRequests,
  consultations,
  mailOutbox,
  newsletterSubscribers,
  refreshTokenFamilies,
  researchChatMessages,
  researchSubmissions,
  subscriptions,
  users,
} from '../src/db/schema';
import { closedAddress, NEUTRAL_NAME } from '../src/lib/accounts/closing';
import { isUndeliverableAddress } from '../src/plugins/app/mail';
import { bearer, createUser, getJson, postJson, signIn, solveCaptcha, useApp, type TestApp, signedInUser } from './helper';
import { buyWithLocalCheckout } from './billing-helpers';
import { makeConsultant } from './consultation-helpers';
import { insertConference } from './conference-helpers';

const getApp = useApp();
const HOUR = 3_600_000;

const close = (app: TestApp, headers: Record<string, string>, body: unknown, locale: Locale = 'en') =>
  postJson(app, '/api/profile/close', body, { ...headers, 'accept-language': locale });

async function stored(app: TestApp, id: number) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** A 1x1 PNG, uploaded as the account's picture through the real route; answers its stored path. */
async function uploadAvatar(app: TestApp, headers: Record<string, string>): Promise<string> {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const boundary = '----scholarsclose';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await app.inject({ method: 'POST', url: '/api/profile/avatar', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  expect(answer.statusCode).toBe(200);
  return answer.json().data.avatar as string;
}

describe('closing one’s own account: refusals', () => {
  it('is a signed-in route: a visitor gets 401, and the authorization table has its row', async () => {
    expect(API_ACCESS['POST /api/profile/close']).toBe('signed-in');
    const answer = await postJson(getApp(), '/api/profile/close', { current_password: 'whatever1' });
    expect(answer.status).toBe(401);
    expect(answer.body.status).toBe(false);
  });

  it('a missing or wrong password is refused on the field, in the request language, and nothing changes', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const missing = await close(app, headers, {});
    expect(missing.status).toBe(400);
    expect((missing.body.errors as Record<string, string>).current_password).toBe(validationMessages.en.currentPasswordRequired);
    for (const locale of ['en', 'ar'] as const) {
      const wrong = await close(app, headers, { current_password: 'not my password' }, locale);
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ status: false, msg: validationMessages[locale].currentPasswordWrong, errors: { current_password: validationMessages[locale].currentPasswordWrong } });
    }
    expect((await stored(app, user.id)).closedAt).toBeNull();
    expect((await getJson(app, '/api/profile', headers)).status).toBe(200);
  });

  it('the only active administrator is refused (409); with another active administrator they may close', async () => {
    const app = getApp();
    // Other administrators of this database (other tests) are suspended for the check, then restored.
    const others = await app.db.select({ id: users.id }).from(users).where(sql`'admin' = any(${users.roles}) and ${users.suspendedAt} is null`);
    const { user, headers } = await signedInUser(app, { role: 'admin' });
    await app.db.update(users).set({ suspendedAt: new Date() }).where(sql`${users.id} in ${others.length ? others.map((row) => row.id) : [0]}`);
    try {
      // A suspended administrator does not count.
      await createUser(app, { role: 'admin' }).then((other) => app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, other.id)));
      for (const locale of ['en', 'ar'] as const) {
        const refused = await close(app, headers, { current_password: user.password }, locale);
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ status: false, err: 409, msg: validationMessages[locale].closeAccountLastAdministrator });
      }
      expect((await stored(app, user.id)).roles).toEqual(['admin']);
      await createUser(app, { role: 'admin' });
      expect((await close(app, headers, { current_password: user.password })).status).toBe(200);
    } finally {
      await app.db.update(users).set({ suspendedAt: null }).where(sql`${users.id} in ${others.length ? others.map((row) => row.id) : [0]}`);
    }
  });

  it('a subscription that still renews is refused (409) until its renewal is turned off', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app, { locale: 'ar' });
    // Bought through the payment simulator, as a member does.
    const subscriptionId = (await buyWithLocalCheckout(app, user, headers)).id;
    for (const locale of ['en', 'ar'] as const) {
      const refused = await close(app, headers, { current_password: user.password }, locale);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ status: false, msg: validationMessages[locale].closeAccountSubscriptionRenews });
    }
    // The member's own switch (PUT subscriptions/{id}/renewal), then closing works; the paid period is not touched.
    const off = await app.inject({ method: 'PUT', url: `/api/subscriptions/${subscriptionId}/renewal`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ auto_renew: false }) });
    expect(off.statusCode).toBe(200);
    const closed = await close(app, headers, { current_password: user.password });
    expect(closed.body).toMatchObject({ status: true });
    const [subscription] = await app.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });

  it('upcoming consultation sessions, as member or as consultant, are refused (409) until canceled', async () => {
    const app = getApp();
    const consultant = await makeConsultant(app);
    const { user: member, headers } = await signedInUser(app);
    const start = new Date(Date.now() + 72 * HOUR);
    const [booked] = await app.db
      .insert(consultations)
      .values({ memberId: member.id, consultantId: consultant.consultantId, topic: 'Methods', language: 'en', mode: 'online', description: 'A question', startsAt: start, endsAt: new Date(start.getTime() + HOUR), acceptBy: new Date(Date.now() + 24 * HOUR), state: 'accepted' })
      .returning({ id: consultations.id });
    for (const [who, whoHeaders, password] of [
      ['member', headers, member.password],
      ['consultant', consultant.headers, consultant.password],
    ] as const) {
      for (const locale of ['en', 'ar'] as const) {
        const refused = await close(app, whoHeaders, { current_password: password }, locale);
        expect(refused.status, who).toBe(409);
        expect(refused.body).toMatchObject({ status: false, msg: validationMessages[locale].closeAccountUpcomingConsultations });
      }
    }
    // Canceled (or past) sessions leave nothing waiting.
    await app.db.update(consultations).set({ state: 'canceled', canceledBy: 'member' }).where(eq(consultations.id, booked!.id));
    expect((await close(app, consultant.headers, { current_password: consultant.password })).status).toBe(200);
    const [card] = await app.db.select().from(consultations).where(eq(consultations.id, booked!.id));
    expect(card!.consultantId).toBe(consultant.consultantId);
    expect((await getJson(app, `/api/consultants/${consultant.consultantId}`)).status).toBe(404);
  });
});

describe('closing one’s own account: what it does', () => {
  it('erases the personal data, keeps the row and its records, ends every session, mails the old address', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app, { locale: 'ar', name: 'ليلى الحمادي', phone: '+971501112233' });
    await app.db.update(users).set({ bio: 'باحثة', newsletter: true, dataAccess: true }).where(eq(users.id, user.id));
    await app.db.insert(newsletterSubscribers).values({ email: user.email, locale: 'ar', userId: user.id, confirmedAt: new Date() });
    const avatar = await uploadAvatar(app, headers);
    expect(await app.storage.exists(avatar)).toBe(true);
    // A second device's session.
    const otherDevice = bearer(await signIn(app, user));
    // A student who named them as supervisor, with work waiting for them.
    const student = await createUser(app, { supervisorId: user.id });
    // Registrations: one for a conference still to come, one for a conference that has ended.
    const upcoming = await insertConference(app, { startInDays: 10 });
    const past = await insertConference(app, { startInDays: -10 });
    await app.db.insert(conferenceRegistrations).values([
      { conferenceId: upcoming, userId: user.id },
      { conferenceId: past, userId: user.id },
    ]);
    // A chat message in a published research: it stays, under the neutral name.
    const [research] = await app.db.select({ id: researchSubmissions.id }).from(researchSubmissions).where(eq(researchSubmissions.status, 'approved')).limit(1);
    await app.db.insert(researchChatMessages).values({ researchId: research!.id, senderId: user.id, body: 'سؤال عن المنهجية' });

    const closed = await close(app, headers, { current_password: user.password }, 'ar');
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({ status: true, msg: successMessages.ar.accountClosed });
    expect(String(closed.response.headers['set-cookie'])).toMatch(/refresh_token=;.*Max-Age=0/i);

    const row = await stored(app, user.id);
    expect(row).toMatchObject({
      name: NEUTRAL_NAME.ar,
      email: closedAddress(user.id),
      phone: null,
      country: null,
      gender: null,
      bio: null,
      avatar: null,
      passwordHash: null,
      roles: [],
      newsletter: false,
      dataAccess: false,
      supervisorId: null,
    });
    expect(row.closedAt).toBeInstanceOf(Date);
    expect(isUndeliverableAddress(row.email)).toBe(true);
    // The picture left the store once committed.
    expect(await app.storage.exists(avatar)).toBe(false);

    // Every session ended: both devices' tokens are refused at once.
    expect((await getJson(app, '/api/profile', headers)).status).toBe(401);
    expect((await getJson(app, '/api/profile', otherDevice)).status).toBe(401);
    const live = await app.db.select().from(refreshTokenFamilies).where(and(eq(refreshTokenFamilies.userId, user.id), sql`${refreshTokenFamilies.revokedAt} is null`));
    expect(live).toEqual([]);

    // The student is unlinked; the newsletter subscription of the address ended.
    expect((await stored(app, student.id)).supervisorId).toBeNull();
    const [subscriber] = await app.db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${user.email.toLowerCase()}`);
    expect(subscriber!.unsubscribedAt).toBeInstanceOf(Date);

    // The seat of the conference to come is freed; the past one stays as it was.
    const registrations = await app.db.select().from(conferenceRegistrations).where(eq(conferenceRegistrations.userId, user.id));
    expect(registrations.find((r) => r.conferenceId === upcoming)).toMatchObject({ status: 'canceled' });
    expect(registrations.find((r) => r.conferenceId === past)).toMatchObject({ status: 'registered' });

    // The chat message stays, shown under the neutral name.
    const reader = await signedInUser(app);
    const history = chatHistoryResponseSchema.parse((await getJson(app, `/api/research-community/${research!.id}/messages`, reader.headers)).body).data;
    const mine = history.messages.find((message) => message.text === 'سؤال عن المنهجية');
    expect(mine?.sender.name).toBe(NEUTRAL_NAME.ar);

    // The confirmation went to the original address, in the account's language, on the one layout.
    const [mail] = await app.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.template, 'account_closed')));
    expect(mail).toMatchObject({ locale: 'ar', subject: 'أُغلق حسابك' });
    expect(['pending', 'sent']).toContain(mail!.status);
    expect(mail!.htmlBody).toContain('dir="rtl"');
    expect(mail!.textBody).toContain('ليلى الحمادي');
    expect(mail!.textBody).toContain('أُلغيت تسجيلاتك');
    // Nothing is ever queued for sending to the closed address.
    const toClosed = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, closedAddress(user.id)));
    expect(toClosed.every((row) => row.status === 'failed')).toBe(true);

    // The audit log: the member is the actor.
    const [entry] = await app.db.select().from(auditLog).where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'account.close'))).orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ actorId: user.id, actorLabel: 'account', targetType: 'user' });
    expect(entry!.details).toMatchObject({ registrations_canceled: [upcoming], students_unlinked: [student.id] });

    // The public profile: only the neutral name.
    const profile = await getJson(app, `/api/users/${user.id}/profile`);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ name: NEUTRAL_NAME.ar, closed: true, bio: null, avatar: null, email: null, phone: null, country: null, research: [] });
  });

  it('the old address then signs in like an unknown account, and signs up again as a new account', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    expect((await close(app, headers, { current_password: user.password })).status).toBe(200);

    const ghost = await postJson(app, '/api/auth/login', { email: `ghost.${user.email}`, password: user.password });
    const login = await postJson(app, '/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(401);
    expect(login.body).toEqual(ghost.body);
    // Nor does the closed address open anything (no password, and its mail is never sent).
    expect((await postJson(app, '/api/auth/login', { email: closedAddress(user.id), password: user.password })).status).toBe(401);

    const again = await postJson(app, '/api/auth/register', {
      name: 'Returning Member',
      email: user.email,
      phone: '+971501234567',
      country: 'AE',
      gender: 'female',
      password: 'a fresh passphrase',
      password_confirmation: 'a fresh passphrase',
      locale: 'en',
      captcha: await solveCaptcha(app),
    });
    expect(again.status).toBe(200);
    const [fresh] = await app.db.select().from(users).where(sql`lower(${users.email}) = ${user.email.toLowerCase()}`);
    expect(fresh!.id).not.toBe(user.id);
    expect(fresh!.closedAt).toBeNull();
  });

  it('the English account gets the English neutral name and mail', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app, { locale: 'en' });
    const closed = await close(app, headers, { current_password: user.password }, 'en');
    expect(closed.body).toEqual({ status: true, msg: successMessages.en.accountClosed });
    expect((await stored(app, user.id)).name).toBe(NEUTRAL_NAME.en);
    const [mail] = await app.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.template, 'account_closed')));
    expect(mail).toMatchObject({ locale: 'en', subject: 'Your account is closed' });
    expect(mail!.htmlBody).toContain('dir="ltr"');
  });
});

describe('closing one’s own account: conference requests', () => {
  it('withdraws the requests no one has decided; a decided one stays, without the requester’s contact details', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app, { locale: 'ar' });
    const reviewer = await signedInUser(app, { role: 'reviewer' });
    const proposal = (title: string) => ({
      full_name: 'ليلى الحمادي',
      academic_level: 'phd',
      major_field: 'Educational technology',
      university: 'United Arab Emirates University',
      university_email: 'layla@uaeu.ac.ae',
      phone: '+971501234567',
      country: 'United Arab Emirates',
      conference_title: title,
      main_language: 'ar',
      proposed_start_date: new Date(Date.now() + 90 * 24 * HOUR).toISOString().slice(0, 10),
      duration_days: 2,
      location_type: 'online',
      venue: 'Online',
      objectives: 'Share practice',
    });
    const ids: number[] = [];
    for (const title of ['Waiting', 'Sent back', 'Declined']) {
      const answer = await postJson(app, '/api/conference-requests', proposal(title), headers);
      expect(answer.status).toBe(201);
      ids.push((answer.body.data as { id: number }).id);
    }
    const [waiting, sentBack, declined] = ids as [number, number, number];
    const decide = (id: number, status: string, reason: string) =>
      app.inject({ method: 'PUT', url: `/api/conference-requests/${id}/decision`, headers: { ...reviewer.headers, 'content-type': 'application/json' }, payload: JSON.stringify({ status, reason }) });
    expect((await decide(sentBack, 'changes_requested', 'Add a programme')).statusCode).toBe(200);
    expect((await decide(declined, 'rejected', 'Out of scope')).statusCode).toBe(200);

    expect((await close(app, headers, { current_password: user.password })).status).toBe(200);

    const left = await app.db.select().from(conferenceRequests).where(eq(conferenceRequests.ownerId, user.id));
    expect(left.map((row) => row.id)).toEqual([declined]);
    expect(left[0]).toMatchObject({ status: 'rejected', reviewNote: 'Out of scope', fullName: NEUTRAL_NAME.ar, universityEmail: '', phone: '' });
    // The staff queue lists only the decided one, and answers it without a 500.
    const queue = await getJson(app, '/api/conference-requests?limit=100', reviewer.headers);
    expect(queue.status).toBe(200);
    const listed = (queue.body.data as Array<{ id: number }>).map((row) => row.id);
    expect(listed).toContain(declined);
    expect(listed).not.toContain(waiting);
    expect(listed).not.toContain(sentBack);
    const [entry] = await app.db.select().from(auditLog).where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'account.close')));
    expect(entry!.details).toMatchObject({ conference_requests_withdrawn: [waiting, sentBack] });
  });
});

describe('a closed account in the operator console', () => {
  it('its consultant profile can be neither reinstated nor approved (409, localized)', async () => {
    const app = getApp();
    const consultant = await makeConsultant(app);
    const admin = await signedInUser(app, { role: 'admin' });
    expect((await close(app, consultant.headers, { current_password: consultant.password })).status).toBe(200);
    for (const [action, locale] of [['reinstate', 'en'], ['approve', 'ar']] as const) {
      const refused = await postJson(app, `/api/admin/consultants/${consultant.consultantId}/decision`, { action }, { ...admin.headers, 'accept-language': locale });
      expect(refused.status, action).toBe(409);
      expect(refused.body).toMatchObject({ status: false, msg: validationMessages[locale].accountIsClosed });
    }
    expect((await getJson(app, `/api/consultants/${consultant.consultantId}`)).status).toBe(404);
  });

  it('is listed as closed, filtered apart, and refuses every action (409, localized)', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app, { locale: 'en' });
    const admin = await signedInUser(app, { role: 'admin' });
    expect((await close(app, headers, { current_password: user.password })).status).toBe(200);

    const closedList = await getJson(app, '/api/admin/users?state=closed&limit=100', admin.headers);
    expect((closedList.body.data as Array<{ id: number; state: string }>).find((item) => item.id === user.id)?.state).toBe('closed');
    const activeList = await getJson(app, '/api/admin/users?state=active&limit=100', admin.headers);
    expect((activeList.body.data as Array<{ id: number }>).some((item) => item.id === user.id)).toBe(false);
    expect((await getJson(app, `/api/admin/users/${user.id}`, admin.headers)).body.data).toMatchObject({ state: 'closed' });

    for (const locale of ['en', 'ar'] as const) {
      const refused = await postJson(app, `/api/admin/users/${user.id}/roles`, { action: 'grant', role: 'reviewer', reason: 'Review help' }, { ...admin.headers, 'accept-language': locale });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ status: false, msg: validationMessages[locale].accountIsClosed });
    }
    const suspend = await postJson(app, `/api/admin/users/${user.id}/suspension`, { reason: 'Spam' }, admin.headers);
    expect(suspend.status).toBe(409);
    expect((await stored(app, user.id)).roles).toEqual([]);
  });
});

describe('the mail service never sends to an .invalid address', () => {
  it('keeps such a mail as failed, never pending', async () => {
    const app = getApp();
    const id = await app.mail.enqueue({ to: 'someone@closed.invalid', locale: 'en', subject: 'x', text: 'x' });
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed' });
    expect(isUndeliverableAddress('a@example.invalid')).toBe(true);
    expect(isUndeliverableAddress('a@invalid.example.ae')).toBe(false);
  });
});
