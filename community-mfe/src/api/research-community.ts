/**
 * The research community's list: the reads of the list page and of the home carousel, through the
 * application's shared `apiClient` (bearer token, refresh queue, envelope rules).
 * These reads check the envelope's shape instead of parsing with zod: the API validates each answer
 * with the shared schema before sending it, so the list page and the widget, which only read, load
 * no zod and no schema (issue 6). One research (./research) and its chat (./messages) are parsed
 * with the schemas, loaded with the details page.
 */
import { apiClient, envelopeData, envelopePage } from '@scholars/shared-contracts';
import type { ResearchCommunityItem, ResearchCommunityPaginateBody } from '@scholars/shared-contracts/schemas';

/**
 * Spec 7: `POST /research-community/paginate` with category_id, limit, page, col, search (the list).
 * (A POST answered with `status: false` is already an ApiError from the client.)
 */
export async function fetchResearchPage(
  body: ResearchCommunityPaginateBody,
  options: { signal?: AbortSignal } = {},
): Promise<{ data: ResearchCommunityItem[]; tot: number }> {
  const response = await apiClient.post('research-community/paginate', body, { silent: true, errorToast: false, signal: options.signal });
  return envelopePage<ResearchCommunityItem>(response.data, 'research-community/paginate');
}

/** The same call for the home carousel: failures are only logged by the caller (spec 8). */
export async function fetchCarouselPage(
  body: ResearchCommunityPaginateBody,
  options: { signal?: AbortSignal } = {},
): Promise<{ data: ResearchCommunityItem[]; tot: number }> {
  const response = await apiClient.post('research-community/paginate', body, { silent: true, errorToast: false, signal: options.signal });
  const data = envelopeData<ResearchCommunityItem[]>(response.data, Array.isArray);
  return { data, tot: Number((response.data as { tot?: unknown }).tot ?? data.length) };
}
