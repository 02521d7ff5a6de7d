/**
 * `conference/by-category` with `upcoming` (the conference list's default; also `conference/paginate`'s,
 * the home carousel's), read in three index
 * ordered parts (issue 24): every page equals the rule's order: not yet over first, soonest
 * first (ongoing ones, long ones too, before those not started), then over ones latest first,
 * ties by id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { conferencePageResponseSchema } from '@scholars/shared-contracts/schemas';
import { conferences } from '../src/db/schema';
import { postJson, useApp } from './helper';

const app = useApp();
const CATEGORY = 3;
const DAY = 86_400_000;

beforeAll(async () => {
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);
  const rows: Array<[number, number | null]> = [
    [-2, 2], // ongoing
    [-400, 10], // ongoing for more than a year
    [-1, null], // started yesterday, no end: over
    [-3, -1], // over
    [5, 6],
    [5, 7], // same start: by id
    [5, null],
    [30, 31],
    [-30, -29],
    [-30, null], // same start as the one above: by id
  ];
  await app()
    .db.insert(conferences)
    .values(
      rows.map(([start, end], n) => ({
        categoryId: CATEGORY,
        title: `ترتيب ${n}`,
        titleEn: `Order ${n}`,
        description: 'وصف',
        descriptionEn: 'Description',
        mode: 'online' as const,
        timezone: 'Asia/Dubai',
        startDate: at(start),
        endDate: end === null ? null : at(end),
        keywords: [],
      })),
    );
});

describe('upcoming (by-category, and paginate)', () => {
  it('gives every page in the rule order, whatever the page size', async () => {
    const all = await app()
      .db.select({ id: conferences.id, start: conferences.startDate, end: conferences.endDate })
      .from(conferences)
      .where(and(eq(conferences.categoryId, CATEGORY), eq(conferences.status, 'published')));
    const now = Date.now();
    const over = (row: (typeof all)[number]) => (row.end ?? row.start).getTime() < now;
    const expected = [...all]
      .sort((a, b) => {
        if (over(a) !== over(b)) return over(a) ? 1 : -1;
        const byStart = over(a) ? b.start.getTime() - a.start.getTime() : a.start.getTime() - b.start.getTime();
        return byStart || a.id - b.id;
      })
      .map((row) => row.id);
    expect(expected.length).toBeGreaterThanOrEqual(10);
    for (const [path, limit] of [
      ['/api/conference/by-category', 1],
      ['/api/conference/by-category', 3],
      ['/api/conference/by-category', 4],
      ['/api/conference/by-category', 100],
      // The same order from paginate (the home carousel's call), filtered to the category.
      ['/api/conference/paginate', 3],
      ['/api/conference/paginate', 100],
    ] as const) {
      const seen: number[] = [];
      for (let page = 1; seen.length < expected.length; page += 1) {
        const { status, body } = await postJson(app(), path, { category_id: CATEGORY, limit, page, col: 'upcoming', search: '' });
        expect(status).toBe(200);
        const parsed = conferencePageResponseSchema.parse(body);
        expect(parsed.tot).toBe(expected.length);
        expect(parsed.data.length).toBeGreaterThan(0);
        seen.push(...parsed.data.map((row) => row.id));
      }
      expect(seen).toEqual(expected);
    }
  });
});
