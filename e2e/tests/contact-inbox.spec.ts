/**
 * The contact inbox (issue 20): a visitor writes through the contact page in Arabic; an
 * administrator (console in English) finds the message unread, opens it, answers it from the
 * console; the sender gets the reply in Arabic with their message quoted, the message shows the
 * reply with its author and is handled, and can be opened again.
 */
import { expect, test } from '@playwright/test';
import { createVerifiedUser, uniqueEmail, useSession } from '../support/accounts';
import { changeRoleAsOperator } from '../support/operators';
import { mailMatching } from '../support/outbox';
import { setLocale, skipAdsPopup } from '../support/session';

test('a contact message is answered from the console inbox (visitor ar, administrator en)', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const sender = uniqueEmail('inbox.sender');
  const text = `متى يبدأ التسجيل في مؤتمر المياه؟ ${Date.now()}`;

  // The visitor, in Arabic.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await setLocale(visitor, 'ar');
  await skipAdsPopup(visitor);
  await visitor.goto('/contact');
  const form = visitor.getByTestId('contact-form');
  await form.getByLabel('الاسم الكامل').fill('نورة المنصوري');
  await form.getByLabel('البريد الإلكتروني').fill(sender);
  await form.getByLabel('رقم الهاتف').fill('+971501234567');
  await form.getByLabel('الرسالة').fill(text);
  await form.getByRole('button', { name: 'إرسال الرسالة' }).click();
  await expect(visitor.getByTestId('contact-success')).toBeVisible({ timeout: 15_000 });
  await visitorContext.close();

  // The administrator, in English.
  const admin = await createVerifiedUser(request, { locale: 'en', name: 'Inbox Admin', emailPrefix: 'inbox.admin' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  await setLocale(page, 'en');
  await skipAdsPopup(page);
  await useSession(page, admin);
  await page.goto('/admin');
  await page.getByTestId('admin-entry-adminContactMessages').click();
  await expect(page.getByTestId('contact-inbox')).toBeVisible();
  await page.getByTestId('inbox-state').selectOption('unread');
  await page.getByLabel('Search by name, e-mail, phone or text').fill(sender);
  await page.getByTestId('inbox-apply').click();
  await expect(page).toHaveURL(/state=unread/);
  const row = page.getByTestId('inbox-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Unread');
  await row.getByTestId('inbox-open').click();

  const opened = page.getByTestId('inbox-message');
  await expect(opened.getByTestId('inbox-message-text')).toHaveText(text);
  await expect(opened.getByTestId('inbox-message-text')).toHaveAttribute('lang', 'ar');
  // Its language, named in the console's language.
  await expect(opened).toContainText('Arabic');
  // Sending an empty reply is refused with the server's words.
  await opened.getByTestId('inbox-send').click();
  await expect(opened.getByTestId('inbox-error')).toHaveText('Write the reply before sending it.');
  const reply = opened.getByTestId('inbox-reply-text');
  await expect(reply).toHaveAttribute('dir', 'rtl');
  await reply.fill('يبدأ التسجيل في الأول من مارس. شكرًا لتواصلك.');
  await opened.getByTestId('inbox-send').click();
  await expect(opened.getByTestId('inbox-reply')).toHaveCount(1);
  await expect(opened.getByTestId('inbox-reply')).toContainText('Inbox Admin');
  await expect(opened.getByTestId('inbox-handled')).toBeVisible();
  await expect(opened).toContainText('Handled by Inbox Admin');

  // The sender's e-mail, in Arabic, quoting their message.
  const mail = await mailMatching(request, sender, /رد على رسالتك/);
  expect(mail.text).toContain('يبدأ التسجيل في الأول من مارس.');
  expect(mail.text).toContain(`> ${text}`);

  // Open again: back to not handled.
  await opened.getByTestId('inbox-reopen').click();
  await expect(opened.getByTestId('inbox-mark-handled')).toBeVisible();
});
