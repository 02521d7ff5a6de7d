/**
 * The library item's page through the real `apiClient` against the shared test API server: the
 * file tab and its heading are named by the kind of work (a thesis's file is not a "book file"),
 * in both languages.
 */
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n, tokenStore } from '@scholars/shared-contracts';
import type { Locale } from '@scholars/shared-contracts/locale';
import type { LibraryDetails as Details } from '@scholars/shared-contracts/schemas';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { renderRootPerTest, waitFor } from '@scholars/shared-contracts/testing/render-root';
import { listReturnState } from '@scholars/shared-contracts/ui';
import { registerTranslations } from '../i18n';
import { LibraryDetails } from './LibraryDetails';

const api = testApiServerPerFile();
const view = renderRootPerTest();

const item = (id: number, docType: Details['doc_type']): Details => ({
  id,
  collection: 'university',
  doc_type: docType,
  title: 'أثر التعلم المدمج',
  title_en: 'The effect of blended learning',
  author: 'مريم الكعبي',
  author_en: 'Mariam Al Kaabi',
  category_id: null,
  category: null,
  university_id: null,
  university: null,
  published_year: 2026,
  language: 'ar',
  image: null,
  has_file: true,
  research_id: 40,
  abstract: 'ملخص',
  abstract_en: 'Abstract',
  publisher: null,
  publisher_en: null,
  isbn: null,
  pages: null,
  keywords: [],
  file: { name: 'thesis.pdf', mime: 'application/pdf', size: 1024 },
  updated: '2026-11-20T10:00:00.000Z',
});

const tabs = () => view.$$('[role="tab"]').map((tab) => tab.textContent);

/** Each case its own item (a new page, not the last one re-rendered). */
async function open(id: number, locale: Locale, docType: Details['doc_type']) {
  await i18next.changeLanguage(locale);
  api.answers.set(`GET /api/library/${id}`, { status: 200, body: { status: true, data: item(id, docType) } });
  await view.render(
    <MemoryRouter key={id} initialEntries={[`/research-library/${id}`]}>
      <Routes>
        <Route path="/research-library/:id" element={<LibraryDetails />} />
      </Routes>
    </MemoryRouter>,
  );
  await waitFor(() => expect(tabs()).toHaveLength(2));
}

beforeEach(() => {
  ensureI18n(i18next, 'en');
  registerTranslations();
  act(() => tokenStore.getState().setSession({ accessToken: 'token', user: { id: 3, name: 'Sara', email: 'sara@example.ae', role: 'user', roles: [] } }));
});
afterEach(() => act(() => tokenStore.getState().clear()));

describe('library item: the file named by the kind of work', { timeout: 30_000 }, () => {
  it('a thesis, a dissertation, a research and a book, in English and in Arabic', async () => {
    const expected = [
      ['en', 'master_thesis', 'Thesis file'],
      ['en', 'doctoral_thesis', 'Dissertation file'],
      ['en', 'research', 'Research file'],
      ['en', 'book', 'Book file'],
      ['ar', 'master_thesis', 'ملف الرسالة'],
      ['ar', 'doctoral_thesis', 'ملف الأطروحة'],
      ['ar', 'book', 'ملف الكتاب'],
    ] as const;
    for (const [index, [locale, docType, label]] of expected.entries()) {
      await open(100 + index, locale, docType);
      expect(tabs()[1], `${locale} ${docType}`).toBe(label);
    }
  });
});

describe('library item: back to the list it was opened from', { timeout: 30_000 }, () => {
  const backLink = () => view.$<HTMLAnchorElement>('[data-testid="library-details"] > a')!.getAttribute('href');

  async function openFrom(state: unknown) {
    await i18next.changeLanguage('en');
    api.answers.set('GET /api/library/7', { status: 200, body: { status: true, data: item(7, 'book') } });
    api.answers.set('POST /api/library/7/file-link', { status: 403, body: { status: false, err: 'subscription_required', msg: 'No subscription' } });
    await view.render(
      <MemoryRouter key={JSON.stringify(state)} initialEntries={[{ pathname: '/research-library/7', state }]}>
        <Routes>
          <Route path="/research-library/:id" element={<LibraryDetails />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(tabs()).toHaveLength(2));
  }

  it('keeps the tab, search, filters and page of the list, also after switching to the file tab', async () => {
    await openFrom(listReturnState('?tab=ebooks&q=learning&page=2'));
    expect(backLink()).toBe('/research-library?tab=ebooks&q=learning&page=2');
    await act(async () => view.$$<HTMLButtonElement>('[role="tab"]')[1]!.click());
    await waitFor(() => expect(view.$('[role="tab"][aria-selected="true"]')?.textContent).toBe('Book file'));
    expect(backLink()).toBe('/research-library?tab=ebooks&q=learning&page=2');
  });

  it('opened from elsewhere (a link, a new tab): the library itself', async () => {
    await openFrom(null);
    expect(backLink()).toBe('/research-library');
    await openFrom({ listSearch: 'https://elsewhere.example/' });
    expect(backLink()).toBe('/research-library');
  });
});
