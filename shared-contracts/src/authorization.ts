/**
 * The authorization table: who may call each API route (method and OpenAPI path). One row per
 * route of the API's OpenAPI document; the API's test (api/test/authorization.test.ts) fails on a
 * route without a row, on a row without a route, and on any answer that disagrees with its row,
 * calling every route as a visitor and as each role. Role-limited routes read their roles here
 * (`rolesFor`), and so does the operator console. Pure data: safe anywhere.
 */

/**
 * Account roles: `user` is every account; the staff roles are held as a set (an academic may be a
 * supervisor and a reviewer): `supervisor` approves their students' work first, `reviewer` decides
 * on research and moderates content, `admin` does everything, users and roles included.
 */
export const ROLES = ['user', 'supervisor', 'reviewer', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['supervisor', 'reviewer', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** The most privileged role of a set (`user` for none): the single `role` of the session's user. */
export function primaryRole(roles: readonly StaffRole[]): Role {
  for (const role of ['admin', 'reviewer', 'supervisor'] as const) if (roles.includes(role)) return role;
  return 'user';
}

/** Whether an account with these staff roles may call a route limited to `allowed` (`user` allows every account). */
export function rolesAllow(roles: readonly StaffRole[], allowed: readonly Role[]): boolean {
  return allowed.includes('user') || roles.some((role) => allowed.includes(role));
}

/**
 * - `public`: anyone, visitors included.
 * - `signed-in`: any signed-in account; a visitor gets 401 (before the body is read).
 * - `subscriber`: signed in (401) with an active subscription (403 `subscription_required`).
 * - `{ roles }`: signed in (401) with one of these roles (403 otherwise).
 * - `{ credential }`: no session at all: the call carries a proof of its own (the refresh cookie,
 *   a signed file link, a payment provider's signature, the buyer's checkout cookie, a
 *   same-site origin, the first administrator's setup link, the operator secret of the command
 *   line on this machine); without it every caller gets the same refusal, whatever their role.
 */
export type RouteAccess =
  | 'public'
  | 'signed-in'
  | 'subscriber'
  | { readonly roles: readonly Role[] }
  | { readonly credential: 'refresh-cookie' | 'signed-link' | 'provider-signature' | 'buyer-cookie' | 'setup-link' | 'operator-secret' };

const staff = (...roles: Role[]) => ({ roles }) as const;

export const API_ACCESS = {
  // System and catalogue: the public site.
  'GET /api/health': 'public',
  'GET /api/subscription-plan': 'public',
  'GET /api/conference-categories': 'public',
  'GET /api/community-categories': 'public',
  'POST /api/conference/paginate': 'public',
  'POST /api/conference/by-category': 'public',
  'GET /api/conference/{id}': 'public',
  'GET /api/conference/{id}/ics': 'public',
  'POST /api/research-community/paginate': 'public',
  'GET /api/team': 'public',
  'GET /api/team/{id}': 'public',
  'POST /api/ads/websitePaginate': 'public',
  'GET /api/site-settings': 'public',
  'GET /api/faq': 'public',
  'GET /api/users/{id}/profile': 'public',
  // Accounts: the sign-up and sign-in forms (captcha and counted limits, not roles).
  'POST /api/auth/register': 'public',
  'POST /api/auth/verify-otp': 'public',
  'POST /api/auth/resend-otp': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/me': 'signed-in',
  'POST /api/tokens/refresh-token': { credential: 'refresh-cookie' },
  'POST /api/tokens/logout': 'public',
  'GET /api/captcha/challenge': 'public',
  'POST /api/base/contact': 'public',
  'POST /api/newsletter-subscribers': 'public',
  // Profile.
  'GET /api/profile': 'signed-in',
  'PUT /api/profile': 'signed-in',
  'POST /api/profile/email/confirm': 'signed-in',
  'POST /api/profile/email/resend': 'signed-in',
  'DELETE /api/profile/email': 'signed-in',
  'POST /api/profile/avatar': 'signed-in',
  'DELETE /api/profile/avatar': 'signed-in',
  'POST /api/profile/change-password': 'signed-in',
  'POST /api/profile/close': 'signed-in',
  'GET /api/profile/export': 'signed-in',
  'GET /api/profile/research-submissions': 'signed-in',
  // Billing: each member's own purchases; the provider's and the simulator's callbacks.
  'POST /api/stripe/create-subscription': 'signed-in',
  'GET /api/subscriptions/mine': 'signed-in',
  'GET /api/subscriptions/{id}': 'signed-in',
  'PUT /api/subscriptions/{id}/renewal': 'signed-in',
  'GET /api/invoices/mine': 'signed-in',
  'GET /api/invoices/{id}': 'signed-in',
  'GET /api/invoices/{id}/receipt': 'signed-in',
  'POST /api/stripe/webhook': { credential: 'provider-signature' },
  'POST /api/payments/local/webhook': { credential: 'provider-signature' },
  'GET /api/payments/local-checkout/{session}': 'public',
  'POST /api/payments/local-checkout/{session}': { credential: 'buyer-cookie' },
  // Conferences.
  'POST /api/conference/{id}/register': 'signed-in',
  'DELETE /api/conference/{id}/register': 'signed-in',
  'POST /api/conference/{id}/waiting-list': 'signed-in',
  'DELETE /api/conference/{id}/waiting-list': 'signed-in',
  'GET /api/conference-waiting-lists/mine': 'signed-in',
  'GET /api/conference-registrations/mine': 'signed-in',
  'GET /api/conference-registrations/{id}/certificate': 'signed-in',
  'POST /api/conference-requests': 'signed-in',
  'GET /api/conference-requests/mine': 'signed-in',
  'GET /api/conference-requests/{id}': 'signed-in',
  'PUT /api/conference-requests/{id}': 'signed-in',
  // Reviewers and administrators decide; approving makes a draft conference an administrator completes.
  'GET /api/conference-requests': staff('reviewer', 'admin'),
  'PUT /api/conference-requests/{id}/decision': staff('reviewer', 'admin'),
  // Research community and its chat.
  'GET /api/research-community/{id}': 'signed-in',
  'POST /api/research-community/{id}/file-link': 'subscriber',
  'GET /api/research-community/{id}/file': { credential: 'signed-link' },
  'GET /api/research-community/{id}/messages': 'signed-in',
  // The research's author posts in its chat without one (decisions.md).
  'POST /api/research-community/{id}/messages': 'subscriber',
  'DELETE /api/research-community/{id}/messages/{messageId}': 'signed-in',
  // Research exchange and its review.
  'POST /api/research': 'signed-in',
  'PUT /api/research/{id}': 'signed-in',
  'GET /api/research/{id}': 'signed-in',
  'GET /api/research/mine': 'signed-in',
  'POST /api/research/{id}/file-link': 'signed-in',
  'GET /api/research/{id}/file': { credential: 'signed-link' },
  'GET /api/review/research': staff('supervisor', 'reviewer', 'admin'),
  'GET /api/review/research/{id}': staff('supervisor', 'reviewer', 'admin'),
  'POST /api/review/research/{id}/transition': staff('supervisor', 'reviewer', 'admin'),
  'PUT /api/review/research/{id}/assignee': staff('reviewer', 'admin'),
  'GET /api/review/reviewers': staff('reviewer', 'admin'),
  'GET /api/review/reason-templates': staff('supervisor', 'reviewer', 'admin'),
  // Supervisors and their students: the student names one, the academic answers the e-mailed link.
  'GET /api/supervision/mine': 'signed-in',
  'POST /api/supervision/mine': 'signed-in',
  'POST /api/supervision/mine/remind': 'signed-in',
  'GET /api/supervision/invitations/{token}': { credential: 'signed-link' },
  'POST /api/supervision/invitations/{token}': 'signed-in',
  'GET /api/supervision/students': staff('supervisor'),
  // Library.
  'POST /api/library/paginate': 'signed-in',
  'GET /api/library/{id}': 'signed-in',
  'POST /api/library/{id}/file-link': 'subscriber',
  'GET /api/library/{id}/file': { credential: 'signed-link' },
  'GET /api/library/{id}/citation': 'signed-in',
  'GET /api/universities': 'signed-in',
  // Operators: the mail outbox (MAIL_DEV_OUTBOX=admin, the default outside production).
  'GET /api/dev/outbox.json': staff('admin'),
  // The operator side: the first administrator's one-time link; the command line on this machine.
  'GET /api/setup/{token}': { credential: 'setup-link' },
  'POST /api/setup/{token}': { credential: 'setup-link' },
  'POST /api/operator/roles': { credential: 'operator-secret' },
  // Users, roles, suspensions and the audit log: administrators only.
  'GET /api/admin/users': staff('admin'),
  'GET /api/admin/users/{id}': staff('admin'),
  'POST /api/admin/users/{id}/roles': staff('admin'),
  'PUT /api/admin/users/{id}/supervisor': staff('admin'),
  'POST /api/admin/users/{id}/suspension': staff('admin'),
  'POST /api/admin/users/{id}/suspension/lift': staff('admin'),
  'POST /api/admin/subscriptions/{id}/end': staff('admin'),
  'GET /api/admin/payments': staff('admin'),
  'GET /api/admin/payments/export': staff('admin'),
  'GET /api/admin/payments/summary': staff('admin'),
  'GET /api/admin/audit-log': staff('admin'),
  'GET /api/admin/audit-log/export': staff('admin'),
  'GET /api/admin/waiting': staff('supervisor', 'reviewer', 'admin'),
  // The newsletter (issue 20): the subscriber's e-mailed links (confirmation, one-click unsubscribe,
  // RFC 8058: no session, the token is the proof); issues composed, tested and sent from the console.
  'POST /api/newsletter/confirm': { credential: 'signed-link' },
  'GET /api/newsletter/unsubscribe': { credential: 'signed-link' },
  'POST /api/newsletter/unsubscribe': { credential: 'signed-link' },
  'GET /api/admin/newsletter/issues': staff('admin'),
  'POST /api/admin/newsletter/issues': staff('admin'),
  'GET /api/admin/newsletter/issues/{id}': staff('admin'),
  'PUT /api/admin/newsletter/issues/{id}': staff('admin'),
  'DELETE /api/admin/newsletter/issues/{id}': staff('admin'),
  'POST /api/admin/newsletter/issues/{id}/test': staff('admin'),
  'POST /api/admin/newsletter/issues/{id}/send': staff('admin'),
  'POST /api/admin/newsletter/preview': staff('admin'),
  'GET /api/admin/newsletter/subscribers': staff('admin'),
  'GET /api/admin/newsletter/subscribers/export': staff('admin'),
  // The contact inbox (issue 20): the contact form's messages, answered from the console.
  'GET /api/admin/contact-messages': staff('admin'),
  'GET /api/admin/contact-messages/{id}': staff('admin'),
  'POST /api/admin/contact-messages/{id}/reply': staff('admin'),
  'POST /api/admin/contact-messages/{id}/handled': staff('admin'),
  // Content (issue 19): every public page's content, managed in the console. Uploads first, then saved by reference.
  'POST /api/admin/uploads': staff('reviewer', 'admin'),
  'GET /api/admin/conferences': staff('admin'),
  'POST /api/admin/conferences': staff('admin'),
  'GET /api/admin/conferences/{id}': staff('admin'),
  'PUT /api/admin/conferences/{id}': staff('admin'),
  'POST /api/admin/conferences/{id}/status': staff('admin'),
  'DELETE /api/admin/conferences/{id}': staff('admin'),
  'GET /api/admin/conferences/{id}/registrations': staff('admin'),
  'GET /api/admin/conferences/{id}/waiting-list': staff('admin'),
  'PUT /api/admin/conferences/{id}/registrations/{registrationId}/attendance': staff('admin'),
  'POST /api/admin/conferences/{id}/attendance': staff('admin'),
  'GET /api/admin/conferences/{id}/registrations/export': staff('admin'),
  'POST /api/admin/conferences/{id}/registrations/mail': staff('admin'),
  'GET /api/admin/conference-categories': staff('admin'),
  'POST /api/admin/conference-categories': staff('admin'),
  'PUT /api/admin/conference-categories/{id}': staff('admin'),
  'DELETE /api/admin/conference-categories/{id}': staff('admin'),
  'GET /api/admin/community-categories': staff('admin'),
  'POST /api/admin/community-categories': staff('admin'),
  'PUT /api/admin/community-categories/{id}': staff('admin'),
  'DELETE /api/admin/community-categories/{id}': staff('admin'),
  'GET /api/admin/universities': staff('admin'),
  'POST /api/admin/universities': staff('admin'),
  'PUT /api/admin/universities/{id}': staff('admin'),
  'DELETE /api/admin/universities/{id}': staff('admin'),
  'GET /api/admin/reason-templates': staff('admin'),
  'POST /api/admin/reason-templates': staff('admin'),
  'PUT /api/admin/reason-templates/{id}': staff('admin'),
  'DELETE /api/admin/reason-templates/{id}': staff('admin'),
  'GET /api/admin/ads': staff('admin'),
  'POST /api/admin/ads': staff('admin'),
  'PUT /api/admin/ads/{id}': staff('admin'),
  'DELETE /api/admin/ads/{id}': staff('admin'),
  'GET /api/admin/team': staff('admin'),
  'POST /api/admin/team': staff('admin'),
  'PUT /api/admin/team/{id}': staff('admin'),
  'DELETE /api/admin/team/{id}': staff('admin'),
  'GET /api/admin/faq': staff('admin'),
  'POST /api/admin/faq': staff('admin'),
  'PUT /api/admin/faq/{id}': staff('admin'),
  'DELETE /api/admin/faq/{id}': staff('admin'),
  'GET /api/admin/plans': staff('admin'),
  'POST /api/admin/plans': staff('admin'),
  'PUT /api/admin/plans/{id}': staff('admin'),
  'DELETE /api/admin/plans/{id}': staff('admin'),
  'GET /api/admin/ebooks/{id}': staff('admin'),
  'POST /api/admin/ebooks/{id}/status': staff('admin'),
  'GET /api/admin/ebooks': staff('admin'),
  'POST /api/admin/ebooks': staff('admin'),
  'PUT /api/admin/ebooks/{id}': staff('admin'),
  'DELETE /api/admin/ebooks/{id}': staff('admin'),
  'PUT /api/admin/research/{id}': staff('admin'),
  'GET /api/admin/site-settings': staff('admin'),
  'PUT /api/admin/site-settings': staff('admin'),
  // Reports and moderation (issue 20): members report, reviewers and administrators moderate
  // (suspending from the queue is an administrator's: the decision route checks it).
  'POST /api/reports': 'signed-in',
  'GET /api/admin/moderation': staff('reviewer', 'admin'),
  'GET /api/admin/moderation/{type}/{id}': staff('reviewer', 'admin'),
  'POST /api/admin/moderation/{type}/{id}/decision': staff('reviewer', 'admin'),
  'GET /api/admin/research-chat/{id}/settings': staff('reviewer', 'admin'),
  'PUT /api/admin/research-chat/{id}/settings': staff('reviewer', 'admin'),
  // Academic consultations (issue 23): consultants and sessions are public to read, booking needs a
  // subscription, a session's actions check its participant in the handler (404 for anyone else).
  'POST /api/consultants/paginate': 'public',
  'GET /api/consultants/{id}': 'public',
  'GET /api/consultants/{id}/slots': 'public',
  'GET /api/consultant-profile': 'signed-in',
  'PUT /api/consultant-profile': 'signed-in',
  'GET /api/consultations/allowance': 'signed-in',
  'POST /api/consultations/match': 'subscriber',
  'POST /api/consultations': 'subscriber',
  'POST /api/consultations/paginate': 'signed-in',
  'GET /api/consultations/{id}': 'signed-in',
  'GET /api/consultations/{id}/ics': 'signed-in',
  'POST /api/consultations/{id}/accept': 'signed-in',
  'POST /api/consultations/{id}/decline': 'signed-in',
  'PUT /api/consultations/{id}/meeting-link': 'signed-in',
  'POST /api/consultations/{id}/cancel': 'signed-in',
  'POST /api/consultations/{id}/reschedule': 'signed-in',
  'PUT /api/consultations/{id}/rating': 'signed-in',
  'PUT /api/consultations/{id}/notes': 'signed-in',
  'POST /api/consultations/{id}/files': 'signed-in',
  'DELETE /api/consultations/{id}/files/{fileId}': 'signed-in',
  'POST /api/consultations/{id}/file-link': 'signed-in',
  'GET /api/consultations/{id}/file': { credential: 'signed-link' },
  'POST /api/consultation-files/{id}/file-link': 'signed-in',
  'GET /api/consultation-files/{id}/file': { credential: 'signed-link' },
  'GET /api/admin/consultants': staff('admin'),
  'POST /api/admin/consultants/{id}/decision': staff('admin'),
  'GET /api/admin/consultations': staff('admin'),
  'POST /api/admin/consultations': staff('admin'),
  'POST /api/admin/consultations/{id}/cancel': staff('admin'),
  'GET /api/admin/consultation-ratings': staff('admin'),
  'POST /api/admin/consultations/{id}/review-visibility': staff('admin'),
  // The about page and the privacy policy (issue 19, site pages): public to read, edited by administrators.
  'GET /api/pages/about': 'public',
  'GET /api/pages/privacy': 'public',
  'GET /api/admin/pages/about': staff('admin'),
  'PUT /api/admin/pages/about': staff('admin'),
  'GET /api/admin/pages/privacy': staff('admin'),
  'PUT /api/admin/pages/privacy': staff('admin'),
  'GET /api/admin/pages/privacy/notices': staff('admin'),
  'POST /api/admin/pages/privacy/notices': staff('admin'),
} as const satisfies Record<string, RouteAccess>;

export type ApiRouteKey = keyof typeof API_ACCESS;

/** The roles a role-limited route allows (for `app.requireRole(...)` and the console's menus). */
export function rolesFor(route: ApiRouteKey): Role[] {
  const access: RouteAccess = API_ACCESS[route];
  if (typeof access !== 'object' || !('roles' in access)) throw new Error(`${route} is not limited to roles`);
  return [...access.roles];
}
