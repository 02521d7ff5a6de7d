/**
 * The library's zod-free reads (./library, ./community-categories, ./universities) through the real
 * shared `apiClient`, against a real HTTP server (node:http on 127.0.0.1, random port) answering
 * like the API: the envelope's shape is checked without zod, and failures become the same ApiErrors
 * the pages told apart before (`status: false` -> `kind: 'rejected'` with the HTTP status, `msg` and
 * `err`). Nothing is mocked.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { BILLING_ERR } from '@scholars/shared-contracts/constants';
import type { LibraryDetails, LibraryItem, ResearchFileLink } from '@scholars/shared-contracts/schemas';
import { fetchCategories } from './community-categories';
import { fetchCitation, fetchLibraryFileLink, fetchLibraryItem, fetchLibraryPage } from './library';
import { fetchUniversities } from './universities';

const item: LibraryItem = {
  id: 7,
  collection: 'ebooks',
  doc_type: 'book',
  title: 'كتاب',
  title_en: 'A book',
  author: null,
  author_en: 'An author',
  category_id: null,
  category: null,
  university_id: null,
  university: null,
  published_year: 2020,
  language: 'en',
  image: null,
  has_file: true,
  research_id: null,
};
const details: LibraryDetails = { ...item, abstract: '', abstract_en: 'About it', publisher: null, publisher_en: null, isbn: null, pages: 10, keywords: [], file: null, updated: '2026-01-01T00:00:00.000Z' };
const link: ResearchFileLink = {
  name: 'book.pdf',
  size: 1000,
  mime: 'application/pdf',
  view_url: 'library/7/file?token=t',
  download_url: 'library/7/file?token=t&download=1',
  inline: true,
  expires_at: '2026-01-01T00:15:00.000Z',
};

const api = testApiServerPerFile();

async function failure(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded');
}

describe('library reads without zod', () => {
  it('returns the data of success envelopes', async () => {
    api.answers.set('GET /api/community-categories', { status: 200, body: { status: true, data: [{ id: 1, name: 'عام', name_en: 'General' }] } });
    api.answers.set('GET /api/universities', { status: 200, body: { status: true, data: [] } });
    api.answers.set('POST /api/library/paginate', { status: 200, body: { status: true, data: [item], tot: 12 } });
    api.answers.set('GET /api/library/7', { status: 200, body: { status: true, data: details } });
    api.answers.set('POST /api/library/7/file-link', { status: 200, body: { status: true, data: link } });

    expect(await fetchCategories()).toEqual([{ id: 1, name: 'عام', name_en: 'General' }]);
    expect(await fetchUniversities()).toEqual([]);
    expect(await fetchLibraryPage({ collection: 'ebooks', search: '', limit: 9, page: 2, col: 'updated' })).toEqual({ data: [item], tot: 12 });
    expect(await fetchLibraryItem('7')).toEqual(details);
    expect(await fetchLibraryFileLink(7)).toEqual(link);
  });

  it('turns a GET answered `status: false` into the ApiError the details page reads (not found vs failed)', async () => {
    api.answers.set('GET /api/library/8', { status: 404, body: { status: false, msg: 'Not found', err: 404 } });
    const error = await failure(fetchLibraryItem('8'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'rejected', status: 404, msg: 'Not found', err: 404 });

    api.answers.set('GET /api/universities', { status: 401, body: { status: false, msg: 'Sign in', err: 401 } });
    expect(await failure(fetchUniversities())).toMatchObject({ name: 'ApiError', kind: 'rejected', status: 401, msg: 'Sign in' });
  });

  it('keeps the paywall answer of the file link: 403 `subscription_required`', async () => {
    api.answers.set('POST /api/library/7/file-link', {
      status: 403,
      body: { status: false, msg: 'You need an active subscription to view this page', err: BILLING_ERR.subscriptionRequired },
    });
    const error = await failure(fetchLibraryFileLink(7));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'rejected', status: 403, err: 'subscription_required', msg: 'You need an active subscription to view this page' });
  });

  it('refuses an answer of the wrong shape', async () => {
    api.answers.set('GET /api/library/9', { status: 200, body: { status: true, data: [details] } });
    await expect(fetchLibraryItem('9')).rejects.toThrow('Unexpected response shape: library');
    api.answers.set('GET /api/community-categories', { status: 200, body: { status: true, data: { id: 1 } } });
    await expect(fetchCategories()).rejects.toThrow('Unexpected response shape: community-categories');
    api.answers.set('POST /api/library/paginate', { status: 200, body: { status: true, data: [item] } });
    await expect(fetchLibraryPage({ limit: 9, page: 1, col: 'updated', search: '' })).rejects.toThrow('Unexpected response shape: library/paginate');
    api.answers.set('POST /api/library/7/file-link', { status: 200, body: { status: true } });
    await expect(fetchLibraryFileLink(7)).rejects.toThrow('Unexpected response shape: library/file-link');
  });

  it('reads a citation as text with the name the server gives it', async () => {
    api.answers.set('GET /api/library/7/citation', {
      status: 200,
      body: '@book{item7,\n  title = {A book}\n}\n',
      headers: { 'Content-Type': 'application/x-bibtex; charset=utf-8', 'Content-Disposition': 'attachment; filename="a-book.bib"' },
    });
    expect(await fetchCitation(7, 'bibtex')).toEqual({ text: '@book{item7,\n  title = {A book}\n}\n', name: 'a-book.bib', type: 'application/x-bibtex; charset=utf-8' });
    api.answers.set('GET /api/library/8/citation', { status: 404, body: { status: false, msg: 'Not found', err: 404 } });
    expect(await failure(fetchCitation(8, 'ris'))).toMatchObject({ name: 'ApiError', status: 404, msg: 'Not found' });
  });
});
