/**
 * The calls of the library and the research exchange (paths relative to the API base, in the
 * style of spec 7), through the application's shared `apiClient` (bearer token, refresh queue,
 * envelope rules). Answers are checked with the shared zod schemas.
 */
import { apiClient, ApiError } from '@scholars/shared-contracts';
import {
  communityCategoriesResponseSchema,
  libraryDetailsResponseSchema,
  libraryFileLinkResponseSchema,
  libraryPageResponseSchema,
  researchSavedResponseSchema,
  researchSubmissionResponseSchema,
  universitiesResponseSchema,
  type CitationFormat,
  type CommunityCategory,
  type LibraryDetails,
  type LibraryItem,
  type LibraryPaginateBody,
  type ResearchFileLink,
  type ResearchSubmission,
  type University,
} from '@scholars/shared-contracts/schemas';

/** What axios reports while sending a body (`onUploadProgress`). */
export interface UploadProgress {
  loaded: number;
  total?: number;
}

/** A GET answered with `status: false` (the client resolves GETs below 500) becomes an ApiError. */
function unwrapGet<T>(body: unknown, status: number, parse: (value: unknown) => T): T {
  if (body && typeof body === 'object' && (body as { status?: unknown }).status === false) {
    const failed = body as { msg?: string; err?: number | string };
    throw new ApiError(failed.msg ?? 'Failed', { kind: 'rejected', status, msg: failed.msg, err: failed.err, data: body });
  }
  return parse(body);
}

const quiet = { silent: true, errorToast: false } as const;

export async function fetchCategories(signal?: AbortSignal): Promise<CommunityCategory[]> {
  const response = await apiClient.get('community-categories', { ...quiet, signal });
  return unwrapGet(response.data, response.status, (body) => communityCategoriesResponseSchema.parse(body).data);
}

export async function fetchUniversities(signal?: AbortSignal): Promise<University[]> {
  const response = await apiClient.get('universities', { ...quiet, signal });
  return unwrapGet(response.data, response.status, (body) => universitiesResponseSchema.parse(body).data);
}

/** `POST library/paginate` (search and paginate calls show no loader, spec 7). */
export async function fetchLibraryPage(body: LibraryPaginateBody, signal?: AbortSignal): Promise<{ data: LibraryItem[]; tot: number }> {
  const response = await apiClient.post('library/paginate', body, { ...quiet, signal });
  const parsed = libraryPageResponseSchema.parse(response.data);
  return { data: parsed.data, tot: parsed.tot };
}

export async function fetchLibraryItem(id: string, signal?: AbortSignal): Promise<LibraryDetails> {
  const response = await apiClient.get(`library/${encodeURIComponent(id)}`, { ...quiet, signal });
  return unwrapGet(response.data, response.status, (body) => libraryDetailsResponseSchema.parse(body).data);
}

/** Short-lived addresses of the book file (active subscription; 403 `subscription_required` otherwise). */
export async function fetchLibraryFileLink(id: number): Promise<ResearchFileLink> {
  const response = await apiClient.post(`library/${id}/file-link`, {}, quiet);
  return libraryFileLinkResponseSchema.parse(response.data).data;
}

/** The citation file (BibTeX or RIS) as text, with the name the server gives it; `lang` default: the work's language. */
export async function fetchCitation(id: number, format: CitationFormat, lang?: 'ar' | 'en'): Promise<{ text: string; name: string; type: string }> {
  const params = lang ? { format, lang } : { format };
  const response = await apiClient.get<string>(`library/${id}/citation`, { ...quiet, params, responseType: 'text' });
  if (response.status >= 400) {
    let msg: string | undefined;
    try {
      msg = (JSON.parse(response.data) as { msg?: string }).msg;
    } catch {
      msg = undefined;
    }
    throw new ApiError(msg ?? 'Failed', { kind: 'rejected', status: response.status, msg });
  }
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `citation.${format === 'bibtex' ? 'bib' : 'ris'}`;
  const type = String(response.headers['content-type'] ?? 'text/plain');
  return { text: response.data, name, type };
}

export async function fetchMySubmission(id: string, signal?: AbortSignal): Promise<ResearchSubmission> {
  const response = await apiClient.get(`research/${encodeURIComponent(id)}`, { ...quiet, signal });
  return unwrapGet(response.data, response.status, (body) => researchSubmissionResponseSchema.parse(body).data);
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

