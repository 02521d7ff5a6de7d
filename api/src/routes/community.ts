/**
 * A research of the community (issue 4): its details page (signed-in users). The list is
 * `POST research-community/paginate` (research-community.ts), the chat is chat.ts and the file
 * community-file.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, idParamsSchema, researchDetailsResponseSchema, type ResearchDetails } from '@scholars/shared-contracts/schemas';
import { communityCategories, researchSubmissions, users } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { chatStats } from '../lib/chat/messages';
import { errorResponses } from './schemas';

const community: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/research-community/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['community'],
        summary: 'An approved research of the community: details, author, file description, chat members',
        description:
          'The abstract is given as written by its author; titles and summaries in both languages. `members` are the author and ' +
          'everyone who wrote in the chat. Opening the file needs an active subscription (`POST research-community/{id}/file-link`).',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: {
          200: researchDetailsResponseSchema,
          401: errorEnvelopeSchema.describe('Not signed in'),
          404: errorEnvelopeSchema.describe('No approved research with this id'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      if (!request.user) throw new AppError(401, 'validation.unauthorized');
      const { id } = request.params;
      const [row] = await app.db
        .select({
          id: researchSubmissions.id,
          image: researchSubmissions.image,
          updatedAt: researchSubmissions.updatedAt,
          publishedAt: researchSubmissions.publishedAt,
          title: researchSubmissions.title,
          titleEn: researchSubmissions.titleEn,
          description: researchSubmissions.description,
          descriptionEn: researchSubmissions.descriptionEn,
          abstract: researchSubmissions.abstract,
          categoryId: researchSubmissions.categoryId,
          categoryName: communityCategories.name,
          categoryNameEn: communityCategories.nameEn,
          otherCategory: researchSubmissions.otherCategory,
          researchType: researchSubmissions.researchType,
          fileName: researchSubmissions.fileOriginalName,
          fileMime: researchSubmissions.fileMime,
          fileSize: researchSubmissions.fileSize,
          ownerId: researchSubmissions.ownerId,
          ownerName: users.name,
          ownerAvatar: users.avatar,
        })
        .from(researchSubmissions)
        .innerJoin(users, eq(users.id, researchSubmissions.ownerId))
        .leftJoin(communityCategories, eq(communityCategories.id, researchSubmissions.categoryId))
        .where(and(eq(researchSubmissions.id, id), eq(researchSubmissions.status, 'approved')))
        .limit(1);
      if (!row) throw notFound();
      const stats = await chatStats(app.db, id, row.ownerId);
      const data: ResearchDetails = {
        id: row.id,
        image: row.image,
        updated: row.updatedAt.toISOString(),
        published_at: row.publishedAt ? row.publishedAt.toISOString() : null,
        name: row.title,
        name_en: row.titleEn,
        description: row.description,
        description_en: row.descriptionEn,
        abstract: row.abstract,
        category_id: row.categoryId,
        category:
          row.categoryId !== null && row.categoryName !== null && row.categoryNameEn !== null
            ? { id: row.categoryId, name: row.categoryName, name_en: row.categoryNameEn }
            : null,
        other_category: row.otherCategory,
        research_type: row.researchType,
        author: { id: row.ownerId, name: row.ownerName, avatar: row.ownerAvatar },
        file: { name: row.fileName, mime: row.fileMime, size: row.fileSize },
        members: { count: 1 + stats.participantCount, participants: stats.participants },
        messages_count: stats.messages,
      };
      return { status: true as const, data };
    },
  );
};
export default community;
