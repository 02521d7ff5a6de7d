/**
 * The calls of this remote's list and details pages, through the platform's one API client (shared
 * singleton: token, refresh, toasts, loader). Spec 7: search, paginate and by-category POSTs show no
 * loader and no success toast (`silent`).
 * These reads check the envelope's shape instead of parsing with zod: the API validates each answer
 * with the shared schema before sending it, and a page that only reads then loads no zod (issue 6;
 * the server render, exposes/server.tsx, still parses). The request form's calls, which validate, are
 * in ./request-api.
 */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type { ConferenceByCategoryBody, ConferenceCategory, ConferenceDetails } from '@scholars/shared-contracts/schemas';
import type { ConferencePage } from './events-read';

/**
 * Keys of the data a server-rendered page was rendered with (`preloadedData`): the server module
 * (exposes/server.tsx) stores each answer under the key the page reads it with.
 */
export const preloadKeys = {
  categories: 'conference-categories',
  byCategory: (body: ConferenceByCategoryBody) => `conference/by-category ${JSON.stringify(body)}`,
  conference: (id: string) => `conference/${id}`,
};

export async function fetchCategories(): Promise<ConferenceCategory[]> {
  const response = await apiClient.get('conference-categories', { silent: true, errorToast: false });
  return envelopeData<ConferenceCategory[]>(response.data, Array.isArray, 'conference-categories');
}

export async function fetchByCategory(body: ConferenceByCategoryBody, signal?: AbortSignal): Promise<ConferencePage> {
  const response = await apiClient.post('conference/by-category', body, { silent: true, signal });
  envelopeData(response.data, Array.isArray, 'conference/by-category');
  return response.data as ConferencePage;
}

/** `POST conference/paginate` (events carousel) lives in `./events-read`: the home page loads no schema. */
export { fetchConferencePage } from './events-read';

export async function fetchConference(id: string, signal?: AbortSignal): Promise<ConferenceDetails | null> {
  const response = await apiClient.get(`conference/${encodeURIComponent(id)}`, { silent: true, errorToast: false, signal });
  if (response.status === 404) return null;
  return envelopeData<ConferenceDetails>(response.data, isDataObject, 'conference');
}

/** Address of the .ics download (absolute when the API is on another origin). */
export function conferenceIcsUrl(id: number, locale: string): string {
  return apiClient.getUri({ url: `conference/${id}/ics`, params: { lang: locale } });
}

/** `POST conference/{id}/register`: the envelope's message (`msg`), in the user's language. */
export async function registerForConference(id: number): Promise<{ status: true; msg?: string }> {
  const response = await apiClient.post(`conference/${id}/register`, undefined, { errorToast: false });
  const body = response.data as { status?: unknown; msg?: unknown } | null;
  if (body?.status !== true) throw new Error('Unexpected response shape: conference/register');
  return { status: true, msg: typeof body.msg === 'string' ? body.msg : undefined };
}
