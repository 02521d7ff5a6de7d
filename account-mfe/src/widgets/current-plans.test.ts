import { describe, expect, it } from 'vitest';
import type { SubscriptionSummary } from '@scholars/shared-contracts/schemas';
import { currentPlans } from './current-plans';

const subscription = (id: number, planId: number, status: SubscriptionSummary['status'], end: string | null, renews = true): SubscriptionSummary => ({
  id,
  plan_id: planId,
  plan_name: 'الخطة',
  plan_name_en: 'Plan',
  status,
  price: 299,
  currency: 'AED',
  interval: 'year',
  provider: 'local',
  payment_method: 'card',
  start_date: null,
  next_billing_date: status === 'active' && renews ? end : null,
  period_end: end,
  auto_renew: status === 'active' && renews,
  ended_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('the plans a member holds (pricing cards)', () => {
  it('keeps active subscriptions only, the one paid furthest ahead per plan', () => {
    const held = currentPlans([
      subscription(1, 1, 'active', '2027-01-01T00:00:00.000Z'),
      subscription(2, 1, 'active', '2027-06-01T00:00:00.000Z'),
      subscription(3, 2, 'expired', '2026-01-01T00:00:00.000Z'),
      subscription(4, 3, 'pending', null),
    ]);
    expect([...held.keys()]).toEqual([1]);
    expect(held.get(1)?.id).toBe(2);
  });

  it('counts a subscription whose renewal is off until its paid period ends (it has no next billing date)', () => {
    const held = currentPlans([subscription(1, 1, 'active', '2027-01-01T00:00:00.000Z'), subscription(2, 1, 'active', '2027-06-01T00:00:00.000Z', false)]);
    expect(held.get(1)?.id).toBe(2);
    expect(held.get(1)?.period_end).toBe('2027-06-01T00:00:00.000Z');
  });
});
