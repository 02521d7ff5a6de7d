/**
 * The plans the signed-in member holds, for the pricing cards (issue 21): fetched with the
 * subscriptions call, in a chunk of their own, so the home page's
 * pricing widget stays within its budget (a visitor never fetches this).
 */
import type { SubscriptionSummary } from '@scholars/shared-contracts/schemas';
import { fetchMySubscriptions } from '../api/subscriptions';

/** The member's active subscription to each plan (the one paid furthest ahead), by plan id. */
export function currentPlans(subscriptions: SubscriptionSummary[]): Map<number, SubscriptionSummary> {
  const byPlan = new Map<number, SubscriptionSummary>();
  for (const item of subscriptions) {
    if (item.status !== 'active') continue;
    const known = byPlan.get(item.plan_id);
    if (!known || (item.period_end ?? '') > (known.period_end ?? '')) byPlan.set(item.plan_id, item);
  }
  return byPlan;
}

/** What the member holds of a plan: paid until (null: not known), at the price they pay (a price change applies to new purchases only). */
export interface HeldPlan {
  until: string | null;
  price: number;
}

/** By plan id, the member's plans, renewing or not. */
export async function loadHeldPlans(signal: AbortSignal): Promise<Map<number, HeldPlan>> {
  return new Map([...currentPlans(await fetchMySubscriptions(signal))].map(([planId, item]) => [planId, { until: item.period_end, price: item.price }]));
}
