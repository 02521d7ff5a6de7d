/**
 * Research community e2e helpers: real accounts made through the API (captcha solved here,
 * the e-mailed code read from the dev outbox), a real subscription through the local checkout,
 * and browser contexts holding those sessions (spec 3 keys) in a locale and theme.
 */
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createVerifiedUser, type VerifiedUser } from './accounts';
import { SHELL_URL } from './stack';
import type { Locale } from '@scholars/shared-contracts/locale';

export type CommunityUser = VerifiedUser;

const api = (path: string) => `${SHELL_URL}/api/${path}`;

/** Signs a new user up through the API and verifies the e-mail with the code from the dev outbox. */
export function registerUser(request: APIRequestContext, options: { name: string; locale?: Locale }): Promise<CommunityUser> {
  return createVerifiedUser(request, { ...options, emailPrefix: 'community' });
}

/** Buys a plan (plan 1 unless told) through the built-in local checkout (the same path as a paid Stripe checkout). */
export async function subscribe(request: APIRequestContext, user: CommunityUser, planId = 1) {
  const created = await request.post(api('stripe/create-subscription'), {
    data: { planId, userId: user.user.id, active: false },
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { data } = (await created.json()) as { data: { checkout_url: string } };
  const checkoutUrl = new URL(data.checkout_url, SHELL_URL);
  const paid = await request.post(`${SHELL_URL}${checkoutUrl.pathname}`, {
    form: { action: 'pay' },
    maxRedirects: 0,
  });
  expect([200, 302, 303]).toContain(paid.status());
}

export async function newMember(
  request: APIRequestContext,
  options: { name: string; locale?: Locale; subscribed?: boolean },
): Promise<CommunityUser> {
  const user = await registerUser(request, options);
  if (options.subscribed !== false) await subscribe(request, user);
  return user;
}

/** A browser context signed in as `user` (localStorage accessToken, user, user_id), in a locale and theme. */
export async function signedInContext(
  browser: Browser,
  user: CommunityUser,
  locale: Locale,
  theme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: SHELL_URL });
  await context.addInitScript(
    ([session, lng, thm]) => {
      if (!sessionStorage.getItem('e2e-community-session')) {
        sessionStorage.setItem('e2e-community-session', '1');
        localStorage.setItem('accessToken', session.accessToken);
        localStorage.setItem('user', JSON.stringify(session.user));
        localStorage.setItem('user_id', String(session.user.id));
      }
      localStorage.setItem('current_language', lng);
      localStorage.setItem('theme', thm);
      sessionStorage.setItem('ads_dismissed', '1');
    },
    [{ accessToken: user.accessToken, user: user.user }, locale, theme] as const,
  );
  return { context, page: await context.newPage() };
}
