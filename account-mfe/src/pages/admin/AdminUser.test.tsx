/**
 * A user's page in the console (the calls replaced): the repeat offender is marked from 3 removals
 * in 90 days; a suspension needs a reason, is confirmed before it is sent (with the end date as an
 * ISO time) and the server's refusal is shown; an active suspension offers Lift instead; revoking a
 * role is confirmed and cancelling sends nothing.
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@scholars/shared-contracts';
import type { AdminUserDetails } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, submit, tearDown, text, type } from '../../test/harness';

const api = vi.hoisted(() => ({
  fetchAdminUser: vi.fn(),
  changeRole: vi.fn(),
  setSupervisor: vi.fn(),
  suspendUser: vi.fn(),
  liftSuspension: vi.fn(),
}));
vi.mock('../../api/admin', () => api);
const { AdminUser } = await import('./AdminUser');

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

async function open(user: AdminUserDetails) {
  api.fetchAdminUser.mockResolvedValue(user);
  await render(
    <MemoryRouter initialEntries={['/admin/users/12']}>
      <Routes>
        <Route path="/admin/users/:id" element={<AdminUser />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await setUp('ar');
  Object.values(api).forEach((mock) => mock.mockReset());
});
afterEach(tearDown);

describe('console: a user', () => {
  it('marks a repeat offender, and not someone with fewer removals', async () => {
    await open(base);
    expect(api.fetchAdminUser).toHaveBeenCalledWith('12', expect.anything());
    expect($('[data-testid="admin-user-name"]')?.textContent).toContain('سالم');
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
    expect($('[data-testid="admin-confirm"]')?.textContent).toContain('تعليق حساب سالم');
    expect(api.suspendUser).not.toHaveBeenCalled();

    api.suspendUser.mockRejectedValueOnce(new ApiError('أدخل تاريخ انتهاء صحيحًا في المستقبل، أو اتركه فارغًا.', { kind: 'rejected', status: 400, msg: 'أدخل تاريخ انتهاء صحيحًا في المستقبل، أو اتركه فارغًا.' }));
    const confirm = $$('[data-testid="admin-confirm"] button').at(-1)!;
    await click(confirm);
    expect(api.suspendUser).toHaveBeenCalledWith(12, { reason: 'إساءة متكررة', ends_at: new Date('2030-02-01T23:59:59').toISOString() });
    expect($('[data-testid="admin-user-error"]')?.textContent).toContain('أدخل تاريخ انتهاء صحيحًا');
    expect($('[data-testid="admin-confirm"]')).toBeNull();
  });

  it('offers Lift for an active suspension and shows its history', async () => {
    await open({
      ...base,
      state: 'suspended',
      suspensions: [{ id: 3, reason: 'سبام', ends_at: null, created_at: '2026-03-01T08:00:00.000Z', created_by: 'المسؤول', lifted_at: null, lifted_by: null, lift_reason: null }],
    });
    expect($('[data-testid="admin-suspend-form"]')).toBeNull();
    expect($('[data-testid="admin-suspension"]')?.textContent).toContain('سبام');
    expect($('[data-testid="admin-suspension"]')?.textContent).toContain('حتى رفع التعليق');
    api.liftSuspension.mockResolvedValue({ status: true, data: {} });
    await submit($('[data-testid="admin-lift-form"]'));
    await click($$('[data-testid="admin-confirm"] button').at(-1)!);
    expect(api.liftSuspension).toHaveBeenCalledWith(12, null);
    // Reloaded after the change.
    expect(api.fetchAdminUser).toHaveBeenCalledTimes(2);
  });

  it('confirms a revocation; cancelling sends nothing', async () => {
    await open(base);
    await click($('[data-testid="admin-revoke-reviewer"]'));
    expect($('[data-testid="admin-confirm"]')?.textContent).toContain('مراجع');
    await click($$('[data-testid="admin-confirm"] button')[0]!);
    expect(api.changeRole).not.toHaveBeenCalled();
    expect($('[data-testid="admin-confirm"]')).toBeNull();

    api.changeRole.mockResolvedValue({ status: true, data: { roles: ['reviewer', 'admin'] } });
    await type($('[data-testid="admin-grant-role"]'), 'admin');
    await submit($('[data-testid="admin-grant"]')!.closest('form'));
    expect(api.changeRole).toHaveBeenCalledWith(12, { action: 'grant', role: 'admin', reason: null });
  });
});
