/**
 * The research community list through the real `apiClient` against the shared test API server: a
 * page past the last one (an old link, a list that shrank) lands on the last page, its address
 * replaced with the rest of the query kept, rather than "12 research" above "Nothing here yet".
 */
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { renderRootPerTest, waitFor } from '@scholars/shared-contracts/testing/render-root';
import { registerTranslations } from '../i18n';
import { CommunityList } from './CommunityList';

const api = testApiServerPerFile();
const view = renderRootPerTest();
const asked = () => api.seen.filter((request) => request.path === '/api/research-community/paginate').map((request) => (JSON.parse(request.body) as { page: number }).page);

function Address() {
  const location = useLocation();
  return <p data-testid="address" data-navigation={useNavigationType()}>{location.pathname + location.search}</p>;
}

beforeEach(async () => {
  ensureI18n(i18next, 'en');
  registerTranslations();
  await i18next.changeLanguage('en');
  api.answers.set('GET /api/community-categories', { status: 200, body: { status: true, data: [] } });
});

describe('research community: a page past the last one', { timeout: 30_000 }, () => {
  it('lands on the last page (9 a page: 12 research make 2), the search and category kept', async () => {
    api.answers.set('POST /api/research-community/paginate', { status: 200, body: { status: true, data: [], tot: 12 } });
    await view.render(<MemoryRouter initialEntries={['/research-community?category=3&search=ai&page=500']}><CommunityList /><Address /></MemoryRouter>);
    await waitFor(() => expect(asked()).toEqual([500, 2]));
    const address = view.$('[data-testid="address"]')!;
    expect(address.textContent).toBe('/research-community?category=3&search=ai&page=2');
    expect(address.dataset.navigation).toBe('REPLACE');
  });

  it('drops the page when there is one page or none', async () => {
    api.answers.set('POST /api/research-community/paginate', { status: 200, body: { status: true, data: [], tot: 0 } });
    await view.render(<MemoryRouter initialEntries={['/research-community?page=500']}><CommunityList /><Address /></MemoryRouter>);
    await waitFor(() => expect(asked()).toEqual([500, 1]));
    expect(view.$('[data-testid="address"]')!.textContent).toBe('/research-community');
    await waitFor(() => expect(view.$('[data-testid="community-results-count"]')?.textContent).toBe('0 research items'));
  });
});
