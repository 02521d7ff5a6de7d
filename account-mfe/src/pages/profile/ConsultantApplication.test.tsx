/**
 * The consultant application through the real `apiClient` against the shared test API server: an
 * untouched form shows no group's problem ("choose at least one language", "choose 1 to 10
 * fields"); a group's problem shows once that group was touched, and every problem once a submit
 * was tried (which asks the API nothing).
 */
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { $, click, render, setUp, tearDown, submit, waitFor } from '../../test/harness';
import '../../i18n/consultations';
import { ConsultantApplication } from './ConsultantApplication';

const api = testApiServerPerFile();
const FIELDS = [{ id: 1, name: 'اللسانيات', name_en: 'Linguistics' }, { id: 2, name: 'الفيزياء', name_en: 'Physics' }];

async function openForm() {
  await render(<MemoryRouter><ConsultantApplication profile={null} onSaved={() => undefined} onReload={() => undefined} /></MemoryRouter>);
  await click($('[data-testid="consultant-application-open"]'));
  await waitFor(() => expect($('[data-testid="application-fields"] input')).not.toBeNull());
}

beforeEach(() => {
  api.answers.set('GET /api/community-categories', { status: 200, body: { status: true, data: FIELDS } });
});
afterEach(tearDown);

describe('profile: the consultant application’s problems wait for the user', { timeout: 30_000 }, () => {
  it('says nothing on an untouched form, then names a touched group’s problem', async () => {
    await setUp('en');
    await openForm();
    expect($('[data-testid="application-languages-problem"]')).toBeNull();
    expect($('[data-testid="application-fields-problem"]')).toBeNull();

    // Arabic chosen, then unchosen: now the languages say so (the fields, untouched, still do not).
    await click($('[data-testid="application-language-ar"]'));
    expect($('[data-testid="application-languages-problem"]')).toBeNull();
    await click($('[data-testid="application-language-ar"]'));
    expect($('[data-testid="application-languages-problem"]')?.textContent).toBe('Choose at least one language.');
    expect($('[data-testid="application-fields-problem"]')).toBeNull();
  });

  it('names every problem once a submit was tried, in Arabic too', async () => {
    await setUp('ar');
    await openForm();
    expect($('[data-testid="application-languages-problem"]')).toBeNull();
    await submit($('[data-testid="consultant-application-form"]'));
    expect($('[data-testid="application-languages-problem"]')?.textContent).toBeTruthy();
    expect($('[data-testid="application-fields-problem"]')?.textContent).toBeTruthy();
    expect($('[data-testid="application-error"]')).not.toBeNull();
    expect(api.seen.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});
