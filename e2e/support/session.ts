import { expect, type Page } from '@playwright/test';
import { SHELL_URL } from './stack';
import type { Locale } from '@scholars/shared-contracts/locale';

/**
 * A returning visitor's language and theme: in localStorage (the source of truth) and in the page
 * cookies the shell mirrors them to, so the server renders the page in them from the first byte.
 */
export async function setLocale(page: Page, locale: Locale, theme: 'light' | 'dark' = 'light') {
  await page.context().addCookies([
    { name: 'scholars_lang', value: locale, url: SHELL_URL },
    { name: 'scholars_theme', value: theme, url: SHELL_URL },
  ]);
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
 * On a prerendered page (home, about, a remote's page rendered on the server), waits until the app
 * has hydrated the server's markup: until then its buttons and fields are inert.
 */
export async function waitForApp(page: Page) {
  await expect(page.locator('#root main')).toBeVisible();
  await expect(page.locator('#root [inert]')).toHaveCount(0);
}

/**
 * Scrolls through the home page as a reader would, until everything below the first screen that
 * mounts on approach (the remotes' widgets, the sliders; issue 6) has mounted: each placeholder
 * still waiting (`aria-busy`) is scrolled into view, top first, until none is left twice in a row.
 */
export async function scrollThroughHome(page: Page) {
  await waitForApp(page);
  const waiting = page.locator('#main [aria-busy="true"]');
  let quiet = 0;
  for (let round = 0; round < 20 && quiet < 2; round += 1) {
    const next = await waiting.first().elementHandle({ timeout: 500 }).catch(() => null);
    if (!next) {
      quiet += 1;
      await page.waitForTimeout(300);
      continue;
    }
    quiet = 0;
    await next.scrollIntoViewIfNeeded().catch(() => undefined); // it may mount and leave meanwhile
    await next.waitForElementState('hidden', { timeout: 10_000 });
  }
  await expect(waiting).toHaveCount(0);
}

/**
 * Logs out from the header (spec 4: revoke, clear, go home, reload) and waits until the reload has
 * settled on a signed-out home page. Reading storage while the reload tears the page down throws,
 * so those reads count as "not yet".
 */
export async function logOutThroughHeader(page: Page, locale: Locale = 'en') {
  // The next document's load: the page that logged out is still loaded until the navigation starts.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('banner').getByRole('button', { name: locale === 'ar' ? 'تسجيل الخروج' : 'Log out' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('accessToken')).catch(() => 'reloading'))
    .toBeNull();
  await page.waitForLoadState('load');
}
