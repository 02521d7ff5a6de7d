/**
 * The consultant application through the real `apiClient` against the shared test API server: an
 * untouched form shows no group's problem ("choose at least one language", "choose 1 to 10
 * fields"); a group's problem shows once that group was touched, and every problem once a submit
 * was tried (which asks the API nothing).
 */
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { tokenStore } from '@scholars/shared-contracts';
import { $, $$, click, render, setUp, tearDown, submit, type, waitFor } from '../../test/harness';
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

describe('profile: the consultant application is kept in the tab until sent', { timeout: 30_000 }, () => {
  afterEach(() => window.sessionStorage.clear());
  const signIn = (id: number) => tokenStore.getState().setSession({ accessToken: `token-${id}`, user: { id, name: `Member ${id}`, email: `m${id}@example.ae`, role: 'user' } });

  it('opens again with the bios, the chosen fields and languages and the availability rows, for the same account only', async () => {
    await setUp('ar');
    signIn(5);
    await openForm();
    await type($('[data-testid="application-bio"]'), 'أستاذة مشاركة في اللسانيات الحاسوبية');
    await type($('[data-testid="application-bio-en"]'), 'Associate professor of computational linguistics');
    await click($$<HTMLInputElement>('[data-testid="application-fields"] input')[1]!);
    await click($('[data-testid="application-language-en"]'));
    await type($('[data-testid="availability-weekday"]'), '3');
    tearDown();

    // The session ended and the member signed in again: the form opens by itself, as it was left.
    await setUp('ar');
    signIn(5);
    await render(<MemoryRouter><ConsultantApplication profile={null} onSaved={() => undefined} onReload={() => undefined} /></MemoryRouter>);
    await waitFor(() => expect($('[data-testid="application-fields"] input')).not.toBeNull());
    expect($('[data-testid="application-draft-restored"]')?.textContent).toBe('أعدنا ما ملأته هنا من قبل. راجِعه ثم أرسله.');
    expect($<HTMLTextAreaElement>('[data-testid="application-bio"]')!.value).toBe('أستاذة مشاركة في اللسانيات الحاسوبية');
    expect($<HTMLTextAreaElement>('[data-testid="application-bio-en"]')!.value).toBe('Associate professor of computational linguistics');
    expect($$<HTMLInputElement>('[data-testid="application-fields"] input').map((box) => box.checked)).toEqual([false, true]);
    expect($<HTMLInputElement>('[data-testid="application-language-en"]')!.checked).toBe(true);
    expect($<HTMLInputElement>('[data-testid="application-language-ar"]')!.checked).toBe(false);
    expect($<HTMLSelectElement>('[data-testid="availability-weekday"]')!.value).toBe('3');
    tearDown();

    // Another account starts from an empty form, closed.
    await setUp('ar');
    signIn(6);
    await render(<MemoryRouter><ConsultantApplication profile={null} onSaved={() => undefined} onReload={() => undefined} /></MemoryRouter>);
    expect($('[data-testid="consultant-application-form"]')).toBeNull();
    await click($('[data-testid="consultant-application-open"]'));
    expect($('[data-testid="application-draft-restored"]')).toBeNull();
    expect($<HTMLTextAreaElement>('[data-testid="application-bio"]')!.value).toBe('');
  });
});
