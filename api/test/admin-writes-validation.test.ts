/**
 * Bad input on every operator write (issue 19): each POST/PUT/PATCH/DELETE of the OpenAPI document
 * whose authorization row is limited to staff roles is called, signed in as each staff role the row
 * allows (past the guard), with a fixed set of bad inputs, so every case reaches the route's
 * validation and, where the input is well formed, its handler:
 *
 * - path ids that are not numbers, negative, zero, fractional or past the largest row id (400), and
 *   an existing-shaped id that names no row, with a body the route accepts (404);
 * - bodies that are missing, `null`, an array, a text, a number, broken JSON, `{}` where fields are
 *   required, another content type (400 or 415) and over the body limit (413);
 * - per property of the body (top level): a value of the wrong type, a text over its maximum, a
 *   value not in its enum, a number out of range or fractional, a date that is no date, and each
 *   required property left out (400, naming the property in `errors`);
 * - the version: missing or malformed (400) and stale on an existing row (409);
 * - ids inside the body that name no row (`category_id`, `reviewer_id`...): refused (4xx), never
 *   a database error;
 * - a create route's accepted body creates (2xx), so each mutation above differs from an accepted
 *   body by the one fault it names.
 *
 * Every answer is one of 400/404/409/413/415/422 with the envelope (`status: false`, a non-empty
 * `msg`); half of the cases ask for Arabic and get Arabic text, the other half English.
 *
 * A mutation that the schema would wrongly accept is sent where it cannot change anything: to an
 * existing row with a stale version (409), to an id that names no row (404), or to a create route
 * (a row more), so a wrong acceptance fails the test instead of editing data. Only the cases with
 * ids in the body are sent to an existing row at its current version, to reach the save.
 *
 * Skipped: `POST /api/admin/uploads` takes multipart/form-data, not a JSON body: only its query
 * and its refusal of a JSON body are walked here; its files are checked in
 * content-foundation.test.ts (type, size) and uploads.test.ts (the pipeline).
 */
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS, type RouteAccess, type StaffRole } from '@scholars/shared-contracts/authorization';
import { errorEnvelopeSchema } from '@scholars/shared-contracts/schemas';
import * as t from '../src/db/schema';
import { makeConsultant } from './consultation-helpers';
import { operationsOf, type Operation } from './fuzz-cases';
import { bearer, createUser, signIn, useApp } from './helper';

const getApp = useApp();

type Schema = NonNullable<Operation['bodies'][string]> & { maximum?: number; minimum?: number; maxLength?: number; format?: string; enum?: unknown[] };
type Body = Record<string, unknown>;

/** The largest row id (PostgreSQL integer): a well-formed id that names no row here. */
const UNKNOWN_ID = 2_147_483_647;
/** A version no row has reached: a stale edit. */
const STALE_VERSION = 1_000_000;
/** `updated_at` is the version of `PUT admin/research/{id}`: one long past is stale. */
const STALE_UPDATED_AT = '2001-01-01T00:00:00.000Z';
const ALLOWED = [400, 404, 409, 413, 415, 422];

interface Rows {
  conference: number;
  conferenceCategory: number;
  communityCategory: number;
  university: number;
  reasonTemplate: number;
  ebook: number;
  ad: number;
  adImage: string;
  team: number;
  faq: number;
  plan: number;
  newsletterIssue: number;
  research: number;
  reviewer: number;
  supervisorEmail: string;
  memberEmail: string;
  consultant: number;
  /** The privacy policy's current version (its notice's accepted body). */
  privacyVersion: number;
}

/**
 * Per route: a body it accepts (`body`); an existing row (`row`): a versioned route's bad inputs go
 * to it with a stale version, and the cases with ids in the body go to it at its current version
 * (read from `table`) to reach the save. Other bad inputs go to an id that names no row, or to the
 * create route itself.
 */
interface Fixture {
  body?: (rows: Rows) => Body;
  row?: (rows: Rows) => number;
  table?: PgTable & { id: unknown; version: unknown };
  /** Takes multipart/form-data (its document names no body schema). */
  multipart?: boolean;
}


const conferenceBody = (): Body => ({ title: 'مؤتمر', title_en: 'A conference', mode: 'online', start_date: '2031-03-01', start_time: '09:00', end_date: '2031-03-02', end_time: '17:00' });
const issueBody = (): Body => ({ subject: 'عدد', subject_en: 'Issue', body: 'نص', body_en: 'Text' });

const FIXTURES: Record<string, Fixture> = {
  'PUT /api/conference-requests/{id}/decision': { body: () => ({ status: 'rejected', reason: 'Out of scope' }) },
  'POST /api/review/research/{id}/transition': { body: () => ({ to: 'under_review' }) },
  'PUT /api/review/research/{id}/assignee': { body: (rows) => ({ reviewer_id: rows.reviewer }), row: (rows) => rows.research },
  'POST /api/admin/users/{id}/roles': { body: () => ({ action: 'grant', role: 'reviewer' }) },
  'PUT /api/admin/users/{id}/supervisor': { body: (rows) => ({ email: rows.supervisorEmail }) },
  'POST /api/admin/users/{id}/suspension': { body: () => ({ reason: 'Spam' }) },
  'POST /api/admin/users/{id}/suspension/lift': { body: () => ({}) },
  'POST /api/admin/subscriptions/{id}/end': { body: () => ({ reason: 'Refund asked for', refund: false }) },
  'POST /api/admin/uploads': { multipart: true },
  'POST /api/admin/conferences': { body: conferenceBody },
  'PUT /api/admin/conferences/{id}': { body: conferenceBody, row: (rows) => rows.conference, table: t.conferences },
  'DELETE /api/admin/conferences/{id}': { row: (rows) => rows.conference },
  'POST /api/admin/conferences/{id}/status': { body: () => ({ status: 'archived' }), row: (rows) => rows.conference },
  'POST /api/admin/conferences/{id}/registrations/mail': { body: () => ({ subject: 'موضوع', subject_en: 'Subject', body: 'نص', body_en: 'Text' }) },
  'PUT /api/admin/conferences/{id}/registrations/{registrationId}/attendance': { body: () => ({ attended: true }) },
  'POST /api/admin/conferences/{id}/attendance': {},
  'POST /api/admin/conference-categories': { body: () => ({ name: 'فئة', name_en: 'Category' }) },
  'PUT /api/admin/conference-categories/{id}': { body: () => ({ name: 'فئة', name_en: 'Category' }), row: (rows) => rows.conferenceCategory },
  'DELETE /api/admin/conference-categories/{id}': { row: (rows) => rows.conferenceCategory },
  'POST /api/admin/contact-messages/{id}/reply': { body: () => ({ body: 'Thank you' }) },
  'POST /api/admin/contact-messages/{id}/handled': { body: () => ({ handled: true }) },
  'POST /api/admin/ebooks': { body: () => ({ title: 'كتاب', title_en: 'A book' }) },
  // The seed's item is published: a save keeps it complete.
  'PUT /api/admin/ebooks/{id}': { body: () => ({ title: 'كتاب', title_en: 'A book', abstract: 'ملخص', abstract_en: 'Abstract' }),
    row: (rows) => rows.ebook,
    table: t.ebooks,
  },
  'DELETE /api/admin/ebooks/{id}': { row: (rows) => rows.ebook },
  'POST /api/admin/ebooks/{id}/status': { body: () => ({ status: 'archived' }), row: (rows) => rows.ebook },
  'POST /api/admin/universities': { body: () => ({ name: 'جامعة', name_en: 'University', sort_order: 0 }) },
  'PUT /api/admin/universities/{id}': { body: () => ({ name: 'جامعة', name_en: 'University', sort_order: 0 }), row: (rows) => rows.university },
  'DELETE /api/admin/universities/{id}': { row: (rows) => rows.university },
  'POST /api/admin/community-categories': { body: () => ({ name: 'فئة', name_en: 'Category', sort_order: 0 }) },
  'PUT /api/admin/community-categories/{id}': { body: () => ({ name: 'فئة', name_en: 'Category', sort_order: 0 }), row: (rows) => rows.communityCategory },
  'DELETE /api/admin/community-categories/{id}': { row: (rows) => rows.communityCategory },
  'POST /api/admin/reason-templates': { body: () => ({ decision: 'rejected', text: 'سبب', text_en: 'Reason', sort_order: 0 }) },
  'PUT /api/admin/reason-templates/{id}': { body: () => ({ decision: 'rejected', text: 'سبب', text_en: 'Reason', sort_order: 0 }), row: (rows) => rows.reasonTemplate },
  'DELETE /api/admin/reason-templates/{id}': { row: (rows) => rows.reasonTemplate },
  'PUT /api/admin/research/{id}': {
    body: () => ({ title: 'بحث', title_en: 'Research', description: 'وصف', description_en: 'Description', abstract: 'Abstract', category_id: '1', other_category: '' }),
    row: (rows) => rows.research,
  },
  'POST /api/admin/newsletter/issues': { body: issueBody },
  'PUT /api/admin/newsletter/issues/{id}': { body: issueBody, row: (rows) => rows.newsletterIssue },
  'DELETE /api/admin/newsletter/issues/{id}': { row: (rows) => rows.newsletterIssue },
  'POST /api/admin/newsletter/preview': { body: issueBody },
  'POST /api/admin/newsletter/issues/{id}/test': { body: () => ({}), row: (rows) => rows.newsletterIssue },
  'POST /api/admin/newsletter/issues/{id}/send': { body: () => ({}), row: (rows) => rows.newsletterIssue },
  'POST /api/admin/ads': { body: (rows) => ({ title: 'إعلان', title_en: 'Ad', image_url: rows.adImage, active: false }) },
  'PUT /api/admin/ads/{id}': { body: (rows) => ({ title: 'إعلان', title_en: 'Ad', image_url: rows.adImage, active: false }), row: (rows) => rows.ad },
  'DELETE /api/admin/ads/{id}': { row: (rows) => rows.ad },
  'POST /api/admin/team': { body: () => ({ name: 'عضو', name_en: 'Member', published: false }) },
  'PUT /api/admin/team/{id}': { body: () => ({ name: 'عضو', name_en: 'Member', published: false }), row: (rows) => rows.team },
  'DELETE /api/admin/team/{id}': { row: (rows) => rows.team },
  'POST /api/admin/faq': { body: () => ({ question: 'سؤال', question_en: 'Question', answer: 'جواب', answer_en: 'Answer', published: false }) },
  'PUT /api/admin/faq/{id}': { body: () => ({ question: 'سؤال', question_en: 'Question', answer: 'جواب', answer_en: 'Answer', published: false }), row: (rows) => rows.faq },
  'DELETE /api/admin/faq/{id}': { row: (rows) => rows.faq },
  // One row (id 1), addressed without an id.
  'PUT /api/admin/site-settings': { body: () => ({ address: 'دبي', address_en: 'Dubai', email: 'info@example.ae', phone: '+971 4 000 0000' }), row: () => 1 },
  'POST /api/admin/plans': { body: () => ({ name: 'خطة', name_en: 'Plan', price: 10, active: false }) },
  'PUT /api/admin/plans/{id}': { body: () => ({ name: 'خطة', name_en: 'Plan', price: 10, active: false }), row: (rows) => rows.plan },
  'DELETE /api/admin/plans/{id}': { row: (rows) => rows.plan },
  'POST /api/admin/moderation/{type}/{id}/decision': { body: () => ({ action: 'dismiss' }) },
  'PUT /api/admin/research-chat/{id}/settings': { body: () => ({ closed: false, slow_mode_seconds: 0 }) },
  'POST /api/admin/consultants/{id}/decision': { body: () => ({ action: 'approve' }) },
  'POST /api/admin/consultations': {
    body: (rows) => ({
      memberEmail: rows.memberEmail,
      consultantId: rows.consultant,
      start: new Date(Date.now() + 48 * 3_600_000).toISOString(),
      topic: 'Statistics',
      categoryId: 2,
      language: 'en',
      mode: 'online',
      description: 'Arranged by the staff.',
    }),
  },
  'POST /api/admin/consultations/{id}/cancel': { body: () => ({ reason: 'Unwell' }) },
  'POST /api/admin/consultations/{id}/review-visibility': { body: () => ({ hidden: true, reason: 'Abusive' }) },
  // The about page and the privacy policy (issue 19, site pages): one row each (1, 2), addressed without an id.
  'PUT /api/admin/pages/about': {
    body: () => ({
      lead: 'مقدمة', lead_en: 'Lead', founder_message: 'كلمة', founder_message_en: 'Message', founder_name: 'اسم', founder_name_en: 'Name',
      mission: 'رسالة', mission_en: 'Mission', vision: 'رؤية', vision_en: 'Vision', objectives: [{ text: 'هدف', text_en: 'Objective' }],
    }),
    row: () => 1,
  },
  'PUT /api/admin/pages/privacy': { body: () => ({ sections: [{ title: 'عنوان', title_en: 'Title', body: 'نص', body_en: 'Text' }] }), row: () => 2 },
  // Telling members of the policy: the bad inputs carry a stale version (nothing is sent); the
  // accepted body, the current one, makes the notice.
  'POST /api/admin/pages/privacy/notices': { body: (rows) => ({ version: rows.privacyVersion }), row: () => 2 },
};

/** The operator write routes of the authorization table, with the staff roles each one's guard lets through. */
function operatorWrites(): Array<{ key: string; roles: StaffRole[] }> {
  return Object.entries(API_ACCESS as Record<string, RouteAccess>).flatMap(([key, access]) => {
    if (!/^(POST|PUT|PATCH|DELETE) /.test(key) || typeof access !== 'object' || !('roles' in access)) return [];
    const roles = access.roles.filter((role): role is StaffRole => role !== 'user');
    return roles.length > 0 ? [{ key, roles }] : [];
  });
}

interface Case {
  label: string;
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
  expected: number[];
  /** The body property the 400 must name in `errors`. */
  field?: string;
}

const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });

/** A value of another type than `schema`'s. */
function wrongType(schema: Schema): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'abc';
    case 'boolean':
      return 'yes';
    case 'array':
      return { a: 1 };
    case 'object':
      return ['x'];
    default:
      return { a: 1 };
  }
}

const typeOf = (schema: Schema): string | undefined => {
  if (schema.anyOf) return schema.anyOf.map((entry) => typeOf(entry as Schema)).find(Boolean);
  return Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
};
const enumOf = (schema: Schema): unknown[] | undefined => schema.enum ?? (schema.anyOf as Schema[] | undefined)?.find((entry) => entry.enum)?.enum;
const isDateField = (name: string, schema: Schema) => schema.format === 'date-time' || schema.format === 'date' || /(^|_)(date|at)$|^start$/.test(name);
const isIdField = (name: string, schema: Schema) => name !== 'version' && /(_id|Id)$/.test(name) && ['integer', 'number'].includes(typeOf(schema) ?? '');

/** The cases of one route (see the file comment). */
function casesOf(operation: Operation, fixture: Fixture, rows: Rows, currentVersion: number | undefined): Case[] {
  const { method } = operation;
  const schema = operation.bodies['application/json'] as Schema | undefined;
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  const required = schema?.required ?? [];
  const versionField = 'version' in properties ? 'version' : 'updated_at' in properties ? 'updated_at' : undefined;
  const queryVersion = operation.queryParams.some((param) => param.name === 'version');
  const hasId = operation.pathParams.some((param) => param.name === 'id');
  const row = fixture.row?.(rows);
  const base = fixture.body?.(rows);
  const withVersion = (body: Body, version: 'stale' | 'any' | number): Body => {
    if (!versionField) return body;
    if (versionField === 'updated_at') return { ...body, updated_at: version === 'stale' ? STALE_UPDATED_AT : new Date().toISOString() };
    return { ...body, version: version === 'stale' ? STALE_VERSION : version === 'any' ? 1 : version };
  };
  const address = (id: string | number, query = queryVersion ? `?version=${row ? STALE_VERSION : 1}` : '') =>
    // A registration's path names its conference and itself: both get the id under test.
    `${operation.path.replace('{type}', 'research').replace('{id}', String(id)).replace('{registrationId}', String(id))}${query}`;
  const cases: Case[] = [];

  // Path ids: malformed (400), and one that names no row with an accepted body (404).
  if (hasId) {
    const accepted = base ? json(withVersion(base, 'any')) : {};
    for (const id of ['abc', '-1', '0', '1.5', '1e3', '9999999999', '99999999999', '2147483648', '%20', '0x10']) {
      cases.push({ label: `id ${id}`, method, url: address(id), ...accepted, expected: [400] });
    }
    cases.push({ label: 'an id that names no row', method, url: address(UNKNOWN_ID, queryVersion ? '?version=1' : ''), ...accepted, expected: [404] });
  }
  if (operation.pathParams.some((param) => param.name === 'type')) {
    cases.push({ label: 'an unknown {type}', method, url: operation.path.replace('{type}', 'bogus').replace('{id}', '1'), ...(base ? json(base) : {}), expected: [400] });
  }

  // The version of a delete, in its query.
  if (queryVersion) {
    const id = row ?? UNKNOWN_ID;
    for (const version of ['', 'abc', '0', '-1', '1.5', '1e400', '9007199254740993']) {
      cases.push({ label: `version=${version}`, method, url: address(id, version ? `?version=${version}` : ''), expected: [400] });
    }
    if (row) cases.push({ label: 'a stale version', method, url: address(row, `?version=${STALE_VERSION}`), expected: [409] });
  }

  // Other query parameters (the upload's `kind`): left out, or not one of their values.
  for (const param of operation.queryParams.filter((entry) => entry.name !== 'version')) {
    const others = operation.queryParams.filter((entry) => entry !== param && entry.name !== 'version');
    const rest = others.map((entry) => `${entry.name}=${String(enumOf(entry.schema as Schema)?.[0] ?? '1')}`);
    cases.push({ label: `query ${param.name} left out`, method, url: `${address(row ?? UNKNOWN_ID, '')}${rest.length ? `?${rest.join('&')}` : ''}`, expected: [400] });
    if (enumOf(param.schema as Schema)) {
      cases.push({ label: `query ${param.name} not one of its values`, method, url: `${address(row ?? UNKNOWN_ID, '')}?${[...rest, `${param.name}=not-a-value`].join('&')}`, expected: [400] });
    }
  }
  // A multipart route refuses JSON.
  if (fixture.multipart) {
    const url = `${operation.path}?${operation.queryParams.map((entry) => `${entry.name}=${String(enumOf(entry.schema as Schema)?.[0] ?? '1')}`).join('&')}`;
    cases.push({ label: 'a JSON body', method, url, ...json({ file: 'x' }), expected: [415] });
    cases.push({ label: 'no body', method, url, expected: [400, 415] });
  }
  if (!schema) return cases;
  // Bad bodies go where an accepted one could change nothing (see the file comment).
  const target = hasId ? address(versionField && row ? row : UNKNOWN_ID, '') : operation.path;
  const good = withVersion(base ?? {}, row ? 'stale' : 'any');
  const raw = (label: string, payload: string | undefined, contentType: string | undefined, expected: number[]): Case => ({ label, method, url: target, payload, contentType, expected });
  cases.push(
    raw('no body', undefined, 'application/json', [400]),
    raw('no body, no content type', undefined, undefined, [400, 415]),
    raw('null', 'null', 'application/json', [400]),
    raw('an array', '[]', 'application/json', [400]),
    raw('an array of the body', JSON.stringify([good]), 'application/json', [400]),
    raw('a text', '"text"', 'application/json', [400]),
    raw('a number', '42', 'application/json', [400]),
    raw('broken JSON', '{"a":', 'application/json', [400]),
    raw('plain text', JSON.stringify(good), 'text/plain', [400, 415]),
    raw('over the body limit', JSON.stringify({ ...good, padding: 'x'.repeat(1_100_000) }), 'application/json', [413]),
  );
  if (required.length > 0) cases.push(raw('an empty object', '{}', 'application/json', [400]));

  for (const [name, property] of Object.entries(properties)) {
    const mutated = (label: string, value: unknown) => ({ label: `${name}: ${label}`, method, url: target, ...json({ ...good, [name]: value }), expected: [400], field: name });
    cases.push(mutated('wrong type', wrongType(property)));
    if (typeof property.maxLength === 'number') cases.push(mutated('over its maximum', 'x'.repeat(property.maxLength + 1)));
    const choices = enumOf(property);
    if (choices) cases.push(mutated('not one of its values', 'not-a-value'));
    const type = typeOf(property);
    if (type === 'integer' || type === 'number') {
      const bounds = (property.anyOf as Schema[] | undefined)?.find((entry) => entry.maximum !== undefined) ?? property;
      if (typeof bounds.maximum === 'number') cases.push(mutated('over its maximum', bounds.maximum >= 2 ** 53 ? 1e20 : bounds.maximum + 1));
      if (typeof bounds.minimum === 'number') cases.push(mutated('under its minimum', bounds.minimum - 1));
      if (type === 'integer') cases.push(mutated('fractional', 1.5));
    }
    if (type === 'string' && isDateField(name, property)) {
      cases.push(mutated('not a date', 'not-a-date'), mutated('no such day', name.endsWith('date') ? '2026-02-30' : '2026-02-30T10:00:00.000Z'));
    }
    if (required.includes(name)) {
      const { [name]: _left, ...rest } = good;
      cases.push({ label: `${name}: left out`, method, url: target, ...json(rest), expected: [400], field: name });
    }
  }

  if (versionField && row) cases.push({ label: 'a stale version', method, url: target, ...json(withVersion(base ?? {}, 'stale')), expected: [409] });

  // Ids inside the body that name no row reach the save: refused, never a database error.
  for (const [name, property] of Object.entries(properties)) {
    if (!isIdField(name, property)) continue;
    if (versionField && row && currentVersion === undefined) throw new Error(`${operation.method} ${operation.path}: the fixture needs the table of its row (${name} must reach the save)`);
    const body = { ...withVersion(base ?? {}, currentVersion ?? 'any'), [name]: UNKNOWN_ID };
    cases.push({ label: `${name}: names no row`, method, url: hasId ? address(row ?? UNKNOWN_ID, '') : operation.path, ...json(body), expected: [400, 404, 409, 422] });
  }
  return cases;
}

describe('bad input on every operator write: a localized 4xx envelope, never a 500', () => {
  let operations = new Map<string, Operation>();
  let rows: Rows;
  const tokens = new Map<StaffRole, string>();

  beforeAll(async () => {
    const app = getApp();
    operations = new Map(operationsOf(app.swagger()).map((operation) => [`${operation.method} ${operation.path}`, operation]));
    for (const role of ['admin', 'reviewer', 'supervisor'] as const) tokens.set(role, await signIn(app, await createUser(app, { role })));
    const first = async <T extends PgTable & { id: unknown }>(table: T) => {
      const [found] = await app.db.select().from(table as PgTable).limit(1);
      if (!found) throw new Error('the seed has no row of a table the fixtures need');
      return found as Record<string, unknown> & { id: number };
    };
    const [issue] = await app.db.insert(t.newsletterIssues).values({ subject: 'عدد', subjectEn: 'Issue', body: 'نص', bodyEn: 'Text' }).returning();
    const ad = await first(t.ads);
    const [research] = await app.db.select().from(t.researchSubmissions).where(eq(t.researchSubmissions.status, 'approved')).limit(1);
    const supervisor = await createUser(app, { role: 'supervisor' });
    const reviewer = await createUser(app, { role: 'reviewer' });
    const member = await createUser(app);
    rows = {
      conference: (await first(t.conferences)).id,
      conferenceCategory: (await first(t.conferenceCategories)).id,
      communityCategory: (await first(t.communityCategories)).id,
      university: (await first(t.universities)).id,
      reasonTemplate: (await first(t.reviewReasonTemplates)).id,
      ebook: (await first(t.ebooks)).id,
      ad: ad.id,
      adImage: ad.imageUrl as string,
      team: (await first(t.teamMembers)).id,
      faq: (await first(t.faqEntries)).id,
      plan: (await first(t.subscriptionPlans)).id,
      newsletterIssue: issue!.id,
      research: research!.id,
      reviewer: reviewer.id,
      supervisorEmail: supervisor.email,
      memberEmail: member.email,
      consultant: (await makeConsultant(app)).consultantId,
      privacyVersion: ((await app.db.select().from(t.sitePages).where(eq(t.sitePages.id, 2)))[0]?.version as number | undefined) ?? 1,
    };
  });

  it('walks every operator write of the document, and the fixtures name no route the document lacks', () => {
    const walked = operatorWrites().map(({ key }) => key);
    expect(walked.filter((key) => !operations.has(key)), 'rows without a route').toEqual([]);
    expect(walked.filter((key) => !FIXTURES[key]), 'operator writes without a fixture here').toEqual([]);
    expect(Object.keys(FIXTURES).filter((key) => !walked.includes(key)), 'fixtures of no operator write').toEqual([]);
  });

  it.each(Object.keys(FIXTURES))('%s', async (key) => {
    const app = getApp();
    const operation = operations.get(key);
    if (!operation) throw new Error(`${key} is not in the OpenAPI document`);
    const fixture = FIXTURES[key]!;
    // Each staff role the row allows (a reviewer's or a supervisor's call may take another path than an administrator's).
    const roles = operatorWrites().find((route) => route.key === key)!.roles;
    const row = fixture.row?.(rows);
    let currentVersion: number | undefined;
    if (fixture.table && row) {
      const [found] = await app.db.select().from(fixture.table as PgTable).where(eq(fixture.table.id as never, row));
      currentVersion = (found as { version: number }).version;
    }
    const failures: string[] = [];
    const cases = casesOf(operation, fixture, rows, currentVersion);
    for (const [index, item] of cases.flatMap((entry) => roles.map((role) => ({ ...entry, role }))).entries()) {
      const language = index % 2 === 0 ? 'ar' : 'en';
      const headers: Record<string, string> = { ...bearer(tokens.get(item.role)!), 'accept-language': language };
      if (item.contentType) headers['content-type'] = item.contentType;
      const answer = await app.inject({ method: item.method as 'POST', url: item.url, headers, ...(item.payload !== undefined ? { payload: item.payload } : {}) });
      const problem = (text: string) => failures.push(`${item.label} (${item.method} ${item.url} as ${item.role}, ${language}): ${text}\n    ${answer.body.slice(0, 300)}`);
      if (!item.expected.includes(answer.statusCode) || !ALLOWED.includes(answer.statusCode)) {
        problem(`status ${answer.statusCode}, expected ${item.expected.join(' or ')}`);
        continue;
      }
      let body: unknown;
      try {
        body = answer.json();
      } catch {
        problem('not JSON');
        continue;
      }
      const envelope = errorEnvelopeSchema.safeParse(body);
      if (!envelope.success || envelope.data.status !== false || !envelope.data.msg) {
        problem('not the error envelope');
        continue;
      }
      const arabic = /[\u0600-\u06FF]/.test(envelope.data.msg);
      if (language === 'ar' ? !arabic : arabic || !/[A-Za-z]/.test(envelope.data.msg)) problem(`msg not in ${language}: ${envelope.data.msg}`);
      if (item.field) {
        const named = Object.keys((body as { errors?: Record<string, string> }).errors ?? {});
        if (!named.some((field) => field === item.field || field.startsWith(`${item.field}.`))) problem(`errors do not name ${item.field}`);
      }
    }
    // A create route accepts its fixture's body: each refused case above differs from it by its fault.
    if (fixture.body && !operation.path.includes('{') && operation.method === 'POST') {
      const answer = await app.inject({ method: 'POST', url: operation.path, headers: { ...bearer(tokens.get(roles.includes('admin') ? 'admin' : roles[0]!)!), 'content-type': 'application/json' }, payload: JSON.stringify(fixture.body(rows)) });
      if (answer.statusCode >= 300) failures.push(`the fixture's body is refused: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
    }
    expect(failures, `${key}: ${cases.length} cases as ${roles.join(', ')}`).toEqual([]);
  });
});
