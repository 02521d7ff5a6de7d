/**
 * The edit tab's "Your data" section, through the real `apiClient` against the shared test API
 * server (real HTTP on 127.0.0.1): it loads (its own chunk, Arabic texts) between the password form
 * and "Close account"; the button fetches `profile/export` through the API client and saves the
 * answer as the file the server named; while it waits the button says so and cannot be pressed
 * again; the limit's 429 shows the server's localized message, a failure without one a localized one.
 */
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { click as clickOnly } from '@scholars/shared-contracts/testing/render-root';
import { translateMessage } from '@scholars/shared-contracts/schemas';
import { profileFixture } from '../../test/profile-fixture';
import { $, click, recordSavedFiles, render, setUp, tearDown, waitFor } from '../../test/harness';
import { EditProfileTab } from './EditProfileTab';

const api = testApiServerPerFile();
const exportCalls = () => api.seen.filter((request) => request.method === 'GET' && request.path === '/api/profile/export');
const button = () => $<HTMLButtonElement>('[data-testid="data-export-download"]');
const DOCUMENT = { format: 'scholars-hub-member-data', version: 1, account: { email: 'mariam@example.ae', name: 'مريم' } };

let saved: ReturnType<typeof recordSavedFiles>;
const files = () => saved.files;

async function open() {
  await render(
    <MemoryRouter>
      <EditProfileTab profile={profileFixture()} onSaved={() => undefined} />
    </MemoryRouter>,
  );
  await waitFor(() => expect(button()).not.toBeNull());
}

beforeEach(async () => {
  await setUp('ar');
  tokenStore.getState().setSession({ accessToken: 'token-of-mariam', user: { id: 7, name: 'مريم', email: 'mariam@example.ae', role: 'user' } });
  saved = recordSavedFiles();
});
afterEach(() => {
  saved.stop();
  tearDown();
});

describe('profile: your data', { timeout: 30_000 }, () => {
  it('says what the file holds, in Arabic, between the password form and "Close account"', async () => {
    await open();
    const section = $('[data-testid="data-export"]')!;
    expect(section.querySelector('h2')?.textContent).toBe('بياناتك');
    expect(section.textContent).toContain('ملف JSON');
    expect(button()!.textContent).toBe('تنزيل بياناتي');
    const password = $('[data-testid="password-form"]')!;
    expect(password.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect($('[data-testid="close-account"]')).not.toBeNull());
    expect(section.compareDocumentPosition($('[data-testid="close-account"]')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(exportCalls()).toEqual([]);
  });

  it('downloads the file through the API client and saves it under the server’s name; busy meanwhile', async () => {
    await open();
    api.answers.set('GET /api/profile/export', {
      status: 200,
      body: DOCUMENT,
      headers: { 'Content-Disposition': 'attachment; filename="scholars-hub-data-2026-03-15.json"', 'Cache-Control': 'no-store' },
    });
    // The click alone (no waiting for the answer, which comes over the network): busy at once.
    await clickOnly(button());
    expect(button()!.textContent).toBe('جارٍ تجهيز الملف…');
    expect(button()!.disabled).toBe(true);
    await waitFor(() => expect(files()).toHaveLength(1));
    expect(files()[0]!.name).toBe('scholars-hub-data-2026-03-15.json');
    expect(JSON.parse(new TextDecoder().decode(await files()[0]!.blob.arrayBuffer()))).toEqual(DOCUMENT);
    await waitFor(() => expect(button()!.textContent).toBe('تنزيل بياناتي'));
    expect(button()!.disabled).toBe(false);
    expect(exportCalls()).toHaveLength(1);
    expect($('[data-testid="data-export-error"]')).toBeNull();
  });

  it('shows the limit’s refusal as the server worded it, and its own message when the server gave none', async () => {
    await open();
    const limited = translateMessage('ar', 'validation.dataExportRateLimited', { minutes: 42 });
    api.answers.set('GET /api/profile/export', { status: 429, body: { status: false, err: 429, msg: limited }, headers: { 'Retry-After': '2520' } });
    await click(button());
    await waitFor(() => expect($('[data-testid="data-export-error"]')?.textContent).toBe(limited));
    expect(files()).toEqual([]);
    expect(button()!.disabled).toBe(false);

    api.answers.set('GET /api/profile/export', { status: 502, body: 'Bad gateway', headers: { 'Content-Type': 'text/plain' } });
    await click(button());
    await waitFor(() => expect($('[data-testid="data-export-error"]')?.textContent).not.toBe(limited));
    expect($('[data-testid="data-export-error"]')?.textContent).toBeTruthy();
    expect(files()).toEqual([]);
  });
});
