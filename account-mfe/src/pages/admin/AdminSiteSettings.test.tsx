/**
 * The site settings screen of the console, through the real `apiClient` against the shared test API
 * server: the footer's made-by credit is edited with the other settings; a link that is not an
 * https address is refused in the browser (the shared schema, in the console's language) and
 * nothing is sent; a saved credit goes to the API with the version.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { validationMessages, type AdminSiteSettings as Settings } from '@scholars/shared-contracts/schemas';
import type { Locale } from '@scholars/shared-contracts/locale';
import { $, render, setUp, submit, tearDown, type, waitFor } from '../../test/harness';
import { AdminSiteSettings } from './AdminSiteSettings';

const PATH = '/api/admin/site-settings';
const settings: Settings = {
  address: 'دبي، الإمارات العربية المتحدة',
  address_en: 'Dubai, United Arab Emirates',
  email: 'info@scholars-hub.example',
  phone: '+971 4 000 0000',
  facebook: null,
  twitter: null,
  linkedin: null,
  instagram: null,
  youtube: null,
  made_by_name: 'فريق الهندسة',
  made_by_name_en: 'The engineering team',
  made_by_url: null,
  version: 4,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const api = testApiServerPerFile();
const requests = (method: string) => api.seen.filter((request) => request.method === method && request.path === PATH);

async function open(locale: Locale) {
  await setUp(locale);
  api.answers.set(`GET ${PATH}`, { status: 200, body: { status: true, data: settings } });
  await render(<AdminSiteSettings />);
  await waitFor(() => expect(($('[data-testid="field-made_by_name_en"]') as HTMLInputElement | null)?.value).toBe('The engineering team'));
}

afterEach(tearDown);

describe('console: site settings, the footer made-by credit', { timeout: 30_000 }, () => {
  it('refuses a link that is not an https address in the browser: nothing is sent', async () => {
    await open('ar');
    expect(($('[data-testid="field-made_by_url"]') as HTMLInputElement).value).toBe('');
    await type($('[data-testid="field-made_by_url"]'), 'javascript:alert(1)');
    await submit($('[data-testid="settings-form"]'));
    await waitFor(() => expect($('[data-testid="error-made_by_url"]')?.textContent).toBe(validationMessages.ar.linkInvalid));
    expect(requests('PUT')).toEqual([]);
  });

  it('saves the credit with the other settings and the version', async () => {
    api.answers.set(`PUT ${PATH}`, { status: 200, body: { status: true, msg: 'Saved.', data: { ...settings, made_by_url: 'https://makers.example/team', version: 5 } } });
    await open('en');
    await type($('[data-testid="field-made_by_url"]'), 'https://makers.example/team');
    await submit($('[data-testid="settings-form"]'));
    await waitFor(() => requests('PUT').length === 1);
    expect(JSON.parse(requests('PUT')[0]!.body)).toMatchObject({
      made_by_name: 'فريق الهندسة',
      made_by_name_en: 'The engineering team',
      made_by_url: 'https://makers.example/team',
      email: 'info@scholars-hub.example',
      version: 4,
    });
  });
});
