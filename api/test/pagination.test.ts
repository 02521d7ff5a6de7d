import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  adsPageResponseSchema,
  conferencePageResponseSchema,
  pageCount,
  researchCommunityPageResponseSchema,
} from '@scholars/shared-contracts/schemas';
import { conferences, researchSubmissions } from '../src/db/schema';
import { buildSearchText } from '../src/lib/arabic-search';
import { conferencePaginate, researchCommunityPaginate, runPage, SEARCH_WINDOW } from '../src/lib/list-queries';
import type { PublicReadCache } from '../src/plugins/app/read-cache';
import { createUser, postJson, useApp } from './helper';

const app = useApp();

async function conferencesPage(body: Record<string, unknown>) {
  const { status, body: json } = await postJson(app(), '/api/conference/paginate', { col: 'id', search: '', ...body });
  expect(status).toBe(200);
  return conferencePageResponseSchema.parse(json);
}

describe('paginate: tot and page math', () => {
  it('splits 12 conferences into pages of 5: 5, 5, 2, then empty pages with the same tot', async () => {
    const pages = await Promise.all([1, 2, 3, 4, 50].map((page) => conferencesPage({ limit: 5, page })));
    expect(pages.map((p) => p.tot)).toEqual([12, 12, 12, 12, 12]);
    expect(pages.map((p) => p.data.length)).toEqual([5, 5, 2, 0, 0]);
    expect(pageCount(pages[0]!.tot, 5)).toBe(3);
    const ids = pages.flatMap((p) => p.data.map((c) => c.id));
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('the last page of research with limit 5 holds the remaining 2', async () => {
    const { body } = await postJson(app(), '/api/research-community/paginate', { limit: 5, page: 3, col: 'id', search: '' });
    const parsed = researchCommunityPageResponseSchema.parse(body);
    expect(parsed.tot).toBe(12);
    expect(parsed.data.map((item) => item.id)).toEqual([11, 12]);
  });

  it('accepts the limit bounds 1 and 100', async () => {
    const one = await conferencesPage({ limit: 1, page: 1 });
    expect(one.data).toHaveLength(1);
    expect(one.tot).toBe(12);
    const hundred = await conferencesPage({ limit: 100, page: 1 });
    expect(hundred.data).toHaveLength(12);
  });

  it('the highest allowed page is an empty page, not an error', async () => {
    const last = await conferencesPage({ limit: 100, page: 1_000_000 });
    expect(last).toEqual({ status: true, data: [], tot: 12 });
  });

  it('filters by category_id, with tot counting the filtered rows only', async () => {
    const all = await conferencesPage({ limit: 100, page: 1 });
    const academic = await conferencesPage({ limit: 2, page: 1, category_id: 1 });
    expect(academic.tot).toBe(all.data.filter((c) => c.category_id === 1).length);
    expect(academic.data.every((c) => c.category_id === 1)).toBe(true);
    const none = await conferencesPage({ limit: 10, page: 1, category_id: 9999 });
    expect(none).toEqual({ status: true, data: [], tot: 0 });
    const nullCategory = await conferencesPage({ limit: 100, page: 1, category_id: null });
    expect(nullCategory.tot).toBe(12);

    const { body } = await postJson(app(), '/api/research-community/paginate', { category_id: 7, limit: 12, page: 1, col: 'name_en', search: '' });
    const research = researchCommunityPageResponseSchema.parse(body);
    expect(research.tot).toBe(2);
    expect(research.data.every((item) => item.category_id === 7)).toBe(true);
  });

  it('sorts by the allowed col, with order, ties by id', async () => {
    const byStart = await conferencesPage({ limit: 100, page: 1, col: 'start_date' });
    const starts = byStart.data.map((c) => Date.parse(c.start_date));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const byStartDesc = await conferencesPage({ limit: 100, page: 1, col: 'start_date', order: 'desc' });
    expect(byStartDesc.data.map((c) => c.id)).toEqual(byStart.data.map((c) => c.id).reverse());

    // research 'updated' defaults to newest first
    const { body } = await postJson(app(), '/api/research-community/paginate', { limit: 12, page: 1, col: 'updated' });
    const updated = researchCommunityPageResponseSchema.parse(body).data.map((item) => Date.parse(item.updated));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
  });

  it('col is optional (entity default) and search may be null', async () => {
    const { status, body } = await postJson(app(), '/api/conference/paginate', { limit: 3, page: 1, search: null });
    expect(status).toBe(200);
    const parsed = conferencePageResponseSchema.parse(body);
    const starts = parsed.data.map((c) => Date.parse(c.start_date));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('ads paginate with 5 per request', async () => {
    const { body } = await postJson(app(), '/api/ads/websitePaginate', { limit: 2, page: 2, col: 'id', search: '' });
    const parsed = adsPageResponseSchema.parse(body);
    expect(parsed.tot).toBe(3);
    expect(parsed.data.map((ad) => ad.id)).toEqual([3]);
  });
});

// Issue 24: a deep page of a list without a search seeks from the sort's anchors (every
// ANCHOR_STRIDE-th row, 1000 in the routes; 7 here so that a small list has many): every page of
// every sort, both directions, with and without a category, equals the page read by its offset.
// Last in the file: it adds rows.
describe('paginate: deep pages from the anchors of a sort', () => {
  it('give the same rows as reading by offset, ties of the sort column included', async () => {
    const db = app().db;
    const owner = await createUser(app());
    // Three titles and six start dates among 60 rows: long runs of equal sort keys.
    await db.insert(conferences).values(
      Array.from({ length: 60 }, (_, n) => ({
        categoryId: 1 + (n % 3),
        title: `مؤتمر الترتيب ${n % 3}`,
        titleEn: `Order conference ${n % 2}`,
        description: 'وصف',
        descriptionEn: 'Description',
        searchText: buildSearchText(`مؤتمر الترتيب ${n % 3}`, `Order conference ${n % 2}`, n % 4 ? 'وصف' : 'وصف مؤتمر'),
        mode: 'online' as const,
        timezone: 'Asia/Dubai',
        startDate: new Date(Date.UTC(2027, 0, 1 + (n % 6))),
        keywords: [],
        status: 'published' as const,
      })),
    );
    await db.insert(researchSubmissions).values(
      Array.from({ length: 40 }, (_, n) => ({
        ownerId: owner.id,
        categoryId: 1 + (n % 2),
        title: `بحث الترتيب ${n % 4}`,
        titleEn: `Order research ${n % 3}`,
        description: 'وصف',
        descriptionEn: 'Description',
        searchText: buildSearchText(`بحث الترتيب ${n % 4}`, `Order research ${n % 3}`, n % 3 ? 'ملخص' : 'ملخص مؤتمر'),
        abstract: 'ملخص',
        researchType: 'general' as const,
        filePath: 'private/research/1.pdf',
        fileOriginalName: 'r.pdf',
        fileMime: 'application/pdf',
        image: 'public/images/research/1.svg',
        termsAcceptedAt: new Date(),
        status: 'approved' as const,
        updatedAt: new Date(Date.UTC(2026, 5, 1 + (n % 5))),
      })),
    );
    const cache = app().readCache;
    const limit = 4;
    for (const categoryId of [null, 1]) {
      for (const order of ['asc', 'desc'] as const) {
        for (const col of ['start_date', 'title', 'title_en', 'id'] as const) {
          const input = { limit, page: 1, col, order, search: '', categoryId };
          const { tot } = await runPage(conferencePaginate(db, input), cache);
          expect(tot).toBeGreaterThan(20);
          for (let page = 1; page <= Math.ceil(tot / limit); page += 1) {
            const sought = await runPage(conferencePaginate(db, { ...input, page }, 7), cache);
            const byOffset = await runPage(conferencePaginate(db, { ...input, page }));
            expect(sought.rows.map((row) => row.id), `${col} ${order} category ${categoryId} page ${page}`).toEqual(byOffset.rows.map((row) => row.id));
          }
        }
        for (const col of ['updated', 'name', 'name_en', 'id'] as const) {
          const input = { limit, page: 1, col, order, search: '', categoryId };
          const { tot } = await runPage(researchCommunityPaginate(db, input), cache);
          expect(tot).toBeGreaterThan(20);
          for (let page = 1; page <= Math.ceil(tot / limit); page += 1) {
            const sought = await runPage(researchCommunityPaginate(db, { ...input, page }, 7), cache);
            const byOffset = await runPage(researchCommunityPaginate(db, { ...input, page }));
            expect(sought.rows.map((row) => row.id), `${col} ${order} category ${categoryId} page ${page}`).toEqual(byOffset.rows.map((row) => row.id));
          }
        }
      }
    }
  });
  it('a search keeps its first ids in its order: pages within them are read by id, past them by offset, as the whole order gives them', async () => {
    const db = app().db;
    const cache = app().readCache;
    const matching = SEARCH_WINDOW + 20;
    // Five titles and seven start dates: ties in every order, so the tie-breakers are checked too.
    await db.insert(conferences).values(
      Array.from({ length: matching }, (_, n) => ({
        categoryId: 1 + (n % 3),
        title: `نافذة البحث ${n % 5}`,
        titleEn: `Window ${n % 4}`,
        description: 'وصف',
        descriptionEn: n % 2 ? 'search window' : 'Description',
        searchText: buildSearchText(`نافذة البحث ${n % 5}`, `Window ${n % 4}`, n % 2 ? 'search window' : 'Description'),
        mode: 'online' as const,
        timezone: 'Asia/Dubai',
        startDate: new Date(Date.UTC(2028, 0, 1 + (n % 7))),
        keywords: [],
        status: 'published' as const,
      })),
    );
    // Within the window (its first and last page), past it, a page across its end, the last page, past the end.
    const pages = [[20, 1], [20, SEARCH_WINDOW / 20], [20, SEARCH_WINDOW / 20 + 1], [7, Math.ceil(SEARCH_WINDOW / 7)], [100, 3], [100, 4]] as const;
    const inputs = (['relevance', 'start_date', 'title'] as const).flatMap((col) =>
      ['نافذة', 'window search'].flatMap((search) => pages.map(([limit, page]) => ({ limit, page, col, order: 'desc' as const, search, categoryId: null }))),
    );
    cache.invalidate(['conferences']);
    const expected: Array<{ ids: number[]; tot: number }> = [];
    for (const input of inputs) {
      const kept = await runPage(conferencePaginate(db, input), cache);
      const whole = await runPage(conferencePaginate(db, input));
      expected.push({ ids: whole.rows.map((row) => row.id), tot: whole.tot });
      expect({ ids: kept.rows.map((row) => row.id), tot: kept.tot }, JSON.stringify(input)).toEqual(expected.at(-1));
    }
    expect(expected.map(({ tot }) => tot)).toEqual(expect.arrayContaining([matching, matching / 2]));
    // Read again, every page is answered from its search's kept window (on PostgreSQL the insert's
    // notification, which drops what was kept, came during the first pass).
    for (const [index, input] of inputs.entries()) {
      const hitsBefore = cache.store.stats.hits;
      const kept = await runPage(conferencePaginate(db, input), cache);
      expect(cache.store.stats.hits, JSON.stringify(input)).toBe(hitsBefore + 1);
      expect({ ids: kept.rows.map((row) => row.id), tot: kept.tot }, JSON.stringify(input)).toEqual(expected[index]);
    }
    expect((await runPage(conferencePaginate(db, { limit: 20, page: 1, col: 'relevance', search: 'نافذة', categoryId: null }), cache)).tot).toBe(matching);
    // A write drops the window: a new match, the latest, comes first at once.
    const [added] = await db
      .insert(conferences)
      .values({ title: 'نافذة', titleEn: 'A window', searchText: buildSearchText('نافذة', 'A window'), description: 'وصف', descriptionEn: 'D', mode: 'online', timezone: 'Asia/Dubai', startDate: new Date(Date.UTC(2030, 0, 1)), keywords: [], status: 'published' })
      .returning({ id: conferences.id });
    const after = await runPage(conferencePaginate(db, { limit: 20, page: 1, col: 'start_date', order: 'desc', search: 'نافذة', categoryId: null }), cache);
    expect({ first: after.rows[0]?.id, tot: after.tot }).toEqual({ first: added!.id, tot: matching + 1 });
  });
  it('a page of a kept window holds only rows the list still shows: one unpublished before the window is dropped is left out', async () => {
    const db = app().db;
    // A cache that never hears of writes: another API process's, before the table's notification reaches it.
    const kept = new Map<string, unknown>();
    const deaf = {
      async memo(key: string, _tables: unknown, _ttl: number, load: () => Promise<unknown>) {
        if (!kept.has(key)) kept.set(key, await load());
        return kept.get(key);
      },
      peek: (key: string) => kept.get(key),
    } as unknown as PublicReadCache;
    const rows = await db
      .insert(conferences)
      .values(
        Array.from({ length: 6 }, (_, n) => ({
          title: `مؤتمر الأرخبيل ${n}`,
          titleEn: `Archipelago ${n}`,
          searchText: buildSearchText(`مؤتمر الأرخبيل ${n}`, `Archipelago ${n}`),
          description: 'وصف',
          descriptionEn: 'D',
          mode: 'online' as const,
          timezone: 'Asia/Dubai',
          startDate: new Date(Date.UTC(2031, 0, 1 + n)),
          keywords: [],
          status: 'published' as const,
        })),
      )
      .returning({ id: conferences.id });
    const input = { limit: 5, page: 1, col: 'start_date' as const, order: 'desc' as const, search: 'Archipelago', categoryId: null };
    const before = await runPage(conferencePaginate(db, input), deaf);
    expect(before.rows.map((row) => row.id)).toEqual(rows.slice(1).map((row) => row.id).reverse());
    const unpublished = rows[4]!.id;
    await db.update(conferences).set({ status: 'draft' }).where(eq(conferences.id, unpublished));
    const after = await runPage(conferencePaginate(db, input), deaf);
    expect(after.rows.map((row) => row.id)).not.toContain(unpublished);
    expect(after.rows.map((row) => row.id)).toEqual(before.rows.map((row) => row.id).filter((id) => id !== unpublished));
  });
  it('two searches of the same words in another order (or with the article) keep a window each: each ranks its own phrase first', async () => {
    const db = app().db;
    const row = (title: string, titleEn: string) => ({
      categoryId: 1,
      title,
      titleEn,
      description: 'وصف',
      descriptionEn: 'D',
      searchText: buildSearchText(title, titleEn),
      mode: 'online' as const,
      timezone: 'Asia/Dubai',
      startDate: new Date(Date.UTC(2029, 0, 1)),
      keywords: [],
      status: 'published' as const,
    });
    const [first, second] = await db
      .insert(conferences)
      .values([row('تجربة', 'Zephyr quillwork studies'), row('تجربة', 'Quillwork zephyr studies')])
      .returning({ id: conferences.id });
    const top = async (search: string) => (await conferencesPage({ limit: 5, page: 1, col: 'relevance', search })).data.map((c) => c.id);
    expect(await top('zephyr quillwork')).toEqual([first!.id, second!.id]);
    // The same terms (longest first, without repeats), typed the other way round: the other title holds that phrase.
    expect(await top('quillwork zephyr')).toEqual([second!.id, first!.id]);
    expect(await top('zephyr quillwork')).toEqual([first!.id, second!.id]);
    // The same term with and without its article: the title holding the word as typed comes first (else the newer).
    const [withArticle, without] = await db
      .insert(conferences)
      .values([row('البرقشة الحديثة', 'One'), { ...row('برقشة قديمة', 'Two'), startDate: new Date(Date.UTC(2029, 5, 1)) }])
      .returning({ id: conferences.id });
    expect((await top('البرقشة'))[0]).toBe(withArticle!.id);
    expect((await top('برقشة'))[0]).toBe(without!.id);
  });
  it('a search not yet kept reads its count and its window in one statement: the same page and tot as apart', async () => {
    const db = app().db;
    const cache = app().readCache;
    const limit = 4;
    for (const search of ['الترتيب', 'Order conference 1', 'مؤتمر', 'لا يوجد شيء كهذا']) {
      for (const order of ['asc', 'desc'] as const) {
        for (const col of ['start_date', 'title', 'title_en', 'id', 'relevance'] as const) {
          for (const page of [1, 2, 5, 40]) {
            const input = { limit, page, col, order, search, categoryId: null };
            // Nothing cached: the total is not known, so the one statement runs.
            cache.invalidate(['conferences']);
            const together = await runPage(conferencePaginate(db, input), cache);
            const apart = await runPage(conferencePaginate(db, input));
            if (search !== 'لا يوجد شيء كهذا') expect(apart.tot, search).toBeGreaterThan(0);
            expect({ ids: together.rows.map((row) => row.id), tot: together.tot }, `${search} ${col} ${order} page ${page}`).toEqual({ ids: apart.rows.map((row) => row.id), tot: apart.tot });
          }
        }
        for (const col of ['updated', 'name', 'name_en', 'id', 'relevance'] as const) {
          for (const page of [1, 3, 20]) {
            const input = { limit, page, col, order, search, categoryId: null };
            cache.invalidate(['research_submissions']);
            const together = await runPage(researchCommunityPaginate(db, input), cache);
            const apart = await runPage(researchCommunityPaginate(db, input));
            if (search === 'الترتيب' || search === 'مؤتمر') expect(apart.tot, search).toBeGreaterThan(0);
            expect({ ids: together.rows.map((row) => row.id), tot: together.tot }, `${search} ${col} ${order} page ${page}`).toEqual({ ids: apart.rows.map((row) => row.id), tot: apart.tot });
          }
        }
      }
    }
  });
});
