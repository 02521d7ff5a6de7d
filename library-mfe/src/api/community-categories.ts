/** The research categories (for the library's lists and the exchange form), read without zod. */
import { apiClient, envelopeData, throwIfRejected } from '@scholars/shared-contracts';
import type { CommunityCategory } from '@scholars/shared-contracts/schemas';

/** `GET community-categories`; a GET answered `status: false` is an ApiError with its status. */
export async function fetchCategories(signal?: AbortSignal): Promise<CommunityCategory[]> {
  const response = await apiClient.get('community-categories', { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopeData<CommunityCategory[]>(response.data, Array.isArray, 'community-categories');
}
