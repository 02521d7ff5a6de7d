/** Conference categories (the list's dropdown), read without zod like the other reads (./conferences). */
import { apiClient, envelopeData } from '@scholars/shared-contracts';
import type { ConferenceCategory } from '@scholars/shared-contracts/schemas';

/** `GET conference-categories`. */
export async function fetchCategories(): Promise<ConferenceCategory[]> {
  const response = await apiClient.get('conference-categories', { silent: true, errorToast: false });
  return envelopeData<ConferenceCategory[]>(response.data, Array.isArray, 'conference-categories');
}
