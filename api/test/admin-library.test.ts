/**
 * The library's content in the console (issue 19): library items (draft, published, archived; the
 * PDF and cover by reference to uploads; only published items on the public site), university
 * libraries (site, in-use refusal), research categories (in-use refusal with the count), reason
 * templates (offered to the review screens) and an approved research's metadata (its library item
 * follows). Each write: the envelope, the version (409 when stale), both languages where the public
 * site shows it, and its audit entry.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminCommunityCategoriesResponseSchema,
  adminEbookResponseSchema,
  adminEbooksResponseSchema,
  adminReasonTemplateResponseSchema,
  adminReasonTemplatesResponseSchema,
  adminUniversitiesResponseSchema,
  adminUniversityResponseSchema,
  libraryPageResponseSchema,
  reviewDetailsResponseSchema,
  type AdminEbookBody,
} from '@scholars/shared-contracts/schemas';
import { auditLog, ebooks, researchSubmissions } from '../src/db/schema';
import { giveSubscription } from './community-helpers';
import { PDF, staffHeaders, uploadedPath } from './content-helpers';
import { bearer, createUser, signIn, useApp } from './helper';
import { researchForm, submitResearch, validFields } from './research-helpers';

const getApp = useApp();

type Answer = { status: number; body: { status: boolean; msg?: string; data?: unknown; tot?: number; errors?: Record<string, string> } };

let admin: { id: number; headers: Record<string, string> };
let subscriber: Record<string, string>;

beforeAll(async () => {
  const app = getApp();
  admin = await staffHeaders(app);
  const reader = await createUser(app);
  await giveSubscription(app, reader.id);
  subscriber = bearer(await signIn(app, reader));
});

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = admin.headers): Promise<Answer> {
  const app = getApp();
  const answer = await app.inject({
    method,
    url,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: answer.statusCode, body: answer.json() as Answer['body'] };
}

async function auditActions(targetType: string, targetId: number) {
  const rows = await getApp()
    .db.select({ action: auditLog.action, actorId: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)));
  expect(rows.every((row) => row.actorId === admin.id)).toBe(true);
  return rows.map((row) => row.action);
}

const publicPage = async (search: string) => libraryPageResponseSchema.parse((await call('POST', '/api/library/paginate', { limit: 50, page: 1, col: 'updated', search }, subscriber)).body);

const book = (overrides: Partial<AdminEbookBody> = {}): AdminEbookBody => ({
  collection: 'ebooks',
  doc_type: 'book',
  language: 'ar',
  title: 'مَدخَل إلى علم المكتبات الرقمية',
  title_en: '',
  author: 'سلمى الحارثي',
  author_en: 'Salma Al Harthi',
  abstract: 'كتاب يعرّف بالمكتبات الرقمية.',
  abstract_en: 'A book introducing digital libraries.',
  isbn: '978-9948-00-123-4',
  pages: '240',
  published_year: '2025',
  keywords: 'مكتبات, digital libraries, ',
  category_id: '1',
  university_id: '',
  ...overrides,
});

describe('library items', () => {
  it('goes from draft to published to archived; the public library follows; the file is read from the upload', async () => {
    const app = getApp();
    const pdf = await uploadedPath(app, admin.headers, 'pdf');
    const cover = await uploadedPath(app, admin.headers, 'image');
    const created = await call('POST', '/api/admin/ebooks', book({ file: { path: pdf, name: 'Digital libraries.pdf' }, image: cover }));
    expect(created.status).toBe(201);
    const item = adminEbookResponseSchema.parse(created.body).data;
    expect(item).toMatchObject({ status: 'draft', version: 1, pages: 240, published_year: 2025, category_id: 1, university_id: null, keywords: ['مكتبات', 'digital libraries'], image: cover });
    expect(item.file).toEqual({ path: pdf, name: 'Digital libraries.pdf', mime: 'application/pdf', size: PDF.length });
    expect(adminEbookResponseSchema.parse((await call('GET', `/api/admin/ebooks/${item.id}`)).body).data).toEqual(item);

    // A draft is nowhere on the public site.
    expect((await publicPage('المكتبات الرقمية')).data.map((row) => row.id)).not.toContain(item.id);
    expect((await call('GET', `/api/library/${item.id}`, undefined, subscriber)).status).toBe(404);
    expect((await call('POST', `/api/library/${item.id}/file-link`, {}, subscriber)).status).toBe(404);

    // Publishing with the English title empty is refused, the field marked, in the language asked.
    const refused = await call('POST', `/api/admin/ebooks/${item.id}/status`, { status: 'published', version: 1 }, { ...admin.headers, 'accept-language': 'ar' });
    expect(refused.status).toBe(400);
    expect(refused.body.status).toBe(false);
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['title_en']);
    expect(refused.body.msg).toMatch(/[\u0600-\u06FF]/);

    // The English title, then a save from the old version: 409, nothing changed.
    const saved = await call('PUT', `/api/admin/ebooks/${item.id}`, { ...book({ title_en: 'An Introduction to Digital Libraries', file: { path: pdf, name: 'Digital libraries.pdf' }, image: cover }), version: 1 });
    expect(saved.status).toBe(200);
    expect(adminEbookResponseSchema.parse(saved.body).data.version).toBe(2);
    const stale = await call('PUT', `/api/admin/ebooks/${item.id}`, { ...book({ title_en: 'Lost' }), version: 1 });
    expect([stale.status, stale.body.status]).toEqual([409, false]);
    expect(stale.body.msg).toMatch(/newer version/);
    expect((await call('POST', `/api/admin/ebooks/${item.id}/status`, { status: 'published', version: 1 })).status).toBe(409);

    const published = await call('POST', `/api/admin/ebooks/${item.id}/status`, { status: 'published', version: 2 });
    expect(published.status).toBe(200);
    expect(adminEbookResponseSchema.parse(published.body).data).toMatchObject({ status: 'published', version: 3 });
    // Published, stale and incomplete: the stale edit is told first (then the form, on the new copy).
    expect((await call('PUT', `/api/admin/ebooks/${item.id}`, { ...book({ title_en: '' }), version: 2 })).status).toBe(409);
    expect((await call('PUT', `/api/admin/ebooks/${item.id}`, { ...book({ title_en: '' }), version: 3 })).status).toBe(400);

    // The public list finds it (Arabic-aware: without the tashkeel), the details and the PDF are served.
    expect((await publicPage('مدخل المكتبات')).data.map((row) => row.id)).toContain(item.id);
    expect((await publicPage('Introduction Digital')).data.map((row) => row.id)).toContain(item.id);
    const details = await call('GET', `/api/library/${item.id}`, undefined, subscriber);
    expect(details.status).toBe(200);
    const link = await call('POST', `/api/library/${item.id}/file-link`, {}, subscriber);
    expect(link.status).toBe(200);
    const file = await app.inject({ method: 'GET', url: `/api/${(link.body.data as { view_url: string }).view_url}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/application\/pdf/);

    // A published item stays complete: a save leaving a language out is refused.
    const incomplete = await call('PUT', `/api/admin/ebooks/${item.id}`, { ...book({ title_en: 'An Introduction to Digital Libraries', abstract_en: '', file: { path: pdf, name: 'x.pdf' } }), version: 3 });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors).toEqual({ abstract_en: expect.any(String) });

    // Archived: gone from the public site again.
    expect((await call('POST', `/api/admin/ebooks/${item.id}/status`, { status: 'archived', version: 3 })).status).toBe(200);
    expect((await publicPage('مدخل المكتبات')).data.map((row) => row.id)).not.toContain(item.id);
    expect((await call('GET', `/api/library/${item.id}`, undefined, subscriber)).status).toBe(404);

    // Deleting: the version first, then the row and its stored files.
    expect((await call('DELETE', `/api/admin/ebooks/${item.id}?version=3`)).status).toBe(409);
    const deleted = await call('DELETE', `/api/admin/ebooks/${item.id}?version=4`);
    expect([deleted.status, deleted.body.status]).toEqual([200, true]);
    expect(existsSync(path.join(app.config.FILES_DIR, pdf))).toBe(false);
    expect(existsSync(path.join(app.config.FILES_DIR, cover))).toBe(false);
    expect((await call('GET', `/api/admin/ebooks/${item.id}`)).status).toBe(404);

    expect(await auditActions('ebook', item.id)).toEqual(['content.create', 'content.update', 'content.publish', 'content.archive', 'content.delete']);
  });

  it('refuses invalid input in the envelope: a file that is not the platform’s, an unknown category, no title, a bad ISBN', async () => {
    const notOurs = await call('POST', '/api/admin/ebooks', book({ file: { path: 'private/content/missing.pdf', name: 'a.pdf' } }));
    expect(notOurs.status).toBe(400);
    expect(notOurs.body.errors?.file).toMatch(/Upload the file again/);
    const outside = await call('POST', '/api/admin/ebooks', book({ file: { path: '../../etc/passwd.pdf', name: 'a.pdf' }, image: 'public/../x.png' }));
    expect(outside.status).toBe(400);
    expect(Object.keys(outside.body.errors ?? {}).sort()).toEqual(['file.path', 'image']);
    const unknown = await call('POST', '/api/admin/ebooks', book({ category_id: '99999' }));
    expect([unknown.status, Object.keys(unknown.body.errors ?? {})]).toEqual([400, ['category_id']]);
    const untitled = await call('POST', '/api/admin/ebooks', book({ title: ' ', title_en: '', isbn: '12-34' }));
    expect(untitled.status).toBe(400);
    expect(Object.keys(untitled.body.errors ?? {}).sort()).toEqual(['isbn', 'title']);
  });

  it('lists every status with filters and search; an approved research is listed, marked, and not edited here', async () => {
    const draft = adminEbookResponseSchema.parse((await call('POST', '/api/admin/ebooks', book({ title: 'كتاب المسودات التجريبي', collection: 'university', doc_type: 'master_thesis', university_id: '1' }))).body).data;
    const drafts = adminEbooksResponseSchema.parse((await call('GET', '/api/admin/ebooks?status=draft&collection=university&university_id=1&q=المسودات')).body);
    expect(drafts.data.map((row) => row.id)).toEqual([draft.id]);
    expect(drafts.tot).toBe(1);
    expect(drafts.data[0]!.university?.id).toBe(1);

    // The seed publishes approved research in the library.
    const withResearch = (await getApp().db.select().from(ebooks)).find((row) => row.researchId !== null)!;
    const listed = adminEbooksResponseSchema.parse((await call('GET', `/api/admin/ebooks?limit=100&q=${encodeURIComponent(withResearch.titleEn)}`)).body);
    expect(listed.data.find((row) => row.id === withResearch.id)?.research_id).toBe(withResearch.researchId);
    const edit = await call('PUT', `/api/admin/ebooks/${withResearch.id}`, { ...book(), version: withResearch.version });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toMatch(/research editor/);
    expect((await call('DELETE', `/api/admin/ebooks/${withResearch.id}?version=${withResearch.version}`)).status).toBe(409);
    expect((await call('POST', `/api/admin/ebooks/${withResearch.id}/status`, { status: 'archived', version: withResearch.version })).status).toBe(409);
  });
});

describe('university libraries', () => {
  it('creates one with its site, shows it publicly, refuses one language, a stale save and deleting while items refer to it', async () => {
    const onlyArabic = await call('POST', '/api/admin/universities', { name: 'جامعة الاختبار', name_en: '' });
    expect(onlyArabic.status).toBe(400);
    expect(onlyArabic.body.errors).toEqual({ name_en: expect.any(String) });
    const insecure = await call('POST', '/api/admin/universities', { name: 'جامعة الاختبار', name_en: 'Test University', website: 'http://library.test.example' });
    expect(insecure.status).toBe(400);
    expect(insecure.body.errors?.website).toMatch(/https:\/\//);

    const created = await call('POST', '/api/admin/universities', { name: 'جامعة الاختبار', name_en: 'Test University', country: 'الإمارات', country_en: 'UAE', website: 'https://library.test.example/', sort_order: 50 });
    expect(created.status).toBe(201);
    const university = adminUniversityResponseSchema.parse(created.body).data;
    expect(university).toMatchObject({ website: 'https://library.test.example/', items: 0, version: 1 });

    const listed = (await call('GET', '/api/universities', undefined, subscriber)).body.data as Array<{ id: number; website: string | null }>;
    expect(listed.find((row) => row.id === university.id)?.website).toBe('https://library.test.example/');
    // The console's search folds the Arabic letters.
    expect(adminUniversitiesResponseSchema.parse((await call('GET', '/api/admin/universities?q=الاختبار')).body).data.map((row) => row.id)).toEqual([university.id]);

    // An item of it: renaming the university makes the item findable by the new name; deleting is refused.
    const item = adminEbookResponseSchema.parse((await call('POST', '/api/admin/ebooks', book({ university_id: String(university.id) }))).body).data;
    const renamed = await call('PUT', `/api/admin/universities/${university.id}`, { name: 'جامعة الواحة', name_en: 'Oasis University', website: null, version: 1 });
    expect(renamed.status).toBe(200);
    const found = adminEbooksResponseSchema.parse((await call('GET', '/api/admin/ebooks?q=Oasis')).body).data.map((row) => row.id);
    expect(found).toContain(item.id);
    expect((await call('PUT', `/api/admin/universities/${university.id}`, { name: 'x', name_en: 'y', version: 1 })).status).toBe(409);

    const inUse = await call('DELETE', `/api/admin/universities/${university.id}?version=2`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toBe('This cannot be deleted while other records refer to it (count: 1). Archive it, or move them first.');
    expect((await call('DELETE', `/api/admin/ebooks/${item.id}?version=1`)).status).toBe(200);
    expect((await call('DELETE', `/api/admin/universities/${university.id}?version=1`)).status).toBe(409);
    expect((await call('DELETE', `/api/admin/universities/${university.id}?version=2`)).status).toBe(200);
    expect(await auditActions('university', university.id)).toEqual(['content.create', 'content.update', 'content.delete']);
  });
});

describe('research categories', () => {
  it('renames (public list follows), refuses one language, and refuses deleting while research or items are in it, with the count', async () => {
    const created = await call('POST', '/api/admin/community-categories', { name: 'علم البيانات', name_en: 'Data science', sort_order: 9 });
    expect(created.status).toBe(201);
    const category = (created.body.data as { id: number; version: number });
    expect((await call('POST', '/api/admin/community-categories', { name: '', name_en: 'Only English' })).body.errors).toEqual({ name: expect.any(String) });

    // The public list is cached: the rename shows at once.
    expect(((await call('GET', '/api/community-categories')).body.data as Array<{ id: number; name_en: string }>).find((row) => row.id === category.id)?.name_en).toBe('Data science');
    expect((await call('PUT', `/api/admin/community-categories/${category.id}`, { name: 'علوم البيانات', name_en: 'Data Sciences', sort_order: 9, version: 1 })).status).toBe(200);
    expect(((await call('GET', '/api/community-categories')).body.data as Array<{ id: number; name_en: string }>).find((row) => row.id === category.id)?.name_en).toBe('Data Sciences');
    expect((await call('PUT', `/api/admin/community-categories/${category.id}`, { name: 'ا', name_en: 'b', version: 1 })).status).toBe(409);

    // A research submission and a library item in it.
    const author = await createUser(getApp());
    const submitted = await submitResearch(getApp(), bearer(await signIn(getApp(), author)), researchForm({ ...validFields(), category_id: String(category.id) }));
    expect(submitted.status).toBe(201);
    const item = adminEbookResponseSchema.parse((await call('POST', '/api/admin/ebooks', book({ category_id: String(category.id) }))).body).data;
    const counts = adminCommunityCategoriesResponseSchema.parse((await call('GET', '/api/admin/community-categories?q=بيانات')).body).data.find((row) => row.id === category.id);
    expect(counts).toMatchObject({ research: 1, library: 1 });

    const refused = await call('DELETE', `/api/admin/community-categories/${category.id}?version=2`, undefined, { ...admin.headers, 'accept-language': 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('This category cannot be deleted while it holds items (count: 2). Move them to another category first.');

    await getApp().db.delete(researchSubmissions).where(eq(researchSubmissions.categoryId, category.id));
    await call('DELETE', `/api/admin/ebooks/${item.id}?version=1`);
    expect((await call('DELETE', `/api/admin/community-categories/${category.id}?version=1`)).status).toBe(409);
    expect((await call('DELETE', `/api/admin/community-categories/${category.id}?version=2`)).status).toBe(200);
    expect(await auditActions('community_category', category.id)).toEqual(['content.create', 'content.update', 'content.delete']);
  });
});

describe('reason templates', () => {
  it('are created, edited and deleted with their version; the review screens are offered the edit', async () => {
    const reviewer = await staffHeaders(getApp(), 'reviewer');
    expect((await call('POST', '/api/admin/reason-templates', { decision: 'rejected', text: 'خارج نطاق المنصة', text_en: '' })).body.errors).toEqual({ text_en: expect.any(String) });
    expect((await call('POST', '/api/admin/reason-templates', { decision: 'approved', text: 'ا', text_en: 'b' })).status).toBe(400);
    const created = await call('POST', '/api/admin/reason-templates', { decision: 'rejected', text: 'خارج نطاق المنصة', text_en: 'Outside the platform’s scope.', sort_order: 3 });
    expect(created.status).toBe(201);
    const template = adminReasonTemplateResponseSchema.parse(created.body).data;
    const edited = await call('PUT', `/api/admin/reason-templates/${template.id}`, { decision: 'rejected', text: 'البحث خارج نطاق المنصة التجريبية', text_en: 'The research is outside the platform’s scope.', sort_order: 3, version: 1 });
    expect(edited.status).toBe(200);
    expect((await call('PUT', `/api/admin/reason-templates/${template.id}`, { decision: 'rejected', text: 'ا', text_en: 'b', version: 1 })).status).toBe(409);
    expect((await call('PUT', `/api/admin/reason-templates/${template.id}`, { decision: 'rejected', text: 'ا', text_en: '', version: 1 })).status).toBe(409);

    const offered = (await call('GET', '/api/review/reason-templates', undefined, reviewer.headers)).body.data as Array<{ id: number; text_en: string }>;
    expect(offered.find((row) => row.id === template.id)?.text_en).toBe('The research is outside the platform’s scope.');
    const filtered = adminReasonTemplatesResponseSchema.parse((await call('GET', `/api/admin/reason-templates?decision=rejected&q=${encodeURIComponent('التجريبيه')}`)).body);
    expect(filtered.data.map((row) => row.id)).toEqual([template.id]);

    expect((await call('DELETE', `/api/admin/reason-templates/${template.id}?version=1`)).status).toBe(409);
    expect((await call('DELETE', `/api/admin/reason-templates/${template.id}?version=2`)).status).toBe(200);
    expect(((await call('GET', '/api/review/reason-templates', undefined, reviewer.headers)).body.data as Array<{ id: number }>).some((row) => row.id === template.id)).toBe(false);
    expect(await auditActions('reason_template', template.id)).toEqual(['content.create', 'content.update', 'content.delete']);
  });
});

describe('an approved research’s metadata', () => {
  it('is edited with its updated_at as version, and its library item follows in the same save', async () => {
    const app = getApp();
    const author = await createUser(app, { name: 'Huda Al Mansoori' });
    const submitted = await submitResearch(app, bearer(await signIn(app, author)), researchForm({ ...validFields(), research_type: 'general' }));
    const id = (submitted.body.data as { id: number }).id;
    const metadata = { title: 'عنوان منقّح للبحث', title_en: 'A Revised Research Title', description: 'وصف منقّح', description_en: 'A revised description', abstract: 'ملخص منقح للبحث المعتمد', category_id: '2', other_category: '' };

    const read = async () => reviewDetailsResponseSchema.parse((await call('GET', `/api/review/research/${id}`)).body).data;
    // Not approved yet: its author edits it.
    const early = await call('PUT', `/api/admin/research/${id}`, { ...metadata, updated_at: (await read()).updated_at });
    expect(early.status).toBe(409);
    expect(early.body.msg).toMatch(/Only an approved research/);

    expect((await call('POST', `/api/review/research/${id}/transition`, { to: 'approved' })).status).toBe(200);
    const before = await read();
    const saved = await call('PUT', `/api/admin/research/${id}`, { ...metadata, updated_at: before.updated_at });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ title_en: 'A Revised Research Title', category_id: 2, library_id: expect.any(Number) });
    const [item] = await app.db.select().from(ebooks).where(eq(ebooks.researchId, id));
    expect(item).toMatchObject({ title: 'عنوان منقّح للبحث', titleEn: 'A Revised Research Title', abstract: 'ملخص منقح للبحث المعتمد', abstractEn: 'A revised description', categoryId: 2, language: 'ar' });
    expect((await publicPage('Revised Research')).data.map((row) => row.id)).toContain(item!.id);

    // The same starting point again: someone saved meanwhile.
    const stale = await call('PUT', `/api/admin/research/${id}`, { ...metadata, title_en: 'Lost', updated_at: before.updated_at });
    expect(stale.status).toBe(409);
    expect((await read()).title_en).toBe('A Revised Research Title');
    const invalid = await call('PUT', `/api/admin/research/${id}`, { ...metadata, title: '', category_id: 'other', updated_at: before.updated_at });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors ?? {}).sort()).toEqual(['other_category', 'title']);
    expect(await auditActions('research', id)).toContain('content.update');
  });
});
