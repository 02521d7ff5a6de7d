/**
 * A full conference's waiting list, through the composed site: a member (Arabic, dark, on a phone)
 * finds every seat taken, joins the list and reads their place after a reload; the seat holder
 * cancels, and the seat is hers: the page says she is registered and the mail says why, in Arabic.
 * An administrator (English, light, desktop; the page at phone width too) sees who waits on the
 * registrants page, archives the conference, is asked about the registrant and the members
 * waiting, and each is told.
 */
import { expect, test } from '@playwright/test';
import { isolate } from '@scholars/shared-contracts/locale';
import { createVerifiedUser, useSession, type VerifiedUser } from '../support/accounts';
import { publishedConference } from '../support/conferences';
import { changeRoleAsOperator } from '../support/operators';
import { setLocale, skipAdsPopup } from '../support/session';
import { SHELL_URL } from '../support/stack';

const bearer = (account: VerifiedUser) => ({ authorization: `Bearer ${account.accessToken}` });

test('a member waits for a seat of a full conference and gets the one freed, told on the page and by e-mail (ar, dark, phone)', async ({ browser, request }) => {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const title = `ورشة المقعد الواحد ${run}`;
  const admin = await createVerifiedUser(request, { locale: 'en', name: 'Seats Admin', emailPrefix: 'waiting.admin' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  const id = await publishedConference(request, admin, { title, titleEn: `One Seat Workshop ${run}`, inDays: 45, capacity: 1 });
  const holder = await createVerifiedUser(request, { locale: 'en', name: 'Seat Holder', emailPrefix: 'waiting.holder' });
  expect((await request.post(`${SHELL_URL}/api/conference/${id}/register`, { headers: bearer(holder), data: {} })).status()).toBe(201);

  const member = await createVerifiedUser(request, { locale: 'ar', name: 'نورة الشحي', emailPrefix: 'waiting.member' });
  const context = await browser.newContext({ timezoneId: 'Asia/Dubai', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await setLocale(page, 'ar', 'dark');
  await skipAdsPopup(page);
  await useSession(page, member);
  await page.goto(`/conference/${id}`);
  const status = page.getByTestId('register-status');
  await expect(status).toHaveText('اكتملت المقاعد. انضم إلى قائمة الانتظار: يذهب المقعد الذي يتحرّر إلى العضو الذي انتظر أطول.');
  await page.getByTestId('waiting-list-button').click();
  await expect(status).toContainText('أنت في قائمة الانتظار، رقم 1.');
  await expect(page.getByTestId('waiting-list-button')).toHaveText('غادر قائمة الانتظار');
  await page.reload();
  await expect(status).toHaveText('أنت في قائمة الانتظار، رقم 1. إن تحرّر مقعد لك سُجّلت وأُبلغت بالبريد الإلكتروني.');

  // The holder cancels: the seat goes to her.
  expect((await request.delete(`${SHELL_URL}/api/conference/${id}/register`, { headers: bearer(holder) })).status()).toBe(200);
  await page.reload();
  await expect(status).toHaveText('أنت مسجّل في هذا المؤتمر.');
  await expect(page.getByTestId('waiting-list-button')).toHaveCount(0);
  await expect
    .poll(async () => {
      const response = await request.get(`${SHELL_URL}/api/dev/outbox.json?to=${encodeURIComponent(member.email)}`);
      return ((await response.json()) as { data?: Array<{ subject: string }> }).data?.map((mail) => mail.subject) ?? [];
    })
    .toContain(`لك مقعد في: ${isolate(title)}`);
  await context.close();
});

test('an administrator sees who waits, in order, and archiving closes the list, each member told (en, light, desktop)', async ({ browser, request }) => {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const titleEn = `Closing Workshop ${run}`;
  const admin = await createVerifiedUser(request, { locale: 'en', name: 'Lists Admin', emailPrefix: 'waiting.admin' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  const id = await publishedConference(request, admin, { title: `ورشة الإغلاق ${run}`, titleEn, inDays: 40, capacity: 1 });
  const holder = await createVerifiedUser(request, { locale: 'en', name: 'Seat Holder', emailPrefix: 'waiting.holder' });
  expect((await request.post(`${SHELL_URL}/api/conference/${id}/register`, { headers: bearer(holder), data: {} })).status()).toBe(201);
  const first = await createVerifiedUser(request, { locale: 'ar', name: 'سلمى المنصوري', emailPrefix: 'waiting.first' });
  const second = await createVerifiedUser(request, { locale: 'en', name: 'Yousef Rahman', emailPrefix: 'waiting.second' });
  for (const account of [first, second]) expect((await request.post(`${SHELL_URL}/api/conference/${id}/waiting-list`, { headers: bearer(account), data: {} })).status()).toBe(201);

  const context = await browser.newContext({ timezoneId: 'Asia/Dubai', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await setLocale(page, 'en', 'light');
  await skipAdsPopup(page);
  await useSession(page, admin);
  await page.goto(`/admin/conferences/${id}/registrations`);
  const rows = page.getByTestId('waiting-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('سلمى المنصوري');
  await expect(rows.nth(1)).toContainText('Yousef Rahman');
  // On a phone the rows are cards: their long addresses wrap inside them, the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/admin/conferences/${id}`);
  await page.getByTestId('conference-archive').click();
  const dialog = page.getByTestId('conference-leaving-dialog');
  await expect(dialog.getByTestId('conference-leaving-count')).toContainText('has 1 registrant.');
  await expect(dialog.getByTestId('conference-leaving-waiting')).toHaveText(`The 2 members waiting for a seat at “${titleEn}” will lose their place, and each of them will be told by e-mail, in their language.`);
  await page.getByTestId('conference-leaving-dialog-confirm').click();
  await expect(page.getByTestId('conference-message')).toContainText('Waiting list closed: 2 members lost their place');
  const subjects = async (email: string) => {
    const response = await request.get(`${SHELL_URL}/api/dev/outbox.json?to=${encodeURIComponent(email)}`);
    return ((await response.json()) as { data?: Array<{ subject: string }> }).data?.map((mail) => mail.subject) ?? [];
  };
  await expect.poll(() => subjects(first.email)).toContain(`أُغلقت قائمة الانتظار: ${isolate(`ورشة الإغلاق ${run}`)}`);
  await expect.poll(() => subjects(second.email)).toContain(`Waiting list closed: ${isolate(titleEn)}`);
  await context.close();
});
