/** The universities (the library's filters), read without zod. */
import { apiClient, envelopeData, throwIfRejected } from '@scholars/shared-contracts';
import type { University } from '@scholars/shared-contracts/schemas';

/** `GET universities`; a GET answered `status: false` is an ApiError with its status. */
export async function fetchUniversities(signal?: AbortSignal): Promise<University[]> {
  const response = await apiClient.get('universities', { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopeData<University[]>(response.data, Array.isArray, 'universities');
}
