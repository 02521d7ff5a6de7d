/**
 * The chat of a research (`research-community/{id}/messages`): history, posting and removal, parsed
 * with the shared zod schemas like the socket's frames. Only the details page's chat imports this
 * module.
 */
import { apiClient, throwIfRejected } from '@scholars/shared-contracts';
import { chatHistoryResponseSchema, chatMessageResponseSchema, type ChatHistory, type ChatMessage } from '@scholars/shared-contracts/schemas';

/** `GET research-community/{id}/messages?before=&after=&limit=`. */
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

/** `POST research-community/{id}/messages`; failures come back as ApiError with the server's localized `msg` (shown inline). */
export async function postMessage(researchId: number, text: string, clientId: string): Promise<ChatMessage> {
  const response = await apiClient.post(
    `research-community/${researchId}/messages`,
    { text, client_id: clientId },
    { silent: true, errorToast: false },
  );
  return chatMessageResponseSchema.parse(response.data).data;
}

/** `DELETE research-community/{id}/messages/{messageId}` (the sender or an admin). */
export async function deleteMessage(researchId: number, messageId: number): Promise<ChatMessage> {
  const response = await apiClient.delete(`research-community/${researchId}/messages/${messageId}`, { silent: true, errorToast: false });
  return chatMessageResponseSchema.parse(response.data).data;
}
