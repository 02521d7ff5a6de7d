/**
 * Issue 21, "content in the other language": a text that exists in one language only (an abstract,
 * a name) keeps its own `lang` and `dir` inside the other language's page, and a country, stored
 * as its ISO code, is named in the page's language. Desktop width, as the walk saw it.
 */
import { expect, test } from '@playwright/test';
import { prepare, signUpViaApi } from '../support/billing';

test.describe('content in the other language', () => {
  test('an English page shows an Arabic-only abstract and name as Arabic, right to left (en, light)', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en');
    await prepare(page, { session, locale: 'en', theme: 'light' });
    await page.goto('/research-community');
    // Research 1 has its title in both languages and its abstract in Arabic only.
    const card = page.locator('[data-testid="research-card"][data-id="1"]');
    await expect(card.getByRole('link')).toHaveText(/^The Impact of Blended Learning/);
    await expect(card.getByRole('link')).not.toHaveAttribute('lang', /./);
    await expect(card.getByTestId('research-card-excerpt')).toHaveAttribute('lang', 'ar');
    await expect(card.getByTestId('research-card-excerpt')).toHaveAttribute('dir', 'rtl');

    await page.goto('/community/1');
    await expect(page.getByTestId('research-title')).toHaveText(/^The Impact of Blended Learning/);
    const abstract = page.getByTestId('abstract-text');
    await expect(abstract).toHaveAttribute('lang', 'ar');
    await expect(abstract).toHaveAttribute('dir', 'rtl');
    const direction = await abstract.evaluate((element) => getComputedStyle(element).direction);
    expect(direction).toBe('rtl');

    // A member whose name is in Arabic only, on an English page.
    await page.goto('/user-profile/2');
    await expect(page.getByTestId('public-name')).toHaveText('مريم الشحي');
    await expect(page.getByTestId('public-name')).toHaveAttribute('lang', 'ar');
    await expect(page.getByTestId('public-name')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('an Arabic page shows an English-only abstract and name as English, left to right (ar, dark)', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'ar');
    await prepare(page, { session, locale: 'ar', theme: 'dark' });
    await page.goto('/research-community');
    // Research 3 has its abstract in English only.
    const card = page.locator('[data-testid="research-card"][data-id="3"]');
    await expect(card.getByRole('link')).toHaveText(/^العوامل المؤثرة/);
    await expect(card.getByTestId('research-card-excerpt')).toHaveAttribute('lang', 'en');
    await expect(card.getByTestId('research-card-excerpt')).toHaveAttribute('dir', 'ltr');

    await page.goto('/community/3');
    const abstract = page.getByTestId('abstract-text');
    await expect(abstract).toHaveText(/^This study examines/);
    await expect(abstract).toHaveAttribute('lang', 'en');
    await expect(abstract).toHaveAttribute('dir', 'ltr');
    expect(await abstract.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');

    await page.goto('/user-profile/4');
    await expect(page.getByTestId('public-name')).toHaveText('Hessa Al Falasi');
    await expect(page.getByTestId('public-name')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('public-name')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('a country is stored as its code and named in the page language on the public profile', async ({ page, request, browser }) => {
    const session = await signUpViaApi(request, 'en', 'Layla Al Suwaidi');
    await prepare(page, { session, locale: 'en' });
    await page.goto('/profile');
    const form = page.getByTestId('profile-form');
    await form.getByRole('combobox', { name: /^Country/ }).selectOption({ label: 'Oman' });
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/profile');
    await form.getByRole('button', { name: 'Save changes' }).click();
    const answer = (await (await saved).json()) as { data: { country: string } };
    expect(answer.data.country).toBe('OM');

    for (const [locale, name] of [['en', 'Oman'], ['ar', 'عُمان']] as const) {
      const context = await browser.newContext();
      const visitor = await context.newPage();
      await prepare(visitor, { locale });
      await visitor.goto(`/user-profile/${session.user.id}`);
      await expect(visitor.getByTestId('public-country')).toHaveText(name);
      // Named in the page's language: no lang of its own.
      await expect(visitor.getByTestId('public-country')).not.toHaveAttribute('lang', /./);
      await context.close();
    }

    // The seed's members, whose countries were stored as names, read in both languages too.
    await page.goto('/user-profile/5');
    await expect(page.getByTestId('public-country')).toHaveText('Oman');
  });
});
