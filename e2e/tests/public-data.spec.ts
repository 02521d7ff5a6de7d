/**
 * The shell's public reads come with the page (issue 6): the server renders the header's conference
 * categories, the footer and the home page's team and ads with their answers and writes them into
 * the page, so the browser asks the API for none of them and fetches no API client code (axios)
 * while the reader only reads. The first tap or key brings that code, and calls then work.
 */
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { collectPageErrors } from '../support/hydration';
import { recordScripts, scriptsCarrying } from '../support/scripts';
import { setLocale, waitForApp } from '../support/session';

/** An error code string of axios's own bundle, found only in the chunks that carry axios (checked against the builds). */
const AXIOS_MARKER = 'ERR_BAD_OPTION_VALUE';
const ARABIC = /[\u0600-\u06FF]/;

for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  test(`the home page opens with its public data and without the API client's code (${locale}, ${theme})`, async ({ page }) => {
    await setLocale(page, locale, theme);
    const errors = collectPageErrors(page);
    const scripts = recordScripts(page);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${request.url()}`);
    });

    await page.goto('/');
    await waitForApp(page);
    // The ads came with the page: the pop-up opens with its slides.
    const popup = page.getByTestId('ads-popup');
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('ad-slide').first()).toBeVisible();
    // The header's categories are there, named in the page's language.
    const categories = page.locator('header a[href^="/conferences/"]');
    expect(await categories.count()).toBeGreaterThan(0);
    const name = (await categories.first().textContent()) ?? '';
    if (locale === 'ar') expect(name).toMatch(ARABIC);
    else expect(name).not.toMatch(ARABIC);
    await expect(page.getByTestId('home-team')).toBeAttached();
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);
    expect(await scriptsCarrying(scripts, [AXIOS_MARKER])).toEqual([]);

    // The reader's first key brings the client's code; a call then works.
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect.poll(async () => (await scriptsCarrying(scripts, [AXIOS_MARKER])).length).toBe(1);
    const box = page.getByTestId('newsletter');
    await box.getByRole('textbox').fill(uniqueEmail('reader'));
    await box.getByRole('button').click();
    await expect(box.locator('[data-state]')).toHaveAttribute('data-state', 'success', { timeout: 15_000 });
    expect(apiCalls.some((call) => call.startsWith('POST ') && call.includes('/api/newsletter-subscribers'))).toBe(true);
    expect(errors).toEqual([]);
  });
}

test('the public data is in the document itself, rendered in it for a reader without scripts', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/?lang=ar');
  const categories = page.locator('header a[href^="/conferences/"]');
  expect(await categories.count()).toBeGreaterThan(0);
  expect((await categories.first().textContent()) ?? '').toMatch(ARABIC);
  await expect(page.getByTestId('home-team')).toBeAttached();
  const data = JSON.parse((await page.locator('#scholars-preloaded-data').textContent()) ?? '{}') as { data?: Record<string, unknown> };
  expect(Object.keys(data.data ?? {}).sort()).toEqual([
    'shell:ads/websitePaginate:{"limit":5,"page":1,"col":"title","search":""}',
    'shell:conference-categories:null',
    'shell:faq:null',
    'shell:site-settings:null',
    'shell:team:null',
  ]);
  await context.close();
});
