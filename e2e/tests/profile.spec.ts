/**
 * The profile (/profile) and the public profile (/user-profile/{id}) in the composed site:
 * tabs, editing with the shared validation, the avatar, the privacy flag, invoice download; the
 * tab row at 1366 and 390 px in both languages (every tab in sight, or a sign where more are).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { buyThroughApi, prepare, signUpViaApi } from '../support/billing';
import { createVerifiedUser, readOtp, uniqueEmail } from '../support/accounts';
import { recordScripts, scriptsCarrying } from '../support/scripts';
import { SHELL_URL } from '../support/stack';
import { laidOutInside } from '../support/layout';

/** A valid 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('profile', () => {
  test('needs a session: a visitor goes to sign-in and back', async ({ page }) => {
    await prepare(page, { locale: 'en' });
    await page.goto('/profile?tab=billing');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%3Ftab%3Dbilling$/);
  });

  test('tabs and empty states, then editing with validation, saved across a reload (en)', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en', 'Mariam Al Kaabi');
    await prepare(page, { session, locale: 'en' });
    await page.goto('/profile');
    await expect(page.getByTestId('profile-name')).toHaveText('Mariam Al Kaabi');
    // The country chosen at sign-up, once the list of countries has come.
    const country = page.getByTestId('profile-form').getByRole('combobox', { name: /^Country/ });
    await expect(country).toBeEnabled();
    await expect(country).toHaveValue('AE');
    await expect(country.locator('option:checked')).toHaveText('United Arab Emirates');
    const tabs = page.getByRole('tablist', { name: 'Profile sections' });
    await expect(tabs.getByRole('tab')).toHaveText(['Edit profile', 'Research submissions', 'Conference requests', 'Conference registrations', 'Subscriptions', 'Billing', 'Consultations']);

    await tabs.getByRole('tab', { name: 'Research submissions' }).click();
    await expect(page).toHaveURL(/\?tab=research$/);
    await expect(page.getByText('You have not submitted any research yet.')).toBeVisible();
    await tabs.getByRole('tab', { name: 'Conference requests' }).click();
    await expect(page.getByText('You have not requested a conference yet.')).toBeVisible();
    await tabs.getByRole('tab', { name: 'Conference registrations' }).click();
    await expect(page.getByText('You have not registered for a conference yet.')).toBeVisible();
    await tabs.getByRole('tab', { name: 'Subscriptions' }).click();
    await expect(page.getByText('You have no subscription yet.')).toBeVisible();
    await tabs.getByRole('tab', { name: 'Billing' }).click();
    await expect(page.getByText('You have no invoices yet.')).toBeVisible();
    await tabs.getByRole('tab', { name: 'Consultations' }).click();
    await expect(page).toHaveURL(/\?tab=consultations$/);
    await expect(page.getByText('No sessions yet.')).toBeVisible();
    // One empty message, not the shared "No data found" above it as well.
    await expect(page.getByTestId('account-tab-consultations').getByText('No data found')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Become a consultant' })).toBeVisible();

    await tabs.getByRole('tab', { name: 'Edit profile' }).click();
    const form = page.getByTestId('profile-form');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await form.getByRole('textbox', { name: /^Phone number/ }).fill('12ab');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByTestId('error-name')).toHaveText('Name is required');
    await expect(form.getByTestId('error-phone')).toHaveText('Invalid phone number format');

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Mariam K. Al Kaabi');
    await form.getByRole('textbox', { name: /^Phone number/ }).fill('+971509876543');
    await form.getByRole('combobox', { name: /^Country/ }).selectOption({ label: 'Oman' });
    await form.getByRole('textbox', { name: /^About me/ }).fill('I study water desalination in arid climates.');
    await form.getByTestId('data-access').check();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile was updated.')).toBeVisible();
    await expect(page.getByTestId('profile-name')).toHaveText('Mariam K. Al Kaabi');

    await page.reload();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Mariam K. Al Kaabi');
    await expect(form.getByRole('textbox', { name: /^About me/ })).toHaveValue('I study water desalination in arid climates.');
    await expect(form.getByTestId('data-access')).toBeChecked();
    // Stored as its ISO code, shown by its localized name.
    await expect(form.getByRole('combobox', { name: /^Country/ })).toHaveValue('OM');
  });

  test('opens without zod; the checks come with the first submit, in the interface language (ar, dark)', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'ar');
    await prepare(page, { session, locale: 'ar', theme: 'dark' });
    const start = recordScripts(page);
    await page.goto('/profile');
    const form = page.getByTestId('password-form');
    await expect(form).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(start.length).toBeGreaterThan(5);
    expect(await scriptsCarrying(start)).toEqual([]);

    const onSubmit = recordScripts(page);
    await form.getByLabel(/^كلمة المرور الحالية/).fill('');
    await form.getByLabel(/^كلمة المرور الجديدة/).fill('a new passphrase');
    await form.getByLabel(/^تأكيد كلمة المرور الجديدة/).fill('another passphrase');
    await form.getByTestId('password-save').click();
    await expect(form.getByTestId('error-current_password')).toHaveText('أدخل كلمة المرور الحالية');
    await expect(form.getByTestId('error-confirmPassword')).toHaveText('كلمتا المرور غير متطابقتين.');
    expect(await scriptsCarrying(onSubmit)).not.toEqual([]);
  });

  test('what was typed in the details comes back after a reload, never the password (en)', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en');
    await prepare(page, { session, locale: 'en' });
    await page.goto('/profile');
    const form = page.getByTestId('profile-form');
    await form.getByRole('textbox', { name: 'Name' }).fill('Salem Al Mansoori');
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`new.${session.email}`);
    await form.getByLabel('Current password (needed to change your e-mail)').fill(session.password);
    await page.reload();
    await expect(form.getByTestId('profile-draft-restored')).toHaveText('What you typed here before is back. Check it, then save it.');
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Salem Al Mansoori');
    await expect(form.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(`new.${session.email}`);
    await expect(form.getByLabel('Current password (needed to change your e-mail)')).toHaveValue('');
    const kept = await page.evaluate(() => JSON.stringify(sessionStorage));
    expect(kept).toContain('Salem Al Mansoori');
    expect(kept).not.toContain(session.password);
  });

  test('changing the e-mail asks for the current password', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en');
    await prepare(page, { session, locale: 'en' });
    await page.goto('/profile');
    const form = page.getByTestId('profile-form');
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`new.${session.email}`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByTestId('error-current_password')).toHaveText('Enter your current password');
    await form.getByLabel('Current password (needed to change your e-mail)').fill('wrong password');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByTestId('error-current_password')).toHaveText('The current password is incorrect');
    await form.getByLabel('Current password (needed to change your e-mail)').fill(session.password);
    await form.getByRole('button', { name: 'Save changes' }).click();
    // Not applied yet: the new address has to be confirmed with the code sent to it.
    await expect(page.getByTestId('email-code-step')).toContainText(`new.${session.email}`);
    await expect(form.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(session.email);
  });

  test('e-mail change in Arabic: the code sent to the new address confirms it, then sign-in uses it (ar)', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'ar');
    const next = uniqueEmail('changed');
    await prepare(page, { session, locale: 'ar' });
    await page.goto('/profile');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const form = page.getByTestId('profile-form');
    await form.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(next);
    await form.getByLabel(/^كلمة المرور الحالية/).fill(session.password);
    await form.getByTestId('profile-save').click();

    const step = page.getByTestId('email-code-step');
    await expect(step.getByRole('heading', { name: 'أكّد بريدك الإلكتروني الجديد' })).toBeVisible();
    await expect(step).toContainText(next);
    await expect(form.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true })).toHaveValue(session.email);
    // The step lies in the page's right-to-left flow: its heading starts at the right edge.
    const [stepBox, headingBox] = [await step.boundingBox(), await step.getByRole('heading').boundingBox()];
    expect(stepBox!.x + stepBox!.width - (headingBox!.x + headingBox!.width)).toBeLessThan(40);

    const code = await readOtp(request, next);
    await step.getByLabel(/^الرمز المرسل في الرسالة/).fill(code === '000000' ? '111111' : '000000');
    await step.getByTestId('email-code-confirm').click();
    await expect(step.getByTestId('error-code')).toHaveText('رمز التحقق غير صحيح. يرجى المحاولة مرة أخرى.');

    await step.getByLabel(/^الرمز المرسل في الرسالة/).fill(code);
    await step.getByTestId('email-code-confirm').click();
    await expect(page.getByText(`أصبح بريدك الإلكتروني ${next}.`)).toBeVisible();
    await expect(step).toHaveCount(0);
    await expect(form.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true })).toHaveValue(next);

    const signIn = await request.post(`${SHELL_URL}/api/auth/login`, { data: { email: next, password: session.password } });
    expect(signIn.status()).toBe(200);
    const oldAddress = await request.post(`${SHELL_URL}/api/auth/login`, { data: { email: session.email, password: session.password } });
    expect(oldAddress.status()).toBe(401);
  });

  test('on a phone (390 px, ar, dark) the e-mail code step keeps both long addresses inside its box', async ({ browser, request }) => {
    // Addresses as long as many faculty ones: with no break in them, they ran past the step's edge
    // and the page scrolled sideways.
    const session = await createVerifiedUser(request, { locale: 'ar', emailPrefix: 'professor.abdulrahman.al.mansoori' });
    const next = uniqueEmail('professor.abdulrahman.al.mansoori.faculty');
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await prepare(page, { session, locale: 'ar', theme: 'dark' });
    await page.goto('/profile');
    const form = page.getByTestId('profile-form');
    await form.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(next);
    await form.getByLabel(/^كلمة المرور الحالية/).fill(session.password);
    await form.getByTestId('profile-save').click();
    const step = page.getByTestId('email-code-step');
    await expect(step).toContainText(next);
    expect(await laidOutInside(step, next)).toBe(true);
    expect(await laidOutInside(step, session.email)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  test("the language of e-mails is the account's, changed only in the profile: chosen on an Arabic page, kept across a reload (ar)", async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en');
    await prepare(page, { session, locale: 'ar' });
    await page.goto('/profile');
    const form = page.getByTestId('profile-form');
    const language = form.getByRole('combobox', { name: 'لغة رسائل البريد الإلكتروني والإشعارات' });
    // Browsing in Arabic does not change it: still the sign-up's English.
    await expect(language).toHaveValue('en');
    await expect(language).toHaveAccessibleDescription('تصلك رسائلنا وإشعاراتنا بهذه اللغة، أيًّا كانت اللغة التي تتصفح بها الموقع.');
    await language.selectOption({ label: 'العربية' });
    await form.getByTestId('profile-save').click();
    await expect(page.getByText('تم تحديث ملفك الشخصي.')).toBeVisible();
    await page.reload();
    await expect(language).toHaveValue('ar');
  });

  test('avatar: a real picture is shown, a disguised file is refused', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en');
    await prepare(page, { session, locale: 'en' });
    await page.goto('/profile');
    const section = page.getByTestId('avatar-section');
    await expect(section.getByTestId('avatar-initials')).toBeVisible();
    await section.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(section.getByTestId('avatar-image')).toHaveAttribute('src', /^\/files\/images\/avatars\/.+\.png$/);
    // The profile's header shows it too, without a reload.
    const header = page.getByTestId('account-profile').locator('header').first();
    await expect(header.getByTestId('avatar-image')).toHaveAttribute('src', (await section.getByTestId('avatar-image').getAttribute('src'))!);
    await section.getByTestId('avatar-input').setInputFiles({ name: 'virus.png', mimeType: 'image/png', buffer: Buffer.from('MZ this is not a picture at all, it is a program') });
    await expect(section.getByTestId('avatar-error')).toHaveText('The picture must be a PNG, JPEG or WebP image');
    await section.getByRole('button', { name: 'Remove picture' }).click();
    await expect(section.getByTestId('avatar-initials')).toBeVisible();
    await expect(header.getByTestId('avatar-image')).toHaveCount(0);
  });

  test('billing: the invoice of a purchase downloads as a PDF receipt', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en');
    await buyThroughApi(request, session, 2);
    await prepare(page, { session, locale: 'en' });
    await page.goto('/profile?tab=billing');
    const row = page.getByTestId('invoice-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('invoice-number')).toHaveText(/^INV-\d{6}$/);
    await expect(row).toContainText('Professional Plan');
    await expect(row).toContainText('AED 699');
    await expect(row).toContainText('Paid');
    const number = (await row.getByTestId('invoice-number').textContent())!.trim();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`receipt-${number}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('Arabic: right to left, Arabic tabs and texts (ar, dark)', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'ar');
    await buyThroughApi(request, session, 1);
    await prepare(page, { session, locale: 'ar', theme: 'dark' });
    await page.goto('/profile?tab=subscriptions');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('tablist', { name: 'أقسام الملف الشخصي' }).getByRole('tab', { selected: true })).toHaveText('الاشتراكات');
    const card = page.getByTestId('subscription-card');
    await expect(card.getByTestId('subscription-plan')).toHaveText('الباقة الأساسية');
    await expect(card.getByTestId('subscription-status')).toHaveText('فعّال');
    await expect(card.getByTestId('subscription-price')).toHaveText('299 درهم سنويًا');
    await page.getByRole('tab', { name: 'الفواتير' }).click();
    await expect(page.getByTestId('invoice-row')).toContainText('مدفوعة');
    await page.getByRole('tab', { name: 'تعديل الملف' }).click();
    await page.getByTestId('profile-form').getByRole('textbox', { name: 'الاسم', exact: true }).fill('');
    await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await expect(page.getByTestId('error-name')).toHaveText('الاسم مطلوب');
  });
});

/** Whether `inner` lies wholly inside `outer` (horizontally). */
async function within(inner: Locator, outer: Locator) {
  const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  return a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1;
}
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

// 1136 px of English tabs in a 992 px row were cut off at 1366 px ("Consultations", or "Edit profile"
// when Consultations was open), with nothing saying so; on a phone the row scrolled sideways, the
// last tabs out of sight. The row wraps instead, at every width: every tab whole, in the window.
for (const width of [1366, 390]) {
  test.describe(`the profile's tab row at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const locale of ['en', 'ar'] as const) {
      test(`every tab can be seen (${locale})`, async ({ page, request }) => {
        const session = await signUpViaApi(request, locale);
        await prepare(page, { session, locale });
        for (const address of ['/profile', '/profile?tab=consultations']) {
          await page.goto(address);
          const strip = page.getByRole('tablist');
          const tabs = strip.getByRole('tab');
          await expect(tabs).toHaveCount(7);
          await expect(strip.getByRole('tab', { selected: true })).toHaveAttribute('data-tab', address.endsWith('consultations') ? 'consultations' : 'edit');
          for (const tab of await tabs.all()) {
            await expect(tab).toBeVisible();
            expect(await within(tab, strip), (await tab.textContent()) ?? '').toBe(true);
            const box = (await tab.boundingBox())!;
            expect(box.x).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width).toBeLessThanOrEqual(width);
          }
          expect(await strip.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
          expect(await noSidewaysScroll(page)).toBe(true);
        }
      });
    }
  });
}

test.describe('public profile', () => {
  test('shows about, country, gender; e-mail and phone only when the member allows it', async ({ page, request, browser }) => {
    const session = await signUpViaApi(request, 'en', 'Huda Al Mansoori');
    await prepare(page, { session, locale: 'en' });
    await page.goto('/profile');
    const form = page.getByTestId('profile-form');
    await form.getByRole('textbox', { name: /^About me/ }).fill('Marine biologist.');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile was updated.')).toBeVisible();

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await prepare(visitor, { locale: 'en' });
    await visitor.goto(`/user-profile/${session.user.id}`);
    await expect(visitor.getByTestId('public-name')).toHaveText('Huda Al Mansoori');
    await expect(visitor.getByTestId('public-about')).toHaveText('Marine biologist.');
    await expect(visitor.getByTestId('public-country')).toHaveText('United Arab Emirates');
    await expect(visitor.getByTestId('public-gender')).toHaveText('Female');
    await expect(visitor.getByTestId('public-contact-hidden')).toBeVisible();
    await expect(visitor.getByText(session.email)).toHaveCount(0);
    await expect(visitor.getByText('No published research yet.')).toBeVisible();

    await form.getByTestId('data-access').check();
    // The first save's message may still be on screen: wait for this save's answer itself.
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/profile');
    await form.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).status()).toBe(200);
    await visitor.reload();
    await expect(visitor.getByTestId('public-email')).toHaveText(session.email);
    await expect(visitor.getByTestId('public-phone')).toHaveText('+971501234567');
    await visitorContext.close();
  });

  test('on a phone (390 px, ar, dark) a long public address wraps inside the page', async ({ browser, request }) => {
    // An address as long as many faculty ones, shown because the member allows it: with no break in
    // it, the page was 657 px wide.
    const session = await createVerifiedUser(request, { locale: 'ar', emailPrefix: 'professor.abdulrahman.al.mansoori.faculty' });
    const allowed = await request.put(`${SHELL_URL}/api/profile`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
      data: { name: session.name, email: session.email, phone: '+971501234567', country: 'AE', gender: 'female', bio: '', data_access: true, newsletter: false, locale: 'ar' },
    });
    expect(allowed.status()).toBe(200);
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await prepare(visitor, { locale: 'ar', theme: 'dark' });
    await visitor.goto(`/user-profile/${session.user.id}`);
    await expect(visitor.getByTestId('public-email')).toHaveText(session.email);
    expect(await laidOutInside(visitor.getByTestId('public-email'), session.email)).toBe(true);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visitor.context().close();
  });

  test('an unknown member shows a not-found message (ar)', async ({ page }) => {
    await prepare(page, { locale: 'ar' });
    await page.goto('/user-profile/99999999');
    await expect(page.getByTestId('public-profile-missing')).toHaveText('هذا الملف غير موجود.');
  });
});

