/**
 * Conference requests (sign-in): parsed with the shared zod schemas, the very ones the request form
 * validates with. Only the request page and the console's queue import this module (and zod with it).
 */
import { apiClient, envelopePage, throwIfRejected } from '@scholars/shared-contracts';
import {
  conferenceRequestResponseSchema,
  type ConferenceRequest,
  type ConferenceRequestData,
  type ConferenceRequestDecision,
  type ConferenceRequestsQuery,
} from '@scholars/shared-contracts/schemas';
import { queryParams } from '../lib/query-params';

/** `GET conference-requests/{id}`: the owner's request; null when there is none (someone else's is 404 too). */
export async function fetchConferenceRequest(id: string, signal?: AbortSignal) {
  const response = await apiClient.get(`conference-requests/${encodeURIComponent(id)}`, { silent: true, errorToast: false, signal });
  if (response.status === 404 || response.status === 400) return null;
  return conferenceRequestResponseSchema.parse(response.data).data;
}

/** `POST conference-requests` (new) or `PUT conference-requests/{id}` (edit, while pending). */
export async function saveConferenceRequest(data: ConferenceRequestData, id?: number) {
  const response = id
    ? await apiClient.put(`conference-requests/${id}`, data, { errorToast: false })
    : await apiClient.post('conference-requests', data, { errorToast: false });
  return conferenceRequestResponseSchema.parse(response.data);
}

/** `GET conference-requests?status=&q=&page=` (reviewers, administrators): pending first, then oldest first. */
export async function fetchRequestQueue(query: ConferenceRequestsQuery, signal?: AbortSignal) {
  const response = await apiClient.get('conference-requests', { params: queryParams(query), silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopePage<ConferenceRequest>(response.data, 'conference-requests');
}

/** `PUT conference-requests/{id}/decision`: approve (a draft conference is made), reject or ask for changes. */
export async function decideRequest(id: number, body: ConferenceRequestDecision) {
  const response = await apiClient.put(`conference-requests/${id}/decision`, body, { errorToast: false });
  return conferenceRequestResponseSchema.parse(response.data);
}
