import { expect, test } from '@playwright/test';
import { skipAdsPopup, waitForApp } from '../support/session';
import { signInNewUser } from '../support/accounts';

test('switching to Arabic flips direction and a remote re-renders in Arabic with no reload', async ({ page, request }) => {
  await signInNewUser(page, request);
  await page.goto('/research-library');
  const remoteHeading = page.getByTestId('library-list').getByRole('heading', { level: 1 });
  await expect(remoteHeading).toHaveText('E-book library');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  // A marker on window survives only if the page does not reload.
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

  await page.getByTestId('language-menu').first().selectOption('ar');

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(remoteHeading).toHaveText('المكتبة الإلكترونية');
  await expect(page.getByRole('link', { name: 'الرئيسية' }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('current_language'))).toBe('ar');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(remoteHeading).toHaveText('المكتبة الإلكترونية');
});

test('theme: light, dark and system (follows the device and its changes), stored under "theme"', async ({ page }) => {
  await skipAdsPopup(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);

  await page.getByTestId('theme-menu').first().selectOption('light');
  await expect(html).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

  await page.getByTestId('theme-menu').first().selectOption('dark');
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
});

test('every navigation scrolls to the top', async ({ page }) => {
  await skipAdsPopup(page);
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/');
  await waitForApp(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // A link to the page already shown is a navigation too.
  await page.setViewportSize({ width: 1280, height: 360 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('mobile menu below 1024 px closes after navigating', async ({ page }) => {
  await skipAdsPopup(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // The served page's menu button is inert until the app has hydrated it.
  await waitForApp(page);
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  const banner = page.getByRole('banner');
  await banner.getByTestId('nav-home-menu').getByRole('button').click();
  await banner.getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
});
