import { expect, test, type Page } from '@playwright/test';
import { newMember, signedInContext } from '../support/community';
import { TEXTS } from '../support/library';
import { recordScripts, scriptsCarrying, ZOD_MARKER } from '../support/scripts';
import { remoteUrl, SHELL_URL } from '../support/stack';
import { directionOf } from '@scholars/shared-contracts/locale';

/**
 * Issue 6, fast by design: a signed-in reader's cold load of the library list and of a library item
 * fetches no zod and none of the shared schemas (the reads check the envelope only; the API
 * validates its answers), and not the research exchange form either, which comes (with zod) when
 * its own page opens.
 */

/**
 * Two markers of zod's bundle: the suite's shared one (`._zod`, the property every zod schema
 * object carries) and the name zod's core gives its base schema class (`$constructor("$ZodType",
 * ...)`, kept as a string by the minifier). Both are in every chunk that bundles zod and in nothing
 * else of ours (checked against the builds).
 */
const ZOD_MARKERS = [ZOD_MARKER, '$ZodType'];

/** The exchange form's own chunk (the build names it after the page). */
const isFormChunk = (url: string) => /\/ResearchExchange-[^/]*\.js$/.test(new URL(url).pathname);

/**
 * `POST library/paginate` as the list asks it: the id of an item the reader can open. The lowest id
 * is a seeded e-book: the newest one may be the content suite's, published and archived meanwhile.
 */
async function firstItemId(page: Page, accessToken: string): Promise<number> {
  const response = await page.request.post(`${SHELL_URL}/api/library/paginate`, {
    data: { collection: 'ebooks', search: '', limit: 1, page: 1, col: 'id', order: 'asc' },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { data } = (await response.json()) as { data: Array<{ id: number }> };
  expect(data.length, 'the seeded library has e-books').toBeGreaterThan(0);
  return data[0]!.id;
}

for (const { locale, theme } of [
  { locale: 'en', theme: 'light' },
  { locale: 'ar', theme: 'dark' },
] as const) {
  const t = TEXTS[locale].library;

  test(`a subscriber's cold library list and item load no zod and no exchange form (${locale}, ${theme})`, async ({ browser, request }) => {
    const user = await newMember(request, { name: `Library start ${locale}`, locale });
    const { context, page } = await signedInContext(browser, user, locale, theme);
    try {
      // The list, cold.
      const listScripts = recordScripts(page);
      await page.goto('/research-library');
      const list = page.getByTestId('library-list');
      await expect(list.getByRole('heading', { level: 1 })).toHaveText(t.title);
      await expect(page.getByTestId('library-item').first().or(page.getByTestId('library-empty'))).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', directionOf(locale));
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      await page.waitForLoadState('networkidle');
      // The page did come from the library remote (its scripts were seen), and none of them is zod.
      expect(listScripts.some(({ url }) => url.startsWith(remoteUrl('library')))).toBe(true);
      expect(await scriptsCarrying(listScripts, ZOD_MARKERS)).toEqual([]);
      expect(listScripts.filter(({ url }) => isFormChunk(url)).map(({ url }) => url)).toEqual([]);

      // An item, cold (a new page of the same session).
      const id = await firstItemId(page, user.accessToken);
      const itemPage = await context.newPage();
      const itemScripts = recordScripts(itemPage);
      await itemPage.goto(`/research-library/${id}`);
      await expect(itemPage.getByTestId('library-title')).toBeVisible();
      await expect(itemPage.getByRole('tab', { name: t.abstract })).toBeVisible();
      await itemPage.waitForLoadState('networkidle');
      expect(itemScripts.some(({ url }) => url.startsWith(remoteUrl('library')))).toBe(true);
      expect(await scriptsCarrying(itemScripts, ZOD_MARKERS)).toEqual([]);
      expect(itemScripts.filter(({ url }) => isFormChunk(url)).map(({ url }) => url)).toEqual([]);

      // The marker does find zod where a page needs it: the exchange form validates with the schemas.
      const formScripts = recordScripts(page);
      await page.goto('/research-exchange');
      await expect(page.getByTestId('exchange-form')).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const marker of ZOD_MARKERS) expect((await scriptsCarrying(formScripts, [marker])).length, marker).toBeGreaterThan(0);
      expect(formScripts.some(({ url }) => isFormChunk(url))).toBe(true);
    } finally {
      await context.close();
    }
  });
}
