/**
 * Attendance and certificates, through the composed site: a conference that has taken place; an administrator
 * (Arabic, dark, on a phone) ticks the member who came on the registrants page; the member (English,
 * light, desktop) is e-mailed and downloads their certificate of attendance, a PDF, from their
 * profile's registrations.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { isolate } from '@scholars/shared-contracts/locale';
import { createVerifiedUser, useSession, type VerifiedUser } from '../support/accounts';
import { moveConference, publishedConference } from '../support/conferences';
import { changeRoleAsOperator } from '../support/operators';
import { setLocale, skipAdsPopup } from '../support/session';
import { SHELL_URL } from '../support/stack';

const bearer = (account: VerifiedUser) => ({ authorization: `Bearer ${account.accessToken}` });

test('an administrator marks who came; the member downloads their certificate of attendance (ar dark phone, en light desktop)', async ({ browser, request }) => {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const titleEn = `Attendance Forum ${run}`;
  const admin = await createVerifiedUser(request, { locale: 'ar', name: 'مشرفة الحضور', emailPrefix: 'attendance.admin' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  const shape = { title: `ملتقى الحضور ${run}`, titleEn };
  const id = await publishedConference(request, admin, { ...shape, inDays: 20 });
  const member = await createVerifiedUser(request, { locale: 'en', name: 'Khalid Present', emailPrefix: 'attendance.member' });
  expect((await request.post(`${SHELL_URL}/api/conference/${id}/register`, { headers: bearer(member), data: {} })).status()).toBe(201);
  // It took place two days ago (an ongoing one would be the soonest event of the home page's carousel, which other specs read).
  await moveConference(request, admin, id, { ...shape, inDays: -2 });

  const staff = await browser.newContext({ timezoneId: 'Asia/Dubai', viewport: { width: 390, height: 844 } });
  const console = await staff.newPage();
  await setLocale(console, 'ar', 'dark');
  await skipAdsPopup(console);
  await useSession(console, admin);
  await console.goto(`/admin/conferences/${id}/registrations`);
  const present = console.getByTestId('registrant-present');
  await expect(present).not.toBeChecked();
  await present.check();
  await expect(console.getByTestId('registrants-attendance-message')).toHaveText('سُجّل حضور Khalid Present، وشهادة الحضور متاحة في ملفه الشخصي، ويُبلَّغ بالبريد الإلكتروني.');
  await expect(present).toBeChecked();
  await expect.poll(() => console.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await staff.close();

  await expect
    .poll(async () => {
      const response = await request.get(`${SHELL_URL}/api/dev/outbox.json?to=${encodeURIComponent(member.email)}`);
      return ((await response.json()) as { data?: Array<{ subject: string }> }).data?.map((mail) => mail.subject) ?? [];
    })
    .toContain(`Your certificate of attendance: ${isolate(titleEn)}`);

  const context = await browser.newContext({ timezoneId: 'Asia/Dubai', viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await setLocale(page, 'en', 'light');
  await skipAdsPopup(page);
  await useSession(page, member);
  await page.goto('/profile?tab=registrations');
  const row = page.locator(`[data-testid="registration-row"][data-conference="${id}"]`);
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('registration-certificate').click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^certificate-${id}-\\d+\\.pdf$`));
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await context.close();
});
