/**
 * The newsletter (issue 20), with the console in English and in Arabic: readers sign up through the
 * footer in English and in Arabic and confirm through the e-mailed link's page (one never
 * confirms); an administrator writes a bilingual issue, previews both languages, sends a test to
 * themself, then sends it. The outbox then holds exactly one mail of the issue per confirmed reader,
 * in their language, with RFC 8058 headers; the one-click POST unsubscribes once, without a session,
 * and the account's profile flag follows; the link's page unsubscribes with its button.
 */
import { expect, request as requests, test, type APIRequestContext, type Browser } from '@playwright/test';
import type { Locale } from '@scholars/shared-contracts/locale';
import { createVerifiedUser, uniqueEmail, useSession } from '../support/accounts';
import { changeRoleAsOperator } from '../support/operators';
import { mailMatching, mailsTo, type Mail } from '../support/outbox';
import { setLocale, skipAdsPopup } from '../support/session';
import { SHELL_URL } from '../support/stack';

const FOOTER = {
  en: { subscribe: 'Subscribe', sent: 'Almost done: we sent you an e-mail. Open its link to confirm your subscription.', confirm: 'Confirm my subscription', confirmed: 'You have successfully subscribed!', confirmMail: /Confirm your newsletter subscription/ },
  ar: { subscribe: 'اشترك', sent: 'اقتربنا: أرسلنا إليك رسالة بالبريد الإلكتروني. افتح الرابط فيها لتأكيد اشتراكك.', confirm: 'تأكيد اشتراكي', confirmed: 'تمّ اشتراكك بنجاح!', confirmMail: /أكّد اشتراكك في النشرة البريدية/ },
} as const;

const CONSOLE = {
  en: { test: 'Send a test to me', sending: /Sending started to the confirmed subscribers \(\d+\)/, sent: 'Sent' },
  ar: { test: 'أرسل نسخة تجريبية إليّ', sending: /بدأ الإرسال: سيصل العدد إلى \d+ من المشتركين المؤكَّدين/, sent: 'المُرسلة' },
} as const;

/** Signs `email` up through the footer of a page in `locale`; unless `confirm` is false, confirms through the e-mailed link's page. */
async function subscribe(browser: Browser, request: APIRequestContext, email: string, locale: Locale, confirm = true) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await setLocale(page, locale);
  await skipAdsPopup(page);
  await page.goto('/about');
  const box = page.getByTestId('newsletter');
  await box.getByRole('textbox').fill(email);
  await box.getByRole('button', { name: FOOTER[locale].subscribe }).click();
  await expect(box.locator('[data-state]')).toHaveText(FOOTER[locale].sent, { timeout: 15_000 });
  const mail = await mailMatching(request, email, FOOTER[locale].confirmMail);
  expect(mail.locale).toBe(locale);
  if (confirm) {
    const link = /\/newsletter\/confirm\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(link!);
    await page.getByTestId('newsletter-link-button').click();
    await expect(page.getByTestId('newsletter-link-done')).toHaveText(FOOTER[locale].confirmed);
  }
  await context.close();
}

/** The mail of the issue (by subject) to `email`, once there; and how many such mails exist. */
async function issueMails(request: APIRequestContext, email: string, subjects: readonly string[]): Promise<Mail[]> {
  return (await mailsTo(request, email)).filter((mail) => mail.template === 'newsletter_issue' && subjects.includes(mail.subject ?? ''));
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

for (const consoleLocale of ['en', 'ar'] as const) {
  test(`an administrator (console in ${consoleLocale}) sends a bilingual newsletter: one mail per confirmed reader in their language, each with a working unsubscribe link`, async ({ browser, page, request }) => {
    test.setTimeout(180_000);
    const run = `${consoleLocale}-${Date.now().toString(36)}`;
    // An English reader who has an account (the profile flag must follow), an Arabic reader, one who never confirms.
    const member = await createVerifiedUser(request, { locale: 'en', emailPrefix: `news.member.${consoleLocale}` });
    const arabicReader = uniqueEmail(`news.ar.${consoleLocale}`);
    const unconfirmed = uniqueEmail(`news.unconfirmed.${consoleLocale}`);
    await subscribe(browser, request, member.email, 'en');
    await subscribe(browser, request, arabicReader, 'ar');
    await subscribe(browser, request, unconfirmed, 'en', false);
    const profile = async () => (await (await request.get(`${SHELL_URL}/api/profile`, { headers: { authorization: `Bearer ${member.accessToken}` } })).json()) as { data: { newsletter: boolean } };
    expect((await profile()).data.newsletter).toBe(true);

    // The administrator.
    const admin = await createVerifiedUser(request, { locale: consoleLocale, emailPrefix: `news.admin.${consoleLocale}` });
    await changeRoleAsOperator(request, admin.email, 'admin');
    await setLocale(page, consoleLocale);
    await skipAdsPopup(page);
    await useSession(page, admin);
    await page.goto('/admin');
    await page.getByTestId('admin-entry-adminNewsletter').click();
    await expect(page.getByTestId('admin-newsletter')).toBeVisible();
    await page.getByTestId('newsletter-new').click();
    const editor = page.getByTestId('newsletter-editor');
    const subjectAr = `نشرة الباحثين ${run}`;
    const subjectEn = `Scholars newsletter ${run}`;
    await editor.getByTestId('field-subject').fill(subjectAr);
    await expect(editor.getByTestId('field-subject')).toHaveAttribute('dir', 'rtl');
    await editor.getByTestId('field-subject_en').fill(subjectEn);
    await editor.getByTestId('field-body').fill('## مؤتمرات هذا الشهر\n\nسجّل الآن في **مؤتمر المياه**.');
    await editor.getByTestId('field-body_en').fill('## This month’s conferences\n\nRegister now for the **water conference**.');

    // Both languages previewed as the mails show them: their layout too (the page's policy refuses
    // inline style attributes, which are the mail's whole layout), and nothing in them runs.
    const refused: string[] = [];
    page.on('console', (message) => /Content Security Policy/i.test(message.text()) && refused.push(message.text()));
    await editor.getByTestId('newsletter-preview').click();
    await expect(editor.getByTestId('newsletter-preview-subject-ar')).toHaveText(subjectAr);
    await expect(editor.getByTestId('newsletter-preview-subject-en')).toHaveText(subjectEn);
    await expect(editor.getByTestId('newsletter-preview-ar')).toHaveAttribute('sandbox', 'allow-same-origin');
    const arabicFrame = page.frameLocator('[data-testid="newsletter-preview-ar"]');
    await expect(arabicFrame.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(arabicFrame.locator('strong')).toHaveText('مؤتمر المياه');
    await expect(arabicFrame.locator('body')).toHaveCSS('background-color', 'rgb(245, 245, 245)');
    await expect(arabicFrame.locator('h1')).toHaveCSS('font-size', '18px');
    await expect(page.frameLocator('[data-testid="newsletter-preview-en"]').locator('h2')).toHaveText('This month’s conferences');
    expect(refused).toEqual([]);

    // A test to oneself (saves the draft first), in both languages.
    await editor.getByTestId('newsletter-test').click();
    await expect(page).toHaveURL(/issue=\d+/);
    await expect(editor.getByTestId('newsletter-status')).toBeVisible();
    await expect
      .poll(async () => (await mailsTo(request, admin.email)).filter((mail) => mail.template === 'newsletter_test').map((mail) => mail.subject).sort(), { timeout: 15_000 })
      .toEqual([`[Test] ${subjectEn}`, `[تجربة] ${subjectAr}`].sort());

    // Send, after the confirmation that says how many will receive it.
    await editor.getByTestId('newsletter-send').click();
    const confirmation = editor.getByTestId('newsletter-confirm');
    await expect(confirmation.getByTestId('newsletter-confirm-confirm')).toBeEnabled();
    await confirmation.getByTestId('newsletter-confirm-confirm').click();
    await expect(page.getByText(CONSOLE[consoleLocale].sending)).toBeVisible();
    await expect(editor.getByTestId('newsletter-stats')).toBeVisible();

    // The outbox: exactly one mail of the issue per confirmed reader, in their language; none to the unconfirmed one.
    const subjects = [subjectAr, subjectEn];
    await expect.poll(async () => (await issueMails(request, member.email, subjects)).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await issueMails(request, arabicReader, subjects)).length, { timeout: 30_000 }).toBe(1);
    const [english] = await issueMails(request, member.email, subjects);
    const [arabic] = await issueMails(request, arabicReader, subjects);
    expect([english!.locale, english!.subject]).toEqual(['en', subjectEn]);
    expect([arabic!.locale, arabic!.subject]).toEqual(['ar', subjectAr]);
    expect(arabic!.html).toContain('dir="rtl"');
    expect(await issueMails(request, unconfirmed, subjects)).toEqual([]);
    // After the whole send (the issue is sent), still one each.
    const issueId = /issue=(\d+)/.exec(page.url())![1];
    const adminHeaders = { authorization: `Bearer ${admin.accessToken}` };
    await expect
      .poll(async () => ((await (await request.get(`${SHELL_URL}/api/admin/newsletter/issues/${issueId}`, { headers: adminHeaders })).json()) as { data: { status: string } }).data.status, { timeout: 30_000 })
      .toBe('sent');
    expect(await issueMails(request, member.email, subjects)).toHaveLength(1);
    expect(await issueMails(request, arabicReader, subjects)).toHaveLength(1);

    // The English reader's mail client unsubscribes in one click (RFC 8058): a POST, no session, no cookie; once.
    expect(english!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https?:\/\/[^>]+)>$/.exec(english!.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(oneClick).toBeTruthy();
    expect(english!.text).toContain(oneClick!);
    const stranger = await requests.newContext();
    const unsubscribed = await stranger.post(`${SHELL_URL}${pathOf(oneClick!)}`, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(unsubscribed.status(), await unsubscribed.text()).toBe(200);
    // Again: already off the list, and told so.
    expect((await stranger.post(`${SHELL_URL}${pathOf(oneClick!)}`, { form: { 'List-Unsubscribe': 'One-Click' } })).status()).toBe(200);
    await stranger.dispose();
    expect((await profile()).data.newsletter).toBe(false);

    // The Arabic reader clicks the link in the mail: the page, then its button.
    const arabicLink = /^<(https?:\/\/[^>]+)>$/.exec(arabic!.headers?.['List-Unsubscribe'] ?? '')?.[1];
    const readerContext = await browser.newContext();
    const reader = await readerContext.newPage();
    await setLocale(reader, 'ar');
    await skipAdsPopup(reader);
    await reader.goto(pathOf(arabicLink!));
    await expect(reader).toHaveURL(/\/newsletter\/unsubscribe\?token=/);
    await reader.getByTestId('newsletter-link-button').click();
    await expect(reader.getByTestId('newsletter-link-done')).toHaveText('أُلغي اشتراكك: لن تصلك النشرة البريدية بعد الآن.');
    // The same link opened again: it says they already are.
    await reader.reload();
    await reader.getByTestId('newsletter-link-button').click();
    await expect(reader.getByTestId('newsletter-link-done')).toHaveText('اشتراكك ملغى من قبل: لا تُرسل إليك النشرة البريدية.');
    // A link that cannot work says so, with nothing left to press.
    await reader.goto(`/newsletter/unsubscribe?token=${'A'.repeat(43)}`);
    await reader.getByTestId('newsletter-link-button').click();
    await expect(reader.getByTestId('newsletter-link-invalid')).toHaveText('هذا الرابط لم يعد صالحًا: استُخدم من قبل أو انتهت صلاحيته أو حلّ محله رابط أحدث.');
    await expect(reader.getByTestId('newsletter-link-button')).toHaveCount(0);
    await readerContext.close();

    // The figures count both (and whoever else left since, when other tests run alongside).
    const figures = async () => ((await (await request.get(`${SHELL_URL}/api/admin/newsletter/issues/${issueId}`, { headers: adminHeaders })).json()) as { data: { stats: { unsubscribed: number } } }).data.stats;
    expect((await figures()).unsubscribed).toBeGreaterThanOrEqual(2);
    await page.reload();
    await expect(page.getByTestId('newsletter-status')).toHaveText(CONSOLE[consoleLocale].sent);
    await expect(page.getByTestId('newsletter-stat-unsubscribed')).toBeVisible();
  });
}

test('the subscriber list: search, state and the CSV export with a byte order mark', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const tag = `csvlist${Date.now().toString(36)}`;
  const confirmed = `${tag}.confirmed@example.ae`;
  const waiting = `${tag}.waiting@example.ae`;
  await subscribe(browser, request, confirmed, 'ar');
  await subscribe(browser, request, waiting, 'en', false);
  const admin = await createVerifiedUser(request, { locale: 'en', emailPrefix: 'news.list.admin' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  await setLocale(page, 'en');
  await skipAdsPopup(page);
  await useSession(page, admin);
  await page.goto('/admin/newsletter/subscribers');
  const screen = page.getByTestId('admin-newsletter-subscribers');
  await screen.getByTestId('subscribers-q').fill(tag);
  await screen.getByTestId('subscribers-apply').click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(screen.getByTestId('subscriber-row')).toHaveCount(2);
  await screen.getByTestId('subscribers-state').selectOption('confirmed');
  await screen.getByTestId('subscribers-apply').click();
  await expect(screen.getByTestId('subscriber-row')).toHaveCount(1);
  await expect(screen.getByTestId('subscriber-row')).toContainText(confirmed);
  await expect(screen.getByTestId('subscriber-row')).toContainText('Confirmed');
  const download = page.waitForEvent('download');
  await screen.getByTestId('subscribers-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readDownload(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${confirmed},confirmed,ar,`);
});

async function readDownload(file: { createReadStream(): Promise<NodeJS.ReadableStream> }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

