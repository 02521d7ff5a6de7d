import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '@scholars/shared-contracts/locale';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { $, render, setUp, tearDown, waitFor } from '../test/harness';
import { ConferenceList, isUnknownCategory, listRequest, readListParams } from './ConferenceList';

describe('isUnknownCategory (issue 21: /conferences/99999 is not found)', () => {
  const categories = [{ id: 1 }, { id: 2 }];
  it('an id that is no number is unknown at once, categories loaded or not', () => {
    expect(isUnknownCategory(null, undefined)).toBe(true);
    expect(isUnknownCategory(null, categories)).toBe(true);
  });
  it('a number is unknown only once the categories are known and it is not among them', () => {
    expect(isUnknownCategory(99999, undefined)).toBe(false);
    expect(isUnknownCategory(99999, categories)).toBe(true);
    expect(isUnknownCategory(2, categories)).toBe(false);
  });
  it('an id that is no number asks the API nothing', () => {
    expect(listRequest(null, readListParams(new URLSearchParams()), 'en')).toBeNull();
  });
});

describe('the sort in the URL (issue 24: best match while a term is searched)', () => {
  const request = (query: string, locale: Locale = 'en') => listRequest(1, readListParams(new URLSearchParams(query)), locale)?.col;
  it('is upcoming without a term, relevance with one, unless another was chosen meanwhile', () => {
    expect(request('')).toBe('upcoming');
    expect(request('q=ai')).toBe('relevance');
    expect(request('q=ai&qsort=start_date')).toBe('start_date');
    expect(request('sort=start_date')).toBe('start_date');
    // The sort chosen before the term comes back once the term is gone (qsort goes with it).
    expect(request('q=ai&sort=start_date')).toBe('relevance');
  });
  it('sorts by the title of the page language, and ignores an unknown sort', () => {
    expect(request('sort=title', 'en')).toBe('title_en');
    expect(request('sort=title', 'ar')).toBe('title');
    expect(request('sort=password')).toBe('upcoming');
    expect(request('q=ai&qsort=relevance')).toBe('relevance');
  });
});

/** Where the list is (its address) and how it got there. */
function Address() {
  const location = useLocation();
  return <p data-testid="address" data-navigation={useNavigationType()}>{location.pathname + location.search}</p>;
}

describe('a page past the last one (QA: /conferences/1?page=999 showed "4 conferences" over an empty grid)', { timeout: 30_000 }, () => {
  const api = testApiServerPerFile();
  afterEach(tearDown);
  const asked = () => api.seen.filter((request) => request.path === '/api/conference/by-category').map((request) => (JSON.parse(request.body) as { page: number }).page);

  async function open(path: string, tot: number) {
    api.answers.set('GET /api/conference-categories', { status: 200, body: { status: true, data: [{ id: 1, name: 'الذكاء الاصطناعي', name_en: 'Artificial intelligence' }] } });
    api.answers.set('POST /api/conference/by-category', { status: 200, body: { status: true, data: [], tot } });
    await setUp('en');
    await render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/conferences/:id" element={<><ConferenceList /><Address /></>} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('replaces the address with the only page, and asks for it', async () => {
    await open('/conferences/1?page=999', 4);
    await waitFor(() => expect(asked()).toEqual([999, 1]));
    expect($('[data-testid="address"]')?.textContent).toBe('/conferences/1');
    expect($('[data-testid="address"]')?.dataset.navigation).toBe('REPLACE');
  });

  it('lands on the last page with the page size and the rest of the query kept', async () => {
    await open('/conferences/1?page=3&per_page=3&mode=online', 4);
    await waitFor(() => expect(asked()).toEqual([3, 2]));
    expect($('[data-testid="address"]')?.textContent).toBe('/conferences/1?page=2&per_page=3&mode=online');
    await waitFor(() => expect($('[data-testid="pagination"] [aria-current="page"]')?.dataset.page).toBe('2'));
  });
});
