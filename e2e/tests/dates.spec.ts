/**
 * One digit and date policy (docs/decisions.md, "Language, digits and dates"): in Arabic, the
 * profile, a conference, the research exchange (library remote), the community and the receipt
 * e-mail write their dates in one format, with Western digits; switching the language re-renders
 * them in English with no reload, and no page shows a text key.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { buyThroughApi, prepare, signUpViaApi } from '../support/billing';
import { makePdf, makePng, mySubmissions } from '../support/library';
import { SHELL_URL } from '../support/stack';
import { otherLocale, type Locale } from '@scholars/shared-contracts/locale';

const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;
const AR_MONTHS = 'يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر';
const EN_MONTHS = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';
/** The one date shape of both languages: day, month name, four-digit year (`16 فبراير 2027`, `16 Feb 2027`). */
const DATE: Record<Locale, RegExp> = { ar: new RegExp(`\\b\\d{1,2} (?:${AR_MONTHS}) \\d{4}\\b`, 'g'), en: new RegExp(`\\b\\d{1,2} (?:${EN_MONTHS})[a-z]* \\d{4}\\b`, 'g') };
/** A text key shown in place of its text (`profile.memberSince`, `exchange.expectedEdit`...). */
const TEXT_KEY = /\b(?:common|shell|content|profile|publicProfile|subscriptions|billing|details|list|exchange|abstract|card|importantDates|nav|footer|home)\.[a-z][a-zA-Z]+\b/;

async function textOf(area: Locator): Promise<string> {
  return (await area.innerText()).replace(BIDI_MARKS, '');
}

/** The dates `area` shows in `locale`'s format (at least one), none in the other's, no Arabic-Indic digit, no text key. */
async function expectDates(area: Locator, locale: Locale): Promise<string[]> {
  const other = otherLocale(locale);
  let text = '';
  await expect.poll(async () => (text = await textOf(area)).match(DATE[locale])?.length ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(text).not.toMatch(ARABIC_INDIC_DIGITS);
  expect(text.match(DATE[other]) ?? []).toEqual([]);
  expect(text).not.toMatch(TEXT_KEY);
  return text.match(DATE[locale]) ?? [];
}

async function submitResearch(request: APIRequestContext, accessToken: string): Promise<number> {
  const answer = await request.post(`${SHELL_URL}/api/research`, {
    headers: { authorization: `Bearer ${accessToken}`, 'accept-language': 'ar' },
    multipart: {
      title: 'أثر التعلم المدمج في مهارات البحث',
      title_en: 'Blended learning and research skills',
      description: 'دراسة في جامعتين إماراتيتين.',
      description_en: 'A study in two Emirati universities.',
      abstract: 'تبحث هذه الدراسة في أثر التعلم المدمج على مهارات البحث لدى طلبة الدراسات العليا.',
      category_id: '1',
      other_category: '',
      research_type: 'general',
      terms: 'true',
      file: { name: 'research.pdf', mimeType: 'application/pdf', buffer: makePdf('Blended learning') },
      image: { name: 'cover.png', mimeType: 'image/png', buffer: makePng() },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const [mine] = await mySubmissions(request, accessToken);
  return mine!.id;
}

async function switchLanguage(page: Page, locale: Locale) {
  await page.getByTestId('language-menu').first().selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

test('in Arabic every screen writes dates the same way with Western digits; English follows without a reload', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await signUpViaApi(request, 'ar', 'مريم الدرمكي');
  await buyThroughApi(request, session, 1);
  const researchId = await submitResearch(request, session.accessToken);
  await prepare(page, { session, locale: 'ar', theme: 'dark' });

  // Profile (account remote): member since, the subscription's dates, the invoice's date.
  await page.goto('/profile');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const main = page.locator('#main');
  await expectDates(main, 'ar');
  await page.getByRole('tab', { name: 'الاشتراكات' }).click();
  const subscriptionDates = await expectDates(page.getByTestId('subscription-card'), 'ar');
  expect(subscriptionDates.length).toBeGreaterThanOrEqual(2);
  await switchLanguage(page, 'en');
  await expectDates(page.getByTestId('subscription-card'), 'en');
  await switchLanguage(page, 'ar');
  await expectDates(page.getByTestId('subscription-card'), 'ar');
  // The same document all along: the language changed without a reload.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // A conference (conferences remote): the event's time and its important dates.
  await page.goto('/conference/1');
  await expectDates(page.getByTestId('event-time').first(), 'ar');
  await page.goto('/conference/1?tab=dates');
  await expectDates(main, 'ar');

  // The research exchange (library remote): the expected decision window of the submission.
  await page.goto(`/research-exchange?edit=${researchId}`);
  await expectDates(page.getByTestId('exchange-edit-status'), 'ar');

  // The community (community remote): the cards' updated dates.
  await page.goto('/research-community');
  await expectDates(page.getByTestId('research-card').first(), 'ar');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await switchLanguage(page, 'en');
  await expectDates(page.getByTestId('research-card').first(), 'en');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The receipt e-mail, in the buyer's language: the next billing date in the same format.
  const outbox = await request.get(`${SHELL_URL}/api/dev/outbox.json?to=${encodeURIComponent(session.user.email)}`);
  expect(outbox.ok()).toBe(true);
  const body = (await outbox.json()) as { data?: Array<{ subject?: string; text?: string }> } | Array<{ subject?: string; text?: string }>;
  const mails = Array.isArray(body) ? body : (body.data ?? []);
  const receipt = mails.find((mail) => mail.subject?.startsWith('إيصال اشتراكك'));
  expect(receipt, mails.map((mail) => mail.subject).join(' | ')).toBeTruthy();
  const receiptText = receipt!.text!.replace(BIDI_MARKS, '');
  expect(receiptText).toMatch(new RegExp(`موعد الفاتورة القادمة: ${DATE.ar.source}`));
  expect(receiptText).not.toMatch(ARABIC_INDIC_DIGITS);
});
