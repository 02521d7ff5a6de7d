/**
 * Telling members of an amended privacy policy: an administrator asks for a notice of the saved
 * version; the send job mails every member with a confirmed address who had an account by then,
 * once, in their language, with the policy's date and link; the figures follow the mail queue; one
 * notice per version (409), only the current version (409 `staleEdit`), in the audit log.
 */
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatDate, isolate, PLATFORM_TIME_ZONE } from '@scholars/shared-contracts/locale';
import { successMessages, validationMessages, type AdminPrivacyPolicy, type PolicyNotice, type PolicyNotices } from '@scholars/shared-contracts/schemas';
import { auditLog, mailOutbox, policyNotices, users } from '../src/db/schema';
import { runPolicyNoticeSends } from '../src/lib/operators/policy-notices';
import { staffHeaders } from './content-helpers';
import { createUser, getJson, postJson, useApp, type TestApp } from './helper';

const getApp = useApp();
const SITE = 'http://localhost:8080';

const noticeMails = (app: TestApp) => app.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'policy_notice')).orderBy(asc(mailOutbox.id));

/** Runs the send job until the notice is finished (batches of 2, no wait between them). */
async function sendAll(app: TestApp, id: number) {
  for (let round = 0; round < 200; round += 1) {
    await runPolicyNoticeSends(app.db, app.mail, { site: SITE, batchSize: 2, ratePerMinute: 100_000 });
    const [notice] = await app.db.select().from(policyNotices).where(eq(policyNotices.id, id));
    if (notice!.sendFinishedAt) return;
    await app.db.update(policyNotices).set({ nextBatchAt: sql`now()` }).where(eq(policyNotices.id, id));
  }
  throw new Error('the notice was not finished');
}

async function amendPolicy(app: TestApp, headers: Record<string, string>): Promise<AdminPrivacyPolicy> {
  const read = (await getJson(app, '/api/admin/pages/privacy', headers)).body.data as AdminPrivacyPolicy;
  const answer = await app.inject({
    method: 'PUT',
    url: '/api/admin/pages/privacy',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ version: read.version, sections: [...read.sections, { title: 'بند جديد', title_en: 'A new clause', body: 'نص البند.', body_en: 'The clause.' }] }),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as AdminPrivacyPolicy;
}

describe('telling members of an amended privacy policy', () => {
  it('mails every member with a confirmed address once, in their language, with the date and the link; the figures follow', async () => {
    const app = getApp();
    const { headers, id: adminId } = await staffHeaders(app);
    const arabic = await createUser(app, { locale: 'ar', name: 'سارة' });
    const english = await createUser(app, { locale: 'en', name: 'Omar' });
    const unconfirmed = await createUser(app, { verified: false });
    const policy = await amendPolicy(app, headers);

    const before = (await getJson(app, '/api/admin/pages/privacy/notices', headers)).body.data as PolicyNotices;
    const [{ members }] = (await app.db.select({ members: sql<number>`count(*)::int` }).from(users).where(isNotNull(users.emailVerifiedAt))) as [{ members: number }];
    expect(before.members).toBe(members);

    const created = await postJson(app, '/api/admin/pages/privacy/notices', { version: policy.version }, headers);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const notice = created.body.data as PolicyNotice;
    expect(created.body.msg).toBe(successMessages.en.policyNoticeSending.replace('{{count}}', String(members)));
    expect(notice).toMatchObject({ policy_version: policy.version, policy_updated_at: policy.updated_at, recipients: members, queued: 0, finished_at: null, created_by: { id: adminId } });
    const [entry] = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'content.notify'), eq(auditLog.targetType, 'site_page'))).orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ actorId: adminId, targetId: 2, details: { page: 'privacy', version: policy.version, recipients: members } });

    // Someone who signs up after the notice accepted the policy then: no mail for them.
    const later = await createUser(app, { locale: 'ar' });
    await sendAll(app, notice.id);
    const mails = await noticeMails(app);
    expect(mails).toHaveLength(members);
    expect(new Set(mails.map((mail) => mail.toAddress)).size).toBe(members);
    const to = (email: string) => mails.filter((mail) => mail.toAddress === email);
    expect(to(unconfirmed.email)).toHaveLength(0);
    expect(to(later.email)).toHaveLength(0);
    const [inArabic] = to(arabic.email);
    expect(inArabic).toMatchObject({ locale: 'ar', subject: expect.stringContaining('سياسة الخصوصية والمحتوى') });
    expect(inArabic!.textBody).toContain(formatDate(policy.updated_at!, 'ar', 'longDate', PLATFORM_TIME_ZONE));
    expect(inArabic!.textBody).toContain(`${SITE}/privacy-policy`);
    expect(inArabic!.htmlBody).toContain('dir="rtl"');
    const [inEnglish] = to(english.email);
    expect(inEnglish).toMatchObject({ locale: 'en', subject: expect.stringContaining('privacy and content policy') });
    expect(inEnglish!.textBody).toContain(`Hello ${isolate('Omar')}`);
    expect(inEnglish!.textBody).toContain(formatDate(policy.updated_at!, 'en', 'longDate', PLATFORM_TIME_ZONE));

    // Run again: nobody gets it twice.
    await runPolicyNoticeSends(app.db, app.mail, { site: SITE, batchSize: 2, ratePerMinute: 100_000 });
    expect(await noticeMails(app)).toHaveLength(members);
    const after = (await getJson(app, '/api/admin/pages/privacy/notices', headers)).body.data as PolicyNotices;
    expect(after.notices[0]).toMatchObject({ id: notice.id, recipients: members, queued: members, finished_at: expect.any(String) });
    expect(after.notices[0]!.sent + after.notices[0]!.failed).toBeLessThanOrEqual(members);
  });

  it('once per version, and only the version the console shows (409, in the language asked)', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    await createUser(app);
    const policy = await amendPolicy(app, headers);
    expect((await postJson(app, '/api/admin/pages/privacy/notices', { version: policy.version }, headers)).status).toBe(201);
    const again = await postJson(app, '/api/admin/pages/privacy/notices', { version: policy.version }, { ...headers, 'accept-language': 'ar' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: false, msg: validationMessages.ar.policyAlreadyNotified });
    const stale = await postJson(app, '/api/admin/pages/privacy/notices', { version: policy.version - 1 }, headers);
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(validationMessages.en.staleEdit);
    // A new amendment can be told of in turn.
    const amended = await amendPolicy(app, headers);
    expect((await postJson(app, '/api/admin/pages/privacy/notices', { version: amended.version }, headers)).status).toBe(201);
  });

  it('refuses a body without a version (400, in the envelope)', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const answer = await postJson(app, '/api/admin/pages/privacy/notices', { version: 'x' }, headers);
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe(false);
  });
});
