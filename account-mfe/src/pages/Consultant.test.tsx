/**
 * A consultant's page through the real `apiClient` against the shared test API server: a member
 * picks a free time and the booking form reads that member's allowance. When another account
 * signs in (in another tab, this tab seeing only the end state), the form reads the new account's
 * allowance instead of keeping the first one's.
 */
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import '../i18n/consultations';
import { consultantCardFixture } from '../test/consultation-fixture';
import { $, click, render, setUp, tearDown, waitFor } from '../test/harness';
import { Consultant } from './Consultant';

const period = { periodStart: '2031-01-01T00:00:00.000Z', periodEnd: '2032-01-01T00:00:00.000Z' };
const start = new Date(Date.now() + 3 * 86_400_000);
start.setUTCHours(6, 0, 0, 0);
const slot = { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() };

const api = testApiServerPerFile();
const allowance = (remaining: number) =>
  api.answers.set('GET /api/consultations/allowance', { status: 200, body: { status: true, data: { included: 2, used: 2 - remaining, remaining, ...period } } });
const signIn = (id: number) => tokenStore.getState().setSession({ accessToken: `token-${id}`, user: { id, name: `Member ${id}`, email: `m${id}@example.ae`, role: 'user' } });

beforeEach(async () => {
  await setUp('en');
  api.answers.set(`GET /api/consultants/${consultantCardFixture.id}`, { status: 200, body: { status: true, data: { ...consultantCardFixture, reviews: [] } } });
  api.answers.set(`GET /api/consultants/${consultantCardFixture.id}/slots`, { status: 200, body: { status: true, data: { timeZone: 'Asia/Dubai', slots: [slot] } } });
});
afterEach(tearDown);

describe('consultant page: booking', { timeout: 30_000 }, () => {
  it("another account signing in reads its own allowance, not the first member's", async () => {
    signIn(5);
    allowance(0);
    await render(
      <MemoryRouter initialEntries={[`/consultations/${consultantCardFixture.id}`]}>
        <Routes>
          <Route path="/consultations/:id" element={<Consultant />} />
        </Routes>
      </MemoryRouter>,
    );
    await click(await waitFor(() => $(`[data-testid="slot"][data-start="${slot.start}"]`)!));
    await waitFor(() => expect($('[data-testid="booking-allowance"]')?.textContent).toContain('0 of 2 sessions left'));
    expect($('[data-testid="booking-form"]')).toBeNull();

    // Member 6 signs in in another tab; this tab's store goes from member 5 straight to member 6.
    allowance(2);
    await act(async () => signIn(6));
    await waitFor(() => expect($('[data-testid="booking-allowance"]')?.textContent).toBe('2 of 2 sessions left this subscription year'));
    expect($('[data-testid="booking-form"]')).not.toBeNull();
    expect($('[data-testid="booking-blocked"]')).toBeNull();
  });
});
