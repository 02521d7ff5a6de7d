/**
 * The about page and the privacy policy in the console (issue 19, site pages): the seeded pages
 * (today's texts), a save and its audit entry, the public read changed at once (cached before),
 * the validation refusals in the envelope in the language asked, the refusal of a text filled in
 * one language only (these pages are always live: 400, each field marked), the stale edit (409),
 * and administrators only.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { successMessages, validationMessages, type AdminAboutPage, type AdminPrivacyPolicy } from '@scholars/shared-contracts/schemas';
import { auditLog } from '../src/db/schema';
import { staffHeaders } from './content-helpers';
import { getJson, useApp, type TestApp } from './helper';

const getApp = useApp();
const v = validationMessages.en;

function put(app: TestApp, url: string, headers: Record<string, string>, body: unknown) {
  return app.inject({ method: 'PUT', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

async function auditOf(app: TestApp, targetId: number) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'site_page'), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id));
}

/** The body of a save from the page as read (its version, without the read-only date). */
function bodyOf<T extends { updated_at: string | null }>(page: T): Omit<T, 'updated_at'> {
  const { updated_at: _readOnly, ...body } = page;
  return body;
}

describe('the about page', () => {
  it('GET /api/pages/about serves the seeded texts in both languages, five objectives in their order', async () => {
    const app = getApp();
    const { status, body } = await getJson(app, '/api/pages/about');
    expect(status).toBe(200);
    const page = body.data as AdminAboutPage;
    expect(page).toMatchObject({
      mission_en: 'To give every researcher in the UAE and the Arab world a fair, fast and bilingual path from idea to published, discussed work.',
      founder_name_en: 'Dr. Fatima Al Zahrani, founder',
      founder_name: 'د. فاطمة الزهراني، المؤسِّسة',
    });
    expect(page.objectives).toHaveLength(5);
    expect(page.objectives[0]?.text_en).toMatch(/^Organize academic conferences/);
    expect(page).not.toHaveProperty('version');
  });

  it('an administrator saves it: the public read changes at once, and the save is in the audit log', async () => {
    const app = getApp();
    const { headers, id: adminId } = await staffHeaders(app);
    // The public read is cached now (asked twice).
    await getJson(app, '/api/pages/about');
    await getJson(app, '/api/pages/about');
    const read = (await getJson(app, '/api/admin/pages/about', headers)).body.data as AdminAboutPage;
    const saved = await put(app, '/api/admin/pages/about', headers, {
      ...bodyOf(read),
      mission: 'رسالة جديدة',
      mission_en: 'A new mission',
      objectives: [...read.objectives.slice(1), { text: 'هدف سادس', text_en: 'A sixth objective' }, read.objectives[0]],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: true, msg: successMessages.en.contentSaved, data: { mission_en: 'A new mission', version: read.version + 1 } });
    const shown = (await getJson(app, '/api/pages/about')).body.data as AdminAboutPage;
    expect(shown.mission_en).toBe('A new mission');
    expect(shown.objectives.map((objective) => objective.text_en)).toEqual([...read.objectives.slice(1).map((objective) => objective.text_en), 'A sixth objective', read.objectives[0]!.text_en]);
    const [entry] = await auditOf(app, 1);
    expect(entry).toMatchObject({ action: 'content.update', actorId: adminId });
    expect((entry?.details as { page: string; changed: string[] }).changed.sort()).toEqual(['mission', 'mission_en', 'objectives']);
  });

  it('refuses a text or an objective in one language only (always live): each field marked, listed in the envelope', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const read = (await getJson(app, '/api/admin/pages/about', headers)).body.data as AdminAboutPage;
    const refused = await put(app, '/api/admin/pages/about', headers, { ...bodyOf(read), vision_en: '', objectives: [{ text: 'هدف', text_en: '' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      status: false,
      msg: v.pageTranslationsMissing.replace('{{count}}', '2'),
      errors: { vision_en: v.translationMissing, 'objectives.0.text_en': v.translationMissing },
    });
    const inArabic = await put(app, '/api/admin/pages/about', { ...headers, 'accept-language': 'ar' }, { ...bodyOf(read), lead: '' });
    expect(inArabic.json()).toMatchObject({ msg: validationMessages.ar.pageTranslationsMissing.replace('{{count}}', '1'), errors: { lead: validationMessages.ar.translationMissing } });
    // Nothing was saved.
    expect(((await getJson(app, '/api/admin/pages/about', headers)).body.data as AdminAboutPage).version).toBe(read.version);
  });

  it('answers bad input with field errors in the envelope: no objectives, more than ten, a text too long, no version', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const read = (await getJson(app, '/api/admin/pages/about', headers)).body.data as AdminAboutPage;
    const none = await put(app, '/api/admin/pages/about', headers, { ...bodyOf(read), objectives: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ status: false, errors: { objectives: expect.any(String) } });
    const eleven = Array.from({ length: 11 }, (_, index) => ({ text: `هدف ${index}`, text_en: `Objective ${index}` }));
    expect((await put(app, '/api/admin/pages/about', headers, { ...bodyOf(read), objectives: eleven })).json()).toMatchObject({ errors: { objectives: expect.any(String) } });
    const long = await put(app, '/api/admin/pages/about', headers, { ...bodyOf(read), founder_name: 'x'.repeat(201) });
    expect(long.json()).toMatchObject({ errors: { founder_name: expect.any(String) } });
    const { version: _version, ...unversioned } = bodyOf(read);
    const noVersion = await put(app, '/api/admin/pages/about', headers, unversioned);
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json()).toMatchObject({ errors: { version: v.required } });
  });

  it('a save over a newer version is refused (409, the stale-edit message) and changes nothing', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const read = (await getJson(app, '/api/admin/pages/about', headers)).body.data as AdminAboutPage;
    expect((await put(app, '/api/admin/pages/about', headers, { ...bodyOf(read), vision_en: 'First' })).statusCode).toBe(200);
    const stale = await put(app, '/api/admin/pages/about', headers, { ...bodyOf(read), vision_en: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: false, msg: v.staleEdit });
    // Stale and incomplete: the stale edit is told first.
    expect((await put(app, '/api/admin/pages/about', headers, { ...bodyOf(read), vision_en: '' })).statusCode).toBe(409);
    expect(((await getJson(app, '/api/pages/about')).body.data as AdminAboutPage).vision_en).toBe('First');
  });
});

describe('the privacy policy', () => {
  it('GET /api/pages/privacy serves the seeded ten sections, both languages, with the date of the last change', async () => {
    const app = getApp();
    const page = (await getJson(app, '/api/pages/privacy')).body.data as AdminPrivacyPolicy;
    expect(page.sections).toHaveLength(10);
    expect(page.sections[8]).toMatchObject({ title_en: 'Amendments', title: 'التعديلات', body_en: 'Management may amend this policy at any time and will notify users of changes.' });
    expect(Date.parse(page.updated_at!)).not.toBeNaN();
  });

  it('an administrator amends a section: the public read shows it and its new date at once; logged', async () => {
    const app = getApp();
    const { headers, id: adminId } = await staffHeaders(app);
    const before = (await getJson(app, '/api/pages/privacy')).body.data as AdminPrivacyPolicy;
    const read = (await getJson(app, '/api/admin/pages/privacy', headers)).body.data as AdminPrivacyPolicy;
    const sections = read.sections.map((section, index) => (index === 1 ? { ...section, title_en: 'Your content, your responsibility', title: 'محتواك مسؤوليتك' } : section));
    const saved = await put(app, '/api/admin/pages/privacy', headers, { sections, version: read.version });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = (await getJson(app, '/api/pages/privacy')).body.data as AdminPrivacyPolicy;
    expect(shown.sections[1]).toMatchObject({ title_en: 'Your content, your responsibility', title: 'محتواك مسؤوليتك' });
    expect(Date.parse(shown.updated_at!)).toBeGreaterThan(Date.parse(before.updated_at!));
    const [entry] = await auditOf(app, 2);
    expect(entry).toMatchObject({ action: 'content.update', actorId: adminId, details: { page: 'privacy', changed: ['sections'], sections: 10 } });
  });

  it('refuses a section in one language only, none at all, and a stale version', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const read = (await getJson(app, '/api/admin/pages/privacy', headers)).body.data as AdminPrivacyPolicy;
    const oneSided = await put(app, '/api/admin/pages/privacy', headers, { sections: [...read.sections, { title: '', title_en: 'New', body: 'نص', body_en: 'Text' }], version: read.version });
    expect(oneSided.statusCode).toBe(400);
    expect(oneSided.json()).toMatchObject({ msg: v.pageTranslationsMissing.replace('{{count}}', '1'), errors: { 'sections.10.title': v.translationMissing } });
    expect((await put(app, '/api/admin/pages/privacy', headers, { sections: [], version: read.version })).statusCode).toBe(400);
    const stale = await put(app, '/api/admin/pages/privacy', headers, { sections: read.sections, version: read.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ msg: v.staleEdit });
  });

  it('keeps a text with a lone surrogate (jsonb refuses its escape): stored as U+FFFD', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const read = (await getJson(app, '/api/admin/pages/privacy', headers)).body.data as AdminPrivacyPolicy;
    const sections = read.sections.map((section, index) => (index === 0 ? { ...section, body_en: 'Broken \udbff text' } : section));
    const saved = await put(app, '/api/admin/pages/privacy', headers, { sections, version: read.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(((await getJson(app, '/api/pages/privacy')).body.data as AdminPrivacyPolicy).sections[0]?.body_en).toBe('Broken \ufffd text');
  });

  it('is the administrators’: a reviewer is refused (403) and a visitor (401), in the envelope', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app, 'reviewer');
    const refused = await put(app, '/api/admin/pages/privacy', headers, { sections: [{ title: 'ع', title_en: 'T', body: 'ن', body_en: 'B' }], version: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: false });
    expect((await getJson(app, '/api/admin/pages/privacy')).status).toBe(401);
  });
});
