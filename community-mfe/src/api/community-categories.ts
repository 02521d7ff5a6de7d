/** The community's categories (the list's filter), read without zod like the list (./research-community). */
import { apiClient, envelopeData, throwIfRejected } from '@scholars/shared-contracts';
import type { CommunityCategory } from '@scholars/shared-contracts/schemas';

/** `GET community-categories`. */
export async function fetchCategories(): Promise<CommunityCategory[]> {
  const response = await apiClient.get('community-categories', { silent: true, errorToast: false });
  // A GET answered `status: false` (the client resolves GETs below 500) becomes an ApiError.
  throwIfRejected(response.data, response.status);
  return envelopeData<CommunityCategory[]>(response.data, Array.isArray, 'community-categories');
}
