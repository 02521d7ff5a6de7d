/**
 * The shell's prerendered first screen (issue 6): the server renders the home and about pages into
 * #root in the visitor's language and theme (page cookies mirrored from localStorage), the page
 * paints before any script, and the app then hydrates that markup in place. Below the first
 * screen, the remotes' widgets are fetched only as the reader approaches them.
 */
import { expect, test, type Browser } from '@playwright/test';
import { SHELL_URL, remoteUrl } from '../support/stack';
import { scrollThroughHome, setLocale, skipAdsPopup, waitForApp } from '../support/session';
import { signInNewUser } from '../support/accounts';
import { collectPageErrors, removedFromRoot, watchRemovedFromRoot } from '../support/hydration';
import { directionOf, type Locale } from '@scholars/shared-contracts/locale';

const ARABIC = /[\u0600-\u06FF]/;

async function heroOf(browser: Browser, pathname: string, locale: Locale, theme: 'light' | 'dark', javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.addCookies([
    { name: 'scholars_lang', value: locale, url: SHELL_URL },
    { name: 'scholars_theme', value: theme, url: SHELL_URL },
  ]);
  const page = await context.newPage();
  if (javaScriptEnabled) {
    await page.addInitScript(
      ([lng, thm]) => {
        localStorage.setItem('current_language', lng);
        localStorage.setItem('theme', thm);
        sessionStorage.setItem('ads_dismissed', '1');
      },
      [locale, theme] as const,
    );
  }
  await page.goto(`${SHELL_URL}${pathname}`);
  if (javaScriptEnabled) await waitForApp(page);
  const heading = page.locator('#main h1').first();
  await expect(heading).toBeVisible();
  const result = {
    text: (await heading.innerText()).trim(),
    box: await heading.boundingBox(),
    html: await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir, dark: document.documentElement.classList.contains('dark') })),
    background: await page.locator('header').first().evaluate((element) => getComputedStyle(element).backgroundColor),
    inertButtons: await page.locator('#root button[inert]').count(),
    liveButtons: await page.locator('#root button:not([inert])').count(),
    loginVisible: await page.getByRole('banner').getByRole('link', { name: locale === 'ar' ? 'تسجيل الدخول' : 'Log in' }).first().isVisible(),
  };
  await context.close();
  return result;
}

for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  for (const pathname of ['/', '/about']) {
    test(`${pathname} (${locale}, ${theme}) paints its first screen without any script, and the app takes it over in place`, async ({ browser }) => {
      const before = await heroOf(browser, pathname, locale, theme, false);
      expect(before.html).toEqual({ lang: locale, dir: directionOf(locale), dark: theme === 'dark' });
      if (locale === 'ar') expect(before.text).toMatch(ARABIC);
      else expect(before.text).not.toMatch(ARABIC);
      // Controls that need the script are inert until it runs; whether someone is signed in is not guessed.
      expect(before.inertButtons).toBeGreaterThan(0);
      expect(before.liveButtons).toBe(0);
      expect(before.loginVisible).toBe(false);

      const after = await heroOf(browser, pathname, locale, theme, true);
      expect(after.html).toEqual(before.html);
      expect(after.text).toBe(before.text);
      expect(after.background).toBe(before.background);
      // Same place and size: the takeover shifts nothing.
      expect(after.box).toEqual(before.box);
      expect(after.inertButtons).toBe(0);
      expect(after.loginVisible).toBe(true);
    });
  }
}

test('the language and theme chosen in the menus reach the server: the next page comes in them', async ({ page }) => {
  await skipAdsPopup(page);
  await page.goto('/');
  await waitForApp(page);
  const first = await (await page.request.get('/')).text();
  expect(first).toContain('<html lang="en" dir="ltr">');

  await page.getByTestId('language-menu').first().selectOption('ar');
  await page.getByTestId('theme-menu').first().selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The theme is applied (class and cookie together) on its own render: read the cookies after it.
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const cookies = Object.fromEntries((await page.context().cookies(SHELL_URL)).map((cookie) => [cookie.name, cookie]));
  expect(cookies.scholars_lang?.value).toBe('ar');
  expect(cookies.scholars_theme?.value).toBe('dark');
  expect(cookies.scholars_lang?.sameSite).toBe('Lax');

  const next = await (await page.request.get('/about')).text();
  expect(next).toContain('<html lang="ar" dir="rtl" class="dark">');
  expect(/<h1[^>]*>([^<]+)<\/h1>/.exec(next)?.[1]).toMatch(ARABIC);
  // ?lang= still names a language for one page, whatever the cookie says.
  expect(await (await page.request.get('/about?lang=en')).text()).toContain('<html lang="en" dir="ltr" class="dark">');
});

test('the home page fetches no remote code until the reader approaches the widgets', async ({ page }) => {
  await skipAdsPopup(page);
  const remoteOrigins = (['community', 'conferences', 'account'] as const).map(remoteUrl);
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (remoteOrigins.some((origin) => request.url().startsWith(origin))) fetched.push(request.url());
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);
  await expect(page.getByTestId('deferred-community-CommunityCarousel')).toHaveAttribute('aria-busy', 'true');

  await scrollThroughHome(page);
  await expect(page.getByTestId('home-community')).toBeVisible();
  await expect(page.getByTestId('events-widget')).toBeVisible();
  await expect(page.getByTestId('pricing-section')).toBeVisible();
  for (const origin of remoteOrigins) expect(fetched.some((url) => url.startsWith(origin)), origin).toBe(true);
});

for (const visitor of ['en, light', 'ar, dark', 'signed in'] as const) {
  test(`the app hydrates the prerendered home page in place, with no error (${visitor})`, async ({ page, request }) => {
    const errors = collectPageErrors(page);
    if (visitor === 'signed in') await signInNewUser(page, request);
    else await setLocale(page, visitor === 'ar, dark' ? 'ar' : 'en', visitor === 'ar, dark' ? 'dark' : 'light');
    await skipAdsPopup(page);
    // The first screen's elements stay: a fresh render would replace them all.
    await watchRemovedFromRoot(page, 'h1, header');
    await page.goto('/');
    await waitForApp(page);
    const account = page.getByRole('banner').getByRole('link', { name: visitor === 'signed in' ? 'Profile' : visitor === 'ar, dark' ? 'تسجيل الدخول' : 'Log in' });
    await expect(account.first()).toBeVisible();
    expect(await removedFromRoot(page)).toBe(0);
    // The theme menu names the stored preference (the server, without storage, wrote the default).
    await expect(page.getByTestId('theme-menu').first()).toHaveValue(visitor === 'signed in' ? 'system' : visitor === 'ar, dark' ? 'dark' : 'light');
    // The hydrated buttons work: the theme menu changes the theme.
    await page.getByTestId('theme-menu').first().selectOption(visitor === 'ar, dark' ? 'light' : 'dark');
    await expect(page.locator('html')).toHaveClass(visitor === 'ar, dark' ? /^(?!.*dark)/ : /dark/);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}
