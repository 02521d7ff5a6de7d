/**
 * Reports and moderation (issue 20; decisions.md, "Reports and moderation"):
 *
 * - `POST reports` (signed in): a member reports a chat message, a research or a profile of someone
 *   else. One open report per member and item (a unique partial index): a second try answers 200
 *   "already reported" and adds nothing. REPORT_RATE_LIMIT per member (429).
 * - `admin/moderation` (reviewers, administrators): open reports grouped by item, the longest
 *   waiting first; an item in context; one decision per item (dismiss, remove, warn, suspend: an
 *   administrator's), which closes every open report on it in one transaction with its effect, the
 *   audit entry and the e-mails (the author in their language but on dismissal, each reporter the
 *   outcome, never the moderator's name). A removed chat message is replaced for every reader at
 *   once (the chat's `deleted` event, every API process).
 * - `admin/research-chat/{id}/settings`: close a research's chat with a reason, reopen it, slow
 *   mode; open chats are told live (`settings` frames).
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  chatSettingsBodySchema,
  errorEnvelopeSchema,
  idParamsSchema,
  moderationDecisionBodySchema,
  moderationDecisionResponseSchema,
  moderationItemParamsSchema,
  moderationItemResponseSchema,
  moderationQueueQuerySchema,
  moderationQueueResponseSchema,
  REPORT_RATE_LIMIT,
  REVIEW_TRANSITIONS,
  reportBodySchema,
  reportResponseSchema,
  researchChatSettingsResponseSchema,
  SUGGEST_SUSPENSION_FROM,
  type ChatMessage,
  type ReportReason,
} from '@scholars/shared-contracts/schemas';
import { ROUTES } from '@scholars/shared-contracts/routes';
import type { Db } from '../db/client';
import { contentReports, moderationDecisions, researchSubmissions, users } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { releaseHits, reserveHits } from '../lib/accounts/rate-limits';
import { isSuspended } from '../lib/accounts/suspension';
import { softDeleteMessage } from '../lib/chat/messages';
import { chatSettings, saveChatSettings } from '../lib/chat/settings';
import { appendAudit } from '../lib/operators/audit';
import { authorOf, itemContext, itemIdentity, previews, reportableAuthor, type ItemIdentity, type ItemRef } from '../lib/moderation/items';
import { removalsOf } from '../lib/moderation/removals';
import { suspendAccount } from './admin-users';
import { authorModerationMail, reporterOutcomeMail } from './moderation-mail';
import { findSubmission } from './research-data';
import { applyTransition } from './review';
import { removeUnusedFiles } from '../lib/operators/content-files';
import { errorResponses, notFoundResponse, staffErrors } from './schemas';

const reportBucket = (userId: number) => `report:user:${userId}`;
const openReportsOf = (item: ItemRef) =>
  and(eq(contentReports.itemType, item.type), eq(contentReports.itemId, item.id), sql`${contentReports.decisionId} is null`);

const moderation: FastifyPluginAsyncZod = async (app) => {
  const site = app.config.PUBLIC_BASE_URL;
  const guard = (route: ApiRouteKey) => app.requireRole(...rolesFor(route));
  /** What the decision's mails link to: the profile, the research (a message: its chat), while it is still published. */
  const linkOf = (identity: ItemIdentity): string | null => {
    if (identity.type === 'profile') return identity.published ? `${site}${ROUTES.userProfile(identity.id)}` : null;
    return identity.research.published ? `${site}${ROUTES.community(identity.research.id)}${identity.type === 'chat_message' ? '?tab=chats' : ''}` : null;
  };
  const common = { tags: ['moderation'], security: [{ bearerAuth: [] }] } as const;

  /** The authors as the queue shows them: removals in 90 days and whether they are suspended now. */
  async function authorsById(ids: number[]) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map<number, never>();
    const [rows, removals] = await Promise.all([
      app.db
        .select({ id: users.id, name: users.name, avatar: users.avatar, locale: users.locale, suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil })
        .from(users)
        .where(inArray(users.id, unique)),
      removalsOf(app.db, unique),
    ]);
    return new Map(
      rows.map((row) => [
        row.id,
        { id: row.id, name: row.name, avatar: row.avatar, removals_90_days: removals.get(row.id) ?? 0, suspended: isSuspended(row), locale: row.locale },
      ]),
    );
  }

  // ------------------------------------------------------------------------------ reporting
  app.post(
    '/reports',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['moderation'],
        security: [{ bearerAuth: [] }],
        summary: 'Report a chat message, a research or a public profile of someone else',
        description:
          'Body `{ item_type, item_id, reason, text? }`. 201 with "Thank you, our moderators will review it"; the same member ' +
          'reporting the same item again while their report is open answers 200 `already_reported: true` and adds nothing. ' +
          'Reporting one’s own item answers 400; an item that cannot be reported (removed, not published) 404. ' +
          'At most REPORT_RATE_LIMIT reports per member per hour (429).',
        body: reportBodySchema,
        response: {
          200: reportResponseSchema.describe('Already reported (nothing added)'),
          201: reportResponseSchema,
          401: errorEnvelopeSchema,
          ...notFoundResponse,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { item_type: type, item_id: id, reason, text } = request.body;
      const authorId = await reportableAuthor(app.db, { type, id });
      if (authorId === undefined) throw notFound();
      if (authorId === user.id) throw new AppError(400, 'validation.reportOwnItem');
      const reservation = await reserveHits(app.db, [{ bucket: reportBucket(user.id), rule: REPORT_RATE_LIMIT }]);
      if (!reservation.ok) {
        reply.header('Retry-After', String(reservation.retryAfter));
        throw new AppError(429, 'validation.reportRateLimited', { seconds: reservation.retryAfter });
      }
      const [added] = await app.db
        .insert(contentReports)
        .values({ itemType: type, itemId: id, reporterId: user.id, reason, text })
        .onConflictDoNothing()
        .returning({ id: contentReports.id });
      if (!added) {
        // The open report exists: nothing new, and it does not count against the limit.
        await releaseHits(app.db, reservation.ids);
        return reply.code(200).send({ status: true as const, msg: request.t('success.reportAlreadyFiled'), data: { already_reported: true } });
      }
      return reply.code(201).send({ status: true as const, msg: request.t('success.reportThanks'), data: { already_reported: false } });
    },
  );

  // ------------------------------------------------------------------------------ the queue
  app.get(
    '/admin/moderation',
    {
      onRequest: guard('GET /api/admin/moderation'),
      schema: {
        ...common,
        summary: 'Items with open reports, the longest waiting first: count, reasons, author and their removals in 90 days',
        querystring: moderationQueueQuerySchema,
        response: { 200: moderationQueueResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const open = sql`${contentReports.decisionId} is null`;
      const first = sql<Date>`min(${contentReports.createdAt})`.mapWith(contentReports.createdAt);
      const [groups, [total]] = await Promise.all([
        app.db
          .select({
            type: contentReports.itemType,
            id: contentReports.itemId,
            reports: count(),
            reasons: sql<ReportReason[]>`array_agg(distinct ${contentReports.reason}::text)`,
            first,
          })
          .from(contentReports)
          .where(open)
          .groupBy(contentReports.itemType, contentReports.itemId)
          .orderBy(asc(first), asc(contentReports.itemType), asc(contentReports.itemId))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db
          .select({ n: sql<number>`count(distinct (${contentReports.itemType}, ${contentReports.itemId}))`.mapWith(Number) })
          .from(contentReports)
          .where(open),
      ]);
      const items = await previews(app.db, groups, request.locale);
      const authors = await authorsById(groups.flatMap((group) => items.get(`${group.type}:${group.id}`)?.authorId ?? []));
      const data = groups.map((group) => {
        const item = items.get(`${group.type}:${group.id}`);
        const author = (item?.authorId && authors.get(item.authorId)) || null;
        return {
          item_type: group.type,
          item_id: group.id,
          preview: item?.preview ?? '',
          deleted_by: item?.deletedBy ?? null,
          reports: group.reports,
          reasons: [...group.reasons].sort(),
          first_reported_at: group.first.toISOString(),
          author,
          suggest_suspension: (author?.removals_90_days ?? 0) >= SUGGEST_SUSPENSION_FROM,
        };
      });
      return { status: true as const, data, tot: total?.n ?? 0 };
    },
  );

  app.get(
    '/admin/moderation/:type/:id',
    {
      onRequest: guard('GET /api/admin/moderation/{type}/{id}'),
      schema: {
        ...common,
        summary: 'A reported item in context with its open reports, its author and their removals in 90 days',
        description:
          'A chat message comes with up to MODERATION_CONTEXT_MESSAGES messages before and after it and its chat’s settings; a research ' +
          'with its titles and texts; a profile with its public texts. `reports` lists the open ones (empty once decided).',
        params: moderationItemParamsSchema,
        response: { 200: moderationItemResponseSchema, ...staffErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const item = { type: request.params.type, id: request.params.id };
      const context = await itemContext(app.db, item);
      if (!context) throw notFound();
      const [reports, authorId] = await Promise.all([
        app.db
          .select({ id: contentReports.id, reason: contentReports.reason, text: contentReports.text, createdAt: contentReports.createdAt, reporterId: users.id, reporterName: users.name })
          .from(contentReports)
          .leftJoin(users, eq(users.id, contentReports.reporterId))
          .where(openReportsOf(item))
          .orderBy(asc(contentReports.createdAt), asc(contentReports.id)),
        authorOf(app.db, item),
      ]);
      const author = authorId ? ((await authorsById([authorId])).get(authorId) ?? null) : null;
      return {
        status: true as const,
        data: {
          item_type: item.type,
          item_id: item.id,
          reports: reports.map((row) => ({
            id: row.id,
            reason: row.reason,
            text: row.text,
            created_at: row.createdAt.toISOString(),
            reporter: row.reporterId !== null && row.reporterName !== null ? { id: row.reporterId, name: row.reporterName } : null,
          })),
          author,
          suggest_suspension: (author?.removals_90_days ?? 0) >= SUGGEST_SUSPENSION_FROM,
          context,
        },
      };
    },
  );

  app.post(
    '/admin/moderation/:type/:id/decision',
    {
      onRequest: guard('POST /api/admin/moderation/{type}/{id}/decision'),
      schema: {
        ...common,
        summary: 'Decide a reported item: dismiss, remove (reason), warn the author (reason), suspend the author (administrators; reason)',
        description:
          'Closes every open report on the item in one transaction with its effect and the audit entry (`moderation.decide`). ' +
          '`remove`: a chat message is marked removed (kept, its text never served again; every open chat shows it replaced at ' +
          'once), a research is removed as the review removes it (out of the library and the community), a profile’s about text ' +
          'and picture are cleared. The author is e-mailed (but on dismissal), and each reporter is told the outcome. ' +
          '409 when no report is open any more (decided meanwhile); 403 `suspend` by a reviewer.',
        params: moderationItemParamsSchema,
        body: moderationDecisionBodySchema,
        response: { 200: moderationDecisionResponseSchema, ...staffErrors, ...notFoundResponse, 409: errorEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = request.user!;
      const item = { type: request.params.type, id: request.params.id };
      const { action } = request.body;
      const reason = request.body.reason ?? null;
      const endsAt = request.body.ends_at ? new Date(request.body.ends_at) : null;
      if (action === 'suspend' && !actor.roles.includes('admin')) throw new AppError(403, 'validation.moderationSuspendAdminOnly');
      if (endsAt && endsAt.getTime() <= Date.now()) throw new AppError(400, 'validation.suspensionEndInvalid', {}, { ends_at: 'validation.suspensionEndInvalid' });
      const authorId = await authorOf(app.db, item);
      if (authorId === undefined) throw notFound();
      if (action === 'suspend' && authorId === actor.id) throw new AppError(409, 'validation.suspendSelf');

      let removedMessage: ChatMessage | undefined;
      // Files nothing will read once the decision is committed (a removed research's, a cleared avatar).
      const unusedFiles: Array<string | null> = [];
      const closed = await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const open = await db
          .select({ id: contentReports.id, reporterId: contentReports.reporterId, createdAt: contentReports.createdAt })
          .from(contentReports)
          .where(openReportsOf(item))
          .for('update');
        if (open.length === 0) throw new AppError(409, 'validation.moderationNothingOpen');
        const [decision] = await db
          .insert(moderationDecisions)
          .values({ itemType: item.type, itemId: item.id, authorId, action, reason, decidedBy: actor.id })
          .returning({ id: moderationDecisions.id });
        await db.update(contentReports).set({ decisionId: decision!.id }).where(inArray(contentReports.id, open.map((report) => report.id)));

        // The effect. The author is told by the review's mail (a research) or the suspension's; else here.
        let tellAuthor = action === 'warn';
        if (action === 'remove' && item.type === 'chat_message') {
          removedMessage = await softDeleteMessage(db, item.id, actor.id);
          tellAuthor = true;
        } else if (action === 'remove' && item.type === 'research') {
          const row = await findSubmission(db, item.id);
          if (!row) throw notFound();
          if (row.status !== 'removed') {
            if (!REVIEW_TRANSITIONS[row.status].removed) throw new AppError(409, 'validation.moderationNotRemovable');
            const removed = await applyTransition(app, db, { row, to: 'removed', actorId: actor.id, role: 'reviewer', reason, signed: false });
            unusedFiles.push(removed.filePath, removed.image);
          }
        } else if (action === 'remove' && item.type === 'profile') {
          const [cleared] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, item.id));
          await db.update(users).set({ bio: null, avatar: null }).where(eq(users.id, item.id));
          unusedFiles.push(cleared?.avatar ?? null);
          tellAuthor = true;
        } else if (action === 'suspend') {
          const done = await suspendAccount(app, db, { userId: authorId, actorId: actor.id, reason: reason!, endsAt, details: { moderation_decision_id: decision!.id } });
          if (!done) throw new AppError(409, 'validation.userAlreadySuspended');
        }

        await appendAudit(db, {
          actorId: actor.id,
          actorLabel: 'account',
          action: 'moderation.decide',
          targetType: item.type === 'profile' ? 'user' : item.type,
          targetId: item.id,
          reason,
          details: { action, decision_id: decision!.id, author_id: authorId, reports: open.length },
        });

        const people = await db
          .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
          .from(users)
          .where(inArray(users.id, [authorId, ...open.map((report) => report.reporterId)]));
        const author = people.find((person) => person.id === authorId);
        // What the mails name, read after the effect (a link only to what is still published).
        const identity = await itemIdentity(db, item);
        if (!identity) throw notFound();
        const named = { item: identity, link: linkOf(identity) };
        if (tellAuthor && author && (action === 'remove' || action === 'warn')) {
          const mail = authorModerationMail(author.locale, { name: author.name, action, ...named, reason: reason!, policyLink: `${site}${ROUTES.privacyPolicy}`, contactLink: `${site}${ROUTES.contact}` });
          await app.mail.enqueue({ to: author.email, locale: author.locale, ...mail }, db);
        }
        for (const report of open) {
          const reporter = people.find((person) => person.id === report.reporterId);
          if (!reporter) continue;
          const mail = reporterOutcomeMail(reporter.locale, { name: reporter.name, ...named, reportedAt: report.createdAt, actionTaken: action !== 'dismiss' });
          await app.mail.enqueue({ to: reporter.email, locale: reporter.locale, ...mail }, db);
        }
        return open.length;
      });

      // Once committed: the files go, every open chat replaces the message, a suspended author's sockets close.
      await removeUnusedFiles(app.db, app.storage, unusedFiles);
      if (removedMessage) {
        await app.bus.publish({ kind: 'deleted', research_id: removedMessage.research_id, message: removedMessage }).catch((error: unknown) => {
          request.log.error({ err: error }, 'chat removal stored but not published');
        });
      }
      if (action === 'suspend') await app.bus.publish({ kind: 'sessions-ended', user_id: authorId });
      const messages = { dismiss: 'success.moderationDismissed', remove: 'success.moderationRemoved', warn: 'success.moderationWarned', suspend: 'success.moderationSuspended' } as const;
      return { status: true as const, msg: request.t(messages[action]), data: { action, reports_closed: closed } };
    },
  );

  // ------------------------------------------------------------------------------ chat moderation
  async function researchRef(id: number) {
    const [row] = await app.db
      .select({ id: researchSubmissions.id, title: researchSubmissions.title, title_en: researchSubmissions.titleEn })
      .from(researchSubmissions)
      .where(and(eq(researchSubmissions.id, id), eq(researchSubmissions.status, 'approved')));
    if (!row) throw notFound();
    return row;
  }

  app.get(
    '/admin/research-chat/:id/settings',
    {
      onRequest: guard('GET /api/admin/research-chat/{id}/settings'),
      schema: {
        ...common,
        summary: "A research chat's moderation: closed (with the reason members see) and slow mode",
        params: idParamsSchema,
        response: { 200: researchChatSettingsResponseSchema, ...staffErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const research = await researchRef(request.params.id);
      return { status: true as const, data: { research, ...(await chatSettings(app.db, research.id)) } };
    },
  );

  app.put(
    '/admin/research-chat/:id/settings',
    {
      onRequest: guard('PUT /api/admin/research-chat/{id}/settings'),
      schema: {
        ...common,
        summary: "Close a research's chat (reason required), reopen it, set its slow mode (0 to 3600 seconds; 0: off)",
        description: 'Open chats show the change at once (`settings` frames, every API process). Appended to the audit log (`chat.settings`).',
        params: idParamsSchema,
        body: chatSettingsBodySchema,
        response: { 200: researchChatSettingsResponseSchema, ...staffErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const research = await researchRef(request.params.id);
      const settings = { closed: request.body.closed, closed_reason: request.body.closed ? (request.body.closed_reason ?? null) : null, slow_mode_seconds: request.body.slow_mode_seconds };
      await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        await saveChatSettings(db, research.id, settings, request.user!.id);
        await appendAudit(db, {
          actorId: request.user!.id,
          actorLabel: 'account',
          action: 'chat.settings',
          targetType: 'research',
          targetId: research.id,
          reason: settings.closed_reason,
          details: { closed: settings.closed, slow_mode_seconds: settings.slow_mode_seconds },
        });
      });
      await app.bus.publish({ kind: 'settings', research_id: research.id, settings }).catch((error: unknown) => {
        request.log.error({ err: error }, 'chat settings stored but not published');
      });
      return { status: true as const, msg: request.t('success.chatSettingsSaved'), data: { research, ...settings } };
    },
  );
};
export default moderation;
