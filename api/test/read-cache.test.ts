/**
 * Issue 6 ("Fast by design"), the behaviour behind the figures of scripts/bench/api.mjs (no timing
 * here): ETag / Last-Modified and 304 on the public GET reads, the in-process cache of public
 * reads and its invalidation by writes (this process, another connection, another process),
 * compression of the answers, bounded pagination and deep pages.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  conferencePageResponseSchema,
  researchCommunityPageResponseSchema,
  subscriptionPlansResponseSchema,
} from '@scholars/shared-contracts/schemas';
import { buildApp } from '../src/app';
import { conferences, researchSubmissions, subscriptionPlans, teamMembers } from '../src/db/schema';
import { buildSearchText } from '../src/lib/arabic-search';
import { DEFERRED_JOIN_OFFSET } from '../src/lib/list-queries';
import { pickEncoding } from '../src/plugins/app/read-cache';
import { postJson, testConfig, useApp, usePostgres } from './helper';

const app = useApp();

const get = (url: string, headers: Record<string, string> = {}) => app().inject({ method: 'GET', url, headers });

/** Polls `check` until it is true (a notification crossing connections is asynchronous). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function planPrice(instance: FastifyInstance = app()): Promise<number> {
  const response = await instance.inject({ method: 'GET', url: '/api/subscription-plan' });
  return subscriptionPlansResponseSchema.parse(response.json()).data.find((plan) => plan.id === 1)!.price;
}

describe('public GET reads: ETag, Last-Modified and 304', () => {
  const urls = ['/api/subscription-plan', '/api/conference-categories', '/api/community-categories', '/api/team', '/api/team/1', '/api/site-settings'];

  it.each(urls)('%s: validators, no-cache, 304 on a matching If-None-Match, 200 otherwise', async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(Number.isNaN(Date.parse(String(first.headers['last-modified'])))).toBe(false);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    const again = await get(url);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);

    for (const ifNoneMatch of [etag, etag.slice(2), `W/"other", ${etag}`, '*']) {
      const revalidated = await get(url, { 'if-none-match': ifNoneMatch });
      expect(revalidated.statusCode, ifNoneMatch).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers['content-length']).toBeUndefined();
      expect(revalidated.headers.etag).toBe(etag);
    }
    // Also when the answer is no longer in memory (evicted, another process): made again, same tag.
    app().readCache.store.clear();
    const remade = await get(url, { 'if-none-match': etag });
    expect(remade.statusCode).toBe(304);
    expect(remade.headers['content-length']).toBeUndefined();
    const changed = await get(url, { 'if-none-match': 'W/"not-this-one"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual(first.json());
  });

  it('If-Modified-Since: 304 once the data is older than the date given, never over a non-matching If-None-Match', async () => {
    const first = await get('/api/conference-categories');
    const lastModified = String(first.headers['last-modified']);
    expect((await get('/api/conference-categories', { 'if-modified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' })).statusCode).toBe(200);
    // Last-Modified has a one-second resolution (and is never later than now): a 304 needs the
    // change to be in an earlier second than the date given.
    await eventually(async () => Date.now() >= Date.parse(lastModified) + 2000);
    const settled = String((await get('/api/conference-categories')).headers['last-modified']);
    const since = await get('/api/conference-categories', { 'if-modified-since': settled });
    expect(since.statusCode).toBe(304);
    const later = await get('/api/conference-categories', { 'if-modified-since': new Date(Date.parse(settled) + 60_000).toUTCString() });
    expect(later.statusCode).toBe(304);
    const precedence = await get('/api/conference-categories', { 'if-modified-since': settled, 'if-none-match': 'W/"stale"' });
    expect(precedence.statusCode).toBe(200);
  });

  it('a 404 is neither cached nor given validators; POST reads get no ETag (HTTP caches do not keep POST answers)', async () => {
    const missing = await get('/api/team/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const { response } = await postJson(app(), '/api/conference/paginate', { limit: 5, page: 1 }, { 'if-none-match': '*' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeUndefined();
  });
});

describe('the in-process cache of public reads', () => {
  it('identical misses arriving together wait for the first: one miss, the others are answered as hits with the same body', async () => {
    app().readCache.store.clear();
    const before = app().readCache.store.stats;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/api/team')));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
      expect(answer.headers.etag).toBe(answers[0]!.headers.etag);
    }
    const after = app().readCache.store.stats;
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(5);
  });

  it('a hit carries exactly the headers of the miss that made it (no rate-limit headers under the limit)', async () => {
    app().readCache.store.clear();
    const names = (headers: Record<string, unknown>) => Object.keys(headers).filter((name) => name !== 'date').sort();
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const miss = await get('/api/subscription-plan', headers);
    const hit = await get('/api/subscription-plan', headers);
    expect(names(hit.headers)).toEqual(names(miss.headers));
    expect(names(hit.headers)).toEqual(
      [
        'cache-control',
        'connection',
        'content-encoding',
        'content-length',
        'content-security-policy',
        'content-type',
        'cross-origin-resource-policy',
        'etag',
        'last-modified',
        'referrer-policy',
        'strict-transport-security',
        'vary',
        'x-content-type-options',
        'x-frame-options',
      ].sort(),
    );
    expect(hit.headers.vary).toBe('Origin, accept-encoding');
  });

  it('answers a repeated read from memory', async () => {
    const body = { limit: 3, page: 2, col: 'title_en', search: 'مؤتمر' };
    const first = await postJson(app(), '/api/conference/paginate', body);
    const hits = app().readCache.store.stats.hits;
    const second = await postJson(app(), '/api/conference/paginate', { search: 'مؤتمر', col: 'title_en', page: 2, limit: 3 });
    expect(second.body).toEqual(first.body);
    expect(app().readCache.store.stats.hits).toBe(hits + 1);
  });

  it('a write through the app forgets what was read from the table at once: new answer, new ETag, the old one no longer matches', async () => {
    const first = await get('/api/subscription-plan');
    const etag = String(first.headers.etag);
    const price = await planPrice();
    await app().db.update(subscriptionPlans).set({ price: price + 7 }).where(eq(subscriptionPlans.id, 1));
    try {
      expect(await planPrice()).toBe(price + 7);
      const after = await get('/api/subscription-plan', { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(Date.parse(String(after.headers['last-modified']))).toBeGreaterThanOrEqual(Date.parse(String(first.headers['last-modified'])));
    } finally {
      await app().db.update(subscriptionPlans).set({ price }).where(eq(subscriptionPlans.id, 1));
    }
    expect(await planPrice()).toBe(price);
  });

  it('lists and their totals follow inserts and deletes', async () => {
    const before = conferencePageResponseSchema.parse((await postJson(app(), '/api/conference/paginate', { limit: 2, page: 1, col: 'id', order: 'desc' })).body);
    const [row] = await app()
      .db.insert(conferences)
      .values({ title: 'مؤتمر للاختبار', titleEn: 'Cache test conference', description: 'وصف', descriptionEn: 'Description', mode: 'online', startDate: new Date(), searchText: buildSearchText('مؤتمر للاختبار', 'Cache test conference') })
      .returning({ id: conferences.id });
    const after = conferencePageResponseSchema.parse((await postJson(app(), '/api/conference/paginate', { limit: 2, page: 1, col: 'id', order: 'desc' })).body);
    expect(after.tot).toBe(before.tot + 1);
    expect(after.data[0]!.id).toBe(row!.id);
    await app().db.delete(conferences).where(eq(conferences.id, row!.id));
    const back = conferencePageResponseSchema.parse((await postJson(app(), '/api/conference/paginate', { limit: 2, page: 1, col: 'id', order: 'desc' })).body);
    expect(back).toEqual(before);
  });

  it('a write outside the app (another connection, e.g. an administrator in psql) reaches the cache through the table trigger', async () => {
    const team = await get('/api/team/1');
    const name = (team.json() as { data: { name_en: string } }).data.name_en;
    const write = async (value: string) => {
      if (usePostgres) {
        const client = new pg.Client({ connectionString: app().config.DATABASE_URL });
        await client.connect();
        try {
          await client.query('UPDATE team_members SET name_en = $1 WHERE id = 1', [value]);
        } finally {
          await client.end();
        }
      } else {
        const { database } = app();
        // One connection in an embedded database: raw SQL, not through the app's query builder.
        if (database.driver === 'pglite') await database.client.query('UPDATE team_members SET name_en = $1 WHERE id = 1', [value]);
      }
    };
    const nameNow = async () => (((await get('/api/team/1')).json() as { data: { name_en: string } }).data.name_en);
    await write('Changed elsewhere');
    try {
      await eventually(async () => (await nameNow()) === 'Changed elsewhere');
    } finally {
      await write(name);
    }
    await eventually(async () => (await nameNow()) === name);
    const [row] = await app().db.select({ nameEn: teamMembers.nameEn }).from(teamMembers).where(eq(teamMembers.id, 1));
    expect(row!.nameEn).toBe(name);
  });

  it.runIf(usePostgres)('another API process on the same database forgets its cached answers when this one writes', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-cache-test-'));
    const other = await buildApp({ config: testConfig({ DATA_DIR: dataDir, DATABASE_URL: app().config.DATABASE_URL!, SEED: 'false' }), logger: false });
    try {
      const price = await planPrice(other);
      expect(await planPrice(other)).toBe(price);
      await app().db.update(subscriptionPlans).set({ price: price + 11 }).where(eq(subscriptionPlans.id, 1));
      try {
        await eventually(async () => (await planPrice(other)) === price + 11);
      } finally {
        await app().db.update(subscriptionPlans).set({ price }).where(eq(subscriptionPlans.id, 1));
      }
      await eventually(async () => (await planPrice(other)) === price);
    } finally {
      await other.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(usePostgres)('while the notification connection is down nothing is cached; when it is back, everything cached before is dropped', async () => {
    await get('/api/team');
    expect(app().readCache.store.stats.entries).toBeGreaterThan(0);
    const admin = new pg.Client({ connectionString: app().config.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      );
    } finally {
      await admin.end();
    }
    await eventually(async () => !app().bus.listening);
    expect(app().readCache.store.enabled).toBe(false);
    expect(app().readCache.store.stats.entries).toBe(0);
    await eventually(async () => app().bus.listening);
    expect(app().readCache.store.enabled).toBe(true);
    await get('/api/team');
    expect(app().readCache.store.stats.entries).toBeGreaterThan(0);
  });
});

describe('compression', () => {
  it('negotiates brotli or gzip from Accept-Encoding (q-values, brotli first on a tie)', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('deflate')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it('a cached read is sent compressed as asked, the same JSON once decompressed, with Vary: accept-encoding', async () => {
    const plain = await get('/api/team');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await get('/api/team', { 'accept-encoding': encoding });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('a list answer is compressed on the miss and on the hit alike; a small answer is not compressed', async () => {
    const body = { limit: 20, page: 1, col: 'start_date', search: '' };
    const headers = { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' };
    const miss = await app().inject({ method: 'POST', url: '/api/research-community/paginate', headers, payload: { ...body, col: 'name' } });
    const hit = await app().inject({ method: 'POST', url: '/api/research-community/paginate', headers, payload: { ...body, col: 'name' } });
    for (const response of [miss, hit]) {
      expect(response.headers['content-encoding']).toBe('br');
      expect(researchCommunityPageResponseSchema.parse(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).tot).toBe(12);
    }
    const small = await get('/api/conference-categories', { 'accept-encoding': 'br' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('while nothing is cached (cache off, bus down), the cached routes still compress their answers themselves', async () => {
    const { store } = app().readCache;
    store.setEnabled(false);
    try {
      const response = await get('/api/subscription-plan', { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(String(response.headers.vary)).toContain('accept-encoding');
      expect(response.headers.etag).toBeUndefined();
      expect(subscriptionPlansResponseSchema.parse(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).data.length).toBeGreaterThan(0);
      const gzip = await get('/api/subscription-plan', { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8')));
      const small = await get('/api/conference-categories', { 'accept-encoding': 'br' });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json()).toMatchObject({ status: true });
    } finally {
      store.setEnabled(true);
    }
  });

  it('answers outside the cache are compressed by @fastify/compress', async () => {
    const response = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))).toHaveProperty('openapi');
  });
});

describe('bounded pagination', () => {
  it('limit and page outside their bounds are refused with the envelope; the last allowed page is empty with the same tot', async () => {
    for (const body of [{ limit: 101, page: 1 }, { limit: 0, page: 1 }, { limit: 10, page: 0 }, { limit: 10, page: 1_000_001 }, { limit: 2.5, page: 1 }]) {
      const { status, body: answer } = await postJson(app(), '/api/research-community/paginate', body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer).toMatchObject({ status: false });
      expect(Object.keys((answer as { errors: Record<string, string> }).errors).length).toBeGreaterThan(0);
    }
    const last = await postJson(app(), '/api/research-community/paginate', { limit: 100, page: 1_000_000, search: 'الذكاء' });
    const tot = researchCommunityPageResponseSchema.parse((await postJson(app(), '/api/research-community/paginate', { limit: 1, page: 1, search: 'الذكاء' })).body).tot;
    expect(last.body).toEqual({ status: true, data: [], tot });
  });

  it(`deep pages (offset of ${DEFERRED_JOIN_OFFSET} rows or more, read through the index first) hold the same rows as a plain ORDER BY ... OFFSET`, async () => {
    const db = app().db;
    const base = Date.UTC(2030, 0, 1);
    // Same start date for groups of three: ties broken by id.
    await db.insert(conferences).values(
      Array.from({ length: 260 }, (_, n) => ({
        title: `مؤتمر عميق ${n % 37}`,
        titleEn: `Deep page conference ${String(n % 41).padStart(2, '0')}`,
        description: 'وصف',
        descriptionEn: 'Description',
        mode: 'online' as const,
        categoryId: 1 + (n % 4),
        startDate: new Date(base + Math.floor(n / 3) * 86_400_000),
        searchText: buildSearchText('مؤتمر عميق', 'Deep page conference'),
      })),
    );
    const cases = [
      { col: 'start_date', order: 'asc', sort: [asc(conferences.startDate), asc(conferences.id)] },
      { col: 'start_date', order: 'desc', sort: [desc(conferences.startDate), desc(conferences.id)] },
      { col: 'title_en', order: 'desc', sort: [desc(conferences.titleEn), desc(conferences.id)] },
      { col: 'title', order: 'asc', sort: [asc(conferences.title), asc(conferences.id)] },
    ] as const;
    for (const { col, order, sort } of cases) {
      for (const [limit, page] of [
        [20, 11],
        [20, 12],
        [100, 3],
        [7, 40],
      ] as const) {
        const expected = await db
          .select({ id: conferences.id })
          .from(conferences)
          .orderBy(...sort)
          .limit(limit)
          .offset((page - 1) * limit);
        const { body } = await postJson(app(), '/api/conference/paginate', { limit, page, col, order });
        const parsed = conferencePageResponseSchema.parse(body);
        expect(parsed.data.map((item) => item.id), `${col} ${order} ${limit}x${page}`).toEqual(expected.map((row) => row.id));
      }
    }
    // A category filter, and a search, on a deep page.
    const filtered = await db
      .select({ id: conferences.id })
      .from(conferences)
      .where(and(eq(conferences.categoryId, 2), sql`${conferences.searchText} LIKE '%عميق%'`))
      .orderBy(asc(conferences.startDate), asc(conferences.id))
      .limit(5)
      .offset(60);
    const { body } = await postJson(app(), '/api/conference/paginate', { limit: 5, page: 13, category_id: 2, search: 'عَميق' });
    expect(conferencePageResponseSchema.parse(body).data.map((item) => item.id)).toEqual(filtered.map((row) => row.id));
  });

  it('deep pages of the research community (newest first, ties by id)', async () => {
    const db = app().db;
    const updated = new Date(Date.UTC(2024, 5, 1));
    await db.insert(researchSubmissions).values(
      Array.from({ length: 230 }, (_, n) => ({
        ownerId: 1,
        categoryId: 1 + (n % 7),
        title: `بحث ${n}`,
        titleEn: `Research ${n}`,
        description: 'وصف',
        descriptionEn: 'Description',
        abstract: 'ملخص',
        researchType: 'general' as const,
        filePath: 'private/research/1.pdf',
        fileOriginalName: 'research.pdf',
        fileMime: 'application/pdf',
        image: 'public/images/research/1.svg',
        termsAcceptedAt: updated,
        status: n % 10 === 0 ? ('under_review' as const) : ('approved' as const),
        searchText: buildSearchText(`بحث ${n}`, `Research ${n}`),
        updatedAt: new Date(updated.getTime() + Math.floor(n / 4) * 60_000),
      })),
    );
    const expected = await db
      .select({ id: researchSubmissions.id })
      .from(researchSubmissions)
      .where(eq(researchSubmissions.status, 'approved'))
      .orderBy(desc(researchSubmissions.updatedAt), asc(researchSubmissions.id))
      .limit(12)
      .offset(204);
    const { body } = await postJson(app(), '/api/research-community/paginate', { limit: 12, page: 18 });
    const parsed = researchCommunityPageResponseSchema.parse(body);
    expect(parsed.data.map((item) => item.id)).toEqual(expected.map((row) => row.id));
    expect(parsed.tot).toBe(12 + 207);
  });
});
