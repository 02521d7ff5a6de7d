/**
 * The authorization table (shared-contracts/src/authorization.ts) against the running API: every
 * route of the OpenAPI document has a row and every row a route; each route is called as a
 * visitor, a member without a subscription, a subscriber, a supervisor and an administrator, and
 * each answer must be what its row says (401 / 403 / let through), below 500, in the envelope when
 * refused. Ids that exist nowhere: a caller who is let through meets a 400 or 404, never 401/403.
 */
import { describe, expect, it } from 'vitest';
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
