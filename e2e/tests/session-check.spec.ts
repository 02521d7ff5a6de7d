import { expect, test } from '@playwright/test';
import { createVerifiedUser } from '../support/accounts';
import { recordScripts, scriptsCarrying } from '../support/scripts';
import { setLocale, waitForApp } from '../support/session';

/**
 * The shell's session check (SessionCheck.tsx): a page opened with a stored session asks the API
 * who that is and stores the answer, and, since issue 6, does so without loading zod and the
 * shared schemas (the API validates the answer; forms load zod when they open).
 */

for (const { locale, theme } of [
  { locale: 'en', theme: 'light' },
  { locale: 'ar', theme: 'dark' },
] as const) {
  test(`a stored session is refreshed from the API without loading zod (${locale}, ${theme})`, async ({ page, request }) => {
    const user = await createVerifiedUser(request, { locale });
    await setLocale(page, locale, theme);
    // What this browser stored at sign-in, since changed elsewhere (another device renamed the user).
    await page.addInitScript(
      ({ accessToken, stale }) => {
        if (sessionStorage.getItem('e2e-session-check')) return;
        sessionStorage.setItem('e2e-session-check', '1');
        localStorage.setItem('accessToken', accessToken);
        localStorage.setItem('user', JSON.stringify(stale));
        localStorage.setItem('user_id', String(stale.id));
      },
      { accessToken: user.accessToken, stale: { ...user.user, name: 'Name from an older sign-in' } },
    );
    const scripts = recordScripts(page);
    await page.goto('/about');
    await waitForApp(page);
    await expect
      .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { name?: string }).name))
      .toBe(user.name);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(5);
    expect(await scriptsCarrying(scripts)).toEqual([]);

    // The marker does find zod where a page needs it: the contact form validates with the schemas.
    const formScripts = recordScripts(page);
    await page.goto('/contact');
    await expect(page.getByTestId('contact-form')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await scriptsCarrying(formScripts)).not.toEqual([]);
  });
}
