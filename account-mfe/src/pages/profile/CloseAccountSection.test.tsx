/**
 * The edit tab's "Close account" section, through the real `apiClient` and `../../api/profile`
 * against the shared test API server (real HTTP on 127.0.0.1): the section loads below the password
 * form (its own chunk, Arabic texts), the dialog asks for the current password (an empty one is
 * refused before any call with the shared schema's message), the server's refusals show in the
 * dialog (a wrong password under the field, a 409 as an alert), and a success ends the session, goes
 * home and leaves the server's message in a toast.
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventBus, tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { successMessages, validationMessages } from '@scholars/shared-contracts/schemas';
import { profileFixture } from '../../test/profile-fixture';
import { $, click, render, setUp, tearDown, type, waitFor } from '../../test/harness';
import { EditProfileTab } from './EditProfileTab';

const profile = profileFixture();

const api = testApiServerPerFile();
const closeCalls = () => api.seen.filter((request) => request.method === 'POST' && request.path === '/api/profile/close').map((request) => JSON.parse(request.body) as unknown);
const dialog = () => $('[data-testid="close-account-dialog"]');
const passwordInput = () => $<HTMLInputElement>('[data-testid="close-account-password"]');

async function open() {
  await render(
    <MemoryRouter initialEntries={['/profile']}>
      <Routes>
        <Route path="/profile" element={<EditProfileTab profile={profile} onSaved={() => undefined} />} />
        <Route path="/" element={<p data-testid="home-page">home</p>} />
      </Routes>
    </MemoryRouter>,
  );
  await waitFor(() => expect($('[data-testid="close-account-open"]')).not.toBeNull());
}

beforeEach(async () => {
  await setUp('ar');
  tokenStore.getState().setSession({ accessToken: 'token', user: { id: 7, name: 'مريم', email: 'mariam@example.ae', role: 'user' } });
});
afterEach(tearDown);

describe('profile: close account', { timeout: 30_000 }, () => {
  it('says what closing does, below the password form, in Arabic', async () => {
    await open();
    const section = $('[data-testid="close-account"]')!;
    expect(section.querySelector('h2')?.textContent).toBe('إغلاق الحساب');
    expect(section.textContent).toContain('«عضو سابق»');
    // The last section of the tab, after the password form.
    const password = $('[data-testid="password-form"]')!;
    expect(password.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(dialog()).toBeNull();
  });

  it('asks for the current password; refusals stay in the dialog; "keep" closes it without a call', async () => {
    await open();
    await click($('[data-testid="close-account-open"]'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(dialog()!.textContent).toContain('هل تريد إغلاق حسابك؟');

    // Empty: the shared schema's message, nothing sent.
    await click($('[data-testid="close-account-dialog-confirm"]'));
    await waitFor(() => expect($('[data-testid="error-current_password"]')?.textContent).toBe(validationMessages.ar.currentPasswordRequired));
    expect(closeCalls()).toEqual([]);

    // Wrong password: the server's message under the field.
    const wrong = validationMessages.ar.currentPasswordWrong;
    api.answers.set('POST /api/profile/close', { status: 400, body: { status: false, err: 400, msg: wrong, errors: { current_password: wrong } } });
    await type(passwordInput(), 'not it');
    await click($('[data-testid="close-account-dialog-confirm"]'));
    await waitFor(() => expect($('[data-testid="error-current_password"]')?.textContent).toBe(wrong));
    expect(closeCalls()).toEqual([{ current_password: 'not it' }]);

    // A refusal of the account's state (409): its message as an alert, still signed in.
    const renews = validationMessages.ar.closeAccountSubscriptionRenews;
    api.answers.set('POST /api/profile/close', { status: 409, body: { status: false, err: 409, msg: renews } });
    await click($('[data-testid="close-account-dialog-confirm"]'));
    await waitFor(() => expect($('[data-testid="close-account-refusal"]')?.textContent).toBe(renews));
    expect(tokenStore.getState().isSignedIn).toBe(true);

    await click([...dialog()!.querySelectorAll('button')].find((button) => button.textContent === 'الإبقاء على حسابي')!);
    expect(dialog()).toBeNull();
    expect(closeCalls()).toHaveLength(2);
  });

  it('closes: the session ends, the member lands on the home page and the toast says the account is closed', async () => {
    const toasts: string[] = [];
    const off = eventBus.on('toast', (toast) => void toasts.push(toast.message));
    try {
      await open();
      api.answers.set('POST /api/profile/close', { status: 200, body: { status: true, msg: successMessages.ar.accountClosed } });
      await click($('[data-testid="close-account-open"]'));
      await waitFor(() => expect(passwordInput()).not.toBeNull());
      await type(passwordInput(), 'my real password');
      await click($('[data-testid="close-account-dialog-confirm"]'));
      await waitFor(() => expect($('[data-testid="home-page"]')).not.toBeNull());
      expect(closeCalls()).toEqual([{ current_password: 'my real password' }]);
      expect(tokenStore.getState().isSignedIn).toBe(false);
      expect(tokenStore.getState().user).toBeNull();
      expect(toasts).toContain(successMessages.ar.accountClosed);
    } finally {
      off();
    }
  });
});
