/**
 * The about page and the privacy policy (issue 19): read by everyone (cached; the `site_pages`
 * trigger invalidates every API process), edited in the operator console by administrators. The
 * pages are always live: every save carries the version it started from (409 over a newer change)
 * and must be complete in both languages (400 `pageTranslationsMissing`, each field marked, nested
 * ones as `objectives.0.text_en`); each save is appended to the audit log in its transaction.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  aboutPageMissing,
  aboutPageResponseSchema,
  aboutPageWriteSchema,
  adminAboutPageResponseSchema,
  adminPrivacyPolicyResponseSchema,
  errorEnvelopeSchema,
  policyNoticeCreateSchema,
  policyNoticeResponseSchema,
  policyNoticesResponseSchema,
  privacyPolicyMissing,
  privacyPolicyResponseSchema,
  privacyPolicyWriteSchema,
} from '@scholars/shared-contracts/schemas';
import { sitePages } from '../db/schema';
import { auditContent, refuseMissingTranslations } from '../lib/operators/content';
import { countMembers, createNotice, listNotices } from '../lib/operators/policy-notices';
import { changedFields } from '../lib/operators/home-content';
import { aboutItem, privacyItem, publicItem, readSitePage, saveSitePage, SITE_PAGE_IDS } from '../lib/operators/site-pages';
import { errorResponses, staffErrors } from './schemas';

const stale = { 409: errorEnvelopeSchema.describe('Someone saved a newer version meanwhile (`staleEdit`): reload, then edit again') };

const sitePagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = (route: ApiRouteKey) => app.requireRole(...rolesFor(route));
  const admin = { tags: ['admin'], security: [{ bearerAuth: [] }] } as const;
  const cached = app.readCache.route({ tables: ['site_pages'] });

  // ---------------------------------------------------------------- public
  app.get(
    '/pages/about',
    {
      ...cached,
      schema: {
        tags: ['site'],
        summary: 'The about page: lead, founder’s message and name, mission, vision and objectives, both languages',
        response: { 200: aboutPageResponseSchema, ...errorResponses },
      },
    },
    async () => ({ status: true as const, data: publicItem(aboutItem(await readSitePage(app.db, 'about'))) }),
  );

  app.get(
    '/pages/privacy',
    {
      ...cached,
      schema: {
        tags: ['site'],
        summary: 'The privacy and content policy: its sections in their order, both languages, and when it was last changed',
        response: { 200: privacyPolicyResponseSchema, ...errorResponses },
      },
    },
    async () => ({ status: true as const, data: publicItem(privacyItem(await readSitePage(app.db, 'privacy'))) }),
  );

  // ---------------------------------------------------------------- console
  app.get(
    '/admin/pages/about',
    {
      onRequest: guard('GET /api/admin/pages/about'),
      schema: { ...admin, summary: 'The about page as the console edits it, with its version', response: { 200: adminAboutPageResponseSchema, ...staffErrors, ...errorResponses } },
    },
    async () => ({ status: true as const, data: aboutItem(await readSitePage(app.db, 'about')) }),
  );

  app.put(
    '/admin/pages/about',
    {
      onRequest: guard('PUT /api/admin/pages/about'),
      schema: {
        ...admin,
        summary: 'Save the about page (always live: every text and objective in both languages; 1 to 10 objectives in their order)',
        body: aboutPageWriteSchema,
        response: { 200: adminAboutPageResponseSchema, ...staffErrors, ...stale, ...errorResponses },
      },
    },
    async (request) => {
      const { version, ...content } = request.body;
      const saved = await app.db.transaction(async (tx) => {
        const { before, saved: row } = await saveSitePage(tx, 'about', version, content, () =>
          refuseMissingTranslations(aboutPageMissing(content), 'validation.pageTranslationsMissing'),
        );
        await auditContent(tx, {
          actorId: request.user!.id,
          action: 'content.update',
          targetType: 'site_page',
          targetId: SITE_PAGE_IDS.about,
          details: { page: 'about', changed: changedFields(aboutItem(before), aboutItem(row)) },
        });
        return row;
      });
      return { status: true as const, msg: request.t('success.contentSaved'), data: aboutItem(saved) };
    },
  );

  app.get(
    '/admin/pages/privacy',
    {
      onRequest: guard('GET /api/admin/pages/privacy'),
      schema: { ...admin, summary: 'The privacy policy as the console edits it, with its version', response: { 200: adminPrivacyPolicyResponseSchema, ...staffErrors, ...errorResponses } },
    },
    async () => ({ status: true as const, data: privacyItem(await readSitePage(app.db, 'privacy')) }),
  );

  app.put(
    '/admin/pages/privacy',
    {
      onRequest: guard('PUT /api/admin/pages/privacy'),
      schema: {
        ...admin,
        summary:
          'Amend the privacy policy (always live: every section’s title and body in both languages; 1 to 30 sections in their order). Members are told by e-mail only when asked (`admin/pages/privacy/notices`)',
        body: privacyPolicyWriteSchema,
        response: { 200: adminPrivacyPolicyResponseSchema, ...staffErrors, ...stale, ...errorResponses },
      },
    },
    async (request) => {
      const { version, ...content } = request.body;
      const saved = await app.db.transaction(async (tx) => {
        const { before, saved: row } = await saveSitePage(tx, 'privacy', version, content, () =>
          refuseMissingTranslations(privacyPolicyMissing(content), 'validation.pageTranslationsMissing'),
        );
        await auditContent(tx, {
          actorId: request.user!.id,
          action: 'content.update',
          targetType: 'site_page',
          targetId: SITE_PAGE_IDS.privacy,
          details: { page: 'privacy', changed: changedFields(privacyItem(before), privacyItem(row)), sections: content.sections.length },
        });
        return row;
      });
      return { status: true as const, msg: request.t('success.contentSaved'), data: privacyItem(saved) };
    },
  );

  app.get(
    '/admin/pages/privacy/notices',
    {
      onRequest: guard('GET /api/admin/pages/privacy/notices'),
      schema: {
        ...admin,
        summary: 'The e-mails that told members of an amended policy, newest first, with how far each is; and how many members a notice would reach now',
        response: { 200: policyNoticesResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async () => ({ status: true as const, data: { notices: await listNotices(app.db), members: await countMembers(app.db) } }),
  );

  app.post(
    '/admin/pages/privacy/notices',
    {
      onRequest: guard('POST /api/admin/pages/privacy/notices'),
      schema: {
        ...admin,
        summary:
          'E-mail every member (a confirmed address, an account by now) that the policy changed, each in their language, with its date and link: once per saved version, in batches at the newsletter’s rate',
        body: policyNoticeCreateSchema,
        response: {
          201: policyNoticeResponseSchema,
          ...staffErrors,
          409: errorEnvelopeSchema.describe('Not the current version (`staleEdit`), members already told of it (`policyAlreadyNotified`), or no member to tell (`policyNoMembers`)'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const actorId = request.user!.id;
      const notice = await app.db.transaction(async (tx) => {
        // The policy's row, locked: a save cannot slip in between the check and the notice.
        const [policy] = await tx.select().from(sitePages).where(eq(sitePages.id, SITE_PAGE_IDS.privacy)).for('update');
        const created = await createNotice(tx, { version: policy?.version ?? 0, updatedAt: policy?.updatedAt ?? new Date() }, request.body.version, actorId);
        await auditContent(tx, {
          actorId,
          action: 'content.notify',
          targetType: 'site_page',
          targetId: SITE_PAGE_IDS.privacy,
          details: { page: 'privacy', version: created.policyVersion, recipients: created.recipientCount },
        });
        return created;
      });
      const [item] = await listNotices(app.db, notice.id);
      reply.code(201);
      return { status: true as const, msg: request.t('success.policyNoticeSending', { count: notice.recipientCount }), data: item! };
    },
  );
};

export default sitePagesRoutes;
