/**
 * Supervisors and their students (spec 1: "student content must be approved by an academic
 * supervisor"). Paths relative to the API base (`/api`):
 *
 * - `GET supervision/mine`: the student's supervisor, or the invitation waiting for an answer;
 * - `POST supervision/mine` `{ email }`: name a supervisor (withdraws a pending invitation); the
 *   academic is e-mailed a signed link in their language (the student's, if they have no account);
 * - `POST supervision/mine/remind`: e-mail the invitation again (once per `SUPERVISION_REMIND_HOURS`);
 * - `GET supervision/invitations/{token}`: who invites, to which address, and the state (the link is
 *   the credential);
 * - `POST supervision/invitations/{token}` `{ decision }`, signed in with the invited address:
 *   accepting makes the account a `supervisor` and links the student; a student's work waiting in
 *   `pending_supervisor` is then in their queue;
 * - `GET supervision/students`: a supervisor's students with their open submissions.
 */
import { z } from 'zod';
import { accountEmailSchema } from './auth';
import { successSchema } from './envelope';
import { idSchema, isoDateTimeSchema } from './fields';

/** A reminder may be sent once per this many hours. */
export const SUPERVISION_REMIND_HOURS = 24;

export const supervisionPersonSchema = z.object({ id: idSchema, name: z.string(), email: z.string() });

/** `POST supervision/mine`. */
export const supervisionNameBodySchema = z.object({ email: accountEmailSchema });
export type SupervisionNameBody = z.infer<typeof supervisionNameBodySchema>;

/** `GET supervision/mine` (and the answer of `POST supervision/mine`, `.../remind`). */
export const supervisionMineSchema = z.object({
  /** The accepted supervisor (null: none yet). */
  supervisor: supervisionPersonSchema.nullable(),
  /** The latest invitation not accepted: waiting (`pending`) or `declined`; null when none. */
  invitation: z
    .object({
      email: z.string(),
      state: z.enum(['pending', 'declined']),
      sent_at: isoDateTimeSchema,
      reminded_at: isoDateTimeSchema.nullable(),
      /** When "remind" works again (null: now). */
      remind_available_at: isoDateTimeSchema.nullable(),
    })
    .nullable(),
});
export type SupervisionMine = z.infer<typeof supervisionMineSchema>;
export const supervisionMineResponseSchema = successSchema(supervisionMineSchema);

/** `{ token }` of `supervision/invitations/{token}`. */
export const supervisionTokenParamsSchema = z.object({ token: z.string().min(16).max(128).regex(/^[\w-]+$/, 'validation.supervisionLinkInvalid') });

/** `GET supervision/invitations/{token}`. */
/**
 * `GET supervision/invitations/{token}`: who invites and the address invited while it waits for an
 * answer (the e-mailed link is the credential); once answered, only to the invited address signed
 * in: anyone else holding the link learns only that it was answered (`student` and `email` null).
 */
export const supervisionInvitationSchema = z.object({
  student: z.object({ name: z.string() }).nullable(),
  /** The address invited: accepting needs an account with it. */
  email: z.string().nullable(),
  state: z.enum(['pending', 'accepted', 'declined', 'withdrawn']),
});
export type SupervisionInvitation = z.infer<typeof supervisionInvitationSchema>;
export const supervisionInvitationResponseSchema = successSchema(supervisionInvitationSchema);

/** `POST supervision/invitations/{token}`. */
export const supervisionDecisionBodySchema = z.object({
  decision: z.enum(['accept', 'decline'], { error: 'validation.invalidOption' }),
});
export type SupervisionDecisionBody = z.infer<typeof supervisionDecisionBodySchema>;

/** `GET supervision/students`: "My students". */
export const supervisedStudentSchema = supervisionPersonSchema.extend({
  /** Since when this supervisor supervises them. */
  since: isoDateTimeSchema.nullable(),
  /** Submissions not finally decided (pending the supervisor, under review, changes requested). */
  open_submissions: z.number().int().nonnegative(),
  /** Of which waiting for this supervisor. */
  awaiting_you: z.number().int().nonnegative(),
});
export type SupervisedStudent = z.infer<typeof supervisedStudentSchema>;
export const supervisedStudentsResponseSchema = successSchema(z.array(supervisedStudentSchema));
