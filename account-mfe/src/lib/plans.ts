/**
 * The plans read of the home page's pricing section, kept apart from `./api` so that the widget
 * loads no zod schema (zod is ~90 KiB gzip; issue 6). The API validates this response against
 * `subscriptionPlansResponseSchema` before sending it; here only the envelope's shape is checked.
 */
import { apiClient, envelopeData } from '@scholars/shared-contracts';
import type { SubscriptionPlan } from '@scholars/shared-contracts/schemas';

export async function fetchPlans(signal?: AbortSignal): Promise<SubscriptionPlan[]> {
  const response = await apiClient.get('subscription-plan', { silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`subscription-plan answered ${response.status}`);
  return envelopeData<SubscriptionPlan[]>(response.data, Array.isArray);
}
