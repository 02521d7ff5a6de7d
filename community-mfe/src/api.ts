/**
 * The research list's calls (paths relative to the API base, spec 7 style), through the
 * application's shared `apiClient` (bearer token, refresh queue, envelope rules).
 * These reads check the envelope's shape instead of parsing with zod: the API validates each answer
 * with the shared schema before sending it, and the list page, which only reads, then loads no zod
 * and no schema (issue 6). The details page's and the chat's calls are in `./details-api`, loaded
 * with the details page; the home carousel's read is in `./lib/carousel-read`.
 */
import { apiClient, envelopeData, envelopePage, throwIfRejected } from '@scholars/shared-contracts';
import type { CommunityCategory, ResearchCommunityItem, ResearchCommunityPaginateBody } from '@scholars/shared-contracts/schemas';

export async function fetchCategories(): Promise<CommunityCategory[]> {
  const response = await apiClient.get('community-categories', { silent: true, errorToast: false });
  // A GET answered `status: false` (the client resolves GETs below 500) becomes an ApiError.
  throwIfRejected(response.data, response.status);
  return envelopeData<CommunityCategory[]>(response.data, Array.isArray, 'community-categories');
}

/**
 * Spec 7: `POST /research-community/paginate` with category_id, limit, page, col, search. (A POST
 * answered with `status: false` is already an ApiError from the client.)
 */
export async function fetchResearchPage(
  body: ResearchCommunityPaginateBody,
  options: { signal?: AbortSignal } = {},
): Promise<{ data: ResearchCommunityItem[]; tot: number }> {
  const response = await apiClient.post('research-community/paginate', body, { silent: true, errorToast: false, signal: options.signal });
  return envelopePage<ResearchCommunityItem>(response.data, 'research-community/paginate');
}
