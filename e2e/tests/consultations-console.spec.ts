/**
 * The operator console's consultation screens (issue 23), in English light and in Arabic dark: an
 * administrator gives a plan consultation sessions (the home page's pricing section then shows them,
 * and the member holding that plan can book), approves a consultant who applied through the
 * profile's API, sees the member's request with its acceptance deadline (the overdue filter leaves
 * it out: its deadline is two days away), records a session the staff arranged in the past, cancels
 * the request with a reason and hides the member's review of the arranged session. The audit log
 * lists each action. The e2e servers share one database across specs: the plan's sessions are put
 * back at the end.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AdminPlan, CommunityCategory } from '@scholars/shared-contracts/schemas';
import type { Locale } from '@scholars/shared-contracts/locale';
import { directionOf, formatTimeZone, localDateTime } from '@scholars/shared-contracts/locale';
import { createVerifiedUser, useSession, type VerifiedUser } from '../support/accounts';
import { buyThroughApi, prepare } from '../support/billing';
import { changeRoleAsOperator } from '../support/operators';
import { setLocale, skipAdsPopup } from '../support/session';
import { SHELL_URL } from '../support/stack';

// Both tests change plan 3's sessions: one after the other.
test.describe.configure({ mode: 'serial' });

/** The plan whose sessions the tests change (home-content.spec changes its price, not its sessions). */
const PLAN_ID = 3;

async function call<T>(request: APIRequestContext, user: VerifiedUser, method: 'GET' | 'PUT' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`${SHELL_URL}/api/${path}`, { method, data, headers: { authorization: `Bearer ${user.accessToken}`, 'accept-language': 'en' } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A fresh account that applied to consult (pending): UTC, 60-minute sessions, every day 08:00–20:00. */
async function applicant(request: APIRequestContext, locale: Locale, unique: string) {
  const user = await createVerifiedUser(request, { locale, name: locale === 'ar' ? `د. هدى ${unique}` : `Dr. Huda ${unique}`, emailPrefix: 'consult.applicant' });
  const fields = await call<CommunityCategory[]>(request, user, 'GET', 'community-categories');
  const profile = await call<{ id: number }>(request, user, 'PUT', 'consultant-profile', {
    bio: `أستاذة مناهج البحث ${unique}`,
    bioEn: `Professor of research methods ${unique}`,
    categoryIds: [fields[0]!.id],
    tags: ['مناهج'],
    tagsEn: ['Methods'],
    languages: ['ar', 'en'],
    timeZone: 'UTC',
    sessionMinutes: 60,
    availability: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
    exceptions: [],
  });
  return { user, consultantId: profile.id, categoryId: fields[0]!.id };
}

async function openConsole(page: Page, admin: VerifiedUser, locale: Locale, theme: 'light' | 'dark') {
  await setLocale(page, locale, theme);
  await skipAdsPopup(page);
  await useSession(page, admin);
}

for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  test(`an administrator runs consultations: a plan's sessions, approve, overdue filter, arrange, cancel, hide a review (${locale}, ${theme})`, async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const unique = `${locale}${Date.now().toString(36)}`;
    const admin = await createVerifiedUser(request, { locale, emailPrefix: 'consult.admin' });
    await changeRoleAsOperator(request, admin.email, 'admin');
    const { user: academic, consultantId, categoryId } = await applicant(request, locale, unique);
    const member = await createVerifiedUser(request, { locale, name: locale === 'ar' ? `سالم ${unique}` : `Salem ${unique}`, emailPrefix: 'consult.member' });
    await buyThroughApi(request, member, PLAN_ID);
    const original = (await call<AdminPlan[]>(request, admin, 'GET', 'admin/plans?limit=100')).find((plan) => plan.id === PLAN_ID)!;

    await openConsole(page, admin, locale, theme);
    try {
      // A plan's consultation sessions: the pricing section shows them (and the member's plan has them to book).
      const sessions = original.consultation_sessions + (locale === 'ar' ? 5 : 4);
      await page.goto('/admin');
      await expect(page.locator('html')).toHaveAttribute('dir', directionOf(locale));
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
      await page.getByTestId('admin-entry-adminPlans').click();
      const planRow = page.locator(`[data-testid="content-row"][data-id="${PLAN_ID}"]`);
      await planRow.getByTestId('content-edit').click();
      const editor = page.getByTestId('plan-editor');
      await editor.getByTestId('field-consultation_sessions').fill(String(sessions));
      await editor.getByTestId('content-save').click();
      await expect(editor).toHaveCount(0);
      await expect(planRow.getByTestId('plan-row-sessions')).toHaveText(String(sessions));

      const context = await browser.newContext();
      const visitor = await context.newPage();
      await prepare(visitor, { locale, theme });
      await visitor.goto('/#pricing');
      const card = visitor.locator(`[data-testid="plan-card"][data-plan-id="${PLAN_ID}"]`);
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByTestId('plan-consultations')).toHaveText(locale === 'ar' ? new RegExp(`^${sessions} جلس`) : `${sessions} consultation sessions a year`);
      await context.close();

      // The queue: pending first; the applicant found by name, opened, both bios in their direction.
      await page.getByTestId('admin-nav-adminConsultants').click();
      await expect(page.getByTestId('admin-consultants')).toBeVisible();
      await page.getByTestId('consultants-status').selectOption('pending');
      await page.getByTestId('consultants-q').fill(unique);
      await page.getByTestId('consultants-apply').click();
      const row = page.getByTestId('consultant-row').filter({ hasText: academic.email });
      await expect(row).toHaveAttribute('data-status', 'pending');
      await row.getByTestId('consultant-open').click();
      const panel = page.getByTestId('consultant-panel');
      await expect(panel.getByTestId('consultant-bio-ar')).toHaveAttribute('dir', 'rtl');
      await expect(panel.getByTestId('consultant-bio-en')).toContainText(`Professor of research methods ${unique}`);
      await panel.getByTestId('consultant-approve').click();
      await page.getByTestId('decision-dialog-confirm').click();
      await expect(page.getByTestId('action-notice')).toHaveAttribute('data-ok', 'true');
      // Approved: no longer in the queue; listed under "approved".
      await expect(row).toHaveCount(0);
      await page.getByTestId('consultants-status').selectOption('approved');
      await page.getByTestId('consultants-apply').click();
      await expect(page).toHaveURL(/status=approved/);
      await expect(page.getByTestId('consultant-row').filter({ hasText: academic.email })).toHaveAttribute('data-status', 'approved');

      // The member books the first free slot (a request the consultant has 48 hours to accept).
      const slots = await call<{ slots: Array<{ start: string }> }>(request, member, 'GET', `consultants/${consultantId}/slots?days=28`);
      const topic = `Sampling plan ${unique}`;
      const booked = await request.post(`${SHELL_URL}/api/consultations`, {
        headers: { authorization: `Bearer ${member.accessToken}` },
        multipart: { consultantId: String(consultantId), start: slots.slots[0]!.start, topic, categoryId: String(categoryId), language: 'en', mode: 'online', description: 'How large should my sample be?' },
      });
      expect(booked.status(), await booked.text()).toBe(201);

      // Consultations: the request with its deadline; the overdue filter leaves it out.
      await page.getByTestId('admin-nav-adminConsultations').click();
      await expect(page.getByTestId('admin-consultations')).toBeVisible();
      await page.getByTestId('consultations-q').fill(unique);
      await page.getByTestId('consultations-apply').click();
      const requested = page.getByTestId('consultation-row').filter({ hasText: topic });
      await expect(requested.getByTestId('consultation-state')).toHaveText(locale === 'ar' ? 'بانتظار القبول' : 'Awaiting acceptance');
      await expect(requested.getByTestId('consultation-deadline')).toBeVisible();
      await expect(requested).not.toHaveAttribute('data-overdue', 'true');
      await page.getByTestId('consultations-overdue').check();
      await page.getByTestId('consultations-apply').click();
      await expect(page).toHaveURL(/overdue=true/);
      await expect(page.getByTestId('consultation-row').filter({ hasText: topic })).toHaveCount(0);
      await page.getByTestId('consultations-overdue').uncheck();
      await page.getByTestId('consultations-apply').click();
      await expect(requested).toHaveCount(1);

      // Arrange a session in the past (three days ago, 10:00 in the consultant's zone).
      const past = localDateTime('UTC', new Date(Date.now() - 3 * 86_400_000));
      const pastTopic = `Reviewer answers ${unique}`;
      await page.getByTestId('arrange-open').click();
      const form = page.getByTestId('arrange-form');
      await form.getByTestId('arrange-member').fill(member.email);
      await form.getByTestId('arrange-consultant').selectOption(String(consultantId));
      // The consultant's zone, named in the console's language.
      await expect(form).toContainText(formatTimeZone('UTC', locale));
      await form.getByTestId('arrange-date').fill(past.date);
      await form.getByTestId('arrange-time').fill('10:00');
      await form.getByTestId('arrange-topic').fill(pastTopic);
      await form.getByTestId('arrange-field').selectOption(String(categoryId));
      await form.getByTestId('arrange-mode').selectOption('onsite');
      await form.getByTestId('arrange-submit').click();
      // On site, the place is required: nothing is sent until it and the description are given.
      await expect(form.getByRole('alert')).toHaveCount(2);
      await form.getByTestId('arrange-place').fill('Khalifa University, room 2.14');
      await form.getByTestId('arrange-description').fill('Answering the reviewers of a journal paper.');
      await form.getByTestId('arrange-submit').click();
      await expect(form).toHaveCount(0);
      const arranged = page.getByTestId('consultation-panel');
      await expect(arranged.getByTestId('consultation-panel-state')).toHaveText(locale === 'ar' ? 'مقبولة' : 'Accepted');
      await expect(arranged).toContainText(pastTopic);
      const arrangedId = Number(new URL(page.url()).searchParams.get('open'));
      expect(arrangedId).toBeGreaterThan(0);

      // Cancel the member's request with a reason (asked for first).
      await requested.getByTestId('consultation-open').click();
      await expect(page.getByTestId('consultation-panel')).toContainText(topic);
      await page.getByTestId('consultation-cancel').click();
      await page.getByTestId('decision-dialog-confirm').click();
      await expect(page.getByTestId('decision-reason-missing')).toBeVisible();
      await page.getByTestId('decision-reason').fill('The consultant is travelling that week.');
      await page.getByTestId('decision-dialog-confirm').click();
      await expect(page.getByTestId('consultation-panel-state')).toHaveText(locale === 'ar' ? 'ملغاة' : 'Canceled');
      await expect(page.getByTestId('consultation-cancel-reason')).toContainText('The consultant is travelling that week.');
      await expect(page.getByTestId('action-notice')).toHaveAttribute('data-ok', 'true');

      // The member rates the arranged session; the administrator hides the review.
      const review = `Rude and unhelpful ${unique}`;
      await call(request, member, 'PUT', `consultations/${arrangedId}/rating`, { rating: 1, review });
      await page.getByTestId('admin-nav-adminConsultationRatings').click();
      const rating = page.getByTestId('rating-row').filter({ hasText: review });
      await expect(rating).toHaveCount(1);
      await rating.getByTestId('rating-hide').click();
      await page.getByTestId('decision-reason').fill('Insulting wording');
      await page.getByTestId('decision-dialog-confirm').click();
      await expect(rating.getByTestId('rating-hidden')).toBeVisible();
      await expect(rating.getByTestId('rating-show')).toBeVisible();
    } finally {
      const current = (await call<AdminPlan[]>(request, admin, 'GET', 'admin/plans?limit=100')).find((plan) => plan.id === PLAN_ID)!;
      await call(request, admin, 'PUT', `admin/plans/${PLAN_ID}`, {
        name: current.name,
        name_en: current.name_en,
        price: current.price,
        features: current.features.map(({ feature, feature_en }) => ({ feature, feature_en })),
        active: current.active,
        sort_order: current.sort_order,
        consultation_sessions: original.consultation_sessions,
        version: current.version,
      });
    }

    // The audit log: each action of this administrator.
    await page.getByTestId('admin-nav-adminAuditLog').click();
    await page.getByTestId('audit-filter-actor_id').fill(String(admin.user.id));
    await page.getByTestId('audit-apply').click();
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    const actions = await page.getByTestId('audit-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action') ?? ''));
    for (const action of ['consultant.approve', 'consultation.arrange', 'consultation.cancel', 'consultation.review-visibility']) {
      expect(actions, action).toContain(action);
    }
    // Named in the console's language, linked where the target has a page of its own.
    await expect(page.getByTestId('audit-target').filter({ hasText: `${locale === 'ar' ? 'باقة' : 'Plan'} #${PLAN_ID}` }).first()).toBeVisible();
    await expect(page.getByTestId('audit-row').filter({ hasText: locale === 'ar' ? 'قبول مستشار' : 'Consultant approved' }).first()).toBeVisible();
  });
}
