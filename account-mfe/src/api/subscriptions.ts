/** Subscriptions: buying a plan and the user's subscriptions, checked for the envelope's shape (no zod). */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type { CreateSubscriptionResponse, SubscriptionRenewalBody, SubscriptionSummary } from '@scholars/shared-contracts/schemas';

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

/**
 * `PUT subscriptions/{id}/renewal` `{ auto_renew }` (`subscriptionRenewalBodySchema`): renewal off
 * (the subscription ends with its paid period) or back on. Answers the updated subscription; the
 * server's localized message shows as a toast, a refusal rejects with it (ApiError).
 */
export async function setSubscriptionRenewal(id: number, body: SubscriptionRenewalBody) {
  const response = await apiClient.put(`subscriptions/${id}/renewal`, body, { errorToast: false, successToast: true });
  return envelopeData<SubscriptionSummary>(response.data, isDataObject, 'subscriptions/{id}/renewal');
}
