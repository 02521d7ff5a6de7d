import { expect, test, type Page } from '@playwright/test';
import { skipAdsPopup } from '../support/session';

/**
 * Issue 6: the shell's texts come one language at a time. A cold load fetches the page language's
 * texts only; switching language fetches the other one and waits for it (no key ever shows). The ads
 * pop-up's slider works without Swiper, which a cold load of / no longer fetches.
 */
const textChunks = (page: Page) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/(texts\.(?:en|ar)|Carousel)-[\w-]+\.js$/.exec(request.url());
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

for (const locale of ['en', 'ar'] as const) {
  test(`ads pop-up (${locale}): a looping slider with arrows, dots and a 4 s auto-advance, no Swiper fetched`, async ({ page }) => {
    const fetched = textChunks(page);
    await page.goto(locale === 'en' ? '/' : '/?lang=ar');
    const ads = page.getByTestId('ads-popup');
    await expect(ads).toBeVisible();
    const slider = ads.getByTestId('ads-slider');
    await expect(slider).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    const dots = slider.getByTestId('ads-slider-dot');
    const count = await dots.count();
    expect(count).toBeGreaterThan(1);
    const current = () => dots.evaluateAll((items) => items.findIndex((item) => item.getAttribute('aria-current') === 'true'));
    await expect.poll(current).toBe(0);
    // The shown slide is the only one exposed, and its image is in view with its 450 px height.
    const shownSlide = slider.locator('[role="group"][aria-hidden="false"]');
    await expect(shownSlide).toHaveCount(1);
    const image = shownSlide.locator('img');
    expect(await image.evaluate((img) => img.getBoundingClientRect().height)).toBe(450);
    const sliderBox = (await slider.boundingBox())!;
    const imageBox = (await image.boundingBox())!;
    expect(Math.abs(imageBox.x - sliderBox.x)).toBeLessThan(2);

    const previous = slider.getByRole('button', { name: locale === 'ar' ? 'الإعلان السابق' : 'Previous announcement' });
    await previous.click();
    await expect.poll(current).toBe(count - 1);
    await slider.getByRole('button', { name: locale === 'ar' ? 'الإعلان التالي' : 'Next announcement' }).click();
    await expect.poll(current).toBe(0);
    await dots.nth(1).click();
    await expect.poll(current).toBe(1);
    // Auto-advance after 4000 ms (the pointer and focus away from the slider: they pause it).
    await page.mouse.move(2, 2);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect.poll(current, { timeout: 6000 }).toBe(2 % count);
    expect(fetched.filter((name) => name === 'Carousel')).toEqual([]);
  });
}
