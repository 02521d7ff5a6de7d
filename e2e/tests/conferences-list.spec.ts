import { expect, test } from '@playwright/test';
import { setLocale, waitForApp } from '../support/session';
import { TEXTS } from '../support/conferences';
import { directionOf } from '@scholars/shared-contracts/locale';

for (const locale of ['en', 'ar'] as const) {
  const t = TEXTS[locale];
  test.describe(`conference list by category (${locale})`, () => {
    test.beforeEach(async ({ page }) => setLocale(page, locale, locale === 'ar' ? 'dark' : 'light'));

    test('cards show image, localized title, 100-character excerpt, start date and mode', async ({ page }) => {
      await page.goto('/conferences/1');
      const list = page.getByTestId('conferences-list');
      await expect(list.getByRole('heading', { level: 1 })).toHaveText(t.listTitle);
      await expect(list.getByTestId('category-name')).toHaveText(locale === 'ar' ? 'المؤتمرات الأكاديمية' : 'Academic Conferences');
      const cards = list.getByTestId('conference-card');
      await expect(cards).toHaveCount(4);
      const first = cards.first();
      await expect(first.locator('img')).toHaveAttribute('src', /\/files\/images\/conferences\/\d+\.svg$/);
      const title = await first.getByRole('heading').innerText();
      if (locale === 'ar') expect(title).toMatch(/[\u0600-\u06FF]/);
      else expect(title).toMatch(/^[\x20-\x7E’]+$/);
      const excerpt = await first.getByTestId('conference-excerpt').innerText();
      expect(excerpt.endsWith('…')).toBe(true);
      expect([...excerpt].length).toBeLessThanOrEqual(101);
      await expect(first.getByTestId('conference-start').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
      await expect(first.getByTestId('mode-badge')).toBeVisible();
      // Logical layout: the page follows the language direction.
      await expect(page.locator('html')).toHaveAttribute('dir', directionOf(locale));
    });

    test('search (Arabic-aware), mode filter, page size and pages live in the URL and survive a reload', async ({ page }) => {
      await page.goto('/conferences/1');
      const list = page.getByTestId('conferences-list');
      await expect(list.getByTestId('conference-card')).toHaveCount(4);

      // A search without hamza or diacritics finds the conference written with them.
      const query = locale === 'ar' ? 'الاستدامه' : 'sustainability';
      await list.getByLabel(t.search).fill(query);
      await list.getByRole('button', { name: t.searchButton }).click();
      await expect(page).toHaveURL(new RegExp(`/conferences/1\\?q=${encodeURIComponent(query).replace(/%20/g, '\\+')}$`));
      await expect(list.getByTestId('conference-card')).toHaveCount(1);
      await expect(list.getByTestId('conference-card')).toHaveAttribute('data-id', '2');
      await page.reload();
      await expect(list.getByLabel(t.search)).toHaveValue(query);
      await expect(list.getByTestId('conference-card')).toHaveCount(1);

      // Clearing the box lists everything again; then the mode filter.
      await list.getByLabel(t.search).fill('');
      await expect(list.getByTestId('conference-card')).toHaveCount(4);
      await list.getByLabel(t.mode).selectOption('online');
      await expect(page).toHaveURL(/mode=online/);
      await expect(list.getByTestId('conference-card')).toHaveCount(1);
      await expect(list.getByTestId('mode-badge')).toHaveAttribute('data-mode', 'online');
      await list.getByLabel(t.mode).selectOption('');
      await expect(list.getByTestId('conference-card')).toHaveCount(4);

      // Three per page: two pages, page 2 in the URL.
      await list.getByLabel(t.perPage).selectOption('3');
      await expect(page).toHaveURL(/per_page=3/);
      await expect(list.getByTestId('conference-card')).toHaveCount(3);
      const firstPage = await list.getByTestId('conference-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-id')));
      const pagination = list.getByTestId('pagination');
      await pagination.getByRole('link', { name: t.next }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(list.getByTestId('conference-card')).toHaveCount(1);
      await expect(pagination.locator('[aria-current="page"]')).toHaveAttribute('data-page', '2');
      const secondPage = await list.getByTestId('conference-card').getAttribute('data-id');
      expect(firstPage).not.toContain(secondPage);
      await page.reload();
      await expect(list.getByTestId('conference-card')).toHaveCount(1);
      await expect(list.getByTestId('conference-card')).toHaveAttribute('data-id', secondPage!);
      // The reloaded page is the server's until the app has hydrated it: Back is pressed once the
      // app runs (a Back during hydration is the note's open question on issue 6).
      await waitForApp(page);
      await page.goBack();
      await expect(list.getByTestId('conference-card')).toHaveCount(3);
    });

    test('a page past the last lands on the last one, the rest of the address kept (no empty grid)', async ({ page }) => {
      // Served by the server for page 3, replaced by page 2 once the app runs (4 conferences, 3 a page).
      await page.goto('/conferences/1?page=3&per_page=3');
      const list = page.getByTestId('conferences-list');
      await expect(page).toHaveURL(/\/conferences\/1\?page=2&per_page=3$/);
      await expect(list.getByTestId('conference-card')).toHaveCount(1);
      await expect(list.getByTestId('pagination').locator('[aria-current="page"]')).toHaveAttribute('data-page', '2');
      await page.goto('/conferences/1?page=999');
      await expect(page).toHaveURL(/\/conferences\/1$/);
      await expect(list.getByTestId('conference-card')).toHaveCount(4);
    });

    test('the category dropdown moves to another category and keeps the search', async ({ page }) => {
      await page.goto('/conferences/1?q=' + encodeURIComponent(locale === 'ar' ? 'ندوة' : 'seminar'));
      const list = page.getByTestId('conferences-list');
      await expect(list.getByTestId('conference-card')).toHaveCount(0);
      await expect(list.getByTestId('empty-state')).toBeVisible();
      await list.getByLabel(t.category).selectOption('3');
      await expect(page).toHaveURL(/\/conferences\/3\?q=/);
      await expect(list.getByTestId('conference-card')).toHaveCount(3);
      await list.getByTestId('conference-card').first().getByRole('heading').getByRole('link').click();
      await expect(page).toHaveURL(/\/conference\/\d+$/);
      await expect(page.getByTestId('conferences-details')).toBeVisible();
    });
  });
}
