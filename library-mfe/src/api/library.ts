/**
 * The library (`library/...`): the reads of the list and details pages, the book file's signed
 * link and the citations, through the application's shared `apiClient` (bearer token, refresh
 * queue, envelope rules).
 * These reads check the envelope's shape instead of parsing with zod: the API validates each answer
 * with the shared schema before sending it, and a page that only reads then loads no zod (issue 6).
 * The research exchange form's calls, which parse with the schemas the form validates with, are in
 * ./research (loaded with that page only).
 */
import { apiClient, ApiError, envelopeData, envelopePage, isDataObject, throwIfRejected } from '@scholars/shared-contracts';
import type { CitationFormat, LibraryDetails, LibraryItem, LibraryPaginateBody, ResearchFileLink } from '@scholars/shared-contracts/schemas';
import type { Locale } from '@scholars/shared-contracts/locale';

/** `POST library/paginate` (search and paginate calls show no loader, spec 7). */
export async function fetchLibraryPage(body: LibraryPaginateBody, signal?: AbortSignal): Promise<{ data: LibraryItem[]; tot: number }> {
  const response = await apiClient.post('library/paginate', body, { silent: true, errorToast: false, signal });
  return envelopePage<LibraryItem>(response.data, 'library/paginate');
}

/**
 * `GET library/{id}`. The client resolves GETs below 500: one answered `status: false` (404, 400...)
 * is an ApiError carrying that status, `msg` and `err` (what the page tells "not found" from
 * "failed" by).
 */
export async function fetchLibraryItem(id: string, signal?: AbortSignal): Promise<LibraryDetails> {
  const response = await apiClient.get(`library/${encodeURIComponent(id)}`, { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopeData<LibraryDetails>(response.data, isDataObject, 'library');
}

/** `POST library/{id}/file-link`: short-lived addresses of the book file (active subscription; 403 `subscription_required` otherwise). */
export async function fetchLibraryFileLink(id: number): Promise<ResearchFileLink> {
  const response = await apiClient.post(`library/${id}/file-link`, {}, { silent: true, errorToast: false });
  return envelopeData<ResearchFileLink>(response.data, isDataObject, 'library/file-link');
}

/** `GET library/{id}/citation`: the file (BibTeX or RIS) as text, with the name the server gives it; `lang` default: the work's language. */
export async function fetchCitation(id: number, format: CitationFormat, lang?: Locale): Promise<{ text: string; name: string; type: string }> {
  const params = lang ? { format, lang } : { format };
  const response = await apiClient.get<string>(`library/${id}/citation`, { silent: true, errorToast: false, params, responseType: 'text' });
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
