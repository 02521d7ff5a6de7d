/**
 * The library's content in the console (issue 19, administrators): library items (`admin/ebooks`),
 * university libraries (`admin/universities`) and the research categories
 * (`admin/community-categories`). Every save carries the version it started from (409 over a newer
 * one), every change is appended to the audit log in its transaction, saving what the public site
 * shows needs both languages (400 `translationsMissing`, each field marked), and deleting what is
 * still referred to is refused (409 with the count).
 *
 * A library item that publishes an approved research (`research_id`) is listed here, marked, but
 * edited in the research editor (`PUT admin/research/{id}`) and removed by the review's removal:
 * its writes here answer 409 `libraryResearchManaged`.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  adminCommunityCategoriesResponseSchema,
  adminCommunityCategoryBodySchema,
  adminCommunityCategoryResponseSchema,
  adminCommunityCategoryUpdateSchema,
  adminEbookBodySchema,
  adminEbookResponseSchema,
  adminEbooksQuerySchema,
  adminEbooksResponseSchema,
  adminEbookUpdateSchema,
  adminListQuerySchema,
  adminUniversitiesResponseSchema,
  adminUniversityBodySchema,
  adminUniversityResponseSchema,
  adminUniversityUpdateSchema,
  categoryMissingTranslations,
  contentStatusBodySchema,
  ebookMissingTranslations,
  errorEnvelopeSchema,
  idParamsSchema,
  okSchema,
  universityMissingTranslations,
  versionQuerySchema,
  type AdminCommunityCategory,
  type AdminUniversity,
  type ContentStatus,
} from '@scholars/shared-contracts/schemas';
import { communityCategories, ebooks, researchSubmissions, universities } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { auditContent, deleteVersioned, refuseInUse, refuseMissingTranslations, refuseStale, updateVersioned } from '../lib/operators/content';
import { removeUnusedFiles } from '../lib/operators/content-files';
import {
  changedColumns,
  checkedImage,
  checkedPdf,
  checkReferences,
  ebookColumns,
  ebookDetails,
  ebookSearchText,
  listEbooks,
  refreshEbookSearchText,
  type EbookRow,
} from '../lib/operators/library';
import { foldedSearchConditions, pageOffset } from '../lib/pagination';
import { errorResponses, notFoundResponse, staffErrors } from './schemas';

const conflict = errorEnvelopeSchema.describe('`staleEdit`: saved meanwhile by someone else; `inUse` / `categoryInUse`: still referred to; `libraryResearchManaged`: an approved research');
const refused = errorEnvelopeSchema.describe('Invalid input, or `translationsMissing` with each field marked `translationMissing`');

const STATUS_ACTIONS = { published: 'content.publish', draft: 'content.unpublish', archived: 'content.archive' } as const;
const STATUS_MESSAGES = { published: 'success.contentPublished', draft: 'success.contentUnpublished', archived: 'success.contentArchived' } as const;

/** A row's texts under the form's names, for the publishing check of a status change. */
const ebookTexts = (row: EbookRow) => ({
  title: row.title,
  title_en: row.titleEn,
  abstract: row.abstract,
  abstract_en: row.abstractEn,
  author: row.author,
  author_en: row.authorEn,
  publisher: row.publisher,
  publisher_en: row.publisherEn,
});

const adminLibrary: FastifyPluginAsyncZod = async (app) => {
  const guard = (route: ApiRouteKey) => app.requireRole(...rolesFor(route));
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] } as const;
  const storage = app.storage;

  /** The item, for a write: 404 when there is none, 409 when an approved research publishes it. */
  async function editableEbook(id: number): Promise<EbookRow> {
    const [row] = await app.db.select().from(ebooks).where(eq(ebooks.id, id));
    if (!row) throw notFound();
    if (row.researchId !== null) throw new AppError(409, 'validation.libraryResearchManaged', { research_id: row.researchId });
    return row;
  }

  async function ebookAnswer(id: number) {
    const found = await ebookDetails(app.db, id);
    if (!found) throw notFound();
    return found;
  }

  // ------------------------------------------------------------------------------ library items
  app.get(
    '/admin/ebooks',
    {
      onRequest: guard('GET /api/admin/ebooks'),
      schema: {
        ...common,
        summary: 'Library items in every status (approved research marked by `research_id`), newest change first',
        description: 'Filters: `q` (Arabic-aware, titles, authors, abstracts, keywords, category and university names), `collection`, `status`, `category_id`, `university_id`.',
        querystring: adminEbooksQuerySchema,
        response: { 200: adminEbooksResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listEbooks(app.db, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  app.get(
    '/admin/ebooks/:id',
    {
      onRequest: guard('GET /api/admin/ebooks/{id}'),
      schema: { ...common, summary: 'A library item as its editor shows it', params: idParamsSchema, response: { 200: adminEbookResponseSchema, ...staffErrors, ...notFoundResponse, ...errorResponses } },
    },
    async (request) => ({ status: true as const, data: await ebookAnswer(request.params.id) }),
  );

  app.post(
    '/admin/ebooks',
    {
      onRequest: guard('POST /api/admin/ebooks'),
      schema: {
        ...common,
        summary: 'A new library item, as a draft (publish it with `admin/ebooks/{id}/status`)',
        description: '`file.path` and `image` are paths answered by `admin/uploads` (a PDF, a picture); the PDF’s size is read from the stored file.',
        body: adminEbookBodySchema,
        response: { 201: adminEbookResponseSchema, ...staffErrors, 400: refused, 429: errorResponses[429], 500: errorResponses[500] },
      },
    },
    async (request, reply) => {
      const values = request.body;
      await checkReferences(app.db, values);
      await checkedImage(storage, values.image, null);
      const columns = { ...ebookColumns(values), ...(await checkedPdf(storage, values.file, null)) };
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(ebooks)
          .values({ ...columns, status: 'draft', searchText: await ebookSearchText(tx, columns) })
          .returning({ id: ebooks.id });
        await auditContent(tx, { actorId: request.user!.id, action: 'content.create', targetType: 'ebook', targetId: row!.id, details: { title: columns.title, title_en: columns.titleEn } });
        return row!.id;
      });
      return reply.code(201).send({ status: true as const, msg: request.t('success.contentSaved'), data: await ebookAnswer(id) });
    },
  );

  app.put(
    '/admin/ebooks/:id',
    {
      onRequest: guard('PUT /api/admin/ebooks/{id}'),
      schema: {
        ...common,
        summary: 'Save a library item (its status kept); a published one must stay complete in both languages',
        params: idParamsSchema,
        body: adminEbookUpdateSchema,
        response: { 200: adminEbookResponseSchema, ...staffErrors, 400: refused, ...notFoundResponse, 409: conflict, 429: errorResponses[429], 500: errorResponses[500] },
      },
    },
    async (request) => {
      const { version, ...values } = request.body;
      const current = await editableEbook(request.params.id);
      refuseStale(current, version);
      if (current.status === 'published') refuseMissingTranslations(ebookMissingTranslations(values));
      await checkReferences(app.db, values);
      await checkedImage(storage, values.image, current.image);
      const columns = { ...ebookColumns(values), ...(await checkedPdf(storage, values.file, current)) };
      await app.db.transaction(async (tx) => {
        await updateVersioned(tx, ebooks, current.id, version, { ...columns, searchText: await ebookSearchText(tx, columns) });
        await auditContent(tx, { actorId: request.user!.id, action: 'content.update', targetType: 'ebook', targetId: current.id, details: { fields: changedColumns(current, columns) } });
      });
      await removeUnusedFiles(app.db, storage, [current.filePath !== columns.filePath ? current.filePath : null, current.image !== columns.image ? current.image : null]);
      return { status: true as const, msg: request.t('success.contentSaved'), data: await ebookAnswer(current.id) };
    },
  );

  app.post(
    '/admin/ebooks/:id/status',
    {
      onRequest: guard('POST /api/admin/ebooks/{id}/status'),
      schema: {
        ...common,
        summary: 'Publish (both languages needed), back to draft, or archive a library item: only published items are on the public site',
        params: idParamsSchema,
        body: contentStatusBodySchema,
        response: { 200: adminEbookResponseSchema, ...staffErrors, 400: refused, ...notFoundResponse, 409: conflict, 429: errorResponses[429], 500: errorResponses[500] },
      },
    },
    async (request) => {
      const { status, version } = request.body;
      const current = await editableEbook(request.params.id);
      refuseStale(current, version);
      if (status === 'published') refuseMissingTranslations(ebookMissingTranslations(ebookTexts(current)));
      await app.db.transaction(async (tx) => {
        await updateVersioned(tx, ebooks, current.id, version, { status });
        await auditContent(tx, { actorId: request.user!.id, action: STATUS_ACTIONS[status], targetType: 'ebook', targetId: current.id, details: { from: current.status, to: status } });
      });
      return { status: true as const, msg: request.t(STATUS_MESSAGES[status as ContentStatus]), data: await ebookAnswer(current.id) };
    },
  );

  app.delete(
    '/admin/ebooks/:id',
    {
      onRequest: guard('DELETE /api/admin/ebooks/{id}'),
      schema: {
        ...common,
        summary: 'Delete a library item and its stored files (`?version=`)',
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: okSchema, ...staffErrors, ...notFoundResponse, 409: conflict, ...errorResponses },
      },
    },
    async (request) => {
      const current = await editableEbook(request.params.id);
      await app.db.transaction(async (tx) => {
        await deleteVersioned(tx, ebooks, current.id, request.query.version);
        await auditContent(tx, { actorId: request.user!.id, action: 'content.delete', targetType: 'ebook', targetId: current.id, details: { title: current.title, title_en: current.titleEn } });
      });
      await removeUnusedFiles(app.db, storage, [current.filePath, current.image]);
      return { status: true as const, msg: request.t('success.contentDeleted') };
    },
  );

  // ------------------------------------------------------------------------------ universities
  const universityItems = () =>
    app.db.select({ universityId: ebooks.universityId, items: count().as('items') }).from(ebooks).groupBy(ebooks.universityId).as('items');

  async function universityAnswer(id: number): Promise<AdminUniversity> {
    const items = universityItems();
    const [row] = await app.db.select({ u: universities, items: items.items }).from(universities).leftJoin(items, eq(items.universityId, universities.id)).where(eq(universities.id, id));
    if (!row) throw notFound();
    return universityView(row.u, Number(row.items ?? 0));
  }

  const universityView = (u: typeof universities.$inferSelect, items: number): AdminUniversity => ({
    id: u.id,
    name: u.name,
    name_en: u.nameEn,
    country: u.country,
    country_en: u.countryEn,
    description: u.description,
    description_en: u.descriptionEn,
    logo: u.logo,
    website: u.website,
    sort_order: u.sortOrder,
    version: u.version,
    items,
  });

  const universityColumns = (values: z.output<typeof adminUniversityBodySchema>) => ({
    name: values.name,
    nameEn: values.name_en,
    country: values.country || null,
    countryEn: values.country_en || null,
    description: values.description || null,
    descriptionEn: values.description_en || null,
    logo: values.logo,
    website: values.website,
    sortOrder: values.sort_order,
  });

  app.get(
    '/admin/universities',
    {
      onRequest: guard('GET /api/admin/universities'),
      schema: {
        ...common,
        summary: 'University libraries in their order, with the number of their items; `q` searches names and countries (Arabic-aware)',
        querystring: adminListQuerySchema,
        response: { 200: adminUniversitiesResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { q, page, limit } = request.query;
      const where = and(...foldedSearchConditions([universities.name, universities.nameEn, universities.country, universities.countryEn], q ?? ''));
      const items = universityItems();
      const [rows, [total]] = await Promise.all([
        app.db
          .select({ u: universities, items: items.items })
          .from(universities)
          .leftJoin(items, eq(items.universityId, universities.id))
          .where(where)
          .orderBy(asc(universities.sortOrder), asc(universities.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        app.db.select({ n: count() }).from(universities).where(where),
      ]);
      return { status: true as const, data: rows.map((row) => universityView(row.u, Number(row.items ?? 0))), tot: total?.n ?? 0 };
    },
  );

  app.post(
    '/admin/universities',
    {
      onRequest: guard('POST /api/admin/universities'),
      schema: {
        ...common,
        summary: 'A new university library (shown at once: its name in both languages, each optional pair in both or neither)',
        body: adminUniversityBodySchema,
        response: { 201: adminUniversityResponseSchema, ...staffErrors, 400: refused, 429: errorResponses[429], 500: errorResponses[500] },
      },
    },
    async (request, reply) => {
      refuseMissingTranslations(universityMissingTranslations(request.body));
      await checkedImage(storage, request.body.logo, null, 'logo');
      const columns = universityColumns(request.body);
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx.insert(universities).values(columns).returning({ id: universities.id });
        await auditContent(tx, { actorId: request.user!.id, action: 'content.create', targetType: 'university', targetId: row!.id, details: { name: columns.name, name_en: columns.nameEn } });
        return row!.id;
      });
      return reply.code(201).send({ status: true as const, msg: request.t('success.contentSaved'), data: await universityAnswer(id) });
    },
  );

  app.put(
    '/admin/universities/:id',
    {
      onRequest: guard('PUT /api/admin/universities/{id}'),
      schema: {
        ...common,
        summary: 'Save a university library',
        params: idParamsSchema,
        body: adminUniversityUpdateSchema,
        response: { 200: adminUniversityResponseSchema, ...staffErrors, 400: refused, ...notFoundResponse, 409: conflict, 429: errorResponses[429], 500: errorResponses[500] },
      },
    },
    async (request) => {
      const { version, ...values } = request.body;
      const [current] = await app.db.select().from(universities).where(eq(universities.id, request.params.id));
      if (!current) throw notFound();
      refuseStale(current, version);
      refuseMissingTranslations(universityMissingTranslations(values));
      await checkedImage(storage, values.logo, current.logo, 'logo');
      const columns = universityColumns(values);
      await app.db.transaction(async (tx) => {
        await updateVersioned(tx, universities, current.id, version, columns);
        const fields = changedColumns(current, columns);
        await auditContent(tx, { actorId: request.user!.id, action: 'content.update', targetType: 'university', targetId: current.id, details: { fields } });
        // Its items are found by its name.
        if (fields.includes('name') || fields.includes('nameEn')) await refreshEbookSearchText(tx, eq(ebooks.universityId, current.id));
      });
      if (current.logo !== columns.logo) await removeUnusedFiles(app.db, storage, [current.logo]);
      return { status: true as const, msg: request.t('success.contentSaved'), data: await universityAnswer(current.id) };
    },
  );

  app.delete(
    '/admin/universities/:id',
    {
      onRequest: guard('DELETE /api/admin/universities/{id}'),
      schema: {
        ...common,
        summary: 'Delete a university library without items (`?version=`); 409 `inUse` with their number otherwise',
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: okSchema, ...staffErrors, ...notFoundResponse, 409: conflict, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const removed = await app.db.transaction(async (tx) => {
        const [used] = await tx.select({ n: count() }).from(ebooks).where(eq(ebooks.universityId, id));
        refuseInUse(used?.n ?? 0);
        const gone = await deleteVersioned(tx, universities, id, request.query.version);
        await auditContent(tx, { actorId: request.user!.id, action: 'content.delete', targetType: 'university', targetId: id, details: { name: gone.name, name_en: gone.nameEn } });
        return gone;
      });
      await removeUnusedFiles(app.db, storage, [removed.logo]);
      return { status: true as const, msg: request.t('success.contentDeleted') };
    },
  );

  // ------------------------------------------------------------------------------ community categories
  const researchCount = () =>
    app.db.select({ categoryId: researchSubmissions.categoryId, n: count().as('research_n') }).from(researchSubmissions).groupBy(researchSubmissions.categoryId).as('research_counts');
  const libraryCount = () => app.db.select({ categoryId: ebooks.categoryId, n: count().as('library_n') }).from(ebooks).groupBy(ebooks.categoryId).as('library_counts');

  async function categoryRows(where: ReturnType<typeof and>, page?: { limit: number; offset: number }) {
    const research = researchCount();
    const library = libraryCount();
    const query = app.db
      .select({ c: communityCategories, research: research.n, library: library.n })
      .from(communityCategories)
      .leftJoin(research, eq(research.categoryId, communityCategories.id))
      .leftJoin(library, eq(library.categoryId, communityCategories.id))
      .where(where)
      .orderBy(asc(communityCategories.sortOrder), asc(communityCategories.id));
    const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
    return rows.map(
      (row): AdminCommunityCategory => ({
        id: row.c.id,
        name: row.c.name,
        name_en: row.c.nameEn,
        sort_order: row.c.sortOrder,
        version: row.c.version,
        research: Number(row.research ?? 0),
        library: Number(row.library ?? 0),
      }),
    );
  }

  async function categoryAnswer(id: number): Promise<AdminCommunityCategory> {
    const [row] = await categoryRows(eq(communityCategories.id, id));
    if (!row) throw notFound();
    return row;
  }

  const categoryColumns = (values: { name: string; name_en: string; sort_order: number }) => ({ name: values.name, nameEn: values.name_en, sortOrder: values.sort_order });

  app.get(
    '/admin/community-categories',
    {
      onRequest: guard('GET /api/admin/community-categories'),
      schema: {
        ...common,
        summary: 'Research categories in their order, with the number of research submissions and library items in each; `q` (Arabic-aware)',
        querystring: adminListQuerySchema,
        response: { 200: adminCommunityCategoriesResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { q, page, limit } = request.query;
      const where = and(...foldedSearchConditions([communityCategories.name, communityCategories.nameEn], q ?? ''));
      const [rows, [total]] = await Promise.all([
        categoryRows(where, { limit, offset: pageOffset(page, limit) }),
        app.db.select({ n: count() }).from(communityCategories).where(where),
      ]);
      return { status: true as const, data: rows, tot: total?.n ?? 0 };
    },
  );

  app.post(
    '/admin/community-categories',
    {
      onRequest: guard('POST /api/admin/community-categories'),
      schema: {
        ...common,
        summary: 'A new research category (its name in both languages)',
        body: adminCommunityCategoryBodySchema,
        response: { 201: adminCommunityCategoryResponseSchema, ...staffErrors, 400: refused, 429: errorResponses[429], 500: errorResponses[500] },
      },
    },
    async (request, reply) => {
      refuseMissingTranslations(categoryMissingTranslations(request.body));
      const columns = categoryColumns(request.body);
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx.insert(communityCategories).values(columns).returning({ id: communityCategories.id });
        await auditContent(tx, { actorId: request.user!.id, action: 'content.create', targetType: 'community_category', targetId: row!.id, details: { name: columns.name, name_en: columns.nameEn } });
        return row!.id;
      });
      return reply.code(201).send({ status: true as const, msg: request.t('success.contentSaved'), data: await categoryAnswer(id) });
    },
  );

  app.put(
    '/admin/community-categories/:id',
    {
      onRequest: guard('PUT /api/admin/community-categories/{id}'),
      schema: {
        ...common,
        summary: 'Save a research category',
        params: idParamsSchema,
        body: adminCommunityCategoryUpdateSchema,
        response: { 200: adminCommunityCategoryResponseSchema, ...staffErrors, 400: refused, ...notFoundResponse, 409: conflict, 429: errorResponses[429], 500: errorResponses[500] },
      },
    },
    async (request) => {
      const { version, ...values } = request.body;
      const [current] = await app.db.select().from(communityCategories).where(eq(communityCategories.id, request.params.id));
      if (!current) throw notFound();
      refuseMissingTranslations(categoryMissingTranslations(values));
      const columns = categoryColumns(values);
      await app.db.transaction(async (tx) => {
        await updateVersioned(tx, communityCategories, current.id, version, columns);
        const fields = changedColumns(current, columns);
        await auditContent(tx, { actorId: request.user!.id, action: 'content.update', targetType: 'community_category', targetId: current.id, details: { fields } });
        if (fields.includes('name') || fields.includes('nameEn')) await refreshEbookSearchText(tx, eq(ebooks.categoryId, current.id));
      });
      return { status: true as const, msg: request.t('success.contentSaved'), data: await categoryAnswer(current.id) };
    },
  );

  app.delete(
    '/admin/community-categories/:id',
    {
      onRequest: guard('DELETE /api/admin/community-categories/{id}'),
      schema: {
        ...common,
        summary: 'Delete an empty research category (`?version=`); 409 `categoryInUse` with the number of research submissions and library items in it otherwise',
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: okSchema, ...staffErrors, ...notFoundResponse, 409: conflict, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const [research] = await tx.select({ n: count() }).from(researchSubmissions).where(eq(researchSubmissions.categoryId, id));
        const [library] = await tx.select({ n: count() }).from(ebooks).where(eq(ebooks.categoryId, id));
        refuseInUse((research?.n ?? 0) + (library?.n ?? 0), 'validation.categoryInUse');
        const removed = await deleteVersioned(tx, communityCategories, id, request.query.version);
        await auditContent(tx, { actorId: request.user!.id, action: 'content.delete', targetType: 'community_category', targetId: id, details: { name: removed.name, name_en: removed.nameEn } });
      });
      return { status: true as const, msg: request.t('success.contentDeleted') };
    },
  );
};

export default adminLibrary;
