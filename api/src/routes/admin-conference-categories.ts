/**
 * Conference categories in the operator console (administrators; issue 19): both names are
 * required at every save (a category is live at once), the order places it in the public lists,
 * and a category that still holds conferences (of any status) cannot be deleted
 * (409 `categoryInUse` with the count). Each change and its audit entry in one transaction.
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  adminConferenceCategoriesResponseSchema,
  adminConferenceCategoryResponseSchema,
  adminListQuerySchema,
  conferenceCategoryUpdateSchema,
  conferenceCategoryWriteSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  okSchema,
  versionQuerySchema,
  type AdminConferenceCategory,
} from '@scholars/shared-contracts/schemas';
import { conferenceCategories, conferences } from '../db/schema';
import { notFound } from '../lib/errors';
import type { Executor } from '../lib/invoices/numbering';
import { auditContent, deleteVersioned, refuseInUse, updateVersioned } from '../lib/operators/content';
import { foldedSearchConditions, pageOffset } from '../lib/pagination';
import { errorResponses, notFoundResponse, staffErrors } from './schemas';

const conflict = { 409: errorEnvelopeSchema.describe('A newer version was saved (`staleEdit`), or the category holds conferences (`categoryInUse`)') };

/**
 * Conferences in the category of the row being read. The outer column is named with its table by
 * hand: drizzle leaves the table out of a one-table query's columns, and a bare "id" would be the
 * conference's inside the subquery.
 */
const inCategory = sql<number>`(select count(*) from ${conferences} where ${conferences.categoryId} = ${conferenceCategories}."id")`.mapWith(Number);

const columns = {
  id: conferenceCategories.id,
  name: conferenceCategories.name,
  name_en: conferenceCategories.nameEn,
  sort_order: conferenceCategories.sortOrder,
  version: conferenceCategories.version,
  conferences: inCategory,
};

async function category(db: Executor, id: number): Promise<AdminConferenceCategory> {
  const [row] = await db.select(columns).from(conferenceCategories).where(eq(conferenceCategories.id, id));
  if (!row) throw notFound();
  return row;
}

const adminConferenceCategories: FastifyPluginAsyncZod = async (app) => {
  const guard = (route: ApiRouteKey) => app.requireRole(...rolesFor(route));
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] } as const;

  app.get(
    '/admin/conference-categories',
    {
      onRequest: guard('GET /api/admin/conference-categories'),
      schema: {
        ...common,
        summary: 'Conference categories in their order, with how many conferences each holds; `q` searches both names',
        querystring: adminListQuerySchema,
        response: { 200: adminConferenceCategoriesResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { q, page, limit } = request.query;
      const where: SQL[] = foldedSearchConditions([conferenceCategories.name, conferenceCategories.nameEn], q ?? '');
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select(columns)
          .from(conferenceCategories)
          .where(condition)
          .orderBy(asc(conferenceCategories.sortOrder), asc(conferenceCategories.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        app.db.select({ n: count() }).from(conferenceCategories).where(condition),
      ]);
      return { status: true as const, data: rows, tot: total?.n ?? 0 };
    },
  );

  app.post(
    '/admin/conference-categories',
    {
      onRequest: guard('POST /api/admin/conference-categories'),
      schema: {
        ...common,
        summary: 'Add a conference category (both names required)',
        body: conferenceCategoryWriteSchema,
        response: { 201: adminConferenceCategoryResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const saved = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(conferenceCategories)
          .values({ name: body.name, nameEn: body.name_en, sortOrder: body.sort_order })
          .returning({ id: conferenceCategories.id });
        await auditContent(tx, { actorId: request.user!.id, action: 'content.create', targetType: 'conference_category', targetId: row!.id, details: { ...body } });
        return category(tx, row!.id);
      });
      return reply.code(201).send({ status: true as const, msg: request.t('success.contentSaved'), data: saved });
    },
  );

  app.put(
    '/admin/conference-categories/:id',
    {
      onRequest: guard('PUT /api/admin/conference-categories/{id}'),
      schema: {
        ...common,
        summary: 'Rename or reorder a conference category (with the version the edit started from)',
        params: idParamsSchema,
        body: conferenceCategoryUpdateSchema,
        response: { 200: adminConferenceCategoryResponseSchema, ...staffErrors, ...notFoundResponse, ...conflict, ...errorResponses },
      },
    },
    async (request) => {
      const { version, ...body } = request.body;
      const id = request.params.id;
      const saved = await app.db.transaction(async (tx) => {
        const before = await category(tx, id);
        await updateVersioned(tx, conferenceCategories, id, version, { name: body.name, nameEn: body.name_en, sortOrder: body.sort_order });
        await auditContent(tx, {
          actorId: request.user!.id,
          action: 'content.update',
          targetType: 'conference_category',
          targetId: id,
          details: { before: { name: before.name, name_en: before.name_en, sort_order: before.sort_order }, after: body },
        });
        return category(tx, id);
      });
      return { status: true as const, msg: request.t('success.contentSaved'), data: saved };
    },
  );

  app.delete(
    '/admin/conference-categories/:id',
    {
      onRequest: guard('DELETE /api/admin/conference-categories/{id}'),
      schema: {
        ...common,
        summary: 'Delete a conference category that holds no conference (`?version=`)',
        description: '409 `categoryInUse` with the count while conferences (of any status) are in it: move them first.',
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: okSchema, ...staffErrors, ...notFoundResponse, ...conflict, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const before = await category(tx, id);
        refuseInUse(before.conferences, 'validation.categoryInUse');
        await deleteVersioned(tx, conferenceCategories, id, request.query.version);
        await auditContent(tx, {
          actorId: request.user!.id,
          action: 'content.delete',
          targetType: 'conference_category',
          targetId: id,
          details: { name: before.name, name_en: before.name_en },
        });
      });
      return { status: true as const, msg: request.t('success.contentDeleted') };
    },
  );
};

export default adminConferenceCategories;
