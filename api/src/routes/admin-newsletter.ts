/**
 * The newsletter in the operator console (administrators; issue 20): issues composed in both
 * languages (Markdown), previewed, tested on oneself, then sent to every confirmed subscriber in
 * their language by the send job (lib/newsletter/issues.ts); the subscriber list and its CSV.
 * Drafts are edited with the version they started from (409 `staleEdit`); a sent issue is kept as
 * it went out (409 `newsletterIssueNotDraft`). Every change is in the audit log.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  errorEnvelopeSchema,
  idParamsSchema,
  missingRequiredTranslations,
  NEWSLETTER_TRANSLATION_PAIRS,
  newsletterIssueActionSchema,
  newsletterIssueCreateSchema,
  newsletterIssueResponseSchema,
  newsletterIssuesQuerySchema,
  newsletterIssuesResponseSchema,
  newsletterIssueUpdateSchema,
  newsletterPreviewBodySchema,
  newsletterPreviewResponseSchema,
  newsletterSubscribersExportQuerySchema,
  newsletterSubscribersQuerySchema,
  newsletterSubscribersResponseSchema,
  okSchema,
  versionQuerySchema,
} from '@scholars/shared-contracts/schemas';
import { newsletterIssues } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { datedCsvName, sendCsv } from '../lib/csv';
import type { Executor } from '../lib/invoices/numbering';
import { countRecipients, issueDetails, issueTexts, listIssues, renderIssue, type IssueTexts } from '../lib/newsletter/issues';
import { unsubscribeUrl } from '../lib/newsletter/mails';
import { listSubscribers, subscribersCsv } from '../lib/newsletter/subscribers';
import { appendAudit, type NewsletterAuditAction } from '../lib/operators/audit';
import { refuseMissingTranslations, refuseStale } from '../lib/operators/content';
import { errorResponses, notFoundResponse, staffErrors } from './schemas';

const conflict = { 409: errorEnvelopeSchema.describe('Stale version (validation.staleEdit), or the issue was sent (validation.newsletterIssueNotDraft)') };

const adminNewsletter: FastifyPluginAsyncZod = async (app) => {
  const guard = (route: ApiRouteKey) => app.requireRole(...rolesFor(route));
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] } as const;
  const site = app.config.PUBLIC_BASE_URL;
  /** Previews and tests carry a link that unsubscribes nobody (the page says it is not valid). */
  const sampleLink = unsubscribeUrl(site, 'preview-link-without-a-subscriber');

  async function details(db: Executor, id: number) {
    const found = await issueDetails(db, id);
    if (!found) throw notFound();
    return found;
  }

  /** The issue locked for a change, at the version the caller saw (404, 409 staleEdit). */
  async function lockIssue(tx: Executor, id: number, version: number, draftOnly = true) {
    const [row] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).for('update');
    if (!row) throw notFound();
    refuseStale(row, version);
    if (draftOnly && row.status !== 'draft') throw new AppError(409, 'validation.newsletterIssueNotDraft');
    return row;
  }

  const audit = (tx: Executor, actorId: number, action: NewsletterAuditAction, targetId: number, details?: Record<string, unknown>) =>
    appendAudit(tx, { actorId, actorLabel: 'account', action, targetType: 'newsletter_issue', targetId, details });

  const complete = (texts: IssueTexts) => refuseMissingTranslations(missingRequiredTranslations(texts as unknown as Record<string, unknown>, NEWSLETTER_TRANSLATION_PAIRS));

  app.get(
    '/admin/newsletter/issues',
    {
      onRequest: guard('GET /api/admin/newsletter/issues'),
      schema: {
        ...common,
        summary: 'Newsletter issues, newest first, with their figures (sent, failed, unsubscribed since)',
        querystring: newsletterIssuesQuerySchema,
        response: { 200: newsletterIssuesResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listIssues(app.db, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  app.post(
    '/admin/newsletter/issues',
    {
      onRequest: guard('POST /api/admin/newsletter/issues'),
      schema: {
        ...common,
        summary: 'A new draft issue (either language may be empty)',
        body: newsletterIssueCreateSchema,
        response: { 201: newsletterIssueResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = request.user!;
      const body = request.body;
      const created = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(newsletterIssues)
          .values({ subject: body.subject, subjectEn: body.subject_en, body: body.body, bodyEn: body.body_en, createdBy: actor.id })
          .returning();
        await audit(tx, actor.id, 'newsletter.create', row!.id);
        return details(tx, row!.id);
      });
      return reply.code(201).send({ status: true as const, msg: request.t('success.contentSaved'), data: created });
    },
  );

  app.get(
    '/admin/newsletter/issues/:id',
    {
      onRequest: guard('GET /api/admin/newsletter/issues/{id}'),
      schema: {
        ...common,
        summary: 'An issue with its texts and figures',
        params: idParamsSchema,
        response: { 200: newsletterIssueResponseSchema, ...staffErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => ({ status: true as const, data: await details(app.db, request.params.id) }),
  );

  app.put(
    '/admin/newsletter/issues/:id',
    {
      onRequest: guard('PUT /api/admin/newsletter/issues/{id}'),
      schema: {
        ...common,
        summary: 'Save a draft issue (with the version the edit started from)',
        params: idParamsSchema,
        body: newsletterIssueUpdateSchema,
        response: { 200: newsletterIssueResponseSchema, ...staffErrors, ...notFoundResponse, ...conflict, ...errorResponses },
      },
    },
    async (request) => {
      const actor = request.user!;
      const { version, ...texts } = request.body;
      const saved = await app.db.transaction(async (tx) => {
        const row = await lockIssue(tx, request.params.id, version);
        await tx
          .update(newsletterIssues)
          .set({ subject: texts.subject, subjectEn: texts.subject_en, body: texts.body, bodyEn: texts.body_en, version: row.version + 1 })
          .where(eq(newsletterIssues.id, row.id));
        const changed = (Object.keys(texts) as Array<keyof typeof texts>).filter((key) => texts[key] !== issueTexts(row)[key]);
        await audit(tx, actor.id, 'newsletter.update', row.id, { changed });
        return details(tx, row.id);
      });
      return { status: true as const, msg: request.t('success.contentSaved'), data: saved };
    },
  );

  app.delete(
    '/admin/newsletter/issues/:id',
    {
      onRequest: guard('DELETE /api/admin/newsletter/issues/{id}'),
      schema: {
        ...common,
        summary: 'Delete a draft issue (`?version=`); a sent one stays',
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: okSchema, ...staffErrors, ...notFoundResponse, ...conflict, ...errorResponses },
      },
    },
    async (request) => {
      const actor = request.user!;
      await app.db.transaction(async (tx) => {
        const row = await lockIssue(tx, request.params.id, request.query.version);
        await tx.delete(newsletterIssues).where(eq(newsletterIssues.id, row.id));
        await audit(tx, actor.id, 'newsletter.delete', row.id, { subject_en: row.subjectEn, subject: row.subject });
      });
      return { status: true as const, msg: request.t('success.contentDeleted') };
    },
  );

  app.post(
    '/admin/newsletter/preview',
    {
      onRequest: guard('POST /api/admin/newsletter/preview'),
      schema: {
        ...common,
        summary: 'Both languages of the texts as the mails show them (HTML and plain text); nothing is saved',
        body: newsletterPreviewBodySchema,
        response: { 200: newsletterPreviewResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { ar, en } = renderIssue(request.body, sampleLink);
      const shown = (mail: typeof ar) => ({ subject: mail.subject, html: mail.html, text: mail.text });
      return { status: true as const, data: { ar: shown(ar), en: shown(en) } };
    },
  );

  app.post(
    '/admin/newsletter/issues/:id/test',
    {
      onRequest: guard('POST /api/admin/newsletter/issues/{id}/test'),
      schema: {
        ...common,
        summary: 'E-mail both languages of the saved issue to oneself (subject marked as a test)',
        params: idParamsSchema,
        body: newsletterIssueActionSchema,
        response: { 200: newsletterIssueResponseSchema, ...staffErrors, ...notFoundResponse, ...conflict, ...errorResponses },
      },
    },
    async (request) => {
      const actor = request.user!;
      const tested = await app.db.transaction(async (tx) => {
        const row = await lockIssue(tx, request.params.id, request.body.version, false);
        complete(issueTexts(row));
        const mails = renderIssue(issueTexts(row), sampleLink, true);
        for (const locale of [actor.locale, actor.locale === 'ar' ? 'en' : 'ar'] as const) {
          await app.mail.enqueue({ to: actor.email, locale, ...mails[locale] }, tx);
        }
        await audit(tx, actor.id, 'newsletter.test', row.id, { to: actor.email });
        return details(tx, row.id);
      });
      return { status: true as const, msg: request.t('success.newsletterTestSent', { email: actor.email }), data: tested };
    },
  );

  app.post(
    '/admin/newsletter/issues/:id/send',
    {
      onRequest: guard('POST /api/admin/newsletter/issues/{id}/send'),
      schema: {
        ...common,
        summary: 'Send the issue to every confirmed subscriber, each in their language (in batches, at the configured rate)',
        params: idParamsSchema,
        body: newsletterIssueActionSchema,
        response: {
          200: newsletterIssueResponseSchema,
          ...staffErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('Stale version, already sent, or no confirmed subscriber (validation.newsletterNoRecipients)'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const actor = request.user!;
      const { sent, recipients } = await app.db.transaction(async (tx) => {
        const row = await lockIssue(tx, request.params.id, request.body.version);
        complete(issueTexts(row));
        const now = new Date();
        const count = await countRecipients(tx, now);
        if (count === 0) throw new AppError(409, 'validation.newsletterNoRecipients');
        await tx
          .update(newsletterIssues)
          .set({ status: 'sending', sendStartedAt: now, nextBatchAt: now, recipientCount: count, sentBy: actor.id, version: row.version + 1 })
          .where(eq(newsletterIssues.id, row.id));
        await audit(tx, actor.id, 'newsletter.send', row.id, { recipients: count });
        return { sent: await details(tx, row.id), recipients: count };
      });
      return { status: true as const, msg: request.t('success.newsletterSending', { count: recipients }), data: sent };
    },
  );

  app.get(
    '/admin/newsletter/subscribers',
    {
      onRequest: guard('GET /api/admin/newsletter/subscribers'),
      schema: {
        ...common,
        summary: 'Newsletter subscribers, newest first: search the address, filter by state',
        querystring: newsletterSubscribersQuerySchema,
        response: { 200: newsletterSubscribersResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listSubscribers(app.db, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  app.get(
    '/admin/newsletter/subscribers/export',
    {
      onRequest: guard('GET /api/admin/newsletter/subscribers/export'),
      schema: {
        ...common,
        summary: 'Every subscriber the filter matches, as CSV (UTF-8 with a byte order mark)',
        querystring: newsletterSubscribersExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...staffErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      return sendCsv(reply, datedCsvName('newsletter-subscribers'), await subscribersCsv(app.db, request.query));
    },
  );
};

export default adminNewsletter;
