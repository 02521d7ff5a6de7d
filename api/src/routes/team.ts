import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  teamMemberResponseSchema,
  teamResponseSchema,
  type TeamMember,
} from '@scholars/shared-contracts/schemas';
import { teamMembers } from '../db/schema';
import { notFound } from '../lib/errors';
import { errorResponses, notFoundResponse } from './schemas';

type Row = typeof teamMembers.$inferSelect;

const toMember = (row: Row): TeamMember => ({
  id: row.id,
  image: row.image,
  name: row.name,
  name_en: row.nameEn,
  bio: row.bio,
  bio_en: row.bioEn,
  university: row.university,
  university_en: row.universityEn,
  linkedin_link: row.linkedinLink || null,
  twitter_link: row.twitterLink || null,
  facebook_link: row.facebookLink || null,
});

const team: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/team',
    {
      ...app.readCache.route({ tables: ['team_members'] }),
      schema: {
        tags: ['catalog'],
        summary: 'Published team members (home carousel)',
        response: { 200: teamResponseSchema, ...errorResponses },
      },
    },
    async () => {
      const rows = await app.db
        .select()
        .from(teamMembers)
        .where(eq(teamMembers.published, true))
        .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.id));
      return { status: true as const, data: rows.map(toMember) };
    },
  );

  app.get(
    '/team/:id',
    {
      ...app.readCache.route({ tables: ['team_members'] }),
      schema: {
        tags: ['catalog'],
        summary: 'One published team member (team member page /team/{id}); 404 for an unpublished one',
        params: idParamsSchema,
        response: { 200: teamMemberResponseSchema, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.id, request.params.id), eq(teamMembers.published, true)));
      if (!row) throw notFound();
      return { status: true as const, data: toMember(row) };
    },
  );
};
export default team;
