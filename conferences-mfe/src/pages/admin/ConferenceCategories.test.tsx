/**
 * Conference categories through the real `apiClient` against the test API server: both names are
 * required before any call; a new category is sent with its order; a deletion is confirmed first
 * and the API's refusal (a category that holds conferences) is shown.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApiServer, type TestApiServer } from '@scholars/shared-contracts/testing/api-server';
import { translateMessage, type AdminConferenceCategory } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, tearDown, type, waitFor } from '../../test/harness';
import { ConferenceCategories } from './ConferenceCategories';

const academic: AdminConferenceCategory = { id: 1, name: 'المؤتمرات الأكاديمية', name_en: 'Academic Conferences', sort_order: 1, version: 3, conferences: 4 };

let api: TestApiServer;
const seen = (method: string, path: string) => api.seen.filter((request) => request.method === method && request.path === path);

beforeAll(async () => {
  api = await startTestApiServer();
});
afterAll(() => api.close());
beforeEach(async () => {
  api.reset();
  api.answers.set('GET /api/admin/conference-categories', { status: 200, body: { status: true, data: [academic], tot: 1 } });
  await setUp('en');
  await render(<ConferenceCategories />);
  await waitFor(() => $('[data-testid="category-row"]'));
});
afterEach(tearDown);

describe('console: conference categories', { timeout: 30_000 }, () => {
  it('needs both names, then adds the category after the last one', async () => {
    await click($('[data-testid="category-add"]'));
    await type($('[data-testid="field-name"]'), 'ندوات');
    await click($('[data-testid="category-save"]'));
    await waitFor(() => $('[data-testid="error-name_en"]'));
    expect($('[data-testid="error-name_en"]')?.textContent).toBe(translateMessage('en', 'validation.required'));
    expect(seen('POST', '/api/admin/conference-categories')).toHaveLength(0);

    api.answers.set('POST /api/admin/conference-categories', { status: 201, body: { status: true, msg: 'Saved.', data: { id: 9, name: 'ندوات', name_en: 'Seminars', sort_order: 2, version: 1, conferences: 0 } } });
    await type($('[data-testid="field-name_en"]'), 'Seminars');
    await click($('[data-testid="category-save"]'));
    await waitFor(() => $('[data-testid="categories-message"]'));
    expect(JSON.parse(seen('POST', '/api/admin/conference-categories')[0]!.body)).toEqual({ name: 'ندوات', name_en: 'Seminars', sort_order: 2 });
  });

  it('confirms a deletion, sends the version, and shows why a category in use stays', async () => {
    const inUse = translateMessage('en', 'validation.categoryInUse', { count: 4 });
    api.answers.set('DELETE /api/admin/conference-categories/1', { status: 409, body: { status: false, err: 409, msg: inUse } });
    await click($('[data-testid="category-delete"]'));
    expect(seen('DELETE', '/api/admin/conference-categories/1')).toHaveLength(0);
    await click($('[data-testid="category-delete-dialog-confirm"]'));
    await waitFor(() => $('[data-testid="categories-message"]'));
    expect($('[data-testid="categories-message"]')?.textContent).toBe(inUse);
    expect(seen('DELETE', '/api/admin/conference-categories/1')[0]!.query).toBe('version=3');
    expect($$('[data-testid="category-row"]')).toHaveLength(1);
  });
});
