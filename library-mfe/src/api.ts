/**
 * The calls of the library's list and details pages (paths relative to the API base, in the style
 * of spec 7), through the application's shared `apiClient` (bearer token, refresh queue, envelope
 * rules).
 * These reads check the envelope's shape instead of parsing with zod: the API validates each answer
 * with the shared schema before sending it, and a page that only reads then loads no zod (issue 6).
 * The research exchange form's calls, which parse with the schemas the form validates with, are in
 * ./exchange-api (loaded with that page only).
 */
import { apiClient, ApiError, envelopeData, envelopePage, isDataObject, throwIfRejected } from '@scholars/shared-contracts';
import type {
  CitationFormat,
  CommunityCategory,
  LibraryDetails,
  LibraryItem,
  LibraryPaginateBody,
  ResearchFileLink,
  University,
} from '@scholars/shared-contracts/schemas';
import type { Locale } from '@scholars/shared-contracts/locale';

/**
 * The `data` of a GET's success envelope, checked by `isData`. The client resolves GETs below 500:
 * one answered `status: false` (404, 400...) is an ApiError carrying that status, `msg` and `err`
 * (what the pages tell "not found" from "failed" by).
 */
function getData<T>(body: unknown, status: number, isData: (data: unknown) => boolean, call: string): T {
  throwIfRejected(body, status);
  return envelopeData<T>(body, isData, call);
}

export const quiet = { silent: true, errorToast: false } as const;

export async function fetchCategories(signal?: AbortSignal): Promise<CommunityCategory[]> {
  const response = await apiClient.get('community-categories', { ...quiet, signal });
  return getData<CommunityCategory[]>(response.data, response.status, Array.isArray, 'community-categories');
}

export async function fetchUniversities(signal?: AbortSignal): Promise<University[]> {
  const response = await apiClient.get('universities', { ...quiet, signal });
  return getData<University[]>(response.data, response.status, Array.isArray, 'universities');
}

/** `POST library/paginate` (search and paginate calls show no loader, spec 7). */
export async function fetchLibraryPage(body: LibraryPaginateBody, signal?: AbortSignal): Promise<{ data: LibraryItem[]; tot: number }> {
  const response = await apiClient.post('library/paginate', body, { ...quiet, signal });
  return envelopePage<LibraryItem>(response.data, 'library/paginate');
}

export async function fetchLibraryItem(id: string, signal?: AbortSignal): Promise<LibraryDetails> {
  const response = await apiClient.get(`library/${encodeURIComponent(id)}`, { ...quiet, signal });
  return getData<LibraryDetails>(response.data, response.status, isDataObject, 'library');
}

/** Short-lived addresses of the book file (active subscription; 403 `subscription_required` otherwise). */
export async function fetchLibraryFileLink(id: number): Promise<ResearchFileLink> {
  const response = await apiClient.post(`library/${id}/file-link`, {}, quiet);
  return envelopeData<ResearchFileLink>(response.data, isDataObject, 'library/file-link');
}

/** The citation file (BibTeX or RIS) as text, with the name the server gives it; `lang` default: the work's language. */
export async function fetchCitation(id: number, format: CitationFormat, lang?: Locale): Promise<{ text: string; name: string; type: string }> {
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
