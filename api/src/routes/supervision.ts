/**
 * Supervisors and their students (issue 18; spec 1: "student content must be approved by an
 * academic supervisor"). Contracts: shared-contracts/src/schemas/supervision.ts.
 *
 * - The student names their supervisor by e-mail (`POST supervision/mine`): a pending invitation is
 *   withdrawn, a new random token is stored hashed (SHA-256, as the setup links), and the academic
 *   is e-mailed `${PUBLIC_BASE_URL}/supervision/<token>` in their language (the student's when the
 *   address has no account). Naming oneself is refused.
 * - "Remind" (`POST supervision/mine/remind`) e-mails the invitation again, at most once per
 *   SUPERVISION_REMIND_HOURS (429 with the time it works again). Only the hash is stored, so a
 *   reminder carries a new link and the previous one stops working.
 * - The link is the credential to read the invitation (`GET supervision/invitations/{token}`, the
 *   same answer for everyone holding it); answering it needs an account signed in with the invited
 *   address (403 naming the address otherwise). Accepting grants the `supervisor` role (audit-logged),
 *   links the student and gives the supervisor the student's work waiting in `pending_supervisor`
 *   (and in `changes_requested`); declining records it. The student is e-mailed either answer.
 * - `GET supervision/students`: a supervisor's students and their open submissions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  SUPERVISION_REMIND_HOURS,
  supervisedStudentsResponseSchema,
  supervisionDecisionBodySchema,
  supervisionInvitationResponseSchema,
  supervisionMineResponseSchema,
  supervisionNameBodySchema,
  supervisionTokenParamsSchema,
  type SupervisionMine,
} from '@scholars/shared-contracts/schemas';
import { rolesFor } from '@scholars/shared-contracts/authorization';
import { formatDate, type Locale } from '@scholars/shared-contracts/locale';
import type { Db } from '../db/client';
import { researchSubmissions, supervisionInvitations, users } from '../db/schema';
import { AppError } from '../lib/errors';
import { appendAudit } from '../lib/operators/audit';
import { grantRole } from '../lib/operators/roles';
import type { MailExecutor } from '../plugins/app/mail';
import { errorResponses, staffErrors } from './schemas';
import { supervisionMail, type SupervisionMailKind } from './supervision-mail';
import { tellSupervisor } from './research-mail';

const REMIND_MS = SUPERVISION_REMIND_HOURS * 3_600_000;
export const hashSupervisionToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const linkInvalid = () => new AppError(404, 'validation.supervisionLinkInvalid');

type Invitation = typeof supervisionInvitations.$inferSelect;

/** When "remind" works again for `invitation` (null: now). */
const remindAvailableAt = (invitation: Invitation, now: Date) => {
  const at = new Date((invitation.remindedAt ?? invitation.createdAt).getTime() + REMIND_MS);
  return at > now ? at : null;
};

const supervision: FastifyPluginAsyncZod = async (app) => {
  const site = app.config.PUBLIC_BASE_URL;
  const invitationLink = (token: string) => `${site}/supervision/${token}`;

  async function mine(studentId: number, now: Date = new Date()): Promise<SupervisionMine> {
    const [student] = await app.db.select({ supervisorId: users.supervisorId }).from(users).where(eq(users.id, studentId));
    const [supervisor] = student?.supervisorId
      ? await app.db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, student.supervisorId))
      : [];
    const [latest] = await app.db
      .select()
      .from(supervisionInvitations)
      .where(eq(supervisionInvitations.studentId, studentId))
      .orderBy(desc(supervisionInvitations.createdAt), desc(supervisionInvitations.id))
      .limit(1);
    const open = latest && (latest.state === 'pending' || latest.state === 'declined') ? latest : undefined;
    return {
      supervisor: supervisor ?? null,
      invitation: open
        ? {
            email: open.email,
            state: open.state as 'pending' | 'declined',
            sent_at: open.createdAt.toISOString(),
            reminded_at: open.remindedAt?.toISOString() ?? null,
            remind_available_at: open.state === 'pending' ? (remindAvailableAt(open, now)?.toISOString() ?? null) : null,
          }
        : null,
    };
  }

  /** E-mails the invitation (or its reminder) to `email`, in the invitee's language if they have an account, else the student's. */
  async function sendInvitation(tx: MailExecutor & Pick<Db, 'select'>, kind: 'invitation' | 'reminder', email: string, token: string, student: { name: string; locale: Locale }) {
    const [account] = await tx
      .select({ name: users.name, locale: users.locale })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    const locale = account?.locale ?? student.locale;
    const mail = supervisionMail(locale, kind, { student: student.name, supervisor: account?.name ?? email, link: invitationLink(token), hasAccount: Boolean(account), email });
    await app.mail.enqueue({ to: email, locale, template: `supervision_${kind}`, ...mail }, tx);
  }

  async function tellStudent(tx: MailExecutor & Pick<Db, 'select'>, studentId: number, kind: SupervisionMailKind, supervisorName: string) {
    const [student] = await tx.select({ name: users.name, email: users.email, locale: users.locale }).from(users).where(eq(users.id, studentId));
    if (!student) return;
    const mail = supervisionMail(student.locale, kind, { student: student.name, supervisor: supervisorName, link: `${site}/profile?tab=research` });
    await app.mail.enqueue({ to: student.email, locale: student.locale, template: `supervision_${kind}`, ...mail }, tx);
  }

  app.get(
    '/supervision/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['supervision'],
        summary: 'The signed-in student’s supervisor, or the invitation waiting for an answer (or declined)',
        security: [{ bearerAuth: [] }],
        response: { 200: supervisionMineResponseSchema, 401: errorEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => ({ status: true as const, data: await mine(request.user!.id) }),
  );

  app.post(
    '/supervision/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['supervision'],
        summary: 'Name a supervisor by e-mail: withdraws a pending invitation and e-mails a signed link to the academic',
        security: [{ bearerAuth: [] }],
        body: supervisionNameBodySchema,
        response: { 200: supervisionMineResponseSchema, 401: errorEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = request.user!;
      const email = request.body.email.trim();
      if (sameAddress(email, user.email)) throw new AppError(400, 'validation.supervisionSelf', {}, { email: 'validation.supervisionSelf' });
      const token = newToken();
      await app.db.transaction(async (tx) => {
        // One naming at a time per student (the pending invitation is unique per student).
        const [student] = await tx.select({ name: users.name, locale: users.locale }).from(users).where(eq(users.id, user.id)).for('update');
        await tx
          .update(supervisionInvitations)
          .set({ state: 'withdrawn', decidedAt: new Date() })
          .where(and(eq(supervisionInvitations.studentId, user.id), eq(supervisionInvitations.state, 'pending')));
        await tx.insert(supervisionInvitations).values({ studentId: user.id, email, tokenHash: hashSupervisionToken(token) });
        await sendInvitation(tx as unknown as Db, 'invitation', email, token, student ?? { name: user.name, locale: user.locale });
      });
      return { status: true as const, msg: request.t('success.supervisionInvited', { email }), data: await mine(user.id) };
    },
  );

  app.post(
    '/supervision/mine/remind',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['supervision'],
        summary: `E-mail the pending invitation again (at most once per ${SUPERVISION_REMIND_HOURS} hours; the new link replaces the previous one)`,
        security: [{ bearerAuth: [] }],
        response: {
          200: supervisionMineResponseSchema,
          401: errorEnvelopeSchema,
          409: errorEnvelopeSchema.describe('No invitation waiting for an answer'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = request.user!;
      const now = new Date();
      const token = newToken();
      const sent = await app.db.transaction(async (tx) => {
        const [invitation] = await tx
          .select()
          .from(supervisionInvitations)
          .where(and(eq(supervisionInvitations.studentId, user.id), eq(supervisionInvitations.state, 'pending')))
          .for('update');
        if (!invitation) throw new AppError(409, 'validation.supervisionNothingToRemind');
        const next = remindAvailableAt(invitation, now);
        if (next) throw new AppError(429, 'validation.supervisionRemindTooSoon', { at: formatDate(next, request.locale, 'dateTime') });
        await tx.update(supervisionInvitations).set({ remindedAt: now, tokenHash: hashSupervisionToken(token) }).where(eq(supervisionInvitations.id, invitation.id));
        const [student] = await tx.select({ name: users.name, locale: users.locale }).from(users).where(eq(users.id, user.id));
        await sendInvitation(tx as unknown as Db, 'reminder', invitation.email, token, student ?? { name: user.name, locale: user.locale });
        return invitation.email;
      });
      return { status: true as const, msg: request.t('success.supervisionReminded', { email: sent }), data: await mine(user.id, now) };
    },
  );

  async function invitationByToken(db: Pick<Db, 'select'>, token: string) {
    const [row] = await db
      .select({ invitation: supervisionInvitations, studentName: users.name })
      .from(supervisionInvitations)
      .innerJoin(users, eq(users.id, supervisionInvitations.studentId))
      .where(eq(supervisionInvitations.tokenHash, hashSupervisionToken(token)));
    return row;
  }
  const invitationView = (row: { invitation: Invitation; studentName: string }) => ({
    student: { name: row.studentName },
    email: row.invitation.email,
    state: row.invitation.state,
  });

  app.get(
    '/supervision/invitations/:token',
    {
      onRequest: app.optionalAuthenticate,
      schema: {
        tags: ['supervision'],
        summary: 'An invitation to supervise a student: who invites, the address invited, its state (the link is the credential while it waits for an answer)',
        description: 'Once answered (accepted, declined, withdrawn), who invites and the address are given only to the invited address signed in; anyone else gets the state alone (`student` and `email` null).',
        params: supervisionTokenParamsSchema,
        response: {
          200: supervisionInvitationResponseSchema,
          404: errorEnvelopeSchema.describe('Unknown link (or replaced by a reminder)'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const row = await invitationByToken(app.db, request.params.token);
      if (!row) throw linkInvalid();
      const invitee = request.user ? sameAddress(row.invitation.email, request.user.email) : false;
      // An answered link no longer tells whoever holds it who the student and the supervisor are.
      if (row.invitation.state !== 'pending' && !invitee) return { status: true as const, data: { student: null, email: null, state: row.invitation.state } };
      return { status: true as const, data: invitationView(row) };
    },
  );

  app.post(
    '/supervision/invitations/:token',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['supervision'],
        summary: 'Accept or decline an invitation, signed in with the invited address; accepting makes the account a supervisor',
        security: [{ bearerAuth: [] }],
        params: supervisionTokenParamsSchema,
        body: supervisionDecisionBodySchema,
        response: {
          200: supervisionInvitationResponseSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema.describe('Signed in with another address than the one invited (the message names it)'),
          404: errorEnvelopeSchema.describe('Unknown link'),
          409: errorEnvelopeSchema.describe('Already answered or withdrawn'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = request.user!;
      const { decision } = request.body;
      const found = await invitationByToken(app.db, request.params.token);
      if (!found) throw linkInvalid();
      const { invitation } = found;
      if (!sameAddress(invitation.email, user.email)) throw new AppError(403, 'validation.supervisionWrongAccount', { email: invitation.email });
      if (invitation.studentId === user.id) throw new AppError(403, 'validation.supervisionSelf');
      const state = decision === 'accept' ? ('accepted' as const) : ('declined' as const);
      const answered = await app.db.transaction(async (tx) => {
        const now = new Date();
        const [changed] = await tx
          .update(supervisionInvitations)
          .set({ state, supervisorId: user.id, decidedAt: now })
          // Only while pending: a second answer (or one racing a withdrawal) changes nothing.
          .where(and(eq(supervisionInvitations.id, invitation.id), eq(supervisionInvitations.state, 'pending')))
          .returning();
        if (!changed) throw new AppError(409, 'validation.supervisionAnswered');
        const db = tx as unknown as Db;
        if (state === 'accepted') {
          await grantRole(db, { email: user.email, role: 'supervisor', actor: { actorId: user.id, actorLabel: 'account' }, reason: 'supervision invitation accepted' });
          await tx.update(users).set({ supervisorId: user.id }).where(eq(users.id, invitation.studentId));
          // The student's work waiting for a supervisor is now this supervisor's; what waits for
          // their approval is mailed as a submission would be (a to-do they find in their inbox).
          const taken = await tx
            .update(researchSubmissions)
            .set({ supervisorId: user.id })
            .where(and(eq(researchSubmissions.ownerId, invitation.studentId), inArray(researchSubmissions.status, ['pending_supervisor', 'changes_requested'])))
            .returning({ id: researchSubmissions.id, title: researchSubmissions.title, titleEn: researchSubmissions.titleEn, status: researchSubmissions.status });
          for (const submission of taken) if (submission.status === 'pending_supervisor') await tellSupervisor(app, db, user.id, submission, found.studentName);
        }
        await appendAudit(db, {
          actorId: user.id,
          actorLabel: 'account',
          action: state === 'accepted' ? 'supervision.accept' : 'supervision.decline',
          targetType: 'user',
          targetId: invitation.studentId,
          details: { invitation_id: invitation.id, email: invitation.email },
        });
        await tellStudent(db, invitation.studentId, state, user.name);
        return changed;
      });
      return {
        status: true as const,
        msg: request.t(state === 'accepted' ? 'success.supervisionAccepted' : 'success.supervisionDeclined', { name: found.studentName }),
        data: invitationView({ invitation: answered, studentName: found.studentName }),
      };
    },
  );

  app.get(
    '/supervision/students',
    {
      onRequest: app.requireRole(...rolesFor('GET /api/supervision/students')),
      schema: {
        tags: ['supervision'],
        summary: 'A supervisor’s students (“My students”) with their open submissions and those waiting for this supervisor',
        security: [{ bearerAuth: [] }],
        response: { 200: supervisedStudentsResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const me = request.user!.id;
      const students = await app.db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.supervisorId, me))
        .orderBy(users.name, users.id);
      if (students.length === 0) return { status: true as const, data: [] };
      const ids = students.map((student) => student.id);
      const [open, since] = await Promise.all([
        app.db
          .select({
            ownerId: researchSubmissions.ownerId,
            open: count(),
            awaiting: sql<number>`count(*) filter (where ${researchSubmissions.status} = 'pending_supervisor' and ${researchSubmissions.supervisorId} = ${me})`.mapWith(Number),
          })
          .from(researchSubmissions)
          .where(and(inArray(researchSubmissions.ownerId, ids), inArray(researchSubmissions.status, ['pending_supervisor', 'under_review', 'changes_requested'])))
          .groupBy(researchSubmissions.ownerId),
        app.db
          .select({ studentId: supervisionInvitations.studentId, at: sql<Date | string | null>`max(${supervisionInvitations.decidedAt})` })
          .from(supervisionInvitations)
          .where(and(inArray(supervisionInvitations.studentId, ids), eq(supervisionInvitations.supervisorId, me), eq(supervisionInvitations.state, 'accepted')))
          .groupBy(supervisionInvitations.studentId),
      ]);
      const openBy = new Map(open.map((row) => [row.ownerId, row]));
      const sinceBy = new Map(since.map((row) => [row.studentId, row.at]));
      return {
        status: true as const,
        data: students.map((student) => {
          const at = sinceBy.get(student.id);
          return {
            ...student,
            since: at ? new Date(at).toISOString() : null,
            open_submissions: openBy.get(student.id)?.open ?? 0,
            awaiting_you: openBy.get(student.id)?.awaiting ?? 0,
          };
        }),
      };
    },
  );
};
export default supervision;
