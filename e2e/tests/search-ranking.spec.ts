import { expect, test } from '@playwright/test';
import { prepare, signUpViaApi } from '../support/billing';

/**
 * Best match first (issue 24): searching the library sorts by relevance, the best match comes
 * first with the searched words marked, Arabic folding respected (no hamza, ة typed as ه); the
 * user can pick another sort, and clearing the term goes back to the sort before it.
 */
const CASES = {
  en: {
    theme: 'light',
    search: 'water management',
    title: 'Sustainable Water Management in Arid Regions',
    marks: ['Water', 'Management'],
    best: 'Best match',
    newest: 'Newest',
    clear: 'Clear',
  },
  ar: {
    theme: 'dark',
    search: 'الاداره المستدامه للمياه',
    title: 'الإدارة المستدامة للمياه في المناطق الجافة',
    marks: ['الإدارة', 'المستدامة', 'للمياه'],
    best: 'الأكثر صلة',
    newest: 'الأحدث',
    clear: 'مسح',
  },
} as const;

for (const [locale, c] of Object.entries(CASES) as Array<[keyof typeof CASES, (typeof CASES)[keyof typeof CASES]]>) {
  test(`library search puts the best match first, its words marked (${locale})`, async ({ page, request }) => {
    const session = await signUpViaApi(request, locale);
    await prepare(page, { session, locale, theme: c.theme });
    await page.goto('/research-library?tab=ebooks');
    const sort = page.getByTestId('library-sort');
    await expect(sort).toHaveValue('updated');

    await page.getByTestId('library-search').getByRole('searchbox').fill(c.search);
    await page.getByTestId('library-search').getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(sort).toHaveValue('relevance');
    await expect(sort.locator('option:checked')).toHaveText(c.best);
    await expect(page.getByTestId('library-results')).toHaveAttribute('aria-busy', 'false');

    const first = page.getByTestId('library-item').first();
    await expect(first.getByRole('heading')).toHaveText(c.title);
    await expect(first.getByTestId('search-match')).toHaveText([...c.marks]);

    // Another sort while searching; then clearing the term goes back to the sort before it.
    await sort.selectOption('updated');
    await expect(page).toHaveURL(/qsort=updated/);
    await expect(sort.locator('option:checked')).toHaveText(c.newest);
    await page.getByTestId('library-search').getByRole('button', { name: c.clear }).click();
    await expect(page).not.toHaveURL(/[?&]q=|qsort=/);
    await expect(sort).toHaveValue('updated');
    await expect(page.getByTestId('search-match')).toHaveCount(0);
  });
}
