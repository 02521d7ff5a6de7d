/**
 * The list's zod-free reads (./research-community, ./community-categories) and the details read
 * (./research) through the application's real API client, against a real HTTP server (node:http on
 * 127.0.0.1, random port): a failed envelope is the same ApiError as when every answer was parsed
 * with zod, and an answer of the wrong shape is still refused.
 */
import { describe, expect, it } from 'vitest';
import { isApiError } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { fetchCategories } from './community-categories';
import { fetchResearchPage } from './research-community';
import { fetchResearch } from './research';

const api = testApiServerPerFile();

const item = { id: 4, image: null, updated: '2026-03-01T10:00:00.000Z', name: 'بحث', name_en: 'A research', abstract: 'Text', category_id: 2 };

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('research list reads (no zod)', () => {
  it('return the data and tot of a success envelope, with the body sent as given', async () => {
    api.answers.set('POST /api/research-community/paginate', { status: 200, body: { status: true, data: [item], tot: 13 } });
    api.answers.set('GET /api/community-categories', { status: 200, body: { status: true, data: [{ id: 2, name: 'ت', name_en: 'Tech' }] } });
    const body = { category_id: 2, limit: 9, page: 2, col: 'updated' as const, search: 'خط' };
    await expect(fetchResearchPage(body)).resolves.toEqual({ data: [item], tot: 13 });
    await expect(fetchCategories()).resolves.toEqual([{ id: 2, name: 'ت', name_en: 'Tech' }]);
    expect(api.seen.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/research-community/paginate', 'GET /api/community-categories']);
    expect(JSON.parse(api.seen[0]!.body)).toEqual(body);
  });

  it('turn a status:false envelope into an ApiError with the server message, status and err', async () => {
    api.answers.set('GET /api/community-categories', { status: 403, body: { status: false, msg: 'Subscription required', err: 'subscription_required' } });
    api.answers.set('POST /api/research-community/paginate', { status: 401, body: { status: false, msg: 'Sign in first', err: 401 } });
    const categories = await failure(fetchCategories());
    expect(isApiError(categories)).toBe(true);
    expect(categories).toMatchObject({ kind: 'rejected', status: 403, msg: 'Subscription required', err: 'subscription_required' });
    const page = await failure(fetchResearchPage({ limit: 9, page: 1, col: 'updated', search: '' }));
    expect(isApiError(page)).toBe(true);
    expect(page).toMatchObject({ kind: 'rejected', status: 401, msg: 'Sign in first' });
  });

  it('refuse an answer of another shape (no data list, no tot)', async () => {
    api.answers.set('GET /api/community-categories', { status: 200, body: { status: true, data: { id: 1 } } });
    await expect(fetchCategories()).rejects.toThrow('Unexpected response shape: community-categories');
    api.answers.set('POST /api/research-community/paginate', { status: 200, body: { status: true, data: [item] } });
    await expect(fetchResearchPage({ limit: 9, page: 1, col: 'updated', search: '' })).rejects.toThrow('Unexpected response shape: research-community/paginate');
    api.answers.set('POST /api/research-community/paginate', { status: 200, body: { status: true, data: [item], tot: -1 } });
    await expect(fetchResearchPage({ limit: 9, page: 1, col: 'updated', search: '' })).rejects.toThrow('Unexpected response shape');
  });
});

describe('details read', () => {
  it('a missing research is an ApiError with status 404 (the page shows "not found")', async () => {
    const error = await failure(fetchResearch(999));
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, msg: 'Not found' });
    expect(api.seen.map(({ path }) => path)).toEqual(['/api/research-community/999']);
  });
});
