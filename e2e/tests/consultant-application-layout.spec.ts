/**
 * The consultant application at a phone's width (390 px), Arabic dark and English light: the page
 * does not scroll sideways, each weekly availability row stays inside its card (its remove button
 * too), the weekday select keeps room for the day's name and each time for its text (QA: the row
 * was too wide, the select shrank to a bare arrow and the remove button sat outside the card).
 */
import { expect, test } from '@playwright/test';
import { directionOf } from '@scholars/shared-contracts/locale';
import { prepare, signUpViaApi } from '../support/billing';

for (const [locale, theme] of [['ar', 'dark'], ['en', 'light']] as const) {
  test(`consultant application at 390 px fits the screen (${locale}, ${theme})`, async ({ page, request }) => {
    const session = await signUpViaApi(request, locale);
    await prepare(page, { session, locale, theme });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/profile?tab=consultations');
    await page.getByTestId('consultant-application-open').click();
    const editor = page.getByTestId('availability-editor');
    await expect(editor).toBeVisible();
    await editor.getByTestId('availability-add').click();
    await expect(editor.getByTestId('availability-row')).toHaveCount(2);
    await expect(page.locator('html')).toHaveAttribute('dir', directionOf(locale));

    const overflow = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
    expect(overflow.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(overflow.inner);

    for (const row of await editor.getByTestId('availability-row').all()) {
      const card = (await row.boundingBox())!;
      for (const testId of ['availability-weekday', 'availability-start', 'availability-end', 'availability-remove']) {
        const box = (await row.getByTestId(testId).boundingBox())!;
        expect(box.x, `${testId} starts inside its row`).toBeGreaterThanOrEqual(card.x);
        expect(box.x + box.width, `${testId} ends inside its row`).toBeLessThanOrEqual(card.x + card.width + 0.5);
      }
      // The weekday has a row of its own: wide enough for "Wednesday" / "الأربعاء" and its arrow.
      expect((await row.getByTestId('availability-weekday').boundingBox())!.width).toBeGreaterThan(200);
      // The times share a row: each wide enough for "09:00 AM" and the clock (117 px clipped it beside the remove button).
      for (const testId of ['availability-start', 'availability-end']) expect((await row.getByTestId(testId).boundingBox())!.width).toBeGreaterThan(135);
    }
  });
}
