/**
 * Research community end to end (issue 4), in English and Arabic: the list with category
 * filter, Arabic-aware search and pagination in the URL; the details tabs and the paywalled
 * research file; two users chatting live in two browser contexts (through the shell's /api
 * proxy, WebSocket included), history kept over a reload, HTML inert, removal; the home page
 * carousel.
 */
import { expect, test, type Page } from '@playwright/test';
import { newMember, signedInContext, type CommunityUser } from '../support/community';
import { scrollThroughHome, setLocale, skipAdsPopup } from '../support/session';
import { directionOf, type Locale } from '@scholars/shared-contracts/locale';

const T = {
  en: {
    results12: '12 research items',
    search: 'Search research',
    category: 'Category',
    searchButton: 'Search',
    tabs: { abstract: 'Abstract', chats: 'Chats', file: 'Research file' },
    showOther: 'Show the Arabic version side by side',
    you: 'You',
    removed: 'This message was removed.',
    remove: 'Remove',
    send: 'Send',
    message: 'Your message',
    next: 'Next',
    download: 'Download',
    denied: 'You need an active subscription to view this page',
    subscribeToPost: 'Reading the discussion is free. Posting needs an active subscription.',
    empty: 'No messages yet. Start the discussion.',
    live: 'Live',
    carousel: 'Research community',
  },
  ar: {
    results12: '12 بحثًا',
    search: 'البحث في الأبحاث',
    category: 'التصنيف',
    searchButton: 'بحث',
    tabs: { abstract: 'الملخص', chats: 'المحادثات', file: 'ملف البحث' },
    showOther: 'عرض النسخة الإنجليزية بجانبها',
    you: 'أنت',
    removed: 'حُذفت هذه الرسالة.',
    remove: 'حذف',
    send: 'إرسال',
    message: 'رسالتك',
    next: 'التالي',
    download: 'تنزيل',
    denied: 'تحتاج إلى اشتراك نشط لعرض هذه الصفحة',
    subscribeToPost: 'قراءة النقاش مجانية. أما المشاركة فتحتاج إلى اشتراك نشط.',
    empty: 'لا توجد رسائل بعد. ابدأ النقاش.',
    live: 'مباشر',
    carousel: 'مجتمع البحث',
  },
} as const;

async function openChat(page: Page, researchId: number, locale: Locale) {
  await page.goto(`/community/${researchId}?tab=chats`);
  await expect(page.getByTestId('chat-panel')).toBeVisible();
  await expect(page.getByTestId('chat-connection')).toHaveText(T[locale].live, { timeout: 15_000 });
}

async function send(page: Page, locale: Locale, text: string) {
  await page.getByLabel(T[locale].message).fill(text);
  await page.getByRole('button', { name: T[locale].send, exact: true }).click();
}

for (const locale of ['en', 'ar'] as const) {
  const t = T[locale];
  // Each locale's chat test uses its own research, so the two can run at the same time.
  const chatResearch = locale === 'en' ? 7 : 8;

  test.describe(`research community (${locale})`, () => {
    let reader: CommunityUser;

    test.beforeAll(async ({ request }) => {
      reader = await newMember(request, { name: locale === 'ar' ? 'ليلى الزعابي' : 'Layla Reader', locale, subscribed: false });
    });

    test('list: category filter, Arabic-aware search and pagination, kept in the URL', async ({ browser }) => {
      const { context, page } = await signedInContext(browser, reader, locale, locale === 'ar' ? 'dark' : 'light');
      try {
        await page.goto('/research-community');
        const cards = page.getByTestId('research-card');
        await expect(page.getByTestId('community-results-count')).toHaveText(t.results12);
        await expect(cards).toHaveCount(9);
        await expect(page.locator('html')).toHaveAttribute('dir', directionOf(locale));
        // Card: date part only, excerpt of at most 100 characters + ellipsis, link to the details.
        const first = cards.first();
        await expect(first.getByTestId('research-card-date')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
        const excerpt = (await first.getByTestId('research-card-excerpt').textContent()) ?? '';
        expect(excerpt.endsWith('…')).toBe(true);
        expect(Array.from(excerpt).length).toBeLessThanOrEqual(101);
        await expect(first.getByRole('link')).toHaveAttribute('href', /^\/community\/\d+$/);

        await page.getByTestId('pagination').getByRole('link', { name: t.next }).click();
        await expect(page).toHaveURL(/[?&]page=2/);
        await expect(cards).toHaveCount(3);

        await page.getByLabel(t.category).selectOption('2');
        await expect(page).toHaveURL(/[?&]category=2/);
        await expect(page).not.toHaveURL(/page=/);
        await expect(cards).toHaveCount(2);
        const names = await cards.getByRole('link').allTextContents();
        expect(names.join(' ')).toMatch(locale === 'ar' ? /الخط العربي/ : /Handwritten Arabic Script/);

        // Diacritics and hamza forms do not matter.
        await page.getByLabel(t.category).selectOption('');
        await page.getByLabel(t.search).fill('التَّعَلُّم المُدْمَج');
        await page.getByRole('button', { name: t.searchButton, exact: true }).click();
        await expect(page).toHaveURL(/[?&]search=/);
        await expect(cards).toHaveCount(1);
        await expect(cards.first()).toHaveAttribute('data-id', '1');

        // The URL is the state: a reload shows the same result.
        await page.reload();
        await expect(page.getByLabel(t.search)).toHaveValue('التَّعَلُّم المُدْمَج');
        await expect(cards).toHaveCount(1);
      } finally {
        await context.close();
      }
    });

    test('details: abstract in both languages side by side, author profile, members, paywalled file', async ({ browser }) => {
      const { context, page } = await signedInContext(browser, reader, locale);
      try {
        await page.goto('/community/2');
        await expect(page.getByTestId('community-details')).toHaveAttribute('data-state', 'ready');
        await expect(page.getByTestId('research-title')).toHaveText(
          locale === 'ar' ? 'نموذج تعلّم عميق للتعرّف على الخط العربي المكتوب بخط اليد' : 'A Deep Learning Model for Recognising Handwritten Arabic Script',
        );
        await expect(page.getByRole('tab', { name: t.tabs.abstract })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByTestId(`abstract-${locale}`)).toBeVisible();
        const other = locale === 'ar' ? 'en' : 'ar';
        await expect(page.getByTestId(`abstract-${other}`)).toHaveCount(0);
        await page.getByRole('button', { name: t.showOther }).click();
        await expect(page.getByTestId(`abstract-${other}`)).toBeVisible();
        await expect(page.getByTestId('abstract-en')).toContainText('convolutional networks and transformers');
        await expect(page.getByTestId('abstract-ar')).toContainText('الشبكات الالتفافية');
        await expect(page.getByTestId('abstract-text')).toHaveAttribute('dir', 'rtl');
        await expect(page.getByTestId('research-author-link')).toHaveAttribute('href', '/user-profile/3');
        await expect(page.getByTestId('research-members')).toBeVisible();

        // Keyboard: arrows move between the tabs (in the reading direction).
        await page.getByRole('tab', { name: t.tabs.abstract }).focus();
        await page.keyboard.press(locale === 'ar' ? 'ArrowLeft' : 'ArrowRight');
        await expect(page.getByRole('tab', { name: t.tabs.chats })).toHaveAttribute('aria-selected', 'true');
        await expect(page).toHaveURL(/tab=chats/);
        await expect(page.getByTestId('chat-panel')).toBeVisible();

        // Without a subscription: reading is free, the file and posting are not.
        await page.getByRole('tab', { name: t.tabs.file }).click();
        await expect(page.getByTestId('access-denied')).toContainText(t.denied);
      } finally {
        await context.close();
      }
    });

    test('research file: viewed in the page and downloaded under its real name and type', async ({ browser, request }) => {
      const subscriber = await newMember(request, { name: locale === 'ar' ? 'سارة المهيري' : 'Sara Subscriber', locale });
      const { context, page } = await signedInContext(browser, subscriber, locale);
      try {
        await page.goto('/community/3?tab=file');
        await expect(page.getByTestId('research-file-name')).toHaveText('research-3.pdf');
        await expect(page.getByTestId('research-file-type')).toHaveText(locale === 'ar' ? 'ملف PDF' : 'PDF');
        const viewer = page.getByTestId('research-file-viewer');
        await expect(viewer).toHaveAttribute('src', /\/api\/research-community\/3\/file\?token=/);
        const viewed = await page.request.get((await viewer.getAttribute('src'))!);
        expect(viewed.status()).toBe(200);
        expect(viewed.headers()['content-type']).toBe('application/pdf');
        expect(viewed.headers()['content-disposition']).toMatch(/^inline; filename="research-3.pdf"/);

        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('research-file-download').click()]);
        expect(download.suggestedFilename()).toBe('research-3.pdf');
      } finally {
        await context.close();
      }
    });

    test('two members chat live; a reload keeps the history; HTML stays text; removal shows for both', async ({ browser, request }) => {
      const [alice, badr] = await Promise.all([
        newMember(request, { name: locale === 'ar' ? 'علياء النقبي' : 'Alia Writer', locale }),
        newMember(request, { name: locale === 'ar' ? 'بدر الكتبي' : 'Badr Replier', locale }),
      ]);
      const a = await signedInContext(browser, alice, locale);
      const b = await signedInContext(browser, badr, locale, 'dark');
      try {
        await openChat(a.page, chatResearch, locale);
        await openChat(b.page, chatResearch, locale);

        const hello = locale === 'ar' ? `مرحبًا بالجميع ${Date.now()}` : `Hello everyone ${Date.now()}`;
        await send(a.page, locale, hello);
        const mineOnA = a.page.getByTestId('chat-message').filter({ hasText: hello });
        await expect(mineOnA).toHaveAttribute('data-own', 'true');
        await expect(mineOnA.getByTestId('chat-message-sender')).toHaveText(t.you);
        // Live on the other side, without a reload, under the sender's name.
        const onB = b.page.getByTestId('chat-message').filter({ hasText: hello });
        await expect(onB).toBeVisible({ timeout: 5000 });
        await expect(onB.getByTestId('chat-message-sender')).toHaveText(alice.name);

        const reply = locale === 'ar' ? 'أهلًا، سؤال عن العينة' : 'Hi, a question about the sample';
        await send(b.page, locale, reply);
        await expect(a.page.getByTestId('chat-message').filter({ hasText: reply })).toBeVisible({ timeout: 5000 });

        // Markup is shown as typed; an address becomes a safe link.
        const html = '<b>bold</b> <img src=x onerror="window.__pwned=1"> https://example.org/paper';
        await send(a.page, locale, html);
        const htmlOnB = b.page.getByTestId('chat-message').filter({ hasText: '<b>bold</b>' });
        await expect(htmlOnB).toBeVisible({ timeout: 5000 });
        await expect(htmlOnB.getByTestId('chat-message-text')).toContainText('<img src=x onerror="window.__pwned=1">');
        await expect(htmlOnB.locator('b, img')).toHaveCount(0);
        const link = htmlOnB.getByRole('link', { name: 'https://example.org/paper' });
        await expect(link).toHaveAttribute('href', 'https://example.org/paper');
        await expect(link).toHaveAttribute('rel', /noopener/);
        // Read left to right and isolated, in an Arabic message too.
        await expect(link).toHaveAttribute('dir', 'ltr');
        expect(await b.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

        // Stored: a reload brings the same history back, newest last.
        await b.page.reload();
        await expect(b.page.getByTestId('chat-message').last()).toContainText('<b>bold</b>');
        await expect(b.page.getByTestId('chat-message').filter({ hasText: hello })).toBeVisible();

        // A long address wraps inside its message: on a phone the page does not scroll sideways.
        const doi = 'https://doi.org/10.1016/j.compedu.2026.105123-an-identifier-long-enough-to-outgrow-a-phone-screen-without-breaks';
        await send(a.page, locale, doi);
        await b.page.setViewportSize({ width: 390, height: 844 });
        await expect(b.page.getByTestId('chat-message').filter({ hasText: 'outgrow-a-phone' })).toBeVisible({ timeout: 5000 });
        expect(await b.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

        // The sender removes a message: both see it as removed.
        // (Located by id: once removed, the text is gone.)
        const removedId = await mineOnA.getAttribute('data-id');
        const removedOnA = a.page.locator(`[data-testid="chat-message"][data-id="${removedId}"]`);
        await removedOnA.getByTestId('chat-remove').click();
        await removedOnA.getByTestId('chat-confirm-remove').click();
        await expect(removedOnA).toHaveAttribute('data-deleted', 'true');
        await expect(removedOnA).toContainText(t.removed);
        const removedOnB = b.page.locator(`[data-testid="chat-message"][data-id="${removedId}"]`);
        await expect(removedOnB).toHaveAttribute('data-deleted', 'true', { timeout: 5000 });
        await expect(removedOnB).toContainText(t.removed);
        // Others cannot remove someone else's message.
        await expect(b.page.getByTestId('chat-message').filter({ hasText: reply }).getByTestId('chat-remove')).toHaveCount(1);
        await expect(b.page.locator('[data-testid="chat-message"][data-own="false"]').getByTestId('chat-remove')).toHaveCount(0);
      } finally {
        await a.context.close();
        await b.context.close();
      }
    });

    test('a member without a subscription reads the chat but is told posting needs one', async ({ browser }) => {
      const { context, page } = await signedInContext(browser, reader, locale);
      try {
        await openChat(page, 10, locale);
        await send(page, locale, 'hello');
        await expect(page.getByTestId('chat-subscription-required')).toContainText(t.subscribeToPost);
      } finally {
        await context.close();
      }
    });

    test('home page: the community carousel (public) links to the guarded details', async ({ page }) => {
      await setLocale(page, locale, locale === 'ar' ? 'dark' : 'light');
      await skipAdsPopup(page);
      await page.goto('/');
      await scrollThroughHome(page);
      const carousel = page.getByTestId('community-carousel');
      await expect(carousel).toBeVisible();
      await expect(page.getByTestId('home-community').getByRole('heading', { name: t.carousel })).toBeVisible();
      await expect(carousel.getByTestId('research-card').first()).toBeVisible();
      // Spec 7 values: limit 12 (looped slides are duplicated by the slider, so count distinct ids).
      const ids = new Set(await carousel.getByTestId('research-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-id'))));
      expect(ids.size).toBe(12);
      await expect(carousel.locator('.swiper-pagination-bullet').first()).toBeVisible();
      await expect(carousel.getByTestId('carousel-next')).toBeVisible();
      const visible = carousel.locator('.swiper-slide-active [data-testid="research-card"]');
      const href = await visible.getByRole('link').getAttribute('href');
      expect(href).toMatch(/^\/community\/\d+$/);
      await visible.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(href!).replace(/%/g, '%')}$`));
    });
  });
}

test('the carousel shows 1, 2 and 3 slides at its breakpoints with 20 and 30 px spacing', async ({ page }) => {
  await skipAdsPopup(page);
  for (const [width, perView, spacing] of [
    [500, 1, 20],
    [800, 2, 20],
    [1200, 3, 30],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await scrollThroughHome(page);
    const carousel = page.getByTestId('community-carousel');
    await expect(carousel.getByTestId('research-card').first()).toBeVisible();
    const slides = carousel.locator('.swiper-slide');
    const first = await slides.nth(0).boundingBox();
    const second = await slides.nth(1).boundingBox();
    const container = await carousel.locator('.swiper').boundingBox();
    expect(first && second && container).toBeTruthy();
    expect(Math.round(second!.x - (first!.x + first!.width))).toBe(spacing);
    expect(Math.round(container!.width / (first!.width + spacing))).toBe(perView);
  }
});
