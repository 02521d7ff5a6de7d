import { expect, test } from '@playwright/test';
import { setLocale } from '../support/session';
import { signInNewUser } from '../support/accounts';
import { directionOf } from '@scholars/shared-contracts/locale';

// Every spec route (and decisions.md's additions) renders its owner's page in the composed site.
const publicRoutes: Array<[path: string, testId: string]> = [
  ['/', 'home-page'],
  ['/conferences/1', 'conferences-list'],
  ['/conference/1', 'conferences-details'],
  ['/about', 'shell-page'],
  ['/contact', 'shell-page'],
  ['/privacy-policy', 'shell-page'],
  ['/team/1', 'shell-page'],
  ['/success', 'shell-page'],
  ['/failed', 'shell-page'],
  ['/user-profile/1', 'account-publicProfile'],
  ['/consultations', 'account-consultations'],
  ['/consultations/1', 'account-consultant'],
  ['/no/such/page', 'not-found'],
  // A team member the site does not have: the page says so, and crawlers get the status.
  ['/team/99999', 'not-found'],
  // Likewise a consultant (the page renders in the browser; the server answers its status).
  ['/consultations/99999', 'consultant-not-found'],
];
const guestOnlyRoutes = ['/login', '/register', '/forgot-password', '/reset-password', '/reset-password/abc123', '/otp-verification', '/change-password'];
const authRoutes: Array<[path: string, testId: string]> = [
  ['/research-community', 'community-list'],
  ['/community/', 'community-list'],
  ['/community/3', 'community-details'],
  ['/research-library', 'library-list'],
  ['/research-library/2', 'library-details'],
  ['/research-exchange', 'library-exchange'],
  ['/request-conference', 'conferences-request'],
  ['/profile', 'account-profile'],
];

for (const locale of ['en', 'ar'] as const) {
  test.describe(`routes (${locale})`, () => {
    test.beforeEach(async ({ page }) => setLocale(page, locale, locale === 'ar' ? 'dark' : 'light'));

    test('public routes render their owner page', async ({ page }) => {
      for (const [path, testId] of publicRoutes) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(testId.endsWith('not-found') ? 404 : 200);
        await expect(page.getByTestId(testId), path).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', directionOf(locale));
      }
    });

    test('guest-only routes render for a visitor', async ({ page }) => {
      for (const path of guestOnlyRoutes) {
        await page.goto(path);
        await expect(page.getByTestId('shell-page'), path).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
      }
    });

    test('auth routes render their remote page for a signed-in user', async ({ page, request }) => {
      await signInNewUser(page, request);
      for (const [path, testId] of authRoutes) {
        await page.goto(path);
        await expect(page.getByTestId(testId), path).toBeVisible();
      }
    });
  });
}

test('guarded routes redirect a visitor to /login with the full path', async ({ page }) => {
  await page.goto('/request-conference?edit=42#top');
  await expect(page).toHaveURL(/\/login\?redirect=%2Frequest-conference%3Fedit%3D42%23top$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
});

test('guest-only routes send a signed-in user home', async ({ page, request }) => {
  await signInNewUser(page, request);
  for (const path of ['/login', '/register', '/reset-password/token-1', '/otp-verification', '/change-password']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
    await expect(page.getByTestId('home-page')).toBeVisible();
  }
});

test('the login page explains an expired session', async ({ page }) => {
  await page.goto('/login?error=session_expired');
  await expect(page.getByTestId('shell-page')).toContainText('Your session has expired. Please log in again.');
});
