/**
 * Conference categories through the real `apiClient` against the test API server: the search and
 * the page of the address reach the API, with an empty and a failed state; both names are required
 * before any call; a new category is sent with the order after the last one of all; a deletion is
 * confirmed first and the API's refusal (a category that holds conferences) is shown.
 */
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { translateMessage, type AdminConferenceCategory } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, tearDown, type, waitFor } from '../../test/harness';
import { ConferenceCategories } from './ConferenceCategories';

const page = (data: AdminConferenceCategory[], tot = data.length) => ({ status: 200, body: { status: true, data, tot } });
const academic: AdminConferenceCategory = { id: 1, name: 'المؤتمرات الأكاديمية', name_en: 'Academic Conferences', sort_order: 1, version: 3, conferences: 4 };

const api = testApiServerPerFile();
const seen = (method: string, path: string) => api.seen.filter((request) => request.method === method && request.path === path);
const listQueries = () => seen('GET', '/api/admin/conference-categories').map((request) => Object.fromEntries(new URLSearchParams(request.query)));

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

async function open(search = '') {
  await render(
    <MemoryRouter initialEntries={[`/admin/conference-categories${search}`]}>
      <Routes>
        <Route path="/admin/conference-categories" element={<><ConferenceCategories /><Address /></>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  api.answers.set('GET /api/admin/conference-categories', page([academic]));
  await setUp('en');
});
afterEach(tearDown);

describe('console: the list of conference categories', { timeout: 30_000 }, () => {
  it('sends the search of the address and of the box, and page 2 keeps the search', async () => {
    api.answers.set('GET /api/admin/conference-categories', page([academic], 45));
    await open('?q=academic');
    await waitFor(() => $('[data-testid="category-row"]'));
    expect(listQueries()).toEqual([{ q: 'academic', page: '1', limit: '20' }]);
    expect(($('[data-testid="categories-q"]') as HTMLInputElement).value).toBe('academic');

    await type($('[data-testid="categories-q"]'), ' المؤتمرات ');
    await click($('[data-testid="categories-apply"]'));
    await waitFor(() => expect(listQueries()).toHaveLength(2));
    expect(listQueries()[1]).toEqual({ q: 'المؤتمرات', page: '1', limit: '20' });

    // 45 categories at 20 a page: three pages, the second one by its link.
    const pages = await waitFor(() => $('[data-testid="categories-pagination"]'));
    expect(pages.querySelector('[aria-current="page"]')?.textContent).toContain('1');
    await click(pages.querySelector('a[aria-label="Page 2"]'));
    await waitFor(() => expect(listQueries()).toHaveLength(3));
    expect(listQueries()[2]).toEqual({ q: 'المؤتمرات', page: '2', limit: '20' });
    expect(new URLSearchParams($('[data-testid="address"]')!.textContent!).get('page')).toBe('2');
    await waitFor(() => expect($('[data-testid="categories-pagination"] [aria-current="page"]')?.textContent).toContain('2'));

    // A new search starts again at page 1.
    await type($('[data-testid="categories-q"]'), 'robotics');
    await click($('[data-testid="categories-apply"]'));
    await waitFor(() => expect(listQueries()).toHaveLength(4));
    expect(listQueries()[3]).toEqual({ q: 'robotics', page: '1', limit: '20' });
  });

  it('says when a search finds nothing, and when there is no category yet', async () => {
    api.answers.set('GET /api/admin/conference-categories', page([]));
    await open('?q=nothing');
    const empty = await waitFor(() => $('[data-testid="empty-state"]'));
    expect(empty.textContent).toContain('No category matches this search.');
    expect($('[data-testid="categories-pagination"]')).toBeNull();

    await type($('[data-testid="categories-q"]'), '');
    await click($('[data-testid="categories-apply"]'));
    await waitFor(() => expect($('[data-testid="empty-state"]')?.textContent).toContain('No category yet.'));
  });

  it('shows a failure with a retry that asks again', async () => {
    api.answers.set('GET /api/admin/conference-categories', { status: 500, body: { status: false, err: 500, msg: 'Server error' } });
    await open();
    const alert = await waitFor(() => $('[role="alert"]'));
    expect(alert.textContent).toContain('This could not be loaded.');
    api.answers.set('GET /api/admin/conference-categories', page([academic]));
    await click(alert.querySelector('button'));
    await waitFor(() => $('[data-testid="category-row"]'));
    expect(listQueries()).toHaveLength(2);
  });
});

describe('console: conference categories', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await open();
    await waitFor(() => $('[data-testid="category-row"]'));
  });

  it('needs both names, then adds the category after the last one of all', async () => {
    // Three categories, the last one (12th in order) beyond the page shown.
    api.answers.set('GET /api/admin/conference-categories', page([{ ...academic, id: 7, sort_order: 12 }], 3));
    await click($('[data-testid="category-add"]'));
    await waitFor(() => $('[data-testid="category-form"]'));
    // The count from a one-row page, then the row of the last page.
    expect(listQueries().slice(1)).toEqual([{ limit: '1' }, { page: '3', limit: '1' }]);
    expect(($('[data-testid="field-sort_order"]') as HTMLInputElement).value).toBe('13');
    await type($('[data-testid="field-name"]'), 'ندوات');
    await click($('[data-testid="category-save"]'));
    await waitFor(() => $('[data-testid="error-name_en"]'));
    expect($('[data-testid="error-name_en"]')?.textContent).toBe(translateMessage('en', 'validation.required'));
    expect(seen('POST', '/api/admin/conference-categories')).toHaveLength(0);

    api.answers.set('POST /api/admin/conference-categories', { status: 201, body: { status: true, msg: 'Saved.', data: { id: 9, name: 'ندوات', name_en: 'Seminars', sort_order: 13, version: 1, conferences: 0 } } });
    await type($('[data-testid="field-name_en"]'), 'Seminars');
    await click($('[data-testid="category-save"]'));
    await waitFor(() => $('[data-testid="categories-message"]'));
    expect(JSON.parse(seen('POST', '/api/admin/conference-categories')[0]!.body)).toEqual({ name: 'ندوات', name_en: 'Seminars', sort_order: 13 });
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
