/** The user's conference registrations (the conferences remote's data, shown in the profile), without zod. */
import { apiClient, envelopeData } from '@scholars/shared-contracts';
import type { MyRegistration } from '@scholars/shared-contracts/schemas';

/** `GET conference-registrations/mine`; null when the API does not have it (404). */
export async function fetchMyRegistrations(signal?: AbortSignal) {
  const response = await apiClient.get('conference-registrations/mine', { silent: true, errorToast: false, signal });
  if (response.status === 404) return null;
  if (response.status >= 400) throw new Error(`conference registrations answered ${response.status}`);
  return envelopeData<MyRegistration[]>(response.data, Array.isArray, 'conference-registrations/mine');
}
