/**
 * /success through the real API client against the shared test API server: it says the
 * subscription is active only once `subscriptions/mine` has an active one (a card payment's
 * confirmation can reach the API a moment after the buyer is back), says it is still being
 * confirmed after a few reads, and tells a visitor to sign in rather than "your subscription is
 * active".
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n, tokenStore } from '@scholars/shared-contracts';
import type { Locale } from '@scholars/shared-contracts/locale';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { renderRootPerTest } from '@scholars/shared-contracts/testing/render-root';
import { addPageTexts } from '../../i18n/page-texts';
import { addStartTexts } from '../../i18n/start-texts';
import { SubscriptionOutcome } from './SubscriptionOutcome';

const { render, $ } = renderRootPerTest();
const api = testApiServerPerFile();
const mine = (statuses: string[]) =>
  api.answers.set('GET /api/subscriptions/mine', { status: 200, body: { status: true, data: statuses.map((status, index) => ({ id: index + 1, status })) } });
const reads = () => api.seen.filter((request) => request.path === '/api/subscriptions/mine').length;
const page = () => $('[data-page="success"]');

const until = async (check: () => boolean) => {
  for (let i = 0; i < 150 && !check(); i += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
};

async function language(locale: Locale) {
  ensureI18n(i18next, locale);
  addStartTexts(i18next);
  addPageTexts(i18next);
  await i18next.changeLanguage(locale);
}

const signIn = () => act(() => tokenStore.getState().setSession({ accessToken: 'token', user: { id: 7, name: 'Salem', email: 'salem@example.ae', role: 'user' } }));

beforeEach(() => language('en'));
afterEach(() => act(() => tokenStore.getState().clear()));

describe('/success', () => {
  it('says "active" once the API has the subscription active, confirming until then', async () => {
    signIn();
    mine(['pending']);
    await render(<MemoryRouter><SubscriptionOutcome outcome="success" confirmEveryMs={30} /></MemoryRouter>);
    await until(() => reads() >= 1);
    expect(page()?.dataset.confirmation).toBe('checking');
    expect(page()?.textContent).toBe('Confirming your subscription…This takes a few seconds.');

    // The payment's confirmation arrives: the next read finds it active.
    mine(['active']);
    await until(() => page()?.dataset.confirmation === undefined);
    expect(page()?.querySelector('h1')?.textContent).toBe('Subscription successful');
    expect(page()?.textContent).toContain('Thank you! Your subscription is active.');
    const settled = reads();
    await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
    expect(reads()).toBe(settled);
  });

  it('says the payment is still being confirmed after a few reads, with the way to the subscriptions (Arabic)', async () => {
    await language('ar');
    signIn();
    mine([]);
    await render(<MemoryRouter><SubscriptionOutcome outcome="success" confirmEveryMs={10} /></MemoryRouter>);
    await until(() => page()?.dataset.confirmation === 'waiting');
    expect(page()?.querySelector('h1')?.textContent).toBe('ما زلنا نؤكد دفعتك');
    expect($('[data-testid="success-next"]')?.getAttribute('href')).toBe('/profile?tab=subscriptions');
    expect(page()?.textContent).not.toContain('اشتراكك فعّال');
  });

  it('tells a visitor to log in, never that a subscription is active, and asks the API nothing', async () => {
    await render(<MemoryRouter><SubscriptionOutcome outcome="success" confirmEveryMs={10} /></MemoryRouter>);
    await until(() => page()?.dataset.confirmation === 'visitor');
    expect(page()?.querySelector('h1')?.textContent).toBe('Log in to see your subscription');
    expect($('[data-testid="success-next"]')?.getAttribute('href')).toBe('/login?redirect=%2Fprofile%3Ftab%3Dsubscriptions');
    expect(reads()).toBe(0);
  });
});
