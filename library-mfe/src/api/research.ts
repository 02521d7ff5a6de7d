/**
 * The research exchange (`research`, sign-in): the owner's submission and saving it, parsed with the
 * shared zod schemas, the very ones the form validates with. Only the exchange page imports this
 * module (and zod with it), a lazy chunk of its own (pages/LazyResearchExchange.tsx); the library's
 * reads, zod-free, are in ./library.
 */
import { apiClient, throwIfRejected } from '@scholars/shared-contracts';
import { researchSavedResponseSchema, researchSubmissionResponseSchema, type ResearchSubmission } from '@scholars/shared-contracts/schemas';

/** What axios reports while sending a body (`onUploadProgress`). */
export interface UploadProgress {
  loaded: number;
  total?: number;
}

/** `GET research/{id}`: the owner's submission; someone else's or a missing one is an ApiError (404). */
export async function fetchMySubmission(id: string, signal?: AbortSignal): Promise<ResearchSubmission> {
  const response = await apiClient.get(`research/${encodeURIComponent(id)}`, { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return researchSubmissionResponseSchema.parse(response.data).data;
}

/**
 * `POST research` (new) or `PUT research/{id}` (edit), multipart, with upload progress (axios
 * `onUploadProgress`: bytes sent of the whole body). Failures are ApiErrors carrying the
 * server's field messages in `errors`.
 */
export async function saveResearch(
  form: FormData,
  options: { id?: number; onProgress?: (event: UploadProgress) => void; signal?: AbortSignal },
): Promise<{ msg?: string; data: ResearchSubmission }> {
  const config = { errorToast: false, onUploadProgress: options.onProgress, signal: options.signal, timeout: 10 * 60_000 };
  const response = options.id ? await apiClient.put(`research/${options.id}`, form, config) : await apiClient.post('research', form, config);
  const parsed = researchSavedResponseSchema.parse(response.data);
  return { msg: parsed.msg, data: parsed.data };
}
