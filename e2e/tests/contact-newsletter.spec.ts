import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { mailMatching } from '../support/outbox';
import { setLocale, skipAdsPopup } from '../support/session';
import { SHELL_URL } from '../support/stack';

const TEXTS = {
  en: {
    name: 'Full name', email: 'E-mail', phone: 'Phone number', message: 'Message', send: 'Send message',
    required: ['Full name is required', 'Email is required', 'Phone number is required', 'Message is required'],
    invalidEmail: 'Invalid email format', invalidPhone: 'Invalid phone number format', success: 'Message sent successfully!',
    subscribe: 'Subscribe', confirmSent: 'Almost done: we sent you an e-mail. Open its link to confirm your subscription.', already: 'You are already subscribed.',
  },
  ar: {
    name: 'الاسم الكامل', email: 'البريد الإلكتروني', phone: 'رقم الهاتف', message: 'الرسالة', send: 'إرسال الرسالة',
    required: ['الاسم الكامل مطلوب', 'البريد الإلكتروني مطلوب', 'رقم الهاتف مطلوب', 'الرسالة مطلوبة'],
    invalidEmail: 'صيغة البريد الإلكتروني غير صحيحة', invalidPhone: 'صيغة رقم الهاتف غير صحيحة', success: 'أُرسلت رسالتك بنجاح!',
    subscribe: 'اشترك', confirmSent: 'اقتربنا: أرسلنا إليك رسالة بالبريد الإلكتروني. افتح الرابط فيها لتأكيد اشتراكك.', already: 'أنت مشترك بالفعل.',
  },
} as const;

for (const locale of ['en', 'ar'] as const) {
  test(`contact form (${locale}): every spec message, then a sent message that clears after 5 s`, async ({ page }) => {
    await setLocale(page, locale, locale === 'ar' ? 'dark' : 'light');
    await skipAdsPopup(page);
    const t = TEXTS[locale];
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && request.url().includes('/api/base/contact') && posts.push(request.url()));
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    await form.getByRole('button', { name: t.send }).click();
    const alerts = form.getByRole('alert');
    await expect(alerts).toHaveCount(4);
    for (const text of t.required) await expect(form.getByText(text)).toBeVisible();

    await form.getByLabel(t.name).fill(locale === 'ar' ? 'خالد الحمادي' : 'Khalid Al Hammadi');
    await form.getByLabel(t.email).fill('khalid at example');
    await form.getByLabel(t.phone).fill('12-34');
    await form.getByLabel(t.message).fill(locale === 'ar' ? 'أود معرفة مواعيد المؤتمر القادم.' : 'When is the next conference on water research?');
    await form.getByRole('button', { name: t.send }).click();
    await expect(form.getByText(t.invalidEmail)).toBeVisible();
    await expect(form.getByText(t.invalidPhone)).toBeVisible();
    await expect(alerts).toHaveCount(2);
    expect(posts).toEqual([]); // nothing is sent while any error exists

    await form.getByLabel(t.email).fill(uniqueEmail('khalid'));
    // As an Arabic keyboard types it, spaces included: read as +971501234567.
    await form.getByLabel(t.phone).fill(locale === 'ar' ? '+٩٧١ ٥٠ ١٢٣ ٤٥٦٧' : '+971501234567');
    await form.getByRole('button', { name: t.send }).click();
    const success = page.getByTestId('contact-success');
    await expect(success).toBeVisible({ timeout: 15_000 });
    await expect(success).toHaveText(t.success);
    await expect(form.getByLabel(t.name)).toHaveValue('');
    expect(posts).toHaveLength(1);
    await expect(success).toBeHidden({ timeout: 7_000 });
  });
}

test('newsletter: a sign-up is confirmed by the e-mailed link; then the same e-mail is already subscribed', async ({ page, request }) => {
  await skipAdsPopup(page);
  const t = TEXTS.en;
  const email = uniqueEmail('reader');
  await page.goto('/about');
  const box = page.getByTestId('newsletter');
  await box.getByRole('textbox').fill(email);
  await box.getByRole('button', { name: t.subscribe }).click();
  await expect(box.locator('[data-state]')).toHaveAttribute('data-state', 'success', { timeout: 15_000 });
  await expect(box.locator('[data-state]')).toHaveText(t.confirmSent);
  // Double opt-in (issue 20): the link of the confirmation e-mail.
  const mail = await mailMatching(request, email, /Confirm your newsletter subscription/);
  const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];
  expect((await request.post(`${SHELL_URL}/api/newsletter/confirm`, { data: { token } })).status()).toBe(200);
  await box.getByRole('textbox').fill(email);
  await box.getByRole('button', { name: t.subscribe }).click();
  await expect(box.locator('[data-state]')).toHaveAttribute('data-state', 'already', { timeout: 15_000 });
  await expect(box.locator('[data-state]')).toHaveText(t.already);
});

test('on a phone (390 px, ar) the newsletter link page and the sign-in card keep a margin from the screen’s edges', async ({ page }) => {
  await skipAdsPopup(page);
  await setLocale(page, 'ar');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/newsletter/unsubscribe?token=not-a-token', '/login']) {
    await page.goto(path);
    await expect(page.getByTestId('shell-page')).toBeVisible();
    const card = await page.getByTestId('shell-page').boundingBox();
    expect(card, path).not.toBeNull();
    expect(card!.x, path).toBeGreaterThanOrEqual(12);
    expect(390 - (card!.x + card!.width), path).toBeGreaterThanOrEqual(12);
  }
});
