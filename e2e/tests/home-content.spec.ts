/**
 * Home content and plans in the operator console (issue 19), in the composed site:
 * 1. an administrator adds an ad (image uploaded and previewed, title in both languages, active now)
 *    and a visitor sees it in the home pop-up, in English and in Arabic;
 * 2. an administrator (in Arabic) changes a plan's price: the pricing section shows the new price in
 *    both languages, while a member who subscribed before still sees the old price on the profile's
 *    subscriptions tab;
 * 3. a FAQ entry added and edited in the console shows on the home page in both languages.
 * The e2e servers share one database across specs: what a test creates is deleted at its end, and
 * the plan's price is put back (the other specs read the seeded prices).
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { AdminAd, AdminFaqEntry, AdminPlan } from '@scholars/shared-contracts/schemas';
import type { Locale } from '@scholars/shared-contracts/locale';
import { createVerifiedUser, useSession, type VerifiedUser } from '../support/accounts';
import { buyThroughApi, prepare, signUpViaApi } from '../support/billing';
import { changeRoleAsOperator } from '../support/operators';
import { setLocale, skipAdsPopup, waitForApp } from '../support/session';
import { SHELL_URL } from '../support/stack';

/** A valid 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function administrator(request: APIRequestContext, locale: Locale = 'en'): Promise<VerifiedUser> {
  const admin = await createVerifiedUser(request, { locale, emailPrefix: 'content.admin' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  return admin;
}

/** A call of the console's API as `admin` (the tests' own clean-up). */
async function asAdmin<T>(request: APIRequestContext, admin: VerifiedUser, method: 'GET' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`${SHELL_URL}/api/${path}`, { method, data, headers: { authorization: `Bearer ${admin.accessToken}` } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A visitor's home page in `locale`, in a browser context of its own (the ads pop-up open unless `skipAds`). */
async function visitorHome(browser: Browser, locale: Locale, skipAds = false): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await setLocale(page, locale);
  if (skipAds) await skipAdsPopup(page);
  await page.goto('/');
  await waitForApp(page);
  return page;
}

test('an administrator adds an ad; a visitor sees it in the home pop-up, in English and in Arabic', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const admin = await administrator(request);
  const unique = Date.now().toString(36);
  const title = { ar: `إعلان تجريبي ${unique}`, en: `Trial notice ${unique}` };
  try {
    await setLocale(page, 'en');
    await useSession(page, admin);
    await page.goto('/admin/ads');
    await expect(page.getByTestId('admin-ads')).toBeVisible();
    await page.getByTestId('admin-ads-add').click();
    const editor = page.getByTestId('ad-editor');
    await editor.getByTestId('field-title').fill(title.ar);
    await editor.getByTestId('field-title_en').fill(title.en);
    await editor.getByTestId('file-image_url').setInputFiles({ name: 'notice.png', mimeType: 'image/png', buffer: PNG });
    await expect(editor.getByTestId('preview-image_url')).toBeVisible();
    await expect(editor.getByRole('status')).toHaveCount(0); // the upload has finished
    await editor.getByTestId('field-link').fill('https://conference.example/register');
    await editor.getByTestId('field-active').check();
    await editor.getByTestId('content-save').click();
    await expect(editor).toHaveCount(0);
    const row = page.getByTestId('content-row').filter({ hasText: title.en });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('content-state')).toHaveText('Shown now');

    for (const locale of ['en', 'ar'] as const) {
      const visitor = await visitorHome(browser, locale);
      const popup = visitor.getByTestId('ads-popup');
      await expect(popup).toBeVisible();
      const slide = popup.getByTestId('ad-slide').filter({ hasText: title[locale] }).first();
      await expect(slide).toBeVisible();
      await expect(slide.getByRole('link')).toHaveAttribute('href', 'https://conference.example/register');
      await visitor.context().close();
    }
  } finally {
    const found = await asAdmin<AdminAd[]>(request, admin, 'GET', `admin/ads?q=${encodeURIComponent(unique)}`);
    for (const ad of found) await asAdmin(request, admin, 'DELETE', `admin/ads/${ad.id}?version=${ad.version}`);
  }
});

test('a plan’s new price shows in the pricing section, while an earlier subscriber keeps the old one (ar console, en and ar site)', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const admin = await administrator(request, 'ar');
  // Plan 3 (AED 2499): the other specs check the prices of plans 1 and 2 only; its price is put back below.
  const member = await signUpViaApi(request, 'ar');
  await buyThroughApi(request, member, 3);
  const plans = await asAdmin<AdminPlan[]>(request, admin, 'GET', 'admin/plans?limit=100');
  const original = plans.find((candidate) => candidate.id === 3)!;
  try {
    await setLocale(page, 'ar');
    await useSession(page, admin);
    await page.goto('/admin/plans');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const row = page.locator('[data-testid="content-row"][data-id="3"]');
    await expect(row.getByTestId('plan-row-price')).toHaveText('2499 درهم');
    await row.getByTestId('content-edit').click();
    const editor = page.getByTestId('plan-editor');
    await expect(editor.getByTestId('price-note')).toContainText('يسري السعر الجديد على المشتريات الجديدة فقط');
    await editor.getByTestId('field-price').fill('2799');
    await editor.getByTestId('content-save').click();
    await expect(editor).toHaveCount(0);
    await expect(row.getByTestId('plan-row-price')).toHaveText('2799 درهم');

    // Visitors: the new price, in both languages.
    for (const [locale, price] of [['en', /AED 2799\s*per year/], ['ar', /2799 درهم\s*سنويًا/]] as const) {
      const context = await browser.newContext();
      const visitor = await context.newPage();
      await prepare(visitor, { locale });
      await visitor.goto('/#pricing');
      const card = visitor.locator('[data-testid="plan-card"][data-plan-id="3"]');
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByTestId('plan-price')).toHaveText(price);
      await context.close();
    }

    // The member who subscribed before: the price they bought at.
    const context = await browser.newContext();
    const subscriber = await context.newPage();
    await prepare(subscriber, { session: member, locale: 'ar' });
    await subscriber.goto('/profile?tab=subscriptions');
    const card = subscriber.getByTestId('subscription-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('subscription-price')).toHaveText('2499 درهم سنويًا');
    await context.close();
  } finally {
    const current = (await asAdmin<AdminPlan[]>(request, admin, 'GET', 'admin/plans?limit=100')).find((candidate) => candidate.id === 3)!;
    await asAdmin(request, admin, 'PUT', 'admin/plans/3', {
      name: current.name,
      name_en: current.name_en,
      price: original.price,
      features: current.features.map(({ feature, feature_en }) => ({ feature, feature_en })),
      active: current.active,
      sort_order: current.sort_order,
      version: current.version,
    });
  }
});

test('a FAQ entry added and edited in the console shows on the home page, in English and in Arabic', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const admin = await administrator(request);
  const unique = Date.now().toString(36);
  const question = { ar: `هل يمكن حضور المؤتمرات عن بُعد؟ ${unique}`, en: `Can I attend conferences online? ${unique}` };
  try {
    await setLocale(page, 'en');
    await useSession(page, admin);
    await page.goto('/admin/faq');
    await page.getByTestId('admin-faq-add').click();
    const editor = page.getByTestId('faq-editor');
    await editor.getByTestId('field-question').fill(question.ar);
    await editor.getByTestId('field-question_en').fill(`Draft question ${unique}`);
    await editor.getByTestId('field-answer').fill('نعم، كثير من المؤتمرات متاحة عبر الإنترنت.');
    // Published with the answer in Arabic only: refused, the field named.
    await editor.getByTestId('field-published').check();
    await editor.getByTestId('content-save').click();
    await expect(editor.getByTestId('missing-translations')).toContainText('Answer (English)');
    await editor.getByTestId('field-answer_en').fill('Yes, many conferences are online.');
    await editor.getByTestId('content-save').click();
    await expect(editor).toHaveCount(0);

    // Edited: the English question.
    const row = page.getByTestId('content-row').filter({ hasText: `Draft question ${unique}` });
    await row.getByTestId('content-edit').click();
    await page.getByTestId('faq-editor').getByTestId('field-question_en').fill(question.en);
    await page.getByTestId('faq-editor').getByTestId('content-save').click();
    await expect(page.getByTestId('content-row').filter({ hasText: question.en })).toHaveCount(1);

    for (const locale of ['en', 'ar'] as const) {
      const visitor = await visitorHome(browser, locale, true);
      const faq = visitor.getByTestId('home-faq');
      await faq.scrollIntoViewIfNeeded();
      const entry = faq.getByTestId('faq-entry').filter({ hasText: question[locale] });
      await expect(entry).toHaveCount(1);
      await entry.locator('summary').click();
      await expect(entry).toContainText(locale === 'en' ? 'Yes, many conferences are online.' : 'نعم، كثير من المؤتمرات متاحة عبر الإنترنت.');
      await visitor.context().close();
    }
  } finally {
    const found = await asAdmin<AdminFaqEntry[]>(request, admin, 'GET', `admin/faq?q=${encodeURIComponent(unique)}`);
    for (const entry of found) await asAdmin(request, admin, 'DELETE', `admin/faq/${entry.id}?version=${entry.version}`);
  }
});
