/**
 * Academic consultations (issue 23), en light and ar dark, each with its own fresh accounts (the
 * tests run in parallel against one server): a consultant applies through the API and an
 * administrator approves them; in the browser a subscribed member goes from the home feature card
 * to /consultations, finds the consultant by an Arabic field name typed in a folded form (without
 * hamza), opens the page and books a slot; the consultant accepts in the profile tab with a
 * meeting link; both outboxes hold the invitation with a valid .ics (METHOD:REQUEST, DTSTART the
 * booked time); then a session in the past, arranged by staff, is rated by the member in the
 * profile tab, and the rating shows on the consultant's public page. A declined request: its
 * consultant is offered decline (not a second "cancel" doing the same), the member finds it with the
 * closed sessions (never under "Upcoming"), the reason in its own direction (a reason in the other
 * language), and "Pick another time" to the consultant's page, as the e-mail links it. A move: the
 * member moves an accepted session to another free time with a reason; both cards say it was moved
 * and why, the consultant answers the new time, and the mails follow (the move, then the invitation
 * at the new time).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createVerifiedUser, type VerifiedUser } from '../support/accounts';
import { registerUser, signedInContext, subscribe } from '../support/community';
import { changeRoleAsOperator } from '../support/operators';
import { SHELL_URL } from '../support/stack';
import { localDateTime, type Locale } from '@scholars/shared-contracts/locale';

const api = (path: string) => `${SHELL_URL}/api/${path}`;
const bearer = (user: VerifiedUser) => ({ authorization: `Bearer ${user.accessToken}` });
const CONSULTANT_ZONE = 'Asia/Dubai';


/** A mail's attachment as the dev outbox lists it (a text one with its content). */
interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: string | null;
}
interface OutboxMail {
  to: string;
  subject: string;
  template: string;
  html?: string;
  attachments?: OutboxAttachment[] | null;
}

/** An administrator (a new account granted the role as the operator command does). */
async function newAdmin(request: APIRequestContext, locale: Locale) {
  const admin = await createVerifiedUser(request, { locale, name: locale === 'ar' ? 'مشرف الاستشارات' : 'Consultations Admin', emailPrefix: 'consult.admin' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  return admin;
}

/** A plan on sale that includes consultation sessions (the seed's basic plan includes none). */
async function planWithSessions(request: APIRequestContext): Promise<number> {
  const response = await request.get(api('subscription-plan'));
  expect(response.ok()).toBe(true);
  const plans = ((await response.json()) as { data: Array<{ id: number; consultation_sessions: number }> }).data;
  const plan = plans.find((candidate) => candidate.consultation_sessions > 0);
  expect(plan, 'a plan with consultation sessions').toBeTruthy();
  return plan!.id;
}

/** A research category of this test only, its Arabic name with hamzas (the member types it without). */
async function newField(request: APIRequestContext, admin: VerifiedUser, stamp: string) {
  const name = `الإحصاء التطبيقي ${stamp}`;
  const response = await request.post(api('admin/community-categories'), {
    headers: bearer(admin),
    data: { name, name_en: `Applied statistics ${stamp}`, sort_order: 900 },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { id: number } };
  return { id: data.id, name, folded: `الاحصاء التطبيقي ${stamp}` };
}

/** A consultant: a new account applies (`PUT consultant-profile`), an administrator approves. */
async function newConsultant(request: APIRequestContext, admin: VerifiedUser, locale: Locale, fieldId: number, name: string) {
  const user = await createVerifiedUser(request, { locale, name, emailPrefix: 'consultant' });
  const weekdays = [0, 1, 2, 3, 4, 5, 6];
  const applied = await request.put(api('consultant-profile'), {
    headers: bearer(user),
    data: {
      bio: 'أستاذ الإحصاء الحيوي، أساعد طلاب الدراسات العليا في تصميم الدراسات وتحليل البيانات.',
      bioEn: 'Professor of biostatistics; I help graduate students design studies and analyse data.',
      categoryIds: [fieldId],
      tags: ['الانحدار'],
      tagsEn: ['regression'],
      languages: ['ar', 'en'],
      timeZone: CONSULTANT_ZONE,
      sessionMinutes: 60,
      availability: weekdays.map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      exceptions: [],
    },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  const { data } = (await applied.json()) as { data: { id: number; status: string } };
  expect(data.status).toBe('pending');
  const approved = await request.post(api(`admin/consultants/${data.id}/decision`), { headers: bearer(admin), data: { action: 'approve' } });
  expect(approved.ok(), await approved.text()).toBe(true);
  return { user, id: data.id };
}

async function outbox(request: APIRequestContext, admin: VerifiedUser, to: string): Promise<OutboxMail[]> {
  const response = await request.get(api(`dev/outbox.json?to=${encodeURIComponent(to)}&limit=50`), { headers: bearer(admin) });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: OutboxMail[] }).data;
}

/** The calendar file attached to the newest mail to `to` that has one. */
async function invitationIcs(request: APIRequestContext, admin: VerifiedUser, to: string): Promise<string> {
  let ics = '';
  await expect
    .poll(async () => {
      for (const mail of await outbox(request, admin, to)) {
        const file = mail.attachments?.find((attachment) => attachment.contentType.startsWith('text/calendar'));
        if (file?.content) {
          ics = file.content;
          return true;
        }
      }
      return false;
    }, { timeout: 20_000 })
    .toBe(true);
  return ics;
}

/** Unfolds an iCalendar text (RFC 5545: a line starting with a space continues the previous one). */
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);

/** Checks an invitation: METHOD:REQUEST, one VEVENT whose DTSTART is `start` (in UTC or in the named zone). */
function expectInvitation(ics: string, start: string) {
  const lines = unfold(ics);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines).toContain('METHOD:REQUEST');
  const begin = lines.indexOf('BEGIN:VEVENT');
  const end = lines.indexOf('END:VEVENT');
  expect(begin).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(begin);
  const event = lines.slice(begin, end);
  const dtstart = event.find((line) => line.startsWith('DTSTART'));
  expect(dtstart, ics).toBeTruthy();
  const match = /^DTSTART(?:;TZID=([^:;]+))?:(\d{8}T\d{6})(Z?)$/.exec(dtstart!);
  expect(match, dtstart).not.toBeNull();
  const [, zone, stamp, utc] = match!;
  const instant = new Date(start);
  const { date, time } = utc ? { date: instant.toISOString().slice(0, 10), time: instant.toISOString().slice(11, 16) } : localDateTime(zone!, instant);
  expect(stamp).toBe(`${date.replaceAll('-', '')}T${time.replace(':', '')}00`);
  expect(lines).toContain('END:VCALENDAR');
}

const TEXT = {
  en: {
    feature: 'Academic consultation',
    search: 'Search consultants',
    searchButton: 'Search',
    topic: 'Topic',
    field: 'Field',
    description: 'What you need help with',
    send: 'Send the request',
    tab: 'Consultations',
    meetingLink: 'Meeting link (https)',
    accept: 'Accept the session',
    confirmed: 'Confirmed',
    review: 'Clear, patient and practical: my analysis plan is ready.',
    declineBody: 'The slot is free again',
    pickAgain: 'Pick another time',
    awaitingConsultant: 'Waiting for the consultant',
    awaitingYou: 'Waiting for your answer',
    movedByYou: 'You moved it from',
    movedByMember: 'Moved by the member from',
    movedSubject: 'Consultation moved: ',
    moveAsked: 'Consultation moved, please answer: ',
  },
  ar: {
    feature: 'الاستشارات الأكاديمية',
    search: 'البحث عن مستشار',
    searchButton: 'بحث',
    topic: 'الموضوع',
    field: 'المجال',
    description: 'ما الذي تحتاج المساعدة فيه',
    send: 'إرسال الطلب',
    tab: 'الاستشارات',
    meetingLink: 'رابط الاجتماع (https)',
    accept: 'قبول الجلسة',
    confirmed: 'مؤكدة',
    review: 'شرح واضح وعملي، وأصبحت خطة التحليل جاهزة.',
    declineBody: 'يصبح الموعد متاحًا من جديد',
    pickAgain: 'اختر موعدًا آخر',
    awaitingConsultant: 'بانتظار المستشار',
    awaitingYou: 'بانتظار ردك',
    movedByYou: 'نُقلت بطلبك من موعد',
    movedByMember: 'نقلها العضو من موعد',
    movedSubject: 'تغيير موعد جلسة الاستشارة: ',
    moveAsked: 'طلب تغيير موعد استشارة: ',
  },
} as const;

for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  test(`a member finds a consultant by an Arabic field name, books, the consultant accepts, both get the invitation, and a past session is rated (${locale}, ${theme})`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const text = TEXT[locale];
    const stamp = `${Date.now().toString(36)}${locale}`;
    const admin = await newAdmin(request, locale);
    const field = await newField(request, admin, stamp);
    const consultantName = locale === 'ar' ? `د. سلمى ${stamp}` : `Dr Salma ${stamp}`;
    const consultant = await newConsultant(request, admin, locale, field.id, consultantName);
    const member = await registerUser(request, { name: locale === 'ar' ? 'حمدان الظاهري' : 'Hamdan Al Dhaheri', locale });
    await subscribe(request, member, await planWithSessions(request));

    // The member: home -> the consultation card -> the list, searched by the folded field name.
    const { context: memberContext, page } = await signedInContext(browser, member, locale, theme);
    await page.goto('/');
    await page.getByTestId('feature-card').filter({ hasText: text.feature }).click();
    await expect(page).toHaveURL(/\/consultations$/);
    await expect(page.getByTestId('account-consultations')).toBeVisible();
    await page.getByLabel(text.search).fill(field.folded);
    await page.getByTestId('consultants-search').getByRole('button', { name: text.searchButton, exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    const card = page.getByTestId('consultant-card').filter({ hasText: consultantName });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('consultant-fields')).toContainText(locale === 'ar' ? field.name : `Applied statistics ${stamp}`);
    // Under CI load a click on the card while the searched list re-renders was once lost (the
    // page stayed on the list): clicked again until the consultant's page opens.
    await expect(async () => {
      if (!/\/consultations\/\d+$/.test(page.url())) await card.getByTestId('consultant-open').click();
      await expect(page).toHaveURL(new RegExp(`/consultations/${consultant.id}$`), { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId('consultant-name')).toHaveText(consultantName);

    // The first free slot, booked.
    const slot = page.getByTestId('slot').first();
    await expect(slot).toBeVisible();
    const start = (await slot.getAttribute('data-start'))!;
    await slot.click();
    const form = page.getByTestId('booking-form');
    await expect(form).toBeVisible();
    await expect(form.getByTestId('booking-allowance')).toBeVisible();
    await form.getByLabel(text.topic).fill(locale === 'ar' ? 'خطة التحليل الإحصائي لرسالتي' : 'The analysis plan of my thesis');
    await form.getByLabel(text.field).selectOption(String(field.id));
    await form.getByLabel(text.description).fill(locale === 'ar' ? 'أحتاج إلى اختيار نموذج الانحدار المناسب لبياناتي.' : 'I need to choose the right regression model for my data.');
    await form.getByRole('button', { name: text.send }).click();
    await expect(page.getByTestId('booking-sent')).toBeVisible();

    // The consultant accepts in the profile tab, with a meeting link.
    const { context: consultantContext, page: desk } = await signedInContext(browser, consultant.user, locale, theme);
    await desk.goto('/profile');
    await desk.getByRole('tab', { name: text.tab }).click();
    const request_ = desk.getByTestId('sessions-consultant-requests').getByTestId('session-card').first();
    await expect(request_).toBeVisible();
    await request_.getByTestId('session-accept').click();
    const dialog = desk.getByTestId('accept-dialog');
    await dialog.getByLabel(text.meetingLink).fill('https://meet.example.org/consult-' + stamp);
    await dialog.getByRole('button', { name: text.accept }).click();
    await expect(desk.getByTestId('sessions-consultant').locator(`[data-testid="session-card"][data-state="accepted"]`)).toHaveCount(1);
    await expect(desk.getByTestId('sessions-consultant').getByTestId('session-state').first()).toHaveText(text.confirmed);

    // Both outboxes hold the invitation, a valid .ics at the booked time.
    expectInvitation(await invitationIcs(request, admin, member.email), start);
    expectInvitation(await invitationIcs(request, admin, consultant.user.email), start);

    // A session in the past, arranged by staff, rated by the member in the profile tab.
    const past = new Date(Date.now() - 3 * 24 * 3600_000);
    past.setUTCMinutes(0, 0, 0);
    const pastTopic = locale === 'ar' ? `مراجعة منهجية ${stamp}` : `Methodology review ${stamp}`;
    const arranged = await request.post(api('admin/consultations'), {
      headers: bearer(admin),
      data: { memberEmail: member.email, consultantId: consultant.id, start: past.toISOString(), topic: pastTopic, categoryId: field.id, language: locale, mode: 'onsite', place: 'UAE University', description: 'Held at the research day.' },
    });
    expect(arranged.status(), await arranged.text()).toBe(201);
    await page.goto('/profile?tab=consultations');
    const pastCard = page.getByTestId('sessions-member-past').getByTestId('session-card').filter({ hasText: pastTopic });
    await expect(pastCard).toBeVisible();
    // The fourth star (the radio itself is visually hidden: its label is what a member clicks).
    await pastCard.locator('label', { has: page.getByTestId('rating-4') }).click();
    await expect(pastCard.getByTestId('rating-4')).toBeChecked();
    await pastCard.getByTestId('rating-review').fill(text.review);
    // The save's answer, before leaving the page (no error shown is true before it too).
    const rated = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/consultations\/\d+\/rating$/.test(new URL(response.url()).pathname));
    await pastCard.getByTestId('rating-save').click();
    expect((await rated).status()).toBe(200);
    await expect(pastCard.getByTestId('session-error')).toHaveCount(0);

    // The consultant's public page shows the rating and the review.
    await page.goto(`/consultations/${consultant.id}`);
    await expect(page.getByTestId('consultant-rating')).toContainText(locale === 'ar' ? '4 من 5 (1)' : '4 of 5 (1)');
    await expect(page.getByTestId('consultant-review').filter({ hasText: text.review })).toHaveCount(1);

    await memberContext.close();
    await consultantContext.close();
  });

  test(`a member moves an accepted session to another free time: both cards say from when, the consultant answers the new time, both are mailed (${locale}, ${theme})`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const text = TEXT[locale];
    const stamp = `${Date.now().toString(36)}r${locale}`;
    const admin = await newAdmin(request, locale);
    const field = await newField(request, admin, stamp);
    const consultant = await newConsultant(request, admin, locale, field.id, locale === 'ar' ? `د. عائشة ${stamp}` : `Dr Aisha ${stamp}`);
    const member = await registerUser(request, { name: locale === 'ar' ? 'خالد المنصوري' : 'Khalid Al Mansoori', locale });
    await subscribe(request, member, await planWithSessions(request));

    // Booked two days ahead or more (a move closes 24 hours before), and accepted: the API the forms call.
    const slots = await request.get(api(`consultants/${consultant.id}/slots`));
    expect(slots.ok(), await slots.text()).toBe(true);
    const start = ((await slots.json()) as { data: { slots: Array<{ start: string }> } }).data.slots.find((slot) => Date.parse(slot.start) > Date.now() + 48 * 3600_000)!.start;
    const topic = locale === 'ar' ? `خطة الفصل الرابع ${stamp}` : `Chapter four plan ${stamp}`;
    const booked = await request.post(api('consultations'), {
      headers: bearer(member),
      multipart: { consultantId: String(consultant.id), start, topic, categoryId: String(field.id), language: locale, mode: 'online', description: 'Chapter four.' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const sessionId = ((await booked.json()) as { data: { id: number } }).data.id;
    const accepted = await request.post(api(`consultations/${sessionId}/accept`), { headers: bearer(consultant.user), data: { meetingLink: `https://meet.example.org/${stamp}` } });
    expect(accepted.ok(), await accepted.text()).toBe(true);

    // The member moves it from the profile tab: a new free time and the reason, then the new time on the card.
    const { context: memberContext, page } = await signedInContext(browser, member, locale, theme);
    await page.goto('/profile?tab=consultations');
    const card = page.getByTestId('sessions-member').locator(`[data-testid="session-card"][data-id="${sessionId}"]`);
    await expect(card).toHaveAttribute('data-state', 'accepted');
    const formerTime = await card.getByTestId('session-time').textContent();
    await card.getByTestId('session-reschedule').click();
    const dialog = page.getByTestId('reschedule-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('reschedule-confirm')).toBeDisabled();
    const newSlot = dialog.locator(`button[data-testid="slot"]:not([data-start="${start}"])`).first();
    const newStart = (await newSlot.getAttribute('data-start'))!;
    await newSlot.click();
    await expect(dialog.getByTestId('slot-chosen')).toHaveCount(1);
    const reason = locale === 'ar' ? 'لدي مناقشة في الموعد الأول.' : 'My defence was moved to that day.';
    await dialog.getByTestId('reschedule-reason').fill(reason);
    const moved = page.waitForResponse((response) => response.request().method() === 'POST' && /\/consultations\/\d+\/reschedule$/.test(new URL(response.url()).pathname));
    await dialog.getByTestId('reschedule-confirm').click();
    expect((await moved).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    await expect(card).toHaveAttribute('data-state', 'requested');
    await expect(card.getByTestId('session-state')).toHaveText(text.awaitingConsultant);
    await expect(card.getByTestId('session-time')).not.toHaveText(formerTime!);
    await expect(card.getByTestId('session-rescheduled')).toContainText(text.movedByYou);
    await expect(card.getByTestId('session-reason')).toHaveText(reason);
    await memberContext.close();

    // The consultant: the request waits for their answer again, saying it was moved and why; accepted.
    const { context: consultantContext, page: desk } = await signedInContext(browser, consultant.user, locale, theme);
    await desk.goto('/profile?tab=consultations');
    const request_ = desk.getByTestId('sessions-consultant-requests').locator(`[data-testid="session-card"][data-id="${sessionId}"]`);
    await expect(request_.getByTestId('session-state')).toHaveText(text.awaitingYou);
    await expect(request_.getByTestId('session-rescheduled')).toContainText(text.movedByMember);
    await expect(request_.getByTestId('session-reason')).toHaveText(reason);
    await request_.getByTestId('session-accept').click();
    await desk.getByTestId('accept-dialog').getByRole('button', { name: text.accept }).click();
    await expect(desk.getByTestId('sessions-consultant').locator(`[data-testid="session-card"][data-id="${sessionId}"]`)).toHaveAttribute('data-state', 'accepted');
    await consultantContext.close();

    // The mails: the member's confirmation of the move and the consultant's request, then the new invitation at the new time.
    await expect
      .poll(async () => (await outbox(request, admin, member.email)).some((mail) => mail.template === 'consultation_rescheduled' && mail.subject.startsWith(text.movedSubject)), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(async () => (await outbox(request, admin, consultant.user.email)).some((mail) => mail.template === 'consultation_rescheduled' && mail.subject.startsWith(text.moveAsked)), { timeout: 20_000 })
      .toBe(true);
    let invitation = '';
    await expect
      .poll(async () => (invitation = (await outbox(request, admin, member.email)).find((mail) => mail.template === 'consultation_accepted')?.attachments?.find((file) => file.contentType.startsWith('text/calendar'))?.content ?? ''), { timeout: 20_000 })
      .not.toBe('');
    expectInvitation(invitation, newStart);
  });

  test(`a declined request sits with the closed sessions, its reason in its own direction, with "Pick another time" (${locale}, ${theme})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const text = TEXT[locale];
    const stamp = `${Date.now().toString(36)}d${locale}`;
    const admin = await newAdmin(request, locale);
    const field = await newField(request, admin, stamp);
    const consultant = await newConsultant(request, admin, locale, field.id, locale === 'ar' ? `د. نورة ${stamp}` : `Dr Noura ${stamp}`);
    const member = await registerUser(request, { name: locale === 'ar' ? 'مريم الكعبي' : 'Mariam Al Kaabi', locale });
    await subscribe(request, member, await planWithSessions(request));

    // The member books the first free slot (the API the booking form calls).
    const slots = await request.get(api(`consultants/${consultant.id}/slots`));
    expect(slots.ok(), await slots.text()).toBe(true);
    const start = ((await slots.json()) as { data: { slots: Array<{ start: string }> } }).data.slots[0]!.start;
    const topic = locale === 'ar' ? `مراجعة الإطار النظري ${stamp}` : `Reviewing my framework ${stamp}`;
    const booked = await request.post(api('consultations'), {
      headers: bearer(member),
      multipart: { consultantId: String(consultant.id), start, topic, categoryId: String(field.id), language: locale, mode: 'online', description: 'Chapter two.' },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    // The consultant: a pending request offers accept and decline, and no "cancel the session" beside them.
    const { context: consultantContext, page: desk } = await signedInContext(browser, consultant.user, locale, theme);
    await desk.goto('/profile?tab=consultations');
    const pending = desk.getByTestId('sessions-consultant-requests').getByTestId('session-card').filter({ hasText: topic });
    await expect(pending.getByTestId('session-decline')).toBeVisible();
    await expect(pending.getByTestId('session-cancel')).toHaveCount(0);
    // The reason in the other language than the page's: its full stop belongs at its own end.
    const reason = locale === 'ar' ? 'I am away at a conference that week.' : 'لا أستطيع في هذا الموعد، اختر موعدًا آخر.';
    await pending.getByTestId('session-decline').click();
    const dialog = desk.getByTestId('decline-dialog');
    await expect(dialog).toContainText(text.declineBody);
    await dialog.getByTestId('decline-dialog-input').fill(reason);
    await dialog.getByTestId('decline-dialog-confirm').click();
    await expect(desk.getByTestId('sessions-consultant-past').getByTestId('session-card').filter({ hasText: topic })).toHaveAttribute('data-state', 'declined');
    await consultantContext.close();

    // The member: under the closed sessions, not "Upcoming"; the reason isolated; the way back to the slots.
    const { context: memberContext, page } = await signedInContext(browser, member, locale, theme);
    await page.goto('/profile?tab=consultations');
    const declined = page.getByTestId('sessions-member-past').getByTestId('session-card').filter({ hasText: topic });
    await expect(declined).toHaveAttribute('data-state', 'declined');
    await expect(page.getByTestId('sessions-member-upcoming')).toHaveCount(0);
    const shown = declined.getByTestId('session-reason');
    await expect(shown).toHaveText(reason);
    expect(await shown.evaluate((element) => element.tagName === 'BDI' || element.getAttribute('dir') === 'auto')).toBe(true);
    // Drawn in its own direction: the full stop at the reason's end (the left in Arabic, the right in English).
    const period = await shown.evaluate((element) => {
      const range = document.createRange();
      const node = element.firstChild!;
      range.setStart(node, node.textContent!.length - 1);
      range.setEnd(node, node.textContent!.length);
      const dot = range.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return { atLeft: dot.left - box.left < box.right - dot.right };
    });
    expect(period.atLeft).toBe(locale === 'en');

    // The decline e-mail: the reason in its own direction too, and "Pick another time" to the same page.
    let html = '';
    await expect
      .poll(async () => (html = (await outbox(request, admin, member.email)).find((one) => one.template === 'consultation_declined')?.html ?? ''), { timeout: 20_000 })
      .not.toBe('');
    expect(html).toContain(`<blockquote dir="auto"`);
    expect(html).toMatch(new RegExp(`<blockquote dir="auto"[^>]*>${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</blockquote>`));
    expect(html).toContain(`/consultations/${consultant.id}"`);
    const pickAgain = declined.getByTestId('session-pick-again');
    await expect(pickAgain).toHaveText(text.pickAgain);
    await expect(pickAgain).toHaveAttribute('href', `/consultations/${consultant.id}`);
    await pickAgain.click();
    await expect(page).toHaveURL(new RegExp(`/consultations/${consultant.id}$`));
    await expect(page.getByTestId('slot').first()).toBeVisible();
    await memberContext.close();
  });
}
