/**
 * The authorization table (shared-contracts/src/authorization.ts) against the running API: every
 * route of the OpenAPI document has a row and every row a route; each route is called as a
 * visitor, a member without a subscription, a subscriber, a supervisor and an administrator, and
 * each answer must be what its row says (401 / 403 / let through), below 500, in the envelope when
 * refused. Ids that exist nowhere: a caller who is let through meets a 400 or 404, never 401/403.
 *
 * Then the operator matrix (issue 18): every role-limited route x {visitor, user, the student's
 * supervisor, another supervisor, reviewer, administrator, suspended account}, with the exact
 * status of each cell, on a fixture where ownership matters: a submission of a student supervised
 * by the "student's supervisor" account. A role-limited route without a row fails.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { researchSubmissions, users } from '../src/db/schema';
import { API_ACCESS, ROLES, type Role, type RouteAccess } from '@scholars/shared-contracts/authorization';
import { giveSubscription } from './community-helpers';
import { bearer, createUser, signIn, useApp, type TestApp } from './helper';

const getApp = useApp();

type Caller = { name: string; role: Role | null; subscribed: boolean; headers: Record<string, string> };

const PARAM_VALUES: Record<string, string> = { id: '999999', messageId: '999999', session: `lcs_${'x'.repeat(24)}` };

/** The OpenAPI document's routes as table keys ("METHOD /api/path/{param}"). */
function documentedRoutes(app: TestApp): string[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
}

async function callers(app: TestApp): Promise<Caller[]> {
  const made: Caller[] = [{ name: 'visitor', role: null, subscribed: false, headers: {} }];
  for (const role of ROLES) {
    const user = await createUser(app, { role });
    made.push({ name: role, role, subscribed: false, headers: bearer(await signIn(app, user)) });
  }
  const subscriber = await createUser(app);
  await giveSubscription(app, subscriber.id);
  made.push({ name: 'subscriber', role: 'user', subscribed: true, headers: bearer(await signIn(app, subscriber)) });
  return made;
}

/** What the row says this caller gets: 401, 403, or through (any answer but those two). */
function expected(access: RouteAccess, caller: Caller): 401 | 403 | 'through' | 'same-for-all' {
  if (access === 'public') return 'through';
  if (typeof access === 'object' && 'credential' in access) return 'same-for-all';
  if (!caller.role) return 401;
  if (access === 'signed-in') return 'through';
  if (access === 'subscriber') return caller.subscribed ? 'through' : 403;
  return access.roles.includes(caller.role) ? 'through' : 403;
}

describe('the authorization table', () => {
  it('has a row for every route of the OpenAPI document, and no row without a route', () => {
    const documented = documentedRoutes(getApp()).sort();
    expect(documented.length).toBeGreaterThan(50);
    expect(Object.keys(API_ACCESS).sort()).toEqual(documented);
  });

  it('every route answers each caller as its row says', async () => {
    const app = getApp();
    const everyone = await callers(app);
    const mismatches: string[] = [];
    for (const [route, access] of Object.entries(API_ACCESS) as Array<[string, RouteAccess]>) {
      const [method = 'GET', path = ''] = route.split(' ');
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => PARAM_VALUES[name] ?? '999999');
      const statuses: number[] = [];
      for (const caller of everyone) {
        const withBody = method === 'POST' || method === 'PUT';
        const answer = await app.inject({
          method: method as 'GET',
          url,
          headers: { ...caller.headers, ...(withBody ? { 'content-type': 'application/json' } : {}) },
          ...(withBody ? { payload: '{}' } : {}),
        });
        statuses.push(answer.statusCode);
        const want = expected(access, caller);
        const where = `${route} as ${caller.name}: ${answer.statusCode} ${answer.body.slice(0, 160)}`;
        if (answer.statusCode >= 500) mismatches.push(`${where} (server error)`);
        if (answer.statusCode >= 400 && String(answer.headers['content-type']).startsWith('application/json')) {
          const body = answer.json() as Record<string, unknown>;
          if (body.status !== false || typeof body.msg !== 'string') mismatches.push(`${where} (no envelope)`);
        }
        if (want === 401 || want === 403) {
          if (answer.statusCode !== want) mismatches.push(`${where} (expected ${want})`);
        } else if (want === 'through' && (answer.statusCode === 401 || answer.statusCode === 403)) {
          mismatches.push(`${where} (expected to be let through)`);
        }
      }
      if (typeof access === 'object' && 'credential' in access) {
        // Without its own proof, every caller meets the same refusal: a session changes nothing.
        if (new Set(statuses).size !== 1 || statuses[0]! < 400) mismatches.push(`${route}: ${statuses.join(', ')} (expected one refusal for all)`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});

// ------------------------------------------------------------------------------ operator matrix
/** The callers of the matrix, in the order of each row's cells. */
const MATRIX_CALLERS = ['visitor', 'user', 'studentSupervisor', 'otherSupervisor', 'reviewer', 'admin', 'suspended'] as const;
type MatrixCaller = (typeof MATRIX_CALLERS)[number];
type Cells = readonly [visitor: number, user: number, studentSupervisor: number, otherSupervisor: number, reviewer: number, admin: number, suspended: number];

/**
 * `{submission}`: the student's submission (pending_supervisor, supervised by studentSupervisor);
 * `{student}`: the student's account; `{none}`: an id that exists nowhere. A body that is valid
 * where it matters for ownership (a transition nobody may make from pending_supervisor: 409 for
 * those who see it, 404 for a supervisor who does not), else `{}` (400 once let through).
 */
interface MatrixRow {
  url: string;
  body?: unknown;
  cells: Cells;
}

//                                                              visitor user  sup  other rev  admin suspended
const OPERATOR_MATRIX: Record<string, MatrixRow> = {
  'GET /api/conference-requests': { url: '/api/conference-requests', cells: [401, 403, 403, 403, 200, 200, 401] },
  'PUT /api/conference-requests/{id}/decision': { url: '/api/conference-requests/{none}/decision', body: {}, cells: [401, 403, 403, 403, 400, 400, 401] },
  'GET /api/review/research': { url: '/api/review/research', cells: [401, 403, 200, 200, 200, 200, 401] },
  'GET /api/review/research/{id}': { url: '/api/review/research/{submission}', cells: [401, 403, 200, 404, 200, 200, 401] },
  'POST /api/review/research/{id}/transition': { url: '/api/review/research/{submission}/transition', body: { to: 'approved' }, cells: [401, 403, 409, 404, 409, 409, 401] },
  'PUT /api/review/research/{id}/assignee': { url: '/api/review/research/{submission}/assignee', body: {}, cells: [401, 403, 403, 403, 400, 400, 401] },
  'GET /api/review/reviewers': { url: '/api/review/reviewers', cells: [401, 403, 403, 403, 200, 200, 401] },
  'GET /api/review/reason-templates': { url: '/api/review/reason-templates', cells: [401, 403, 200, 200, 200, 200, 401] },
  'GET /api/supervision/students': { url: '/api/supervision/students', cells: [401, 403, 200, 200, 403, 403, 401] },
  'GET /api/dev/outbox.json': { url: '/api/dev/outbox.json', cells: [401, 403, 403, 403, 403, 200, 401] },
  'GET /api/admin/users': { url: '/api/admin/users', cells: [401, 403, 403, 403, 403, 200, 401] },
  'GET /api/admin/users/{id}': { url: '/api/admin/users/{student}', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/users/{id}/roles': { url: '/api/admin/users/{student}/roles', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'PUT /api/admin/users/{id}/supervisor': { url: '/api/admin/users/{student}/supervisor', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'POST /api/admin/users/{id}/suspension': { url: '/api/admin/users/{student}/suspension', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  // The student is not suspended: nothing to lift.
  'POST /api/admin/users/{id}/suspension/lift': { url: '/api/admin/users/{student}/suspension/lift', body: {}, cells: [401, 403, 403, 403, 403, 409, 401] },
  // No subscription 999999; an administrator's empty body is refused first (reason required).
  'POST /api/admin/subscriptions/{id}/end': { url: '/api/admin/subscriptions/999999/end', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'GET /api/admin/payments': { url: '/api/admin/payments', cells: [401, 403, 403, 403, 403, 200, 401] },
  'GET /api/admin/payments/export': { url: '/api/admin/payments/export', cells: [401, 403, 403, 403, 403, 200, 401] },
  'GET /api/admin/payments/summary': { url: '/api/admin/payments/summary', cells: [401, 403, 403, 403, 403, 200, 401] },
  'GET /api/admin/audit-log': { url: '/api/admin/audit-log', cells: [401, 403, 403, 403, 403, 200, 401] },
  'GET /api/admin/audit-log/export': { url: '/api/admin/audit-log/export', cells: [401, 403, 403, 403, 403, 200, 401] },
  'GET /api/admin/waiting': { url: '/api/admin/waiting', cells: [401, 403, 200, 200, 200, 200, 401] },
  // The newsletter (issue 20).
  'GET /api/admin/newsletter/issues': { url: '/api/admin/newsletter/issues', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/newsletter/issues': { url: '/api/admin/newsletter/issues', body: { subject: 1 }, cells: [401, 403, 403, 403, 403, 400, 401] },
  'GET /api/admin/newsletter/issues/{id}': { url: '/api/admin/newsletter/issues/{none}', cells: [401, 403, 403, 403, 403, 404, 401] },
  'PUT /api/admin/newsletter/issues/{id}': { url: '/api/admin/newsletter/issues/{none}', body: { version: 1 }, cells: [401, 403, 403, 403, 403, 404, 401] },
  'DELETE /api/admin/newsletter/issues/{id}': { url: '/api/admin/newsletter/issues/{none}?version=1', cells: [401, 403, 403, 403, 403, 404, 401] },
  'POST /api/admin/newsletter/issues/{id}/test': { url: '/api/admin/newsletter/issues/{none}/test', body: { version: 1 }, cells: [401, 403, 403, 403, 403, 404, 401] },
  'POST /api/admin/newsletter/issues/{id}/send': { url: '/api/admin/newsletter/issues/{none}/send', body: { version: 1 }, cells: [401, 403, 403, 403, 403, 404, 401] },
  'POST /api/admin/newsletter/preview': { url: '/api/admin/newsletter/preview', body: {}, cells: [401, 403, 403, 403, 403, 200, 401] },
  'GET /api/admin/newsletter/subscribers': { url: '/api/admin/newsletter/subscribers', cells: [401, 403, 403, 403, 403, 200, 401] },
  'GET /api/admin/newsletter/subscribers/export': { url: '/api/admin/newsletter/subscribers/export', cells: [401, 403, 403, 403, 403, 200, 401] },
  // The contact inbox (issue 20).
  'GET /api/admin/contact-messages': { url: '/api/admin/contact-messages', cells: [401, 403, 403, 403, 403, 200, 401] },
  'GET /api/admin/contact-messages/{id}': { url: '/api/admin/contact-messages/{none}', cells: [401, 403, 403, 403, 403, 404, 401] },
  'POST /api/admin/contact-messages/{id}/reply': { url: '/api/admin/contact-messages/{none}/reply', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'POST /api/admin/contact-messages/{id}/handled': { url: '/api/admin/contact-messages/{none}/handled', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  // Content (issue 19). A JSON body where a file is expected: 415 once let through.
  'POST /api/admin/uploads': { url: '/api/admin/uploads?kind=image', body: {}, cells: [401, 403, 403, 403, 415, 415, 401] },
  // -- conferences-mfe's content routes (conferences, registrations, conference categories)
  'GET /api/admin/conferences': { url: '/api/admin/conferences', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/conferences': { url: '/api/admin/conferences', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'GET /api/admin/conferences/{id}': { url: '/api/admin/conferences/{none}', cells: [401, 403, 403, 403, 403, 404, 401] },
  'PUT /api/admin/conferences/{id}': { url: '/api/admin/conferences/{none}', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'POST /api/admin/conferences/{id}/status': { url: '/api/admin/conferences/{none}/status', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'DELETE /api/admin/conferences/{id}': { url: '/api/admin/conferences/{none}?version=1', cells: [401, 403, 403, 403, 403, 404, 401] },
  'GET /api/admin/conferences/{id}/registrations': { url: '/api/admin/conferences/{none}/registrations', cells: [401, 403, 403, 403, 403, 404, 401] },
  'GET /api/admin/conferences/{id}/waiting-list': { url: '/api/admin/conferences/{none}/waiting-list', cells: [401, 403, 403, 403, 403, 404, 401] },
  'PUT /api/admin/conferences/{id}/registrations/{registrationId}/attendance': { url: '/api/admin/conferences/{none}/registrations/{none}/attendance', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'POST /api/admin/conferences/{id}/attendance': { url: '/api/admin/conferences/{none}/attendance', body: {}, cells: [401, 403, 403, 403, 403, 404, 401] },
  'GET /api/admin/conferences/{id}/registrations/export': { url: '/api/admin/conferences/{none}/registrations/export', cells: [401, 403, 403, 403, 403, 404, 401] },
  'POST /api/admin/conferences/{id}/registrations/mail': { url: '/api/admin/conferences/{none}/registrations/mail', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'GET /api/admin/conference-categories': { url: '/api/admin/conference-categories', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/conference-categories': { url: '/api/admin/conference-categories', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'PUT /api/admin/conference-categories/{id}': { url: '/api/admin/conference-categories/{none}', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'DELETE /api/admin/conference-categories/{id}': { url: '/api/admin/conference-categories/{none}?version=1', cells: [401, 403, 403, 403, 403, 404, 401] },
  // -- account-mfe's content routes (ads, team, FAQ, site settings, plans)
  'GET /api/admin/ads': { url: '/api/admin/ads', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/ads': { url: '/api/admin/ads', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'PUT /api/admin/ads/{id}': { url: '/api/admin/ads/{none}', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'DELETE /api/admin/ads/{id}': { url: '/api/admin/ads/{none}?version=1', cells: [401, 403, 403, 403, 403, 404, 401] },
  'GET /api/admin/team': { url: '/api/admin/team', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/team': { url: '/api/admin/team', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'PUT /api/admin/team/{id}': { url: '/api/admin/team/{none}', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'DELETE /api/admin/team/{id}': { url: '/api/admin/team/{none}?version=1', cells: [401, 403, 403, 403, 403, 404, 401] },
  'GET /api/admin/faq': { url: '/api/admin/faq', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/faq': { url: '/api/admin/faq', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'PUT /api/admin/faq/{id}': { url: '/api/admin/faq/{none}', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'DELETE /api/admin/faq/{id}': { url: '/api/admin/faq/{none}?version=1', cells: [401, 403, 403, 403, 403, 404, 401] },
  'GET /api/admin/plans': { url: '/api/admin/plans', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/plans': { url: '/api/admin/plans', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'PUT /api/admin/plans/{id}': { url: '/api/admin/plans/{none}', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'DELETE /api/admin/plans/{id}': { url: '/api/admin/plans/{none}?version=1', cells: [401, 403, 403, 403, 403, 404, 401] },
  'GET /api/admin/site-settings': { url: '/api/admin/site-settings', cells: [401, 403, 403, 403, 403, 200, 401] },
  'PUT /api/admin/site-settings': { url: '/api/admin/site-settings', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  // -- library-mfe's content routes (library items, universities, community categories, research, reason templates)
  'GET /api/admin/ebooks': { url: '/api/admin/ebooks', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/ebooks': { url: '/api/admin/ebooks', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'GET /api/admin/ebooks/{id}': { url: '/api/admin/ebooks/{none}', cells: [401, 403, 403, 403, 403, 404, 401] },
  'PUT /api/admin/ebooks/{id}': { url: '/api/admin/ebooks/{none}', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'POST /api/admin/ebooks/{id}/status': { url: '/api/admin/ebooks/{none}/status', body: { status: 'published', version: 1 }, cells: [401, 403, 403, 403, 403, 404, 401] },
  'DELETE /api/admin/ebooks/{id}': { url: '/api/admin/ebooks/{none}?version=1', cells: [401, 403, 403, 403, 403, 404, 401] },
  'GET /api/admin/universities': { url: '/api/admin/universities', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/universities': { url: '/api/admin/universities', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'PUT /api/admin/universities/{id}': { url: '/api/admin/universities/{none}', body: { name: 'ج', name_en: 'U', version: 1 }, cells: [401, 403, 403, 403, 403, 404, 401] },
  'DELETE /api/admin/universities/{id}': { url: '/api/admin/universities/{none}?version=1', cells: [401, 403, 403, 403, 403, 404, 401] },
  'GET /api/admin/community-categories': { url: '/api/admin/community-categories', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/community-categories': { url: '/api/admin/community-categories', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'PUT /api/admin/community-categories/{id}': { url: '/api/admin/community-categories/{none}', body: { name: 'ف', name_en: 'C', version: 1 }, cells: [401, 403, 403, 403, 403, 404, 401] },
  'DELETE /api/admin/community-categories/{id}': { url: '/api/admin/community-categories/{none}?version=1', cells: [401, 403, 403, 403, 403, 404, 401] },
  'GET /api/admin/reason-templates': { url: '/api/admin/reason-templates', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/reason-templates': { url: '/api/admin/reason-templates', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'PUT /api/admin/reason-templates/{id}': { url: '/api/admin/reason-templates/{none}', body: { decision: 'rejected', text: 'س', text_en: 'R', version: 1 }, cells: [401, 403, 403, 403, 403, 404, 401] },
  'DELETE /api/admin/reason-templates/{id}': { url: '/api/admin/reason-templates/{none}?version=1', cells: [401, 403, 403, 403, 403, 404, 401] },
  // The student's submission awaits its supervisor: not an approved research.
  'PUT /api/admin/research/{id}': {
    url: '/api/admin/research/{submission}',
    body: { title: 'ع', title_en: 'T', description: 'و', description_en: 'D', abstract: 'A', category_id: 'other', other_category: 'Other', updated_at: '2026-01-01T00:00:00.000Z' },
    cells: [401, 403, 403, 403, 403, 409, 401],
  },
  // Reports and moderation (issue 20): reviewers and administrators.
  'GET /api/admin/moderation': { url: '/api/admin/moderation', cells: [401, 403, 403, 403, 200, 200, 401] },
  'GET /api/admin/moderation/{type}/{id}': { url: '/api/admin/moderation/chat_message/{none}', cells: [401, 403, 403, 403, 404, 404, 401] },
  'POST /api/admin/moderation/{type}/{id}/decision': { url: '/api/admin/moderation/profile/{none}/decision', body: {}, cells: [401, 403, 403, 403, 400, 400, 401] },
  'GET /api/admin/research-chat/{id}/settings': { url: '/api/admin/research-chat/{submission}/settings', cells: [401, 403, 403, 403, 404, 404, 401] },
  'PUT /api/admin/research-chat/{id}/settings': { url: '/api/admin/research-chat/{submission}/settings', body: { closed: false, slow_mode_seconds: 0 }, cells: [401, 403, 403, 403, 404, 404, 401] },
  // Academic consultations (issue 23): administrators only.
  'GET /api/admin/consultants': { url: '/api/admin/consultants?status=pending', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/consultants/{id}/decision': { url: '/api/admin/consultants/{none}/decision', body: { action: 'approve' }, cells: [401, 403, 403, 403, 403, 404, 401] },
  'GET /api/admin/consultations': { url: '/api/admin/consultations?overdue=true', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/consultations': { url: '/api/admin/consultations', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'POST /api/admin/consultations/{id}/cancel': { url: '/api/admin/consultations/{none}/cancel', body: { reason: 'Duplicate' }, cells: [401, 403, 403, 403, 403, 404, 401] },
  'GET /api/admin/consultation-ratings': { url: '/api/admin/consultation-ratings', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/consultations/{id}/review-visibility': { url: '/api/admin/consultations/{none}/review-visibility', body: { hidden: false }, cells: [401, 403, 403, 403, 403, 404, 401] },
  // The about page and the privacy policy (issue 19, site pages): administrators only.
  'GET /api/admin/pages/about': { url: '/api/admin/pages/about', cells: [401, 403, 403, 403, 403, 200, 401] },
  'PUT /api/admin/pages/about': { url: '/api/admin/pages/about', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'GET /api/admin/pages/privacy': { url: '/api/admin/pages/privacy', cells: [401, 403, 403, 403, 403, 200, 401] },
  'PUT /api/admin/pages/privacy': { url: '/api/admin/pages/privacy', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
  'GET /api/admin/pages/privacy/notices': { url: '/api/admin/pages/privacy/notices', cells: [401, 403, 403, 403, 403, 200, 401] },
  'POST /api/admin/pages/privacy/notices': { url: '/api/admin/pages/privacy/notices', body: {}, cells: [401, 403, 403, 403, 403, 400, 401] },
};

const roleLimited = (access: RouteAccess): access is { roles: readonly Role[] } => typeof access === 'object' && 'roles' in access;

describe('the operator matrix', () => {
  const headers = {} as Record<MatrixCaller, Record<string, string>>;
  const ids = { submission: 0, student: 0, none: 999999 };

  beforeAll(async () => {
    const app = getApp();
    const session = async (user: { id: number }) => bearer(await signIn(app, user));
    const studentSupervisor = await createUser(app, { role: 'supervisor' });
    const student = await createUser(app, { supervisorId: studentSupervisor.id });
    const [saved] = await app.db
      .insert(researchSubmissions)
      .values({
        ownerId: student.id,
        supervisorId: studentSupervisor.id,
        otherCategory: 'Other',
        title: 'رسالة ماجستير',
        titleEn: "A master's thesis",
        description: 'وصف',
        descriptionEn: 'Description',
        abstract: 'Abstract',
        researchType: 'master',
        filePath: 'research/matrix.pdf',
        fileOriginalName: 'matrix.pdf',
        fileMime: 'application/pdf',
        image: 'research/matrix.png',
        termsAcceptedAt: new Date(),
        status: 'pending_supervisor',
      })
      .returning({ id: researchSubmissions.id });
    ids.submission = saved!.id;
    ids.student = student.id;
    const [row] = await app.db.select({ status: researchSubmissions.status, supervisorId: researchSubmissions.supervisorId }).from(researchSubmissions).where(eq(researchSubmissions.id, ids.submission));
    expect(row).toEqual({ status: 'pending_supervisor', supervisorId: studentSupervisor.id });
    // A suspended administrator: suspension ends every session whatever the roles.
    const suspended = await createUser(app, { role: 'admin' });
    const suspendedHeaders = await session(suspended);
    await app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    Object.assign(headers, {
      visitor: {},
      user: await session(await createUser(app)),
      studentSupervisor: await session(studentSupervisor),
      otherSupervisor: await session(await createUser(app, { role: 'supervisor' })),
      reviewer: await session(await createUser(app, { role: 'reviewer' })),
      admin: await session(await createUser(app, { role: 'admin' })),
      suspended: suspendedHeaders,
    });
  });

  it('has a row for every role-limited route of the OpenAPI document and of the authorization table', () => {
    const documented = documentedRoutes(getApp()).filter((route) => {
      const access = (API_ACCESS as Record<string, RouteAccess>)[route];
      // A documented route without an authorization row is a row of the matrix too (it is limited to nobody yet).
      return access === undefined || roleLimited(access);
    });
    const limited = (Object.entries(API_ACCESS) as Array<[string, RouteAccess]>).filter(([, access]) => roleLimited(access)).map(([route]) => route);
    const rows = Object.keys(OPERATOR_MATRIX);
    expect(documented.filter((route) => !rows.includes(route))).toEqual([]);
    expect(limited.filter((route) => !rows.includes(route))).toEqual([]);
    expect(rows.filter((route) => !limited.includes(route))).toEqual([]);
  });

  it('answers every cell with its status, refusals in the envelope', async () => {
    const app = getApp();
    const documented = new Set(documentedRoutes(app));
    const mismatches: string[] = [];
    let called = 0;
    for (const [route, row] of Object.entries(OPERATOR_MATRIX)) {
      // A route not served yet is reported by the first test of this file ("no row without a route").
      if (!documented.has(route)) continue;
      const [method = 'GET'] = route.split(' ');
      const url = row.url.replace(/\{(submission|student|none)\}/g, (_, name: keyof typeof ids) => String(ids[name]));
      for (const [index, caller] of MATRIX_CALLERS.entries()) {
        const withBody = row.body !== undefined;
        const answer = await app.inject({
          method: method as 'GET',
          url,
          headers: { ...headers[caller], ...(withBody ? { 'content-type': 'application/json' } : {}) },
          ...(withBody ? { payload: JSON.stringify(row.body) } : {}),
        });
        called += 1;
        const want = row.cells[index];
        if (answer.statusCode !== want) mismatches.push(`${route} as ${caller}: ${answer.statusCode}, expected ${want} (${answer.body.slice(0, 160)})`);
        if (answer.statusCode >= 400) {
          const body = answer.json() as Record<string, unknown>;
          if (body.status !== false || typeof body.msg !== 'string' || body.msg.length === 0) mismatches.push(`${route} as ${caller}: no envelope`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(called).toBeGreaterThanOrEqual(12 * MATRIX_CALLERS.length);
  }, 120_000);
});
