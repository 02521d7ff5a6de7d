/**
 * The ads screen of the console (Arabic), through the real `apiClient` against the shared test API
 * server: a new ad needs its image and a valid link before anything is sent (the shared schema, in
 * the browser); the search goes to the address and the API; deleting is confirmed, sends the
 * version, and a refusal stays on screen with a Reload.
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { validationMessages, type AdminAd } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, submit, tearDown, type, waitFor } from '../../test/harness';
import { AdminAds } from './AdminAds';

const LIST = '/api/admin/ads';
const ar = validationMessages.ar;

const ad: AdminAd = {
  id: 7,
  title: 'إعلان المؤتمر',
  title_en: 'Conference notice',
  image_url: 'public/images/content/ad.png',
  link: null,
  active: true,
  starts_at: null,
  ends_at: null,
  live: true,
  sort_order: 1,
  version: 3,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const api = testApiServerPerFile();
const requests = (method: string, path: string) => api.seen.filter((request) => request.method === method && request.path === path);

async function open(path: string) {
  api.answers.set(`GET ${LIST}`, { status: 200, body: { status: true, data: [ad], tot: 1 } });
  await render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/ads" element={<AdminAds />} />
      </Routes>
    </MemoryRouter>,
  );
  await waitFor(() => expect($('[data-testid="content-row"]')).not.toBeNull());
}

beforeEach(async () => {
  await setUp('ar');
});
afterEach(tearDown);

describe('console: ads', { timeout: 30_000 }, () => {
  it('a new ad needs an image and a valid link: checked in the browser, nothing sent', async () => {
    await open('/admin/ads?edit=new');
    await type($('[data-testid="field-title"]'), 'إعلان جديد');
    await type($('[data-testid="field-title_en"]'), 'New notice');
    await type($('[data-testid="field-link"]'), 'ftp://files.example/notice');
    await submit($('[data-testid="ad-editor"] form'));
    await waitFor(() => expect($('[data-testid="error-link"]')?.textContent).toBe(ar.adLinkInvalid));
    expect($('[data-testid="error-image_url"]')?.textContent).toBe(ar.required);
    expect(requests('POST', LIST)).toEqual([]);
  });

  it('searches through the address, and shows the state in words', async () => {
    await open('/admin/ads');
    expect($('[data-testid="content-state"]')?.textContent).toBe('معروض الآن');
    await type($('[data-testid="admin-ads-q"]'), 'مؤتمر');
    await submit($('form[role="search"]'));
    await waitFor(() => expect(requests('GET', LIST)).toHaveLength(2));
    expect(decodeURIComponent(requests('GET', LIST)[1]!.query)).toBe('q=مؤتمر&page=1&limit=20');
  });

  it('deletes after confirmation with the version; a refusal stays with a Reload', async () => {
    await open('/admin/ads');
    await click($('[data-testid="content-delete"]'));
    expect($('[data-testid="admin-confirm"]')?.textContent).toContain('إعلان المؤتمر');
    api.answers.set(`DELETE ${LIST}/7`, { status: 409, body: { status: false, err: 409, msg: ar.staleEdit } });
    await click($$('[data-testid="admin-confirm"] button').at(-1)!);
    await waitFor(() => expect($('[data-testid="delete-refused"]')?.textContent).toContain(ar.staleEdit));
    expect(requests('DELETE', `${LIST}/7`)[0]?.query).toBe('version=3');
    await click($('[data-testid="delete-refused"] button'));
    await waitFor(() => expect(requests('GET', LIST)).toHaveLength(2));
    expect($('[data-testid="delete-refused"]')).toBeNull();
  });
});
