/**
 * The invitation link (the calls replaced): a visitor is sent to sign in or sign up and back here;
 * another account is told which address is needed; the invited account accepts; a declined,
 * withdrawn or unknown link says so (Arabic).
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '@scholars/shared-contracts';
import { $, click, render, setUp, tearDown } from '../test/harness';

const api = vi.hoisted(() => ({ fetchMySupervision: vi.fn(), nameSupervisor: vi.fn(), remindSupervisor: vi.fn(), fetchInvitation: vi.fn(), answerInvitation: vi.fn() }));
vi.mock('../api/supervision', () => api);
const { SupervisionInvitation } = await import('./SupervisionInvitation');

const TOKEN = 'abcdefghijklmnop1234';
const pending = { student: { name: 'ليلى' }, email: 'prof@uni.ae', state: 'pending' as const };
const signIn = (email: string) => tokenStore.getState().setSession({ accessToken: 'token', user: { id: 3, name: 'د. أحمد', email, role: 'user' } });

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
  Object.values(api).forEach((mock) => mock.mockReset());
});
afterEach(tearDown);

describe('supervision invitation page', () => {
  it('sends a visitor to sign in or sign up, and back here', async () => {
    api.fetchInvitation.mockResolvedValue(pending);
    await open();
    expect(api.fetchInvitation).toHaveBeenCalledWith(TOKEN, expect.anything());
    expect($('[data-testid="invitation-pending"]')?.textContent).toContain('ليلى');
    expect($('[data-testid="invitation-login"]')?.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(`/supervision/${TOKEN}`)}`);
    expect($('[data-testid="invitation-register"]')?.getAttribute('href')).toBe(`/register?redirect=${encodeURIComponent(`/supervision/${TOKEN}`)}`);
    expect($('[data-testid="invitation-accept"]')).toBeNull();
  });

  it('tells another account which address is needed', async () => {
    signIn('someone@else.ae');
    api.fetchInvitation.mockResolvedValue(pending);
    await open();
    expect($('[data-testid="invitation-wrong-account"]')?.textContent).toContain('prof@uni.ae');
    expect($('[data-testid="invitation-accept"]')).toBeNull();
  });

  it('lets the invited account accept (the address compared without case)', async () => {
    signIn('Prof@Uni.ae');
    api.fetchInvitation.mockResolvedValue(pending);
    api.answerInvitation.mockResolvedValue({ status: true, data: { ...pending, state: 'accepted' } });
    await open();
    await click($('[data-testid="invitation-accept"]'));
    expect(api.answerInvitation).toHaveBeenCalledWith(TOKEN, 'accept');
    expect($('[data-testid="invitation-accepted"]')?.textContent).toContain('ليلى');
  });

  it('explains a withdrawn and an unknown link', async () => {
    api.fetchInvitation.mockResolvedValue({ ...pending, state: 'withdrawn' });
    await open();
    expect($('[data-testid="invitation-withdrawn"]')?.textContent).toContain('سحب الطالب');
    tearDown();
    await setUp('ar');
    api.fetchInvitation.mockResolvedValue(null);
    await open();
    expect($('[data-testid="invitation-unknown"]')?.textContent).toContain('غير صالح');
  });
});
