/**
 * The maintained `tot` of the unfiltered public lists (migration 0019, issue 24): the trigger-kept
 * `list_counts` equals a real count after concurrent inserts, status changes and deletes (real
 * concurrency on PostgreSQL, DATABASE_URL; one connection on PGlite), and the lists answer it.
 */
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { conferencePageResponseSchema, researchCommunityPageResponseSchema } from '@scholars/shared-contracts/schemas';
import { conferences, listCounts, researchSubmissions } from '../src/db/schema';
import { createUser, postJson, useApp } from './helper';

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
