/**
 * The community carousel's read, kept apart from `../api` so that the home page's widget loads no
 * zod schema (zod is ~90 KiB gzip; issue 6). The API validates this response against
 * `researchCommunityPageResponseSchema` before sending it; here only the envelope's shape is checked.
 */
import { apiClient, envelopeData } from '@scholars/shared-contracts';
import type { ResearchCommunityItem, ResearchCommunityPaginateBody } from '@scholars/shared-contracts/schemas';

export async function fetchCarouselPage(
  body: ResearchCommunityPaginateBody,
  options: { signal?: AbortSignal } = {},
): Promise<{ data: ResearchCommunityItem[]; tot: number }> {
  const response = await apiClient.post('research-community/paginate', body, { silent: true, errorToast: false, signal: options.signal });
  const data = envelopeData<ResearchCommunityItem[]>(response.data, Array.isArray);
  return { data, tot: Number((response.data as { tot?: unknown }).tot ?? data.length) };
}
