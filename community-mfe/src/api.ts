/**
 * The research list's calls (paths relative to the API base, spec 7 style), through the
 * application's shared `apiClient` (bearer token, refresh queue, envelope rules).
 * These reads check the envelope's shape instead of parsing with zod: the API validates each answer
 * with the shared schema before sending it, and the list page, which only reads, then loads no zod
 * and no schema (issue 6). The details page's and the chat's calls are in `./details-api`, loaded
 * with the details page; the home carousel's read is in `./lib/carousel-read`.
 */
import { apiClient, ApiError, envelopeData } from '@scholars/shared-contracts';
import type { CommunityCategory, ResearchCommunityItem, ResearchCommunityPaginateBody } from '@scholars/shared-contracts/schemas';

/**
 * A GET answered with `status: false` (the client resolves GETs below 500) becomes an ApiError
 * with the server's message and status; anything else is handed to `read`.
 */
export function unwrapGet<T>(body: unknown, status: number, read: (value: unknown) => T): T {
  if (body && typeof body === 'object' && (body as { status?: unknown }).status === false) {
    const failed = body as { msg?: string; err?: number | string };
    throw new ApiError(failed.msg ?? 'Failed', { kind: 'rejected', status, msg: failed.msg, err: failed.err, data: body });
  }
  return read(body);
}

export async function fetchCategories(): Promise<CommunityCategory[]> {
  const response = await apiClient.get('community-categories', { silent: true, errorToast: false });
  return unwrapGet(response.data, response.status, (body) => envelopeData<CommunityCategory[]>(body, Array.isArray, 'community-categories'));
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
  const data = envelopeData<ResearchCommunityItem[]>(response.data, Array.isArray, 'research-community/paginate');
  // The page count comes from `tot`: it must be there, as the schema requires.
  const tot = (response.data as { tot?: unknown }).tot;
  if (typeof tot !== 'number' || !Number.isInteger(tot) || tot < 0) throw new Error('Unexpected response shape: research-community/paginate');
  return { data, tot };
}
