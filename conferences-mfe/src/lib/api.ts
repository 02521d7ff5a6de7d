/**
 * The calls of this remote, through the platform's one API client (shared singleton: token,
 * refresh, toasts, loader). Answers are parsed with the shared zod schemas.
 * Spec 7: search, paginate and by-category POSTs show no loader and no success toast (`silent`).
 */
import { apiClient } from '@scholars/shared-contracts';
import {
  conferenceByCategoryBodySchema,
  conferenceCategoriesResponseSchema,
  conferenceDetailsResponseSchema,
  conferencePageResponseSchema,
  conferenceRegisterResponseSchema,
  conferenceRequestResponseSchema,
  type ConferenceByCategoryBody,
  type ConferenceRequestData,
} from '@scholars/shared-contracts/schemas';

/**
 * Keys of the data a server-rendered page was rendered with (`preloadedData`): the server module
 * (exposes/server.tsx) stores each answer under the key the page reads it with.
 */
export const preloadKeys = {
  categories: 'conference-categories',
  byCategory: (body: ConferenceByCategoryBody) => `conference/by-category ${JSON.stringify(body)}`,
  conference: (id: string) => `conference/${id}`,
};

export async function fetchCategories() {
  const response = await apiClient.get('conference-categories', { silent: true, errorToast: false });
  return conferenceCategoriesResponseSchema.parse(response.data).data;
}

export async function fetchByCategory(body: ConferenceByCategoryBody, signal?: AbortSignal) {
  const response = await apiClient.post('conference/by-category', conferenceByCategoryBodySchema.parse(body), { silent: true, signal });
  return conferencePageResponseSchema.parse(response.data);
}

/** `POST conference/paginate` (events carousel) lives in `./events-read`: the home page loads no schema. */
export { fetchConferencePage } from './events-read';

export async function fetchConference(id: string, signal?: AbortSignal) {
  const response = await apiClient.get(`conference/${encodeURIComponent(id)}`, { silent: true, errorToast: false, signal });
  if (response.status === 404) return null;
  return conferenceDetailsResponseSchema.parse(response.data).data;
}

/** Address of the .ics download (absolute when the API is on another origin). */
export function conferenceIcsUrl(id: number, locale: string): string {
  return apiClient.getUri({ url: `conference/${id}/ics`, params: { lang: locale } });
}

export async function registerForConference(id: number) {
  const response = await apiClient.post(`conference/${id}/register`, undefined, { errorToast: false });
  return conferenceRegisterResponseSchema.parse(response.data);
}

export async function fetchConferenceRequest(id: string, signal?: AbortSignal) {
  const response = await apiClient.get(`conference-requests/${encodeURIComponent(id)}`, { silent: true, errorToast: false, signal });
  if (response.status === 404 || response.status === 400) return null;
  return conferenceRequestResponseSchema.parse(response.data).data;
}

export async function saveConferenceRequest(data: ConferenceRequestData, id?: number) {
  const response = id
    ? await apiClient.put(`conference-requests/${id}`, data, { errorToast: false })
    : await apiClient.post('conference-requests', data, { errorToast: false });
  return conferenceRequestResponseSchema.parse(response.data);
}
