/**
 * A research's page through the real `apiClient` against the shared test API server: its "Back to"
 * returns to the page of the list it was opened from (search, category, page), also after switching
 * tabs; opened from elsewhere (a shared link, a new tab), to the list itself.
 */
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import type { ResearchDetails } from '@scholars/shared-contracts/schemas';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { renderRootPerTest, waitFor } from '@scholars/shared-contracts/testing/render-root';
import { registerTranslations } from '../i18n';
import { CommunityDetails } from './CommunityDetails';
import { CommunityList } from './CommunityList';

const api = testApiServerPerFile();
const view = renderRootPerTest();

const research: ResearchDetails = {
  id: 7,
  image: null,
  updated: '2027-02-16T05:00:00.000Z',
  published_at: '2027-02-10T05:00:00.000Z',
  name: 'أثر التعلم المدمج',
  name_en: 'The effect of blended learning',
  description: 'وصف',
  description_en: 'Description',
  abstract: 'Abstract',
  category_id: null,
  category: null,
  other_category: null,
  research_type: 'master',
  author: { id: 3, name: 'Mariam', avatar: null },
  file: { name: 'research.pdf', mime: 'application/pdf', size: 1000 },
  members: { count: 1, participants: [] },
  messages_count: 0,
};

const backLink = () => view.$<HTMLAnchorElement>('[data-testid="community-details"] > a')!.getAttribute('href');

async function open(entry: string) {
  await view.render(
    <MemoryRouter key={entry} initialEntries={[entry]}>
      <Routes>
        <Route path="/research-community" element={<CommunityList />} />
        <Route path="/community/:id" element={<CommunityDetails />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  ensureI18n(i18next, 'en');
  registerTranslations();
  await i18next.changeLanguage('en');
  api.answers.set('GET /api/community-categories', { status: 200, body: { status: true, data: [] } });
  api.answers.set('GET /api/research-community/7', { status: 200, body: { status: true, data: research } });
  api.answers.set('POST /api/research-community/7/file-link', { status: 403, body: { status: false, err: 'subscription_required', msg: 'No subscription' } });
  api.answers.set('POST /api/research-community/paginate', {
    status: 200,
    body: { status: true, data: [{ id: 7, image: null, updated: research.updated, name: research.name, name_en: research.name_en, abstract: 'Abstract', category_id: null }], tot: 30 },
  });
});

describe('research: back to the list it was opened from', { timeout: 30_000 }, () => {
  it('keeps the search, category and page of the list, also after switching tabs', async () => {
    await open('/research-community?category=3&search=learning&page=2');
    const card = await waitFor(() => view.$<HTMLAnchorElement>('[data-testid="research-card"] a')!);
    await act(async () => card.click());
    await waitFor(() => expect(view.$('[data-testid="community-details"][data-state="ready"]')).not.toBeNull());
    expect(backLink()).toBe('/research-community?category=3&search=learning&page=2');
    await act(async () => view.$<HTMLButtonElement>('#tab-file')!.click());
    await waitFor(() => expect(view.$('#tab-file')?.getAttribute('aria-selected')).toBe('true'));
    expect(backLink()).toBe('/research-community?category=3&search=learning&page=2');
  });

  it('opened from elsewhere (a link, a new tab): the list itself', async () => {
    await open('/community/7');
    await waitFor(() => expect(view.$('[data-testid="community-details"][data-state="ready"]')).not.toBeNull());
    expect(backLink()).toBe('/research-community');
  });
});
