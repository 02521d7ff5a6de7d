/**
 * The operator console (issue 18): a member has no console link and gets the 403 page at /admin; an
 * administrator, in Arabic and dark, finds a user, grants them reviewer, suspends them with a reason
 * (their open tab is signed out at its next call, and signing in shows the suspension), lifts it;
 * the audit log lists the actions and the outbox the suspension mail.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createVerifiedUser, useSession } from '../support/accounts';
import { changeRoleAsOperator } from '../support/operators';
import { setLocale, skipAdsPopup } from '../support/session';

test('a member sees no console link and gets the 403 page at /admin (en)', async ({ page, request }) => {
  const member = await createVerifiedUser(request);
  await setLocale(page, 'en');
  await useSession(page, member);
  await page.goto('/profile');
  await expect(page.getByTestId('account-profile')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Operator console' })).toHaveCount(0);

  await page.goto('/admin');
  await expect(page.getByTestId('forbidden')).toContainText('You do not have access to this page');
  await page.goto('/admin/users');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await expect(page.getByTestId('admin-users')).toHaveCount(0);
});

test('a visitor at /admin is sent to sign in and back', async ({ page }) => {
  await setLocale(page, 'en');
  await page.goto('/admin/audit-log');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Faudit-log$/);
});

test('an administrator finds a user, grants reviewer, suspends and lifts (ar, dark); audit log and outbox', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const admin = await createVerifiedUser(request, { locale: 'ar', name: 'مريم المسؤولة', emailPrefix: 'console.admin' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  const target = await createVerifiedUser(request, { locale: 'en', name: 'Salem Target', emailPrefix: 'console.target' });

  // The target's own tab, signed in through the form (with its refresh cookie), open on their profile.
  const targetContext = await browser.newContext();
  const targetPage = await targetContext.newPage();
  await setLocale(targetPage, 'en');
  await targetPage.goto('/login?redirect=%2Fprofile');
  await targetPage.getByTestId('shell-page').getByLabel('E-mail').fill(target.email);
  await targetPage.getByTestId('shell-page').getByLabel('Password', { exact: true }).fill(target.password);
  await targetPage.getByTestId('shell-page').getByRole('button', { name: 'Log in' }).click();
  await expect(targetPage.getByTestId('account-profile')).toBeVisible();

  // The administrator: the stored session predates the role; the session check reads it.
  await setLocale(page, 'ar', 'dark');
  await skipAdsPopup(page);
  await useSession(page, admin);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveClass(/dark/);
  const consoleLink = page.getByRole('banner').getByRole('link', { name: 'لوحة الإدارة' });
  await expect(consoleLink).toBeVisible();
  await consoleLink.click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-home')).toBeVisible();
  await page.getByTestId('admin-entry-adminUsers').click();

  // Find the user.
  await expect(page.getByTestId('admin-users')).toBeVisible();
  await page.getByLabel('ابحث بالاسم أو البريد الإلكتروني').fill(target.email);
  await page.getByRole('button', { name: 'بحث' }).click();
  const row = page.getByTestId('admin-user-row').filter({ hasText: target.email });
  await expect(row).toHaveCount(1);
  await row.getByTestId('admin-user-open').click();
  await expect(page.getByTestId('admin-user-name')).toHaveText('Salem Target');

  // Grant reviewer.
  await page.getByTestId('admin-grant-role').selectOption('reviewer');
  await page.getByRole('button', { name: 'منح' }).click();
  await expect(page.getByTestId('admin-role-reviewer')).toBeVisible();

  // Suspend: the reason is required, the action confirmed.
  await page.getByTestId('admin-suspend').click();
  await expect(page.getByText('اذكر السبب.')).toBeVisible();
  await page.getByLabel('السبب (يُبلَّغ به المستخدم)').fill('Repeated spam in the community chat');
  await page.getByTestId('admin-suspend').click();
  const dialog = page.getByTestId('admin-confirm');
  await expect(dialog).toContainText('إيقاف حساب Salem Target');
  await dialog.getByRole('button', { name: 'إيقاف الحساب' }).click();
  await expect(page.getByTestId('admin-user-state')).toHaveText('موقوف');
  await expect(page.getByTestId('admin-suspension').first()).toContainText('Repeated spam in the community chat');

  // The target's open tab is signed out at its next call, told it is a suspension (not an expiry),
  // and cannot sign in again.
  await targetPage.getByRole('tab', { name: 'Research submissions' }).click();
  await expect(targetPage).toHaveURL(/\/login\?error=account_suspended&redirect=%2Fprofile/, { timeout: 15_000 });
  await expect(targetPage.getByTestId('shell-page')).toContainText('Your account is suspended. The e-mail we sent you says why and until when.');
  await expect(targetPage.getByTestId('shell-page')).not.toContainText('Your session has expired');
  await targetPage.getByTestId('shell-page').getByLabel('E-mail').fill(target.email);
  await targetPage.getByTestId('shell-page').getByLabel('Password', { exact: true }).fill(target.password);
  await targetPage.getByTestId('shell-page').getByRole('button', { name: 'Log in' }).click();
  await expect(targetPage.getByTestId('login-error')).toContainText(/suspended/i);

  // Lift.
  await page.getByTestId('admin-lift').click();
  await page.getByTestId('admin-confirm').getByRole('button', { name: 'رفع الإيقاف' }).click();
  await expect(page.getByTestId('admin-user-state')).toHaveText('نشط');
  await expect(page.getByTestId('admin-lift')).toHaveCount(0);

  // The audit log lists the actions on this account, newest first.
  await page.getByTestId('admin-nav-adminAuditLog').click();
  await expect(page.getByTestId('admin-audit-log')).toBeVisible();
  await page.getByTestId('audit-filter-target_id').fill(String(target.user.id));
  // The rows read below are the filtered list's (the whole log shows until its answer comes).
  const filtered = page.waitForResponse((response) => response.url().includes('/api/admin/audit-log?') && response.url().includes(`target_id=${target.user.id}`));
  await page.getByTestId('audit-apply').click();
  const entries = ((await (await filtered).json()) as { data: unknown[] }).data.length;
  const actions = page.getByTestId('audit-row');
  await expect(actions).toHaveCount(entries);
  const names = await actions.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action') ?? ''));
  expect(names.some((name) => /lift/i.test(name)), names.join()).toBe(true);
  expect(names.some((name) => /suspend/i.test(name)), names.join()).toBe(true);
  expect(names.some((name) => /grant|role/i.test(name)), names.join()).toBe(true);
  expect(names.findIndex((name) => /lift/i.test(name))).toBeLessThan(names.findIndex((name) => /suspend/i.test(name) && !/lift/i.test(name)));

  // The same entries as CSV, under a dated name: the filter applied, the reason in its column.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('audit-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toBe('id,at,actor_id,actor,action,target_type,target_id,reason,details');
  expect(lines).toHaveLength(entries);
  expect(lines.every((line) => line.includes(`,user,${target.user.id},`)), csv).toBe(true);
  expect(csv).toContain('Repeated spam in the community chat');

  // The outbox shows the suspension mail, readable.
  await page.getByTestId('admin-nav-adminOutbox').click();
  await page.getByTestId('outbox-to').fill(target.email);
  await page.getByRole('button', { name: 'تصفية' }).click();
  const mail = page.getByTestId('outbox-mail').filter({ hasText: /suspend/i }).last();
  await expect(mail).toBeVisible();
  await mail.getByTestId('outbox-toggle').click();
  await expect(mail.getByTestId('outbox-text')).toContainText('Repeated spam in the community chat');

  // Signing in works again once lifted.
  await targetPage.getByTestId('shell-page').getByRole('button', { name: 'Log in' }).click();
  await expect(targetPage).not.toHaveURL(/\/login/, { timeout: 15_000 });
  await targetContext.close();
});

test('on a phone the console menu folds behind one button that names the open screen, and folds again after a choice (en)', async ({ page, request }) => {
  const admin = await createVerifiedUser(request, { locale: 'en', name: 'Phone Admin', emailPrefix: 'console.phone' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await setLocale(page, 'en');
  await useSession(page, admin);
  await page.goto(`/admin/users?q=${encodeURIComponent(admin.email)}`);
  await expect(page.getByTestId('admin-users')).toBeVisible();
  // Its stacked row holds the address (no break in it) inside the card: the page never scrolls sideways.
  await expect(page.getByTestId('admin-users').getByText(admin.email)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const toggle = page.getByTestId('admin-nav-toggle');
  await expect(toggle).toHaveText(/Operator console · Users/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#admin-nav-list')).toBeHidden();
  // The screen starts right under the button, not under twenty links.
  const screenTop = (await page.getByTestId('admin-users').boundingBox())!.y;
  expect(screenTop).toBeLessThan(844);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('admin-nav-adminAuditLog').click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(toggle).toHaveText(/Audit log/);
  await expect(page.locator('#admin-nav-list')).toBeHidden();

  // The review queue's search box takes the row on a phone, its buttons under it (it was squeezed beside them).
  await page.goto('/admin/review');
  const search = page.getByTestId('review-filters').locator('input[name="q"]');
  await expect(search).toBeVisible();
  expect((await search.boundingBox())!.width).toBeGreaterThan(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // At a desktop's width the menu is a column beside the screen, and the button is gone.
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect(toggle).toBeHidden();
  await expect(page.getByTestId('admin-nav-adminUsers')).toBeVisible();
});

test("on a phone a member's long address wraps inside the user page's Profile card (en, 390 px)", async ({ page, request }) => {
  const admin = await createVerifiedUser(request, { locale: 'en', name: 'Phone Admin', emailPrefix: 'console.phone.user' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  // An address as long as many faculty ones: with no break in it, it ran out of the card and the page scrolled sideways.
  const member = await createVerifiedUser(request, { locale: 'ar', name: 'منى', emailPrefix: 'professor.abdulrahman.al.mansoori.faculty' });
  await page.setViewportSize({ width: 390, height: 844 });
  await setLocale(page, 'en');
  await useSession(page, admin);
  await page.goto(`/admin/users/${member.user.id}`);
  const address = page.locator('dd').getByText(member.email);
  await expect(address).toBeVisible();
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Profile', exact: true }) }).last();
  const [cardBox, addressBox] = [await card.boundingBox(), await address.boundingBox()];
  expect(addressBox!.x + addressBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("on a phone the outbox keeps a long recipient inside its item (ar, dark, 390 px)", async ({ page, request }) => {
  const admin = await createVerifiedUser(request, { locale: 'ar', name: 'مسؤولة الهاتف', emailPrefix: 'console.phone.outbox' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  // Its sign-up code is in the outbox, to an address with no break in it: the page was 566 px wide.
  const member = await createVerifiedUser(request, { locale: 'ar', name: 'منى', emailPrefix: 'professor.abdulrahman.al.mansoori.faculty' });
  await page.setViewportSize({ width: 390, height: 844 });
  await setLocale(page, 'ar', 'dark');
  await useSession(page, admin);
  await page.goto(`/admin/outbox?to=${encodeURIComponent(member.email)}`);
  const mail = page.getByTestId('outbox-mail').first();
  await expect(mail).toContainText(member.email);
  const [itemBox, toBox] = [await mail.boundingBox(), await mail.getByText(member.email).boundingBox()];
  expect(toBox!.x).toBeGreaterThanOrEqual(itemBox!.x);
  expect(toBox!.x + toBox!.width).toBeLessThanOrEqual(itemBox!.x + itemBox!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
