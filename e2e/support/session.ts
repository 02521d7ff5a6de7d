import { expect, type Page } from '@playwright/test';

export async function setLocale(page: Page, locale: 'en' | 'ar', theme: 'light' | 'dark' = 'light') {
  await page.addInitScript(
    ([lng, thm]) => {
      localStorage.setItem('current_language', lng);
      localStorage.setItem('theme', thm);
    },
    [locale, theme] as const,
  );
}

/** Marks the home page's ads pop-up as already closed in this browser session (tests not about ads). */
export async function skipAdsPopup(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem('ads_dismissed', '1'));
}

/**
 * Logs out from the header (spec 4: revoke, clear, go home, reload) and waits until the reload has
 * settled on a signed-out home page. Reading storage while the reload tears the page down throws,
 * so those reads count as "not yet".
 */
export async function logOutThroughHeader(page: Page, locale: 'en' | 'ar' = 'en') {
  await page.getByRole('banner').getByRole('button', { name: locale === 'ar' ? 'تسجيل الخروج' : 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('accessToken')).catch(() => 'reloading'))
    .toBeNull();
  await page.waitForLoadState('load');
}
