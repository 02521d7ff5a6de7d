/**
 * One research of the community (`research-community/{id}`): its details and its file's signed
 * link. Only the details page (a lazy chunk of the pages expose) imports this module. Its answers
 * are parsed with the shared zod schemas: the chat socket validates every frame with them
 * (`../chat/chat-socket`), so zod and the schemas come with this page anyway. The list's reads are
 * in ./research-community, without zod.
 */
import { apiClient, throwIfRejected } from '@scholars/shared-contracts';
import {
  researchDetailsResponseSchema,
  researchFileLinkResponseSchema,
  type ResearchDetails,
  type ResearchFileLink,
} from '@scholars/shared-contracts/schemas';

/** `GET research-community/{id}`: a missing research is an ApiError with status 404. */
export async function fetchResearch(id: string | number, signal?: AbortSignal): Promise<ResearchDetails> {
  const response = await apiClient.get(`research-community/${encodeURIComponent(String(id))}`, { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return researchDetailsResponseSchema.parse(response.data).data;
}

/** `POST research-community/{id}/file-link`: short-lived addresses of the research file (active subscription; 403 `subscription_required` otherwise). */
export async function fetchFileLink(researchId: number): Promise<ResearchFileLink> {
  const response = await apiClient.post(`research-community/${researchId}/file-link`, {}, { silent: true, errorToast: false });
  return researchFileLinkResponseSchema.parse(response.data).data;
}
