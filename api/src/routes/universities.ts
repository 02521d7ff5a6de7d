/**
 * `GET universities`: the university libraries of the library screen (spec 2 tab "university
 * libraries"), each with its site and the number of its published items. Signed-in users (the
 * library needs sign-in).
 */
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, universitiesResponseSchema } from '@scholars/shared-contracts/schemas';
import { ebooks, universities } from '../db/schema';
import { errorResponses } from './schemas';

const universitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/universities',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['library'],
        summary: 'University libraries with their site and the number of their published items',
        security: [{ bearerAuth: [] }],
        response: { 200: universitiesResponseSchema, 401: errorEnvelopeSchema, ...errorResponses },
      },
    },
    async () => {
      const items = app.db
        .select({ universityId: ebooks.universityId, items: count().as('items') })
        .from(ebooks)
        .where(eq(ebooks.status, 'published'))
        .groupBy(ebooks.universityId)
        .as('items');
      const rows = await app.db
        .select({
          id: universities.id,
          name: universities.name,
          nameEn: universities.nameEn,
          country: universities.country,
          countryEn: universities.countryEn,
          description: universities.description,
          descriptionEn: universities.descriptionEn,
          logo: universities.logo,
          website: universities.website,
          items: items.items,
        })
        .from(universities)
        .leftJoin(items, eq(items.universityId, universities.id))
        .orderBy(asc(universities.sortOrder), asc(universities.id));
      return {
        status: true as const,
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          name_en: row.nameEn,
          country: row.country,
          country_en: row.countryEn,
          description: row.description,
          description_en: row.descriptionEn,
          logo: row.logo,
          website: row.website,
          items: Number(row.items ?? 0),
        })),
      };
    },
  );
};
export default universitiesRoutes;
