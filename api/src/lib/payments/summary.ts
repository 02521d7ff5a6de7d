/**
 * A subscription as its owner sees it (the profile, `GET subscriptions/mine`) and as the users
 * screen shows it: one reading of the row's state for both.
 */
import type { SubscriptionStatus, SubscriptionSummary } from '@scholars/shared-contracts/schemas';
import type { subscriptionPlans } from '../../db/schema';
import type { SubscriptionRow } from './events';

type PlanRow = Pick<typeof subscriptionPlans.$inferSelect, 'name' | 'nameEn'>;

/** `expired` when an active subscription's paid period is over; `canceled` once it ended (final). */
export function subscriptionStatus(row: SubscriptionRow, now = new Date()): SubscriptionStatus {
  const live = row.status === 'active' && !row.endedAt;
  const over = row.currentPeriodEnd !== null && row.currentPeriodEnd <= now;
  return live && over ? 'expired' : row.endedAt ? 'canceled' : row.status;
}

export function subscriptionSummary(row: SubscriptionRow, plan: PlanRow, now = new Date()): SubscriptionSummary {
  const status = subscriptionStatus(row, now);
  return {
    id: row.id,
    plan_id: row.planId,
    plan_name: plan.name,
    plan_name_en: plan.nameEn,
    status,
    price: row.price,
    currency: row.currency,
    interval: row.interval,
    provider: row.provider,
    payment_method: row.paymentMethod,
    start_date: row.currentPeriodStart?.toISOString() ?? null,
    next_billing_date: status === 'active' && !row.cancelAtPeriodEnd ? (row.currentPeriodEnd?.toISOString() ?? null) : null,
    period_end: row.currentPeriodEnd?.toISOString() ?? null,
    auto_renew: status === 'active' && !row.cancelAtPeriodEnd,
    ended_at: row.endedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
