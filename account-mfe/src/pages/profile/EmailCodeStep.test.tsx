/**
 * The e-mail change's code step of the profile form, with the API calls replaced: a saved profile
 * with a pending address shows the step (Arabic texts, the address isolated for RTL), a malformed
 * code is refused before any call, a wrong code shows the server's message under the field, the
 * right one switches the address, and "taken meanwhile" (409) closes the step with its message.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ensureI18n, tokenStore } from '@scholars/shared-contracts';
import type { Profile } from '@scholars/shared-contracts/schemas';

const api = vi.hoisted(() => ({
  updateProfile: vi.fn(),
  confirmEmailChange: vi.fn(),
  resendEmailChange: vi.fn(),
  cancelEmailChange: vi.fn(),
  changePassword: vi.fn(),
  uploadAvatar: vi.fn(),
  removeAvatar: vi.fn(),
}));
vi.mock('../../api/profile', () => api);

const { EditProfileTab } = await import('./EditProfileTab');
const { registerTranslations } = await import('../../i18n');
await import('../../lib/profile-validation');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const profile: Profile = {
  id: 7,
  name: 'مريم',
  email: 'old@example.ae',
  phone: null,
  country: null,
  gender: null,
  bio: null,
  avatar: null,
  data_access: false,
  newsletter: false,
  locale: 'ar',
  role: 'user',
  roles: [],
  created_at: '2026-01-01T00:00:00.000Z',
  pending_email: null,
};

let container: HTMLDivElement;
let root: Root;
const onSaved = vi.fn();

async function render(value: Profile) {
  await act(async () => {
    root.render(
      <MemoryRouter>
        <EditProfileTab profile={value} onSaved={onSaved} />
      </MemoryRouter>,
    );
  });
}

const $ = <T extends Element = HTMLElement>(selector: string) => container.querySelector<T>(selector);
const step = () => $('[data-testid="email-code-step"]');

async function type(input: HTMLInputElement | null, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input!.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit(form: Element | null) {
  await act(async () => {
    (form as HTMLFormElement).requestSubmit();
  });
  // The form's checks are imported on submit, then the (mocked) call answers: let both settle.
  for (let i = 0; i < 10; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

beforeEach(async () => {
  ensureI18n(i18next, 'ar');
  registerTranslations();
  await i18next.changeLanguage('ar');
  Object.values(api).forEach((mock) => mock.mockReset());
  onSaved.mockReset();
  tokenStore.getState().setSession({ accessToken: 'token', user: { id: 7, name: 'مريم', email: 'old@example.ae', role: 'user' } });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  tokenStore.getState().clear();
});

describe('profile form: e-mail change code step', () => {
  it('asks for the code after a new address is saved; the address changes only when the code is accepted', async () => {
    await render(profile);
    expect(step()).toBeNull();
    api.updateProfile.mockResolvedValue({ status: true, msg: 'sent', data: { ...profile, pending_email: 'new@example.ae' } });
    await type($<HTMLInputElement>('input[type="email"]'), 'new@example.ae');
    await type($<HTMLInputElement>('input[autocomplete="current-password"]'), 'my password');
    await submit($('[data-testid="profile-form"]'));
    expect(api.updateProfile).toHaveBeenCalledWith(expect.objectContaining({ email: 'new@example.ae', current_password: 'my password' }));

    // The step, in Arabic, names both addresses (isolated so they read left to right).
    expect(step()?.textContent).toContain('أكّد بريدك الإلكتروني الجديد');
    expect(step()?.textContent).toContain('\u2068new@example.ae\u2069');
    expect(step()?.textContent).toContain('\u2068old@example.ae\u2069');
    expect($<HTMLInputElement>('input[type="email"]')!.value).toBe('old@example.ae');
    const code = step()!.querySelector<HTMLInputElement>('input')!;
    expect(code.dir).toBe('ltr');

    // A malformed code never reaches the API.
    await type(code, '12ab');
    await submit(step());
    expect(api.confirmEmailChange).not.toHaveBeenCalled();
    expect(step()?.querySelector('[role="alert"]')?.textContent).toBeTruthy();

    api.confirmEmailChange.mockRejectedValueOnce(
      new ApiError('رمز التحقق غير صحيح.', { kind: 'rejected', status: 400, err: 'otp_invalid', msg: 'رمز التحقق غير صحيح.', errors: { code: 'رمز التحقق غير صحيح.' } }),
    );
    await type(code, '123456');
    await submit(step());
    expect(api.confirmEmailChange).toHaveBeenLastCalledWith('123456');
    expect(step()?.querySelector('[role="alert"]')?.textContent).toBe('رمز التحقق غير صحيح.');
    expect(tokenStore.getState().user?.email).toBe('old@example.ae');

    api.confirmEmailChange.mockResolvedValueOnce({ status: true, msg: 'done', data: { ...profile, email: 'new@example.ae', pending_email: null } });
    await type(step()!.querySelector<HTMLInputElement>('input'), '654321');
    await submit(step());
    expect(step()).toBeNull();
    expect($<HTMLInputElement>('input[type="email"]')!.value).toBe('new@example.ae');
    expect(tokenStore.getState().user?.email).toBe('new@example.ae');
    expect(onSaved).toHaveBeenCalled();
  });

  it('closes the step with the message when the address was taken meanwhile; can drop the change', async () => {
    await render({ ...profile, pending_email: 'new@example.ae' });
    expect(step()).not.toBeNull();
    const taken = 'سُجّل هذا البريد الإلكتروني في حساب آخر في هذه الأثناء. لم يتغير بريدك الإلكتروني.';
    api.confirmEmailChange.mockRejectedValueOnce(new ApiError(taken, { kind: 'rejected', status: 409, err: 409, msg: taken }));
    await type(step()!.querySelector<HTMLInputElement>('input'), '123456');
    await submit(step());
    expect(step()).toBeNull();
    expect($('[data-testid="profile-form"] [role="alert"]')?.textContent).toBe(taken);
    expect($<HTMLInputElement>('input[type="email"]')!.value).toBe('old@example.ae');

    // A fresh page with another pending change: "keep my current address" drops it.
    act(() => root.unmount());
    root = createRoot(container);
    await render({ ...profile, pending_email: 'other@example.ae' });
    api.cancelEmailChange.mockResolvedValueOnce({ status: true, msg: 'canceled', data: { ...profile, pending_email: null } });
    await act(async () => {
      $('[data-testid="email-code-cancel"]')!.click();
    });
    expect(api.cancelEmailChange).toHaveBeenCalled();
    expect(step()).toBeNull();
  });
});
