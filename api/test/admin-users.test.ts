/**
 * Users, roles, supervisor links, suspensions and the audit log (issue 18), on the real app:
 * the Arabic-aware search, the filters, a user's page, grant and revoke with the last-administrator
 * guard, linking a supervisor, and a suspension that ends every live session (refresh refused,
 * access token refused, the open chat socket closed), refuses sign-in with its end date, is lifted
 * or runs out, e-mails the user in their language, and leaves its trail in the audit log.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminUserDetailsResponseSchema,
  adminUsersResponseSchema,
  auditLogResponseSchema,
  CHAT_CLOSE_CODES,
  successMessages,
  translateMessage,
  validationMessages,
} from '@scholars/shared-contracts/schemas';
import { formatDate, type Locale } from '@scholars/shared-contracts/locale';
import { mailOutbox, researchReviewTransitions, researchSubmissions, userSuspensions, users } from '../src/db/schema';
import { giveSubscription } from './community-helpers';
import { bearer, createUser, getJson, postJson, signIn, useApp, type CreateUserOverrides, type TestUser } from './helper';

const app = useApp();

interface Actor extends TestUser {
  headers: Record<string, string>;
}
async function actor(overrides: CreateUserOverrides = {}): Promise<Actor> {
  const user = await createUser(app(), overrides);
  return { ...user, headers: bearer(await signIn(app(), user)) };
}

const tag = () => randomBytes(4).toString('hex');
const put = (url: string, body: unknown, headers: Record<string, string>) =>
  app().inject({ method: 'PUT', url, payload: body as object, headers: { 'content-type': 'application/json', ...headers } });

async function listUsers(admin: Actor, query: string) {
  const { status, body } = await getJson(app(), `/api/admin/users?${query}`, admin.headers);
  expect(status).toBe(200);
  return adminUsersResponseSchema.parse(body);
}

async function addSubmission(ownerId: number, status: 'pending_supervisor' | 'under_review' | 'removed', supervisorId: number | null = null) {
  const [row] = await app()
    .db.insert(researchSubmissions)
    .values({
      ownerId,
      supervisorId,
      otherCategory: 'Other',
      title: 'بحث تجريبي',
      titleEn: 'A test research',
      description: 'وصف',
      descriptionEn: 'Description',
      abstract: 'Abstract',
      researchType: 'master',
      filePath: 'research/x.pdf',
      fileOriginalName: 'x.pdf',
      fileMime: 'application/pdf',
      image: 'research/x.png',
      termsAcceptedAt: new Date(),
      status,
    })
    .returning({ id: researchSubmissions.id });
  return row!.id;
}

const outboxOf = (email: string, template: string) =>
  app()
    .db.select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.id));

async function auditFor(admin: Actor, query: string) {
  const { status, body } = await getJson(app(), `/api/admin/audit-log?${query}`, admin.headers);
  expect(status).toBe(200);
  return auditLogResponseSchema.parse(body);
}

async function login(user: Pick<TestUser, 'email' | 'password'>, locale: Locale = 'en') {
  return postJson(app(), '/api/auth/login', { email: user.email, password: user.password }, { 'accept-language': locale });
}

let admin: Actor;
beforeAll(async () => {
  admin = await actor({ role: 'admin', name: 'Chief Administrator' });
});

describe('the users list', () => {
  it('finds Arabic names whatever their hamza, taa marbuta and tashkeel, and e-mails by a fragment', async () => {
    const t = tag();
    const ahmad = await createUser(app(), { name: `أَحْمَد الشَّامِيّ ${t}` });
    const fatima = await createUser(app(), { name: `فاطمة الزهراء ${t}`, email: `zahra.${t}@uni.example.ae` });
    await createUser(app(), { name: `Someone Else ${t}` });

    const found = await listUsers(admin, `q=${encodeURIComponent(`احمد الشامي ${t}`)}`);
    expect(found.data.map((u) => u.id)).toEqual([ahmad.id]);
    expect(found.tot).toBe(1);
    // ة and ه are one letter to the search.
    expect((await listUsers(admin, `q=${encodeURIComponent(`فاطمه ${t}`)}`)).data.map((u) => u.id)).toEqual([fatima.id]);
    expect((await listUsers(admin, `q=${encodeURIComponent(`zahra.${t}@uni`)}`)).data.map((u) => u.id)).toEqual([fatima.id]);
    // Every word must match; all three share the tag, newest first.
    expect((await listUsers(admin, `q=${t}`)).data).toHaveLength(3);
    expect((await listUsers(admin, `q=${t}&limit=2&page=2`)).data).toHaveLength(1);
    // Every word must match.
    expect((await listUsers(admin, `q=${encodeURIComponent(`احمد ${t} nobody`)}`)).tot).toBe(0);
  });

  it('filters by role and state', async () => {
    const t = tag();
    const reviewer = await createUser(app(), { role: 'reviewer', name: `Reviewer ${t}` });
    const plain = await createUser(app(), { name: `Plain ${t}` });
    const unverified = await createUser(app(), { name: `Unverified ${t}`, verified: false });
    const suspended = await createUser(app(), { name: `Suspended ${t}` });
    const ended = await createUser(app(), { name: `Ended ${t}` });
    await app().db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    // A suspension whose end has passed is over: the account is active.
    await app().db.update(users).set({ suspendedAt: new Date(Date.now() - 7200_000), suspendedUntil: new Date(Date.now() - 3600_000) }).where(eq(users.id, ended.id));

    const ids = async (query: string) => (await listUsers(admin, `q=${t}&${query}`)).data.map((u) => u.id).sort();
    expect(await ids('role=reviewer')).toEqual([reviewer.id]);
    expect(await ids('role=user')).toEqual([plain.id, unverified.id, suspended.id, ended.id].sort());
    expect(await ids('state=suspended')).toEqual([suspended.id]);
    expect(await ids('state=unverified')).toEqual([unverified.id]);
    expect(await ids('state=active')).toEqual([reviewer.id, plain.id, ended.id].sort());
    const all = await listUsers(admin, `q=${t}`);
    expect(all.data.find((u) => u.id === suspended.id)).toMatchObject({ state: 'suspended', suspended_until: null });
    expect(all.data.find((u) => u.id === ended.id)).toMatchObject({ state: 'active', suspended_until: null });
    expect(all.data.find((u) => u.id === reviewer.id)).toMatchObject({ roles: ['reviewer'], state: 'active' });

    const bad = await getJson(app(), '/api/admin/users?state=sleeping', { ...admin.headers, 'accept-language': 'ar' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: false });
  });
});

describe("a user's page", () => {
  it('shows the profile, supervisor and students, submissions, subscriptions, removals and suspensions', async () => {
    const supervisor = await createUser(app(), { role: 'supervisor' });
    const student = await createUser(app(), { supervisorId: supervisor.id, locale: 'ar' });
    const waiting = await addSubmission(student.id, 'pending_supervisor', supervisor.id);
    const removedLongAgo = await addSubmission(student.id, 'removed');
    const removedRecently = await addSubmission(student.id, 'removed');
    await app()
      .db.insert(researchReviewTransitions)
      .values([
        { researchId: removedLongAgo, fromStatus: 'under_review', toStatus: 'removed', actorId: admin.id, note: 'old', createdAt: new Date(Date.now() - 120 * 86400_000) },
        { researchId: removedRecently, fromStatus: 'under_review', toStatus: 'removed', actorId: admin.id, note: 'new', createdAt: new Date(Date.now() - 5 * 86400_000) },
      ]);
    await giveSubscription(app(), student.id);

    const { status, body } = await getJson(app(), `/api/admin/users/${student.id}`, admin.headers);
    expect(status).toBe(200);
    const page = adminUserDetailsResponseSchema.parse(body).data;
    expect(page).toMatchObject({
      id: student.id,
      email: student.email,
      locale: 'ar',
      state: 'active',
      roles: [],
      supervisor: { id: supervisor.id, name: supervisor.name, email: supervisor.email },
      students: [],
      removals: { total: 2, last_90_days: 1 },
      suspensions: [],
    });
    expect(page.submissions.map((s) => s.id).sort()).toEqual([waiting, removedLongAgo, removedRecently].sort());
    expect(page.subscriptions).toHaveLength(1);
    expect(page.subscriptions[0]).toMatchObject({ status: 'active' });

    const theirs = adminUserDetailsResponseSchema.parse((await getJson(app(), `/api/admin/users/${supervisor.id}`, admin.headers)).body).data;
    expect(theirs.students.map((s) => s.id)).toEqual([student.id]);
    expect((await getJson(app(), '/api/admin/users/999999', admin.headers)).status).toBe(404);
  });
});

describe('roles', () => {
  it('grants and revokes, audited with the reason; the answer is the updated page', async () => {
    const target = await actor();
    const granted = await postJson(app(), `/api/admin/users/${target.id}/roles`, { action: 'grant', role: 'reviewer', reason: 'Joins the committee' }, admin.headers);
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ msg: successMessages.en.roleGranted, data: { roles: ['reviewer'] } });
    // The role counts from the next call, without signing in again.
    expect((await getJson(app(), '/api/review/reviewers', target.headers)).status).not.toBe(403);

    const again = await postJson(app(), `/api/admin/users/${target.id}/roles`, { action: 'grant', role: 'reviewer' }, admin.headers);
    expect(again.body).toMatchObject({ msg: successMessages.en.roleUnchanged });
    const revoked = await postJson(app(), `/api/admin/users/${target.id}/roles`, { action: 'revoke', role: 'reviewer', reason: 'Left' }, admin.headers);
    expect(revoked.body).toMatchObject({ msg: successMessages.en.roleRevoked, data: { roles: [] } });

    const trail = await auditFor(admin, `target_type=user&target_id=${target.id}`);
    expect(trail.data.map((e) => [e.action, e.reason, e.details.role, e.actor])).toEqual([
      ['revoke', 'Left', 'reviewer', { id: admin.id, label: admin.name }],
      ['grant', 'Joins the committee', 'reviewer', { id: admin.id, label: admin.name }],
    ]);
    // The member heard of each change, in their language; "unchanged" mailed nothing.
    const [grantMail, ...moreGrants] = await outboxOf(target.email, 'role_granted');
    expect(moreGrants).toEqual([]);
    expect(grantMail).toMatchObject({ locale: 'en', subject: 'You are now a reviewer on the platform' });
    expect(grantMail!.textBody).toContain('/admin');
    expect(await outboxOf(target.email, 'role_revoked')).toHaveLength(1);
    const arabic = await actor({ locale: 'ar' });
    await postJson(app(), `/api/admin/users/${arabic.id}/roles`, { action: 'grant', role: 'supervisor' }, admin.headers);
    expect((await outboxOf(arabic.email, 'role_granted'))[0]).toMatchObject({ locale: 'ar', subject: 'لديك الآن دور المشرف الأكاديمي في المنصة' });
    expect((await postJson(app(), '/api/admin/users/999999/roles', { action: 'grant', role: 'admin' }, admin.headers)).status).toBe(404);
    expect((await postJson(app(), `/api/admin/users/${target.id}/roles`, { action: 'grant', role: 'user' }, admin.headers)).status).toBe(400);
  });

  it('refuses to revoke the last administrator’s role (409, localized), and allows it once another exists', async () => {
    const only = await actor({ role: 'admin' });
    // Only `only` is an administrator in this database from now on.
    await app().db.update(users).set({ roles: sql`array_remove(${users.roles}, 'admin')` }).where(sql`${users.id} <> ${only.id}`);
    const refused = await postJson(app(), `/api/admin/users/${only.id}/roles`, { action: 'revoke', role: 'admin' }, { ...only.headers, 'accept-language': 'ar' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: false, msg: validationMessages.ar.lastAdministrator });
    expect((await app().db.select({ roles: users.roles }).from(users).where(eq(users.id, only.id)))[0]!.roles).toContain('admin');

    const second = await createUser(app());
    expect((await postJson(app(), `/api/admin/users/${second.id}/roles`, { action: 'grant', role: 'admin' }, only.headers)).status).toBe(200);
    const given = await postJson(app(), `/api/admin/users/${only.id}/roles`, { action: 'revoke', role: 'admin' }, only.headers);
    expect(given.status).toBe(200);
    // No longer an administrator: the next call is refused.
    expect((await getJson(app(), '/api/admin/users', only.headers)).status).toBe(403);
    // The administrators of the other tests again.
    await app().db.update(users).set({ roles: ['admin'] }).where(eq(users.id, admin.id));
  });
});

describe('supervisor links', () => {
  it('links by e-mail (making the account a supervisor), moves the waiting work to them, and unlinks', async () => {
    const student = await createUser(app());
    const academic = await actor();
    const waiting = await addSubmission(student.id, 'pending_supervisor');
    const decided = await addSubmission(student.id, 'under_review');

    const linked = await put(`/api/admin/users/${student.id}/supervisor`, { email: academic.email.toUpperCase(), reason: 'Named by the faculty' }, admin.headers);
    expect(linked.statusCode).toBe(200);
    const page = adminUserDetailsResponseSchema.parse(linked.json()).data;
    expect(page.supervisor).toMatchObject({ id: academic.id });
    const [academicRow] = await app().db.select({ roles: users.roles }).from(users).where(eq(users.id, academic.id));
    expect(academicRow!.roles).toEqual(['supervisor']);
    const rows = await app().db.select({ id: researchSubmissions.id, supervisorId: researchSubmissions.supervisorId }).from(researchSubmissions).where(eq(researchSubmissions.ownerId, student.id));
    expect(rows.find((r) => r.id === waiting)!.supervisorId).toBe(academic.id);
    expect(rows.find((r) => r.id === decided)!.supervisorId).toBeNull();

    const unknown = await put(`/api/admin/users/${student.id}/supervisor`, { email: `nobody.${tag()}@example.ae` }, { ...admin.headers, 'accept-language': 'ar' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ msg: validationMessages.ar.roleAccountUnknown });
    const self = await put(`/api/admin/users/${student.id}/supervisor`, { email: student.email }, admin.headers);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ msg: validationMessages.en.supervisorSelf });
    expect((await put(`/api/admin/users/${student.id}/supervisor`, { email: 'not an address' }, admin.headers)).statusCode).toBe(400);

    const unlinked = await put(`/api/admin/users/${student.id}/supervisor`, { email: null, reason: 'Changed university' }, admin.headers);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toMatchObject({ msg: successMessages.en.supervisorUnlinked, data: { supervisor: null } });

    const trail = await auditFor(admin, `target_id=${student.id}&target_type=user`);
    expect(trail.data.map((e) => [e.action, e.reason])).toEqual([
      ['unlink', 'Changed university'],
      ['link', 'Named by the faculty'],
    ]);
    expect((await auditFor(admin, `target_id=${academic.id}&action=grant`)).data[0]).toMatchObject({ details: { role: 'supervisor' } });
  });
});

// ------------------------------------------------------------------------------ suspensions
const ORIGIN = 'http://localhost:8080';

describe('suspensions', () => {
  let base = '';
  beforeAll(async () => {
    await app().listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(app().server.address() as AddressInfo).port}`;
  });

  /** A real chat socket, authenticated with `token`; rejects when the server closes it first. */
  const openSocket = (token: string) =>
    new Promise<{ ws: WebSocket; closed: Promise<number> }>((resolve, reject) => {
      const ws = new WebSocket(`${base}/api/chat/ws`, { headers: { origin: ORIGIN } });
      const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
      ws.once('close', (code) => reject(new Error(`closed with ${code}`)));
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string };
        if (frame.type === 'ready') resolve({ ws, closed });
      });
      ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
      ws.once('error', reject);
    });

  it('ends every live session at once: refresh refused, access token refused, the open chat socket closed', async () => {
    const member = await createUser(app(), { locale: 'ar' });
    const signedIn = await login(member);
    expect(signedIn.status).toBe(200);
    const accessToken = (signedIn.body.data as { accessToken: string }).accessToken;
    const refreshToken = signedIn.response.cookies.find((c) => c.name === 'refresh_token')!.value;
    const otherSession = await signIn(app(), member);
    const socket = await openSocket(accessToken);
    expect((await getJson(app(), '/api/profile', bearer(accessToken))).status).toBe(200);

    const endsAt = new Date(Date.now() + 3 * 86400_000);
    const suspended = await postJson(app(), `/api/admin/users/${member.id}/suspension`, { reason: 'Repeated plagiarism', ends_at: endsAt.toISOString() }, admin.headers);
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ msg: successMessages.en.userSuspended, data: { state: 'suspended', suspended_until: endsAt.toISOString() } });

    expect(await socket.closed).toBe(CHAT_CLOSE_CODES.unauthorized);
    expect((await getJson(app(), '/api/profile', bearer(accessToken))).status).toBe(401);
    expect((await getJson(app(), '/api/profile', bearer(otherSession))).status).toBe(401);
    // The open page's refresh is refused saying why (not "expired"), in the page's language, with the end.
    const refreshed = await app().inject({ method: 'POST', url: '/api/tokens/refresh-token', headers: { cookie: `refresh_token=${refreshToken}`, 'accept-language': 'ar' } });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toMatchObject({
      err: 'account_suspended',
      msg: translateMessage('ar', 'validation.accountSuspendedUntil', { date: formatDate(endsAt, 'ar', 'dateTime') }),
    });
    // A new socket with the old token is refused too.
    await expect(openSocket(accessToken)).rejects.toThrow(`closed with ${CHAT_CLOSE_CODES.unauthorized}`);

    // Sign-in: the localized refusal with the end date, in the platform's zone.
    const refusedAr = await login(member, 'ar');
    expect(refusedAr.status).toBe(403);
    expect(refusedAr.body).toMatchObject({
      err: 'account_suspended',
      msg: translateMessage('ar', 'validation.accountSuspendedUntil', { date: formatDate(endsAt, 'ar', 'dateTime') }),
    });
    const refusedEn = await login(member, 'en');
    expect(refusedEn.body.msg).toBe(translateMessage('en', 'validation.accountSuspendedUntil', { date: formatDate(endsAt, 'en', 'dateTime') }));
    expect(String(refusedEn.body.msg)).toContain(String(endsAt.getUTCFullYear()));

    // E-mailed in the member's language (Arabic), with the reason.
    const [mail] = await outboxOf(member.email, 'account_suspended');
    expect(mail).toMatchObject({ locale: 'ar', subject: 'تم إيقاف حسابك' });
    expect(mail!.textBody).toContain('Repeated plagiarism');
    expect(mail!.htmlBody).toContain('dir="rtl"');

    const twice = await postJson(app(), `/api/admin/users/${member.id}/suspension`, { reason: 'Again' }, admin.headers);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ msg: validationMessages.en.userAlreadySuspended });

    // Lifted: signs in again, e-mailed in Arabic, the history keeps both ends.
    const lifted = await postJson(app(), `/api/admin/users/${member.id}/suspension/lift`, { reason: 'Appeal accepted' }, admin.headers);
    expect(lifted.status).toBe(200);
    const page = adminUserDetailsResponseSchema.parse(lifted.body).data;
    expect(page.state).toBe('active');
    expect(page.suspensions).toEqual([
      expect.objectContaining({ reason: 'Repeated plagiarism', ends_at: endsAt.toISOString(), created_by: admin.name, lifted_by: admin.name, lift_reason: 'Appeal accepted' }),
    ]);
    expect((await login(member)).status).toBe(200);
    // Its old session stays ended, now as any revoked one (no suspension to tell of).
    const afterLift = await app().inject({ method: 'POST', url: '/api/tokens/refresh-token', headers: { cookie: `refresh_token=${refreshToken}` } });
    expect(afterLift.json()).toMatchObject({ status: false, err: 401 });
    const [liftMail] = await outboxOf(member.email, 'account_suspension_lifted');
    expect(liftMail).toMatchObject({ locale: 'ar', subject: 'تم رفع الإيقاف عن حسابك' });
    expect((await postJson(app(), `/api/admin/users/${member.id}/suspension/lift`, {}, admin.headers)).status).toBe(409);

    const trail = await auditFor(admin, `target_id=${member.id}`);
    expect(trail.data.map((e) => [e.action, e.reason])).toEqual([
      ['lift', 'Appeal accepted'],
      ['suspend', 'Repeated plagiarism'],
    ]);
    expect(trail.data[1]!.details).toMatchObject({ ends_at: endsAt.toISOString() });
  });

  it('without an end: the plain message, in English for an English account', async () => {
    const member = await createUser(app(), { locale: 'en' });
    expect((await postJson(app(), `/api/admin/users/${member.id}/suspension`, { reason: 'Spam' }, admin.headers)).status).toBe(200);
    const refused = await login(member);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ err: 'account_suspended', msg: validationMessages.en.accountSuspended });
    const [mail] = await outboxOf(member.email, 'account_suspended');
    expect(mail).toMatchObject({ locale: 'en', subject: 'Your account was suspended' });
    expect(mail!.textBody).toContain('until further notice');
  });

  it('a suspension whose end has passed lets the account in again, and a new one may be decided', async () => {
    const member = await createUser(app());
    const endsAt = new Date(Date.now() + 3600_000);
    expect((await postJson(app(), `/api/admin/users/${member.id}/suspension`, { reason: 'Cooling off', ends_at: endsAt.toISOString() }, admin.headers)).status).toBe(200);
    expect((await login(member)).status).toBe(403);
    // An hour later (the clock moved on: the stored end is now past).
    await app().db.update(users).set({ suspendedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, member.id));
    const back = await login(member);
    expect(back.status).toBe(200);
    const token = (back.body.data as { accessToken: string }).accessToken;
    expect((await getJson(app(), '/api/profile', bearer(token))).status).toBe(200);
    const socket = await openSocket(token);
    socket.ws.terminate();
    expect((await postJson(app(), `/api/admin/users/${member.id}/suspension`, { reason: 'Again' }, admin.headers)).status).toBe(200);
    expect(await app().db.select().from(userSuspensions).where(eq(userSuspensions.userId, member.id))).toHaveLength(2);
  });

  it('refuses a past end, no reason, suspending oneself and unknown users, localized', async () => {
    const member = await createUser(app());
    const past = await postJson(app(), `/api/admin/users/${member.id}/suspension`, { reason: 'x', ends_at: new Date(Date.now() - 60_000).toISOString() }, { ...admin.headers, 'accept-language': 'ar' });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ msg: validationMessages.ar.suspensionEndInvalid, errors: { ends_at: validationMessages.ar.suspensionEndInvalid } });
    const notADate = await postJson(app(), `/api/admin/users/${member.id}/suspension`, { reason: 'x', ends_at: 'tomorrow' }, admin.headers);
    expect(notADate.status).toBe(400);
    expect((await postJson(app(), `/api/admin/users/${member.id}/suspension`, { reason: '   ' }, admin.headers)).status).toBe(400);
    const self = await postJson(app(), `/api/admin/users/${admin.id}/suspension`, { reason: 'x' }, admin.headers);
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ msg: validationMessages.en.suspendSelf });
    expect((await postJson(app(), '/api/admin/users/999999/suspension', { reason: 'x' }, admin.headers)).status).toBe(404);
    expect((await login(member)).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('lists newest first and filters by actor, target and action', async () => {
    const other = await actor({ role: 'admin', name: 'Second Administrator' });
    const target = await createUser(app());
    await postJson(app(), `/api/admin/users/${target.id}/roles`, { action: 'grant', role: 'supervisor', reason: 'one' }, admin.headers);
    await postJson(app(), `/api/admin/users/${target.id}/roles`, { action: 'grant', role: 'reviewer', reason: 'two' }, other.headers);
    await postJson(app(), `/api/admin/users/${target.id}/suspension`, { reason: 'three' }, other.headers);

    const all = await auditFor(admin, `target_id=${target.id}`);
    expect(all.data.map((e) => e.reason)).toEqual(['three', 'two', 'one']);
    expect(all.tot).toBe(3);
    const byOther = await auditFor(admin, `actor_id=${other.id}`);
    expect(byOther.data.map((e) => e.reason)).toEqual(['three', 'two']);
    expect(byOther.data[0]!.actor).toEqual({ id: other.id, label: 'Second Administrator' });
    expect((await auditFor(admin, `target_id=${target.id}&action=suspend`)).data.map((e) => e.reason)).toEqual(['three']);
    const paged = await auditFor(admin, `target_id=${target.id}&limit=1&page=2`);
    expect(paged.data.map((e) => e.reason)).toEqual(['two']);
    expect((await getJson(app(), '/api/admin/audit-log?limit=1000', admin.headers)).status).toBe(400);
  });

  it('downloads what the filter matches as CSV, newest first: actor by name, reason, details as JSON; a formula is text', async () => {
    const target = await actor();
    await postJson(app(), `/api/admin/users/${target.id}/roles`, { action: 'grant', role: 'supervisor', reason: 'أولًا, "first"' }, admin.headers);
    await postJson(app(), `/api/admin/users/${target.id}/suspension`, { reason: '=HYPERLINK("x")' }, admin.headers);
    const exported = (query: string, headers = admin.headers) => app().inject({ method: 'GET', url: `/api/admin/audit-log/export?${query}`, headers });
    const csv = await exported(`target_type=user&target_id=${target.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actor_id,actor,action,target_type,target_id,reason,details');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,${admin.id},${admin.name},suspend,user,${target.id},"'=HYPERLINK(""x"")",`);
    expect(lines[2]).toContain(`,${admin.id},${admin.name},grant,user,${target.id},"أولًا, ""first""","{""role"":""supervisor""}"`);
    // The list's filters; a filter that is no filter is refused as the list refuses it; administrators only.
    expect((await exported(`target_id=${target.id}&action=grant`)).body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(2);
    expect((await exported('actor_id=abc')).statusCode).toBe(400);
    expect((await exported('', (await actor()).headers)).statusCode).toBe(403);
  });
});
