import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  researchCommunityPageResponseSchema,
  researchCommunityPaginateBodySchema,
  type ResearchCommunityItem,
} from '@scholars/shared-contracts/schemas';
import { researchSubmissions } from '../db/schema';
import { pageOffset, searchConditions } from '../lib/pagination';
import { errorResponses } from './schemas';

const SORT = {
  name: researchSubmissions.title,
  name_en: researchSubmissions.titleEn,
  updated: researchSubmissions.updatedAt,
  id: researchSubmissions.id,
} as const;

const researchCommunity: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/research-community/paginate',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A page of approved research of the research community',
        description:
          'Body `{ category_id?, limit, page, col, search, order? }`. `col` sorts (name, name_en, updated, id; ' +
          '`updated` newest first unless `order` says otherwise); `search` matches both titles, descriptions and the abstract, Arabic-aware. ' +
          'Only approved research is listed.',
        body: researchCommunityPaginateBodySchema,
        response: { 200: researchCommunityPageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { limit, page, col, search, order, category_id: categoryId } = request.body;
      const conditions: SQL[] = [
        eq(researchSubmissions.status, 'approved'),
        ...searchConditions(researchSubmissions.searchText, search),
      ];
      if (categoryId) conditions.push(eq(researchSubmissions.categoryId, categoryId));
      const where = and(...conditions);
      const direction = (order ?? (col === 'updated' ? 'desc' : 'asc')) === 'asc' ? asc : desc;

      const [rows, totals] = await Promise.all([
        app.db
          .select({
            id: researchSubmissions.id,
            image: researchSubmissions.image,
            updatedAt: researchSubmissions.updatedAt,
            title: researchSubmissions.title,
            titleEn: researchSubmissions.titleEn,
            abstract: researchSubmissions.abstract,
            categoryId: researchSubmissions.categoryId,
          })
          .from(researchSubmissions)
          .where(where)
          .orderBy(direction(SORT[col]), asc(researchSubmissions.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        app.db.select({ tot: count() }).from(researchSubmissions).where(where),
      ]);
      const data: ResearchCommunityItem[] = rows.map((row) => ({
        id: row.id,
        image: row.image,
        updated: row.updatedAt.toISOString(),
        name: row.title,
        name_en: row.titleEn,
        abstract: row.abstract,
        category_id: row.categoryId,
      }));
      return { status: true as const, data, tot: totals[0]?.tot ?? 0 };
    },
  );
};
export default researchCommunity;
