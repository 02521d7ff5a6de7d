import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conferencePageResponseSchema,
  conferencePaginateBodySchema,
  type ConferenceListItem,
} from '@scholars/shared-contracts/schemas';
import { conferences } from '../db/schema';
import { pageOffset, searchConditions } from '../lib/pagination';
import { errorResponses } from './schemas';

const SORT = {
  title: conferences.title,
  title_en: conferences.titleEn,
  start_date: conferences.startDate,
  id: conferences.id,
} as const;

const conferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/conference/paginate',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A page of conferences and events',
        description:
          'Body `{ limit, page, col, search, category_id?, order? }`. `col` sorts (title, title_en, start_date, id); ' +
          '`search` matches titles, descriptions, venue and keywords in both languages, Arabic-aware; ' +
          '`tot` counts every match. A page past the end is empty with the same `tot`.',
        body: conferencePaginateBodySchema,
        response: { 200: conferencePageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { limit, page, col, search, order, category_id: categoryId } = request.body;
      const conditions: SQL[] = searchConditions(conferences.searchText, search);
      if (categoryId) conditions.push(eq(conferences.categoryId, categoryId));
      const where = conditions.length ? and(...conditions) : undefined;
      const direction = (order ?? 'asc') === 'asc' ? asc : desc;

      const [rows, totals] = await Promise.all([
        app.db
          .select()
          .from(conferences)
          .where(where)
          .orderBy(direction(SORT[col]), asc(conferences.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        app.db.select({ tot: count() }).from(conferences).where(where),
      ]);
      const data: ConferenceListItem[] = rows.map((row) => ({
        id: row.id,
        category_id: row.categoryId,
        title: row.title,
        title_en: row.titleEn,
        description: row.description,
        description_en: row.descriptionEn,
        image: row.image,
        start_date: row.startDate.toISOString(),
        end_date: row.endDate ? row.endDate.toISOString() : null,
        timezone: row.timezone,
        mode: row.mode,
        venue: row.venue,
        venue_en: row.venueEn,
        keywords: row.keywords,
      }));
      return { status: true as const, data, tot: totals[0]?.tot ?? 0 };
    },
  );
};
export default conferenceRoutes;
