/**
 * The consultations list's "Match me" box, through the real `apiClient` against the test API
 * server: the proposals made for one member are not left on screen for the next account that signs
 * in (in another tab), which gets its own allowance read and an empty box.
 */
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { consultantCardFixture } from '../test/consultation-fixture';
import { $, $$, render, setUp, submit, tearDown, waitFor } from '../test/harness';
import { Consultations } from './Consultations';

const card = consultantCardFixture;
const period = { periodStart: '2031-01-01T00:00:00.000Z', periodEnd: '2032-01-01T00:00:00.000Z' };

const api = testApiServerPerFile();
const allowanceReads = () => api.seen.filter((request) => request.method === 'GET' && request.path === '/api/consultations/allowance');
const signIn = (id: number) => tokenStore.getState().setSession({ accessToken: `token-${id}`, user: { id, name: `Member ${id}`, email: `m${id}@example.ae`, role: 'user' } });

beforeEach(async () => {
  await setUp('en');
  api.answers.set('GET /api/community-categories', { status: 200, body: { status: true, data: [{ id: 1, name: 'التربية', name_en: 'Education' }] } });
  api.answers.set('POST /api/consultants/paginate', { status: 200, body: { status: true, data: [card], tot: 1 } });
  api.answers.set('GET /api/consultations/allowance', { status: 200, body: { status: true, data: { included: 4, used: 1, remaining: 3, ...period } } });
  api.answers.set('POST /api/consultations/match', { status: 200, body: { status: true, data: [card] } });
});
afterEach(tearDown);

describe('consultations: Match me', { timeout: 30_000 }, () => {
  it("another account signing in gets its own allowance and an empty box, not the first member's proposals", async () => {
    signIn(5);
    await render(
      <MemoryRouter initialEntries={['/consultations']}>
        <Routes>
          <Route path="/consultations" element={<Consultations />} />
        </Routes>
      </MemoryRouter>,
    );
    const field = await waitFor(() => $<HTMLSelectElement>('[data-testid="match-field"] option[value="1"]')!);
    const select = $<HTMLSelectElement>('[data-testid="match-field"]')!;
    await act(async () => {
      select.value = field.value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await submit($('[data-testid="match-form"]'));
    await waitFor(() => expect($$('[data-testid="match-results"] li')).toHaveLength(1));
    expect(allowanceReads()).toHaveLength(1);

    // Member 5 signs out in another tab and member 6 signs in there.
    await act(async () => tokenStore.getState().clear());
    await waitFor(() => expect($('[data-testid="match-sign-in"]')).not.toBeNull());
    expect($('[data-testid="match-results"]')).toBeNull();
    await act(async () => signIn(6));
    await waitFor(() => expect($('[data-testid="match-form"]')).not.toBeNull());
    expect($('[data-testid="match-results"]')).toBeNull();
    expect($<HTMLSelectElement>('[data-testid="match-field"]')!.value).toBe('');
    expect(allowanceReads()).toHaveLength(2);
  });
});
