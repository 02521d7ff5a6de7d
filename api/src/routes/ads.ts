import { and, asc, count, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adsPageResponseSchema, adsPaginateBodySchema, type Ad } from '@scholars/shared-contracts/schemas';
import { ads } from '../db/schema';
import { pageOffset, searchConditions } from '../lib/pagination';
import { errorResponses } from './schemas';

const SORT = { title: ads.title, title_en: ads.titleEn, id: ads.id } as const;

const adRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ads/websitePaginate',
    {
      // The display windows are compared with now(): kept one minute at most.
      ...app.readCache.route({ tables: ['ads'], ttlSeconds: 60 }),
      schema: {
        tags: ['catalog'],
        summary: 'A page of the ads shown on the website (home pop-up)',
        description:
          'Body `{ limit, page, col, search, order? }`. Lists active ads inside their display window. ' +
          '`col`: title, title_en or id.',
        body: adsPaginateBodySchema,
        response: { 200: adsPageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { limit, page, col, search, order } = request.body;
      const conditions: SQL[] = [
        eq(ads.active, true),
        or(isNull(ads.startsAt), lte(ads.startsAt, sql`now()`))!,
        or(isNull(ads.endsAt), gt(ads.endsAt, sql`now()`))!,
        ...searchConditions(ads, search),
      ];
      const where = and(...conditions);
      const direction = (order ?? 'asc') === 'asc' ? asc : desc;
      const [rows, totals] = await Promise.all([
        app.db
          .select()
          .from(ads)
          .where(where)
          .orderBy(direction(SORT[col]), asc(ads.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        app.db.select({ tot: count() }).from(ads).where(where),
      ]);
      const data: Ad[] = rows.map((row) => ({
        id: row.id,
        title: row.title,
        title_en: row.titleEn,
        image_url: row.imageUrl,
        link: row.link || null,
      }));
      return { status: true as const, data, tot: totals[0]?.tot ?? 0 };
    },
  );
};
export default adRoutes;
