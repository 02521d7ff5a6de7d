/** Subscriptions: buying a plan and the user's subscriptions, checked for the envelope's shape (no zod). */
import { apiClient, envelopeData } from '@scholars/shared-contracts';
import type { CreateSubscriptionResponse, SubscriptionSummary } from '@scholars/shared-contracts/schemas';

/** Spec 7 `POST stripe/create-subscription` `{ planId, userId, active }`; failures shown in the error box. */
export async function createSubscription(planId: number, userId: string | number, active: boolean) {
  const response = await apiClient.post('stripe/create-subscription', { planId, userId, active }, { errorToast: false });
  // Not always `data`: an active subscription to another plan is answered `{ status, active }`
  // (the confirmation), so only the envelope's status is checked.
  const body = response.data as { status?: unknown } | null;
  if (typeof body !== 'object' || body === null || typeof body.status !== 'boolean') throw new Error('Unexpected response shape: stripe/create-subscription');
  return body as CreateSubscriptionResponse;
}

/** `GET subscriptions/mine`. */
export async function fetchMySubscriptions(signal?: AbortSignal) {
  const response = await apiClient.get('subscriptions/mine', { silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`subscriptions answered ${response.status}`);
  return envelopeData<SubscriptionSummary[]>(response.data, Array.isArray, 'subscriptions/mine');
}
