/**
 * The maintained `tot` of the unfiltered public lists (migrations 0019 and 0021, issue 24): the trigger-kept
 * `list_counts` equals a real count after concurrent inserts, status changes and deletes (real
 * concurrency on PostgreSQL, DATABASE_URL; one connection on PGlite), and the lists answer it.
 */
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { conferencePageResponseSchema, libraryPageResponseSchema, researchCommunityPageResponseSchema } from '@scholars/shared-contracts/schemas';
import { conferences, ebooks, listCounts, researchSubmissions } from '../src/db/schema';
import { bearer, createUser, postJson, signIn, useApp } from './helper';

const app = useApp();

async function counts() {
  const db = app().db;
  const kept = Object.fromEntries((await db.select().from(listCounts)).map((row) => [row.list, row.n]));
  const [published] = await db.select({ n: count() }).from(conferences).where(eq(conferences.status, 'published'));
  const [approved] = await db.select({ n: count() }).from(researchSubmissions).where(eq(researchSubmissions.status, 'approved'));
  const real = { conferences: published!.n, research: approved!.n };
  return { kept: { conferences: kept.conferences, research: kept.research_submissions }, real };
}

const conference = (n: number, status: 'draft' | 'published' | 'archived') => ({
  categoryId: 1,
  title: `مؤتمر العد ${n}`,
  titleEn: `Count conference ${n}`,
  description: 'وصف',
  descriptionEn: 'Description',
  mode: 'online' as const,
  timezone: 'Asia/Dubai',
  startDate: new Date(Date.UTC(2027, 0, 1 + (n % 28))),
  keywords: [],
  status,
});

describe('list_counts', () => {
  it('matches a real count after the seed, and the unfiltered lists answer it', async () => {
    const { kept, real } = await counts();
    expect(kept).toEqual(real);
    const confs = conferencePageResponseSchema.parse((await postJson(app(), '/api/conference/paginate', { limit: 1, page: 1, col: 'id', search: '' })).body);
    expect(confs.tot).toBe(real.conferences);
    const research = researchCommunityPageResponseSchema.parse((await postJson(app(), '/api/research-community/paginate', { limit: 1, page: 1, col: 'id', search: '' })).body);
    expect(research.tot).toBe(real.research);
  });

  it('stays exact under concurrent inserts, status changes and deletes, and rolled-back ones leave no trace', async () => {
    const db = app().db;
    const owner = await createUser(app());
    const statuses = ['draft', 'published', 'archived'] as const;
    const research = (n: number) => ({
      ownerId: owner.id,
      categoryId: 1,
      title: `بحث العد ${n}`,
      titleEn: `Count research ${n}`,
      description: 'وصف',
      descriptionEn: 'Description',
      abstract: 'ملخص',
      researchType: 'general' as const,
      filePath: 'private/research/1.pdf',
      fileOriginalName: 'r.pdf',
      fileMime: 'application/pdf',
      image: 'public/images/research/1.svg',
      termsAcceptedAt: new Date(),
      status: n % 2 ? ('approved' as const) : ('under_review' as const),
    });
    const jobs = Array.from({ length: 60 }, (_, n) => async () => {
      await db.transaction(async (tx) => {
        const rows = await tx
          .insert(conferences)
          .values([conference(n, statuses[n % 3]!), conference(n + 1000, 'published')])
          .returning({ id: conferences.id });
        await tx.update(conferences).set({ status: statuses[(n + 1) % 3]! }).where(eq(conferences.id, rows[0]!.id));
        if (n % 4 === 0) await tx.delete(conferences).where(eq(conferences.id, rows[1]!.id));
        const [item] = await tx.insert(researchSubmissions).values(research(n)).returning({ id: researchSubmissions.id });
        if (n % 3 === 0) await tx.update(researchSubmissions).set({ status: 'approved' }).where(eq(researchSubmissions.id, item!.id));
        if (n % 5 === 0) await tx.delete(researchSubmissions).where(eq(researchSubmissions.id, item!.id));
        if (n % 7 === 0) tx.rollback();
      }).catch((error: unknown) => {
        if (!(error instanceof Error && /rollback/i.test(error.message))) throw error;
      });
    });
    await Promise.all(jobs.map((job) => job()));
    const { kept, real } = await counts();
    expect(kept).toEqual(real);
  });
});

/** The library's kept counts ('ebooks', 'ebooks:<tab>') and real ones of published items. */
async function libraryCounts() {
  const db = app().db;
  const kept = Object.fromEntries((await db.select().from(listCounts)).filter((row) => row.list.startsWith('ebooks')).map((row) => [row.list, row.n]));
  const real: Record<string, number> = { ebooks: 0, 'ebooks:ebooks': 0, 'ebooks:university': 0 };
  for (const row of await db.select({ collection: ebooks.collection, n: count() }).from(ebooks).where(eq(ebooks.status, 'published')).groupBy(ebooks.collection)) {
    real[`ebooks:${row.collection}`] = row.n;
    real.ebooks! += row.n;
  }
  return { kept, real };
}

const libraryItem = (n: number, collection: 'ebooks' | 'university', status: 'draft' | 'published' | 'archived') => ({
  collection,
  title: `كتاب العد ${n}`,
  titleEn: `Count book ${n}`,
  status,
});

describe('list_counts of the library (migration 0021)', () => {
  it('matches a real count after the seed, and the unfiltered library (both tabs, each tab) answers it', async () => {
    const { kept, real } = await libraryCounts();
    expect(kept).toEqual(real);
    expect(real['ebooks:ebooks']).toBeGreaterThan(0);
    expect(real['ebooks:university']).toBeGreaterThan(0);
    const headers = bearer(await signIn(app(), await createUser(app())));
    for (const [collection, list] of [[undefined, 'ebooks'], ['ebooks', 'ebooks:ebooks'], ['university', 'ebooks:university']] as const) {
      const body = { limit: 1, page: 1, col: 'id', search: '', ...(collection ? { collection } : {}) };
      const answer = libraryPageResponseSchema.parse((await postJson(app(), '/api/library/paginate', body, headers)).body);
      expect(answer.tot).toBe(real[list]);
    }
  });

  it('stays exact under concurrent inserts, moves between tabs and statuses, deletes and rollbacks', async () => {
    const db = app().db;
    const statuses = ['draft', 'published', 'archived'] as const;
    const tabs = ['ebooks', 'university'] as const;
    const jobs = Array.from({ length: 40 }, (_, n) => async () => {
      await db.transaction(async (tx) => {
        const rows = await tx
          .insert(ebooks)
          .values([libraryItem(n, tabs[n % 2]!, statuses[n % 3]!), libraryItem(n + 1000, tabs[(n + 1) % 2]!, 'published')])
          .returning({ id: ebooks.id });
        await tx.update(ebooks).set({ collection: tabs[(n + 1) % 2]!, status: statuses[(n + 1) % 3]! }).where(eq(ebooks.id, rows[0]!.id));
        // An update that moves nothing between lists.
        await tx.update(ebooks).set({ titleEn: `Count book ${n} (renamed)` }).where(eq(ebooks.id, rows[1]!.id));
        if (n % 4 === 0) await tx.delete(ebooks).where(eq(ebooks.id, rows[1]!.id));
        if (n % 7 === 0) tx.rollback();
      }).catch((error: unknown) => {
        if (!(error instanceof Error && /rollback/i.test(error.message))) throw error;
      });
    });
    await Promise.all(jobs.map((job) => job()));
    const { kept, real } = await libraryCounts();
    expect(kept).toEqual(real);
  });
});
