/**
 * Best match first (issue 24): a fixed data set and fixed queries with the expected first results,
 * on each public list (conference paginate and by-category, research community, library), so a
 * change that breaks the ranking fails here. The rows use words the seed does not (aquaculture,
 * fisheries), so the seed's rows never come first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSearchText } from '../src/lib/arabic-search';
import { conferences, ebooks, researchSubmissions } from '../src/db/schema';
import { bearer, createUser, postJson, signIn, useApp } from './helper';

/** One row of the data set: titles, a text (description / abstract) and its date. */
interface Doc {
  key: string;
  title: string;
  titleEn: string;
  text: string;
  textEn: string;
  /** Days before 2026-01-01. */
  age: number;
}

const DOCS: Doc[] = [
  // The phrase in the Arabic title, as typed with hamza.
  { key: 'phrase', title: 'الاستزراع السمكي في المياه المالحة', titleEn: 'Fish farming in salt water', text: 'دراسة ميدانية.', textEn: 'A field study.', age: 10 },
  // The same phrase, older: ties go to the newer one.
  { key: 'phraseOld', title: 'الاستزراع السمكي في المياه المالحة', titleEn: 'Fish farming in salt water', text: 'دراسة ميدانية.', textEn: 'A field study.', age: 400 },
  // Both words in the title, not as the phrase.
  { key: 'words', title: 'السمكي والاستزراع: مراجعة', titleEn: 'A review of farming practice', text: 'مراجعة.', textEn: 'A review.', age: 5 },
  // The words only in the text, many times.
  { key: 'textMany', title: 'دراسة بيئية للخليج', titleEn: 'An environmental study of the Gulf', text: 'الاستزراع السمكي والاستزراع السمكي المستدام وأثر الاستزراع السمكي على البيئة.', textEn: 'Aquaculture.', age: 1 },
  // The words only in the text, once.
  { key: 'textOnce', title: 'تقرير سنوي', titleEn: 'Annual report', text: 'يذكر التقرير الاستزراع السمكي مرة واحدة بين مواضيع كثيرة أخرى في الزراعة والصناعة والتجارة.', textEn: 'A report.', age: 0 },
  // Hamza and ta marbuta in the title ("اداره مصايد" must find it first).
  { key: 'hamza', title: 'إدارة مصائد الأسماك الساحلية', titleEn: 'Coastal fisheries governance', text: 'حوكمة.', textEn: 'Governance.', age: 50 },
  { key: 'hamzaText', title: 'الحوكمة البحرية', titleEn: 'Marine governance', text: 'إدارة مصائد الأسماك في الخليج.', textEn: 'Fisheries.', age: 2 },
  // English: the phrase in the English title vs both words apart.
  { key: 'enPhrase', title: 'أنظمة المياه', titleEn: 'Saline aquaculture systems', text: 'أنظمة.', textEn: 'Systems.', age: 300 },
  { key: 'enWords', title: 'مراجعة الأنظمة', titleEn: 'Aquaculture in saline ponds', text: 'مراجعة.', textEn: 'Review.', age: 3 },
  { key: 'enText', title: 'تقرير الأحواض', titleEn: 'Pond report', text: 'تقرير.', textEn: 'Saline aquaculture is discussed at length: saline aquaculture.', age: 0 },
  // The Arabic article: "المحار" finds the title with it (the phrase) and the one without it.
  { key: 'article', title: 'تربية المحار', titleEn: 'Oyster culture', text: 'دراسة.', textEn: 'A study.', age: 30 },
  { key: 'noArticle', title: 'محار الخليج', titleEn: 'Gulf oysters', text: 'دراسة.', textEn: 'A study.', age: 1 },
];

const QUERIES: Array<{ name: string; search: string; first: string[] }> = [
  { name: 'Arabic two-word phrase, with hamza and diacritics', search: 'الإستزراع السَّمَكِيّ', first: ['phrase', 'phraseOld', 'words', 'textMany', 'textOnce'] },
  { name: 'Arabic without hamza, ta marbuta as ha, yeh for hamza on yeh', search: 'اداره مصايد', first: ['hamza', 'hamzaText'] },
  { name: 'Arabic with tatweel', search: 'مصـــائد', first: ['hamza'] },
  { name: 'English two-word phrase', search: 'Saline Aquaculture', first: ['enPhrase', 'enWords', 'enText'] },
  // Every word in each title: equal rank, so the newest first.
  { name: 'mixed Arabic and English', search: 'farming السمكي', first: ['words', 'phrase', 'phraseOld'] },
  { name: 'Arabic with the article, the title without it found too', search: 'المحار', first: ['article', 'noArticle'] },
];

const DAY = 86_400_000;
const dateOf = (doc: Doc) => new Date(Date.UTC(2026, 0, 1) - doc.age * DAY);

const app = useApp();
/** key -> id, per list. */
const ids = { conference: new Map<string, number>(), research: new Map<string, number>(), library: new Map<string, number>() };
let token = '';

beforeAll(async () => {
  const db = app().db;
  const owner = await createUser(app());
  token = await signIn(app(), owner);
  for (const doc of DOCS) {
    const [conference] = await db
      .insert(conferences)
      .values({
        categoryId: 1,
        title: doc.title,
        titleEn: doc.titleEn,
        description: doc.text,
        descriptionEn: doc.textEn,
        mode: 'online',
        timezone: 'Asia/Dubai',
        startDate: dateOf(doc),
        endDate: dateOf(doc),
        keywords: [],
        searchText: buildSearchText(doc.title, doc.titleEn, doc.text, doc.textEn),
      })
      .returning({ id: conferences.id });
    ids.conference.set(doc.key, conference!.id);
    const [research] = await db
      .insert(researchSubmissions)
      .values({
        ownerId: owner.id,
        categoryId: 1,
        title: doc.title,
        titleEn: doc.titleEn,
        description: doc.text,
        descriptionEn: doc.textEn,
        abstract: doc.text,
        researchType: 'general',
        filePath: 'private/research/1.pdf',
        fileOriginalName: 'r.pdf',
        fileMime: 'application/pdf',
        image: 'public/images/research/1.svg',
        termsAcceptedAt: dateOf(doc),
        status: 'approved',
        searchText: buildSearchText(doc.title, doc.titleEn, doc.text, doc.textEn, doc.text),
        updatedAt: dateOf(doc),
      })
      .returning({ id: researchSubmissions.id });
    ids.research.set(doc.key, research!.id);
    const [book] = await db
      .insert(ebooks)
      .values({
        collection: 'ebooks',
        title: doc.title,
        titleEn: doc.titleEn,
        abstract: doc.text,
        abstractEn: doc.textEn,
        searchText: buildSearchText(doc.title, doc.titleEn, doc.text, doc.textEn),
        updatedAt: dateOf(doc),
      })
      .returning({ id: ebooks.id });
    ids.library.set(doc.key, book!.id);
  }
});

type List = keyof typeof ids;
const LISTS: Array<{ list: List; url: string; body: Record<string, unknown>; auth?: boolean }> = [
  { list: 'conference', url: '/api/conference/paginate', body: {} },
  { list: 'conference', url: '/api/conference/by-category', body: { category_id: 1 } },
  { list: 'research', url: '/api/research-community/paginate', body: {} },
  { list: 'library', url: '/api/library/paginate', body: { collection: 'ebooks' }, auth: true },
];

async function page(target: (typeof LISTS)[number], search: string, col: string, limit = 20) {
  const { status, body } = await postJson(app(), target.url, { ...target.body, limit, page: 1, col, search }, target.auth ? bearer(token) : {});
  expect(status).toBe(200);
  return body as { data: Array<{ id: number }>; tot: number };
}

describe.each(LISTS)('$url: best match first', (target) => {
  const keyOf = (id: number) => [...ids[target.list]].find(([, value]) => value === id)?.[0] ?? `other:${id}`;

  it.each(QUERIES)('$name', async ({ search, first }) => {
    const answer = await page(target, search, 'relevance');
    expect(answer.data.slice(0, first.length).map((row) => keyOf(row.id))).toEqual(first);
  });

  it('ranks the same rows the filter finds, on every page, and another sort still applies', async () => {
    const search = 'الاستزراع السمكي';
    const ranked = await page(target, search, 'relevance', 100);
    const byId = await page(target, search, 'id', 100);
    expect(ranked.tot).toBe(byId.tot);
    expect([...ranked.data.map((row) => row.id)].sort((a, b) => a - b)).toEqual(byId.data.map((row) => row.id));
    const second = await page(target, search, 'relevance', 2);
    const { body } = await postJson(app(), target.url, { ...target.body, limit: 2, page: 2, col: 'relevance', search }, target.auth ? bearer(token) : {});
    expect((body as { data: Array<{ id: number }> }).data.map((row) => row.id)).toEqual(ranked.data.slice(2, 4).map((row) => row.id));
    expect(second.data.map((row) => row.id)).toEqual(ranked.data.slice(0, 2).map((row) => row.id));
  });

  it('answers any text as a term (quotes, operators of a text search, digits, one letter)', async () => {
    for (const search of ["'", "\\'x", 'a:* & b | !c <-> d', 'e2e', '٢٠٢٦', 'a', 'O\'Neil', 'x'.repeat(200), '(ﻻ) ـــ']) {
      const answer = await page(target, search, 'relevance');
      expect(Array.isArray(answer.data)).toBe(true);
    }
  });

  it('without a term, relevance is the list default sort', async () => {
    const defaults = await postJson(app(), target.url, { ...target.body, limit: 20, page: 1, search: '' }, target.auth ? bearer(token) : {});
    const relevance = await page(target, '', 'relevance');
    expect(relevance.data.map((row) => row.id)).toEqual((defaults.body as { data: Array<{ id: number }> }).data.map((row) => row.id));
  });
});
