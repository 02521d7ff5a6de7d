import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  errorEnvelopeSchema,
  libraryDetailsResponseSchema,
  libraryFileLinkResponseSchema,
  libraryPageResponseSchema,
  universitiesResponseSchema,
} from '@scholars/shared-contracts/schemas';
import { SEED_ASSETS_DIR } from '../src/config';
import { subscriptions } from '../src/db/schema';
import { isbn13, libraryItems, libraryRows, universities as seedUniversities } from '../src/db/seed-library';
import { assetSize, seedAssets } from '../src/db/seed-assets';
import { escapeBibtex, splitAuthors, toBibtex, toRis, withoutTitles, type CitationSource } from '../src/lib/citations';
import { getJson, postJson, useApp, signedInUser, type CreateUserOverrides } from './helper';
import { parseBibtex, parseRis } from './library-citation-parsers';

const app = useApp();
const ARABIC = /[\u0600-\u06FF]/;

const signedIn = (overrides: CreateUserOverrides = {}) => signedInUser(app(), overrides);

async function subscribe(userId: number) {
  const now = Date.now();
  await app()
    .db.insert(subscriptions)
    .values({
      userId,
      planId: 1,
      status: 'active',
      price: 499,
      provider: 'local',
      currentPeriodStart: new Date(now - 86_400_000),
      currentPeriodEnd: new Date(now + 365 * 86_400_000),
    });
}

const page = (headers: Record<string, string>, body: Record<string, unknown>) =>
  postJson(app(), '/api/library/paginate', { limit: 9, page: 1, ...body }, headers);

describe('library seed', () => {
  it('has universities of the UAE and beyond, e-books and university items with real PDFs', () => {
    const rows = libraryRows(new Map(seedAssets().map((asset) => [asset.path, assetSize(asset)])));
    expect(rows.universities.length).toBeGreaterThanOrEqual(6);
    expect(new Set(seedUniversities.map((u) => u.countryEn)).size).toBeGreaterThanOrEqual(4);
    expect(seedUniversities.filter((u) => u.countryEn === 'United Arab Emirates').length).toBeGreaterThanOrEqual(4);
    for (const u of rows.universities) expect(u.name).toMatch(ARABIC);
    const ebooks = rows.ebooks.filter((row) => row.collection === 'ebooks');
    const university = rows.ebooks.filter((row) => row.collection === 'university');
    expect(ebooks.length).toBeGreaterThan(9); // more than one page of the screen
    expect(university.length).toBeGreaterThan(9);
    // The fallbacks of spec 3 are exercised by real rows.
    expect(rows.ebooks.some((row) => row.categoryId === null)).toBe(true);
    expect(rows.ebooks.some((row) => row.universityId === null)).toBe(true);
    for (const row of rows.ebooks) {
      expect(row.title).toMatch(ARABIC);
      expect(row.titleEn).not.toMatch(ARABIC);
      expect(row.filePath).toMatch(/^private\//);
      expect(row.image).toMatch(/^public\/images\//);
      const file = readFileSync(path.join(SEED_ASSETS_DIR, row.filePath));
      expect(file.subarray(0, 8).toString('latin1')).toMatch(/^%PDF-1\.\d/);
      expect(file.subarray(-6).toString('latin1')).toContain('%%EOF');
      expect(row.fileSize).toBe(file.length);
    }
    // The seeded approved research is published in the university libraries tab.
    expect(university.filter((row) => row.researchId !== null)).toHaveLength(12);
  });

  it('ISBN-13 check digits are right', () => {
    expect(isbn13('978030640615')).toBe('978-0306-40-615-7');
    for (const item of libraryItems.filter((i) => i.isbn12)) {
      const digits = isbn13(item.isbn12!).replace(/-/g, '');
      const sum = [...digits].reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
      expect(sum % 10).toBe(0);
    }
  });
});

describe('library catalogue (signed-in users)', () => {
  it('refuses visitors with the 401 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/universities'],
      ['POST', '/api/library/paginate'],
      ['GET', '/api/library/1'],
      ['GET', '/api/library/1/citation'],
      ['POST', '/api/library/1/file-link'],
    ] as const) {
      const response = await app().inject({ method, url, ...(method === 'POST' ? { payload: { limit: 9, page: 1 } } : {}) });
      expect(response.statusCode, url).toBe(401);
      expect(errorEnvelopeSchema.parse(response.json()).status).toBe(false);
    }
  });

  it('GET /api/universities: bilingual, with the number of items of each', async () => {
    const { headers } = await signedIn();
    const { status, body } = await getJson(app(), '/api/universities', headers);
    expect(status).toBe(200);
    const { data } = universitiesResponseSchema.parse(body);
    expect(data.length).toBe(seedUniversities.length);
    const uaeu = data.find((u) => u.name_en === 'United Arab Emirates University')!;
    expect(uaeu.name).toMatch(ARABIC);
    expect(uaeu.items).toBeGreaterThanOrEqual(4);
    expect(uaeu.logo).toMatch(/^public\/images\/universities\//);
  });

  it('tabs: each collection pages on its own, with tot for the pagination', async () => {
    const { headers } = await signedIn();
    const ebooks = libraryPageResponseSchema.parse((await page(headers, { collection: 'ebooks' })).body);
    const university = libraryPageResponseSchema.parse((await page(headers, { collection: 'university' })).body);
    expect(ebooks.data).toHaveLength(9);
    expect(ebooks.tot).toBe(12);
    expect(ebooks.data.every((item) => item.collection === 'ebooks' && item.doc_type === 'book')).toBe(true);
    expect(university.tot).toBe(22);
    expect(university.data.every((item) => item.collection === 'university')).toBe(true);
    const second = libraryPageResponseSchema.parse((await page(headers, { collection: 'ebooks', page: 2 })).body);
    expect(second.data).toHaveLength(3);
    expect(new Set([...ebooks.data, ...second.data].map((item) => item.id)).size).toBe(12);
    const past = libraryPageResponseSchema.parse((await page(headers, { collection: 'ebooks', page: 9 })).body);
    expect(past.data).toEqual([]);
    expect(past.tot).toBe(12);
  });

  it('filters by category and university; null category and university come back as null (General / Unknown university)', async () => {
    const { headers } = await signedIn();
    const health = libraryPageResponseSchema.parse((await page(headers, { category_id: 3, limit: 100 })).body);
    expect(health.tot).toBeGreaterThan(0);
    expect(health.data.every((item) => item.category_id === 3 && item.category?.name_en === 'Health & Medical Sciences')).toBe(true);
    const sharjah = libraryPageResponseSchema.parse((await page(headers, { university_id: 3, limit: 100 })).body);
    expect(sharjah.data.every((item) => item.university?.name_en === 'University of Sharjah')).toBe(true);
    expect(sharjah.tot).toBe(3);
    const all = libraryPageResponseSchema.parse((await page(headers, { limit: 100 })).body);
    expect(all.tot).toBe(34);
    const general = all.data.find((item) => item.category_id === null)!;
    expect(general.category).toBeNull();
    const unknown = all.data.find((item) => item.university_id === null)!;
    expect(unknown.university).toBeNull();
    // Unknown filter values are a 400, not an empty list.
    expect((await page(headers, { collection: 'magazines' })).status).toBe(400);
    expect((await page(headers, { col: 'author' })).status).toBe(400);
  });

  it('search folds Arabic (hamza, ta marbuta, alef maqsura, tashkeel, tatweel) and matches both languages', async () => {
    const { headers } = await signedIn();
    const titles = async (search: string, extra: Record<string, unknown> = {}) =>
      libraryPageResponseSchema.parse((await page(headers, { search, limit: 100, ...extra })).body).data.map((item) => item.title_en);
    // "الإدارة المستدامة" written without hamza and with a plain ha for the ta marbuta.
    expect(await titles('الاداره المستدامه')).toEqual(['Sustainable Water Management in Arid Regions']);
    // With tashkeel and tatweel.
    expect(await titles('تَعَلُّـــم الآلة')).toContain('An Introduction to Machine Learning');
    // English words find the English title; the Arabic title of an English-language work too.
    expect(await titles('islamic finance')).toEqual(['Principles of Islamic Finance']);
    expect(await titles('التمويل الإسلامي')).toEqual(['Principles of Islamic Finance']);
    // Author and university names are searchable; every word must match.
    expect(await titles('Haddad')).toEqual(['Sustainable Water Management in Arid Regions']);
    // (University of Sharjah and the American University of Sharjah both contain the two words.)
    expect((await titles('جامعة الشارقة', { collection: 'ebooks' })).sort()).toEqual([
      'An Introduction to Comparative Law in the Gulf States',
      'Arabic Natural Language Processing: A Practical Guide',
    ]);
    expect(await titles('water nonexistentword')).toEqual([]);
    // Punctuation (LIKE wildcards included) is not a search term.
    expect(await titles('%_%')).toHaveLength(34);
  });

  it('sorts by title, year (newest first) and id, stable across pages', async () => {
    const { headers } = await signedIn();
    const byYear = libraryPageResponseSchema.parse((await page(headers, { collection: 'ebooks', col: 'year', limit: 100 })).body).data;
    const years = byYear.map((item) => item.published_year ?? 0);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const byTitle = libraryPageResponseSchema.parse((await page(headers, { collection: 'ebooks', col: 'title_en', limit: 100 })).body).data;
    const titles = byTitle.map((item) => item.title_en);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('GET /api/library/{id}: abstract in both languages, publication details, the file described', async () => {
    const { headers } = await signedIn();
    const { status, body } = await getJson(app(), '/api/library/3', headers);
    expect(status).toBe(200);
    const { data } = libraryDetailsResponseSchema.parse(body);
    expect(data.title_en).toBe('Sustainable Water Management in Arid Regions');
    expect(data.abstract).toMatch(ARABIC);
    expect(data.abstract_en).toMatch(/desalination/);
    expect(data.publisher_en).toBe('UAEU Press');
    expect(data.isbn).toMatch(/^978-9948-/);
    expect(data.file).toEqual({ name: 'sustainable-water-management-in-arid-regions.pdf', mime: 'application/pdf', size: expect.any(Number) });
    expect((await getJson(app(), '/api/library/99999', headers)).status).toBe(404);
    expect((await getJson(app(), '/api/library/abc', headers)).status).toBe(400);
  });
});

describe('library files: active subscription, in-page view and download', () => {
  it('without a subscription: 403 subscription_required in the request language', async () => {
    const { headers } = await signedIn();
    const en = await postJson(app(), '/api/library/3/file-link', {}, headers);
    expect(en.status).toBe(403);
    expect(en.body).toMatchObject({ status: false, err: 'subscription_required', msg: 'You need an active subscription to view this page' });
    const ar = await postJson(app(), '/api/library/3/file-link', {}, { ...headers, 'accept-language': 'ar' });
    expect(ar.body.msg).toMatch(ARABIC);
  });

  it('with one: short-lived links that show the PDF inline and download it under its name', async () => {
    const { user, headers } = await signedIn();
    await subscribe(user.id);
    const { status, body } = await postJson(app(), '/api/library/3/file-link', {}, headers);
    expect(status).toBe(200);
    const { data } = libraryFileLinkResponseSchema.parse(body);
    expect(data.inline).toBe(true);
    expect(data.view_url).toMatch(/^library\/3\/file\?token=/);
    expect(new Date(data.expires_at).getTime()).toBeGreaterThan(Date.now());

    // No Authorization header: the token alone opens it (an <iframe> cannot send one).
    const view = await app().inject({ method: 'GET', url: `/api/${data.view_url}` });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-disposition']).toBe(
      `inline; filename="sustainable-water-management-in-arid-regions.pdf"; filename*=UTF-8''sustainable-water-management-in-arid-regions.pdf`,
    );
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    expect(view.headers['cache-control']).toBe('private, no-store');
    expect(view.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    expect(view.headers['x-frame-options']).toBeUndefined();
    expect(view.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(view.rawPayload.length).toBe(Number(view.headers['content-length']));

    const download = await app().inject({ method: 'GET', url: `/api/${data.download_url}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="sustainable-water-management-in-arid-regions\.pdf"/);
  });

  it('a token opens only its own file, not tampered, not after the subscription ended', async () => {
    const { user, headers } = await signedIn();
    await subscribe(user.id);
    const { data } = libraryFileLinkResponseSchema.parse((await postJson(app(), '/api/library/3/file-link', {}, headers)).body);
    const token = new URL(data.view_url, 'http://x/').searchParams.get('token')!;
    const other = await app().inject({ method: 'GET', url: `/api/library/4/file?token=${encodeURIComponent(token)}` });
    expect(other.statusCode).toBe(403);
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    expect((await app().inject({ method: 'GET', url: `/api/library/3/file?token=${encodeURIComponent(tampered)}` })).statusCode).toBe(403);
    expect((await app().inject({ method: 'GET', url: '/api/library/3/file' })).statusCode).toBe(400);
    const expired = await app().inject({ method: 'GET', url: '/api/library/3/file?token=e30.AAAA', headers: { 'accept-language': 'en' } });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().msg).toBe('This file link has expired. Open the file again from the book page.');

    await app().db.update(subscriptions).set({ status: 'canceled' });
    const after = await app().inject({ method: 'GET', url: `/api/${data.view_url}` });
    expect(after.statusCode).toBe(403);
    expect(after.json().err).toBe('subscription_required');
  });
});

describe('citation export', () => {
  it('BibTeX of a book parses, with the fields of the item (English work)', async () => {
    const { headers } = await signedIn();
    const response = await app().inject({ method: 'GET', url: '/api/library/3/citation?format=bibtex', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="sustainable-water-management-in-arid-regions\.bib"/);
    const [entry, ...rest] = parseBibtex(response.body);
    expect(rest).toEqual([]);
    expect(entry!.type).toBe('book');
    expect(entry!.key).toBe('haddad2022-3');
    expect(entry!.fields.title).toBe('{Sustainable Water Management in Arid Regions}');
    expect(entry!.fields.author).toBe('{Omar Haddad}');
    expect(entry!.fields.year).toBe('2022');
    expect(entry!.fields.publisher).toBe('UAEU Press');
    expect(entry!.fields.isbn).toMatch(/^978-9948-/);
    expect(entry!.fields.language).toBe('english');
    expect(entry!.fields.url).toMatch(/\/research-library\/3$/);
  });

  it('BibTeX of an Arabic thesis keeps Arabic text, the school and the translated title', async () => {
    const { headers } = await signedIn();
    const response = await app().inject({ method: 'GET', url: '/api/library/13/citation?format=bibtex', headers });
    const [entry] = parseBibtex(response.body);
    expect(entry!.type).toBe('mastersthesis');
    expect(entry!.key).toBe('scholarshub-13');
    expect(entry!.fields.title).toMatch(ARABIC);
    expect(entry!.fields.origtitle).toMatch(/Transformational Leadership/);
    expect(entry!.fields.school).toBe('جامعة الإمارات العربية المتحدة');
    expect(entry!.fields.language).toBe('arabic');
    // The same item cited in English.
    const english = parseBibtex((await app().inject({ method: 'GET', url: '/api/library/13/citation?format=bibtex&lang=en', headers })).body)[0]!;
    expect(english.fields.school).toBe('United Arab Emirates University');
    expect(english.key).toBe('shamsi2023-13');
  });

  it('RIS parses: TY first, ER last, one tag per line, CRLF', async () => {
    const { headers } = await signedIn();
    const response = await app().inject({ method: 'GET', url: '/api/library/14/citation?format=ris', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-research-info-systems; charset=utf-8');
    const [record, ...rest] = parseRis(response.body);
    expect(rest).toEqual([]);
    expect(record!.TY).toEqual(['THES']);
    expect(record!.TI).toEqual(['Deep Learning Models for Arabic Handwriting Recognition']);
    expect(record!.TT?.[0]).toMatch(ARABIC);
    expect(record!.AU).toEqual(['Amna Al Hammadi']);
    expect(record!.PY).toEqual(['2022']);
    expect(record!.PB).toEqual(['Khalifa University']);
    expect(record!.M3).toEqual(['Doctoral dissertation']);
    expect(record!.KW).toEqual(['deep learning', 'OCR', 'الخط العربي']);
    expect(record!.UR?.[0]).toMatch(/\/research-library\/14$/);
    expect((await app().inject({ method: 'GET', url: '/api/library/14/citation?format=endnote', headers })).statusCode).toBe(400);
  });

  it('cites names without their titles, in both languages (a citation manager would file "Dr." as a name)', () => {
    expect(splitAuthors('Dr. Layla Al Hammadi; د. خالد النعيمي')).toEqual(['Layla Al Hammadi', 'خالد النعيمي']);
    const cases: Array<[string, string]> = [
      ['أ.د. خالد النعيمي', 'خالد النعيمي'],
      ['أ. د. سارة المري', 'سارة المري'],
      ['الدكتورة منى الشامسي', 'منى الشامسي'],
      ['Prof. Dr. Ann Lee', 'Ann Lee'],
      ['Assoc. Prof. Omar Ali', 'Omar Ali'],
      ['Ann Lee, PhD', 'Ann Lee'],
      // Names that only start like a title keep their letters; a lone title stays as written.
      ['Drake Bell', 'Drake Bell'],
      ['دانة علي', 'دانة علي'],
      ['Mr', 'Mr'],
    ];
    for (const [name, cited] of cases) expect(withoutTitles(name), name).toBe(cited);
  });

  it('escapes TeX specials so hostile text cannot break the entry', () => {
    const source: CitationSource = {
      id: 7,
      docType: 'research',
      title: 'Costs & {benefits} of 100% _green_ #energy $ ~ ^ \\ }',
      otherTitle: null,
      authors: splitAuthors('Ann Lee; بشير النعيمي'),
      year: 2024,
      publisher: null,
      university: null,
      isbn: null,
      pages: null,
      language: 'en',
      abstract: 'line one\nline two',
      keywords: ['a,b'],
      url: 'http://localhost:8080/research-library/7',
      accessed: new Date('2026-01-02T00:00:00Z'),
    };
    const [entry] = parseBibtex(toBibtex(source));
    expect(entry!.type).toBe('misc');
    expect(entry!.fields.author).toBe('{Ann Lee} and {بشير النعيمي}');
    expect(entry!.fields.title).toBe(`{${escapeBibtex(source.title)}}`);
    expect(entry!.fields.urldate).toBe('2026-01-02');
    const [record] = parseRis(toRis(source));
    expect(record!.TY).toEqual(['GEN']);
    expect(record!.AU).toEqual(['Ann Lee', 'بشير النعيمي']);
    expect(record!.AB).toEqual(['line one line two']);
  });
});
