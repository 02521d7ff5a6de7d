/**
 * The review's content in the console (issue 19, administrators):
 *
 * - `admin/reason-templates`: the bilingual reasons reviewers and supervisors start a decision from
 *   (`GET review/reason-templates` serves them to the review screens); versioned like every content row.
 * - `PUT admin/research/{id}`: an approved research's metadata (titles, descriptions, abstract,
 *   category). `research_submissions` has no `version` column: its `updated_at`, as the API sent it
 *   (ISO, milliseconds), is the version, compared exactly; a save over a newer one answers 409
 *   `staleEdit`. The library item that publishes the research is updated in the same transaction.
 *   Removing a research is the review's removal (`POST review/research/{id}/transition`, with a
 *   reason told to the author), not a route of its own.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  adminReasonTemplateBodySchema,
  adminReasonTemplateResponseSchema,
  adminReasonTemplatesQuerySchema,
  adminReasonTemplatesResponseSchema,
  adminReasonTemplateUpdateSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  okSchema,
  OTHER_CATEGORY,
  reasonTemplateMissingTranslations,
  researchMetadataBodySchema,
  researchSubmissionResponseSchema,
  versionQuerySchema,
  type AdminReasonTemplate,
} from '@scholars/shared-contracts/schemas';
import type { Db } from '../db/client';
import { communityCategories, ebooks, researchSubmissions, reviewReasonTemplates, users } from '../db/schema';
import { buildSearchText } from '../lib/arabic-search';
import { AppError, notFound } from '../lib/errors';
import { auditContent, deleteVersioned, refuseMissingTranslations, refuseStale, updateVersioned } from '../lib/operators/content';
import { changedColumns, researchItemFields } from '../lib/operators/library';
import { foldedSearchConditions, pageOffset } from '../lib/pagination';
import { findSubmission, submissionView } from './research-data';
import { errorResponses, notFoundResponse, staffErrors } from './schemas';

const conflict = errorEnvelopeSchema.describe('`staleEdit`: saved meanwhile by someone else; `researchNotPublished`: not an approved research');
const refused = errorEnvelopeSchema.describe('Invalid input, or `translationsMissing` with each field marked `translationMissing`');

type TemplateRow = typeof reviewReasonTemplates.$inferSelect;
const templateView = (row: TemplateRow): AdminReasonTemplate => ({
  id: row.id,
  decision: row.decision,
  text: row.text,
  text_en: row.textEn,
  sort_order: row.sortOrder,
  version: row.version,
});
const templateColumns = (values: { decision: TemplateRow['decision']; text: string; text_en: string; sort_order: number }) => ({
  decision: values.decision,
  text: values.text,
  textEn: values.text_en,
  sortOrder: values.sort_order,
});

const adminResearch: FastifyPluginAsyncZod = async (app) => {
  const guard = (route: ApiRouteKey) => app.requireRole(...rolesFor(route));
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] } as const;

  async function templateAnswer(id: number) {
    const [row] = await app.db.select().from(reviewReasonTemplates).where(eq(reviewReasonTemplates.id, id));
    if (!row) throw notFound();
    return templateView(row);
  }

  // ------------------------------------------------------------------------------ reason templates
  app.get(
    '/admin/reason-templates',
    {
      onRequest: guard('GET /api/admin/reason-templates'),
      schema: {
        ...common,
        summary: 'Reason templates by decision and order; filter by `decision`, search `q` (Arabic-aware, both languages)',
        querystring: adminReasonTemplatesQuerySchema,
        response: { 200: adminReasonTemplatesResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { q, decision, page, limit } = request.query;
      const where = and(
        ...foldedSearchConditions([reviewReasonTemplates.text, reviewReasonTemplates.textEn], q ?? ''),
        ...(decision ? [eq(reviewReasonTemplates.decision, decision)] : []),
      );
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(reviewReasonTemplates)
          .where(where)
          // The review screens' order (GET review/reason-templates).
          .orderBy(asc(reviewReasonTemplates.decision), asc(reviewReasonTemplates.sortOrder), asc(reviewReasonTemplates.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        app.db.select({ n: count() }).from(reviewReasonTemplates).where(where),
      ]);
      return { status: true as const, data: rows.map(templateView), tot: total?.n ?? 0 };
    },
  );

  app.post(
    '/admin/reason-templates',
    {
      onRequest: guard('POST /api/admin/reason-templates'),
      schema: {
        ...common,
        summary: 'A new reason template (its text in both languages)',
        body: adminReasonTemplateBodySchema,
        response: { 201: adminReasonTemplateResponseSchema, ...staffErrors, 400: refused, 429: errorResponses[429], 500: errorResponses[500] },
      },
    },
    async (request, reply) => {
      refuseMissingTranslations(reasonTemplateMissingTranslations(request.body));
      const columns = templateColumns(request.body);
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx.insert(reviewReasonTemplates).values(columns).returning({ id: reviewReasonTemplates.id });
        await auditContent(tx, { actorId: request.user!.id, action: 'content.create', targetType: 'reason_template', targetId: row!.id, details: { decision: columns.decision } });
        return row!.id;
      });
      return reply.code(201).send({ status: true as const, msg: request.t('success.contentSaved'), data: await templateAnswer(id) });
    },
  );

  app.put(
    '/admin/reason-templates/:id',
    {
      onRequest: guard('PUT /api/admin/reason-templates/{id}'),
      schema: {
        ...common,
        summary: 'Save a reason template',
        params: idParamsSchema,
        body: adminReasonTemplateUpdateSchema,
        response: { 200: adminReasonTemplateResponseSchema, ...staffErrors, 400: refused, ...notFoundResponse, 409: conflict, 429: errorResponses[429], 500: errorResponses[500] },
      },
    },
    async (request) => {
      const { version, ...values } = request.body;
      const [current] = await app.db.select().from(reviewReasonTemplates).where(eq(reviewReasonTemplates.id, request.params.id));
      if (!current) throw notFound();
      refuseStale(current, version);
      refuseMissingTranslations(reasonTemplateMissingTranslations(values));
      const columns = templateColumns(values);
      await app.db.transaction(async (tx) => {
        await updateVersioned(tx, reviewReasonTemplates, current.id, version, columns);
        await auditContent(tx, { actorId: request.user!.id, action: 'content.update', targetType: 'reason_template', targetId: current.id, details: { fields: changedColumns(current, columns) } });
      });
      return { status: true as const, msg: request.t('success.contentSaved'), data: await templateAnswer(current.id) };
    },
  );

  app.delete(
    '/admin/reason-templates/:id',
    {
      onRequest: guard('DELETE /api/admin/reason-templates/{id}'),
      schema: {
        ...common,
        summary: 'Delete a reason template (`?version=`): decisions keep the text they were given',
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: okSchema, ...staffErrors, ...notFoundResponse, 409: conflict, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const removed = await deleteVersioned(tx, reviewReasonTemplates, id, request.query.version);
        await auditContent(tx, { actorId: request.user!.id, action: 'content.delete', targetType: 'reason_template', targetId: id, details: { decision: removed.decision, text_en: removed.textEn } });
      });
      return { status: true as const, msg: request.t('success.contentDeleted') };
    },
  );

  // ------------------------------------------------------------------------------ research metadata
  app.put(
    '/admin/research/:id',
    {
      onRequest: guard('PUT /api/admin/research/{id}'),
      schema: {
        ...common,
        summary: "An approved research's metadata (titles, descriptions, abstract, category); its library item follows",
        description:
          '`updated_at` is the version: the submission’s `updated_at` as the API sent it. Only an approved research (409 ' +
          '`researchNotPublished` otherwise). Files, type, author and status are not changed here; removal is the review’s ' +
          '(`POST review/research/{id}/transition` to `removed`, with a reason).',
        params: idParamsSchema,
        body: researchMetadataBodySchema,
        response: { 200: researchSubmissionResponseSchema, ...staffErrors, 400: refused, ...notFoundResponse, 409: conflict, 429: errorResponses[429], 500: errorResponses[500] },
      },
    },
    async (request) => {
      const { updated_at: token, ...values } = request.body;
      const current = await findSubmission(app.db, request.params.id);
      if (!current) throw notFound();
      if (current.status !== 'approved') throw new AppError(409, 'validation.researchNotPublished');
      const categoryId = values.category_id === OTHER_CATEGORY ? null : values.category_id;
      if (categoryId !== null) {
        const [category] = await app.db.select({ id: communityCategories.id }).from(communityCategories).where(eq(communityCategories.id, categoryId));
        if (!category) throw new AppError(400, 'validation.researchCategoryUnknown', {}, { category_id: 'validation.researchCategoryUnknown' });
      }
      const columns = {
        title: values.title,
        titleEn: values.title_en,
        description: values.description,
        descriptionEn: values.description_en,
        abstract: values.abstract,
        categoryId,
        otherCategory: values.other_category,
        // The submission form's search text (research.ts): the same fields.
        searchText: buildSearchText(values.title, values.title_en, values.description, values.description_en, values.abstract, values.other_category),
      };
      const saved = await app.db.transaction(async (tx) => {
        // The version: `updated_at` to the millisecond, as it was sent (PostgreSQL keeps microseconds).
        const [row] = await tx
          .update(researchSubmissions)
          .set(columns)
          .where(and(eq(researchSubmissions.id, current.id), eq(researchSubmissions.status, 'approved'), sql`date_trunc('milliseconds', ${researchSubmissions.updatedAt}) = ${token}::timestamptz`))
          .returning();
        if (!row) throw new AppError(409, 'validation.staleEdit');
        const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, row.ownerId));
        await tx
          .update(ebooks)
          .set({ ...researchItemFields(row, author?.name ?? null), version: sql`${ebooks.version} + 1` })
          .where(eq(ebooks.researchId, row.id));
        await auditContent(tx, { actorId: request.user!.id, action: 'content.update', targetType: 'research', targetId: row.id, details: { fields: changedColumns(current, columns).filter((field) => field !== 'searchText') } });
        return row;
      });
      return { status: true as const, msg: request.t('success.contentSaved'), data: await submissionView(app.db as Db, saved) };
    },
  );
};

export default adminResearch;
