/**
 * The purchase flow of the pricing section (spec 4, 8) with the API calls replaced: the
 * existing-subscription dialog (cancel, confirm with active: true), the checkout redirect,
 * 'Checkout URL not found in response', the same-plan message, the visitor's link.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ensureI18n, tokenStore } from '@scholars/shared-contracts';
import type { SubscriptionPlan } from '@scholars/shared-contracts/schemas';

const plans: SubscriptionPlan[] = [
  { id: 1, name: 'الباقة الأساسية', name_en: 'Basic Plan', price: 299, currency: 'AED', interval: 'year', subscription_plan_features: [{ id: 1, feature: 'ميزة', feature_en: 'A feature' }] },
  { id: 2, name: 'الباقة الاحترافية', name_en: 'Professional Plan', price: 699, currency: 'AED', interval: 'year', subscription_plan_features: [] },
];

const api = vi.hoisted(() => ({ fetchPlans: vi.fn(), createSubscription: vi.fn() }));
const navigate = vi.hoisted(() => ({ goToCheckout: vi.fn() }));
vi.mock('../api/subscriptions', () => api);
vi.mock('../api/plans', () => api);
vi.mock('../lib/navigate', () => navigate);

const { PricingSection } = await import('./PricingSection');
const { registerTranslations } = await import('../i18n');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

async function render() {
  await act(async () => {
    root.render(
      <MemoryRouter>
        <PricingSection />
      </MemoryRouter>,
    );
  });
}

const button = (planId: number) => container.querySelector<HTMLElement>(`[data-plan-id="${planId}"] [data-testid="plan-buy"]`)!;
const click = async (element: Element | null) => {
  await act(async () => {
    (element as HTMLElement).click();
  });
};
const dialogButton = (label: string) =>
  [...container.querySelectorAll('dialog button')].find((element) => element.textContent === label) ?? null;

beforeEach(async () => {
  ensureI18n(i18next, 'en');
  registerTranslations();
  await i18next.changeLanguage('en');
  api.fetchPlans.mockResolvedValue(plans);
  api.createSubscription.mockReset();
  navigate.goToCheckout.mockReset();
  tokenStore.getState().setSession({ accessToken: 'token', user: { id: 7, name: 'Mariam', email: 'm@example.ae', role: 'user' } });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  tokenStore.getState().clear();
});

describe('PricingSection', () => {
  it('goes straight to the checkout address without an active subscription', async () => {
    api.createSubscription.mockResolvedValue({ status: true, active: false, data: { checkout_url: 'https://pay.example/cs_1' } });
    await render();
    expect(button(1).textContent).toBe('Purchase now');
    await click(button(1));
    expect(api.createSubscription).toHaveBeenCalledWith(1, '7', false);
    expect(navigate.goToCheckout).toHaveBeenCalledWith('https://pay.example/cs_1');
  });

  it('asks before buying beside an active subscription: cancel does nothing, confirm repeats with active: true', async () => {
    api.createSubscription.mockResolvedValueOnce({ status: true, active: true });
    await render();
    await click(button(2));
    expect(container.querySelector('dialog')?.textContent).toContain('you will gain the benefits of both subscriptions');
    await click(dialogButton('Cancel'));
    expect(container.querySelector('dialog')).toBeNull();
    expect(api.createSubscription).toHaveBeenCalledTimes(1);
    expect(navigate.goToCheckout).not.toHaveBeenCalled();

    api.createSubscription.mockResolvedValueOnce({ status: true, active: true });
    api.createSubscription.mockResolvedValueOnce({ status: true, active: true, data: { checkout_url: 'https://pay.example/cs_2' } });
    await click(button(2));
    await click(dialogButton('Continue to payment'));
    expect(api.createSubscription).toHaveBeenLastCalledWith(2, '7', true);
    expect(navigate.goToCheckout).toHaveBeenCalledWith('https://pay.example/cs_2');
  });

  it("says 'Checkout URL not found in response' when the answer has no address", async () => {
    api.createSubscription.mockResolvedValue({ status: true, active: false });
    await render();
    await click(button(1));
    expect(container.querySelector('[data-testid="pricing-purchase-error"]')?.textContent).toContain('Checkout URL not found in response');
    expect(navigate.goToCheckout).not.toHaveBeenCalled();
    expect(button(1).textContent).toBe('Purchase now');
  });

  it('shows the server message, the same-plan message with a dashboard link, or the default text', async () => {
    api.createSubscription.mockRejectedValueOnce(new ApiError('x', { kind: 'rejected', status: 409, err: 'already_subscribed', msg: 'server text' }));
    await render();
    await click(button(1));
    const box = () => container.querySelector('[data-testid="pricing-purchase-error"]');
    expect(box()?.textContent).toContain('You already have an active subscription. Please visit the dashboard to manage it.');
    expect(box()?.querySelector('a')?.getAttribute('href')).toBe('/profile?tab=subscriptions');

    api.createSubscription.mockRejectedValueOnce(new ApiError('x', { kind: 'rejected', status: 404, msg: 'This plan is not available' }));
    await click(button(2));
    expect(box()?.textContent).toBe('This plan is not available');

    api.createSubscription.mockRejectedValueOnce(new ApiError('Operation failed', { kind: 'network', status: 0 }));
    await click(button(2));
    expect(box()?.textContent).toBe('An error occurred while creating the subscription');
  });

  it('gives a visitor a link to sign in and come back to the section', async () => {
    tokenStore.getState().clear();
    await render();
    const link = button(1);
    expect(link.tagName).toBe('A');
    expect(link.textContent).toBe('Sign in to purchase');
    expect(link.getAttribute('href')).toBe('/login?redirect=%2F%23pricing');
  });

  it('shows the fetch failure with a retry', async () => {
    api.fetchPlans.mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await render();
    const error = container.querySelector('[data-testid="pricing-error"]');
    expect(error?.textContent).toContain('An error occurred while fetching pricing plans');
    await click(container.querySelector('[data-testid="pricing-retry"]'));
    expect(container.querySelectorAll('[data-testid="plan-card"]')).toHaveLength(2);
  });
});
