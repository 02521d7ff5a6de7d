import { expect, test, type Page } from '@playwright/test';
import { skipAdsPopup } from '../support/session';

/**
 * One way to load texts, the same in the shell and the remotes: each app's texts come in both
 * languages with the code that shows them. A switch of language fetches nothing and re-renders at
 * once, with no reload; a lazy page's texts come with it; no key ever shows in place of a text.
 */

/** Every script a page fetches after `since` (none is a language's texts: there are none). */
const scriptsAfter = (page: Page) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname);
  });
  return fetched;
};

/** Reports any text key of the shell's namespaces that shows in the page while it changes. */
async function watchForKeys(page: Page): Promise<string[]> {
  const keys: string[] = [];
  await page.exposeFunction('reportKey', (text: string) => keys.push(text));
  await page.evaluate(() => {
    const report = (window as unknown as { reportKey: (text: string) => void }).reportKey;
    new MutationObserver(() => {
      const text = document.getElementById('root')?.innerText ?? '';
      const key = /\b(?:nav|footer|home|language|theme|auth|pages|contactForm|about|privacy)\.[a-z]+(?:\.[a-zA-Z]+)*\b/.exec(text);
      if (key) report(key[0]);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return keys;
}

for (const [locale, other, heading] of [
  ['en', 'ar', 'الرئيسية'],
  ['ar', 'en', 'Home'],
] as const) {
  test(`/ in ${locale}: switching to ${other} fetches nothing, reloads nothing and shows no key`, async ({ page }) => {
    await skipAdsPopup(page);
    await page.goto(locale === 'en' ? '/' : '/?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByTestId('language-menu').first()).toHaveValue(locale);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const fetched = scriptsAfter(page);
    const keys = await watchForKeys(page);

    await page.getByTestId('language-menu').first().selectOption(other);
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.getByRole('link', { name: heading }).first()).toBeVisible();
    expect(fetched).toEqual([]);
    expect(keys).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
}

test("a lazy page's texts come with it, in both languages: no key shows, and a switch fetches nothing", async ({ page }) => {
  await skipAdsPopup(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const keys = await watchForKeys(page);
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).first().click();
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const fetched = scriptsAfter(page);
  await page.getByTestId('language-menu').first().selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: 'سجّل الدخول إلى حسابك' })).toBeVisible();
  expect(fetched).toEqual([]);
  expect(keys).toEqual([]);
});

test('the about page, opened from the menu, shows its texts at once: no key shows', async ({ page }) => {
  await skipAdsPopup(page);
  await page.goto('/?lang=ar');
  await page.waitForLoadState('networkidle');
  const keys = await watchForKeys(page);
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'الرئيسية' }).first().click();
  await banner.getByRole('link', { name: 'من نحن' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('من نحن');
  await expect(page.getByTestId('about-objectives').locator('li')).toHaveCount(5);
  expect(keys).toEqual([]);
});
