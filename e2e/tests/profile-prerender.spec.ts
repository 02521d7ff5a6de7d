/**
 * The public profile (/user-profile/{id}) rendered on the server (issue 6): the account remote
 * deploys a server render (`server/render.mjs`) of that page, so a member's profile is in the
 * document (for readers and for search engines), and the browser hydrates it once the remote's
 * code has arrived. An unknown member is a 404 document that says so.
 */
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser } from '../support/accounts';
import { collectPageErrors, removedFromRoot, watchRemovedFromRoot } from '../support/hydration';
import { setLocale } from '../support/session';
import { SHELL_URL, remoteUrl } from '../support/stack';
import { directionOf } from '@scholars/shared-contracts/locale';

/** Until React has hydrated a server-rendered element it has no fiber of its own. */
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((wanted) => {
    const element = document.querySelector(wanted);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);

for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  test(`a member's profile is in the document, and the remote's code takes it over in place (${locale}, ${theme})`, async ({ browser, request }) => {
    const member = await createVerifiedUser(request, { locale });
    const path = `/user-profile/${member.user.id}`;

    // Without scripts: what the server sent.
    const still = await browser.newContext({ javaScriptEnabled: false });
    const before = await still.newPage();
    await setLocale(before, locale, theme);
    const response = await before.goto(`${SHELL_URL}${path}`);
    expect(response?.status()).toBe(200);
    const html = await before.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir, dark: document.documentElement.classList.contains('dark') }));
    expect(html).toEqual({ lang: locale, dir: directionOf(locale), dark: theme === 'dark' });
    await expect(before.locator('#main [data-remote="account"] [data-testid="public-name"]')).toHaveText(member.name);
    const stylesLinked = await before.evaluate((origin) => [...document.styleSheets].some((sheet) => sheet.href?.startsWith(origin)), remoteUrl('account'));
    expect(stylesLinked).toBe(true);
    const box = await before.getByTestId('public-name').boundingBox();
    await still.close();

    // With scripts: hydrated, nothing replaced, nothing logged, in the same place.
    const live = await browser.newContext();
    const page = await live.newPage();
    const errors = collectPageErrors(page);
    await setLocale(page, locale, theme);
    await watchRemovedFromRoot(page, 'h1');
    await page.goto(`${SHELL_URL}${path}`);
    await hydrated(page, '[data-testid="public-name"]');
    await expect(page.getByTestId('public-name')).toHaveText(member.name);
    expect(await page.getByTestId('public-name').boundingBox()).toEqual(box);
    expect(await removedFromRoot(page)).toBe(0);
    expect(errors).toEqual([]);
    await live.close();
  });
}

test('an unknown member is a 404 document that says so, and the page still works in the browser (ar)', async ({ browser }) => {
  const still = await browser.newContext({ javaScriptEnabled: false });
  const page = await still.newPage();
  await setLocale(page, 'ar', 'light');
  const response = await page.goto(`${SHELL_URL}/user-profile/2147483000`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('public-profile-missing')).toContainText(/[\u0600-\u06FF]/);
  await still.close();

  const live = await browser.newContext();
  const browsing = await live.newPage();
  await setLocale(browsing, 'ar', 'light');
  await browsing.goto(`${SHELL_URL}/user-profile/2147483000`);
  await hydrated(browsing, '[data-testid="public-profile-missing"]');
  await expect(browsing.getByTestId('public-profile-missing')).toBeVisible();
  await live.close();
});
