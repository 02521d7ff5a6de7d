/**
 * Research community (issue 4): the list call (paginate math, category filter, Arabic-folding
 * search), the details page and the research file behind the paywall.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  communityCategoriesResponseSchema,
  pageCount,
  researchCommunityPageResponseSchema,
  researchDetailsResponseSchema,
  researchFileLinkResponseSchema,
  translateMessage,
} from '@scholars/shared-contracts/schemas';
import { researchSubmissions, subscriptions } from '../src/db/schema';
import { createFileLinkSigner } from '../src/lib/uploads';
import { getJson, postJson, useApp } from './helper';
import { member } from './community-helpers';

const app = useApp();

async function page(body: Record<string, unknown>) {
  const { status, body: answer } = await postJson(app(), '/api/research-community/paginate', { limit: 12, page: 1, col: 'id', search: '', ...body });
  expect(status).toBe(200);
  return researchCommunityPageResponseSchema.parse(answer);
}

describe('POST /api/research-community/paginate', () => {
  it('pages: tot is the number of matches, pages = ceil(tot / limit) and at least 1, past the end is empty', async () => {
    const all = await page({ limit: 100 });
    expect(all.tot).toBe(12);
    const first = await page({ limit: 5, page: 1 });
    const third = await page({ limit: 5, page: 3 });
    const beyond = await page({ limit: 5, page: 4 });
    expect(first.tot).toBe(12);
    expect(pageCount(first.tot, 5)).toBe(3);
    expect(first.data).toHaveLength(5);
    expect(third.data).toHaveLength(2);
    expect(beyond).toMatchObject({ data: [], tot: 12 });
    // No page repeats or skips an item.
    const ids = (await Promise.all([1, 2, 3].map((n) => page({ limit: 5, page: n })))).flatMap((p) => p.data.map((item) => item.id));
    expect(new Set(ids).size).toBe(12);
    const none = await page({ search: 'no-such-research-zzzz' });
    expect(none).toMatchObject({ data: [], tot: 0 });
    expect(pageCount(none.tot, 12)).toBe(1);
  });

  it('filters by category; the categories partition the list', async () => {
    const categories = communityCategoriesResponseSchema.parse((await getJson(app(), '/api/community-categories')).body).data;
    let sum = 0;
    for (const category of categories) {
      const result = await page({ category_id: category.id, limit: 100 });
      expect(result.data.every((item) => item.category_id === category.id)).toBe(true);
      expect(result.tot).toBe(result.data.length);
      sum += result.tot;
    }
    expect(sum).toBe(12);
    const technology = await page({ category_id: 2, limit: 100 });
    expect(technology.data.map((item) => item.id)).toEqual(expect.arrayContaining([2, 3]));
    expect((await page({ category_id: null, limit: 100 })).tot).toBe(12);
  });

  it('searches Arabic-aware: diacritics, hamza forms and case do not matter; combined with the category', async () => {
    const ids = async (search: string, extra: Record<string, unknown> = {}) => (await page({ search, limit: 100, ...extra })).data.map((item) => item.id);
    const plain = await ids('التعلم المدمج');
    expect(plain).toContain(1);
    expect(await ids('التَّعَلُّم المُدْمَج')).toEqual(plain);
    expect(await ids('الخط العربي')).toContain(2);
    expect(await ids('الإمارات')).toEqual(await ids('الامارات'));
    expect(await ids('BLENDED learning')).toContain(1);
    expect(await ids('التعلم المدمج', { category_id: 1 })).toContain(1);
    expect(await ids('التعلم المدمج', { category_id: 3 })).not.toContain(1);
  });

  it('answers the card fields of spec 3 (image under public/, ISO updated, both names, abstract)', async () => {
    const { data } = await page({ limit: 100, col: 'id' });
    const item = data.find((row) => row.id === 1);
    expect(item).toMatchObject({ id: 1, image: expect.stringMatching(/public\//), updated: '2026-10-02T08:30:00.000Z' });
    expect(item!.name).toMatch(/[\u0600-\u06FF]/);
    expect(item!.name_en).toMatch(/Blended Learning/);
  });
});

describe('GET /api/research-community/:id', () => {
  it('needs a signed-in user', async () => {
    const { status, body } = await getJson(app(), '/api/research-community/1');
    expect(status).toBe(401);
    expect(body).toMatchObject({ status: false, err: 401 });
  });

  it('answers the research with its author, category, file description and members', async () => {
    const reader = await member(app(), { subscribed: false });
    const { status, body } = await getJson(app(), '/api/research-community/2', reader.headers);
    expect(status).toBe(200);
    const { data } = researchDetailsResponseSchema.parse(body);
    expect(data).toMatchObject({
      id: 2,
      name_en: 'A Deep Learning Model for Recognising Handwritten Arabic Script',
      research_type: 'doctorate',
      category: { id: 2 },
      author: { id: 3, name: 'أحمد المرزوقي' },
      file: { name: 'research-2.pdf', mime: 'application/pdf' },
    });
    expect(data.file.size).toBeGreaterThan(0);
    expect(data.description).toMatch(/[\u0600-\u06FF]/);
    expect(data.description_en).toMatch(/convolutional/);
    expect(data.members.count).toBeGreaterThanOrEqual(1);
  });

  it('counts chat participants as members (the author once)', async () => {
    const writer = await member(app());
    const before = researchDetailsResponseSchema.parse((await getJson(app(), '/api/research-community/5', writer.headers)).body).data;
    expect((await postJson(app(), '/api/research-community/5/messages', { text: 'A question about the sample' }, writer.headers)).status).toBe(201);
    const after = researchDetailsResponseSchema.parse((await getJson(app(), '/api/research-community/5', writer.headers)).body).data;
    expect(after.members.count).toBe(before.members.count + 1);
    expect(after.members.participants[0]).toMatchObject({ id: writer.id, name: writer.name });
    expect(after.messages_count).toBe(before.messages_count + 1);
  });

  it('is 404 for an unknown id and for research that is not approved; 400 for a bad id', async () => {
    const reader = await member(app(), { subscribed: false });
    expect((await getJson(app(), '/api/research-community/999999', reader.headers)).status).toBe(404);
    expect((await getJson(app(), '/api/research-community/abc', reader.headers)).status).toBe(400);
    await app().db.update(researchSubmissions).set({ status: 'removed' }).where(eq(researchSubmissions.id, 12));
    try {
      expect((await getJson(app(), '/api/research-community/12', reader.headers)).status).toBe(404);
      expect((await page({ limit: 100 })).data.map((item) => item.id)).not.toContain(12);
    } finally {
      await app().db.update(researchSubmissions).set({ status: 'approved' }).where(eq(researchSubmissions.id, 12));
    }
  });
});

describe('the research file', () => {
  it('needs sign-in and an active subscription to get a link', async () => {
    expect((await postJson(app(), '/api/research-community/1/file-link', {})).status).toBe(401);
    const reader = await member(app(), { subscribed: false });
    const denied = await postJson(app(), '/api/research-community/1/file-link', {}, { ...reader.headers, 'accept-language': 'ar' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ status: false, err: 'subscription_required', msg: translateMessage('ar', 'validation.subscriptionRequired') });
  });

  it('serves the file inline for viewing and as a download under its real name and type', async () => {
    const subscriber = await member(app());
    const { status, body } = await postJson(app(), '/api/research-community/3/file-link', {}, subscriber.headers);
    expect(status).toBe(200);
    const link = researchFileLinkResponseSchema.parse(body).data;
    expect(link).toMatchObject({ name: 'research-3.pdf', mime: 'application/pdf', inline: true });
    expect(Date.parse(link.expires_at)).toBeGreaterThan(Date.now());

    const view = await app().inject({ method: 'GET', url: `/api/${link.view_url}` });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-disposition']).toBe(`inline; filename="research-3.pdf"; filename*=UTF-8''research-3.pdf`);
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    expect(view.headers['cache-control']).toBe('private, no-store');
    expect(String(view.headers['content-security-policy'])).toMatch(/default-src 'none'.*frame-ancestors 'self'/);
    expect(view.headers['x-frame-options']).toBeUndefined();
    expect(view.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(view.headers['content-length'])).toBe(link.size);

    const download = await app().inject({ method: 'GET', url: `/api/${link.download_url}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="research-3.pdf"/);
  });

  it('refuses a tampered token, a token of another research and a token of a subscription that ended', async () => {
    const subscriber = await member(app());
    const link = researchFileLinkResponseSchema.parse((await postJson(app(), '/api/research-community/3/file-link', {}, subscriber.headers)).body).data;
    const token = new URL(link.view_url, 'http://x/').searchParams.get('token')!;
    // The signature's last character differs (base64url's unused bits made 'xx' pass once in a while).
    const tamperedToken = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const tampered = await app().inject({ method: 'GET', url: `/api/research-community/3/file?token=${encodeURIComponent(tamperedToken)}` });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toMatchObject({ status: false, msg: 'This file link has expired. Open the file again from the research page.' });
    const otherResearch = await app().inject({ method: 'GET', url: `/api/research-community/4/file?token=${encodeURIComponent(token)}` });
    expect(otherResearch.statusCode).toBe(403);
    expect((await app().inject({ method: 'GET', url: '/api/research-community/3/file' })).statusCode).toBe(400);

    await app().db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.userId, subscriber.id));
    const ended = await app().inject({ method: 'GET', url: `/api/${link.view_url}` });
    expect(ended.statusCode).toBe(403);
    expect(ended.json()).toMatchObject({ status: false, err: 'subscription_required' });
  });

  it('file link tokens: every other spelling of the signature and an expired token are refused', () => {
    const signer = createFileLinkSigner('a secret of the test', 'test-label');
    const { token } = signer.sign({ scope: 'research-community', id: 3, uid: 1 });
    expect(signer.verify(token, 'research-community', 3)).toMatchObject({ ok: true, claims: { id: 3, uid: 1 } });
    const [payload, signature] = token.split('.') as [string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const ch of alphabet) {
      if (ch === signature.at(-1)) continue;
      expect(signer.verify(`${payload}.${signature.slice(0, -1)}${ch}`, 'research-community', 3)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(signer.verify(token, 'library', 3)).toEqual({ ok: false, reason: 'invalid' });
    expect(createFileLinkSigner('another secret', 'test-label').verify(token, 'research-community', 3)).toEqual({ ok: false, reason: 'invalid' });
    const expired = signer.sign({ scope: 'research-community', id: 3, uid: 1 }, -1).token;
    expect(signer.verify(expired, 'research-community', 3)).toEqual({ ok: false, reason: 'expired' });
  });
});
