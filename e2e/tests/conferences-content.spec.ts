/**
 * Conferences run from the operator console (issue 19), in the browser, with real accounts:
 * - an administrator (console in Arabic in one run, in English in the other) adds a category,
 *   creates a bilingual conference with two agenda rows, a speaker, important dates and a picture,
 *   is refused publishing while one English text is empty (the list names it), fills it and
 *   publishes; before that a visitor finds nothing, after it the home carousel and the details
 *   page show it in both languages;
 * - a member requests a conference, a reviewer sends it back for changes, the member edits it, the
 *   reviewer approves it, an administrator completes the draft conference made from it and
 *   publishes it, and the requester's e-mail with its link is in the outbox.
 */
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { createVerifiedUser, useSession, type VerifiedUser } from '../support/accounts';
import { makePng } from '../support/library';
import { changeRoleAsOperator } from '../support/operators';
import { scrollThroughHome, setLocale, skipAdsPopup } from '../support/session';
import { SHELL_URL } from '../support/stack';
import type { Locale } from '@scholars/shared-contracts/locale';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const TEXTS = {
  en: {
    missing: 'Objectives (English)',
    published: 'Published: it is on the public site now.',
    statusDraft: 'Draft',
    statusPublished: 'Published',
    approved: /^Approved: a draft conference was made/,
    changesSent: 'The decision was saved and the requester was informed by email.',
    agendaTab: 'Agenda',
    speakersTab: 'Speakers',
  },
  ar: {
    missing: 'الأهداف (الإنجليزية)',
    published: 'تم النشر: أصبح ظاهرًا على الموقع الآن.',
    statusDraft: 'مسودة',
    statusPublished: 'منشور',
    approved: /^تمت الموافقة: أُنشئت مسودة مؤتمر/,
    changesSent: 'تم حفظ القرار وإبلاغ صاحب الطلب بالبريد الإلكتروني.',
    agendaTab: 'جدول الأعمال',
    speakersTab: 'المتحدثون',
  },
} as const;

interface Mail {
  to?: string;
  subject?: string;
  text?: string;
}

/** The mails sent to `email`, newest first (the dev outbox). */
async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get(`${SHELL_URL}/api/dev/outbox.json?to=${encodeURIComponent(email)}`);
  if (!response.ok()) return [];
  const body = (await response.json()) as { data?: Mail[] } | Mail[];
  return Array.isArray(body) ? body : (body.data ?? []);
}

async function staff(request: APIRequestContext, locale: Locale, role: 'admin' | 'reviewer', name: string): Promise<VerifiedUser> {
  const account = await createVerifiedUser(request, { locale, name, emailPrefix: `content.${role}` });
  await changeRoleAsOperator(request, account.email, role);
  return account;
}

/** A page of its own for `account` (or a visitor) in `locale`. */
async function pageFor(browser: Browser, locale: Locale, account?: VerifiedUser): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'Asia/Dubai' });
  const page = await context.newPage();
  await setLocale(page, locale);
  await skipAdsPopup(page);
  if (account) await useSession(page, account);
  return page;
}

const fill = (form: Locator, name: string, value: string) => form.getByTestId(`field-${name}`).fill(value);

/** The events carousel's cards of conference `id` (the loop may copy a slide). */
async function carouselCards(page: Page, id: number) {
  await page.goto('/');
  await scrollThroughHome(page);
  await expect(page.getByTestId('events-carousel').getByTestId('event-card').first()).toBeAttached();
  return page.getByTestId('events-carousel').locator(`[data-testid="event-card"][data-id="${id}"]`);
}

for (const locale of ['ar', 'en'] as const) {
  test(`an administrator (console in ${locale}) creates a bilingual conference, is refused publishing with one English text empty, publishes it; a visitor sees it`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const t = TEXTS[locale];
    const run = unique();
    const admin = await staff(request, locale, 'admin', locale === 'ar' ? 'مريم المسؤولة' : 'Maryam Admin');
    const page = await pageFor(browser, locale, admin);

    // A category of its own, so the seed's lists keep their counts.
    await page.goto('/admin/conference-categories');
    await page.getByTestId('category-add').click();
    const categoryForm = page.getByTestId('category-form');
    await fill(categoryForm, 'name', `الروبوتات التعليمية ${run}`);
    await fill(categoryForm, 'name_en', `Educational Robotics ${run}`);
    await categoryForm.getByTestId('category-save').click();
    const categoryRow = page.getByTestId('category-row').filter({ hasText: run });
    await expect(categoryRow).toHaveCount(1);
    const categoryId = Number(await categoryRow.getAttribute('data-id'));

    // The conference: an Arabic title that sorts second on the carousel (after the seed's first).
    const title = `المؤتمر الدولي للروبوتات التعليمية ${run}`;
    const titleEn = `International Educational Robotics Conference ${run}`;
    const start = inDays(45);
    await page.goto('/admin/conferences');
    await page.getByTestId('admin-conference-new').click();
    await expect(page).toHaveURL(/\/admin\/conferences\/new$/);
    const form = page.getByTestId('conference-form');
    await fill(form, 'title', title);
    await fill(form, 'title_en', titleEn);
    await fill(form, 'description', 'ملتقى دولي عن الروبوتات في الفصول الدراسية، من التصميم إلى التقييم، للباحثين والمعلمين وصنّاع السياسات التعليمية في المنطقة.');
    await fill(form, 'description_en', 'An international meeting on robots in classrooms, from design to assessment, for researchers, teachers and education policy makers of the region.');
    await fill(form, 'overview', 'يومان من الجلسات وورش العمل.');
    await fill(form, 'overview_en', 'Two days of sessions and workshops.');
    await fill(form, 'objectives', 'تبادل الخبرات وبناء شبكة بحثية.');
    // objectives_en left empty on purpose.
    await form.getByTestId('field-category_id').selectOption(String(categoryId));
    await form.getByTestId('field-mode').selectOption('hybrid');
    await fill(form, 'venue', 'دبي، القاعة الكبرى');
    await fill(form, 'venue_en', 'Dubai, Grand Hall');
    await fill(form, 'start_date', start);
    await fill(form, 'start_time', '09:00');
    await fill(form, 'end_date', inDays(46));
    await fill(form, 'end_time', '17:00');
    await fill(form, 'capacity', '120');
    await form.getByTestId('file-image').setInputFiles({ name: 'robots.png', mimeType: 'image/png', buffer: makePng() });
    await expect(form.getByTestId('preview-image')).toBeVisible();
    // Uploaded once the field offers to remove the stored picture.
    await expect(form.locator('[data-field="image"] button')).toBeVisible();

    await form.getByTestId('agenda-add').click();
    await form.getByTestId('agenda-add').click();
    await expect(form.getByTestId('agenda-row')).toHaveCount(2);
    await fill(form, 'agenda.0.title', 'الجلسة الافتتاحية');
    await fill(form, 'agenda.0.title_en', 'Opening session');
    await fill(form, 'agenda.0.speaker', 'د. ليلى حداد');
    await fill(form, 'agenda.0.speaker_en', 'Dr. Layla Haddad');
    await fill(form, 'agenda.1.date', inDays(46));
    await fill(form, 'agenda.1.start_time', '11:00');
    await fill(form, 'agenda.1.end_time', '12:30');
    await fill(form, 'agenda.1.title', 'ورشة برمجة الروبوتات');
    await fill(form, 'agenda.1.title_en', 'Robot programming workshop');
    await fill(form, 'agenda.1.location', 'القاعة ب');
    await fill(form, 'agenda.1.location_en', 'Hall B');

    await form.getByTestId('speaker-add').click();
    await fill(form, 'speakers.0.name', 'د. ليلى حداد');
    await fill(form, 'speakers.0.name_en', 'Dr. Layla Haddad');
    await fill(form, 'speakers.0.title', 'أستاذة تقنيات التعليم');
    await fill(form, 'speakers.0.title_en', 'Professor of Educational Technology');
    await fill(form, 'speakers.0.bio', 'تبحث في الروبوتات التعليمية منذ عشر سنوات.');
    await fill(form, 'speakers.0.bio_en', 'She has researched educational robotics for ten years.');

    await fill(form, 'important_dates.abstract_deadline', inDays(10));
    await fill(form, 'important_dates.paper_submission_deadline', inDays(20));
    await fill(form, 'important_dates.early_bird_deadline', inDays(30));
    await fill(form, 'important_dates.paper_submission_id', `ERC-${run}`);

    // Publishing saves the draft first, then is refused: the list names the empty English text.
    await form.getByTestId('conference-publish').click();
    await expect(page).toHaveURL(/\/admin\/conferences\/\d+$/);
    const missing = page.getByTestId('missing-translations');
    await expect(missing).toContainText(t.missing);
    await expect(form.getByTestId('field-objectives_en')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('admin-conference').getByTestId('content-status')).toHaveText(t.statusDraft);
    const id = Number(/\/admin\/conferences\/(\d+)$/.exec(page.url())![1]);

    // A draft is nowhere on the public site.
    const visitor = await pageFor(browser, 'en');
    await expect(await carouselCards(visitor, id)).toHaveCount(0);
    await visitor.goto(`/conference/${id}`);
    await expect(visitor.getByTestId('conference-not-found')).toBeVisible();

    await fill(form, 'objectives_en', 'Share experience and build a research network.');
    await form.getByTestId('conference-publish').click();
    await expect(page.getByTestId('conference-message')).toHaveText(t.published);
    await expect(missing).toHaveCount(0);
    await expect(page.getByTestId('admin-conference').getByTestId('content-status')).toHaveText(t.statusPublished);
    await expect(page.getByTestId('conference-public-link')).toBeVisible();

    // At once on the home carousel and its pages, in both languages.
    for (const [language, shown, other] of [['en', titleEn, title], ['ar', title, titleEn]] as const) {
      const reader = language === 'en' ? visitor : await pageFor(browser, 'ar');
      const cards = await carouselCards(reader, id);
      await expect(cards.first()).toContainText(shown);
      await reader.goto(`/conference/${id}`);
      const details = reader.getByTestId('conferences-details');
      await expect(details.getByRole('heading', { level: 1 })).toHaveText(shown);
      await expect(details).not.toContainText(other);
      await expect(details.getByTestId('venue')).toHaveText(language === 'en' ? 'Dubai, Grand Hall' : 'دبي، القاعة الكبرى');
      await reader.getByRole('tab', { name: TEXTS[language].agendaTab }).click();
      await expect(reader.getByTestId('agenda-item')).toHaveCount(2);
      await expect(reader.getByTestId('agenda-item').first()).toContainText(language === 'en' ? 'Opening session' : 'الجلسة الافتتاحية');
      await reader.getByRole('tab', { name: TEXTS[language].speakersTab }).click();
      await expect(reader.getByTestId('speaker-name')).toHaveText(language === 'en' ? 'Dr. Layla Haddad' : 'د. ليلى حداد');
      await reader.goto(`/conferences/${categoryId}`);
      await expect(reader.locator(`[data-testid="conference-card"][data-id="${id}"]`)).toContainText(shown);
    }
  });
}

test('a member requests a conference, a reviewer asks for changes then approves, an administrator publishes it; the requester gets its link', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const run = unique();
  // An Arabic title that sorts after the seed's on the carousel: the home page's first cards stay the seed's.
  const title = `يوم تحليلات التعلم ${run}`;
  const member = await createVerifiedUser(request, { locale: 'en', name: 'Hessa Al Suwaidi', emailPrefix: 'content.member' });
  const reviewer = await staff(request, 'ar', 'reviewer', 'راشد المراجع');
  const admin = await staff(request, 'en', 'admin', 'Omar Admin');

  // The member's request (the form of issue 3).
  const memberPage = await pageFor(browser, 'en', member);
  await memberPage.goto('/request-conference');
  const requestForm = memberPage.getByTestId('request-form');
  const field = (name: string) => requestForm.locator(`[data-field="${name}"]`).locator('input, select, textarea');
  await field('full_name').fill('Hessa Al Suwaidi');
  await field('academic_level').selectOption('phd');
  await field('major_field').fill('Learning analytics');
  await field('university').fill('Zayed University');
  await field('university_email').fill('hessa.alsuwaidi@zu.ac.ae');
  await field('phone').fill('+971501234567');
  await field('country').selectOption('AE');
  await field('conference_title').fill(title);
  await field('main_language').selectOption('ar_en');
  await field('proposed_start_date').fill(inDays(80));
  await field('duration_days').fill('2');
  await field('location_type').selectOption('onsite');
  await field('venue').fill('Dubai');
  await field('objectives').fill('Share practice in learning analytics across Gulf universities.');
  await requestForm.getByTestId('request-submit').click();
  await memberPage.getByTestId('request-edit-link').click();
  await expect(memberPage).toHaveURL(/\/request-conference\?edit=\d+$/);
  const requestId = Number(/edit=(\d+)/.exec(memberPage.url())![1]);

  // The reviewer (console in Arabic) asks for changes: a note is required.
  const reviewerPage = await pageFor(browser, 'ar', reviewer);
  await reviewerPage.goto(`/admin/conference-requests?q=${encodeURIComponent(run)}`);
  const item = reviewerPage.locator(`[data-testid="request-item"][data-id="${requestId}"]`);
  await expect(item).toBeVisible();
  await item.getByTestId('request-details-toggle').click();
  await expect(item).toContainText('hessa.alsuwaidi@zu.ac.ae');
  await item.getByTestId('request-ask-changes').click();
  await expect(item.getByTestId('request-note-error')).toBeVisible();
  await item.getByTestId('request-note').fill('Please name the venue precisely: the city and the hall.');
  await item.getByTestId('request-ask-changes').click();
  await expect(item.getByTestId('request-message')).toHaveText(TEXTS.ar.changesSent);
  await expect(item.getByTestId('request-status')).toHaveText('أُعيد للتعديل');

  // The member reads the note and edits: the request is pending again.
  await memberPage.reload();
  await expect(memberPage.getByTestId('request-changes-note')).toContainText('Please name the venue precisely');
  await field('venue').fill('Dubai, Zayed University, Convention Hall');
  await requestForm.getByTestId('request-submit').click();
  await expect(requestForm.getByTestId('request-updated')).toBeVisible();

  // The reviewer approves: a draft conference is made (an administrator completes it).
  await reviewerPage.reload();
  await expect(item.getByTestId('request-status')).toHaveText('قيد المراجعة');
  await item.getByTestId('request-approve').click();
  await expect(item.getByTestId('request-message')).toHaveText(TEXTS.ar.approved);
  await expect(item.getByTestId('request-open-conference')).toHaveCount(0);

  // The administrator opens it from the queue, completes it and publishes it.
  const adminPage = await pageFor(browser, 'en', admin);
  await adminPage.goto(`/admin/conference-requests?status=approved&q=${encodeURIComponent(run)}`);
  const approved = adminPage.locator(`[data-testid="request-item"][data-id="${requestId}"]`);
  await approved.getByTestId('request-open-conference').click();
  await expect(adminPage).toHaveURL(/\/admin\/conferences\/\d+$/);
  const conferenceId = Number(/\/admin\/conferences\/(\d+)$/.exec(adminPage.url())![1]);
  const form = adminPage.getByTestId('conference-form');
  await expect(form.getByTestId('field-title')).toHaveValue(title);
  await expect(form.getByTestId('field-venue_en')).toHaveValue('Dubai, Zayed University, Convention Hall');
  await expect(form.getByTestId('field-start_time')).toHaveValue('09:00');
  await fill(form, 'title_en', `Learning Analytics Day ${run}`);
  await fill(form, 'description', 'يوم لتبادل الممارسات في تحليلات التعلم.');
  await fill(form, 'description_en', 'A day to share practice in learning analytics.');
  await fill(form, 'overview', 'جلسات وورش عمل.');
  await fill(form, 'overview_en', 'Sessions and workshops.');
  await form.getByTestId('conference-publish').click();
  await expect(adminPage.getByTestId('conference-message')).toHaveText(TEXTS.en.published);

  // The requester's e-mail carries the conference's link; the page is public.
  let link: Mail | undefined;
  await expect
    .poll(async () => {
      link = (await mailsTo(request, member.email)).find((mail) => /^Your conference is published/.test(mail.subject ?? ''));
      return Boolean(link);
    }, { timeout: 15_000 })
    .toBe(true);
  expect(link!.text).toContain(`/conference/${conferenceId}`);
  const visitor = await pageFor(browser, 'en');
  await visitor.goto(`/conference/${conferenceId}`);
  await expect(visitor.getByTestId('conferences-details').getByRole('heading', { level: 1 })).toHaveText(`Learning Analytics Day ${run}`);
});
