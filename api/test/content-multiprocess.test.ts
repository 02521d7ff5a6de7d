/**
 * Console changes reach every API process (issue 19): two real API processes share one PostgreSQL;
 * the second has a public read in its read cache; an administrator changes its content through the
 * first; the second serves the change within a second (the table trigger's notification,
 * LISTEN/NOTIFY). Each cached public read the console changes: a conference published (and
 * archived again), a conference category renamed, an ad added (the home pop-up's request), a FAQ
 * entry added, the site settings, a plan's price, the privacy policy amended.
 *
 * Needs a PostgreSQL server (DATABASE_URL, a role with CREATEDB); skipped without it, since PGlite
 * is one process (its in-process invalidation is covered by read-cache.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchText } from '../src/lib/arabic-search';
import { accessToken, startApi, stopApi, type ApiProcess } from './api-processes';
import { createPostgresDatabase, usePostgres } from './helper';

const JWT_SECRET = randomBytes(32).toString('hex');
const TITLE_EN = `Cross-process publishing ${Date.now()}`;

describe.skipIf(!usePostgres)('console changes across two API processes on one PostgreSQL (skipped without DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let dataDir = '';
  const apis: ApiProcess[] = [];
  let adminToken = '';
  let conferenceId = 0;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-content-mp-'));
    const start = (dir: string) => startApi({ DATABASE_URL: database!.url, DATA_DIR: path.join(dataDir, dir), JWT_SECRET });
    apis.push(...(await Promise.all([start('a'), start('b')])));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const admin = await client.query<{ id: number }>(
        `INSERT INTO users (name, email, email_verified_at, roles) VALUES ('Content Admin', $1, now(), '{admin}') RETURNING id`,
        [`content.mp.${Date.now()}@example.ae`],
      );
      const session = await client.query<{ id: string }>(`INSERT INTO refresh_token_families (user_id) VALUES ($1) RETURNING id`, [admin.rows[0]!.id]);
      adminToken = accessToken(JWT_SECRET, admin.rows[0]!.id, session.rows[0]!.id);
      // A complete draft, far ahead (first in the soonest-first list of its category once published).
      const draft = await client.query<{ id: number }>(
        `INSERT INTO conferences (category_id, title, title_en, description, description_en, overview, overview_en, objectives, objectives_en,
                                  mode, timezone, start_date, end_date, status, search_text)
         VALUES (1, 'نشر عبر العمليات', $1, 'وصف', 'Description', 'نظرة', 'Overview', 'أهداف', 'Objectives',
                 'online', 'Asia/Dubai', now() + interval '400 days', now() + interval '401 days', 'draft', $2)
         RETURNING id`,
        [TITLE_EN, buildSearchText('نشر عبر العمليات', TITLE_EN)],
      );
      conferenceId = draft.rows[0]!.id;
    } finally {
      await client.end();
    }
  }, 180_000);

  /** A JSON call to `api` as the administrator; the envelope, failing the test on an error status. */
  async function call<T = unknown>(api: ApiProcess, method: string, url: string, body?: unknown): Promise<{ data: T; tot?: number }> {
    const answer = await fetch(`${api.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    expect(answer.status, `${method} ${url}: ${text}`).toBeLessThan(300);
    return JSON.parse(text) as { data: T; tot?: number };
  }

  /**
   * Reads `read` through the reader twice (the second answer is from its cache) and expects
   * `changed` false, makes the change through the writer, then expects `changed` within a second.
   */
  async function changeSeenByTheOther<T>(what: string, read: (reader: ApiProcess) => Promise<T>, changed: (value: T) => boolean, change: (writer: ApiProcess) => Promise<unknown>) {
    const [writer, reader] = apis as [ApiProcess, ApiProcess];
    expect(changed(await read(reader))).toBe(false);
    expect(changed(await read(reader))).toBe(false);
    await change(writer);
    await until(what, async () => changed(await read(reader)));
  }

  afterAll(async () => {
    await Promise.all(apis.map((api) => stopApi(api)));
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** The second process's public answers: the search list and the conference's page. */
  async function publicView(api: ApiProcess) {
    const list = await fetch(`${api.url}/api/conference/paginate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 10, page: 1, search: TITLE_EN }),
    });
    const listed = ((await list.json()) as { data: Array<{ id: number }> }).data.map((item) => item.id);
    const details = await fetch(`${api.url}/api/conference/${conferenceId}`);
    return { listed, details: details.status };
  }

  async function until(what: string, check: () => Promise<boolean>, timeoutMs = 1_000) {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > timeoutMs) throw new Error(`${what} not within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function setStatus(api: ApiProcess, status: 'published' | 'archived', version: number) {
    const answer = await fetch(`${api.url}/api/admin/conferences/${conferenceId}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ status, version }),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
  }

  it('a conference published through one process is served by the other at once, and hidden again when archived', async () => {
    const [writer, reader] = apis as [ApiProcess, ApiProcess];
    // The reader caches the list without the draft (asked twice: the second answer is from memory).
    expect((await publicView(reader)).listed).toEqual([]);
    const cached = await publicView(reader);
    expect(cached.listed).toEqual([]);
    expect(cached.details).toBe(404);

    await setStatus(writer, 'published', 1);
    await until('the published conference on the other process', async () => {
      const view = await publicView(reader);
      return view.listed.includes(conferenceId) && view.details === 200;
    });

    await setStatus(writer, 'archived', 2);
    await until('the archived conference gone from the other process', async () => {
      const view = await publicView(reader);
      return view.listed.length === 0 && view.details === 404;
    });
  }, 60_000);

  it('a conference category renamed through one process is named so by the other at once', async () => {
    const renamed = `Renamed category ${Date.now()}`;
    await changeSeenByTheOther(
      'the renamed category on the other process',
      async (reader) => (await call<Array<{ id: number; name_en: string }>>(reader, 'GET', '/api/conference-categories')).data.find((category) => category.id === 1)?.name_en,
      (name) => name === renamed,
      async (writer) => {
        const { data } = await call<Array<{ id: number; name: string; sort_order: number; version: number }>>(writer, 'GET', '/api/admin/conference-categories?limit=100');
        const category = data.find((row) => row.id === 1)!;
        await call(writer, 'PUT', '/api/admin/conference-categories/1', { name: category.name, name_en: renamed, sort_order: category.sort_order, version: category.version });
      },
    );
  }, 30_000);

  it('an ad added through one process is in the home pop-up of the other at once', async () => {
    let added = 0;
    // The home page's request (shell/src/lib/public-data.ts ADS_REQUEST).
    const popUp = async (reader: ApiProcess) => {
      const answer = await fetch(`${reader.url}/api/ads/websitePaginate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ limit: 5, page: 1, col: 'title', search: '' }) });
      return ((await answer.json()) as { data: Array<{ id: number }> }).data.map((ad) => ad.id);
    };
    await changeSeenByTheOther(
      'the new ad on the other process',
      popUp,
      (ids) => added > 0 && ids.includes(added),
      async (writer) => {
        const { data } = await call<{ id: number }>(writer, 'POST', '/api/admin/ads', { title: 'إعلان جديد', title_en: 'A new ad', image_url: 'public/images/ads/1.svg', active: true });
        added = data.id;
      },
    );
  }, 30_000);

  it('a FAQ entry added through one process is served by the other at once', async () => {
    const question = `A new question ${Date.now()}?`;
    await changeSeenByTheOther(
      'the new FAQ entry on the other process',
      async (reader) => (await call<Array<{ question_en: string }>>(reader, 'GET', '/api/faq')).data.map((entry) => entry.question_en),
      (questions) => questions.includes(question),
      (writer) => call(writer, 'POST', '/api/admin/faq', { question: 'سؤال جديد؟', question_en: question, answer: 'جواب.', answer_en: 'An answer.', published: true }),
    );
  }, 30_000);

  it('the site settings saved through one process are served by the other at once', async () => {
    const phone = '+971 4 555 0199';
    await changeSeenByTheOther(
      'the new phone number on the other process',
      async (reader) => (await call<{ contact: { phone: string } }>(reader, 'GET', '/api/site-settings')).data.contact.phone,
      (shown) => shown === phone,
      async (writer) => {
        const { data } = await call<Record<string, unknown>>(writer, 'GET', '/api/admin/site-settings');
        const { updated_at: _readOnly, ...settings } = data;
        await call(writer, 'PUT', '/api/admin/site-settings', { ...settings, phone });
      },
    );
  }, 30_000);

  it('a plan price changed through one process is on the pricing of the other at once', async () => {
    await changeSeenByTheOther(
      'the new price on the other process',
      async (reader) => (await call<Array<{ id: number; price: number }>>(reader, 'GET', '/api/subscription-plan')).data.find((plan) => plan.id === 1)?.price,
      (price) => price === 321.5,
      async (writer) => {
        const { data } = await call<Array<{ id: number; name: string; name_en: string; consultation_sessions: number; features: Array<{ feature: string; feature_en: string }>; active: boolean; sort_order: number; version: number }>>(writer, 'GET', '/api/admin/plans?limit=100');
        const plan = data.find((row) => row.id === 1)!;
        await call(writer, 'PUT', '/api/admin/plans/1', {
          name: plan.name,
          name_en: plan.name_en,
          price: 321.5,
          consultation_sessions: plan.consultation_sessions,
          features: plan.features.map(({ feature, feature_en }) => ({ feature, feature_en })),
          active: plan.active,
          sort_order: plan.sort_order,
          version: plan.version,
        });
      },
    );
  }, 30_000);

  it('the privacy policy amended through one process is served by the other at once', async () => {
    const title = `Amended section ${Date.now()}`;
    await changeSeenByTheOther(
      'the amended policy on the other process',
      async (reader) => (await call<{ sections: Array<{ title_en: string }> }>(reader, 'GET', '/api/pages/privacy')).data.sections[0]?.title_en,
      (shown) => shown === title,
      async (writer) => {
        const { data } = await call<{ sections: Array<Record<string, string>>; version: number }>(writer, 'GET', '/api/admin/pages/privacy');
        await call(writer, 'PUT', '/api/admin/pages/privacy', { sections: data.sections.map((section, index) => (index === 0 ? { ...section, title_en: title } : section)), version: data.version });
      },
    );
  }, 30_000);
});
