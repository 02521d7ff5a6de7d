import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  researchCommunityPageResponseSchema,
  researchCommunityPaginateBodySchema,
  type ResearchCommunityItem,
} from '@scholars/shared-contracts/schemas';
import { researchCommunityPaginate, runPage } from '../lib/list-queries';
import { errorResponses } from './schemas';

const researchCommunity: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/research-community/paginate',
    {
      ...app.readCache.route({ tables: ['research_submissions'] }),
      schema: {
        tags: ['catalog'],
        summary: 'A page of approved research of the research community',
        description:
          'Body `{ category_id?, limit, page, col, search, order? }`. `col` sorts (name, name_en, updated, id; ' +
          '`updated` newest first unless `order` says otherwise; `relevance`: best match first when there is a search term, else as updated); `search` matches both titles, descriptions and the abstract, Arabic-aware. ' +
          'Only approved research is listed.',
        body: researchCommunityPaginateBodySchema,
        response: { 200: researchCommunityPageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { category_id: categoryId, ...body } = request.body;
      const { rows, tot } = await runPage(researchCommunityPaginate(app.db, { ...body, categoryId }), app.readCache);
      const data: ResearchCommunityItem[] = rows.map((row) => ({
        id: row.id,
        image: row.image,
        updated: row.updatedAt.toISOString(),
        name: row.title,
        name_en: row.titleEn,
        abstract: row.abstract,
        category_id: row.categoryId,
      }));
      return { status: true as const, data, tot };
    },
  );
};
export default researchCommunity;
