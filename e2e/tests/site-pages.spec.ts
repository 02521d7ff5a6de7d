/**
 * The about page and the privacy policy run from the operator console (issue 19), in the composed
 * site: an administrator (English console) changes the about page's mission, another (Arabic
 * console) amends a section of the policy, first refused with one language left empty, and e-mails
 * the members about the new version (each in their language); a visitor
 * sees both changes in English and in Arabic, the policy with the date of its last change in the
 * page's language. The e2e servers share one database across specs: both pages are put back as
 * they were at the end (other specs read the seeded about page).
 */
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import type { AdminAboutPage, AdminPrivacyPolicy } from '@scholars/shared-contracts/schemas';
import { formatDate, type Locale } from '@scholars/shared-contracts/locale';
import { createVerifiedUser, useSession, type VerifiedUser } from '../support/accounts';
import { changeRoleAsOperator } from '../support/operators';
import { mailMatching } from '../support/outbox';
import { setLocale, skipAdsPopup, waitForApp } from '../support/session';
import { SHELL_URL } from '../support/stack';

async function administrator(request: APIRequestContext, locale: Locale): Promise<VerifiedUser> {
  const admin = await createVerifiedUser(request, { locale, emailPrefix: 'pages.admin' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  return admin;
}

async function asAdmin<T>(request: APIRequestContext, admin: VerifiedUser, method: 'GET' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`${SHELL_URL}/api/${path}`, { method, data, headers: { authorization: `Bearer ${admin.accessToken}` } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Puts `path` back as `before` was (at whatever version it is now). */
async function restore<T extends { version: number; updated_at: string | null }>(request: APIRequestContext, admin: VerifiedUser, path: string, before: T) {
  const now = await asAdmin<T>(request, admin, 'GET', path);
  const { updated_at: _readOnly, ...body } = before;
  await asAdmin(request, admin, 'PUT', path, { ...body, version: now.version });
}

/** A visitor's page in `locale`, in a browser context of its own. */
async function visit(browser: Browser, locale: Locale, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await setLocale(page, locale);
  await skipAdsPopup(page);
  await page.goto(path);
  await waitForApp(page);
  return page;
}

test('an administrator changes the mission and a privacy section; a visitor sees both in English and in Arabic, with the policy’s date', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const admin = await administrator(request, 'en');
  const arabicAdmin = await administrator(request, 'ar');
  const unique = Date.now().toString(36);
  const mission = { ar: `رسالة جديدة ${unique}`, en: `A new mission ${unique}` };
  const section = { ar: `حقوقك في بياناتك ${unique}`, en: `Your rights over your data ${unique}` };
  const aboutBefore = await asAdmin<AdminAboutPage>(request, admin, 'GET', 'admin/pages/about');
  const privacyBefore = await asAdmin<AdminPrivacyPolicy>(request, admin, 'GET', 'admin/pages/privacy');
  try {
    // The mission, in the English console.
    await setLocale(page, 'en');
    await useSession(page, admin);
    await page.goto('/admin/pages/about');
    const about = page.getByTestId('about-form');
    await expect(about.getByTestId('field-mission_en')).toHaveValue(aboutBefore.mission_en);
    await about.getByTestId('field-mission').fill(mission.ar);
    await about.getByTestId('field-mission_en').fill(mission.en);
    await about.getByTestId('content-save').click();
    await expect(page.getByTestId('about-form').getByTestId('field-mission_en')).toHaveValue(mission.en);
    await expect(page.getByTestId('about-form').getByTestId('page-updated')).toBeVisible();

    // A section of the policy, in the Arabic console: the English body left empty is refused and named.
    const arabicPage = await browser.newPage();
    await setLocale(arabicPage, 'ar');
    await useSession(arabicPage, arabicAdmin);
    await arabicPage.goto('/admin/pages/privacy');
    const policy = arabicPage.getByTestId('privacy-form');
    await expect(policy.getByTestId('privacy-section')).toHaveCount(privacyBefore.sections.length);
    await policy.getByTestId('field-sections.1.title').fill(section.ar);
    await policy.getByTestId('field-sections.1.title_en').fill(section.en);
    await policy.getByTestId('field-sections.1.body_en').fill('');
    await policy.getByTestId('content-save').click();
    await expect(policy.getByTestId('missing-translations')).toContainText('نص القسم 2');
    await expect(policy.getByTestId('error-sections.1.body_en')).toBeVisible();
    await policy.getByTestId('field-sections.1.body_en').fill(`You may ask for a copy of your data. ${unique}`);
    await policy.getByTestId('content-save').click();
    await expect(arabicPage.getByTestId('privacy-form').getByTestId('missing-translations')).toHaveCount(0);
    await expect(arabicPage.getByTestId('privacy-form').getByTestId('field-sections.1.title_en')).toHaveValue(section.en);
    // Members are told of the amended version, after a confirmation naming how many: one e-mail
    // each, in their language (the administrator is a member too), with the policy's link.
    const notices = arabicPage.getByTestId('privacy-notices');
    await notices.getByTestId('privacy-notify').click();
    await expect(notices.getByTestId('privacy-notice-confirm')).toContainText('مراسلة');
    await notices.getByTestId('privacy-notice-confirm-confirm').click();
    await expect(notices.getByTestId('privacy-notice-done')).toContainText('أُبلغ الأعضاء بهذه النسخة');
    await expect(notices.getByTestId('privacy-notice').first()).toContainText('بطلب من');
    const notice = await mailMatching(request, arabicAdmin.email, /سياسة الخصوصية والمحتوى/, 30_000);
    expect(notice).toMatchObject({ template: 'policy_notice', locale: 'ar' });
    expect(notice.text).toContain('/privacy-policy');
    await arabicPage.close();
    const amended = await asAdmin<AdminPrivacyPolicy>(request, admin, 'GET', 'admin/pages/privacy');
    expect(amended.sections[1]?.title_en).toBe(section.en);

    for (const locale of ['en', 'ar'] as const) {
      // The about page comes from the shell's server with the new mission already in it.
      const visitor = await visit(browser, locale, '/about');
      await expect(visitor.getByTestId('about-mission')).toHaveText(mission[locale]);
      await expect(visitor.getByTestId('about-objectives').locator('li')).toHaveCount(aboutBefore.objectives.length);
      await visitor.goto('/privacy-policy');
      const points = visitor.getByTestId('policy-points');
      await expect(points.locator('li').nth(1)).toContainText(`2. ${section[locale]}`);
      const date = formatDate(amended.updated_at, locale, 'longDate');
      await expect(visitor.getByTestId('policy-updated')).toHaveText(locale === 'en' ? `Last updated ${date}` : `آخر تحديث ${date}`);
      await visitor.context().close();
    }
  } finally {
    await restore(request, admin, 'admin/pages/about', aboutBefore);
    await restore(request, admin, 'admin/pages/privacy', privacyBefore);
  }
});
