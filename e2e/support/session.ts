import type { Page } from '@playwright/test';

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
