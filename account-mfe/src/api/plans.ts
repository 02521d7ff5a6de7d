/**
 * The subscription plans (the home page's pricing section). The API validates this answer against
 * `subscriptionPlansResponseSchema` before sending it; here only the envelope's shape is checked, so
 * the widget loads no zod schema (zod is ~90 KiB gzip; issue 6).
 */
import { apiClient, envelopeData } from '@scholars/shared-contracts';
import type { SubscriptionPlan } from '@scholars/shared-contracts/schemas';

/** Spec 7 `GET subscription-plan` (a failure is shown in the section, no toast). */
export async function fetchPlans(signal?: AbortSignal): Promise<SubscriptionPlan[]> {
  const response = await apiClient.get('subscription-plan', { silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`subscription-plan answered ${response.status}`);
  return envelopeData<SubscriptionPlan[]>(response.data, Array.isArray);
}
