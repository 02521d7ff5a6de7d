/**
 * What real users tripped on (issue 21), in the research chat and the library, where it was seen:
 *
 * - a member without a subscription is told before typing that posting needs one, with the plans,
 *   and nothing typed is thrown away (en light at 1280, and Arabic dark); a subscriber whose send
 *   is refused (too fast) keeps the text;
 * - the members sidebar shows who comes into the chat and who leaves, live (two members, two pages);
 * - "Please correct the fields marked in red" goes once the marked fields are fixed (en, 1280);
 * - the library names the file's kind (PDF) and its size in the reader's language (en and ar).
 */
import { expect, test, type Page } from '@playwright/test';
import { newMember, signedInContext, type CommunityUser } from '../support/community';
import { buyThroughApi, prepare, signUpViaApi } from '../support/billing';
import { labelled, makePdf, makePng, TEXTS } from '../support/library';
import { SHELL_URL } from '../support/stack';
import { CHAT_RATE_LIMIT } from '@scholars/shared-contracts/schemas';
import { formatFileSize, type Locale } from '@scholars/shared-contracts/locale';

const DESKTOP = { width: 1280, height: 900 };

const CHAT = {
  en: {
    message: 'Your message',
    send: 'Send',
    notice: 'Reading the discussion is free. Posting needs an active subscription.',
    plans: 'See the plans',
    sidebar: 'Every signed-in researcher can read this discussion. Posting in it needs an active subscription.',
    live: 'Live',
    abstract: 'Abstract',
    chats: 'Chats',
  },
  ar: {
    message: 'رسالتك',
    send: 'إرسال',
    notice: 'قراءة النقاش مجانية. أما المشاركة فتحتاج إلى اشتراك نشط.',
    plans: 'اطّلع على الخطط',
    sidebar: 'يمكن لكل باحث مسجّل الدخول قراءة هذا النقاش، أما المشاركة فيه فتحتاج إلى اشتراك نشط.',
    live: 'مباشر',
    abstract: 'الملخص',
    chats: 'المحادثات',
  },
} as const;

async function openChat(page: Page, researchId: number, locale: Locale) {
  await page.goto(`/community/${researchId}?tab=chats`);
  await expect(page.getByTestId('chat-panel')).toBeVisible();
  await expect(page.getByTestId('chat-connection')).toHaveText(CHAT[locale].live, { timeout: 15_000 });
}

for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  const t = CHAT[locale];
  test(`chat without a subscription (${locale}, ${theme}, 1280): the box says so before typing, offers the plans, and keeps the text`, async ({ browser, request }) => {
    const reader = await newMember(request, { name: locale === 'ar' ? 'هند بلا اشتراك' : 'Hind Unsubscribed', locale, subscribed: false });
    const { context, page } = await signedInContext(browser, reader, locale, theme);
    try {
      await page.setViewportSize(DESKTOP);
      await openChat(page, 12, locale);
      // Before anything is typed: the explanation and the plans, and the box still takes text.
      const notice = page.getByTestId('chat-subscription-required');
      await expect(notice).toContainText(t.notice);
      const plans = notice.getByRole('link', { name: t.plans });
      await expect(plans).toHaveAttribute('href', '/#pricing');
      const box = page.getByLabel(t.message);
      await expect(box).toBeEditable();
      await expect(page.getByTestId('research-members-note')).toHaveText(t.sidebar);

      const text = locale === 'ar' ? `سؤال عن منهجية البحث ${Date.now()}` : `A question about the method ${Date.now()}`;
      await box.fill(text);
      await page.getByRole('button', { name: t.send, exact: true }).click();
      // Refused by the server: the text stays in the box, the notice stays.
      await expect(notice).toBeVisible();
      await expect(box).toHaveValue(text);
      await expect(page.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(0);

      // The draft of this chat survives a switch of tab and a reload.
      await page.getByRole('tab', { name: t.abstract }).click();
      await page.getByRole('tab', { name: t.chats }).click();
      await expect(page.getByLabel(t.message)).toHaveValue(text);
      await page.reload();
      await expect(page.getByLabel(t.message)).toHaveValue(text);
    } finally {
      await context.close();
    }
  });
}

test('a subscriber whose send is refused (too fast) keeps the text (en, light, 1280)', async ({ browser, request }) => {
  const writer = await newMember(request, { name: 'Rashid Quick', locale: 'en' });
  const { context, page } = await signedInContext(browser, writer, 'en');
  try {
    await page.setViewportSize(DESKTOP);
    await openChat(page, 9, 'en');
    await expect(page.getByTestId('chat-subscription-required')).toHaveCount(0);
    // Use up the send rate through the API, then send from the page.
    for (let index = 0; index < CHAT_RATE_LIMIT.max; index += 1) {
      const sent = await request.post(`${SHELL_URL}/api/research-community/9/messages`, {
        data: { text: `burst ${index}` },
        headers: { authorization: `Bearer ${writer.accessToken}` },
      });
      expect(sent.status()).toBe(201);
    }
    const text = `Keep this text ${Date.now()}`;
    await page.getByLabel(CHAT.en.message).fill(text);
    await page.getByRole('button', { name: CHAT.en.send, exact: true }).click();
    await expect(page.getByTestId('chat-send-error')).toContainText('You are sending messages too quickly.');
    await expect(page.getByLabel(CHAT.en.message)).toHaveValue(text);
  } finally {
    await context.close();
  }
});

test('the members sidebar shows who comes into the chat and who leaves, live (en, 1280)', async ({ browser, request }) => {
  const [alia, badr] = await Promise.all([
    newMember(request, { name: `Alia Present ${Date.now()}`, locale: 'en', subscribed: false }),
    newMember(request, { name: `Badr Visitor ${Date.now()}`, locale: 'en' }),
  ]);
  const a = await signedInContext(browser, alia, 'en');
  const b = await signedInContext(browser, badr, 'en', 'dark');
  const person = (page: Page, user: CommunityUser) => page.getByTestId('research-present').locator(`[data-testid="research-present-person"][data-id="${user.user.id}"]`);
  try {
    await a.page.setViewportSize(DESKTOP);
    await b.page.setViewportSize(DESKTOP);
    await openChat(a.page, 11, 'en');
    await expect(person(a.page, alia)).toBeVisible();
    await expect(person(a.page, badr)).toHaveCount(0);

    // Badr comes into the chat: Alia's sidebar shows him without a reload.
    await openChat(b.page, 11, 'en');
    await expect(person(a.page, badr)).toBeVisible({ timeout: 5000 });
    await expect(person(a.page, badr)).toContainText(badr.name);
    await expect(person(b.page, alia)).toBeVisible();

    // His first message makes him a member too.
    await b.page.getByLabel(CHAT.en.message).fill('Hello from Badr');
    await b.page.getByRole('button', { name: CHAT.en.send, exact: true }).click();
    await expect(a.page.locator(`[data-testid="research-member"][data-id="${badr.user.id}"]`)).toBeVisible({ timeout: 5000 });

    // He leaves (another page of the site): gone from "here now", still a member.
    await b.page.goto('/research-community');
    await expect(person(a.page, badr)).toHaveCount(0, { timeout: 5000 });
    await expect(person(a.page, alia)).toBeVisible();
    await expect(a.page.locator(`[data-testid="research-member"][data-id="${badr.user.id}"]`)).toBeVisible();

    // And comes back, then closes the tab.
    await b.page.goto('/community/11');
    await expect(person(a.page, badr)).toBeVisible({ timeout: 5000 });
    await b.context.close();
    await expect(person(a.page, badr)).toHaveCount(0, { timeout: 5000 });
  } finally {
    await a.context.close();
    await b.context.close().catch(() => undefined);
  }
});

test('"Please correct the fields marked in red" goes once the marked fields are fixed (en, light, 1280)', async ({ page, request }) => {
  const t = TEXTS.en;
  const session = await signUpViaApi(request, 'en');
  await prepare(page, { session, locale: 'en', theme: 'light' });
  await page.setViewportSize(DESKTOP);
  await page.goto('/research-exchange');
  await expect(page.getByTestId('exchange-form')).toBeVisible();
  const summary = page.getByTestId('exchange-error');

  await page.getByRole('button', { name: t.submit }).click();
  await expect(summary).toHaveText('Please correct the fields marked in red.');
  await page.getByLabel(labelled(t.fields.title)).fill('أشجار القرم الساحلية');
  await page.getByLabel(labelled(t.fields.title_en)).fill('Coastal Mangroves');
  await page.getByLabel(labelled(t.fields.description)).fill('دراسة ميدانية لقياس الكربون.');
  await page.getByLabel(labelled(t.fields.description_en)).fill('A field study measuring carbon.');
  await page.getByLabel(labelled(t.fields.abstract)).fill('تقيس هذه الدراسة كمية الكربون المخزّن في تربة غابات القرم.');
  await page.getByLabel(labelled(t.fields.category)).selectOption({ label: t.otherOption });
  await page.getByLabel(labelled(t.fields.type)).selectOption({ label: t.general });
  await page.getByLabel(labelled(t.fields.file)).setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: makePdf('Paper') });
  await page.getByLabel(labelled(t.fields.image)).setInputFiles({ name: 'paper.png', mimeType: 'image/png', buffer: makePng() });
  // One field still marked (the terms): the summary stays.
  await expect(page.getByTestId('error-terms')).toBeVisible();
  await expect(summary).toBeVisible();
  await page.getByLabel(t.terms).check();
  // Every marked field fixed: the summary is gone, before any new submit.
  await expect(page.locator('[data-testid^="error-"]')).toHaveCount(0);
  await expect(summary).toHaveCount(0);

  // 'Other' needs its text; choosing a listed category instead takes the mark and the summary away.
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByTestId('error-other_category')).toHaveText(t.otherRequired);
  await expect(summary).toBeVisible();
  await page.getByLabel(labelled(t.fields.category)).selectOption({ index: 1 });
  await expect(page.getByTestId('error-other_category')).toHaveCount(0);
  await expect(summary).toHaveCount(0);
});

for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  test(`the library names the file's kind and its size in the reader's language (${locale}, ${theme})`, async ({ page, request }) => {
    const session = await signUpViaApi(request, locale);
    await buyThroughApi(request, session, 1);
    await prepare(page, { session, locale, theme });
    await page.goto('/research-library/3?tab=file');
    await expect(page.getByTestId('library-file-viewer')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('library-file-type')).toHaveText(locale === 'ar' ? 'ملف PDF' : 'PDF');
    const item = await request.get(`${SHELL_URL}/api/library/3`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    const size = ((await item.json()) as { data: { file: { size: number } } }).data.file.size;
    const shown = page.getByTestId('library-file-size');
    await expect(shown).toHaveText(formatFileSize(size, locale));
    await expect(shown).toHaveText(locale === 'ar' ? /^\d+(\.\d)? (بايت|كيلوبايت|ميغابايت)$/ : /^\d+(\.\d)? (bytes?|KB|MB)$/);
    await expect(page.getByTestId('library-file')).not.toContainText('application/pdf');
  });
}
