import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { faqResponseSchema, type FaqEntry } from '@scholars/shared-contracts/schemas';
import { faqEntries } from '../db/schema';
import { errorResponses } from './schemas';

/** `GET faq`: the home page's published questions and answers (managed in the console), in their order. */
const faq: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/faq',
    {
      ...app.readCache.route({ tables: ['faq_entries'] }),
      schema: {
        tags: ['catalog'],
        summary: 'Frequently asked questions of the home page, both languages, in their order',
        response: { 200: faqResponseSchema, ...errorResponses },
      },
    },
    async () => {
      const rows = await app.db
        .select()
        .from(faqEntries)
        .where(eq(faqEntries.published, true))
        .orderBy(asc(faqEntries.sortOrder), asc(faqEntries.id));
      const data: FaqEntry[] = rows.map((row) => ({ id: row.id, question: row.question, question_en: row.questionEn, answer: row.answer, answer_en: row.answerEn }));
      return { status: true as const, data };
    },
  );
};
export default faq;
