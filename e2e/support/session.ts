import type { Page } from '@playwright/test';

/**
 * Puts a session in localStorage the way the shell's sign-in does (spec 3 keys). The foundation's
 * guards only read the stored token; the accounts issue replaces this with a real sign-in.
 */
export async function storeSession(page: Page) {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-session-set')) return;
    sessionStorage.setItem('e2e-session-set', '1');
    localStorage.setItem('accessToken', 'e2e-access-token');
    localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Test Researcher', email: 'researcher@example.ae', role: 'user' }));
    localStorage.setItem('user_id', '1');
  });
}

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
