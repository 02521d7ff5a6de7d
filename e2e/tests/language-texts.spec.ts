import { expect, test, type Page } from '@playwright/test';
import { skipAdsPopup } from '../support/session';

/**
 * Issue 6: the shell's texts come one language at a time. A cold load fetches the page language's
 * texts only; switching language fetches the other one and waits for it (no key ever shows).
 */
/** The shell's texts chunks a page fetches, in order: `texts.en`, `page-texts.ar`, … */
const textChunks = (page: Page) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/((?:page-)?texts\.(?:en|ar))-[\w-]+\.js$/.exec(request.url());
    if (match) fetched.push(match[1]!);
  });
  return fetched;
};

for (const [locale, other, heading] of [
  ['en', 'ar', 'الرئيسية'],
  ['ar', 'en', 'Home'],
] as const) {
  test(`/ in ${locale}: only the ${locale} texts at start; switching fetches the ${other} texts before showing them`, async ({ page }) => {
    await skipAdsPopup(page);
    const fetched = textChunks(page);
    const keys: string[] = [];
    await page.goto(locale === 'en' ? '/' : '/?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByTestId('language-menu').first()).toHaveValue(locale);
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([`texts.${locale}`]);

    // Every text shown while switching is a text: a key of the shell's namespaces never shows.
    await page.exposeFunction('reportKey', (text: string) => keys.push(text));
    await page.evaluate(() => {
      const report = (window as unknown as { reportKey: (text: string) => void }).reportKey;
      new MutationObserver(() => {
        const text = document.getElementById('root')?.innerText ?? '';
        const key = /\b(?:nav|footer|home|language|theme)\.[a-z]+(?:\.[a-zA-Z]+)*\b/.exec(text);
        if (key) report(key[0]);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByTestId('language-menu').first().selectOption(other);
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.getByRole('link', { name: heading }).first()).toBeVisible();
    expect(fetched).toEqual([`texts.${locale}`, `texts.${other}`]);
    expect(keys).toEqual([]);

    // Back again: nothing more to fetch.
    await page.getByTestId('language-menu').first().selectOption(locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    expect(fetched).toEqual([`texts.${locale}`, `texts.${other}`]);
  });
}

test("a lazy page's texts come with it, and with a switch while it is on screen: no key shows", async ({ page }) => {
  await skipAdsPopup(page);
  const fetched = textChunks(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual(['texts.en']);

  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).first().click();
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  expect(fetched).toEqual(['texts.en', 'page-texts.en']);

  await page.getByTestId('language-menu').first().selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: 'سجّل الدخول إلى حسابك' })).toBeVisible();
  expect(fetched.sort()).toEqual(['page-texts.ar', 'page-texts.en', 'texts.ar', 'texts.en']);
  await expect(page.locator('#root')).not.toContainText(/\b(?:auth|pages|contactForm)\.[a-zA-Z]+/);
});

test('the about page, opened from the menu, waits for its texts: no key shows', async ({ page }) => {
  await skipAdsPopup(page);
  await page.goto('/?lang=ar');
  await page.waitForLoadState('networkidle');
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'الرئيسية' }).first().click();
  await banner.getByRole('link', { name: 'من نحن' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('من نحن');
  await expect(page.getByTestId('about-objectives').locator('li')).toHaveCount(5);
  await expect(page.locator('#root')).not.toContainText(/\babout\.[a-zA-Z]+/);
});
