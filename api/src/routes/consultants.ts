/**
 * Consultants (issue 23): the public list, a consultant's page and free slots; the consultant's own
 * profile (apply, edit); the operators' list and decisions (approve, reject, suspend, reinstate:
 * audited, the consultant mailed in their language). Rules in lib/consultations/.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  adminConsultantResponseSchema,
  adminConsultantsQuerySchema,
  adminConsultantsResponseSchema,
  consultantDecisionBodySchema,
  consultantPageResponseSchema,
  consultantProfileBodySchema,
  consultantProfileResponseSchema,
  consultantSlotsQuerySchema,
  consultantSlotsResponseSchema,
  consultantsPageResponseSchema,
  consultantsPaginateBodySchema,
  errorEnvelopeSchema,
  idParamsSchema,
  type ConsultantStatus,
} from '@scholars/shared-contracts/schemas';
import type { Locale } from '@scholars/shared-contracts/locale';
import { consultantFields, consultants, users } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { appendAudit } from '../lib/operators/audit';
import { pageOffset } from '../lib/pagination';
import {
  adminConsultantItems,
  cardColumns,
  consultantCards,
  consultantSearchConditions,
  latestReviews,
  profileOf,
  saveProfile,
} from '../lib/consultations/consultants';
import { consultantAppliedMail, consultantDecisionMail } from '../lib/consultations/mails';
import { freeSlots } from '../lib/consultations/slots';
import { slotRulesOf } from '../lib/consultations/sessions';
import { errorResponses, notFoundResponse, staffErrors } from './schemas';

const DAY = 86_400_000;
const authErrors = { 401: errorEnvelopeSchema.describe('Not signed in') };

/** Which state each operator action moves from and to. */
const DECISIONS = {
  approve: { from: ['pending', 'rejected'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  suspend: { from: ['approved'], to: 'suspended' },
  reinstate: { from: ['suspended'], to: 'approved' },
} as const satisfies Record<string, { from: readonly ConsultantStatus[]; to: ConsultantStatus }>;

const consultantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = (route: ApiRouteKey) => app.requireRole(...rolesFor(route));
  const site = app.config.PUBLIC_BASE_URL;

  /** An approved consultant with their name and avatar, else 404. */
  async function approved(id: number) {
    const [row] = await app.db
      .select(cardColumns)
      .from(consultants)
      .innerJoin(users, eq(users.id, consultants.userId))
      .where(and(eq(consultants.id, id), eq(consultants.status, 'approved')));
    if (!row) throw notFound();
    return row;
  }

  app.post(
    '/consultants/paginate',
    {
      schema: {
        tags: ['consultations'],
        summary: 'Approved consultants: Arabic-aware search over names, bios, tags and field names (both languages), field and language filters',
        body: consultantsPaginateBodySchema,
        response: { 200: consultantsPageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { limit, page, col, order = 'asc', search, categoryId, language } = request.body;
      const direction = order === 'desc' ? desc : asc;
      const where: SQL[] = [eq(consultants.status, 'approved'), ...consultantSearchConditions(search)];
      if (categoryId) {
        where.push(sql`EXISTS (SELECT 1 FROM ${consultantFields} WHERE ${consultantFields.consultantId} = ${consultants.id} AND ${consultantFields.categoryId} = ${categoryId})`);
      }
      if (language) where.push(sql`${language} = ANY(${consultants.languages})`);
      const condition = and(...where);
      const [rows, [total]] = await Promise.all([
        app.db
          .select(cardColumns)
          .from(consultants)
          .innerJoin(users, eq(users.id, consultants.userId))
          .where(condition)
          .orderBy(...(col === 'name' ? [direction(users.name)] : []), direction(consultants.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        app.db.select({ n: count() }).from(consultants).innerJoin(users, eq(users.id, consultants.userId)).where(condition),
      ]);
      return { status: true as const, data: await consultantCards(app.db, rows, new Date()), tot: total?.n ?? 0 };
    },
  );

  app.get(
    '/consultants/:id',
    {
      schema: {
        tags: ['consultations'],
        summary: 'An approved consultant: the card and the latest visible reviews',
        params: idParamsSchema,
        response: { 200: consultantPageResponseSchema, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const row = await approved(request.params.id);
      const [card] = await consultantCards(app.db, [row], new Date());
      return { status: true as const, data: { ...card!, reviews: await latestReviews(app.db, row.consultant.id) } };
    },
  );

  app.get(
    '/consultants/:id/slots',
    {
      schema: {
        tags: ['consultations'],
        summary: 'Free slots of an approved consultant (ISO instants, UTC) from `from` (a UTC date, default today) for `days` days (1..28)',
        description: 'Slots start at least 24 hours from now and within the next 28 days; the consultant’s zone is `timeZone`.',
        params: idParamsSchema,
        querystring: consultantSlotsQuerySchema,
        response: { 200: consultantSlotsResponseSchema, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { consultant } = await approved(request.params.id);
      const now = new Date();
      const from = request.query.from ? new Date(`${request.query.from}T00:00:00Z`) : new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
      const to = new Date(from.getTime() + request.query.days * DAY - 1);
      const slots = freeSlots(await slotRulesOf(app.db, consultant, now), { now, from, to });
      return {
        status: true as const,
        data: { timeZone: consultant.timeZone, slots: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })) },
      };
    },
  );

  // ------------------------------------------------------------------ the consultant's own profile
  app.get(
    '/consultant-profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['consultations'],
        security: [{ bearerAuth: [] }],
        summary: 'The caller’s consultant record (any state, with availability and exceptions), or null',
        response: { 200: consultantProfileResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const [row] = await app.db.select().from(consultants).where(eq(consultants.userId, request.user!.id));
      return { status: true as const, data: row ? await profileOf(app.db, row) : null };
    },
  );

  app.put(
    '/consultant-profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['consultations'],
        security: [{ bearerAuth: [] }],
        summary: 'Apply as a consultant (pending until an administrator approves) or edit the profile (an approved one stays approved)',
        body: consultantProfileBodySchema,
        response: { 200: consultantProfileResponseSchema, ...authErrors, 409: errorEnvelopeSchema.describe('A newer version was saved meanwhile (`staleEdit`)'), ...errorResponses },
      },
    },
    async (request) => {
      const user = request.user!;
      const { row, created } = await app.db.transaction(async (tx) => {
        const saved = await saveProfile(tx, user.id, request.body);
        // A first application is acknowledged (the decision comes by mail later).
        if (saved.created) await app.mail.enqueue({ to: user.email, locale: user.locale, ...consultantAppliedMail({ id: user.id, name: user.name, email: user.email, locale: user.locale }, site) }, tx);
        return saved;
      });
      const applied = created || row.status === 'pending';
      return { status: true as const, msg: request.t(applied ? 'success.consultantApplied' : 'success.consultantProfileSaved'), data: await profileOf(app.db, row) };
    },
  );

  // ------------------------------------------------------------------ operators
  app.get(
    '/admin/consultants',
    {
      onRequest: guard('GET /api/admin/consultants'),
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Consultants of every state (pending first, then by name): `status` filter, Arabic-aware search',
        querystring: adminConsultantsQuerySchema,
        response: { 200: adminConsultantsResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { status, search, page, limit } = request.query;
      const where: SQL[] = [...consultantSearchConditions(search ?? '')];
      if (status) where.push(eq(consultants.status, status));
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select({ consultant: consultants, name: users.name, email: users.email })
          .from(consultants)
          .innerJoin(users, eq(users.id, consultants.userId))
          .where(condition)
          .orderBy(sql`${consultants.status} = 'pending' DESC`, asc(users.name), asc(consultants.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        app.db.select({ n: count() }).from(consultants).innerJoin(users, eq(users.id, consultants.userId)).where(condition),
      ]);
      return { status: true as const, data: await adminConsultantItems(app.db, rows), tot: total?.n ?? 0 };
    },
  );

  app.post(
    '/admin/consultants/:id/decision',
    {
      onRequest: guard('POST /api/admin/consultants/{id}/decision'),
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Approve, reject (reason), suspend (reason) or reinstate a consultant; audited, the consultant is e-mailed',
        params: idParamsSchema,
        body: consultantDecisionBodySchema,
        response: {
          200: adminConsultantResponseSchema,
          ...staffErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('The action does not apply to the current state (`consultantDecisionInvalid`), or the account is closed (`accountIsClosed`)'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { action, reason } = request.body;
      const rule = DECISIONS[action];
      const saved = await app.db.transaction(async (tx) => {
        const [found] = await tx
          .select({ consultant: consultants, name: users.name, email: users.email, locale: users.locale, closedAt: users.closedAt })
          .from(consultants)
          .innerJoin(users, eq(users.id, consultants.userId))
          .where(eq(consultants.id, request.params.id))
          .for('update', { of: consultants });
        if (!found) throw notFound();
        // A closed account's profile was suspended and erased with it (lib/accounts/closing.ts).
        if (found.closedAt && rule.to === 'approved') throw new AppError(409, 'validation.accountIsClosed');
        if (!(rule.from as readonly string[]).includes(found.consultant.status)) throw new AppError(409, 'validation.consultantDecisionInvalid');
        const [row] = await tx
          .update(consultants)
          .set({ status: rule.to, statusReason: rule.to === 'approved' ? null : reason, version: sql`${consultants.version} + 1` })
          .where(eq(consultants.id, found.consultant.id))
          .returning();
        await appendAudit(tx, {
          actorId: request.user!.id,
          actorLabel: 'account',
          action: `consultant.${action}`,
          targetType: 'consultant',
          targetId: row!.id,
          reason,
          details: { from: found.consultant.status, to: rule.to, user_id: found.consultant.userId },
        });
        const mail = consultantDecisionMail(action, { id: found.consultant.userId, name: found.name, email: found.email, locale: found.locale as Locale }, reason, site);
        await app.mail.enqueue({ to: found.email, locale: found.locale as Locale, ...mail }, tx);
        return { consultant: row!, name: found.name, email: found.email };
      });
      const [item] = await adminConsultantItems(app.db, [saved]);
      return { status: true as const, msg: request.t('success.consultantDecided'), data: item! };
    },
  );
};
export default consultantsRoutes;
