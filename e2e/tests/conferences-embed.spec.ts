import { expect, test } from '@playwright/test';
import { openIntegratorPage } from '../support/integrator-page';

test('the conferences remote mounted alone shows the list in Arabic with locale ar, and opens a conference', async ({ page }) => {
  // The integrator forwards /api and /files to the platform (a reverse proxy): the remote's calls are same-origin.
  const embed = await openIntegratorPage(page, {
    remote: 'conferences', name: 'conferences-list-embed', locale: 'ar', theme: 'light', initialPath: '/conferences/1', api: 'proxied',
  });
  try {
    const slot = embed.slot;
    await expect(slot.locator('[data-embedded-remote]')).toHaveAttribute('dir', 'rtl');
    await expect(slot.locator('[data-embedded-remote]')).toHaveAttribute('lang', 'ar');
    const list = slot.getByTestId('conferences-list');
    await expect(list.getByRole('heading', { level: 1 })).toHaveText('المؤتمرات');
    await expect(list.getByTestId('category-name')).toHaveText('المؤتمرات الأكاديمية');
    await expect(list.getByLabel('ابحث بالعنوان أو الكلمات المفتاحية')).toBeVisible();
    const cards = list.getByTestId('conference-card');
    await expect(cards).toHaveCount(4);
    for (const title of await cards.getByRole('heading').allInnerTexts()) expect(title).toMatch(/[\u0600-\u06FF]/);
    await expect(list.getByTestId('results-count')).toHaveText('4 مؤتمرات');
    // Images come from the platform's files base.
    await expect(cards.first().locator('img')).toHaveAttribute('src', /\/files\/images\/conferences\/\d+\.svg$/);
    // (it may still be arriving when its src is set: wait for it to load, not for a moment)
    await expect.poll(() => cards.first().locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Searching and opening a conference work inside the remote's own router.
    await list.getByLabel('ابحث بالعنوان أو الكلمات المفتاحية').fill('الذكاء الاصطناعي');
    await list.getByRole('button', { name: 'بحث' }).click();
    await expect(cards).toHaveCount(1);
    await cards.first().getByRole('heading').getByRole('link').click();
    const details = slot.getByTestId('conferences-details');
    await expect(details.getByRole('heading', { level: 1 })).toHaveText('المؤتمر الدولي للذكاء الاصطناعي في التعليم العالي');
    await expect(details.getByRole('tab', { name: 'جدول الأعمال' })).toBeVisible();
    // The host page keeps its own styles (no reset shipped by the remote).
    expect(await embed.hostTitle.evaluate((el) => getComputedStyle(el).fontSize)).toBe('32px');
    expect(embed.pageErrors).toEqual([]);
  } finally {
    await embed.close();
  }
});
