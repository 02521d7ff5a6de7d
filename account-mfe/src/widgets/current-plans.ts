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

/** By plan id, until when the member's plans are paid (null: not known), renewing or not. */
export async function loadHeldPlans(signal: AbortSignal): Promise<Map<number, string | null>> {
  return new Map([...currentPlans(await fetchMySubscriptions(signal))].map(([planId, item]) => [planId, item.period_end]));
}
