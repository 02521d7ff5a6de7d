/**
 * Reports and moderation (issue 20), in English (light) and Arabic (dark): a member reports another
 * member's chat message (the dialog, a reason, the thanks; a second report says "already
 * reported"); a reviewer opens the moderation queue, sees the message in context and removes it
 * with a reason (no decision is chosen for them: confirming without one says so); both members' open
 * chat pages show it replaced by "removed by a moderator" live, without a reload; the author's
 * e-mail, which quotes the message, is in the outbox. Then a moderator closes a chat (members
 * see the banner and cannot write) and reopens it.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createVerifiedUser, useSession } from '../support/accounts';
import { newMember, signedInContext } from '../support/community';
import { changeRoleAsOperator } from '../support/operators';
import { mailMatching } from '../support/outbox';
import { setLocale, skipAdsPopup } from '../support/session';
import type { Locale } from '@scholars/shared-contracts/locale';

const T = {
  en: {
    live: 'Live',
    message: 'Your message',
    send: 'Send',
    thanks: 'Thank you, our moderators will review it.',
    already: 'You have already reported this; we will tell you the outcome.',
    removedByModerator: 'This message was removed by a moderator.',
    removedMail: /Content of yours was removed/,
    closed: (reason: string) => `This chat was closed by a moderator: ${reason}`,
  },
  ar: {
    live: 'مباشر',
    message: 'رسالتك',
    send: 'إرسال',
    thanks: 'شكرًا لك، سيراجعه المشرفون.',
    already: 'سبق أن أبلغت عن هذا؛ سنخبرك بالنتيجة.',
    removedByModerator: 'حذف أحد مشرفي المنصة هذه الرسالة.',
    removedMail: /أُزيل محتوى لك/,
    closed: (reason: string) => `أغلق أحد مشرفي المنصة هذه المحادثة: ${reason}`,
  },
} as const;

async function openChat(page: Page, researchId: number, locale: Locale) {
  await page.goto(`/community/${researchId}?tab=chats`);
  await expect(page.getByTestId('chat-panel')).toBeVisible();
  await expect(page.getByTestId('chat-connection')).toHaveText(T[locale].live, { timeout: 15_000 });
}

async function report(page: Page, text: string) {
  const message = page.getByTestId('chat-message').filter({ hasText: text });
  await message.getByTestId('report-button').click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A reviewer's console page, in the locale and theme. */
async function moderatorPage(browser: Browser, request: APIRequestContext, locale: Locale, theme: 'light' | 'dark') {
  const moderator = await createVerifiedUser(request, { locale, name: locale === 'ar' ? 'مريم المشرفة' : 'Mira Moderator', emailPrefix: 'moderator' });
  await changeRoleAsOperator(request, moderator.email, 'reviewer');
  const context = await browser.newContext();
  const page = await context.newPage();
  await setLocale(page, locale, theme);
  await skipAdsPopup(page);
  await useSession(page, moderator);
  return { context, page };
}

for (const [locale, theme, researchId] of [['en', 'light', 4], ['ar', 'dark', 5]] as const) {
  const t = T[locale];
  test(`a reported chat message is removed by a moderator and replaced live for both members (${locale}, ${theme})`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const [author, reader] = await Promise.all([
      newMember(request, { name: locale === 'ar' ? 'سالم الكاتب' : 'Sam Author', locale }),
      newMember(request, { name: locale === 'ar' ? 'ليلى القارئة' : 'Lina Reader', locale }),
    ]);
    const a = await signedInContext(browser, author, locale, theme);
    const b = await signedInContext(browser, reader, locale, theme);
    const mod = await moderatorPage(browser, request, locale, theme);
    try {
      await openChat(a.page, researchId, locale);
      await openChat(b.page, researchId, locale);
      // With a long unbroken run, as spam has: the queue's table must still fit its screen.
      const marker = `${locale === 'ar' ? 'رسالة مسيئة' : 'An offensive message'} ${Date.now()}`;
      const text = `${marker} ${'buynow'.repeat(50)}`;
      await a.page.getByLabel(t.message).fill(text);
      await a.page.getByRole('button', { name: t.send, exact: true }).click();
      await expect(b.page.getByTestId('chat-message').filter({ hasText: text })).toBeVisible({ timeout: 5000 });
      // One's own message has no report button.
      await expect(a.page.getByTestId('chat-message').filter({ hasText: text }).getByTestId('report-button')).toHaveCount(0);

      // The reader reports it: a reason is required, then the thanks.
      let dialog = await report(b.page, text);
      await dialog.getByTestId('report-send').click();
      await expect(dialog.getByTestId('report-error')).toBeVisible();
      await dialog.getByTestId('report-reason-harassment').check();
      await dialog.getByTestId('report-text').fill(locale === 'ar' ? 'إهانة لعضو آخر' : 'Insults another member');
      await dialog.getByTestId('report-send').click();
      await expect(dialog.getByTestId('report-done')).toHaveText(t.thanks);
      await dialog.getByTestId('report-close').click();
      await expect(dialog).toBeHidden();
      // Again: already reported, nothing added.
      dialog = await report(b.page, text);
      await dialog.getByTestId('report-reason-spam').check();
      await dialog.getByTestId('report-send').click();
      await expect(dialog.getByTestId('report-done')).toHaveText(t.already);
      await dialog.getByTestId('report-close').click();

      // The reviewer: the queue, the item in context, the removal with a reason.
      await mod.page.goto('/admin/moderation');
      await expect(mod.page.getByTestId('moderation-queue')).toBeVisible();
      // The queue shows the start of the message.
      const row = mod.page.getByTestId('moderation-row').filter({ hasText: marker });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('moderation-count')).toHaveText(/^(1|١)$/);
      const open = (await row.getByTestId('moderation-open').boundingBox())!;
      const width = mod.page.viewportSize()!.width;
      expect(open.x).toBeGreaterThanOrEqual(0);
      expect(open.x + open.width).toBeLessThanOrEqual(width);
      await row.getByTestId('moderation-open').click();
      const item = mod.page.getByTestId('moderation-item');
      await expect(item.getByTestId('moderation-reported-message')).toContainText(text);
      await expect(item.getByTestId('moderation-report')).toHaveCount(1);
      // Nothing is chosen for the moderator: confirming without a decision says so and sends nothing.
      await expect(item.locator('input[name="action"]:checked')).toHaveCount(0);
      await item.getByTestId('moderation-decide').click();
      await expect(item.getByTestId('moderation-action-error')).toBeVisible();
      await item.getByTestId('moderation-action-remove').check();
      await expect(item.getByTestId('moderation-action-error')).toHaveCount(0);
      await item.getByTestId('moderation-decide').click();
      await expect(item.getByTestId('moderation-error')).toBeVisible();
      await item.getByTestId('moderation-reason').fill(locale === 'ar' ? 'إساءة إلى عضو' : 'Harassment of a member');
      await item.getByTestId('moderation-decide').click();
      await expect(item.getByTestId('moderation-done')).toBeVisible();
      await expect(item.getByTestId('moderation-decided')).toBeVisible();

      // Both members' open pages, live, without a reload.
      for (const page of [a.page, b.page]) {
        const removed = page.locator(`[data-testid="chat-message"][data-deleted="true"]`).filter({ hasText: t.removedByModerator });
        await expect(removed).toHaveCount(1, { timeout: 10_000 });
        await expect(page.getByTestId('chat-log')).not.toContainText(text);
      }
      // The author's e-mail, in their language, quoting the start of the message it is about.
      const mail = await mailMatching(request, author.email, t.removedMail);
      expect(mail.text).toContain(locale === 'ar' ? 'إساءة إلى عضو' : 'Harassment of a member');
      expect(mail.text).toContain(`> ${marker}`);
    } finally {
      await Promise.all([a.context.close(), b.context.close(), mod.context.close()]);
    }
  });
}

test('a moderator closes a chat (members see the banner and cannot write) and reopens it (ar, dark)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const member = await newMember(request, { name: 'نورة العضوة', locale: 'ar' });
  const m = await signedInContext(browser, member, 'ar', 'dark');
  const mod = await moderatorPage(browser, request, 'ar', 'dark');
  const reason = 'نقاش خارج الموضوع';
  try {
    await openChat(m.page, 6, 'ar');
    await expect(m.page.getByTestId('chat-composer')).toBeVisible();

    await mod.page.goto('/admin/moderation/chats?research=6');
    const form = mod.page.getByTestId('chat-settings-form');
    await form.getByTestId('chat-settings-closed').check();
    await form.getByTestId('chat-settings-reason').fill(reason);
    await form.getByTestId('chat-settings-save').click();
    await expect(form.getByTestId('chat-settings-message')).toBeVisible();

    // Live on the member's open page: the banner, no composer.
    await expect(m.page.getByTestId('chat-closed')).toHaveText(T.ar.closed(reason), { timeout: 10_000 });
    await expect(m.page.getByTestId('chat-composer')).toHaveCount(0);

    await form.getByTestId('chat-settings-closed').uncheck();
    await form.getByTestId('chat-settings-save').click();
    await expect(m.page.getByTestId('chat-closed')).toHaveCount(0, { timeout: 10_000 });
    await m.page.getByLabel(T.ar.message).fill('عدنا');
    await m.page.getByRole('button', { name: T.ar.send, exact: true }).click();
    await expect(m.page.locator('[data-testid="chat-message"][data-own="true"]').filter({ hasText: 'عدنا' })).toBeVisible();
  } finally {
    await Promise.all([m.context.close(), mod.context.close()]);
  }
});
