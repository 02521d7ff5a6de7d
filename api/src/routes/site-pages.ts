/**
 * The about page and the privacy policy (issue 19): read by everyone (cached; the `site_pages`
 * trigger invalidates every API process), edited in the operator console by administrators. The
 * pages are always live: every save carries the version it started from (409 over a newer change)
 * and must be complete in both languages (400 `pageTranslationsMissing`, each field marked, nested
 * ones as `objectives.0.text_en`); each save is appended to the audit log in its transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  aboutPageMissing,
  aboutPageResponseSchema,
  aboutPageWriteSchema,
  adminAboutPageResponseSchema,
  adminPrivacyPolicyResponseSchema,
  errorEnvelopeSchema,
  privacyPolicyMissing,
  privacyPolicyResponseSchema,
  privacyPolicyWriteSchema,
} from '@scholars/shared-contracts/schemas';
import { auditContent, refuseMissingTranslations } from '../lib/operators/content';
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
        summary: 'Amend the privacy policy (always live: every section’s title and body in both languages; 1 to 30 sections in their order). Members are not e-mailed',
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
};

export default sitePagesRoutes;
