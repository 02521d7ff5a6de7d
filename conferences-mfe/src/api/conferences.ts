/**
 * Conferences: the reads of the list, the details page and the events carousel, the .ics address
 * and registration, through the platform's one API client (shared singleton: token, refresh,
 * toasts, loader). Spec 7: search, paginate and by-category POSTs show no loader and no success
 * toast (`silent`).
 * The reads check the envelope's shape instead of parsing with zod: the API validates each answer
 * with the shared schema before sending it, so the pages and the widget, which only read, load no
 * zod (issue 6; the server render, exposes/server.tsx, still parses). The request form's calls,
 * which validate, are in ./conference-requests.
 */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type {
  ConferenceByCategoryBody,
  ConferenceDetails,
  ConferenceListItem,
  ConferencePaginateBody,
} from '@scholars/shared-contracts/schemas';

export interface ConferencePage {
  status: true;
  data: ConferenceListItem[];
  tot: number;
}

/** `POST conference/by-category` (the list). */
export async function fetchByCategory(body: ConferenceByCategoryBody, signal?: AbortSignal): Promise<ConferencePage> {
  const response = await apiClient.post('conference/by-category', body, { silent: true, signal });
  envelopeData(response.data, Array.isArray, 'conference/by-category');
  return response.data as ConferencePage;
}

/** `POST conference/paginate` (events carousel): failures are only logged by the caller (spec 8). */
export async function fetchConferencePage(body: ConferencePaginateBody): Promise<ConferencePage> {
  const response = await apiClient.post('conference/paginate', body, { silent: true, errorToast: false });
  envelopeData(response.data, Array.isArray);
  return response.data as ConferencePage;
}

/** `GET conference/{id}` (with the token when signed in: `registered`); null when there is no such conference. */
export async function fetchConference(id: string, signal?: AbortSignal): Promise<ConferenceDetails | null> {
  const response = await apiClient.get(`conference/${encodeURIComponent(id)}`, { silent: true, errorToast: false, signal });
  if (response.status === 404) return null;
  return envelopeData<ConferenceDetails>(response.data, isDataObject, 'conference');
}

/** Address of the .ics download (absolute when the API is on another origin). */
export function conferenceIcsUrl(id: number, locale: string): string {
  return apiClient.getUri({ url: `conference/${id}/ics`, params: { lang: locale } });
}

/**
 * A member's action on a conference: `register` (POST registers, DELETE cancels) or `waiting-list`
 * (POST joins a full conference's list, DELETE leaves it). Answers the envelope's message, in the
 * member's language.
 */
export async function conferenceAction(id: number, action: 'register' | 'waiting-list', method: 'post' | 'delete'): Promise<{ msg?: string }> {
  const response = await apiClient.request({ method, url: `conference/${id}/${action}`, errorToast: false });
  const body = response.data as { status?: unknown; msg?: unknown } | null;
  if (body?.status !== true) throw new Error(`Unexpected response shape: conference/${action}`);
  return { msg: typeof body.msg === 'string' ? body.msg : undefined };
}
