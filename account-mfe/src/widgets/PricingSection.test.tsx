/**
 * The purchase flow of the pricing section (spec 4, 8), through the real `apiClient` and
 * `../api/{plans,subscriptions}` against the shared test API server (real HTTP on 127.0.0.1): the
 * existing-subscription dialog (cancel, confirm with active: true), the checkout redirect,
 * 'Checkout URL not found in response', the same-plan message, the visitor's link. Only leaving
 * the site (`../lib/navigate`) is replaced: jsdom cannot navigate to another origin.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient, tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { SubscriptionPlan } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, tearDown, waitFor } from '../test/harness';

const navigate = vi.hoisted(() => ({ goToCheckout: vi.fn() }));
vi.mock('../lib/navigate', () => navigate);
const { PricingSection } = await import('./PricingSection');

const plans: SubscriptionPlan[] = [
  { id: 1, name: 'الباقة الأساسية', name_en: 'Basic Plan', price: 299, currency: 'AED', interval: 'year', consultation_sessions: 0, subscription_plan_features: [{ id: 1, feature: 'ميزة', feature_en: 'A feature' }] },
  { id: 2, name: 'الباقة الاحترافية', name_en: 'Professional Plan', price: 699, currency: 'AED', interval: 'year', consultation_sessions: 6, subscription_plan_features: [] },
];
const BUY = 'POST /api/stripe/create-subscription';

const api = testApiServerPerFile();
const purchases = () => api.seen.filter((request) => request.method === 'POST' && request.path === '/api/stripe/create-subscription').map((request) => JSON.parse(request.body) as unknown);
const button = (planId: number) => $(`[data-plan-id="${planId}"] [data-testid="plan-buy"]`)!;
const dialogButton = (label: string) => $$('dialog button').find((element) => element.textContent === label) ?? null;
const box = () => $('[data-testid="pricing-purchase-error"]');

/** Renders the section and waits for the plans the API answers. */
async function open() {
  await render(
    <MemoryRouter>
      <PricingSection />
    </MemoryRouter>,
  );
  await waitFor(() => expect($$('[data-testid="plan-card"]')).toHaveLength(2));
}

beforeEach(async () => {
  api.answers.set('GET /api/subscription-plan', { status: 200, body: { status: true, data: plans } });
  navigate.goToCheckout.mockReset();
  await setUp('en');
  tokenStore.getState().setSession({ accessToken: 'token', user: { id: 7, name: 'Mariam', email: 'm@example.ae', role: 'user' } });
});
afterEach(() => {
  vi.restoreAllMocks();
  tearDown();
});

describe('PricingSection', { timeout: 30_000 }, () => {
  it('goes straight to the checkout address without an active subscription', async () => {
    api.answers.set(BUY, { status: 200, body: { status: true, active: false, data: { checkout_url: 'https://pay.example/cs_1' } } });
    await open();
    expect(button(1).textContent).toBe('Purchase now');
    await click(button(1));
    await waitFor(() => expect(navigate.goToCheckout).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(purchases()).toEqual([{ planId: 1, userId: '7', active: false }]);
  });

  it('asks before buying beside an active subscription: cancel does nothing, confirm repeats with active: true', async () => {
    api.answers.set(BUY, { status: 200, body: { status: true, active: true } });
    await open();
    await click(button(2));
    await waitFor(() => expect($('dialog')?.textContent).toContain('you will gain the benefits of both subscriptions'));
    await click(dialogButton('Cancel'));
    expect($('dialog')).toBeNull();
    expect(purchases()).toHaveLength(1);
    expect(navigate.goToCheckout).not.toHaveBeenCalled();

    await click(button(2));
    await waitFor(() => expect(dialogButton('Continue to payment')).not.toBeNull());
    api.answers.set(BUY, { status: 200, body: { status: true, active: true, data: { checkout_url: 'https://pay.example/cs_2' } } });
    await click(dialogButton('Continue to payment'));
    await waitFor(() => expect(navigate.goToCheckout).toHaveBeenCalledWith('https://pay.example/cs_2'));
    expect(purchases()).toEqual([
      { planId: 2, userId: '7', active: false },
      { planId: 2, userId: '7', active: false },
      { planId: 2, userId: '7', active: true },
    ]);
  });

  it("says 'Checkout URL not found in response' when the answer has no address", async () => {
    api.answers.set(BUY, { status: 200, body: { status: true, active: false } });
    await open();
    await click(button(1));
    await waitFor(() => expect(box()?.textContent).toContain('Checkout URL not found in response'));
    expect(navigate.goToCheckout).not.toHaveBeenCalled();
    expect(button(1).textContent).toBe('Purchase now');
  });

  it('shows the server message, the same-plan message with a dashboard link, or the default text', async () => {
    api.answers.set(BUY, { status: 409, body: { status: false, msg: 'server text', err: 'already_subscribed' } });
    await open();
    await click(button(1));
    await waitFor(() => expect(box()?.textContent).toContain('You already have an active subscription. Please visit the dashboard to manage it.'));
    expect(box()?.querySelector('a')?.getAttribute('href')).toBe('/profile?tab=subscriptions');

    api.answers.set(BUY, { status: 404, body: { status: false, msg: 'This plan is not available', err: 404 } });
    await click(button(2));
    await waitFor(() => expect(box()?.textContent).toBe('This plan is not available'));

    // No answer at all (nothing listens on the port): the default text.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const base = apiClient.defaults.baseURL;
    apiClient.defaults.baseURL = `http://127.0.0.1:${port}/api`;
    try {
      await click(button(2));
      await waitFor(() => expect(box()?.textContent).toBe('An error occurred while creating the subscription'));
    } finally {
      apiClient.defaults.baseURL = base;
    }
    expect(purchases()).toEqual([
      { planId: 1, userId: '7', active: false },
      { planId: 2, userId: '7', active: false },
    ]);
  });

  it('marks the plan the member holds, with the price they pay when the plan’s price has changed since', async () => {
    const held = { id: 9, plan_id: 2, plan_name: 'الباقة الاحترافية', plan_name_en: 'Professional Plan', status: 'active', price: 599, currency: 'AED', interval: 'year', provider: 'local', payment_method: 'card', start_date: '2026-01-01T00:00:00.000Z', next_billing_date: null, period_end: '2027-01-01T00:00:00.000Z', auto_renew: false, created_at: '2026-01-01T00:00:00.000Z' };
    api.answers.set('GET /api/subscriptions/mine', { status: 200, body: { status: true, data: [held, { ...held, id: 10, plan_id: 1, price: 299 }] } });
    await open();
    await waitFor(() => expect($('[data-plan-id="2"]')?.getAttribute('data-current')).toBe('true'));
    expect($('[data-plan-id="2"] [data-testid="plan-current-price"]')?.textContent).toBe('You pay AED 599 a year: the price when you subscribed.');
    // The same price: nothing to add.
    expect($('[data-plan-id="1"]')?.getAttribute('data-current')).toBe('true');
    expect($('[data-plan-id="1"] [data-testid="plan-current-price"]')).toBeNull();
    tearDown();
    await setUp('ar');
    tokenStore.getState().setSession({ accessToken: 'token', user: { id: 7, name: 'Mariam', email: 'm@example.ae', role: 'user' } });
    await open();
    await waitFor(() => expect($('[data-plan-id="2"] [data-testid="plan-current-price"]')?.textContent).toBe('تدفع 599 درهم في السنة: السعر عند اشتراكك.'));
  });

  it("lists a plan's consultation sessions a year, in both languages, only when it has any", async () => {
    await open();
    expect($('[data-plan-id="1"] [data-testid="plan-consultations"]')).toBeNull();
    expect($('[data-plan-id="2"] [data-testid="plan-consultations"]')?.textContent).toBe('6 consultation sessions a year');
    tearDown();
    await setUp('ar');
    await open();
    expect($('[data-plan-id="2"] [data-testid="plan-consultations"]')?.textContent).toBe('6 جلسات استشارة في السنة');
  });

  it('gives a visitor a link to sign in and come back to the section', async () => {
    tokenStore.getState().clear();
    await open();
    const link = button(1);
    expect(link.tagName).toBe('A');
    expect(link.textContent).toBe('Sign in to purchase');
    expect(link.getAttribute('href')).toBe('/login?redirect=%2F%23pricing');
  });

  it('shows the fetch failure with a retry', async () => {
    api.answers.set('GET /api/subscription-plan', { status: 500, body: { status: false, msg: 'Server error', err: 500 } });
    // The section logs the failure to the console: kept out of the test output.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await render(
      <MemoryRouter>
        <PricingSection />
      </MemoryRouter>,
    );
    await waitFor(() => expect($('[data-testid="pricing-error"]')?.textContent).toContain('An error occurred while fetching pricing plans'));
    api.answers.set('GET /api/subscription-plan', { status: 200, body: { status: true, data: plans } });
    await click($('[data-testid="pricing-retry"]'));
    await waitFor(() => expect($$('[data-testid="plan-card"]')).toHaveLength(2));
    expect(api.seen.filter((request) => request.path === '/api/subscription-plan').map((request) => request.method)).toEqual(['GET', 'GET']);
  });
});
