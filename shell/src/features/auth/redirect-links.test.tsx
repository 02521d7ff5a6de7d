/**
 * Where the visitor was going (`?redirect=`: an invitation link, a guarded page) survives switching
 * between the sign-in and sign-up screens: each one's link to the other carries it on (it was
 * dropped, and a supervisor who chose "Log in" on their invitation, then "Register", landed on the
 * home page after verifying instead of on the invitation). Without a redirect the links stay plain.
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import { renderRootPerTest, waitFor } from '@scholars/shared-contracts/testing/render-root';
import { addPageTexts } from '../../i18n/page-texts';
import { addStartTexts } from '../../i18n/start-texts';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';

const { render, $ } = renderRootPerTest();

beforeAll(() => {
  ensureI18n(i18next, 'en');
  addStartTexts(i18next);
  addPageTexts(i18next);
});

async function at(url: string) {
  await render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const target = encodeURIComponent('/supervision/abc-123');

describe('the sign-in and sign-up screens’ links to each other', () => {
  it('sign-in -> sign-up keeps the redirect', async () => {
    await at(`/login?redirect=${target}`);
    await waitFor(() => expect($('[data-testid="login-register-link"]')).not.toBeNull());
    expect($('[data-testid="login-register-link"]')!.getAttribute('href')).toBe(`/register?redirect=${target}`);
  });

  it('sign-up -> sign-in keeps the redirect', async () => {
    await at(`/register?redirect=${target}`);
    await waitFor(() => expect($('[data-testid="register-login-link"]')).not.toBeNull());
    expect($('[data-testid="register-login-link"]')!.getAttribute('href')).toBe(`/login?redirect=${target}`);
  });

  it('a redirect off the site is not carried on', async () => {
    await at(`/login?redirect=${encodeURIComponent('https://evil.example/')}`);
    await waitFor(() => expect($('[data-testid="login-register-link"]')).not.toBeNull());
    expect($('[data-testid="login-register-link"]')!.getAttribute('href')).toBe(`/register?redirect=${encodeURIComponent('/')}`);
  });

  it('without a redirect the link is plain', async () => {
    await at('/register');
    await waitFor(() => expect($('[data-testid="register-login-link"]')).not.toBeNull());
    expect($('[data-testid="register-login-link"]')!.getAttribute('href')).toBe('/login');
  });
});
