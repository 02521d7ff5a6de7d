/**
 * The library list through the real `apiClient` against the shared test API server: a page past
 * the last one lands on the last page (its address replaced, the tab and filters kept), and an
 * empty collection without a search or filter does not speak of "your search".
 */
import { act } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n, tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { renderRootPerTest, waitFor } from '@scholars/shared-contracts/testing/render-root';
import { registerTranslations } from '../i18n';
import { en } from '../i18n/en';
import { LibraryList } from './LibraryList';

const api = testApiServerPerFile();
const view = renderRootPerTest();
const asked = () => api.seen.filter((request) => request.path === '/api/library/paginate').map((request) => (JSON.parse(request.body) as { page: number }).page);

function Address() {
  const location = useLocation();
  return <p data-testid="address" data-navigation={useNavigationType()}>{location.pathname + location.search}</p>;
}

const open = (path: string) => view.render(<MemoryRouter initialEntries={[path]}><LibraryList /><Address /></MemoryRouter>);

beforeEach(async () => {
  ensureI18n(i18next, 'en');
  registerTranslations();
  await i18next.changeLanguage('en');
  act(() => tokenStore.getState().setSession({ accessToken: 'token', user: { id: 3, name: 'Sara', email: 'sara@example.ae', role: 'user', roles: [] } }));
  api.answers.set('GET /api/community-categories', { status: 200, body: { status: true, data: [] } });
  api.answers.set('GET /api/universities', { status: 200, body: { status: true, data: [] } });
});
afterEach(() => act(() => tokenStore.getState().clear()));

describe('library: a page past the last one', { timeout: 30_000 }, () => {
  it('lands on the last page with the tab and the filters kept', async () => {
    api.answers.set('POST /api/library/paginate', { status: 200, body: { status: true, data: [], tot: 27 } });
    await open('/research-library?tab=ebooks&category=4&page=500');
    await waitFor(() => expect(asked()).toEqual([500, 3]));
    const address = view.$('[data-testid="address"]')!;
    expect(address.textContent).toBe('/research-library?tab=ebooks&category=4&page=3');
    expect(address.dataset.navigation).toBe('REPLACE');
  });

  it('an empty collection says "no data", not "nothing matches your search", when nothing was searched', async () => {
    api.answers.set('POST /api/library/paginate', { status: 200, body: { status: true, data: [], tot: 0 } });
    await open('/research-library?tab=ebooks&page=500');
    await waitFor(() => expect(asked()).toEqual([500, 1]));
    expect(view.$('[data-testid="address"]')!.textContent).toBe('/research-library?tab=ebooks');
    const empty = await waitFor(() => view.$('[data-testid="library-empty"]'));
    expect(empty.textContent).not.toContain(en.list.noResults);
  });
});
