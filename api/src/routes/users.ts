/**
 * The public profile (`/user-profile/{id}`, spec 2): about, country, gender, published research.
 * E-mail and phone only when the user turned the data-access flag on (decisions.md). Only
 * verified, not suspended accounts are public: an unverified sign-up (anyone can register any
 * address) or a suspended account answers 404. A closed account (decisions.md "Closing an account")
 * shows only its neutral name, `closed: true`.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, publicProfileResponseSchema } from '@scholars/shared-contracts/schemas';
import { researchSubmissions, users } from '../db/schema';
import { notFound } from '../lib/errors';
import { notSuspended } from '../lib/accounts/suspension';
import { errorResponses, notFoundResponse } from './schemas';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id/profile',
    {
      schema: {
        tags: ['profile'],
        summary: "A user's public profile (e-mail and phone only with the user's data-access flag on)",
        params: idParamsSchema,
        response: { 200: publicProfileResponseSchema, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const [user] = await app.db
        .select()
        .from(users)
        .where(and(eq(users.id, request.params.id), isNotNull(users.emailVerifiedAt), notSuspended()));
      if (!user) throw notFound();
      // What others may see depends on the owner's flag (and the account may close), so shared caches must not keep it long.
      reply.header('Cache-Control', 'no-cache');
      if (user.closedAt) {
        return {
          status: true as const,
          data: { id: user.id, name: user.name, bio: null, country: null, gender: null, avatar: null, email: null, phone: null, member_since: user.createdAt.toISOString(), research: [], closed: true },
        };
      }
      const research = await app.db
        .select({
          id: researchSubmissions.id,
          title: researchSubmissions.title,
          titleEn: researchSubmissions.titleEn,
          publishedAt: researchSubmissions.publishedAt,
          updatedAt: researchSubmissions.updatedAt,
        })
        .from(researchSubmissions)
        .where(and(eq(researchSubmissions.ownerId, user.id), eq(researchSubmissions.status, 'approved')))
        .orderBy(desc(researchSubmissions.updatedAt), desc(researchSubmissions.id));
      return {
        status: true as const,
        data: {
          id: user.id,
          name: user.name,
          bio: user.bio,
          country: user.country,
          gender: user.gender,
          avatar: user.avatar,
          email: user.dataAccess ? user.email : null,
          phone: user.dataAccess ? user.phone : null,
          member_since: user.createdAt.toISOString(),
          research: research.map((row) => ({
            id: row.id,
            title: row.title,
            title_en: row.titleEn,
            published_at: (row.publishedAt ?? row.updatedAt).toISOString(),
          })),
          closed: false,
        },
      };
    },
  );
};
export default usersRoutes;
