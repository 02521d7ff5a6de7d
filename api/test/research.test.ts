import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import {
  researchFieldsSchema,
  researchMineResponseSchema,
  researchSavedResponseSchema,
  researchSubmissionResponseSchema,
  translateMessage,
  validationMessages,
} from '@scholars/shared-contracts/schemas';
import { mailOutbox, researchReviewTransitions, researchSubmissions } from '../src/db/schema';
import { formatDate, PLATFORM_TIME_ZONE } from '@scholars/shared-contracts/locale';
import { createUser, getJson, postJson, useApp, signedInUser, type CreateUserOverrides } from './helper';
import { pdfBytes, researchForm, submitResearch, validFields, webpBytes } from './research-helpers';

const app = useApp();
const DAY = 86_400_000;

const signedIn = (overrides: CreateUserOverrides = {}) => signedInUser(app(), overrides);

describe('research submission: validation of every field (spec 3 and 5)', () => {
  const required: Array<[string, keyof typeof validationMessages.en]> = [
    ['title', 'researchTitleArRequired'],
    ['title_en', 'researchTitleEnRequired'],
    ['description', 'researchDescriptionArRequired'],
    ['description_en', 'researchDescriptionEnRequired'],
    ['abstract', 'researchAbstractRequired'],
    ['category_id', 'researchCategoryRequired'],
    ['research_type', 'researchTypeRequired'],
    ['terms', 'researchTermsRequired'],
  ];

  for (const [field, message] of required) {
    it(`${field} missing or blank: 400 with its own message, in English and Arabic, nothing stored`, async () => {
      const { user, headers } = await signedIn();
      for (const value of [undefined, '   ']) {
        const fields: Record<string, string | undefined> = { ...validFields(), [field]: value };
        if (field === 'terms' && value !== undefined) fields.terms = 'false';
        const en = await submitResearch(app(), headers, researchForm(fields));
        expect(en.status, `${field}=${String(value)}`).toBe(400);
        expect(en.body.status).toBe(false);
        expect(en.body.errors?.[field]).toBe(validationMessages.en[message]);
        expect(Object.keys(en.body.errors ?? {})).toEqual([field]);
        const ar = await submitResearch(app(), { ...headers, 'accept-language': 'ar' }, researchForm(fields));
        expect(ar.body.errors?.[field]).toBe(validationMessages.ar[message]);
      }
      const stored = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.ownerId, user.id));
      expect(stored).toEqual([]);
    });
  }

  it('the research file and the image are required', async () => {
    const { headers } = await signedIn();
    const { status, body } = await submitResearch(app(), headers, researchForm(validFields(), { file: null, image: null }));
    expect(status).toBe(400);
    expect(body.errors).toEqual({ file: 'Research file is required', image: 'Research image is required' });
  });

  it("category 'other' needs its text; an unknown category id is refused", async () => {
    const { headers } = await signedIn();
    const missing = await submitResearch(app(), headers, researchForm({ ...validFields(), category_id: 'other', other_category: ' ' }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ other_category: 'Please enter the category of your research' });
    const unknown = await submitResearch(app(), headers, researchForm({ ...validFields(), category_id: '999' }));
    expect(unknown.body.errors).toEqual({ category_id: 'Choose a category from the list' });
    const garbage = await submitResearch(app(), headers, researchForm({ ...validFields(), category_id: 'abc' }));
    expect(garbage.body.errors).toEqual({ category_id: 'Choose a category from the list' });
    const other = await submitResearch(app(), headers, researchForm({ ...validFields(), category_id: 'other', other_category: 'علم المكتبات' }));
    expect(other.status).toBe(201);
    const { data } = researchSavedResponseSchema.parse(other.body);
    expect(data.category_id).toBeNull();
    expect(data.other_category).toBe('علم المكتبات');
  });

  it('every problem at once: the form shows each under its field; msg is the first', async () => {
    const { headers } = await signedIn();
    const { body } = await submitResearch(app(), headers, researchForm({}, { file: null, image: null }));
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(
      ['abstract', 'category_id', 'description', 'description_en', 'file', 'image', 'research_type', 'terms', 'title', 'title_en'].sort(),
    );
    expect(body.msg).toBe(Object.values(body.errors ?? {})[0]);
  });

  it('the shared schema gives the same keys to the form in the browser', () => {
    const result = researchFieldsSchema.safeParse({ ...validFields(), category_id: 'other', other_category: '', terms: false });
    expect(result.success).toBe(false);
    const keys = Object.fromEntries((result.success ? [] : result.error.issues).map((issue) => [issue.path.join('.'), issue.message]));
    expect(keys).toEqual({ terms: 'validation.researchTermsRequired', other_category: 'validation.researchOtherCategoryRequired' });
    expect(translateMessage('ar', 'validation.fileTooLarge', { maximum: 20 })).toBe('يجب ألا يزيد حجم الملف على 20 ميغابايت');
  });

  it('visitors get 401; a JSON body is not a form (415)', async () => {
    const anonymous = await submitResearch(app(), {}, researchForm(validFields()));
    expect(anonymous.status).toBe(401);
    const { headers } = await signedIn();
    const json = await app().inject({ method: 'POST', url: '/api/research', headers: { ...headers, 'content-type': 'application/json' }, payload: validFields() });
    expect(json.statusCode).toBe(415);
  });
});

describe('research submission: saved with its review state', () => {
  it('general research goes to review; expected decision in 2-3 weeks; the first transition is recorded', async () => {
    const { user, headers } = await signedIn();
    const before = Date.now();
    const { status, body } = await submitResearch(app(), headers, researchForm(validFields()));
    expect(status).toBe(201);
    expect(body.msg).toBe('Your research was submitted for review. Expect a decision within 2-3 weeks.');
    const { data } = researchSavedResponseSchema.parse(body);
    expect(data.status).toBe('under_review');
    expect(data.editable).toBe(true);
    expect(data.title).toBe(validFields().title);
    expect(data.category?.name_en).toBe('Education');
    expect(data.file).toEqual({ name: 'research.pdf', mime: 'application/pdf', size: pdfBytes().length });
    expect(data.image).toMatch(/^public\/images\/research\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const from = new Date(data.expected_decision!.from).getTime();
    const to = new Date(data.expected_decision!.to).getTime();
    expect(from - before).toBeGreaterThanOrEqual(14 * DAY - 5000);
    expect(from - before).toBeLessThanOrEqual(14 * DAY + 5000);
    expect(to - from).toBe(7 * DAY);
    expect(data.history).toEqual([{ from: null, to: 'under_review', at: expect.any(String), note: null, by_role: 'owner', by_name: null }]);

    const [row] = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, data.id));
    expect(row?.ownerId).toBe(user.id);
    expect(row?.supervisorId).toBeNull();
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
    expect(row?.filePath).toMatch(/^private\/research\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(existsSync(path.join(app().config.FILES_DIR, row!.filePath))).toBe(true);
    // The image is public (served under /files/), the PDF is not.
    const image = await app().inject({ method: 'GET', url: `/files/${data.image.replace(/^public\//, '')}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const privateFile = await app().inject({ method: 'GET', url: `/files/${row!.filePath}` });
    expect(privateFile.statusCode).toBe(404);
  });

  it("a student's master or doctorate work starts at pending_supervisor, with its supervisor when named", async () => {
    const supervisor = await createUser(app(), { role: 'supervisor' });
    const { headers } = await signedIn({ supervisorId: supervisor.id });
    const thesis = await submitResearch(app(), headers, researchForm({ ...validFields(), research_type: 'master' }));
    const { data } = researchSavedResponseSchema.parse(thesis.body);
    expect(data.status).toBe('pending_supervisor');
    const [row] = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, data.id));
    expect(row?.supervisorId).toBe(supervisor.id);
    // General research by the same student goes to review; a thesis by someone without a supervisor
    // waits for one (issue 18: a supervisor always approves a student's work first).
    const general = researchSavedResponseSchema.parse((await submitResearch(app(), headers, researchForm(validFields()))).body);
    expect(general.data.status).toBe('under_review');
    const alone = await signedIn();
    const doctorate = researchSavedResponseSchema.parse(
      (await submitResearch(app(), alone.headers, researchForm({ ...validFields(), research_type: 'doctorate' }))).body,
    );
    expect(doctorate.data.status).toBe('pending_supervisor');
    const [waiting] = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, doctorate.data.id));
    expect(waiting?.supervisorId).toBeNull();
  });

  it('GET /api/research/mine: the owner’s list (ID, date, title, status), newest first, nobody else’s', async () => {
    const { headers } = await signedIn();
    const first = researchSavedResponseSchema.parse((await submitResearch(app(), headers, researchForm(validFields()))).body).data;
    const second = researchSavedResponseSchema.parse(
      (await submitResearch(app(), headers, researchForm({ ...validFields(), title_en: 'A second one' }))).body,
    ).data;
    const other = await signedIn();
    await submitResearch(app(), other.headers, researchForm(validFields()));
    const { status, body } = await getJson(app(), '/api/research/mine', headers);
    expect(status).toBe(200);
    const mine = researchMineResponseSchema.parse(body);
    expect(mine.tot).toBe(2);
    expect(mine.data.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(mine.data[0]).toMatchObject({ title_en: 'A second one', status: 'under_review', research_type: 'general' });
    expect(mine.data[0]!.expected_decision_to).toBe(second.expected_decision!.to);
    expect((await getJson(app(), '/api/research/mine')).status).toBe(401);
  });

  it('GET /api/research/{id}: the owner only; anyone else 404', async () => {
    const { headers } = await signedIn();
    const { data } = researchSavedResponseSchema.parse((await submitResearch(app(), headers, researchForm(validFields()))).body);
    const own = await getJson(app(), `/api/research/${data.id}`, headers);
    expect(researchSubmissionResponseSchema.parse(own.body).data.id).toBe(data.id);
    const stranger = await signedIn();
    expect((await getJson(app(), `/api/research/${data.id}`, stranger.headers)).status).toBe(404);
    expect((await getJson(app(), '/api/research/1', headers)).status).toBe(404);
  });
});

describe('research submission: the receipt e-mailed to the author (issue 21)', () => {
  /** The receipts in the outbox to `email`. */
  const receipts = (email: string) =>
    app().db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'research_receipt')));

  it('English: general research goes to the reviewers; decision expected 21 days after submission, in the platform zone', async () => {
    const { user, headers } = await signedIn({ locale: 'en', name: 'Hessa Al Nuaimi' });
    // The page's language does not matter: the mail is in the account's language.
    const { data } = researchSavedResponseSchema.parse((await submitResearch(app(), { ...headers, 'accept-language': 'ar' }, researchForm(validFields()))).body);
    const [row] = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, data.id));
    const expected = formatDate(new Date(row!.submittedAt.getTime() + 21 * DAY), 'en', 'longDate', PLATFORM_TIME_ZONE);
    const [mail, ...more] = await receipts(user.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ locale: 'en', subject: `We received your research: ${isolate(validFields().title_en!)}` });
    expect(mail!.textBody).toContain(`Hello ${isolate('Hessa Al Nuaimi')},`);
    expect(mail!.textBody).toContain(`(no. ${data.id})`);
    expect(mail!.textBody).toContain('Next stage: review by the platform’s reviewers.');
    expect(mail!.textBody).toContain(`Expect a decision by ${expected};`);
    expect(expected).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(mail!.textBody).toMatch(/https?:\/\/\S+\/profile\?tab=research\b/);
    expect(mail!.htmlBody).toContain('<html lang="en" dir="ltr">');
  });

  it("Arabic: a student's thesis goes to the supervisor first (named, or still to be named)", async () => {
    const supervisor = await createUser(app(), { role: 'supervisor' });
    const student = await signedIn({ locale: 'ar', name: 'مريم الشامسي', supervisorId: supervisor.id });
    const { data } = researchSavedResponseSchema.parse((await submitResearch(app(), student.headers, researchForm({ ...validFields(), research_type: 'master' }))).body);
    const [row] = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, data.id));
    const expected = formatDate(new Date(row!.submittedAt.getTime() + 21 * DAY), 'ar', 'longDate', PLATFORM_TIME_ZONE);
    const [mail] = await receipts(student.user.email);
    expect(mail).toMatchObject({ locale: 'ar', subject: `تلقّينا بحثك: ${isolate(validFields().title!)}` });
    expect(mail!.textBody).toContain(`مرحبًا ${isolate('مريم الشامسي')}،`);
    expect(mail!.textBody).toContain('المرحلة التالية: موافقة المشرف. يصل البحث الآن إلى مشرفك');
    expect(mail!.textBody).toContain(`القرار المتوقع بحلول ${expected}`);
    // Western digits in Arabic too (decisions.md, Language, digits and dates).
    expect(expected).toMatch(/^\d{1,2} \S+ \d{4}$/);
    expect(mail!.textBody).toContain('فريق ملتقى الباحثين');
    expect(mail!.htmlBody).toContain('<html lang="ar" dir="rtl">');

    const alone = await signedIn({ locale: 'ar' });
    await submitResearch(app(), alone.headers, researchForm({ ...validFields(), research_type: 'doctorate' }));
    const [waiting] = await receipts(alone.user.email);
    expect(waiting!.textBody).toContain('لم تُسمِّ مشرفًا بعد: سمِّه من تبويب الأبحاث في ملفك الشخصي');
  });

  it('a student who named a supervisor not yet accepted is told the work waits for them, not to name one (en, ar)', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const student = await signedIn({ locale });
      const academic = await createUser(app());
      // Named on the research form: the invitation waits for the academic's answer (users.supervisor_id still null).
      expect((await postJson(app(), '/api/supervision/mine', { email: academic.email }, student.headers)).status).toBe(200);
      await submitResearch(app(), student.headers, researchForm({ ...validFields(), research_type: 'master' }));
      const [mail] = await receipts(student.user.email);
      if (locale === 'en') {
        expect(mail!.textBody).toContain('Next stage: supervisor approval. Your research goes to the supervisor you named as soon as they accept your invitation;');
        expect(mail!.textBody).not.toContain('You have not named a supervisor yet');
      } else {
        expect(mail!.textBody).toContain('المرحلة التالية: موافقة المشرف. يصل البحث إلى المشرف الذي سمّيته فور قبوله دعوتك');
        expect(mail!.textBody).not.toContain('لم تُسمِّ مشرفًا بعد');
      }
    }
  });

  it('a refused submission sends no receipt', async () => {
    const { user, headers } = await signedIn();
    expect((await submitResearch(app(), headers, researchForm({ ...validFields(), title: ' ' }))).status).toBe(400);
    expect(await receipts(user.email)).toEqual([]);
  });
});

describe('edit mode: the owner, while undecided', () => {
  it('the owner edits the fields and replaces the image; the old file is removed; the PDF is kept', async () => {
    const { headers } = await signedIn();
    const created = researchSavedResponseSchema.parse((await submitResearch(app(), headers, researchForm(validFields()))).body).data;
    const [before] = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, created.id));
    const edit = await submitResearch(
      app(),
      headers,
      researchForm({ ...validFields(), title_en: 'An edited title', category_id: 'other', other_category: 'Library science' }, {
        file: null,
        image: { bytes: webpBytes(), name: 'new-cover.webp', type: 'image/webp' },
      }),
      'PUT',
      created.id,
    );
    expect(edit.status).toBe(200);
    expect(edit.body.msg).toBe('Your research was updated.');
    const { data } = researchSavedResponseSchema.parse(edit.body);
    expect(data.title_en).toBe('An edited title');
    expect(data.other_category).toBe('Library science');
    expect(data.image).toMatch(/\.webp$/);
    expect(data.file.name).toBe('research.pdf');
    expect(data.status).toBe('under_review');
    expect(existsSync(path.join(app().config.FILES_DIR, before!.image))).toBe(false);
    expect(existsSync(path.join(app().config.FILES_DIR, before!.filePath))).toBe(true);
    // Edits are not transitions.
    const transitions = await app().db.select().from(researchReviewTransitions).where(eq(researchReviewTransitions.researchId, created.id));
    expect(transitions).toHaveLength(1);
  });

  it('another user, a supervisor or an admin cannot edit it: 404; a visitor 401; validation applies to edits too', async () => {
    const { headers } = await signedIn();
    const created = researchSavedResponseSchema.parse((await submitResearch(app(), headers, researchForm(validFields()))).body).data;
    for (const role of ['user', 'supervisor', 'admin'] as const) {
      const other = await signedIn({ role });
      const attempt = await submitResearch(app(), other.headers, researchForm({ ...validFields(), title_en: 'Hijacked' }), 'PUT', created.id);
      expect(attempt.status, role).toBe(404);
    }
    expect((await submitResearch(app(), {}, researchForm(validFields()), 'PUT', created.id)).status).toBe(401);
    const invalid = await submitResearch(app(), headers, researchForm({ ...validFields(), title_en: '' }, { file: null, image: null }), 'PUT', created.id);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ title_en: 'Title in English is required' });
    const [row] = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, created.id));
    expect(row?.titleEn).toBe(validFields().title_en);
  });

  it('once decided it can no longer be edited (409)', async () => {
    const { headers } = await signedIn();
    const created = researchSavedResponseSchema.parse((await submitResearch(app(), headers, researchForm(validFields()))).body).data;
    for (const status of ['approved', 'rejected', 'removed'] as const) {
      await app().db.update(researchSubmissions).set({ status }).where(eq(researchSubmissions.id, created.id));
      const attempt = await submitResearch(app(), headers, researchForm(validFields(), { file: null, image: null }), 'PUT', created.id);
      expect(attempt.status, status).toBe(409);
      expect(attempt.body.msg).toBe('A decision has already been taken on this research: it can no longer be edited.');
    }
    const own = researchSubmissionResponseSchema.parse((await getJson(app(), `/api/research/${created.id}`, headers)).body).data;
    expect(own.editable).toBe(false);
    expect(own.expected_decision).toBeNull();
  });
});
