/** The user's conference requests (the conferences remote's data, shown in the profile), without zod. */
import { apiClient, envelopeData } from '@scholars/shared-contracts';
import type { ConferenceRequest } from '@scholars/shared-contracts/schemas';

/** `GET conference-requests/mine`; null when the API does not have it (404). */
export async function fetchMyConferenceRequests(signal?: AbortSignal) {
  const response = await apiClient.get('conference-requests/mine', { silent: true, errorToast: false, signal });
  if (response.status === 404) return null;
  if (response.status >= 400) throw new Error(`conference requests answered ${response.status}`);
  return envelopeData<ConferenceRequest[]>(response.data, Array.isArray, 'conference-requests/mine');
}
