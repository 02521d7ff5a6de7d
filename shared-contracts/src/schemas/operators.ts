/**
 * The operator side's calls: the first administrator's setup link and the command line's role
 * changes (docs/decisions.md, "Accounts and security").
 */
import { z } from 'zod';
import { ROLES, STAFF_ROLES } from '../authorization';
import { accountEmailSchema } from './auth';
import { invoiceStatusSchema, paymentProviderSchema } from './billing';
import { pageSchema, successSchema } from './envelope';
import { requiredText } from './fields';
import { passwordSchema } from './forms';

/** `{ token }` of `/api/setup/{token}`. */
export const setupTokenParamsSchema = z.object({ token: z.string().min(16).max(128).regex(/^[\w-]+$/, 'validation.setupLinkInvalid') });

/** GET setup/{token}: the link is good until `expires_at`. */
export const setupStateResponseSchema = successSchema(z.object({ expires_at: z.string() }));

const passwordsMatch = { path: ['password_confirmation'], error: 'validation.passwordsDoNotMatch' };

/**
 * POST setup/{token}: either a new account (`name`, `email`, `password`, confirmation), which the
 * link makes an administrator at once, or `{ promote: true }` with a bearer token: the signed-in
 * account becomes the administrator.
 */
/** The new administrator account the setup page makes. */
export const setupAccountSchema = z
  .object({
    name: requiredText('validation.nameRequired', 200),
    email: accountEmailSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: 'validation.passwordRequired' }).max(200, 'validation.maxLength'),
  })
  .refine((value) => value.password === value.password_confirmation, passwordsMatch);

export const setupRequestSchema = z.union([z.object({ promote: z.literal(true) }), setupAccountSchema]);
export type SetupRequest = z.infer<typeof setupRequestSchema>;

/** The administrator the link made. */
export const setupResponseSchema = successSchema(z.object({ user_id: z.number().int(), email: z.string() }));

/** POST operator/roles (the command line): grant or revoke a staff role. */
export const roleChangeRequestSchema = z.object({
  action: z.enum(['grant', 'revoke']),
  email: accountEmailSchema,
  role: z.enum(STAFF_ROLES),
  reason: z.string().max(500).optional(),
});
export type RoleChangeRequest = z.infer<typeof roleChangeRequestSchema>;

export const roleChangeResponseSchema = successSchema(
  z.object({ user_id: z.number().int(), roles: z.array(z.enum(STAFF_ROLES)), changed: z.boolean() }),
);

// ---------------------------------------------------------------- users, suspensions, audit log (admin)
/** A user's state as the users screen filters it (`closed`: its member closed it; nothing changes on it). */
export const USER_STATES = ['active', 'suspended', 'unverified', 'closed'] as const;

/** `GET admin/users?q=&role=&state=&page=&limit=`: `q` is the Arabic-aware search over name and e-mail. */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(200, 'validation.maxLength').optional(),
  role: z.enum(ROLES).optional(),
  state: z.enum(USER_STATES).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

const person = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const adminUserItemSchema = person.extend({
  roles: z.array(z.enum(STAFF_ROLES)),
  state: z.enum(USER_STATES),
  /** The suspension's end (null: none, or until lifted). */
  suspended_until: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserItem = z.infer<typeof adminUserItemSchema>;
export const adminUsersResponseSchema = pageSchema(adminUserItemSchema);

export const suspensionSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable().describe('Name of the administrator'),
  lifted_at: z.string().nullable(),
  lifted_by: z.string().nullable(),
  lift_reason: z.string().nullable(),
});
export type Suspension = z.infer<typeof suspensionSchema>;

/**
 * A subscription on a user's page: what it is and whether it is live (`live`: paid, not ended, its
 * period not over; an administrator may end it), with its last payment (what a refund gives back).
 */
export const adminSubscriptionSchema = z.object({
  id: z.number().int(),
  plan: z.string(),
  plan_en: z.string(),
  status: z.string().describe('As its owner sees it: pending, active, canceled (ended), expired, failed'),
  live: z.boolean(),
  renews: z.boolean(),
  price: z.number(),
  currency: z.string(),
  provider: paymentProviderSchema,
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  last_payment: z
    .object({ invoice_id: z.number().int(), display_number: z.string(), amount: z.number(), currency: z.string(), status: invoiceStatusSchema, refunded_at: z.string().nullable() })
    .nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

/**
 * `POST admin/subscriptions/{id}/end`: an administrator ends a live subscription now (access ends,
 * nothing more is charged), with the reason the member is e-mailed, and gives back its last
 * payment when `refund` is true.
 */
export const endSubscriptionBodySchema = z.object({
  reason: requiredText('validation.reviewReasonRequired', 2000),
  refund: z.boolean({ error: 'validation.mustBeBoolean' }).default(false),
});
export type EndSubscriptionBody = z.input<typeof endSubscriptionBodySchema>;

/** `GET admin/users/{id}`: everything an administrator needs to decide about an account. */
export const adminUserDetailsSchema = adminUserItemSchema.extend({
  phone: z.string().nullable(),
  country: z.string().nullable(),
  locale: z.enum(['en', 'ar']),
  avatar: z.string().nullable(),
  email_verified_at: z.string().nullable(),
  supervisor: person.nullable(),
  students: z.array(person),
  submissions: z.array(z.object({ id: z.number().int(), title: z.string(), title_en: z.string(), status: z.string(), created_at: z.string() })),
  subscriptions: z.array(adminSubscriptionSchema),
  /** Content removed by moderators (repeat offenders): in all, and in the last 90 days. */
  removals: z.object({ total: z.number().int(), last_90_days: z.number().int() }),
  suspensions: z.array(suspensionSchema),
});
export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;
export const adminUserDetailsResponseSchema = successSchema(adminUserDetailsSchema);

const optionalReason = z
  .string({ error: 'validation.mustBeText' })
  .trim()
  .max(2000, 'validation.maxLength')
  .nullish()
  .transform((value) => value || null);

/** `POST admin/users/{id}/roles`. */
export const adminRoleBodySchema = z.object({ action: z.enum(['grant', 'revoke']), role: z.enum(STAFF_ROLES), reason: optionalReason });
export type AdminRoleBody = z.input<typeof adminRoleBodySchema>;

/** `PUT admin/users/{id}/supervisor`: link the supervisor with this e-mail (an account), or unlink (null). */
export const adminSupervisorBodySchema = z.object({ email: accountEmailSchema.nullable(), reason: optionalReason });
export type AdminSupervisorBody = z.input<typeof adminSupervisorBodySchema>;

/** `POST admin/users/{id}/suspension`: reason required; `ends_at` optional (in the future). */
export const suspendBodySchema = z.object({
  reason: requiredText('validation.reviewReasonRequired', 2000),
  ends_at: z.iso.datetime({ offset: true, error: 'validation.suspensionEndInvalid' }).nullish().transform((value) => value ?? null),
});
export type SuspendBody = z.input<typeof suspendBodySchema>;

/** `POST admin/users/{id}/suspension/lift`. */
export const liftSuspensionBodySchema = z.object({ reason: optionalReason });

/**
 * Every action the audit log records (the API's `AuditAction` must be one of these: checked where it
 * is declared), and every kind of target; the console names each in its language.
 */
export const AUDIT_ACTIONS = [
  'grant',
  'revoke',
  'setup',
  'suspend',
  'lift',
  'link',
  'unlink',
  'account.close',
  'account.export',
  'research.decide',
  'research.assign',
  'supervision.accept',
  'supervision.decline',
  'content.create',
  'content.update',
  'content.publish',
  'content.unpublish',
  'content.archive',
  'content.delete',
  'content.upload',
  'content.notify',
  'conference-request.decide',
  'registrations.mail',
  'registrations.cancel',
  'registrations.attendance',
  'contact.reply',
  'contact.handled',
  'contact.reopen',
  'newsletter.create',
  'newsletter.update',
  'newsletter.delete',
  'newsletter.test',
  'newsletter.send',
  'moderation.decide',
  'chat.settings',
  'consultant.approve',
  'consultant.reject',
  'consultant.suspend',
  'consultant.reinstate',
  'consultation.cancel',
  'consultation.arrange',
  'consultation.review-visibility',
  'subscription.end',
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_TYPES = [
  'user',
  'research',
  'conference',
  'conference_request',
  'conference_category',
  'community_category',
  'university',
  'ebook',
  'reason_template',
  'ad',
  'team_member',
  'faq',
  'site_settings',
  'site_page',
  'plan',
  'file',
  'contact_message',
  'newsletter_issue',
  'chat_message',
  'consultant',
  'consultation',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** `GET admin/audit-log?actor_id=&target_type=&target_id=&action=&page=&limit=`, newest first. */
export const auditLogQuerySchema = z.object({
  actor_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  target_type: z.string().trim().max(50).optional(),
  target_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  action: z.string().trim().max(50).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;
/** `GET admin/audit-log/export?actor_id=&target_type=&target_id=&action=`: the filtered log as CSV. */
export const auditLogExportQuerySchema = auditLogQuerySchema.omit({ page: true, limit: true });
export type AuditLogExportQuery = z.input<typeof auditLogExportQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int().nullable(), label: z.string() }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogResponseSchema = pageSchema(auditEntrySchema);

/**
 * `GET admin/waiting`: what waits for the signed-in staff member, by console screen (the route
 * table's names), only the screens their roles open: research to review (unassigned or theirs),
 * their students' work waiting for them, pending conference requests, reported items, pending
 * consultant applications, consultation requests due within 12 hours or past, contact messages not
 * handled.
 */
export const WAITING_SCREENS = [
  'adminReview',
  'adminSupervision',
  'adminConferenceRequests',
  'adminModeration',
  'adminConsultants',
  'adminConsultations',
  'adminContactMessages',
] as const;
export type WaitingScreen = (typeof WAITING_SCREENS)[number];
export const waitingResponseSchema = successSchema(z.partialRecord(z.enum(WAITING_SCREENS), z.number().int().min(0)));

// ---------------------------------------------------------------- payments (administrators)
/** The payments list's status filter: every invoice, or those in one state. */
export const ADMIN_PAYMENT_STATUSES = ['all', 'paid', 'refunded', 'canceled'] as const;

/**
 * `GET admin/payments?q=&status=&from=&to=&page=&limit=`: every member's invoices, newest first.
 * `q`: an invoice number (`INV-000042` or `42`) or part of the member's name or e-mail; `from` /
 * `to`: calendar days of issue (Gulf time), both included.
 */
export const adminPaymentsQuerySchema = z.object({
  q: z.string().trim().max(200, 'validation.maxLength').optional(),
  status: z.enum(ADMIN_PAYMENT_STATUSES, { error: 'validation.invalidOption' }).default('all'),
  from: z.iso.date({ error: 'validation.dateInvalid' }).optional(),
  to: z.iso.date({ error: 'validation.dateInvalid' }).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;
/** `GET admin/payments/export`: the same filters, every match as CSV. */
export const adminPaymentsExportQuerySchema = adminPaymentsQuerySchema.omit({ page: true, limit: true });
export type AdminPaymentsExportQuery = z.input<typeof adminPaymentsExportQuerySchema>;

export const adminPaymentItemSchema = z.object({
  id: z.number().int(),
  display_number: z.string(),
  issued_at: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: invoiceStatusSchema,
  refunded_at: z.string().nullable(),
  provider: paymentProviderSchema.nullable(),
  payment_method: z.string().nullable(),
  plan: z.object({ name: z.string(), name_en: z.string() }).nullable(),
  member: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});
export type AdminPaymentItem = z.infer<typeof adminPaymentItemSchema>;
export const adminPaymentsResponseSchema = pageSchema(adminPaymentItemSchema);
/**
 * `GET admin/payments/summary` with the export's filters: the matching invoices counted and summed
 * per state and currency (paid: kept; refunded: given back; canceled: never charged), for a period's
 * figures without exporting them.
 */
export const adminPaymentsSummarySchema = z.array(
  z.object({ status: invoiceStatusSchema, currency: z.string(), count: z.number().int().nonnegative(), amount: z.number() }),
);
export type AdminPaymentsSummary = z.infer<typeof adminPaymentsSummarySchema>;
export const adminPaymentsSummaryResponseSchema = z.object({ status: z.literal(true), data: adminPaymentsSummarySchema });
