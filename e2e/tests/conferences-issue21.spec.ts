/**
 * What real users tripped on in conferences (issue 21): an unknown category is the not-found page
 * (404 from the server); a conference request gets a receipt e-mail in the author's language; the
 * request form offers sign-up's country list; each page has its own title in the page's language,
 * in the served HTML too.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { setLocale, waitForApp } from '../support/session';
import { signInNewUser } from '../support/conferences';
import { SHELL_URL } from '../support/stack';
import { formatDate, isolate, PLATFORM_TIME_ZONE, type Locale } from '@scholars/shared-contracts/locale';

const SITE = { en: 'Scholars Hub', ar: 'ملتقى الباحثين' } as const;
const CONFERENCE = {
  en: 'International Conference on Artificial Intelligence in Higher Education',
  ar: 'المؤتمر الدولي للذكاء الاصطناعي في التعليم العالي',
} as const;
const CATEGORY = { en: 'Academic Conferences', ar: 'المؤتمرات الأكاديمية' } as const;

/** The `<title>` of the HTML the server sends for `path` in `locale` (before any script). */
async function servedTitle(request: APIRequestContext, path: string, locale: Locale) {
  const answer = await request.get(`${SHELL_URL}${path}${path.includes('?') ? '&' : '?'}lang=${locale}`);
  const html = await answer.text();
  return { status: answer.status(), title: /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null };
}

test.describe('an unknown conference category (en, light, desktop)', () => {
  test.beforeEach(async ({ page }) => setLocale(page, 'en'));

  test('is the not-found page, answered 404 by the server, not a list named "99999"', async ({ page, request }) => {
    const response = await page.goto('/conferences/99999');
    expect(response?.status()).toBe(404);
    await waitForApp(page);
    const list = page.getByTestId('conferences-list');
    await expect(list.getByTestId('category-not-found')).toHaveText('This conference category does not exist or was removed.');
    await expect(list.getByRole('heading', { level: 1 })).toHaveText('Category not found');
    await expect(page.getByText('99999')).toHaveCount(0);
    await expect(list.getByRole('searchbox')).toHaveCount(0);
    await expect(page).toHaveTitle(`Category not found · ${SITE.en}`);
    // Its link leads to a real category.
    await list.getByRole('link', { name: 'See the conferences' }).click();
    await expect(page).toHaveURL(/\/conferences\/1$/);
    await expect(list.getByTestId('category-name')).toHaveText(CATEGORY.en);
    await expect(list.getByTestId('category-not-found')).toHaveCount(0);

    // Status only: an id that is no number, and a known category.
    expect((await request.get(`${SHELL_URL}/conferences/abc`)).status()).toBe(404);
    expect((await request.get(`${SHELL_URL}/conferences/1`)).status()).toBe(200);
  });
});

test.describe('page titles of conferences, in the page\'s language', () => {
  for (const locale of ['en', 'ar'] as const) {
    test(`a conference and a category (${locale}): served HTML and the browser`, async ({ page, request }) => {
      // Served HTML, before any script.
      expect(await servedTitle(request, '/conference/1', locale)).toEqual({ status: 200, title: `${CONFERENCE[locale]} · ${SITE[locale]}` });
      expect(await servedTitle(request, '/conferences/1', locale)).toEqual({ status: 200, title: `${CATEGORY[locale]} · ${SITE[locale]}` });

      await setLocale(page, locale);
      await page.goto('/conference/1');
      await waitForApp(page);
      await expect(page.getByTestId('conferences-details').getByRole('heading', { level: 1 })).toHaveText(CONFERENCE[locale]);
      await expect(page).toHaveTitle(`${CONFERENCE[locale]} · ${SITE[locale]}`);

      // A navigation in the browser: the category's name.
      await page.getByTestId('conferences-details').getByRole('link', { name: CATEGORY[locale] }).click();
      await expect(page.getByTestId('category-name')).toHaveText(CATEGORY[locale]);
      await expect(page).toHaveTitle(`${CATEGORY[locale]} · ${SITE[locale]}`);
    });
  }
});

test.describe('conference request (ar, dark, desktop)', () => {
  test.use({ timezoneId: 'Asia/Dubai' });
  test.beforeEach(async ({ page }) => setLocale(page, 'ar', 'dark'));

  test('the country comes from sign-up\'s list (named in Arabic, stored as its code); the receipt is e-mailed in Arabic', async ({ page, request, browser }) => {
    const session = await signInNewUser(page, request, 'ar');
    await page.goto('/request-conference');
    const form = page.getByTestId('request-form');
    await expect(page).toHaveTitle(`طلب مؤتمر · ${SITE.ar}`);
    const country = form.locator('[data-field="country"] select');
    await expect(country).toBeVisible();
    // The same list as sign-up: the UAE and the Arab world first, named in the page's language.
    const options = await country.locator('option').evaluateAll((items) => items.map((item) => ({ value: (item as HTMLOptionElement).value, text: item.textContent })));
    expect(options[0]).toEqual({ value: '', text: 'اختر…' });
    expect(options.slice(1, 4).map((option) => option.value)).toEqual(['AE', 'SA', 'OM']);
    expect(options[1]!.text).toMatch(/^الإمارات/);
    // The account's country (sign-up's default, the UAE) is chosen already.
    await expect(country).toHaveValue('AE');
    // Sign-up (a visitor's page) offers the same codes with the same names.
    const visitor = await browser.newContext();
    const signUp = await visitor.newPage();
    await setLocale(signUp, 'ar', 'dark');
    await signUp.goto(`${SHELL_URL}/register`);
    await expect(signUp.locator('select[name="country"] option[value="OM"]')).toHaveCount(1);
    const signUpOptions = await signUp.locator('select[name="country"] option').evaluateAll((items) =>
      items.map((item) => ({ value: (item as HTMLOptionElement).value, text: item.textContent })).filter((item) => item.value),
    );
    await visitor.close();
    expect(options.filter((option) => option.value)).toEqual(signUpOptions);

    await form.locator('[data-field="full_name"] input').fill('مريم الكعبي');
    await form.locator('[data-field="academic_level"] select').selectOption('phd');
    await form.locator('[data-field="major_field"] input').fill('تقنيات التعليم');
    await form.locator('[data-field="university"] input').fill('جامعة الإمارات العربية المتحدة');
    await form.locator('[data-field="university_email"] input').fill(`mariam.${Date.now()}@uaeu.ac.ae`);
    await form.locator('[data-field="phone"] input').fill('+971501234567');
    await country.selectOption('OM');
    const title = `ملتقى تحليلات التعلم ${Date.now()}`;
    await form.locator('[data-field="conference_title"] input').fill(title);
    await form.locator('[data-field="main_language"] select').selectOption('ar_en');
    await form.locator('[data-field="proposed_start_date"] input').fill(new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10));
    await form.locator('[data-field="duration_days"] input').fill('2');
    await form.locator('[data-field="location_type"] select').selectOption('hybrid');
    await form.locator('[data-field="venue"] input').fill('العين');
    await form.locator('[data-field="objectives"] textarea').fill('تبادل الخبرات؛ بناء شبكة بحثية');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/conference-requests') && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'إرسال الطلب' }).click();
    const answer = (await (await saved).json()) as { data: { id: number; country: string; created_at: string } };
    expect(answer.data.country).toBe('OM');
    await expect(page.getByText('تم إرسال طلب المؤتمر. سنراسلك بالقرار عبر البريد الإلكتروني.')).toBeVisible();

    // The receipt, in the outbox, in the account's language.
    const reviewBy = formatDate(new Date(Date.parse(answer.data.created_at) + 14 * 86_400_000), 'ar', 'longDate', PLATFORM_TIME_ZONE);
    let receipt: { subject?: string; text?: string } | undefined;
    await expect
      .poll(async () => {
        const outbox = await request.get(`${SHELL_URL}/api/dev/outbox.json?to=${encodeURIComponent(session.email)}`);
        const body = (await outbox.json()) as { data?: Array<{ subject?: string; text?: string }> } | Array<{ subject?: string; text?: string }>;
        const mails = Array.isArray(body) ? body : (body.data ?? []);
        receipt = mails.find((mail) => mail.subject === `تلقّينا طلب المؤتمر: ${isolate(title)}`);
        return receipt !== undefined;
      }, { timeout: 15_000 })
      .toBe(true);
    expect(receipt!.text).toContain(`وسنراسلك بالقرار بحلول ${reviewBy}`);
    expect(receipt!.text).toContain(`(رقم ${answer.data.id})`);
    expect(receipt!.text).toMatch(/\/profile\?tab=requests/);
  });
});
