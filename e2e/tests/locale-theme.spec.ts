import { expect, test } from '@playwright/test';
import { setLocale, skipAdsPopup, waitForApp } from '../support/session';
import { createVerifiedUser, signInNewUser, useSession } from '../support/accounts';
import { changeRoleAsOperator } from '../support/operators';

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
  // The served page's theme menu is inert until the app has hydrated it (the system theme applies before).
  await waitForApp(page);
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

test('the menu (below 1280 px) closes after navigating', async ({ page }) => {
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

test('the header keeps to one line at every width, in both languages, signed out and signed in as staff: the whole header from 1280 px, the menu below', async ({ browser, request }) => {
  // Staff have the most actions: the console, the profile and log out.
  const staff = await createVerifiedUser(request, { emailPrefix: 'header.staff' });
  await changeRoleAsOperator(request, staff.email, 'reviewer');
  for (const locale of ['en', 'ar'] as const) {
    for (const visitor of ['signed out', 'staff'] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await setLocale(page, locale);
      await skipAdsPopup(page);
      if (visitor === 'staff') await useSession(page, staff);
      await page.goto('/');
      await waitForApp(page);
      const banner = page.getByRole('banner');
      const account = visitor === 'staff' ? (locale === 'ar' ? 'لوحة الإدارة' : 'Operator console') : locale === 'ar' ? 'تسجيل الدخول' : 'Log in';
      await expect(banner.getByRole('link', { name: account })).toBeVisible();
      for (const width of [1024, 1279, 1280, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        const whole = width >= 1280;
        await expect(banner.getByRole('navigation').first()).toBeVisible({ visible: whole });
        await expect(banner.getByRole('button', { name: locale === 'ar' ? 'القائمة' : 'Menu', exact: true })).toBeVisible({ visible: !whole });
        // The line's items and the gaps between them, against the room inside the header's padding.
        const [needed, room] = await banner.evaluate((header) => {
          const line = header.firstElementChild as HTMLElement;
          const shown = [...line.children].map((child) => child.getBoundingClientRect().width).filter((width) => width > 0);
          const style = getComputedStyle(line);
          const gaps = parseFloat(style.columnGap) * (shown.length - 1);
          return [shown.reduce((sum, width) => sum + width, gaps), line.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)];
        });
        expect(needed, `${locale}, ${visitor}, at ${width} px: ${Math.round(needed)} of ${Math.round(room)} px`).toBeLessThanOrEqual(room);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      }
      await context.close();
    }
  }
});
