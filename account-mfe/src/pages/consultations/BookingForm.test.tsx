/**
 * The booking form of a picked slot, through the real `apiClient` against the shared test API
 * server: the member's allowance decides whether there is anything to fill in. Without an active
 * subscription, or with no session left on it (a plan without sessions included), the API would
 * refuse the booking (403), so the form gives way to what is missing and the plans, before the
 * member writes a topic and a description; with a session left, the form is there.
 */
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { ConsultantPage } from '@scholars/shared-contracts/schemas';
import '../../i18n/consultations';
import { consultantCardFixture } from '../../test/consultation-fixture';
import { $, click, render, setUp, submit, tearDown, type, waitFor } from '../../test/harness';
import { BookingForm } from './BookingForm';

const consultant: ConsultantPage = { ...consultantCardFixture, reviews: [] };
const slot = { start: '2031-03-02T06:00:00.000Z', end: '2031-03-02T07:00:00.000Z' };
const period = { periodStart: '2031-01-01T00:00:00.000Z', periodEnd: '2032-01-01T00:00:00.000Z' };

const api = testApiServerPerFile();
const allowance = (data: unknown) => api.answers.set('GET /api/consultations/allowance', { status: 200, body: { status: true, data } });

async function open() {
  await render(
    <MemoryRouter>
      <BookingForm consultant={consultant} slot={slot} onCancel={() => undefined} onSlotTaken={() => undefined} />
    </MemoryRouter>,
  );
  await waitFor(() => expect($('[data-testid="booking-allowance"]')?.textContent).not.toBe(''));
}

afterEach(tearDown);

describe('BookingForm', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setUp('en');
  });

  it('offers no form to a member without an active subscription: what is missing and the plans', async () => {
    allowance(null);
    await open();
    expect($('[data-testid="booking-form"]')).toBeNull();
    expect($('input[name="topic"]')).toBeNull();
    expect($('[data-testid="booking-allowance"]')?.textContent).toBe(
      'Consultations need an active subscription.To book this time, choose a plan with consultation sessions among the plans.',
    );
    expect($('[data-testid="booking-plans"]')?.getAttribute('href')).toBe('/#pricing');
  });

  it('offers no form once the plan’s sessions are used, nor on a plan without sessions', async () => {
    allowance({ included: 2, used: 2, remaining: 0, ...period });
    await open();
    expect($('[data-testid="booking-form"]')).toBeNull();
    expect($('[data-testid="booking-allowance"]')?.textContent).toContain('0 of 2 sessions left this subscription year');
    tearDown();

    await setUp('ar');
    allowance({ included: 0, used: 0, remaining: 0, ...period });
    await open();
    expect($('[data-testid="booking-form"]')).toBeNull();
    expect($('[data-testid="booking-allowance"]')?.textContent).toContain('لا تشمل خطتك جلسات استشارية.');
  });

  it('shows the form with the sessions left', async () => {
    allowance({ included: 2, used: 1, remaining: 1, ...period });
    await open();
    expect($('[data-testid="booking-form"]')).not.toBeNull();
    expect($('input[name="topic"]')).not.toBeNull();
    expect($('[data-testid="booking-allowance"]')?.textContent).toBe('1 of 2 sessions left this subscription year');
  });
});

describe('BookingForm: what was typed is kept in the tab until sent', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setUp('ar');
    tokenStore.getState().setSession({ accessToken: 'token-5', user: { id: 5, name: 'Member 5', email: 'm5@example.ae', role: 'user' } });
    allowance({ included: 2, used: 0, remaining: 2, ...period });
  });
  afterEach(() => window.sessionStorage.clear());
  const field = (name: string) => $<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;

  it('brings the topic, place and description back when the form opens again; forgets them once the booking is sent', async () => {
    await open();
    await type(field('topic'), 'منهجية البحث');
    await click($('[data-testid="booking-mode-onsite"]'));
    await type(field('place'), 'جامعة الإمارات (المبنى 1)');
    await type(field('description'), 'أحتاج إلى مراجعة فصل المنهجية.');
    tearDown();

    await setUp('ar');
    tokenStore.getState().setSession({ accessToken: 'token-5', user: { id: 5, name: 'Member 5', email: 'm5@example.ae', role: 'user' } });
    await open();
    expect($('[data-testid="booking-draft-restored"]')?.textContent).toBe('أعدنا ما كتبته هنا من قبل. راجِعه واختر ملف PDF من جديد إن كان معه ملف، ثم أرسله.');
    expect(field('topic').value).toBe('منهجية البحث');
    expect($<HTMLInputElement>('[data-testid="booking-mode-onsite"]')!.checked).toBe(true);
    expect(field('place').value).toBe('جامعة الإمارات (المبنى 1)');
    expect(field('description').value).toBe('أحتاج إلى مراجعة فصل المنهجية.');

    api.answers.set('POST /api/consultations', { status: 200, body: { status: true, msg: 'sent', data: { id: 1, acceptBy: '2031-03-01T06:00:00.000Z' } } });
    await submit($('[data-testid="booking-form"]'));
    await waitFor(() => expect($('[data-testid="booking-sent"]')).not.toBeNull());
    tearDown();

    await setUp('ar');
    tokenStore.getState().setSession({ accessToken: 'token-5', user: { id: 5, name: 'Member 5', email: 'm5@example.ae', role: 'user' } });
    await open();
    expect($('[data-testid="booking-draft-restored"]')).toBeNull();
    expect(field('topic').value).toBe('');
    expect(field('description').value).toBe('');
  });

  it('brings "on site" back when it was chosen and no place typed yet', async () => {
    await open();
    await click($('[data-testid="booking-mode-onsite"]'));
    tearDown();

    await setUp('ar');
    tokenStore.getState().setSession({ accessToken: 'token-5', user: { id: 5, name: 'Member 5', email: 'm5@example.ae', role: 'user' } });
    await open();
    expect($<HTMLInputElement>('[data-testid="booking-mode-onsite"]')!.checked).toBe(true);
    expect(field('place').value).toBe('');
  });
});
