/**
 * The profile form's "language for e-mails and notices", through the real `apiClient` and
 * `../../api/profile` against the shared test API server (real HTTP on 127.0.0.1; nothing of ours
 * replaced): on an Arabic page the select shows the account's language (English here, not the
 * page's), each language named in its own script, with the hint that mail follows it; the choice
 * goes to `PUT profile` with the rest of the form, the answered profile is kept (the stored session
 * user too); the server's localized refusal shows under the field.
 */
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { translateMessage } from '@scholars/shared-contracts/schemas';
import { profileFixture } from '../../test/profile-fixture';
import { $, render, setUp, submit, tearDown, type, waitFor } from '../../test/harness';
import { EditProfileTab } from './EditProfileTab';

const profile = profileFixture({ locale: 'en', country: 'AE' });

const api = testApiServerPerFile();
const onSaved = vi.fn();
const languageSelect = () => $<HTMLSelectElement>('[data-field="locale"] select');
const saves = () => api.seen.filter((request) => request.method === 'PUT' && request.path === '/api/profile').map((request) => JSON.parse(request.body) as Record<string, unknown>);

async function open() {
  await render(
    <MemoryRouter>
      <EditProfileTab profile={profile} onSaved={onSaved} />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  onSaved.mockReset();
  await setUp('ar');
  tokenStore.getState().setSession({ accessToken: 'token', user: { id: 7, name: 'مريم', email: profile.email, role: 'user', locale: 'en' } });
});
afterEach(tearDown);

describe('profile form: the language for e-mails and notices', { timeout: 30_000 }, () => {
  it("shows the account's language on an Arabic page, and saves the one chosen with the profile", async () => {
    await open();
    const select = languageSelect()!;
    const field = $('[data-field="locale"]')!;
    expect(field.querySelector('label')!.textContent).toBe('لغة رسائل البريد الإلكتروني والإشعارات');
    // The account's language, not the page's: nothing changes it by itself.
    expect(select.value).toBe('en');
    expect([...select.options].map((option) => [option.value, option.lang, option.textContent])).toEqual([
      ['en', 'en', 'English'],
      ['ar', 'ar', 'العربية'],
    ]);
    const hint = document.getElementById(select.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('تصلك رسائلنا وإشعاراتنا بهذه اللغة، أيًّا كانت اللغة التي تتصفح بها الموقع.');

    api.answers.set('PUT /api/profile', { status: 200, body: { status: true, msg: 'تم تحديث ملفك الشخصي.', data: { ...profile, locale: 'ar' } } });
    await type(select, 'ar');
    await submit($('[data-testid="profile-form"]'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // The whole form, the language with it; no password (the address did not change).
    expect(saves()).toEqual([
      { name: profile.name, email: profile.email, phone: '', country: 'AE', gender: null, bio: '', data_access: false, newsletter: false, locale: 'ar' },
    ]);
    expect(languageSelect()!.value).toBe('ar');
    expect(tokenStore.getState().user?.locale).toBe('ar');
  });

  it("shows the server's refusal under the field", async () => {
    await open();
    const refused = translateMessage('ar', 'validation.languageInvalid');
    expect(refused).toBe('اختر العربية أو الإنجليزية');
    api.answers.set('PUT /api/profile', { status: 400, body: { status: false, err: 400, msg: refused, errors: { locale: refused } } });
    await submit($('[data-testid="profile-form"]'));
    await waitFor(() => expect($('[data-testid="error-locale"]')?.textContent).toBe(refused));
    expect(saves()).toHaveLength(1);
    expect(saves()[0]).toMatchObject({ locale: 'en' });
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('profile form: what was typed is kept in the tab until saved', { timeout: 30_000 }, () => {
  afterEach(() => window.sessionStorage.clear());
  const input = (name: string) => $<HTMLInputElement | HTMLTextAreaElement>(`[data-field="${name}"] :is(input, textarea)`)!;

  it('brings the details back after the form was closed (a session ended), never the password; forgets them once saved', async () => {
    await open();
    await type(input('name'), 'مريم أحمد');
    await type(input('bio'), 'باحثة في التربية');
    await type(input('email'), 'new@example.ae');
    await type(input('current_password'), 'secret-password-1');
    expect(JSON.stringify(window.sessionStorage)).not.toContain('secret-password-1');
    tearDown();

    // Signed in again as the same account: the form opens with the details typed, says so, and
    // asks for the password again.
    await setUp('ar');
    tokenStore.getState().setSession({ accessToken: 'token', user: { id: 7, name: 'مريم', email: profile.email, role: 'user', locale: 'en' } });
    await open();
    expect($('[data-testid="profile-draft-restored"]')?.textContent).toBe('أعدنا ما كتبته هنا من قبل. راجِعه ثم احفظه.');
    expect(input('name').value).toBe('مريم أحمد');
    expect(input('bio').value).toBe('باحثة في التربية');
    expect(input('email').value).toBe('new@example.ae');
    expect(input('current_password').value).toBe('');

    // Another account's form is its own.
    tearDown();
    await setUp('en');
    const other = profileFixture({ id: 8, name: 'Salem', email: 'salem@example.ae' });
    await render(
      <MemoryRouter>
        <EditProfileTab profile={other} onSaved={onSaved} />
      </MemoryRouter>,
    );
    expect($('[data-testid="profile-draft-restored"]')).toBeNull();
    expect(input('name').value).toBe('Salem');
    tearDown();

    // Saved: the draft is gone.
    await setUp('ar');
    await open();
    await type(input('current_password'), 'secret-password-1');
    api.answers.set('PUT /api/profile', { status: 200, body: { status: true, msg: 'تم تحديث ملفك الشخصي.', data: { ...profile, name: 'مريم أحمد', bio: 'باحثة في التربية', pending_email: 'new@example.ae' } } });
    await submit($('[data-testid="profile-form"]'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saves().at(-1)).toMatchObject({ name: 'مريم أحمد', email: 'new@example.ae', current_password: 'secret-password-1' });
    tearDown();
    await setUp('ar');
    await open();
    // The form shows the profile it is given, no draft over it.
    expect($('[data-testid="profile-draft-restored"]')).toBeNull();
    expect(input('name').value).toBe(profile.name);
    expect(input('bio').value).toBe('');
  });
});

describe('password form: a refusal with no field of its own', { timeout: 30_000 }, () => {
  const field = (name: string) => $<HTMLInputElement>(`[data-testid="password-form"] [data-field="${name}"] input`)!;

  it('says the server\u2019s message above the fields (too many attempts: the button came back and nothing said why)', async () => {
    await open();
    const tooMany = 'عدد كبير من الطلبات. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.';
    api.answers.set('POST /api/profile/change-password', { status: 429, body: { status: false, err: 429, msg: tooMany } });
    await type(field('current_password'), 'Current123!pw');
    await type(field('password'), 'Changed123!pw');
    await type(field('confirmPassword'), 'Changed123!pw');
    await submit($('[data-testid="password-form"]'));
    await waitFor(() => expect($('[data-testid="password-form-error"]')?.textContent).toBe(tooMany));
    expect($('[data-testid="password-form-error"]')!.getAttribute('role')).toBe('alert');
    expect(api.seen.filter((request) => request.path === '/api/profile/change-password')).toHaveLength(1);

    // A field's refusal stays under its field, and the form's message goes.
    const wrong = 'كلمة المرور الحالية غير صحيحة';
    api.answers.set('POST /api/profile/change-password', { status: 400, body: { status: false, err: 400, msg: wrong, errors: { current_password: wrong } } });
    await submit($('[data-testid="password-form"]'));
    await waitFor(() => expect($('[data-testid="password-form"] [data-testid="error-current_password"]')?.textContent).toBe(wrong));
    expect($('[data-testid="password-form-error"]')).toBeNull();
  });
});
