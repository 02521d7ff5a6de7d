/**
 * Issue 18's review loop with real people, in the browser: a student (en) names a supervisor by
 * e-mail; the supervisor (ar, dark) accepts by the e-mailed link; the student submits a master's
 * thesis with its PDF and image; the supervisor reads it in the console and asks for changes; the
 * student edits and resubmits; the supervisor approves; a reviewer (made by the operator CLI, as a
 * server without a console would) approves, signed; the student is e-mailed and the research is in
 * the library and the community. Then a rejection with a reason from a template.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signUpThroughUi, uniqueEmail } from '../support/accounts';
import { prepare, signUpViaApi } from '../support/billing';
import { labelled, makePdf, makePng, mySubmissions, TEXTS } from '../support/library';
import { mailMatching } from '../support/outbox';
import { SHELL_URL } from '../support/stack';
import { laidOutInside } from '../support/layout';

/** The operator CLI of the README (`npm run admin -w api -- grant <email> <role>`), on the suite's running stack. */
function grantRole(email: string, role: 'reviewer' | 'supervisor' | 'admin') {
  execFileSync('npm', ['run', '--silent', 'admin', '-w', 'api', '--', 'grant', email, role], {
    cwd: path.resolve(process.cwd(), '..'),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: 'pipe',
  });
}

const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken') ?? '');

/** Fills and sends the research exchange form (English screens) for a master's thesis. */
async function submitThesis(page: Page, titleEn: string) {
  const t = TEXTS.en;
  await page.getByLabel(labelled(t.fields.title)).fill('أثر التعلم المدمج في تحصيل طلبة الجامعات');
  await page.getByLabel(labelled(t.fields.title_en)).fill(titleEn);
  await page.getByLabel(labelled(t.fields.description)).fill('رسالة ماجستير عن التعلم المدمج.');
  await page.getByLabel(labelled(t.fields.description_en)).fill("A master's thesis on blended learning.");
  await page.getByLabel(labelled(t.fields.abstract)).fill('This thesis measures the effect of blended learning on the achievement of university students.');
  await page.getByLabel(labelled(t.fields.category)).selectOption({ index: 1 });
  await page.getByLabel(labelled(t.fields.file)).setInputFiles({ name: 'thesis.pdf', mimeType: 'application/pdf', buffer: makePdf(titleEn) });
  await page.getByLabel(labelled(t.fields.image)).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng() });
  await page.getByLabel(t.terms).check();
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByTestId('exchange-success')).toBeVisible({ timeout: 15_000 });
}

/** On a submission's page of the console: choose a decision, write the note, confirm. */
async function decide(page: Page, to: string, note?: string, options: { sign?: boolean } = {}) {
  const form = page.getByTestId('review-decision');
  await form.getByTestId(`review-decision-${to}`).check();
  if (note) await form.getByTestId('review-reason').fill(note);
  if (options.sign) await form.getByTestId('review-sign').check();
  await form.getByTestId('review-decide').click();
  await expect(page.getByTestId('review-decision-done')).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('the review loop: supervisor by e-mailed link, changes requested and resubmitted, supervisor and reviewer approve, published', async ({ browser, request }) => {
  test.setTimeout(240_000);

  // The supervisor-to-be (ar, dark) has an account, made through the sign-up screens.
  const supervisorPage = await (await browser.newContext()).newPage();
  await prepare(supervisorPage, { locale: 'ar', theme: 'dark' });
  const supervisor = await signUpThroughUi(supervisorPage, request, 'ar');

  // The student (en) signs up and, choosing a master's thesis, names the supervisor by e-mail.
  const studentPage = await (await browser.newContext()).newPage();
  await prepare(studentPage, { locale: 'en' });
  const student = await signUpThroughUi(studentPage, request, 'en');
  await studentPage.goto('/research-exchange');
  await studentPage.getByLabel(labelled(TEXTS.en.fields.type)).selectOption('master');
  const panel = studentPage.getByTestId('supervisor-panel');
  await expect(panel).toContainText('your work waits until they accept');
  await panel.getByTestId('supervisor-email').fill(supervisor.email);
  await panel.getByTestId('supervisor-send').click();
  await expect(panel.getByTestId('supervisor-pending')).toContainText(`Waiting for ${supervisor.email} to accept`);
  // Remind is rate limited: not right after the invitation.
  await expect(panel.getByTestId('supervisor-remind')).toBeDisabled();

  // The invitation e-mail (in Arabic, the supervisor's language) carries the signed link.
  const invitation = await mailMatching(request, supervisor.email, /طلب إشراف أكاديمي/);
  const link = /\/supervision\/[\w-]+/.exec(invitation.text ?? '')?.[0];
  expect(link, invitation.text).toBeTruthy();
  await supervisorPage.goto(link!);
  await expect(supervisorPage.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(supervisorPage.locator('html')).toHaveClass(/dark/);
  await supervisorPage.getByTestId('invitation-accept').click();
  await expect(supervisorPage.getByTestId('invitation-accepted')).toBeVisible();

  // The student now sees the supervisor's name, and submits the thesis (PDF and image).
  await studentPage.reload();
  await studentPage.getByLabel(labelled(TEXTS.en.fields.type)).selectOption('master');
  await expect(studentPage.getByTestId('supervisor-accepted')).toHaveText(/Your supervisor: /);
  const titleEn = `Blended Learning and Achievement ${Date.now()}`;
  await submitThesis(studentPage, titleEn);
  // The submission waits for the supervisor: the success message says who it is.
  await expect(studentPage.getByTestId('supervisor-accepted')).toHaveText(/Your supervisor: /);
  const studentToken = await accessToken(studentPage);
  const [submission] = await mySubmissions(request, studentToken);
  expect(submission).toMatchObject({ title_en: titleEn, status: 'pending_supervisor' });

  // The supervisor's console (ar): the student and the work to approve; the PDF reads in the page.
  await supervisorPage.goto('/admin/supervision');
  const console_ = supervisorPage.getByTestId('supervisor-console');
  await expect(console_.getByRole('heading', { name: 'طلابي', level: 1 })).toBeVisible();
  await expect(console_.getByTestId('supervision-student')).toHaveCount(1);
  await console_.locator(`[data-testid="supervision-item"][data-id="${submission!.id}"]`).getByTestId('supervision-open').click();
  await expect(supervisorPage).toHaveURL(new RegExp(`/admin/research/${submission!.id}$`));
  await expect(supervisorPage.getByTestId('review-title-en')).toHaveText(titleEn);
  await expect(supervisorPage.getByTestId('review-file-viewer')).toBeVisible();
  await decide(supervisorPage, 'changes_requested', 'أضف فصلًا عن منهجية البحث.');
  await expect(supervisorPage.getByTestId('review-status')).toHaveAttribute('data-status', 'changes_requested');

  // The student reads the note, edits and resubmits.
  await studentPage.goto(`/research-exchange?edit=${submission!.id}`);
  // Who asked (the supervisor, not "the reviewer"), and the Arabic note in its own direction on the English page.
  await expect(studentPage.getByTestId('exchange-changes-note')).toContainText('Your supervisor asked for changes.');
  await expect(studentPage.getByTestId('exchange-changes-reason')).toHaveText('أضف فصلًا عن منهجية البحث.');
  await expect(studentPage.getByTestId('exchange-changes-reason')).toHaveAttribute('dir', 'auto');
  await studentPage.getByLabel(labelled(TEXTS.en.fields.abstract)).fill('This thesis, with its method chapter, measures the effect of blended learning.');
  await studentPage.getByRole('button', { name: 'Resubmit' }).click();
  // It goes back to the supervisor who asked, and the answer says so (not "sent back for review").
  await expect(studentPage.getByTestId('exchange-updated')).toHaveText(/sent back to your supervisor/);
  expect((await mySubmissions(request, studentToken))[0]!.status).toBe('pending_supervisor');
  await expect(studentPage.getByTestId('exchange-timeline-step')).not.toHaveCount(0);

  // The supervisor approves: it goes to review.
  await supervisorPage.reload();
  await decide(supervisorPage, 'under_review');
  await expect(supervisorPage.getByTestId('review-status')).toHaveAttribute('data-status', 'under_review');

  // A reviewer, made through the operator CLI, finds it in the queue with its clock and approves, signed.
  const reviewer = await signUpViaApi(request, 'en', 'Rami Reviewer');
  grantRole(reviewer.email, 'reviewer');
  const reviewerPage = await (await browser.newContext()).newPage();
  await prepare(reviewerPage, { session: reviewer, locale: 'en' });
  await reviewerPage.goto('/admin/review');
  const row = reviewerPage.locator(`[data-testid="review-item"][data-id="${submission!.id}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('review-clock')).toHaveText(/Due in 14 days/);
  await row.getByTestId('review-open').click();
  await decide(reviewerPage, 'approved', undefined, { sign: true });
  await expect(reviewerPage.getByTestId('review-status')).toHaveAttribute('data-status', 'approved');

  // The student is told by e-mail, sees the signed decision, and the research is published.
  await mailMatching(request, student.email, /approved/);
  const details = await request.get(`${SHELL_URL}/api/research/${submission!.id}`, { headers: { authorization: `Bearer ${studentToken}` } });
  const data = ((await details.json()) as { data: { library_id: number | null; history: Array<{ to: string; by_name: string | null }> } }).data;
  expect(data.history.at(-1)).toMatchObject({ to: 'approved', by_name: 'Rami Reviewer' });
  expect(data.library_id).not.toBeNull();
  await studentPage.goto(`/research-library/${data.library_id}`);
  await expect(studentPage.getByTestId('library-details')).toContainText(titleEn);
  await studentPage.goto(`/community/${submission!.id}`);
  await expect(studentPage.getByTestId('community-details')).toHaveAttribute('data-state', 'ready');
  await expect(studentPage.getByTestId('community-details')).toContainText(titleEn);
});

test('a supervisor rejects with a reason from a template; the author reads it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // Accounts and the link through the API (the screens are covered above); the decision in the console.
  const academic = await signUpViaApi(request, 'en', 'Dr Huda');
  const student = await signUpViaApi(request, 'en', 'Omar Student');
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  expect((await request.post(`${SHELL_URL}/api/supervision/mine`, { headers: auth(student.accessToken), data: { email: academic.email } })).ok()).toBe(true);
  const invitation = await mailMatching(request, academic.email, /academic supervisor/);
  const token = /\/supervision\/([\w-]+)/.exec(invitation.text ?? '')![1]!;
  expect((await request.post(`${SHELL_URL}/api/supervision/invitations/${token}`, { headers: auth(academic.accessToken), data: { decision: 'accept' } })).ok()).toBe(true);

  const studentPage = await (await browser.newContext()).newPage();
  await prepare(studentPage, { session: student, locale: 'en' });
  await studentPage.goto('/research-exchange');
  await studentPage.getByLabel(labelled(TEXTS.en.fields.type)).selectOption('doctorate');
  const titleEn = `A Doctorate to Reject ${Date.now()}`;
  await submitThesis(studentPage, titleEn);
  const [submission] = await mySubmissions(request, student.accessToken);

  const page = await (await browser.newContext()).newPage();
  await prepare(page, { session: academic, locale: 'en' });
  await page.goto(`/admin/research/${submission!.id}`);
  const form = page.getByTestId('review-decision');
  await form.getByTestId('review-decision-rejected').check();
  // The reason is required: nothing is sent without it.
  await form.getByTestId('review-decide').click();
  await expect(form.getByTestId('error-reason')).toBeVisible();
  // A rejection template (migration 0012 seeds them), in English, inserted into the free text.
  const templates = form.getByTestId('review-template');
  await templates.selectOption({ index: 1 });
  const templateText = (await templates.locator('option').nth(1).textContent())!;
  await form.getByTestId('review-template-insert').click();
  await expect(form.getByTestId('review-reason')).toHaveValue(templateText);
  await form.getByTestId('review-reason').press('End');
  await form.getByTestId('review-reason').pressSequentially(' See the platform scope.');
  const reason = await form.getByTestId('review-reason').inputValue();
  expect(reason).toBe(`${templateText} See the platform scope.`);
  await form.getByTestId('review-decide').click();
  // A rejection is final: asked once more.
  await expect(page.getByTestId('review-confirm')).toContainText('This decision is final');
  await page.getByTestId('review-confirm-confirm').click();
  await expect(page.getByTestId('review-decision-done')).toBeVisible();
  await expect(page.getByTestId('review-status')).toHaveAttribute('data-status', 'rejected');
  await expect(page.getByTestId('review-no-decision')).toBeVisible();

  // The author is e-mailed, and reads the reason where the submission is.
  await mailMatching(request, student.email, /Decision on your research/);
  await studentPage.goto(`/research-exchange?edit=${submission!.id}`);
  await expect(studentPage.getByTestId('exchange-decision-reason')).toHaveText(reason);
  await expect(studentPage.getByTestId('exchange-decision-reason')).toHaveAttribute('dir', 'auto');
  await expect(studentPage.getByTestId('exchange-timeline-step').last()).toHaveAttribute('data-to', 'rejected');
});

test('on a phone (390 px, ar, dark) the supervisor’s student card keeps the student’s address inside it', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const academic = await signUpViaApi(request, 'ar', 'د. هدى المنصوري');
  // An address as long as many a university's: with no break in it, it once ran past the card's edge.
  const student = await createVerifiedUser(request, { locale: 'en', name: 'Omar Student', emailPrefix: 'omar.abdullah.al.hashimi.graduate' });
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  expect((await request.post(`${SHELL_URL}/api/supervision/mine`, { headers: auth(student.accessToken), data: { email: academic.email } })).ok()).toBe(true);
  const invitation = await mailMatching(request, academic.email, /طلب إشراف أكاديمي/);
  const token = /\/supervision\/([\w-]+)/.exec(invitation.text ?? '')![1]!;
  expect((await request.post(`${SHELL_URL}/api/supervision/invitations/${token}`, { headers: auth(academic.accessToken), data: { decision: 'accept' } })).ok()).toBe(true);

  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await prepare(page, { session: academic, locale: 'ar', theme: 'dark' });
  await page.goto('/admin/supervision');
  const card = page.getByTestId('supervision-student');
  const address = card.getByRole('link', { name: student.email });
  await expect(address).toHaveText(student.email);
  const outer = (await card.boundingBox())!;
  const inner = (await address.boundingBox())!;
  expect(inner.x).toBeGreaterThanOrEqual(outer.x);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('on a phone (390 px, ar, dark) a long address wraps inside the student’s supervisor panel and the invitation page', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const student = await createVerifiedUser(request, { locale: 'ar', name: 'ليلى الطالبة', emailPrefix: 'student' });
  const other = await createVerifiedUser(request, { locale: 'ar', name: 'سالم', emailPrefix: 'someone.else.entirely.signed.in' });
  // A faculty address as long as many (no account yet): with no break in it, it ran past the boxes' edges.
  const academic = uniqueEmail('professor.abdulrahman.al.mansoori.faculty');
  const phone = async (session: typeof student) => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await prepare(page, { session, locale: 'ar', theme: 'dark' });
    return page;
  };

  const studentPage = await phone(student);
  await studentPage.goto('/research-exchange');
  await studentPage.getByLabel(labelled(TEXTS.ar.fields.type)).selectOption('doctorate');
  const panel = studentPage.getByTestId('supervisor-panel');
  await panel.getByTestId('supervisor-email').fill(academic);
  await panel.getByTestId('supervisor-send').click();
  await expect(panel.getByTestId('supervisor-pending')).toContainText(academic);
  expect(await laidOutInside(panel, academic)).toBe(true);

  // The invitation opened signed in with another account: both addresses stay inside the warning.
  const invitation = await mailMatching(request, academic, /طلب إشراف أكاديمي/);
  const link = /\/supervision\/[\w-]+/.exec(invitation.text ?? '')![0];
  const otherPage = await phone(other);
  await otherPage.goto(link);
  const warning = otherPage.getByTestId('invitation-wrong-account');
  await expect(warning).toContainText(academic);
  expect(await laidOutInside(warning, other.email)).toBe(true);
  expect(await laidOutInside(warning, academic)).toBe(true);
});
