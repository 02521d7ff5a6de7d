/**
 * A library card names the item's university when it has one, and none otherwise: an approved
 * student's work has no university (the research form has no such field), and showed "Unknown
 * university" on its card.
 */
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import { renderRootPerTest } from '@scholars/shared-contracts/testing/render-root';
import type { LibraryItem } from '@scholars/shared-contracts/schemas';
import { listReturnSearch } from '@scholars/shared-contracts/ui';
import { registerTranslations } from '../i18n';
import { BookCard } from './BookCard';

const view = renderRootPerTest();
const { render, $ } = view;

beforeAll(async () => {
  ensureI18n(i18next, 'en');
  registerTranslations();
});

const thesis: LibraryItem = {
  id: 40,
  collection: 'university',
  doc_type: 'master_thesis',
  title: 'استعادة أشجار القرم',
  title_en: 'Mangrove Restoration',
  author: 'نورة الكعبي',
  author_en: 'Noura Al Kaabi',
  category_id: null,
  category: null,
  university_id: null,
  university: null,
  published_year: 2026,
  language: 'en',
  image: 'public/images/research/x.png',
  has_file: true,
  research_id: 7,
};

describe('BookCard', () => {
  for (const locale of ['en', 'ar'] as const) {
    it(`${locale}: an approved student's work without a university names none`, async () => {
      await act(async () => {
        await i18next.changeLanguage(locale);
      });
      await render(<MemoryRouter><ul><BookCard item={thesis} /></ul></MemoryRouter>);
      expect($('[data-testid="library-item-university"]')).toBeNull();
      expect(view.container.textContent).not.toMatch(/Unknown university|جامعة غير معروفة/);
      // The category keeps the spec's fallback.
      expect($('[data-testid="library-item-category"]')?.textContent).toBe(locale === 'en' ? 'General' : 'عام');
    });
  }

  it('names the university when the item has one', async () => {
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    await render(<MemoryRouter><ul><BookCard item={{ ...thesis, university_id: 3, university: { id: 3, name: 'جامعة الشارقة', name_en: 'University of Sharjah' } }} /></ul></MemoryRouter>);
    expect($('[data-testid="library-item-university"]')?.textContent).toBe('University of Sharjah');
  });

  it('shows a book in place of a missing cover, and of one that does not load (no empty box)', async () => {
    await render(<MemoryRouter><ul><BookCard item={{ ...thesis, image: null }} /></ul></MemoryRouter>);
    const placeholder = $('[data-testid="book-cover-placeholder"]');
    expect(placeholder?.querySelector('svg')).not.toBeNull();
    expect(placeholder?.getAttribute('aria-hidden')).toBe('true');
    expect($('img')).toBeNull();

    await render(<MemoryRouter><ul><BookCard item={thesis} /></ul></MemoryRouter>);
    expect($('[data-testid="book-cover-placeholder"]')).toBeNull();
    const cover = $('img')!;
    expect(cover.getAttribute('src')).toMatch(/images\/research\/x\.png$/);
    await act(async () => {
      cover.dispatchEvent(new Event('error'));
    });
    expect($('img')).toBeNull();
    expect($('[data-testid="book-cover-placeholder"]')).not.toBeNull();
  });

  it('opens its page remembering the list it was in (tab, search, page), for that page\'s way back', async () => {
    function Opened() {
      return <p data-testid="opened">{listReturnSearch(useLocation().state)}</p>;
    }
    await render(
      <MemoryRouter initialEntries={['/research-library?tab=ebooks&q=mangrove&page=2']}>
        <Routes>
          <Route path="/research-library" element={<ul><BookCard item={thesis} /></ul>} />
          <Route path="/research-library/:id" element={<Opened />} />
        </Routes>
      </MemoryRouter>,
    );
    await act(async () => $<HTMLAnchorElement>('[data-testid="library-item"] a')!.click());
    expect($('[data-testid="opened"]')?.textContent).toBe('?tab=ebooks&q=mangrove&page=2');
  });
});
