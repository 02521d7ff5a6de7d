/**
 * `GET admin/waiting`: the console's home shows, on each screen's card, how much waits there for the
 * signed-in staff member. One count per screen their roles open, each the same rule as that
 * screen's own "waiting" view (the review queue's unassigned or mine, the overdue consultations...),
 * counted on indexed columns; nothing is cached (a count a minute old would hide what just came in).
 */
import { and, count, countDistinct, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor, type StaffRole } from '@scholars/shared-contracts/authorization';
import { CONSULTATION_OVERDUE_HOURS, waitingResponseSchema, type WaitingScreen } from '@scholars/shared-contracts/schemas';
import { conferenceRequests, consultants, consultations, contactMessages, contentReports, researchSubmissions } from '../db/schema';
import type { Db } from '../db/client';
import { errorResponses, staffErrors } from './schemas';

const HOUR = 3_600_000;

/** Each screen's count: who sees it, and how it is counted for `userId`. */
const COUNTS: Record<WaitingScreen, { roles: readonly StaffRole[]; count: (db: Db, userId: number) => Promise<number> }> = {
  adminReview: {
    roles: ['reviewer', 'admin'],
    count: (db, userId) =>
      first(
        db
          .select({ n: count() })
          .from(researchSubmissions)
          .where(and(eq(researchSubmissions.status, 'under_review'), or(isNull(researchSubmissions.assignedReviewerId), eq(researchSubmissions.assignedReviewerId, userId)))),
      ),
  },
  adminSupervision: {
    roles: ['supervisor'],
    count: (db, userId) =>
      first(db.select({ n: count() }).from(researchSubmissions).where(and(eq(researchSubmissions.status, 'pending_supervisor'), eq(researchSubmissions.supervisorId, userId)))),
  },
  adminConferenceRequests: {
    roles: ['reviewer', 'admin'],
    count: (db) => first(db.select({ n: count() }).from(conferenceRequests).where(eq(conferenceRequests.status, 'pending'))),
  },
  adminModeration: {
    roles: ['reviewer', 'admin'],
    count: (db) =>
      first(db.select({ n: countDistinct(sql`(${contentReports.itemType}, ${contentReports.itemId})`) }).from(contentReports).where(isNull(contentReports.decisionId))),
  },
  adminConsultants: {
    roles: ['admin'],
    count: (db) => first(db.select({ n: count() }).from(consultants).where(eq(consultants.status, 'pending'))),
  },
  adminConsultations: {
    roles: ['admin'],
    count: (db) =>
      first(
        db
          .select({ n: count() })
          .from(consultations)
          .where(and(eq(consultations.state, 'requested'), lte(consultations.acceptBy, new Date(Date.now() + CONSULTATION_OVERDUE_HOURS * HOUR)))),
      ),
  },
  adminContactMessages: {
    roles: ['admin'],
    count: (db) => first(db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.handledAt))),
  },
};

async function first(query: Promise<Array<{ n: number }>>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

const adminWaiting: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/waiting',
    {
      onRequest: app.requireRole(...rolesFor('GET /api/admin/waiting')),
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'What waits for the signed-in staff member, by console screen (only the screens their roles open)',
        response: { 200: waitingResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, roles } = request.user!;
      const screens = (Object.keys(COUNTS) as WaitingScreen[]).filter((screen) => COUNTS[screen].roles.some((role) => roles.includes(role)));
      const counts = await Promise.all(screens.map((screen) => COUNTS[screen].count(app.db, id)));
      reply.header('Cache-Control', 'no-store');
      return { status: true as const, data: Object.fromEntries(screens.map((screen, index) => [screen, counts[index]!])) };
    },
  );
};
export default adminWaiting;
