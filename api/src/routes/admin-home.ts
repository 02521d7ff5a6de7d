/**
 * The home page's content in the operator console (issue 19; administrators): ads, team members, FAQ
 * entries and the site settings. Every save carries the version it started from (409 over a newer
 * change), what is live (an active ad, a published member or entry, the settings) must be complete
 * in both languages (400 `translationsMissing`, each field marked), files are referred to by the path
 * the upload call answered, and each change is appended to the audit log in its transaction. The
 * public reads (ads, team, faq, site-settings) are invalidated by the tables' triggers.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  AD_PAIRS,
  FAQ_PAIRS,
  SITE_SETTINGS_OPTIONAL_PAIRS,
  SITE_SETTINGS_PAIRS,
  TEAM_PAIRS,
  TEAM_REQUIRED_PAIRS,
  adUpdateSchema,
  adWriteSchema,
  adminAdResponseSchema,
  adminAdsQuerySchema,
  adminAdsResponseSchema,
  adminFaqEntryResponseSchema,
  adminFaqQuerySchema,
  adminFaqResponseSchema,
  adminSiteSettingsResponseSchema,
  adminTeamMemberResponseSchema,
  adminTeamQuerySchema,
  adminTeamResponseSchema,
  errorEnvelopeSchema,
  faqUpdateSchema,
  faqWriteSchema,
  idParamsSchema,
  missingRequiredTranslations,
  missingTranslations,
  okSchema,
  siteSettingsWriteSchema,
  teamMemberUpdateSchema,
  teamMemberWriteSchema,
  versionQuerySchema,
} from '@scholars/shared-contracts/schemas';
import { ads, faqEntries, siteSettings, teamMembers } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { auditContent, deleteVersioned, refuseMissingTranslations, refuseStale, updateVersioned } from '../lib/operators/content';
import { refuseUnknownFiles, removeUnusedFiles } from '../lib/operators/content-files';
import {
  adItem,
  adValues,
  changedFields,
  faqItem,
  faqValues,
  listAds,
  listFaq,
  listTeam,
  readSettings,
  saveAction,
  saveMessage,
  settingsItem,
  settingsValues,
  teamItem,
  teamValues,
} from '../lib/operators/home-content';
import { errorResponses, notFoundResponse, staffErrors } from './schemas';

const stale = { 409: errorEnvelopeSchema.describe('Someone saved a newer version meanwhile (`staleEdit`): reload, then edit again') };

const adminHome: FastifyPluginAsyncZod = async (app) => {
  const guard = (route: ApiRouteKey) => app.requireRole(...rolesFor(route));
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] } as const;
  const files = (paths: Record<string, string | null>) => refuseUnknownFiles(app.storage, paths);

  // ---------------------------------------------------------------- ads
  app.get(
    '/admin/ads',
    {
      onRequest: guard('GET /api/admin/ads'),
      schema: {
        ...common,
        summary: 'Ads of the home pop-up: search (both languages), `active` filter, in their order; `live` says whether the site shows one now',
        querystring: adminAdsQuerySchema,
        response: { 200: adminAdsResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listAds(app.db, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  app.post(
    '/admin/ads',
    {
      onRequest: guard('POST /api/admin/ads'),
      schema: {
        ...common,
        summary: 'Add an ad (an uploaded image; active only with the title in both languages)',
        body: adWriteSchema,
        response: { 201: adminAdResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { body } = request;
      await files({ image_url: body.image_url });
      if (body.active) refuseMissingTranslations(missingRequiredTranslations(body, AD_PAIRS));
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx.insert(ads).values(adValues(body)).returning();
        await auditContent(tx, { actorId: request.user!.id, action: 'content.create', targetType: 'ad', targetId: created!.id, details: { title_en: body.title_en, active: body.active } });
        return created!;
      });
      return reply.code(201).send({ status: true as const, msg: request.t(body.active ? 'success.contentPublished' : 'success.contentSaved'), data: adItem(row) });
    },
  );

  app.put(
    '/admin/ads/:id',
    {
      onRequest: guard('PUT /api/admin/ads/{id}'),
      schema: {
        ...common,
        summary: 'Edit an ad, activate or deactivate it (with the version the edit started from)',
        params: idParamsSchema,
        body: adUpdateSchema,
        response: { 200: adminAdResponseSchema, ...staffErrors, ...notFoundResponse, ...stale, ...errorResponses },
      },
    },
    async (request) => {
      const { body } = request;
      await files({ image_url: body.image_url });
      const { row, action, replaced } = await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(ads).where(eq(ads.id, request.params.id));
        if (!before) throw notFound();
        refuseStale(before, body.version);
        if (body.active) refuseMissingTranslations(missingRequiredTranslations(body, AD_PAIRS));
        const saved = await updateVersioned(tx, ads, before.id, body.version, adValues(body));
        const done = saveAction(before.active, saved.active);
        await auditContent(tx, { actorId: request.user!.id, action: done, targetType: 'ad', targetId: saved.id, details: { changed: changedFields(adItem(before), adItem(saved)) } });
        return { row: saved, action: done, replaced: before.imageUrl };
      });
      if (replaced !== row.imageUrl) await removeUnusedFiles(app.db, app.storage, [replaced]);
      return { status: true as const, msg: request.t(saveMessage(action)), data: adItem(row) };
    },
  );

  app.delete(
    '/admin/ads/:id',
    {
      onRequest: guard('DELETE /api/admin/ads/{id}'),
      schema: {
        ...common,
        summary: 'Delete an ad (`?version=`; nothing refers to ads)',
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: okSchema, ...staffErrors, ...notFoundResponse, ...stale, ...errorResponses },
      },
    },
    async (request) => {
      const gone = await app.db.transaction(async (tx) => {
        const row = await deleteVersioned(tx, ads, request.params.id, request.query.version);
        await auditContent(tx, { actorId: request.user!.id, action: 'content.delete', targetType: 'ad', targetId: row.id, details: { title: row.title, title_en: row.titleEn } });
        return row;
      });
      await removeUnusedFiles(app.db, app.storage, [gone.imageUrl]);
      return { status: true as const, msg: request.t('success.contentDeleted') };
    },
  );

  // ---------------------------------------------------------------- team members
  const teamMissing = (body: Record<string, unknown>) => [...missingRequiredTranslations(body, TEAM_REQUIRED_PAIRS), ...missingTranslations(body, TEAM_PAIRS)];

  app.get(
    '/admin/team',
    {
      onRequest: guard('GET /api/admin/team'),
      schema: {
        ...common,
        summary: 'Team members: search (names and universities, both languages), `published` filter, in their order',
        querystring: adminTeamQuerySchema,
        response: { 200: adminTeamResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listTeam(app.db, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  app.post(
    '/admin/team',
    {
      onRequest: guard('POST /api/admin/team'),
      schema: {
        ...common,
        summary: 'Add a team member (published only with every text in both languages)',
        body: teamMemberWriteSchema,
        response: { 201: adminTeamMemberResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { body } = request;
      await files({ image: body.image });
      if (body.published) refuseMissingTranslations(teamMissing(body));
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx.insert(teamMembers).values(teamValues(body)).returning();
        await auditContent(tx, { actorId: request.user!.id, action: 'content.create', targetType: 'team_member', targetId: created!.id, details: { name_en: body.name_en, published: body.published } });
        return created!;
      });
      return reply.code(201).send({ status: true as const, msg: request.t(body.published ? 'success.contentPublished' : 'success.contentSaved'), data: teamItem(row) });
    },
  );

  app.put(
    '/admin/team/:id',
    {
      onRequest: guard('PUT /api/admin/team/{id}'),
      schema: {
        ...common,
        summary: 'Edit a team member, publish or unpublish (with the version the edit started from)',
        params: idParamsSchema,
        body: teamMemberUpdateSchema,
        response: { 200: adminTeamMemberResponseSchema, ...staffErrors, ...notFoundResponse, ...stale, ...errorResponses },
      },
    },
    async (request) => {
      const { body } = request;
      await files({ image: body.image });
      const { row, action, replaced } = await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(teamMembers).where(eq(teamMembers.id, request.params.id));
        if (!before) throw notFound();
        refuseStale(before, body.version);
        if (body.published) refuseMissingTranslations(teamMissing(body));
        const saved = await updateVersioned(tx, teamMembers, before.id, body.version, teamValues(body));
        const done = saveAction(before.published, saved.published);
        await auditContent(tx, { actorId: request.user!.id, action: done, targetType: 'team_member', targetId: saved.id, details: { changed: changedFields(teamItem(before), teamItem(saved)) } });
        return { row: saved, action: done, replaced: before.image };
      });
      if (replaced !== row.image) await removeUnusedFiles(app.db, app.storage, [replaced]);
      return { status: true as const, msg: request.t(saveMessage(action)), data: teamItem(row) };
    },
  );

  app.delete(
    '/admin/team/:id',
    {
      onRequest: guard('DELETE /api/admin/team/{id}'),
      schema: {
        ...common,
        summary: 'Delete a team member (`?version=`; nothing refers to members)',
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: okSchema, ...staffErrors, ...notFoundResponse, ...stale, ...errorResponses },
      },
    },
    async (request) => {
      const gone = await app.db.transaction(async (tx) => {
        const row = await deleteVersioned(tx, teamMembers, request.params.id, request.query.version);
        await auditContent(tx, { actorId: request.user!.id, action: 'content.delete', targetType: 'team_member', targetId: row.id, details: { name: row.name, name_en: row.nameEn } });
        return row;
      });
      await removeUnusedFiles(app.db, app.storage, [gone.image]);
      return { status: true as const, msg: request.t('success.contentDeleted') };
    },
  );

  // ---------------------------------------------------------------- FAQ
  app.get(
    '/admin/faq',
    {
      onRequest: guard('GET /api/admin/faq'),
      schema: {
        ...common,
        summary: 'FAQ entries: search (questions and answers, both languages), `published` filter, in their order',
        querystring: adminFaqQuerySchema,
        response: { 200: adminFaqResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listFaq(app.db, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  app.post(
    '/admin/faq',
    {
      onRequest: guard('POST /api/admin/faq'),
      schema: {
        ...common,
        summary: 'Add a FAQ entry (published only with the question and answer in both languages)',
        body: faqWriteSchema,
        response: { 201: adminFaqEntryResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (body.published) refuseMissingTranslations(missingRequiredTranslations(body, FAQ_PAIRS));
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx.insert(faqEntries).values(faqValues(body)).returning();
        await auditContent(tx, { actorId: request.user!.id, action: 'content.create', targetType: 'faq', targetId: created!.id, details: { question_en: body.question_en, published: body.published } });
        return created!;
      });
      return reply.code(201).send({ status: true as const, msg: request.t(body.published ? 'success.contentPublished' : 'success.contentSaved'), data: faqItem(row) });
    },
  );

  app.put(
    '/admin/faq/:id',
    {
      onRequest: guard('PUT /api/admin/faq/{id}'),
      schema: {
        ...common,
        summary: 'Edit a FAQ entry, publish or unpublish (with the version the edit started from)',
        params: idParamsSchema,
        body: faqUpdateSchema,
        response: { 200: adminFaqEntryResponseSchema, ...staffErrors, ...notFoundResponse, ...stale, ...errorResponses },
      },
    },
    async (request) => {
      const { body } = request;
      const { row, action } = await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(faqEntries).where(eq(faqEntries.id, request.params.id));
        if (!before) throw notFound();
        refuseStale(before, body.version);
        if (body.published) refuseMissingTranslations(missingRequiredTranslations(body, FAQ_PAIRS));
        const saved = await updateVersioned(tx, faqEntries, before.id, body.version, faqValues(body));
        const done = saveAction(before.published, saved.published);
        await auditContent(tx, { actorId: request.user!.id, action: done, targetType: 'faq', targetId: saved.id, details: { changed: changedFields(faqItem(before), faqItem(saved)) } });
        return { row: saved, action: done };
      });
      return { status: true as const, msg: request.t(saveMessage(action)), data: faqItem(row) };
    },
  );

  app.delete(
    '/admin/faq/:id',
    {
      onRequest: guard('DELETE /api/admin/faq/{id}'),
      schema: {
        ...common,
        summary: 'Delete a FAQ entry (`?version=`; nothing refers to entries)',
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: okSchema, ...staffErrors, ...notFoundResponse, ...stale, ...errorResponses },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const gone = await deleteVersioned(tx, faqEntries, request.params.id, request.query.version);
        await auditContent(tx, { actorId: request.user!.id, action: 'content.delete', targetType: 'faq', targetId: gone.id, details: { question: gone.question, question_en: gone.questionEn } });
      });
      return { status: true as const, msg: request.t('success.contentDeleted') };
    },
  );

  // ---------------------------------------------------------------- site settings
  app.get(
    '/admin/site-settings',
    {
      onRequest: guard('GET /api/admin/site-settings'),
      schema: {
        ...common,
        summary: 'The site settings as the console edits them (address in both languages, e-mail, phone, social links, the footer credit: made-by name and link), with their version',
        response: { 200: adminSiteSettingsResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async () => ({ status: true as const, data: settingsItem(await readSettings(app.db)) }),
  );

  app.put(
    '/admin/site-settings',
    {
      onRequest: guard('PUT /api/admin/site-settings'),
      schema: {
        ...common,
        summary: 'Save the site settings (always live: the address in both languages; an empty social link is not rendered; the made-by name in both languages or neither, and needed by its link)',
        body: siteSettingsWriteSchema,
        response: { 200: adminSiteSettingsResponseSchema, ...staffErrors, ...stale, ...errorResponses },
      },
    },
    async (request) => {
      const { body } = request;
      const row = await app.db.transaction(async (tx) => {
        const before = await readSettings(tx);
        // A database without the row (never seeded): the first save, from the version 1 the GET answered, makes it.
        refuseStale(before ?? { version: 1 }, body.version);
        refuseMissingTranslations([...missingRequiredTranslations(body, SITE_SETTINGS_PAIRS), ...missingTranslations(body, SITE_SETTINGS_OPTIONAL_PAIRS)]);
        let saved;
        if (before) {
          saved = await updateVersioned(tx, siteSettings, 1, body.version, settingsValues(body));
        } else {
          [saved] = await tx.insert(siteSettings).values({ id: 1, ...settingsValues(body), version: 2 }).onConflictDoNothing().returning();
          if (!saved) throw new AppError(409, 'validation.staleEdit');
        }
        await auditContent(tx, { actorId: request.user!.id, action: 'content.update', targetType: 'site_settings', targetId: 1, details: { changed: changedFields(settingsItem(before), settingsItem(saved)) } });
        return saved;
      });
      return { status: true as const, msg: request.t('success.contentSaved'), data: settingsItem(row) };
    },
  );
};

export default adminHome;
