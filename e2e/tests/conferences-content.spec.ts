/**
 * Conferences run from the operator console (issue 19), in the browser, with real accounts:
 * - an administrator (console in Arabic in one run, in English in the other) adds a category,
 *   creates a bilingual conference with two agenda rows, a speaker, important dates and a picture,
 *   is refused publishing while one English text is empty (the list names it), fills it and
 *   publishes; before that a visitor finds nothing, after it the home carousel and the details
 *   page show it in both languages;
 * - a member requests a conference, a reviewer sends it back for changes (the member's profile
 *   shows the state and the note, and leads to the edit), the member edits it, the reviewer
 *   approves it, an administrator completes the draft conference made from it and publishes it;
 *   the requester's profile then links to it, and their e-mail with its link is in the outbox. Once
 *   wholly in Arabic (member, reviewer, administrator, public page), once wholly in English.
 */
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { createVerifiedUser, useSession, type VerifiedUser } from '../support/accounts';
import { makePng } from '../support/library';
import { publishedConference } from '../support/conferences';
import { changeRoleAsOperator } from '../support/operators';
import { scrollThroughHome, setLocale, skipAdsPopup } from '../support/session';
import { SHELL_URL } from '../support/stack';
import { isolate, type Locale } from '@scholars/shared-contracts/locale';

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
    queuePending: 'Pending',
    queueChanges: 'Sent back for changes',
    profileChanges: 'Changes requested',
    profileApproved: 'Approved',
    publishedMail: /^Your conference is published/,
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
    queuePending: 'قيد المراجعة',
    queueChanges: 'أُعيد للتعديل',
    profileChanges: 'مطلوب تعديلات',
    profileApproved: 'مقبول',
    publishedMail: /^نُشر مؤتمرك/,
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
    await expect(page.getByTestId('categories-message')).toBeVisible();
    // The list is paged (its order puts a new category last): the search finds it on any page.
    await page.getByTestId('categories-q').fill(run);
    await page.getByTestId('categories-apply').click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${run}`));
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

/**
 * What the member writes (in the run's language) and what the others answer. The Arabic title of
 * the conference starts with «يوم»: it sorts after the seed's on the carousel (ordered by the Arabic
 * title), so the home page's first cards stay the seed's while the other specs run.
 */
const REQUEST = {
  ar: {
    member: 'حصة السويدي',
    reviewer: 'راشد المراجع',
    admin: 'عمر المسؤول',
    major: 'تحليلات التعلم',
    university: 'جامعة زايد',
    title: (run: string) => `يوم تحليلات التعلم ${run}`,
    venue: 'دبي',
    betterVenue: 'دبي، جامعة زايد، قاعة المؤتمرات',
    objectives: 'تبادل الممارسات في تحليلات التعلم بين جامعات الخليج.',
    note: 'يُرجى تحديد مكان الانعقاد بدقة: المدينة والقاعة.',
  },
  en: {
    member: 'Hessa Al Suwaidi',
    reviewer: 'Rashid Reviewer',
    admin: 'Omar Admin',
    major: 'Learning analytics',
    university: 'Zayed University',
    title: (run: string) => `Learning Analytics Day ${run}`,
    venue: 'Dubai',
    betterVenue: 'Dubai, Zayed University, Convention Hall',
    objectives: 'Share practice in learning analytics across Gulf universities.',
    note: 'Please name the venue precisely: the city and the hall.',
  },
} as const;

for (const locale of ['ar', 'en'] as const) {
  test(`a member requests a conference, a reviewer asks for changes then approves, an administrator publishes it; the requester gets its link (all in ${locale})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const t = TEXTS[locale];
    const words = REQUEST[locale];
    const run = unique();
    // The request's title, objectives and venue are the draft's in the request's language only; the administrator writes the other one.
    const title = words.title(run);
    const titles = { ar: REQUEST.ar.title(run), en: REQUEST.en.title(run) };
    const member = await createVerifiedUser(request, { locale, name: words.member, emailPrefix: `content.member.${locale}` });
    const reviewer = await staff(request, locale, 'reviewer', words.reviewer);
    const admin = await staff(request, locale, 'admin', words.admin);

    // The member's request (the form of issue 3).
    const memberPage = await pageFor(browser, locale, member);
    await memberPage.goto('/request-conference');
    const requestForm = memberPage.getByTestId('request-form');
    const field = (name: string) => requestForm.locator(`[data-field="${name}"]`).locator('input, select, textarea');
    await field('full_name').fill(words.member);
    await field('academic_level').selectOption('phd');
    await field('major_field').fill(words.major);
    await field('university').fill(words.university);
    await field('university_email').fill(`hessa.${run}@zu.ac.ae`);
    await field('phone').fill('+971501234567');
    await field('country').selectOption('AE');
    await field('conference_title').fill(title);
    await field('main_language').selectOption('ar_en');
    await field('proposed_start_date').fill(inDays(80));
    await field('duration_days').fill('2');
    await field('location_type').selectOption('onsite');
    await field('venue').fill(words.venue);
    await field('objectives').fill(words.objectives);
    await requestForm.getByTestId('request-submit').click();
    await memberPage.getByTestId('request-edit-link').click();
    await expect(memberPage).toHaveURL(/\/request-conference\?edit=\d+$/);
    const requestId = Number(/edit=(\d+)/.exec(memberPage.url())![1]);

    // The reviewer asks for changes: a note is required.
    const reviewerPage = await pageFor(browser, locale, reviewer);
    await reviewerPage.goto(`/admin/conference-requests?q=${encodeURIComponent(run)}`);
    const item = reviewerPage.locator(`[data-testid="request-item"][data-id="${requestId}"]`);
    await expect(item).toBeVisible();
    await item.getByTestId('request-details-toggle').click();
    await expect(item).toContainText(`hessa.${run}@zu.ac.ae`);
    await item.getByTestId('request-ask-changes').click();
    await expect(item.getByTestId('request-note-error')).toBeVisible();
    await item.getByTestId('request-note').fill(words.note);
    await item.getByTestId('request-ask-changes').click();
    await expect(item.getByTestId('request-message')).toHaveText(t.changesSent);
    await expect(item.getByTestId('request-status')).toHaveText(t.queueChanges);

    // The member's profile shows the state and the note, and leads to the edit.
    await memberPage.goto('/profile?tab=requests');
    const mine = memberPage.locator(`[data-testid="request-row"][data-id="${requestId}"]`);
    await expect(mine.getByTestId('request-status')).toHaveText(t.profileChanges);
    await expect(mine.getByTestId('request-change-note')).toHaveText(words.note);
    await mine.getByTestId('request-edit').click();
    await expect(memberPage).toHaveURL(new RegExp(`/request-conference\\?edit=${requestId}$`));
    await expect(memberPage.getByTestId('request-changes-note')).toContainText(words.note);
    await field('venue').fill(words.betterVenue);
    await requestForm.getByTestId('request-submit').click();
    // Sent again: the form gives way to a panel saying it is with the reviewers; the note is gone.
    await expect(memberPage.getByTestId('request-resubmitted')).toBeVisible();
    await expect(memberPage.getByTestId('request-changes-note')).toHaveCount(0);

    // The reviewer approves: a draft conference is made (an administrator completes it).
    await reviewerPage.reload();
    await expect(item.getByTestId('request-status')).toHaveText(t.queuePending);
    await item.getByTestId('request-approve').click();
    await expect(item.getByTestId('request-message')).toHaveText(t.approved);
    await expect(item.getByTestId('request-open-conference')).toHaveCount(0);

    // Approved, but nothing public yet: the profile has no conference to link to.
    await memberPage.goto('/profile?tab=requests');
    await expect(mine.getByTestId('request-status')).toHaveText(t.profileApproved);
    await expect(mine.getByTestId('request-conference-link')).toHaveCount(0);

    // The administrator opens it from the queue, completes it and publishes it.
    const adminPage = await pageFor(browser, locale, admin);
    await adminPage.goto(`/admin/conference-requests?status=approved&q=${encodeURIComponent(run)}`);
    const approved = adminPage.locator(`[data-testid="request-item"][data-id="${requestId}"]`);
    await approved.getByTestId('request-open-conference').click();
    await expect(adminPage).toHaveURL(/\/admin\/conferences\/\d+$/);
    const conferenceId = Number(/\/admin\/conferences\/(\d+)$/.exec(adminPage.url())![1]);
    const form = adminPage.getByTestId('conference-form');
    const [own, other] = locale === 'ar' ? ['', '_en'] : ['_en', ''];
    await expect(form.getByTestId(`field-title${own}`)).toHaveValue(title);
    await expect(form.getByTestId(`field-title${other}`)).toHaveValue('');
    await expect(form.getByTestId(`field-venue${own}`)).toHaveValue(words.betterVenue);
    await expect(form.getByTestId(`field-objectives${other}`)).toHaveValue('');
    await expect(form.getByTestId('field-start_time')).toHaveValue('09:00');
    await fill(form, 'title', titles.ar);
    await fill(form, 'title_en', titles.en);
    await fill(form, 'venue', REQUEST.ar.betterVenue);
    await fill(form, 'venue_en', REQUEST.en.betterVenue);
    await fill(form, 'objectives', REQUEST.ar.objectives);
    await fill(form, 'objectives_en', REQUEST.en.objectives);
    await fill(form, 'description', 'يوم لتبادل الممارسات في تحليلات التعلم.');
    await fill(form, 'description_en', 'A day to share practice in learning analytics.');
    await fill(form, 'overview', 'جلسات وورش عمل.');
    await fill(form, 'overview_en', 'Sessions and workshops.');
    await form.getByTestId('conference-publish').click();
    await expect(adminPage.getByTestId('conference-message')).toHaveText(t.published);

    // The requester's e-mail (in their language) carries the conference's link.
    let link: Mail | undefined;
    await expect
      .poll(async () => {
        link = (await mailsTo(request, member.email)).find((mail) => t.publishedMail.test(mail.subject ?? ''));
        return Boolean(link);
      }, { timeout: 15_000 })
      .toBe(true);
    expect(link!.text).toContain(`/conference/${conferenceId}`);

    // The profile links to the published conference, whose page is in the member's language.
    await memberPage.goto('/profile?tab=requests');
    await expect(mine.getByTestId('request-status')).toHaveText(t.profileApproved);
    await expect(mine.getByTestId('request-conference-link')).toHaveAttribute('href', `/conference/${conferenceId}`);
    await mine.getByTestId('request-conference-link').click();
    await expect(memberPage).toHaveURL(new RegExp(`/conference/${conferenceId}$`));
    const details = memberPage.getByTestId('conferences-details');
    await expect(details.getByRole('heading', { level: 1 })).toHaveText(titles[locale]);
    await expect(details.getByTestId('venue')).toHaveText(REQUEST[locale].betterVenue);

    // A visitor in the same language sees the same page.
    const visitor = await pageFor(browser, locale);
    await visitor.goto(`/conference/${conferenceId}`);
    await expect(visitor.getByTestId('conferences-details').getByRole('heading', { level: 1 })).toHaveText(titles[locale]);
  });
}

/**
 * Archiving a conference that has not ended while a member is registered (decisions.md,
 * Conferences): the console (in English) asks first, naming how many registrants will be told,
 * with an optional message; the member (in Arabic) is e-mailed in Arabic, and their profile keeps
 * the registration as "canceled by the organizers", unlinked since the page is no longer public.
 */
test('archiving a conference with a registrant asks first, naming how many are told; the member is told in Arabic and their profile keeps the row', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const run = unique();
  const admin = await staff(request, 'en', 'admin', 'Archive Admin');
  const title = `ملتقى الأرشفة ${run}`;
  const titleEn = `Archive Forum ${run}`;
  const id = await publishedConference(request, admin, { title, titleEn, inDays: 40 });

  const member = await createVerifiedUser(request, { locale: 'ar', name: 'سلامة الظاهري', emailPrefix: 'archive.member' });
  const registered = await request.post(`${SHELL_URL}/api/conference/${id}/register`, { headers: { authorization: `Bearer ${member.accessToken}` }, data: {} });
  expect(registered.status(), await registered.text()).toBe(201);

  const page = await pageFor(browser, 'en', admin);
  await page.goto(`/admin/conferences/${id}`);
  await expect(page.getByTestId('conference-form')).toBeVisible();
  await page.getByTestId('conference-archive').click();
  const dialog = page.getByTestId('conference-leaving-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Archive this conference?');
  await expect(dialog.getByTestId('conference-leaving-count')).toContainText(`“${titleEn}” has not ended and has 1 registrant.`);
  await dialog.getByTestId('conference-leaving-message').fill('The hall is not available; we hope to see you at the next one.');
  await dialog.getByTestId('conference-leaving-dialog-confirm').click();
  await expect(page.getByTestId('conference-message')).toHaveText(
    'Archived: it is no longer on the public site. Registrations canceled: 1. Each member is being told by e-mail, in their language, with a calendar cancellation.',
  );
  await expect(page.getByTestId('conference-registrants-link')).toHaveText('0 registrants');

  // The member is told in Arabic, with the staff's words.
  await expect
    .poll(async () => (await mailsTo(request, member.email)).find((mail) => mail.subject === `ألغاه المنظمون: ${isolate(title)}`)?.text ?? '', { timeout: 15_000 })
    .toContain('The hall is not available; we hope to see you at the next one.');

  // Their profile keeps the registration, canceled by the organizers, unlinked.
  const memberPage = await pageFor(browser, 'ar', member);
  await memberPage.goto('/profile?tab=registrations');
  const row = memberPage.locator(`[data-testid="registration-row"][data-conference="${id}"]`);
  await expect(row.getByTestId('registration-status')).toHaveText('ألغاه المنظمون');
  await expect(row.getByTestId('registration-off-site')).toHaveText('لم يعد ظاهرًا على الموقع');
  await expect(row.locator('a')).toHaveCount(0);
  await expect(row.getByTestId('registration-cancel')).toHaveCount(0);
});
