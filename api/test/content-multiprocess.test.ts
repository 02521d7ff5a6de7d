/**
 * Publishing reaches every API process (issue 19): two real API processes share one PostgreSQL; the
 * second has the public conference list and the conference's page in its read cache; an
 * administrator publishes a draft conference through the first; the second serves it within a
 * second (the table trigger's notification, LISTEN/NOTIFY), and forgets it again when it is archived.
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

describe.skipIf(!usePostgres)('publishing across two API processes on one PostgreSQL (skipped without DATABASE_URL)', () => {
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
});
