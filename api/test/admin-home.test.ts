/**
 * The home page's content in the console (issue 19): ads, team members, FAQ entries and the site
 * settings. Each: a save and its audit entry, the validation refusals in the envelope, the stale
 * edit (409), the refusal to make live what is filled in one language only (400, fields marked),
 * the footer's made-by credit (its link a web address or nothing, its name in both languages or neither),
 * and the public read showing a live change and hiding a draft. `GET /api/faq` serves the seeded
 * entries in their order.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { successMessages, validationMessages } from '@scholars/shared-contracts/schemas';
import { auditLog } from '../src/db/schema';
import { staffHeaders, uploadedPath } from './content-helpers';
import { getJson, postJson, useApp, type TestApp } from './helper';

const getApp = useApp();
const v = validationMessages.en;

function send(app: TestApp, method: 'PUT' | 'DELETE' | 'POST', url: string, headers: Record<string, string>, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function auditOf(app: TestApp, targetType: string, targetId: number) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id));
}

const publicAds = async (app: TestApp) =>
  ((await postJson(app, '/api/ads/websitePaginate', { limit: 100, page: 1, col: 'title', search: '' })).body.data as Array<{ id: number; title_en: string; link: string | null }>);

describe('ads', () => {
  it('adds an active ad with an uploaded image: logged, and the home pop-up serves it', async () => {
    const app = getApp();
    const { headers, id: adminId } = await staffHeaders(app);
    const image = await uploadedPath(app, headers);
    const created = await postJson(app, '/api/admin/ads', { title: 'إعلان المؤتمر', title_en: 'Conference notice', image_url: image, link: 'https://conference.example/register', active: true, sort_order: 4 }, headers);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: true, msg: successMessages.en.contentPublished, data: { title_en: 'Conference notice', live: true, version: 1, image_url: image } });
    const id = (created.body.data as { id: number }).id;
    expect((await publicAds(app)).find((ad) => ad.id === id)).toMatchObject({ title_en: 'Conference notice', link: 'https://conference.example/register' });
    const [entry] = await auditOf(app, 'ad', id);
    expect(entry).toMatchObject({ action: 'content.create', actorId: adminId });
  });

  it('refuses to activate an ad with its title in one language only (fields marked); a draft may be incomplete and is not served', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const image = await uploadedPath(app, headers);
    const refused = await postJson(app, '/api/admin/ads', { title: 'عنوان فقط', title_en: '', image_url: image, active: true }, headers);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: false, msg: v.translationsMissing.replace('{{count}}', '1'), errors: { title_en: v.translationMissing } });
    const draft = await postJson(app, '/api/admin/ads', { title: 'عنوان فقط', title_en: '', image_url: image }, headers);
    expect(draft.status).toBe(201);
    expect(draft.body.data).toMatchObject({ active: false, live: false, link: null });
    const id = (draft.body.data as { id: number }).id;
    expect((await publicAds(app)).some((ad) => ad.id === id)).toBe(false);
  });

  it('answers bad input with field errors in the envelope, in the language asked', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const image = await uploadedPath(app, headers);
    const badLink = await postJson(app, '/api/admin/ads', { title: 'أ', title_en: 'A', image_url: image, link: 'javascript:alert(1)' }, headers);
    expect(badLink.status).toBe(400);
    expect(badLink.body.errors).toMatchObject({ link: v.adLinkInvalid });
    // A page of this site is a link too (the seeded ads link to /conference/1).
    expect((await postJson(app, '/api/admin/ads', { title: 'أ', title_en: 'A', image_url: image, link: '/conference/1' }, headers)).status).toBe(201);
    expect((await postJson(app, '/api/admin/ads', { title: 'أ', title_en: 'A', image_url: image, link: '//evil.example/' }, headers)).status).toBe(400);
    const window = await postJson(app, '/api/admin/ads', { title: 'أ', title_en: 'A', image_url: image, starts_at: '2027-01-02T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' }, { ...headers, 'accept-language': 'ar' });
    expect(window.status).toBe(400);
    expect(window.body.errors).toMatchObject({ ends_at: validationMessages.ar.adWindowInvalid });
    const forged = await postJson(app, '/api/admin/ads', { title: 'أ', title_en: 'A', image_url: '/etc/passwd' }, headers);
    expect(forged.body.errors).toMatchObject({ image_url: v.fileReferenceInvalid });
    const missingFile = await postJson(app, '/api/admin/ads', { title: 'أ', title_en: 'A', image_url: 'public/images/content/never-uploaded.png' }, headers);
    expect(missingFile.status).toBe(400);
    expect(missingFile.body.errors).toMatchObject({ image_url: v.fileReferenceInvalid });
  });

  it('serves an active ad only inside its window', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const image = await uploadedPath(app, headers);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const created = await postJson(app, '/api/admin/ads', { title: 'لاحقًا', title_en: 'Later', image_url: image, active: true, starts_at: later }, headers);
    expect(created.body.data).toMatchObject({ active: true, live: false });
    const { id, version } = created.body.data as { id: number; version: number };
    expect((await publicAds(app)).some((ad) => ad.id === id)).toBe(false);
    const now = await send(app, 'PUT', `/api/admin/ads/${id}`, headers, { title: 'لاحقًا', title_en: 'Later', image_url: image, active: true, starts_at: new Date(Date.now() - 60_000).toISOString(), version });
    expect(now.json()).toMatchObject({ data: { live: true, version: version + 1 } });
    expect((await publicAds(app)).some((ad) => ad.id === id)).toBe(true);
  });

  it('an edit over a newer version is refused (409) and changes nothing; deactivating and deleting are logged', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const image = await uploadedPath(app, headers);
    const created = await postJson(app, '/api/admin/ads', { title: 'نسخة', title_en: 'Version', image_url: image, active: true }, headers);
    const { id } = created.body.data as { id: number };
    const body = { title: 'نسخة', title_en: 'Version two', image_url: image, active: true, version: 1 };
    expect((await send(app, 'PUT', `/api/admin/ads/${id}`, headers, body)).statusCode).toBe(200);
    const stale = await send(app, 'PUT', `/api/admin/ads/${id}`, headers, { ...body, title_en: 'Lost edit' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: false, msg: v.staleEdit });
    // Stale and incomplete: told it is stale first (a form fixed on an old copy would be lost anyway).
    expect((await send(app, 'PUT', `/api/admin/ads/${id}`, headers, { ...body, title_en: '' })).statusCode).toBe(409);
    expect((await publicAds(app)).find((ad) => ad.id === id)?.title_en).toBe('Version two');
    const off = await send(app, 'PUT', `/api/admin/ads/${id}`, headers, { ...body, active: false, version: 2 });
    expect(off.json()).toMatchObject({ msg: successMessages.en.contentUnpublished, data: { active: false, version: 3 } });
    expect((await publicAds(app)).some((ad) => ad.id === id)).toBe(false);
    expect((await send(app, 'PUT', '/api/admin/ads/999999', headers, body)).statusCode).toBe(404);

    expect((await send(app, 'DELETE', `/api/admin/ads/${id}?version=2`, headers)).statusCode).toBe(409);
    expect((await send(app, 'DELETE', `/api/admin/ads/${id}`, headers)).statusCode).toBe(400);
    const deleted = await send(app, 'DELETE', `/api/admin/ads/${id}?version=3`, headers);
    expect(deleted.json()).toEqual({ status: true, msg: successMessages.en.contentDeleted });
    expect((await send(app, 'DELETE', `/api/admin/ads/${id}?version=3`, headers)).statusCode).toBe(404);
    const actions = (await auditOf(app, 'ad', id)).map((entry) => entry.action);
    expect(actions).toEqual(['content.delete', 'content.unpublish', 'content.update', 'content.create']);
    expect((await auditOf(app, 'ad', id))[2]?.details).toMatchObject({ changed: ['title_en'] });
  });

  it('lists with an Arabic-aware search, the active filter and pages (tot)', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const image = await uploadedPath(app, headers);
    await postJson(app, '/api/admin/ads', { title: 'إعلانُ مكتبةٍ جديدة', title_en: 'Library notice', image_url: image }, headers);
    const found = await getJson(app, `/api/admin/ads?q=${encodeURIComponent('اعلان مكتبه')}`, headers);
    expect(found.status).toBe(200);
    expect((found.body.data as Array<{ title_en: string }>).map((ad) => ad.title_en)).toEqual(['Library notice']);
    const inactive = await getJson(app, '/api/admin/ads?active=false&limit=100', headers);
    expect((inactive.body.data as Array<{ active: boolean }>).every((ad) => !ad.active)).toBe(true);
    const firstPage = await getJson(app, '/api/admin/ads?limit=2&page=1', headers);
    expect((firstPage.body.data as unknown[]).length).toBe(2);
    expect(firstPage.body.tot).toBeGreaterThan(2);
    expect((await getJson(app, '/api/admin/ads?limit=500', headers)).status).toBe(400);
  });

  it('the home pop-up still asks for 5 at a time (spec 9), whatever the number of live ads', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const image = await uploadedPath(app, headers);
    for (let index = 0; index < 6; index += 1) await postJson(app, '/api/admin/ads', { title: `إعلان ${index}`, title_en: `Notice ${index}`, image_url: image, active: true }, headers);
    const { body } = await postJson(app, '/api/ads/websitePaginate', { limit: 5, page: 1, col: 'title', search: '' });
    expect((body.data as unknown[]).length).toBe(5);
    expect(body.tot).toBeGreaterThan(5);
  });
});

describe('team members', () => {
  const member = (image: string) => ({
    name: 'د. سارة المنصوري',
    name_en: 'Dr Sara Al Mansoori',
    bio: 'باحثة في التعليم العالي.',
    bio_en: 'Researcher in higher education.',
    university: 'جامعة الإمارات - كلية التربية',
    university_en: 'UAE University - College of Education',
    image,
    linkedin_link: 'https://linkedin.example/in/sara',
    twitter_link: '',
    facebook_link: null,
  });

  it('a draft is served nowhere (404 on its page); publishing shows it on the home carousel and its page; logged', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const image = await uploadedPath(app, headers);
    const created = await postJson(app, '/api/admin/team', { ...member(image), sort_order: 99 }, headers);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ published: false, twitter_link: null, facebook_link: null, linkedin_link: 'https://linkedin.example/in/sara' });
    const { id } = created.body.data as { id: number };
    expect((await getJson(app, `/api/team/${id}`)).status).toBe(404);
    expect(((await getJson(app, '/api/team')).body.data as Array<{ id: number }>).some((row) => row.id === id)).toBe(false);

    const published = await send(app, 'PUT', `/api/admin/team/${id}`, headers, { ...member(image), published: true, sort_order: 99, version: 1 });
    expect(published.json()).toMatchObject({ msg: successMessages.en.contentPublished, data: { published: true, version: 2 } });
    expect((await getJson(app, `/api/team/${id}`)).body.data).toMatchObject({ name_en: 'Dr Sara Al Mansoori', twitter_link: null });
    expect(((await getJson(app, '/api/team')).body.data as Array<{ id: number }>).at(-1)?.id).toBe(id);
    expect((await auditOf(app, 'team_member', id)).map((entry) => entry.action)).toEqual(['content.publish', 'content.create']);
  });

  it('refuses publishing a text filled in one language, and a link that is not https', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const image = await uploadedPath(app, headers);
    const oneSided = await postJson(app, '/api/admin/team', { ...member(image), bio_en: '', published: true }, headers);
    expect(oneSided.status).toBe(400);
    expect(oneSided.body.errors).toEqual({ bio_en: v.translationMissing });
    const noName = await postJson(app, '/api/admin/team', { ...member(image), name: '', name_en: '', published: true }, headers);
    // Even a draft is named in one language at least.
    expect(noName.body.errors).toEqual({ name: v.required });
    const http = await postJson(app, '/api/admin/team', { ...member(image), facebook_link: 'http://facebook.example/sara' }, headers);
    expect(http.status).toBe(400);
    expect(http.body.errors).toMatchObject({ facebook_link: v.linkInvalid });
  });

  it('a stale edit is refused; unpublishing hides the member; deleting needs the version', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const image = await uploadedPath(app, headers);
    const { id } = (await postJson(app, '/api/admin/team', { ...member(image), published: true }, headers)).body.data as { id: number };
    expect((await send(app, 'PUT', `/api/admin/team/${id}`, headers, { ...member(image), published: false, version: 1 })).statusCode).toBe(200);
    expect((await getJson(app, `/api/team/${id}`)).status).toBe(404);
    const stale = await send(app, 'PUT', `/api/admin/team/${id}`, headers, { ...member(image), name_en: 'Lost', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await send(app, 'DELETE', `/api/admin/team/${id}?version=2`, headers)).statusCode).toBe(200);
    expect((await auditOf(app, 'team_member', id))[0]?.action).toBe('content.delete');
  });

  it('searches names and universities, folding Arabic letters', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const found = await getJson(app, `/api/admin/team?q=${encodeURIComponent('جامعه')}&published=true`, headers);
    expect(found.status).toBe(200);
    expect((found.body.data as unknown[]).length).toBeGreaterThan(0);
    expect(found.body.tot).toBe((found.body.data as unknown[]).length);
  });
});

describe('FAQ', () => {
  it('GET /api/faq serves the seeded questions in their order, both languages', async () => {
    const { status, body } = await getJson(getApp(), '/api/faq');
    expect(status).toBe(200);
    const entries = body.data as Array<{ question_en: string; answer: string }>;
    expect(entries.map((entry) => entry.question_en)).toEqual([
      'Who can use Scholars Hub?',
      'How long does a research review take?',
      'Does my supervisor need to approve my work?',
      'How do subscriptions work?',
    ]);
    expect(entries[0]?.answer).toMatch(/[\u0600-\u06FF]/);
  });

  it('a published entry shows on the home FAQ at its place; unpublished or deleted, it goes; one language refused', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    expect((await postJson(app, '/api/admin/faq', {}, headers)).body.errors).toEqual({ question: v.required });
    const entry = { question: 'هل المنصة مجانية؟', question_en: 'Is the platform free?', answer: 'التصفح مجاني.', answer_en: 'Browsing is free.', sort_order: 0 };
    const refused = await postJson(app, '/api/admin/faq', { ...entry, answer_en: ' ', published: true }, headers);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ answer_en: v.translationMissing });
    const created = await postJson(app, '/api/admin/faq', { ...entry, published: true }, headers);
    expect(created.status).toBe(201);
    const { id } = created.body.data as { id: number };
    const faq = async () => ((await getJson(app, '/api/faq')).body.data as Array<{ id: number; question_en: string }>);
    // Order 0, before the seeded 1-4.
    expect((await faq())[0]).toMatchObject({ id, question_en: 'Is the platform free?' });

    const edited = await send(app, 'PUT', `/api/admin/faq/${id}`, headers, { ...entry, question_en: 'Is Scholars Hub free?', published: true, version: 1 });
    expect(edited.json()).toMatchObject({ msg: successMessages.en.contentSaved, data: { version: 2 } });
    expect((await faq())[0]?.question_en).toBe('Is Scholars Hub free?');
    expect((await send(app, 'PUT', `/api/admin/faq/${id}`, headers, { ...entry, published: false, version: 1 })).statusCode).toBe(409);
    await send(app, 'PUT', `/api/admin/faq/${id}`, headers, { ...entry, published: false, version: 2 });
    expect((await faq()).some((row) => row.id === id)).toBe(false);
    expect((await send(app, 'DELETE', `/api/admin/faq/${id}?version=3`, headers)).statusCode).toBe(200);
    expect((await auditOf(app, 'faq', id)).map((row) => row.action)).toEqual(['content.delete', 'content.unpublish', 'content.update', 'content.create']);
  });

  it('keeps a text with a lone surrogate (the audit entry too: jsonb refuses its escape)', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const created = await postJson(app, '/api/admin/faq', { question: '', question_en: 'Broken \udbff text' }, headers);
    expect(created.status).toBe(201);
    const [entry] = await auditOf(app, 'faq', (created.body.data as { id: number }).id);
    expect(entry?.details).toMatchObject({ question_en: 'Broken \uFFFD text' });
  });

  it('lists and searches (Arabic-aware) for administrators only', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const found = await getJson(app, `/api/admin/faq?q=${encodeURIComponent('المشرف')}`, headers);
    expect((found.body.data as Array<{ question_en: string }>).map((row) => row.question_en)).toEqual(['Does my supervisor need to approve my work?']);
    const { headers: reviewer } = await staffHeaders(app, 'reviewer');
    expect((await getJson(app, '/api/admin/faq', reviewer)).status).toBe(403);
  });
});

describe('site settings', () => {
  const settings = {
    address: 'أبوظبي، الإمارات العربية المتحدة',
    address_en: 'Abu Dhabi, United Arab Emirates',
    email: 'hello@scholars-hub.example',
    phone: '+971 2 000 0000',
    facebook: 'https://facebook.example/scholarshub',
    twitter: '',
    linkedin: null,
    instagram: 'https://instagram.example/scholarshub',
    youtube: '',
  };

  it('saves the address, contact and links; an empty link is null on the public read (not rendered); logged', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const read = await getJson(app, '/api/admin/site-settings', headers);
    expect(read.body.data).toMatchObject({ address_en: 'Dubai, United Arab Emirates', version: 1 });
    const saved = await send(app, 'PUT', '/api/admin/site-settings', headers, { ...settings, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ data: { twitter: null, linkedin: null, version: 2 } });
    const pub = await getJson(app, '/api/site-settings');
    expect(pub.body.data).toEqual({
      social_links: { facebook: 'https://facebook.example/scholarshub', twitter: null, linkedin: null, instagram: 'https://instagram.example/scholarshub', youtube: null },
      contact: { email: 'hello@scholars-hub.example', phone: '+971 2 000 0000', address: 'أبوظبي، الإمارات العربية المتحدة', address_en: 'Abu Dhabi, United Arab Emirates' },
      // Left out of the body: no credit (the footer shows none).
      made_by: { name: '', name_en: '', url: null },
    });
    const [entry] = await auditOf(app, 'site_settings', 1);
    expect(entry?.action).toBe('content.update');
    expect((entry?.details as { changed: string[] }).changed).toEqual(expect.arrayContaining(['address', 'address_en', 'email', 'phone', 'twitter', 'linkedin']));
  });

  it('round-trips the footer made-by credit: saved, read back by the console, served to the footer; an empty link is null', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const { version } = (await getJson(app, '/api/admin/site-settings', headers)).body.data as { version: number };
    const credit = { made_by_name: ' فريق الموقع ', made_by_name_en: 'The site team', made_by_url: 'https://makers.example/team' };
    const saved = await send(app, 'PUT', '/api/admin/site-settings', headers, { ...settings, ...credit, version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ data: { made_by_name: 'فريق الموقع', made_by_name_en: 'The site team', made_by_url: 'https://makers.example/team', version: version + 1 } });
    expect((await getJson(app, '/api/admin/site-settings', headers)).body.data).toMatchObject({ made_by_name: 'فريق الموقع', made_by_url: 'https://makers.example/team' });
    expect((await getJson(app, '/api/site-settings')).body.data).toMatchObject({ made_by: { name: 'فريق الموقع', name_en: 'The site team', url: 'https://makers.example/team' } });
    const unlinked = await send(app, 'PUT', '/api/admin/site-settings', headers, { ...settings, ...credit, made_by_url: '', version: version + 1 });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect((await getJson(app, '/api/site-settings')).body.data).toMatchObject({ made_by: { name: 'فريق الموقع', name_en: 'The site team', url: null } });
  });

  it('refuses a made-by link that is not a web address (localized 400), a link without a name, and a name in one language', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const before = (await getJson(app, '/api/admin/site-settings', headers)).body.data as { version: number };
    const { version } = before;
    const credit = { made_by_name: 'فريق الموقع', made_by_name_en: 'The site team' };
    for (const url of ['javascript:alert(1)', 'ftp://makers.example/team', 'makers.example', 'https://user:secret@makers.example/']) {
      const bad = await send(app, 'PUT', '/api/admin/site-settings', headers, { ...settings, ...credit, made_by_url: url, version });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json()).toMatchObject({ status: false, errors: { made_by_url: v.linkInvalid } });
    }
    const arabic = await app.inject({
      method: 'PUT',
      url: '/api/admin/site-settings',
      headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'ar' },
      payload: JSON.stringify({ ...settings, ...credit, made_by_url: 'javascript:alert(1)', version }),
    });
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json()).toMatchObject({ errors: { made_by_url: validationMessages.ar.linkInvalid } });
    const nameless = await send(app, 'PUT', '/api/admin/site-settings', headers, { ...settings, made_by_name: '', made_by_name_en: '', made_by_url: 'https://makers.example/team', version });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({ errors: { made_by_name: v.required } });
    const oneSided = await send(app, 'PUT', '/api/admin/site-settings', headers, { ...settings, ...credit, made_by_name_en: '', made_by_url: null, version });
    expect(oneSided.statusCode).toBe(400);
    expect(oneSided.json()).toMatchObject({ errors: { made_by_name_en: v.translationMissing } });
    // Nothing of the refused saves was kept.
    expect((await getJson(app, '/api/admin/site-settings', headers)).body.data).toEqual(before);
  });

  it('refuses the address in one language, a bad e-mail or link, and a stale version', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const { version } = (await getJson(app, '/api/admin/site-settings', headers)).body.data as { version: number };
    const oneSided = await send(app, 'PUT', '/api/admin/site-settings', headers, { ...settings, address_en: '', version });
    expect(oneSided.statusCode).toBe(400);
    expect(oneSided.json()).toMatchObject({ errors: { address_en: v.translationMissing } });
    const bad = await send(app, 'PUT', '/api/admin/site-settings', headers, { ...settings, email: 'not-an-address', youtube: 'ftp://x.example', phone: 'call us', version });
    expect(bad.json()).toMatchObject({ errors: { email: v.emailInvalid, youtube: v.linkInvalid, phone: v.phoneInvalid } });
    const stale = await send(app, 'PUT', '/api/admin/site-settings', headers, { ...settings, version: version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ msg: v.staleEdit });
  });
});
