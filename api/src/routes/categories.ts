import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  communityCategoriesResponseSchema,
  conferenceCategoriesResponseSchema,
} from '@scholars/shared-contracts/schemas';
import { communityCategories, conferenceCategories } from '../db/schema';
import { errorResponses } from './schemas';

const categories: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/conference-categories',
    {
      ...app.readCache.route({ tables: ['conference_categories'] }),
      schema: {
        tags: ['catalog'],
        summary: 'Conference categories (id 1: academic conferences, id 2: events and workshops, ...)',
        response: { 200: conferenceCategoriesResponseSchema, ...errorResponses },
      },
    },
    async () => {
      const data = await app.db
        .select({ id: conferenceCategories.id, name: conferenceCategories.name, name_en: conferenceCategories.nameEn })
        .from(conferenceCategories)
        .orderBy(asc(conferenceCategories.sortOrder), asc(conferenceCategories.id));
      return { status: true as const, data };
    },
  );

  app.get(
    '/community-categories',
    {
      ...app.readCache.route({ tables: ['community_categories'] }),
      schema: {
        tags: ['catalog'],
        summary: 'Research community categories',
        response: { 200: communityCategoriesResponseSchema, ...errorResponses },
      },
    },
    async () => {
      const data = await app.db
        .select({ id: communityCategories.id, name: communityCategories.name, name_en: communityCategories.nameEn })
        .from(communityCategories)
        .orderBy(asc(communityCategories.sortOrder), asc(communityCategories.id));
      return { status: true as const, data };
    },
  );
};
export default categories;
