/**
 * Remote pages rendered on the server (issue 6): the shell's server loads the conferences remote's
 * server render (its `server/render.mjs`), renders the list and details pages with their API data
 * into the document, links the remote's stylesheet, and the browser hydrates that markup once the
 * remote's code has arrived: the conference and its image paint before any script.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SHELL_URL, remoteUrl } from '../support/stack';
import { setLocale } from '../support/session';
import { signInNewUser } from '../support/accounts';
import { collectPageErrors, removedFromRoot, watchRemovedFromRoot } from '../support/hydration';
import { directionOf, type Locale } from '@scholars/shared-contracts/locale';

const ARABIC = /[\u0600-\u06FF]/;
const TITLE = {
  en: 'International Conference on Artificial Intelligence in Higher Education',
  ar: 'المؤتمر الدولي للذكاء الاصطناعي في التعليم العالي',
};

/** Waits until the remote area has hydrated: its controls stop being inert then. */
async function waitForRemote(page: Page) {
  await expect(page.locator('#root [data-remote] [role="tab"], #root [data-remote] button').first()).toBeVisible();
  await expect(page.locator('#root [inert]')).toHaveCount(0);
}

async function firstScreen(browser: Browser, pathname: string, locale: Locale, theme: 'light' | 'dark', javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, timezoneId: 'Asia/Dubai' });
  const page = await context.newPage();
  await setLocale(page, locale, theme);
  await page.goto(`${SHELL_URL}${pathname}`);
  if (javaScriptEnabled) await waitForRemote(page);
  const heading = page.locator('#main [data-remote] h1').first();
  await expect(heading).toBeVisible();
  const result = {
    html: await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir, dark: document.documentElement.classList.contains('dark') })),
    title: (await heading.innerText()).trim(),
    box: await heading.boundingBox(),
    // The remote's stylesheet is linked by the page itself, and applies (its styles are scoped to its root).
    remoteStyles: await page.evaluate((origin) => [...document.styleSheets].some((sheet) => sheet.href?.startsWith(origin)), remoteUrl('conferences')),
    images: await page.locator('#main [data-remote] img').evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length),
    inertControls: await page.locator('#main [data-remote] button[inert], #main [data-remote] select[inert]').count(),
    liveControls: await page.locator('#main [data-remote] button:not([inert]), #main [data-remote] select:not([inert])').count(),
  };
  await context.close();
  return result;
}

for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  for (const pathname of ['/conference/1', '/conferences/1']) {
    test(`${pathname} (${locale}, ${theme}) is in the document with its data, and the remote's code takes it over in place`, async ({ browser }) => {
      const before = await firstScreen(browser, pathname, locale, theme, false);
      expect(before.html).toEqual({ lang: locale, dir: directionOf(locale), dark: theme === 'dark' });
      if (pathname === '/conference/1') expect(before.title).toBe(TITLE[locale]);
      else if (locale === 'ar') expect(before.title).toMatch(ARABIC);
      else expect(before.title).toBe('Conferences');
      expect(before.remoteStyles).toBe(true);
      // The LCP image is in the HTML: it loads without any script.
      expect(before.images).toBeGreaterThan(0);
      expect(before.inertControls).toBeGreaterThan(0);
      expect(before.liveControls).toBe(0);

      const after = await firstScreen(browser, pathname, locale, theme, true);
      expect(after.html).toEqual(before.html);
      expect(after.title).toBe(before.title);
      expect(after.box).toEqual(before.box);
      expect(after.images).toBe(before.images);
      expect(after.inertControls).toBe(0);
    });
  }
}

test.describe('hydration of a server-rendered conference', () => {
  // The viewer's clock is not the conference's (Asia/Dubai): the local time appears once hydrated.
  test.use({ timezoneId: 'America/New_York' });

  for (const visitor of ['visitor, ar, dark', 'signed in'] as const) {
    test(`replaces nothing, logs no error, then shows what only the browser knows (${visitor})`, async ({ page, request }) => {
      const errors = collectPageErrors(page);
      if (visitor === 'signed in') await signInNewUser(page, request);
      else await setLocale(page, 'ar', 'dark');
      await watchRemovedFromRoot(page, 'h1');
      // The page does not ask the API for the conference it was served with (signed in: it asks
      // again once hydrated, for the user's own registration).
      const asked: string[] = [];
      page.on('request', (req) => {
        if (/\/api\/conference\/1$/.test(req.url())) asked.push(req.url());
      });
      await page.goto('/conference/1');
      await waitForRemote(page);
      const details = page.getByTestId('conferences-details');
      await expect(details.getByTestId('local-time').first()).toBeVisible();
      if (visitor === 'signed in') {
        await expect(details.getByTestId('register-button')).toBeEnabled();
        await expect(details.getByText('Sign in to register; you will come back here.')).toHaveCount(0);
        await expect.poll(() => asked.length).toBe(1);
      }
      // The hydrated tabs work.
      await details.getByRole('tab').nth(1).click();
      await expect(page).toHaveURL(/\?tab=agenda$/);
      await expect(details.getByTestId('agenda-day').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await removedFromRoot(page)).toBe(0);
      if (visitor !== 'signed in') expect(asked).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

test('after the first navigation, pages load their own data: the served copy is not shown again', async ({ page }) => {
  const errors = collectPageErrors(page);
  await setLocale(page, 'en');
  await page.goto('/conferences/1');
  await waitForRemote(page);
  const list = page.getByTestId('conferences-list');
  const firstCard = list.locator('article a, li a').first();
  await firstCard.click();
  await expect(page).toHaveURL(/\/conference\/\d+$/);
  await expect(page.getByTestId('conferences-details').getByRole('heading', { level: 1 })).toBeVisible();

  const reloaded = page.waitForRequest((req) => req.url().endsWith('/api/conference/by-category') && req.method() === 'POST');
  await page.goBack();
  await reloaded;
  await expect(list.getByTestId('results-count')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a conference opened from a page of its list and reloaded hydrates with no error; its category link then goes back to that page', async ({ page }) => {
  const errors = collectPageErrors(page);
  await setLocale(page, 'en');
  await page.goto('/conferences/1?mode=online');
  await waitForRemote(page);
  await page.getByTestId('conferences-list').locator('article a, li a').first().click();
  await expect(page).toHaveURL(/\/conference\/\d+$/);
  // The server renders the page without the list's state (the browser's alone); the hydration agrees, then reads it.
  await page.reload();
  await waitForRemote(page);
  await expect(page.getByTestId('conferences-details').locator('a[href^="/conferences/1"]').first()).toHaveAttribute('href', '/conferences/1?mode=online');
  expect(errors).toEqual([]);
});

test('a remote whose server render is missing is rendered in the browser, as before', async ({ page }) => {
  // The community remote deploys no server render: its page comes from the browser alone.
  const html = await (await page.request.get('/research-community')).text();
  expect(html).not.toContain('scholars-preloaded-data');
  expect(html).toContain('<div id="root"></div>');
});

test('an unknown conference is answered 404, with the page saying so, in the document', async ({ page }) => {
  for (const pathname of ['/conference/999999', '/conference/not-a-number']) {
    const response = await page.request.get(pathname);
    expect(response.status(), pathname).toBe(404);
    const html = await response.text();
    expect(html).toContain('data-testid="conference-not-found"');
    expect(html).toContain('This conference does not exist or was removed.');
  }
  // The conference that exists is a 200.
  expect((await page.request.get('/conference/1')).status()).toBe(200);
  // Its way back is the first category there is, in the document and once hydrated.
  const categories = (await (await page.request.get('/api/conference-categories')).json()) as { data: Array<{ id: number }> };
  const back = `/conferences/${categories.data[0]!.id}`;
  expect(await (await page.request.get('/conference/999999')).text()).toContain(`href="${back}"`);
  await page.goto('/conference/999999');
  await expect(page.getByTestId('conference-not-found-back')).toHaveAttribute('href', back);
});
