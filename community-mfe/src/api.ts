/**
 * The calls of the research community (paths relative to the API base, spec 7 style), through
 * the application's shared `apiClient` (bearer token, refresh queue, envelope rules). Answers
 * are checked with the shared zod schemas.
 */
import { apiClient, ApiError, apiUrl } from '@scholars/shared-contracts';
import {
  chatHistoryResponseSchema,
  chatMessageResponseSchema,
  communityCategoriesResponseSchema,
  researchCommunityPageResponseSchema,
  researchDetailsResponseSchema,
  researchFileLinkResponseSchema,
  type ChatHistory,
  type ChatMessage,
  type CommunityCategory,
  type ResearchCommunityItem,
  type ResearchCommunityPaginateBody,
  type ResearchDetails,
  type ResearchFileLink,
} from '@scholars/shared-contracts/schemas';

/** A GET answered with `status: false` (the client resolves GETs below 500) becomes an ApiError. */
function unwrapGet<T>(body: unknown, status: number, parse: (value: unknown) => T): T {
  if (body && typeof body === 'object' && (body as { status?: unknown }).status === false) {
    const failed = body as { msg?: string; err?: number | string };
    throw new ApiError(failed.msg ?? 'Failed', { kind: 'rejected', status, msg: failed.msg, err: failed.err, data: body });
  }
  return parse(body);
}

export async function fetchCategories(): Promise<CommunityCategory[]> {
  const response = await apiClient.get('community-categories', { silent: true, errorToast: false });
  return unwrapGet(response.data, response.status, (body) => communityCategoriesResponseSchema.parse(body).data);
}

/** Spec 7: `POST /research-community/paginate` with category_id, limit, page, col, search. */
export async function fetchResearchPage(
  body: ResearchCommunityPaginateBody,
  options: { signal?: AbortSignal } = {},
): Promise<{ data: ResearchCommunityItem[]; tot: number }> {
  const response = await apiClient.post('research-community/paginate', body, { silent: true, errorToast: false, signal: options.signal });
  const parsed = researchCommunityPageResponseSchema.parse(response.data);
  return { data: parsed.data, tot: parsed.tot };
}

export async function fetchResearch(id: string | number, signal?: AbortSignal): Promise<ResearchDetails> {
  const response = await apiClient.get(`research-community/${encodeURIComponent(String(id))}`, { silent: true, errorToast: false, signal });
  return unwrapGet(response.data, response.status, (body) => researchDetailsResponseSchema.parse(body).data);
}

export async function fetchMessages(
  researchId: number,
  query: { before?: number; after?: number; limit?: number } = {},
): Promise<ChatHistory> {
  const params: Record<string, string> = {};
  if (query.before !== undefined) params.before = String(query.before);
  if (query.after !== undefined) params.after = String(query.after);
  if (query.limit !== undefined) params.limit = String(query.limit);
  const response = await apiClient.get(`research-community/${researchId}/messages`, { params, silent: true, errorToast: false });
  return unwrapGet(response.data, response.status, (body) => chatHistoryResponseSchema.parse(body).data);
}

/** Posts a message; failures come back as ApiError with the server's localized `msg` (shown inline). */
export async function postMessage(researchId: number, text: string, clientId: string): Promise<ChatMessage> {
  const response = await apiClient.post(
    `research-community/${researchId}/messages`,
    { text, client_id: clientId },
    { silent: true, errorToast: false },
  );
  return chatMessageResponseSchema.parse(response.data).data;
}

export async function deleteMessage(researchId: number, messageId: number): Promise<ChatMessage> {
  const response = await apiClient.delete(`research-community/${researchId}/messages/${messageId}`, { silent: true, errorToast: false });
  return chatMessageResponseSchema.parse(response.data).data;
}

/** Short-lived addresses of the research file (active subscription; 403 `subscription_required` otherwise). */
export async function fetchFileLink(researchId: number): Promise<ResearchFileLink> {
  const response = await apiClient.post(`research-community/${researchId}/file-link`, {}, { silent: true, errorToast: false });
  return researchFileLinkResponseSchema.parse(response.data).data;
}


/** The chat socket's address: the API base with ws(s) instead of http(s). */
export function socketUrl(path: string): string {
  const url = new URL(apiUrl(path));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
