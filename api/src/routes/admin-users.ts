/**
 * Users, roles, supervisor links, suspensions and the audit log (administrators; issue 18), which
 * also downloads as CSV. Every change is appended to the audit log with its reason, in the
 * transaction that makes it.
 *
 * A suspension ends every session at once: the refresh-token families are revoked (the access
 * tokens of those sessions are refused from the next call, plugins/app/auth.ts), and the user's
 * open chat sockets are closed on every API process (a `sessions-ended` event on the bus). Sign-in
 * answers 'account suspended' with the end date until it passes or the suspension is lifted.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  adminRoleBodySchema,
  adminSupervisorBodySchema,
  adminUserDetailsResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  auditLogExportQuerySchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  liftSuspensionBodySchema,
  suspendBodySchema,
} from '@scholars/shared-contracts/schemas';
import { ROUTES } from '@scholars/shared-contracts/routes';
import { formatNumber } from '@scholars/shared-contracts/locale';
import type { Db } from '../db/client';
import { userSuspensions, users } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { datedCsvName, sendCsv } from '../lib/csv';
import { revokeAllSessions } from '../lib/accounts/sessions';
import { isSuspended } from '../lib/accounts/suspension';
import { appendAudit } from '../lib/operators/audit';
import { grantRole, revokeRole } from '../lib/operators/roles';
import { AUDIT_EXPORT_LIMIT, auditCsv, auditPage, listUsers, setSupervisor, userDetails } from '../lib/operators/users';
import { roleChangedMail, suspendedMail, suspensionLiftedMail } from './admin-users-mail';
import { errorResponses, notFoundResponse, staffErrors } from './schemas';

const conflict = errorEnvelopeSchema.describe('The change is refused in this state, or the account is closed (see `msg`)');

/**
 * Suspends an account in the caller's transaction: the suspension row, every session revoked, the
 * audit entry and the user's e-mail; false when it is suspended already. The caller publishes
 * `sessions-ended` on the bus once committed (the user's open chat sockets close). Moderation
 * suspends through it too (routes/moderation.ts).
 */
export async function suspendAccount(app: FastifyInstance, db: Db, input: { userId: number; actorId: number; reason: string; endsAt: Date | null; details?: Record<string, unknown> }): Promise<boolean> {
  const { userId, actorId, reason, endsAt } = input;
  const [locked] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  if (!locked || isSuspended(locked)) return false;
  await db.update(users).set({ suspendedAt: sql`now()`, suspendedUntil: endsAt }).where(eq(users.id, userId));
  const [row] = await db.insert(userSuspensions).values({ userId, reason, endsAt, createdBy: actorId }).returning({ id: userSuspensions.id });
  await revokeAllSessions(db, userId, 'suspended');
  await appendAudit(db, {
    actorId,
    actorLabel: 'account',
    action: 'suspend',
    targetType: 'user',
    targetId: userId,
    reason,
    details: { suspension_id: row!.id, ends_at: endsAt?.toISOString() ?? null, ...input.details },
  });
  const site = app.config.PUBLIC_BASE_URL;
  const mail = suspendedMail(locked.locale, { name: locked.name, reason, endsAt, contactLink: `${site}${ROUTES.contact}` });
  await app.mail.enqueue({ to: locked.email, locale: locked.locale, ...mail }, db);
  return true;
}

const adminUsers: FastifyPluginAsyncZod = async (app) => {
  const site = app.config.PUBLIC_BASE_URL;
  const guard = (route: ApiRouteKey) => app.requireRole(...rolesFor(route));
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] } as const;

  async function details(id: number) {
    const found = await userDetails(app.db, id);
    if (!found) throw notFound();
    return found;
  }

  /** The account an action is about; a closed one is refused (409): its member left, nothing of it changes. */
  async function target(id: number) {
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    if (!row) throw notFound();
    if (row.closedAt) throw new AppError(409, 'validation.accountIsClosed');
    return row;
  }

  app.get(
    '/admin/users',
    {
      onRequest: guard('GET /api/admin/users'),
      schema: {
        ...common,
        summary: 'Users: search by name or e-mail (Arabic-aware), filter by role and state, newest first',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listUsers(app.db, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  app.get(
    '/admin/users/:id',
    {
      onRequest: guard('GET /api/admin/users/{id}'),
      schema: {
        ...common,
        summary: "A user's page: profile, roles, supervisor and students, submissions, subscriptions, removals, suspensions",
        params: idParamsSchema,
        response: { 200: adminUserDetailsResponseSchema, ...staffErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => ({ status: true as const, data: await details(request.params.id) }),
  );

  app.post(
    '/admin/users/:id/roles',
    {
      onRequest: guard('POST /api/admin/users/{id}/roles'),
      schema: {
        ...common,
        summary: 'Grant or revoke a staff role (the last administrator keeps theirs)',
        params: idParamsSchema,
        body: adminRoleBodySchema,
        response: { 200: adminUserDetailsResponseSchema, ...staffErrors, ...notFoundResponse, 409: conflict, ...errorResponses },
      },
    },
    async (request) => {
      const account = await target(request.params.id);
      const { action, role, reason } = request.body;
      const change = action === 'grant' ? grantRole : revokeRole;
      const result = await change(app.db, {
        email: account.email,
        role,
        reason,
        actor: { actorId: request.user!.id, actorLabel: 'account' },
        keepOneAdministrator: true,
        // The member hears of it (an administrator changing their own roles needs no mail).
        onChanged: async (tx, userId) => {
          if (userId === request.user!.id) return;
          const mail = roleChangedMail(account.locale, { name: account.name, role, granted: action === 'grant', consoleLink: `${site}${ROUTES.admin}` });
          await app.mail.enqueue({ to: account.email, locale: account.locale, ...mail }, tx);
        },
      });
      if (result.status === 'no-account') throw notFound();
      if (result.status === 'last-administrator') throw new AppError(409, 'validation.lastAdministrator');
      const msg = result.status === 'unchanged' ? 'success.roleUnchanged' : action === 'grant' ? 'success.roleGranted' : 'success.roleRevoked';
      return { status: true as const, msg: request.t(msg), data: await details(account.id) };
    },
  );

  app.put(
    '/admin/users/:id/supervisor',
    {
      onRequest: guard('PUT /api/admin/users/{id}/supervisor'),
      schema: {
        ...common,
        summary: "Link the student to the supervisor with this e-mail (made a supervisor if not yet), or unlink (null)",
        params: idParamsSchema,
        body: adminSupervisorBodySchema,
        response: {
          200: adminUserDetailsResponseSchema,
          ...staffErrors,
          404: errorEnvelopeSchema.describe('No such user, or no account has this e-mail address'),
          409: conflict,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const student = await target(request.params.id);
      const { email, reason } = request.body;
      const actor = { actorId: request.user!.id, actorLabel: 'account' as const };
      if (email === null) {
        await app.db.transaction(async (tx) => {
          const { previous } = await setSupervisor(tx as unknown as Db, student.id, null);
          await appendAudit(tx as unknown as Db, { ...actor, action: 'unlink', targetType: 'user', targetId: student.id, reason, details: { supervisor_id: previous } });
        });
        return { status: true as const, msg: request.t('success.supervisorUnlinked'), data: await details(student.id) };
      }
      const [supervisor] = await app.db.select({ id: users.id, email: users.email }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      if (!supervisor) throw new AppError(404, 'validation.roleAccountUnknown', {}, { email: 'validation.roleAccountUnknown' });
      if (supervisor.id === student.id) throw new AppError(400, 'validation.supervisorSelf', {}, { email: 'validation.supervisorSelf' });
      await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        // Linking makes the account a supervisor (its own audit entry) if it was not one yet.
        await grantRole(db, { email: supervisor.email, role: 'supervisor', reason, actor });
        const { previous } = await setSupervisor(db, student.id, supervisor.id);
        await appendAudit(db, { ...actor, action: 'link', targetType: 'user', targetId: student.id, reason, details: { supervisor_id: supervisor.id, previous_supervisor_id: previous } });
      });
      return { status: true as const, msg: request.t('success.supervisorLinked'), data: await details(student.id) };
    },
  );

  app.post(
    '/admin/users/:id/suspension',
    {
      onRequest: guard('POST /api/admin/users/{id}/suspension'),
      schema: {
        ...common,
        summary: 'Suspend (reason required, optional end in the future): every session of the user ends at once; the user is e-mailed',
        params: idParamsSchema,
        body: suspendBodySchema,
        response: { 200: adminUserDetailsResponseSchema, ...staffErrors, ...notFoundResponse, 409: conflict, ...errorResponses },
      },
    },
    async (request) => {
      const account = await target(request.params.id);
      const { reason } = request.body;
      const endsAt = request.body.ends_at ? new Date(request.body.ends_at) : null;
      if (endsAt && endsAt.getTime() <= Date.now()) {
        throw new AppError(400, 'validation.suspensionEndInvalid', {}, { ends_at: 'validation.suspensionEndInvalid' });
      }
      if (account.id === request.user!.id) throw new AppError(409, 'validation.suspendSelf');
      const done = await app.db.transaction((tx) => suspendAccount(app, tx as unknown as Db, { userId: account.id, actorId: request.user!.id, reason, endsAt }));
      if (!done) throw new AppError(409, 'validation.userAlreadySuspended');
      // Open chat sockets of the user, on this process and the others.
      await app.bus.publish({ kind: 'sessions-ended', user_id: account.id });
      return { status: true as const, msg: request.t('success.userSuspended'), data: await details(account.id) };
    },
  );

  app.post(
    '/admin/users/:id/suspension/lift',
    {
      onRequest: guard('POST /api/admin/users/{id}/suspension/lift'),
      schema: {
        ...common,
        summary: 'Lift the suspension (the user may sign in again and is e-mailed)',
        params: idParamsSchema,
        body: liftSuspensionBodySchema,
        response: { 200: adminUserDetailsResponseSchema, ...staffErrors, ...notFoundResponse, 409: conflict, ...errorResponses },
      },
    },
    async (request) => {
      const account = await target(request.params.id);
      const { reason } = request.body;
      const done = await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const [locked] = await db.select().from(users).where(eq(users.id, account.id)).for('update');
        if (!locked || !isSuspended(locked)) return false;
        await db.update(users).set({ suspendedAt: null, suspendedUntil: null }).where(eq(users.id, account.id));
        await db
          .update(userSuspensions)
          .set({ liftedAt: sql`now()`, liftedBy: request.user!.id, liftReason: reason })
          .where(sql`${userSuspensions.userId} = ${account.id} and ${userSuspensions.liftedAt} is null`);
        await appendAudit(db, { actorId: request.user!.id, actorLabel: 'account', action: 'lift', targetType: 'user', targetId: account.id, reason });
        const mail = suspensionLiftedMail(locked.locale, { name: locked.name, signInLink: `${site}${ROUTES.login}` });
        await app.mail.enqueue({ to: locked.email, locale: locked.locale, ...mail }, db);
        return true;
      });
      if (!done) throw new AppError(409, 'validation.userNotSuspended');
      return { status: true as const, msg: request.t('success.suspensionLifted'), data: await details(account.id) };
    },
  );

  app.get(
    '/admin/audit-log',
    {
      onRequest: guard('GET /api/admin/audit-log'),
      schema: {
        ...common,
        summary: 'The audit log, newest first: filter by actor, target and action',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await auditPage(app.db, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  app.get(
    '/admin/audit-log/export',
    {
      onRequest: guard('GET /api/admin/audit-log/export'),
      schema: {
        ...common,
        summary: `The audit log the filter matches, newest first (at most ${formatNumber(AUDIT_EXPORT_LIMIT, 'en')} entries), as CSV (UTF-8 with a byte order mark)`,
        querystring: auditLogExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...staffErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      return sendCsv(reply, datedCsvName('audit-log'), await auditCsv(app.db, request.query));
    },
  );
};

export default adminUsers;
