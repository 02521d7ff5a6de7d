/**
 * The invitation link, through the real `apiClient` and `../api/supervision` against the shared
 * test API server (real HTTP on 127.0.0.1; nothing of ours replaced): a visitor is sent to sign in
 * or sign up and back here; another account is told which address is needed; the invited account
 * accepts; a withdrawn or unknown link says so (Arabic).
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { SupervisionInvitation as Invitation } from '@scholars/shared-contracts/schemas';
import { $, click, render, setUp, tearDown, waitFor } from '../test/harness';
import { SupervisionInvitation } from './SupervisionInvitation';

const TOKEN = 'abcdefghijklmnop1234';
const PATH = `/api/supervision/invitations/${TOKEN}`;
const pending: Invitation = { student: { name: 'ليلى' }, email: 'prof@uni.ae', state: 'pending' };
const signIn = (email: string) => tokenStore.getState().setSession({ accessToken: 'token', user: { id: 3, name: 'د. أحمد', email, role: 'user' } });

const api = testApiServerPerFile();

/** The invitation the API answers with (null: its 404 envelope). */
function answer(invitation: Invitation | null) {
  if (invitation) api.answers.set(`GET ${PATH}`, { status: 200, body: { status: true, data: invitation } });
  else api.answers.set(`GET ${PATH}`, { status: 404, body: { status: false, msg: 'رابط الدعوة غير صالح.', err: 404 } });
}

async function open() {
  await render(
    <MemoryRouter initialEntries={[`/supervision/${TOKEN}`]}>
      <Routes>
        <Route path="/supervision/:token" element={<SupervisionInvitation />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await setUp('ar');
});
afterEach(tearDown);

describe('supervision invitation page', { timeout: 30_000 }, () => {
  it('sends a visitor to sign in or sign up, and back here', async () => {
    answer(pending);
    await open();
    await waitFor(() => expect($('[data-testid="invitation-pending"]')?.textContent).toContain('ليلى'));
    expect(api.seen.filter((request) => request.method === 'GET').map((request) => request.path)).toEqual([PATH]);
    expect($('[data-testid="invitation-login"]')?.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(`/supervision/${TOKEN}`)}`);
    expect($('[data-testid="invitation-register"]')?.getAttribute('href')).toBe(`/register?redirect=${encodeURIComponent(`/supervision/${TOKEN}`)}`);
    expect($('[data-testid="invitation-accept"]')).toBeNull();
  });

  it('tells another account which address is needed', async () => {
    signIn('someone@else.ae');
    answer(pending);
    await open();
    await waitFor(() => expect($('[data-testid="invitation-wrong-account"]')?.textContent).toContain('prof@uni.ae'));
    expect($('[data-testid="invitation-accept"]')).toBeNull();
  });

  it('lets the invited account accept (the address compared without case)', async () => {
    signIn('Prof@Uni.ae');
    answer(pending);
    api.answers.set(`POST ${PATH}`, { status: 200, body: { status: true, msg: 'قبلت الإشراف.', data: { ...pending, state: 'accepted' } } });
    await open();
    await click(await waitFor(() => $('[data-testid="invitation-accept"]')));
    await waitFor(() => expect($('[data-testid="invitation-accepted"]')?.textContent).toContain('ليلى'));
    const sent = api.seen.filter((request) => request.method === 'POST');
    expect(sent.map((request) => request.path)).toEqual([PATH]);
    expect(JSON.parse(sent[0]!.body)).toEqual({ decision: 'accept' });
  });

  it('an answered link tells anyone but the invited account only that it was answered, with a way to sign in', async () => {
    answer({ student: null, email: null, state: 'accepted' });
    await open();
    const answered = await waitFor(() => $('[data-testid="invitation-answered"]'));
    expect(answered.textContent).toContain('أُجيب عن هذه الدعوة من قبل.');
    expect(answered.textContent).not.toContain('طالبك');
    expect($('[data-testid="invitation-accepted"]')).toBeNull();
    expect($('[data-testid="invitation-login"]')?.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(`/supervision/${TOKEN}`)}`);
  });

  it('explains a withdrawn and an unknown link', async () => {
    answer({ ...pending, state: 'withdrawn' });
    await open();
    await waitFor(() => expect($('[data-testid="invitation-withdrawn"]')?.textContent).toContain('سحب الطالب'));
    tearDown();
    await setUp('ar');
    answer(null);
    await open();
    await waitFor(() => expect($('[data-testid="invitation-unknown"]')?.textContent).toContain('غير صالح'));
  });
});
