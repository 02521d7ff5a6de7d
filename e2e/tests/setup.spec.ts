/**
 * The first administrator on a fresh start: the one-time link the API printed (and left in
 * DATA_DIR/setup-link.txt) opens a bilingual page that makes the administrator; then it opens
 * nothing more.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { setLocale } from '../support/session';
import { SHELL_URL } from '../support/stack';

// In this order, in one worker: the unknown link is "not valid" only while no administrator exists
// (after the second test the page says the platform has one), and the suite runs files in parallel.
test.describe.configure({ mode: 'serial' });

const setupPath = () => {
  const link = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'setup-link.txt'), 'utf8').trim();
  return new URL(link).pathname;
};

test('an unknown setup link says so, in English', async ({ page }) => {
  await setLocale(page, 'en');
  await page.goto('/setup/not-a-real-setup-token-0123456789');
  await expect(page.getByTestId('setup-invalid')).toContainText('This setup link is not valid');
});

test('the printed link makes the first administrator (ar, dark), then opens nothing more (en)', async ({ page, browser, request }) => {
  const linkPath = setupPath();
  await setLocale(page, 'ar', 'dark');
  await page.goto(linkPath);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('إعداد المنصة');

  const email = `first.admin.${Date.now()}@example.ae`;
  const form = page.locator('form[aria-labelledby="setup-create"]');
  // Signed out there is one way, not an "or" after nothing.
  await expect(form.getByRole('heading', { level: 2 })).toHaveText('أنشئ حساب المسؤول');
  await form.getByLabel('الاسم الكامل').fill('مريم المنصوري');
  await form.getByLabel('البريد الإلكتروني').fill(email);
  await form.getByLabel('كلمة المرور', { exact: true }).fill('a-long-passphrase');
  await form.getByLabel('تأكيد كلمة المرور').fill('another-passphrase');
  await form.getByRole('button', { name: 'إنشاء حساب المسؤول' }).click();
  await expect(form.getByText('كلمتا المرور غير متطابقتين.')).toBeVisible();

  await form.getByLabel('تأكيد كلمة المرور').fill('a-long-passphrase');
  await form.getByRole('button', { name: 'إنشاء حساب المسؤول' }).click();
  await expect(page.getByTestId('setup-done')).toHaveText('تم. سجّل الدخول لفتح لوحة الإدارة.');

  // The new account signs in as the administrator.
  const login = await request.post(`${SHELL_URL}/api/auth/login`, { data: { email, password: 'a-long-passphrase' } });
  expect(login.ok(), await login.text()).toBe(true);
  expect(((await login.json()) as { data: { user: { roles: string[] } } }).data.user.roles).toEqual(['admin']);

  // The same link, opened again (another visitor, English): an administrator exists.
  const later = await browser.newPage();
  await setLocale(later, 'en');
  await later.goto(linkPath);
  await expect(later.getByTestId('setup-exists')).toHaveText('The platform already has an administrator. Sign in, or ask an administrator for a role.');
  await later.close();
});
