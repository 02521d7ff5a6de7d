/**
 * The details page's and the live chat's calls: the research, its chat history, sending and
 * removing messages, the research file's signed link, and the socket's address. Only the details
 * page (a lazy chunk of the pages expose) imports this module. Its answers are parsed with the
 * shared zod schemas: the chat socket validates every frame with them (`./chat/chat-socket`), so zod
 * and the schemas come with this page anyway. The list's reads are in `./api`, without zod.
 */
import { apiClient, apiUrl, throwIfRejected } from '@scholars/shared-contracts';
import {
  chatHistoryResponseSchema,
  chatMessageResponseSchema,
  researchDetailsResponseSchema,
  researchFileLinkResponseSchema,
  type ChatHistory,
  type ChatMessage,
  type ResearchDetails,
  type ResearchFileLink,
} from '@scholars/shared-contracts/schemas';

export async function fetchResearch(id: string | number, signal?: AbortSignal): Promise<ResearchDetails> {
  const response = await apiClient.get(`research-community/${encodeURIComponent(String(id))}`, { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return researchDetailsResponseSchema.parse(response.data).data;
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
  throwIfRejected(response.data, response.status);
  return chatHistoryResponseSchema.parse(response.data).data;
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
