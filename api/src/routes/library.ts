/**
 * The e-book and research library (issue 5). Signed-in users browse the catalogue and read
 * abstracts; opening or downloading a file needs an active subscription (decisions.md).
 *
 * - `POST library/paginate`: a page of one tab (`collection`: university | ebooks), Arabic-aware
 *   search (the shared normalizer), category and university filters;
 * - `GET library/{id}`: details;
 * - `POST library/{id}/file-link` (subscription) and `GET library/{id}/file?token=`: the PDF, inline
 *   (viewed in the page) or as a download under its real name;
 * - `GET library/{id}/citation?format=bibtex|ris`: the citation file.
 *
 * Only published items exist here (issue 19): a draft or an archived item is listed nowhere and
 * answers 404, its file and citation too.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  citationQuerySchema,
  errorEnvelopeSchema,
  idParamsSchema,
  libraryDetailsResponseSchema,
  libraryFileLinkResponseSchema,
  libraryFileQuerySchema,
  libraryPageResponseSchema,
  libraryPaginateBodySchema,
  type LibraryDetails,
  type LibraryItem,
} from '@scholars/shared-contracts/schemas';
import { communityCategories, ebooks, listCounts, universities } from '../db/schema';
import { searchTerms } from '../lib/arabic-search';
import { splitAuthors, toBibtex, toRis, type CitationSource } from '../lib/citations';
import { notFound } from '../lib/errors';
import { pageOffset, relevance, searchConditions } from '../lib/pagination';
import { contentDisposition, slug } from '../lib/uploads';
import { hasActiveSubscription, refuseWithoutSubscription } from '../plugins/app/paywall';
import { errorResponses } from './schemas';
import { fileLinkRoutes, type PrivateFile } from './file-links';
import { otherLocale, pickLocalized, type Locale } from '@scholars/shared-contracts/locale';

const SORT = {
  title: ebooks.title,
  title_en: ebooks.titleEn,
  year: ebooks.publishedYear,
  updated: ebooks.updatedAt,
  id: ebooks.id,
} as const;

const itemColumns = {
  id: ebooks.id,
  collection: ebooks.collection,
  docType: ebooks.docType,
  title: ebooks.title,
  titleEn: ebooks.titleEn,
  author: ebooks.author,
  authorEn: ebooks.authorEn,
  categoryId: ebooks.categoryId,
  categoryName: communityCategories.name,
  categoryNameEn: communityCategories.nameEn,
  universityId: ebooks.universityId,
  universityName: universities.name,
  universityNameEn: universities.nameEn,
  publishedYear: ebooks.publishedYear,
  language: ebooks.language,
  image: ebooks.image,
  filePath: ebooks.filePath,
  researchId: ebooks.researchId,
};

type ItemRow = {
  id: number;
  collection: 'university' | 'ebooks';
  docType: LibraryItem['doc_type'];
  title: string;
  titleEn: string;
  author: string | null;
  authorEn: string | null;
  categoryId: number | null;
  categoryName: string | null;
  categoryNameEn: string | null;
  universityId: number | null;
  universityName: string | null;
  universityNameEn: string | null;
  publishedYear: number | null;
  language: Locale;
  image: string | null;
  filePath: string | null;
  researchId: number | null;
};

function toItem(row: ItemRow): LibraryItem {
  return {
    id: row.id,
    collection: row.collection,
    doc_type: row.docType,
    title: row.title,
    title_en: row.titleEn,
    author: row.author,
    author_en: row.authorEn,
    category_id: row.categoryId,
    category: row.categoryId && row.categoryName !== null && row.categoryNameEn !== null ? { id: row.categoryId, name: row.categoryName, name_en: row.categoryNameEn } : null,
    university_id: row.universityId,
    university:
      row.universityId && row.universityName !== null && row.universityNameEn !== null
        ? { id: row.universityId, name: row.universityName, name_en: row.universityNameEn }
        : null,
    published_year: row.publishedYear,
    language: row.language,
    image: row.image,
    has_file: Boolean(row.filePath),
    research_id: row.researchId,
  };
}

/** What the public library serves: drafts and archived items are the console's only. */
const published = eq(ebooks.status, 'published');

const library: FastifyPluginAsyncZod = async (app) => {
  const site = app.config.PUBLIC_BASE_URL;

  async function loadDetails(id: number) {
    const [row] = await app.db
      .select({
        ...itemColumns,
        abstract: ebooks.abstract,
        abstractEn: ebooks.abstractEn,
        publisher: ebooks.publisher,
        publisherEn: ebooks.publisherEn,
        isbn: ebooks.isbn,
        pages: ebooks.pages,
        keywords: ebooks.keywords,
        fileOriginalName: ebooks.fileOriginalName,
        fileMime: ebooks.fileMime,
        fileSize: ebooks.fileSize,
        updatedAt: ebooks.updatedAt,
      })
      .from(ebooks)
      .leftJoin(communityCategories, eq(communityCategories.id, ebooks.categoryId))
      .leftJoin(universities, eq(universities.id, ebooks.universityId))
      .where(and(eq(ebooks.id, id), published));
    return row;
  }

  app.post(
    '/library/paginate',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['library'],
        summary: 'A page of the library: one tab, searched (Arabic-aware) and filtered by category and university',
        description:
          'Body `{ collection?, category_id?, university_id?, limit, page, col, search, order? }`. `collection`: `university` ' +
          '(university libraries: theses, dissertations, research, approved research of the exchange) or `ebooks`; missing: both. ' +
          '`col` sorts (title, title_en, year, updated, id; `updated` and `year` newest first unless `order` says otherwise; ' +
          '`relevance`: best match first when there is a search term, else as `updated`). ' +
          '`search` matches titles, authors, abstracts, keywords, category and university names in both languages.',
        security: [{ bearerAuth: [] }],
        body: libraryPaginateBodySchema,
        response: { 200: libraryPageResponseSchema, 401: errorEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { limit, page, col, search, order, collection, category_id: categoryId, university_id: universityId } = request.body;
      const conditions: SQL[] = [published, ...searchConditions(ebooks, search)];
      if (collection) conditions.push(eq(ebooks.collection, collection));
      if (categoryId) conditions.push(eq(ebooks.categoryId, categoryId));
      if (universityId) conditions.push(eq(ebooks.universityId, universityId));
      const where = and(...conditions);
      const sortCol = col === 'relevance' ? 'updated' : col;
      const newestFirst = sortCol === 'updated' || sortCol === 'year';
      const direction = (order ?? (newestFirst ? 'desc' : 'asc')) === 'asc' ? asc : desc;
      const sort = sortCol === 'year' ? sql`${ebooks.publishedYear} ${sql.raw(direction === asc ? 'ASC' : 'DESC')} NULLS LAST` : direction(SORT[sortCol]);
      const orderBy = (col === 'relevance' && relevance(ebooks, search, ebooks.updatedAt)?.orderBy) || [sort, asc(ebooks.id)];
      const [rows, totals] = await Promise.all([
        app.db
          .select(itemColumns)
          .from(ebooks)
          .leftJoin(communityCategories, eq(communityCategories.id, ebooks.categoryId))
          .leftJoin(universities, eq(universities.id, ebooks.universityId))
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(pageOffset(page, limit)),
        // Unfiltered (a whole tab, or both): the maintained count (migration 0021), else counted.
        searchTerms(search).length === 0 && !categoryId && !universityId
          ? app.db.select({ tot: listCounts.n }).from(listCounts).where(eq(listCounts.list, collection ? `ebooks:${collection}` : 'ebooks'))
          : app.db.select({ tot: count() }).from(ebooks).where(where),
      ]);
      return { status: true as const, data: rows.map(toItem), tot: totals[0]?.tot ?? 0 };
    },
  );

  app.get(
    '/library/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['library'],
        summary: 'A library item: abstract, publication details and the description of its file',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: libraryDetailsResponseSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await loadDetails(request.params.id);
      if (!row) throw notFound();
      const data: LibraryDetails = {
        ...toItem(row),
        abstract: row.abstract,
        abstract_en: row.abstractEn,
        publisher: row.publisher,
        publisher_en: row.publisherEn,
        isbn: row.isbn,
        pages: row.pages,
        keywords: row.keywords,
        file: row.filePath && row.fileOriginalName && row.fileMime ? { name: row.fileOriginalName, mime: row.fileMime, size: row.fileSize ?? 0 } : null,
        updated: row.updatedAt.toISOString(),
      };
      return { status: true as const, data };
    },
  );

  const bookFile = (row: Awaited<ReturnType<typeof loadDetails>>): PrivateFile | null =>
    row?.filePath && row.fileOriginalName && row.fileMime
      ? { path: row.filePath, name: row.fileOriginalName, mime: row.fileMime, size: row.fileSize ?? 0, fallbackName: `${slug(row.titleEn)}.pdf` }
      : null;

  fileLinkRoutes(app, {
    resource: 'library',
    signerLabel: 'library-file-link',
    tag: 'library',
    linkSummary: 'Short-lived addresses to view the book in the page and to download it (active subscription)',
    fileSummary: 'The book file with a token from `library/{id}/file-link` (inline, or `download=1`)',
    linkOnRequest: [app.authenticate, app.requireActiveSubscription],
    linkResponse: libraryFileLinkResponseSchema,
    linkRefusals: { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema.describe("`err: 'subscription_required'`: no active subscription") },
    fileQuery: libraryFileQuerySchema,
    fileRefusal: 'Missing, invalid or expired token, or the subscription ended',
    expiredMessage: 'validation.libraryFileLinkExpired',
    fileForLink: async (id) => bookFile(await loadDetails(id)),
    async fileForHolder(id, uid, request, reply) {
      // The subscription is checked again: a link stops working when the subscription ends.
      if (!(await hasActiveSubscription(app.db, uid))) {
        await refuseWithoutSubscription(request, reply);
        return 'answered';
      }
      return bookFile(await loadDetails(id));
    },
  });

  app.get(
    '/library/:id/citation',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['library'],
        summary: 'The citation of an item as a BibTeX (.bib) or RIS (.ris) file',
        description: '`lang` picks the language of the title and names (default: the language of the work).',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        querystring: citationQuerySchema,
        response: {
          200: z.unknown().describe('application/x-bibtex or application/x-research-info-systems, UTF-8'),
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const row = await loadDetails(request.params.id);
      if (!row) throw notFound();
      const lang = request.query.lang ?? row.language;
      const source: CitationSource = {
        id: row.id,
        docType: row.docType,
        title: pickLocalized(lang, row.title, row.titleEn),
        // The same as the title when the other language has none: the citation leaves it out then.
        otherTitle: pickLocalized(otherLocale(lang), row.title, row.titleEn),
        authors: splitAuthors(pickLocalized(lang, row.author, row.authorEn)),
        year: row.publishedYear,
        publisher: pickLocalized(lang, row.publisher, row.publisherEn) || null,
        university: pickLocalized(lang, row.universityName, row.universityNameEn) || null,
        isbn: row.isbn,
        pages: row.pages,
        language: row.language,
        abstract: pickLocalized(lang, row.abstract, row.abstractEn) || null,
        keywords: row.keywords,
        url: `${site}/research-library/${row.id}`,
      };
      const bibtex = request.query.format === 'bibtex';
      const body = bibtex ? toBibtex(source) : toRis(source);
      const name = `${slug(row.titleEn)}.${bibtex ? 'bib' : 'ris'}`;
      reply
        .header('Content-Type', `${bibtex ? 'application/x-bibtex' : 'application/x-research-info-systems'}; charset=utf-8`)
        .header('Content-Disposition', contentDisposition('attachment', name, name))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff');
      return reply.send(Buffer.from(body, 'utf8'));
    },
  );
};
export default library;
