/**
 * The profile's subscriptions tab through the real `apiClient` and `../../api/subscriptions`
 * against the shared test API server (real HTTP on 127.0.0.1): a renewing subscription shows its
 * next billing date and "Turn off renewal", whose confirmation says until when access lasts; once
 * off (the server's answer) the card says "Ends on" and offers "Turn renewal back on"; a refusal
 * shows the server's message; Arabic texts.
 */
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { formatDate } from '@scholars/shared-contracts/locale';
import type { SubscriptionSummary } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, tearDown, waitFor } from '../../test/harness';
import { SubscriptionsTab } from './SubscriptionsTab';

const END = '2027-03-01T10:00:00.000Z';
const subscription = (overrides: Partial<SubscriptionSummary> = {}): SubscriptionSummary => ({
  id: 7,
  plan_id: 1,
  plan_name: 'الخطة الأساسية',
  plan_name_en: 'Basic Plan',
  status: 'active',
  price: 299,
  currency: 'AED',
  interval: 'year',
  provider: 'local',
  payment_method: 'card',
  start_date: '2026-03-01T10:00:00.000Z',
  next_billing_date: END,
  period_end: END,
  auto_renew: true,
  ended_at: null,
  created_at: '2026-03-01T09:00:00.000Z',
  ...overrides,
});
const renewing = subscription();
const off = subscription({ auto_renew: false, next_billing_date: null });

const api = testApiServerPerFile();
const ok = (data: unknown, msg?: string) => ({ status: 200, body: { status: true, ...(msg ? { msg } : {}), data } });
const puts = () => api.seen.filter((request) => request.method === 'PUT');

afterEach(tearDown);

describe('profile: subscriptions and their renewal', { timeout: 30_000 }, () => {
  it('turns renewal off after a confirmation that says until when, then shows "Ends on" and offers to turn it back on', async () => {
    await setUp('en');
    api.answers.set('GET /api/subscriptions/mine', ok([renewing]));
    await render(<MemoryRouter><SubscriptionsTab /></MemoryRouter>);
    const date = formatDate(END, 'en');

    await waitFor(() => expect($('[data-testid="subscription-next-billing"]')?.textContent).toBe(date));
    expect($('[data-testid="subscription-ends-on"]')).toBeNull();
    expect($('[data-testid="subscription-renewal-on"]')).toBeNull();

    // Asked first; "Keep renewal" sends nothing.
    await click($('[data-testid="subscription-renewal-off"]'));
    const dialog = $('[data-testid="renewal-off-dialog"]')!;
    expect(dialog.textContent).toContain(`stays active until ${date}`);
    expect(dialog.textContent).toContain('nothing more will be charged');
    expect(dialog.textContent).toContain('Basic Plan');
    await click([...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Keep renewal')!);
    expect($('[data-testid="renewal-off-dialog"]')).toBeNull();
    expect(puts()).toHaveLength(0);

    api.answers.set('PUT /api/subscriptions/7/renewal', ok(off, 'Renewal is off.'));
    await click($('[data-testid="subscription-renewal-off"]'));
    await click($('[data-testid="renewal-off-dialog-confirm"]'));
    await waitFor(() => expect($('[data-testid="subscription-ends-on"]')?.textContent).toBe(date));
    expect(puts().map((request) => [request.path, JSON.parse(request.body)])).toEqual([['/api/subscriptions/7/renewal', { auto_renew: false }]]);
    // No next billing date any more, and the dialog is gone.
    expect($('[data-testid="subscription-next-billing"]')).toBeNull();
    expect($('[data-testid="renewal-off-dialog"]')).toBeNull();
    expect($('[data-testid="subscription-card"]')?.dataset.renews).toBe('false');
    expect($('[data-testid="subscription-renewal-off-note"]')?.textContent).toBe('Renewal is off: nothing more will be charged.');
    expect($('[data-testid="subscription-renewal-off"]')).toBeNull();

    api.answers.set('PUT /api/subscriptions/7/renewal', ok(renewing, 'Renewal is back on.'));
    await click($('[data-testid="subscription-renewal-on"]'));
    expect($('[data-testid="renewal-on-dialog"]')?.textContent).toContain(`renew automatically on ${date}`);
    await click($('[data-testid="renewal-on-dialog-confirm"]'));
    await waitFor(() => expect($('[data-testid="subscription-next-billing"]')?.textContent).toBe(date));
    expect(JSON.parse(puts()[1]!.body)).toEqual({ auto_renew: true });
    expect($('[data-testid="subscription-renewal-off"]')).not.toBeNull();
  });

  it("shows the server's refusal and keeps the card as it was; no renewal button on a subscription that is not active", async () => {
    await setUp('en');
    api.answers.set('GET /api/subscriptions/mine', ok([renewing, subscription({ id: 8, status: 'expired', next_billing_date: null, auto_renew: false })]));
    api.answers.set('PUT /api/subscriptions/7/renewal', { status: 502, body: { status: false, err: 'payment_provider_failed', msg: 'The payment provider did not answer, so nothing was changed.' } });
    await render(<MemoryRouter><SubscriptionsTab /></MemoryRouter>);
    await waitFor(() => expect($$('[data-testid="subscription-card"]')).toHaveLength(2));
    const expired = $$('[data-testid="subscription-card"]').find((card) => card.dataset.status === 'expired')!;
    expect(expired.querySelector('button')).toBeNull();

    await click($('[data-testid="subscription-renewal-off"]'));
    await click($('[data-testid="renewal-off-dialog-confirm"]'));
    await waitFor(() => expect($('[data-testid="subscription-renewal-error"]')?.textContent).toBe('The payment provider did not answer, so nothing was changed.'));
    expect($('[data-testid="subscription-next-billing"]')?.textContent).toBe(formatDate(END, 'en'));
    expect($('[data-testid="subscription-renewal-off"]')).not.toBeNull();
  });

  it('an ended subscription says when it ended, promises no next billing and offers nothing to change', async () => {
    await setUp('ar');
    const ENDED = '2026-11-20T08:00:00.000Z';
    api.answers.set('GET /api/subscriptions/mine', ok([subscription({ status: 'canceled', next_billing_date: null, auto_renew: false, ended_at: ENDED })]));
    await render(<MemoryRouter><SubscriptionsTab /></MemoryRouter>);
    await waitFor(() => expect($('[data-testid="subscription-ended-on"]')?.textContent).toBe(formatDate(ENDED, 'ar')));
    const card = $('[data-testid="subscription-card"]')!;
    expect(card.textContent).toContain('انتهى في');
    expect($('[data-testid="subscription-next-billing"]')).toBeNull();
    expect(card.querySelector('button')).toBeNull();
  });

  it('calls only a live subscription "Current plan": one the staff ended, next to a new one, is a past plan', async () => {
    await setUp('ar');
    const ended = subscription({ id: 8, status: 'canceled', next_billing_date: null, auto_renew: false, ended_at: '2026-11-20T08:00:00.000Z' });
    api.answers.set('GET /api/subscriptions/mine', ok([renewing, ended]));
    await render(<MemoryRouter><SubscriptionsTab /></MemoryRouter>);
    await waitFor(() => expect($$('[data-testid="subscription-card"]')).toHaveLength(2));
    expect($$('[data-testid="subscription-card"]').map((card) => card.querySelector('p')?.textContent)).toEqual(['الخطة الحالية', 'الخطة']);
    // One is live: no way to the plans is offered.
    expect($('[data-testid="subscriptions-choose-plan"]')).toBeNull();
    tearDown();

    await setUp('en');
    api.answers.set('GET /api/subscriptions/mine', ok([ended, subscription({ id: 9, status: 'expired', next_billing_date: null, auto_renew: false })]));
    await render(<MemoryRouter><SubscriptionsTab /></MemoryRouter>);
    await waitFor(() => expect($$('[data-testid="subscription-card"]')).toHaveLength(2));
    expect($$('[data-testid="subscription-card"]').map((card) => card.querySelector('p')?.textContent)).toEqual(['Plan', 'Plan']);
    // None is live (ended by the staff, expired): the way back to the plans.
    expect($('[data-testid="subscriptions-choose-plan"]')?.textContent).toBe('See the plans');
    expect($('[data-testid="subscriptions-choose-plan"]')?.getAttribute('href')).toBe('/#pricing');
  });

  it('in Arabic: the card and the confirmation', async () => {
    await setUp('ar');
    api.answers.set('GET /api/subscriptions/mine', ok([off]));
    await render(<MemoryRouter><SubscriptionsTab /></MemoryRouter>);
    const date = formatDate(END, 'ar');
    await waitFor(() => expect($('[data-testid="subscription-ends-on"]')?.textContent).toBe(date));
    expect($('[data-testid="subscription-card"]')?.textContent).toContain('ينتهي في');
    expect($('[data-testid="subscription-renewal-on"]')?.textContent).toBe('إعادة تشغيل التجديد');
    await click($('[data-testid="subscription-renewal-on"]'));
    expect($('[data-testid="renewal-on-dialog"]')?.textContent).toContain(`تلقائيًا في ${date}`);
  });
});
