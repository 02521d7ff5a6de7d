/**
 * The e-mail change's code step of the profile form, through the real `apiClient` and
 * `../../api/profile` against the shared test API server (real HTTP on 127.0.0.1; nothing of ours
 * replaced): a saved profile with a pending address shows the step (Arabic texts, the address
 * isolated for RTL), a malformed code is refused before any call, a wrong code shows the server's
 * message under the field, the right one switches the address, and "taken meanwhile" (409) closes
 * the step with its message.
 */
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { Profile } from '@scholars/shared-contracts/schemas';
import { profileFixture } from '../../test/profile-fixture';
import { $, click, render, setUp, submit, tearDown, type, waitFor } from '../../test/harness';
import { EditProfileTab } from './EditProfileTab';

const profile = profileFixture({ email: 'old@example.ae' });

const api = testApiServerPerFile();
const onSaved = vi.fn();
const step = () => $('[data-testid="email-code-step"]');
const codeInput = () => step()!.querySelector<HTMLInputElement>('input');
const sentCodes = () => api.seen.filter((request) => request.method === 'POST' && request.path === '/api/profile/email/confirm').map((request) => JSON.parse(request.body) as unknown);

async function open(value: Profile) {
  await render(
    <MemoryRouter>
      <EditProfileTab profile={value} onSaved={onSaved} />
    </MemoryRouter>,
  );
}

function signIn() {
  tokenStore.getState().setSession({ accessToken: 'token', user: { id: 7, name: 'مريم', email: 'old@example.ae', role: 'user' } });
}

beforeEach(async () => {
  onSaved.mockReset();
  await setUp('ar');
  signIn();
});
afterEach(tearDown);

describe('profile form: e-mail change code step', { timeout: 30_000 }, () => {
  it('asks for the code after a new address is saved; the address changes only when the code is accepted', async () => {
    await open(profile);
    expect(step()).toBeNull();
    api.answers.set('PUT /api/profile', { status: 200, body: { status: true, msg: 'sent', data: { ...profile, pending_email: 'new@example.ae' } } });
    await type($<HTMLInputElement>('input[type="email"]'), 'new@example.ae');
    await type($<HTMLInputElement>('input[autocomplete="current-password"]'), 'my password');
    await submit($('[data-testid="profile-form"]'));

    // The step, in Arabic, names both addresses (isolated so they read left to right).
    await waitFor(() => expect(step()?.textContent).toContain('أكّد بريدك الإلكتروني الجديد'));
    const saved = api.seen.filter((request) => request.method === 'PUT' && request.path === '/api/profile');
    expect(saved).toHaveLength(1);
    expect(JSON.parse(saved[0]!.body)).toEqual(expect.objectContaining({ email: 'new@example.ae', current_password: 'my password' }));
    expect(step()?.textContent).toContain('\u2068new@example.ae\u2069');
    expect(step()?.textContent).toContain('\u2068old@example.ae\u2069');
    expect($<HTMLInputElement>('input[type="email"]')!.value).toBe('old@example.ae');
    expect(codeInput()!.dir).toBe('ltr');

    // A malformed code never reaches the API (the codes sent are checked below).
    await type(codeInput(), '12ab');
    await submit(step());
    await waitFor(() => step()?.querySelector('[role="alert"]')?.textContent);

    const wrong = 'رمز التحقق غير صحيح.';
    api.answers.set('POST /api/profile/email/confirm', { status: 400, body: { status: false, msg: wrong, err: 'otp_invalid', errors: { code: wrong } } });
    await type(codeInput(), '123456');
    await submit(step());
    await waitFor(() => expect(sentCodes()).toEqual([{ code: '123456' }]));
    await waitFor(() => expect(step()?.querySelector('[role="alert"]')?.textContent).toBe(wrong));
    expect(tokenStore.getState().user?.email).toBe('old@example.ae');

    api.answers.set('POST /api/profile/email/confirm', { status: 200, body: { status: true, msg: 'done', data: { ...profile, email: 'new@example.ae', pending_email: null } } });
    await type(codeInput(), '654321');
    await submit(step());
    await waitFor(() => expect(step()).toBeNull());
    expect(sentCodes()).toEqual([{ code: '123456' }, { code: '654321' }]);
    expect($<HTMLInputElement>('input[type="email"]')!.value).toBe('new@example.ae');
    expect(tokenStore.getState().user?.email).toBe('new@example.ae');
    expect(onSaved).toHaveBeenCalled();
    // The confirmed address is no draft to bring back on the next visit.
    expect(Object.keys(window.sessionStorage).filter((key) => key.includes('profile-details'))).toEqual([]);
  });

  it('closes the step with the message when the address was taken meanwhile; can drop the change', async () => {
    await open({ ...profile, pending_email: 'new@example.ae' });
    expect(step()).not.toBeNull();
    const taken = 'سُجّل هذا البريد الإلكتروني في حساب آخر في هذه الأثناء. لم يتغير بريدك الإلكتروني.';
    api.answers.set('POST /api/profile/email/confirm', { status: 409, body: { status: false, msg: taken, err: 409 } });
    await type(codeInput(), '123456');
    await submit(step());
    await waitFor(() => expect(step()).toBeNull());
    expect(sentCodes()).toEqual([{ code: '123456' }]);
    expect($('[data-testid="profile-form"] [role="alert"]')?.textContent).toBe(taken);
    expect($<HTMLInputElement>('input[type="email"]')!.value).toBe('old@example.ae');

    // A fresh page with another pending change: "keep my current address" drops it.
    tearDown();
    await setUp('ar');
    signIn();
    await open({ ...profile, pending_email: 'other@example.ae' });
    api.answers.set('DELETE /api/profile/email', { status: 200, body: { status: true, msg: 'canceled', data: { ...profile, pending_email: null } } });
    await click($('[data-testid="email-code-cancel"]'));
    await waitFor(() => expect(step()).toBeNull());
    expect(api.seen.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['/api/profile/email']);
  });
});
