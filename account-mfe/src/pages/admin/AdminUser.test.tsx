/**
 * A user's page in the console, through the real `apiClient` and `../../api/admin` against the
 * shared test API server (real HTTP on 127.0.0.1; nothing of ours replaced): the repeat offender is
 * marked from 3 removals in 90 days; a suspension needs a reason, is confirmed before it is sent
 * (with the end date as an ISO time) and the server's refusal is shown; an active suspension offers
 * Lift instead; revoking a role is confirmed and canceling sends nothing; a live subscription is
 * ended only with a reason, after its confirmation, its last payment given back when ticked.
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { AdminUserDetails } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, submit, tearDown, text, type, waitFor } from '../../test/harness';
import { AdminUser } from './AdminUser';

const USER = '/api/admin/users/12';

const base: AdminUserDetails = {
  id: 12,
  name: 'سالم',
  email: 'salem@example.ae',
  roles: ['reviewer'],
  state: 'active',
  suspended_until: null,
  created_at: '2026-01-05T10:00:00.000Z',
  phone: null,
  country: 'AE',
  locale: 'ar',
  avatar: null,
  email_verified_at: '2026-01-05T10:05:00.000Z',
  supervisor: null,
  students: [],
  submissions: [],
  subscriptions: [],
  removals: { total: 4, last_90_days: 3 },
  suspensions: [],
};

const api = testApiServerPerFile();
const requests = (method: string, path: string) => api.seen.filter((request) => request.method === method && request.path === path);
const posts = () => api.seen.filter((request) => request.method === 'POST');

/** Opens the page of this user (as the API answers it) and waits for it to show. */
async function open(user: AdminUserDetails) {
  api.answers.set(`GET ${USER}`, { status: 200, body: { status: true, data: user } });
  await render(
    <MemoryRouter initialEntries={['/admin/users/12']}>
      <Routes>
        <Route path="/admin/users/:id" element={<AdminUser />} />
      </Routes>
    </MemoryRouter>,
  );
  await waitFor(() => expect($('[data-testid="admin-user-name"]')?.textContent).toContain(user.name));
}

beforeEach(async () => {
  await setUp('ar');
});
afterEach(tearDown);

describe('console: a user', { timeout: 30_000 }, () => {
  it('marks a repeat offender, and not someone with fewer removals', async () => {
    await open(base);
    expect(requests('GET', USER)).toHaveLength(1);
    expect($('[data-testid="repeat-offender"]')?.textContent).toContain('مخالف متكرر');
    tearDown();
    await setUp('ar');
    await open({ ...base, removals: { total: 5, last_90_days: 2 } });
    expect($('[data-testid="repeat-offender"]')).toBeNull();
  });

  it('suspends only with a reason, after confirmation, and shows the server refusal', async () => {
    await open(base);
    await submit($('[data-testid="admin-suspend-form"]'));
    expect(text()).toContain('اذكر السبب.');
    expect($('[data-testid="admin-confirm"]')).toBeNull();

    await type($('[data-testid="admin-suspend-reason"]'), 'إساءة متكررة');
    await type($('[data-testid="admin-suspend-until"]'), '2030-02-01');
    await submit($('[data-testid="admin-suspend-form"]'));
    expect($('[data-testid="admin-confirm"]')?.textContent).toContain('إيقاف حساب سالم');
    expect(posts()).toEqual([]);

    const refusal = 'أدخل تاريخ انتهاء صحيحًا في المستقبل، أو اتركه فارغًا.';
    api.answers.set(`POST ${USER}/suspension`, { status: 400, body: { status: false, msg: refusal, err: 400 } });
    await click($$('[data-testid="admin-confirm"] button').at(-1)!);
    await waitFor(() => expect($('[data-testid="admin-user-error"]')?.textContent).toContain('أدخل تاريخ انتهاء صحيحًا'));
    // Sent once, only after the confirmation.
    expect(posts().map((request) => request.path)).toEqual([`${USER}/suspension`]);
    expect(JSON.parse(posts()[0]!.body)).toEqual({ reason: 'إساءة متكررة', ends_at: new Date('2030-02-01T23:59:59').toISOString() });
    expect($('[data-testid="admin-confirm"]')).toBeNull();
  });

  it('says when its member closed the account (state badge and note), in the console’s language, and offers no change the API refuses', async () => {
    const changes = ['admin-grant', 'admin-role-reason', 'admin-link', 'admin-suspend-form', 'admin-lift-form'];
    const offered = () => changes.filter((testId) => $(`[data-testid="${testId}"]`));
    await open({ ...base, name: 'عضو سابق', state: 'closed' });
    expect($('[data-testid="admin-user-state"]')?.textContent).toBe('مغلق');
    expect($('[data-testid="admin-user-closed"]')?.textContent).toContain('أغلق صاحب هذا الحساب حسابه');
    // Roles, supervisor and suspension are answered 409 accountIsClosed: their sections only read.
    expect(offered()).toEqual([]);
    expect($('[data-testid="admin-user-suspensions"]')?.textContent).toContain('لم يُعلَّق الحساب قط');
    tearDown();
    await setUp('ar');
    await open(base);
    expect($('[data-testid="admin-user-closed"]')).toBeNull();
    expect(offered()).toEqual(['admin-grant', 'admin-role-reason', 'admin-link', 'admin-suspend-form']);
  });

  it('offers Lift for an active suspension and shows its history', async () => {
    await open({
      ...base,
      state: 'suspended',
      suspensions: [{ id: 3, reason: 'سبام', ends_at: null, created_at: '2026-03-01T08:00:00.000Z', created_by: 'المسؤول', lifted_at: null, lifted_by: null, lift_reason: null }],
    });
    expect($('[data-testid="admin-suspend-form"]')).toBeNull();
    expect($('[data-testid="admin-suspension"]')?.textContent).toContain('سبام');
    expect($('[data-testid="admin-suspension"]')?.textContent).toContain('حتى رفع الإيقاف');
    api.answers.set(`POST ${USER}/suspension/lift`, { status: 200, body: { status: true, msg: 'رُفع الإيقاف.', data: {} } });
    await submit($('[data-testid="admin-lift-form"]'));
    await click($$('[data-testid="admin-confirm"] button').at(-1)!);
    // Reloaded after the change.
    await waitFor(() => expect(requests('GET', USER)).toHaveLength(2));
    expect(posts().map((request) => request.path)).toEqual([`${USER}/suspension/lift`]);
    expect(JSON.parse(posts()[0]!.body)).toEqual({ reason: null });
  });

  it('confirms a revocation; canceling sends nothing', async () => {
    await open(base);
    await click($('[data-testid="admin-revoke-reviewer"]'));
    expect($('[data-testid="admin-confirm"]')?.textContent).toContain('محكّم');
    await click($$('[data-testid="admin-confirm"] button')[0]!);
    expect($('[data-testid="admin-confirm"]')).toBeNull();

    api.answers.set(`POST ${USER}/roles`, { status: 200, body: { status: true, msg: 'مُنح الدور.', data: { roles: ['reviewer', 'admin'] } } });
    await type($('[data-testid="admin-grant-role"]'), 'admin');
    await submit($('[data-testid="admin-grant"]')!.closest('form'));
    await waitFor(() => expect(requests('POST', `${USER}/roles`)).toHaveLength(1));
    // The one call is the grant: the canceled revocation sent nothing (it would have arrived first).
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(posts()[0]!.body)).toEqual({ action: 'grant', role: 'admin', reason: null });
  });

  it('ends a live subscription only with a reason, after its confirmation, with its last payment given back when ticked; an ended one offers nothing', async () => {
    const live = {
      id: 40,
      plan: 'الباقة الأساسية',
      plan_en: 'Basic Plan',
      status: 'active',
      live: true,
      renews: true,
      price: 299,
      currency: 'AED',
      provider: 'local' as const,
      starts_at: '2026-03-01T10:00:00.000Z',
      ends_at: '2027-03-01T10:00:00.000Z',
      ended_at: null,
      last_payment: { invoice_id: 9, display_number: 'INV-000009', amount: 299, currency: 'AED', status: 'paid' as const, refunded_at: null },
    };
    const ended = { ...live, id: 41, status: 'canceled', live: false, renews: false, ended_at: '2026-06-01T10:00:00.000Z', last_payment: { ...live.last_payment, invoice_id: 8, display_number: 'INV-000008', status: 'refunded' as const, refunded_at: '2026-06-01T10:00:00.000Z' } };
    await open({ ...base, subscriptions: [live, ended] });
    const rows = $$('[data-testid="admin-subscription"]');
    expect(rows).toHaveLength(2);
    // In the console's direction (no <bdi> around the Arabic sentence), the invoice number isolated in it.
    const line = rows[0]!.querySelector('[data-testid="admin-subscription-payment-line"]');
    expect(line?.textContent).toBe('\u2068INV-000009\u2069 · 299 درهم');
    expect(line?.closest('bdi')).toBeNull();
    expect(rows[0]!.textContent).toContain('مدفوعة');
    expect(rows[1]!.textContent).toContain('انتهى في');
    expect(rows[1]!.textContent).toContain('رُدّت في');
    expect(rows[1]!.querySelector('[data-testid="admin-end-subscription"]')).toBeNull();

    await click(rows[0]!.querySelector('[data-testid="admin-end-subscription"]'));
    const dialog = () => $('[data-testid="decision-dialog"]');
    expect(dialog()?.textContent).toContain('إنهاء اشتراك \u2068سالم\u2069 في \u2068الباقة الأساسية\u2069');
    expect(dialog()?.textContent).toContain('ردّ آخر دفعة: 299 درهم (INV-000009)');
    // No reason: asked again, nothing sent.
    await click($('[data-testid="decision-dialog-confirm"]'));
    expect(dialog()?.textContent).toContain('اذكر السبب.');
    expect(posts()).toEqual([]);

    api.answers.set('POST /api/admin/subscriptions/40/end', { status: 200, body: { status: true, msg: 'انتهى الاشتراك.', data: base } });
    await type($('[data-testid="decision-reason"]'), 'طلب العضو استرداد المبلغ');
    await click($('[data-testid="admin-end-refund"]'));
    await click($('[data-testid="decision-dialog-confirm"]'));
    await waitFor(() => expect(requests('GET', USER)).toHaveLength(2));
    expect(posts().map((request) => request.path)).toEqual(['/api/admin/subscriptions/40/end']);
    expect(JSON.parse(posts()[0]!.body)).toEqual({ reason: 'طلب العضو استرداد المبلغ', refund: true });
    expect(dialog()).toBeNull();
  });
});
