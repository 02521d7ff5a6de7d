/**
 * Billing and profile test helpers: a real user signed up through the API (captcha solved,
 * e-mailed OTP read from the dev outbox) and stored in localStorage the way a sign-in does.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedUser, type VerifiedUser } from './accounts';
import { SHELL_URL } from './stack';
import type { Locale } from '@scholars/shared-contracts/locale';

export type SignedUpUser = VerifiedUser;

/** Registers and verifies a new user through the API; answers the session the API gave. */
export function signUpViaApi(request: APIRequestContext, locale: Locale = 'en', name?: string): Promise<SignedUpUser> {
  return createVerifiedUser(request, { locale, name, emailPrefix: 'buyer' });
}

/**
 * Before any page script runs: the session (spec 3 keys), the language and theme, and the ads
 * pop-up marked as closed for this browser session.
 */
export async function prepare(page: Page, options: { session?: SignedUpUser; locale?: Locale; theme?: 'light' | 'dark' } = {}) {
  await page.addInitScript(
    ({ session, locale, theme }) => {
      sessionStorage.setItem('ads_dismissed', '1');
      localStorage.setItem('current_language', locale);
      localStorage.setItem('theme', theme);
      if (session && !sessionStorage.getItem('e2e-session-stored')) {
        // Once per tab: a later sign-out or token change by the app is not undone on reload.
        sessionStorage.setItem('e2e-session-stored', '1');
        localStorage.setItem('accessToken', session.accessToken);
        localStorage.setItem('user', JSON.stringify(session.user));
        localStorage.setItem('user_id', String(session.user.id));
      }
    },
    { session: options.session ? { accessToken: options.session.accessToken, user: options.session.user } : null, locale: options.locale ?? 'en', theme: options.theme ?? 'light' },
  );
}

/** Starts a purchase through the API (as the pricing widget does) and pays on the local checkout page. */
export async function buyThroughApi(request: APIRequestContext, session: SignedUpUser, planId: number, active = false) {
  const answer = await request.post(`${SHELL_URL}/api/stripe/create-subscription`, {
    data: { planId, userId: session.user.id, active },
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const url = ((await answer.json()) as { data: { checkout_url: string } }).data.checkout_url;
  const paid = await request.post(url, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  expect(paid.headers().location).toMatch(/\/success$/);
}
