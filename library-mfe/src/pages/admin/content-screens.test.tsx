/**
 * The library's content screens of the console through the real shared `apiClient` against a real
 * HTTP server answering like the API (nothing of ours mocked): a new item saved then refused
 * publication lists the fields missing a language and marks them, and the editor moves to the saved
 * item's address; a save over a newer version offers Reload; a category still in use says why it is
 * not deleted, and nothing is sent before the confirmation; the list sends the address's filters and
 * sends an approved research to its own editor; the research metadata editor sends its version.
 */
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { click as clickOn, renderRootPerTest, typeInto, waitFor } from '@scholars/shared-contracts/testing/render-root';
import { translateMessage, type AdminCommunityCategory, type AdminEbook, type AdminEbookItem, type ReviewDetails } from '@scholars/shared-contracts/schemas';
import { registerTranslations } from '../../i18n';
import { registerConsoleTranslations } from '../../i18n/console';
import { AdminEbook as AdminEbookScreen } from './AdminEbook';
import { AdminLibrary } from './AdminLibrary';
import { AdminCommunityCategories } from './AdminCommunityCategories';
import { ResearchMetadata } from './ResearchMetadata';

const ebook: AdminEbook = {
  id: 5,
  collection: 'ebooks',
  doc_type: 'book',
  status: 'draft',
  title: 'مدخل إلى المكتبات الرقمية',
  title_en: '',
  author: null,
  author_en: null,
  category: null,
  university: null,
  published_year: null,
  image: null,
  has_file: false,
  research_id: null,
  version: 1,
  updated_at: '2026-05-01T10:00:00.000Z',
  language: 'ar',
  abstract: 'ملخص',
  abstract_en: 'An abstract',
  publisher: null,
  publisher_en: null,
  isbn: null,
  pages: null,
  keywords: [],
  category_id: null,
  university_id: null,
  file: null,
};

const api = testApiServerPerFile();
const view = renderRootPerTest();
const { $, $$ } = view;
let where = '';

function Where() {
  const location = useLocation();
  where = `${location.pathname}${location.search}`;
  return null;
}

beforeAll(async () => {
  ensureI18n(i18next, 'en');
  registerTranslations();
  registerConsoleTranslations();
});
beforeEach(async () => {
  window.sessionStorage.clear();
  api.answers.set('GET /api/community-categories', { status: 200, body: { status: true, data: [{ id: 1, name: 'التربية', name_en: 'Education' }] } });
  api.answers.set('GET /api/universities', { status: 200, body: { status: true, data: [] } });
  await act(async () => {
    await i18next.changeLanguage('en');
  });
});

/** Renders `element` at `path`; a new `key` mounts it anew (a page opened again: nothing of the last one's state). */
async function render(path: string, pattern: string, element: React.ReactElement, key = 'first') {
  await view.render(
    <MemoryRouter key={key} initialEntries={[path]}>
      <Where />
      <Routes>
        <Route path={pattern} element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

const requests = (method: string, path: string) => api.seen.filter((request) => request.method === method && request.path === path);

const type = (selector: string, value: string) => typeInto($(selector), value);
const click = (selector: string) => clickOn($(selector));

describe('AdminEbook', () => {
  it('saves a new item, then lists what stops its publication and marks the fields; the editor moves to the saved item', async () => {
    api.answers.set('POST /api/admin/ebooks', { status: 201, body: { status: true, msg: 'Saved.', data: ebook } });
    api.answers.set('GET /api/admin/ebooks/5', { status: 200, body: { status: true, data: ebook } });
    const missing = translateMessage('en', 'validation.translationMissing');
    api.answers.set('POST /api/admin/ebooks/5/status', {
      status: 400,
      body: { status: false, err: 400, msg: translateMessage('en', 'validation.translationsMissing', { count: 1 }), errors: { title_en: missing } },
    });
    await render('/admin/library/new', '/admin/library/:id', <AdminEbookScreen />);
    await waitFor(() => expect($('[data-testid="admin-ebook-form"]')).not.toBeNull());

    // Nothing sent without a title in either language (the shared schema, in the browser).
    await click('[data-testid="admin-ebook-published"]');
    await waitFor(() => expect($('[data-testid="error-title"]')?.textContent).toBe('Enter the title in at least one language.'));
    expect(requests('POST', '/api/admin/ebooks')).toHaveLength(0);

    await type('[data-testid="field-title"]', 'مدخل إلى المكتبات الرقمية');
    await type('[data-testid="field-abstract"]', 'ملخص');
    await type('[data-testid="field-abstract_en"]', 'An abstract');
    await type('[data-testid="field-keywords"]', 'مكتبات، digital');
    await click('[data-testid="admin-ebook-published"]');
    await waitFor(() => expect($('[data-testid="missing-translations"]')?.textContent).toContain('Title (English)'));
    expect($('[data-testid="error-title_en"]')?.textContent).toBe(missing);
    expect(JSON.parse(requests('POST', '/api/admin/ebooks')[0]!.body)).toMatchObject({ title: 'مدخل إلى المكتبات الرقمية', title_en: '', keywords: ['مكتبات', 'digital'], category_id: null, file: null });
    expect(JSON.parse(requests('POST', '/api/admin/ebooks/5/status')[0]!.body)).toEqual({ status: 'published', version: 1 });
    await waitFor(() => expect(where).toBe('/admin/library/5'));
  });

  it('a save over a newer version says so and offers to reload', async () => {
    api.answers.set('GET /api/admin/ebooks/5', { status: 200, body: { status: true, data: ebook } });
    api.answers.set('PUT /api/admin/ebooks/5', { status: 409, body: { status: false, err: 409, msg: translateMessage('en', 'validation.staleEdit') } });
    await render('/admin/library/5', '/admin/library/:id', <AdminEbookScreen />);
    await waitFor(() => expect($<HTMLInputElement>('[data-testid="field-title"]')?.value).toBe('مدخل إلى المكتبات الرقمية'));
    await type('[data-testid="field-title_en"]', 'An Introduction');
    await act(async () => $<HTMLFormElement>('[data-testid="admin-ebook-form"]')!.requestSubmit());
    await waitFor(() => expect($('[data-testid="content-notice"]')?.textContent).toContain('Someone else saved a newer version'));
    expect(JSON.parse(requests('PUT', '/api/admin/ebooks/5')[0]!.body)).toMatchObject({ title_en: 'An Introduction', version: 1 });
    api.answers.set('GET /api/admin/ebooks/5', { status: 200, body: { status: true, data: { ...ebook, title_en: 'Their title', version: 2 } } });
    // Counted from here: the previous test's editor, opened at its end, may still read this address.
    const readsBefore = requests('GET', '/api/admin/ebooks/5').length;
    await click('[data-testid="content-reload"]');
    await waitFor(() => expect($<HTMLInputElement>('[data-testid="field-title_en"]')?.value).toBe('Their title'));
    expect(requests('GET', '/api/admin/ebooks/5')).toHaveLength(readsBefore + 1);
    expect($('[data-testid="content-notice"]')).toBeNull();
  });
});

describe('AdminEbook: what is typed is kept in the tab until saved', () => {
  const field = (name: string) => $<HTMLInputElement | HTMLTextAreaElement>(`[data-testid="field-${name}"]`)!;

  it('a new item: brought back when the page is opened again, forgotten once saved', async () => {
    await render('/admin/library/new', '/admin/library/:id', <AdminEbookScreen />);
    await waitFor(() => expect($('[data-testid="admin-ebook-form"]')).not.toBeNull());
    await type('[data-testid="field-title"]', 'مدخل إلى المكتبات الرقمية');
    await type('[data-testid="field-abstract_en"]', 'A long abstract typed before the session ended.');

    await act(async () => {
      await i18next.changeLanguage('ar');
    });
    await render('/admin/library/new', '/admin/library/:id', <AdminEbookScreen />, 'again');
    await waitFor(() => expect($('[data-testid="admin-ebook-draft-restored"]')?.textContent).toBe('أعدنا ما كتبته هنا من قبل ولم يُحفظ. راجِعه ثم احفظه.'));
    expect(field('title').value).toBe('مدخل إلى المكتبات الرقمية');
    expect(field('abstract_en').value).toBe('A long abstract typed before the session ended.');

    api.answers.set('POST /api/admin/ebooks', { status: 201, body: { status: true, msg: 'Saved.', data: ebook } });
    api.answers.set('GET /api/admin/ebooks/5', { status: 200, body: { status: true, data: ebook } });
    await act(async () => $<HTMLFormElement>('[data-testid="admin-ebook-form"]')!.requestSubmit());
    await waitFor(() => expect(where).toBe('/admin/library/5'));
    expect(JSON.parse(requests('POST', '/api/admin/ebooks').at(-1)!.body)).toMatchObject({ abstract_en: 'A long abstract typed before the session ended.' });
    expect($('[data-testid="admin-ebook-draft-restored"]')).toBeNull();

    await render('/admin/library/new', '/admin/library/:id', <AdminEbookScreen />, 'third');
    await waitFor(() => expect($('[data-testid="admin-ebook-form"]')).not.toBeNull());
    expect($('[data-testid="admin-ebook-draft-restored"]')).toBeNull();
    expect(field('title').value).toBe('');
  });

  it('an item being edited: brought back over the same version; never over a version saved since', async () => {
    api.answers.set('GET /api/admin/ebooks/5', { status: 200, body: { status: true, data: ebook } });
    await render('/admin/library/5', '/admin/library/:id', <AdminEbookScreen />);
    await waitFor(() => expect(field('title')?.value).toBe('مدخل إلى المكتبات الرقمية'));
    await type('[data-testid="field-title_en"]', 'An Introduction');

    await render('/admin/library/5', '/admin/library/:id', <AdminEbookScreen />, 'again');
    await waitFor(() => expect($('[data-testid="admin-ebook-draft-restored"]')).not.toBeNull());
    await waitFor(() => expect(field('title_en').value).toBe('An Introduction'));

    api.answers.set('GET /api/admin/ebooks/5', { status: 200, body: { status: true, data: { ...ebook, title_en: 'Their title', version: 2 } } });
    await render('/admin/library/5', '/admin/library/:id', <AdminEbookScreen />, 'third');
    await waitFor(() => expect($<HTMLInputElement>('[data-testid="field-title_en"]')?.value).toBe('Their title'));
    expect($('[data-testid="admin-ebook-draft-restored"]')).toBeNull();
  });
});

describe('AdminLibrary', () => {
  it('sends the filters of the address; an approved research opens its own editor', async () => {
    const item = (id: number, researchId: number | null): AdminEbookItem => ({ ...ebook, id, title_en: `Item ${id}`, research_id: researchId, status: 'published' });
    api.answers.set('GET /api/admin/ebooks', { status: 200, body: { status: true, data: [item(1, null), item(2, 40)], tot: 2 } });
    await render('/admin/library?status=draft&collection=ebooks&q=كتب&page=2', '/admin/library', <AdminLibrary />);
    await waitFor(() => expect($$('[data-testid="admin-library-row"]').length).toBe(2));
    const call = requests('GET', '/api/admin/ebooks')[0]!;
    expect(Object.fromEntries(new URLSearchParams(call.query))).toEqual({ q: 'كتب', status: 'draft', collection: 'ebooks', page: '2', limit: '20' });
    const [plain, research] = $$('[data-testid="admin-library-row"]');
    expect(plain!.querySelector('a')?.getAttribute('href')).toBe('/admin/library/1');
    expect(research!.querySelector('a')?.getAttribute('href')).toBe('/admin/research/40/edit');
    expect(research!.querySelector('[data-testid="admin-library-research"]')).not.toBeNull();
    expect(plain!.querySelector('[data-testid="content-status"]')?.textContent).toBe('Published');
  });

  it('an item opened from a filtered page of the list goes back to that page, search and filters kept', async () => {
    api.answers.set('GET /api/admin/ebooks', { status: 200, body: { status: true, data: [{ ...ebook, id: 5 }], tot: 41 } });
    api.answers.set('GET /api/admin/ebooks/5', { status: 200, body: { status: true, data: ebook } });
    await view.render(
      <MemoryRouter initialEntries={['/admin/library?status=draft&q=statistics&page=2']}>
        <Routes>
          <Route path="/admin/library" element={<AdminLibrary />} />
          <Route path="/admin/library/:id" element={<AdminEbookScreen />} />
        </Routes>
      </MemoryRouter>,
    );
    await clickOn(await waitFor(() => $('[data-testid="admin-library-row"] a')!));
    const back = await waitFor(() => $('[data-testid="admin-ebook-back"]')!);
    expect(back.getAttribute('href')).toBe('/admin/library?status=draft&q=statistics&page=2');
  });
});

describe('AdminCommunityCategories', () => {
  it('asks before deleting, then says why a category in use stays (in Arabic)', async () => {
    await act(async () => {
      await i18next.changeLanguage('ar');
    });
    const category: AdminCommunityCategory = { id: 3, name: 'التربية', name_en: 'Education', sort_order: 1, version: 2, research: 4, library: 1 };
    api.answers.set('GET /api/admin/community-categories', { status: 200, body: { status: true, data: [category], tot: 1 } });
    const refusal = translateMessage('ar', 'validation.categoryInUse', { count: 5 });
    api.answers.set('DELETE /api/admin/community-categories/3', { status: 409, body: { status: false, err: 409, msg: refusal } });
    await render('/admin/community-categories', '/admin/community-categories', <AdminCommunityCategories />);
    await waitFor(() => expect($$('[data-testid="category-row"]').length).toBe(1));
    expect($('[data-testid="category-in-use"]')).not.toBeNull();
    await click('[data-testid="category-delete"]');
    expect(requests('DELETE', '/api/admin/community-categories/3')).toHaveLength(0);
    expect($('[data-testid="category-delete-confirm"]')?.textContent).toContain('حذف «التربية»');
    await click('[data-testid="category-delete-yes"]');
    await waitFor(() => expect($('[data-testid="categories-notice"]')?.textContent).toBe(refusal));
    expect(requests('DELETE', '/api/admin/community-categories/3')[0]!.query).toBe('version=2');
    expect($('[data-testid="content-reload"]')).toBeNull();
  });
});

describe('ResearchMetadata', () => {
  it('sends the metadata with the updated_at it started from', async () => {
    const research = {
      id: 12,
      title: 'عنوان',
      title_en: 'A title',
      description: 'وصف',
      description_en: 'A description',
      abstract: 'The abstract',
      category_id: 1,
      other_category: null,
      status: 'approved',
      updated_at: '2026-04-02T08:30:00.123Z',
      library_id: 70,
    } as unknown as ReviewDetails;
    api.answers.set('GET /api/review/research/12', { status: 200, body: { status: true, data: research } });
    api.answers.set('PUT /api/admin/research/12', { status: 200, body: { status: true, msg: 'Saved.', data: research } });
    await render('/admin/research/12/edit', '/admin/research/:id/edit', <ResearchMetadata />);
    await waitFor(() => expect($('[data-testid="research-metadata-form"]')).not.toBeNull());
    expect($('[data-testid="research-metadata-remove"]')?.getAttribute('href')).toBe('/admin/research/12');
    await type('[data-testid="field-title_en"]', 'A revised title');
    await act(async () => $<HTMLFormElement>('[data-testid="research-metadata-form"]')!.requestSubmit());
    await waitFor(() => expect($('[data-testid="content-notice"]')?.textContent).toBe('Saved.'));
    expect(JSON.parse(requests('PUT', '/api/admin/research/12')[0]!.body)).toMatchObject({ title_en: 'A revised title', category_id: 1, updated_at: '2026-04-02T08:30:00.123Z' });
  });
});
