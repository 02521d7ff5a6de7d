/**
 * A member closes their own account in Arabic through the composed site (decisions.md "Closing an
 * account"): the profile's last section, the confirmation asking for the current password, then
 * the home page with the toast, signed out; the confirmation mail went to the old address, and
 * signing in with it fails like any unknown account.
 */
import { expect, test } from '@playwright/test';
import { successMessages, validationMessages } from '@scholars/shared-contracts/schemas';
import { prepare, signUpViaApi } from '../support/billing';
import { mailMatching } from '../support/outbox';

test('closing an account in Arabic (rtl): signed out, home with the toast, the old e-mail no longer signs in', async ({ page, request }) => {
  const session = await signUpViaApi(request, 'ar', 'ليلى الحمادي');
  await prepare(page, { session, locale: 'ar' });
  await page.goto('/profile');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('profile-name')).toHaveText('ليلى الحمادي');

  const section = page.getByTestId('close-account');
  await expect(section.getByRole('heading', { name: 'إغلاق الحساب' })).toBeVisible();
  await section.getByRole('button', { name: 'إغلاق حسابي…' }).click();
  const dialog = page.getByRole('dialog', { name: 'هل تريد إغلاق حسابك؟' });
  await expect(dialog).toBeVisible();

  // A wrong password is refused under the field, and nothing happens.
  await dialog.getByLabel('كلمة المرور الحالية').fill('ليست كلمة المرور');
  await dialog.getByRole('button', { name: 'إغلاق حسابي' }).click();
  await expect(dialog.getByTestId('error-current_password')).toHaveText(validationMessages.ar.currentPasswordWrong);
  await expect(page).toHaveURL(/\/profile$/);

  await dialog.getByLabel('كلمة المرور الحالية').fill(session.password);
  await dialog.getByRole('button', { name: 'إغلاق حسابي' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('toast-success')).toContainText(successMessages.ar.accountClosed);
  // The session ends once the profile has been left for home: the toast can come a moment before.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  // The old access token is refused at once.
  const profile = await request.get('/api/profile', { headers: { authorization: `Bearer ${session.accessToken}` } });
  expect(profile.status()).toBe(401);

  // The confirmation went to the old address, in Arabic.
  const mail = await mailMatching(request, session.email, /أُغلق حسابك/);
  expect(mail.locale).toBe('ar');

  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('shell-page').getByLabel('البريد الإلكتروني').fill(session.email);
  await page.getByTestId('shell-page').getByLabel('كلمة المرور', { exact: true }).fill(session.password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).last().click();
  await expect(page.getByTestId('login-error')).toHaveText(validationMessages.ar.loginFailed);
  await expect(page).toHaveURL(/\/login$/);
});
