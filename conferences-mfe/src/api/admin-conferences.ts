/**
 * The operator console's conference calls (administrators; issue 19): the list, a record, its
 * saves and states, its registrants (list, CSV, e-mail to all, attendance), its waiting list and the upload of a picture, through
 * the platform's one API client. Reads check the envelope's shape (the API validates each answer
 * with the shared schema); writes throw an `ApiError` carrying the server's localized `msg` and
 * field `errors` (a stale version is 409, a publication refused for a language 400).
 */
import { apiClient, envelopeData, envelopePage, isDataObject, throwIfRejected } from '@scholars/shared-contracts';
import type {
  AdminConference,
  AdminConferenceItem,
  AdminConferencesQuery,
  AdminRegistration,
  AdminRegistrationsQuery,
  AdminWaitingListQuery,
  AdminWaitingMember,
  ConferenceWriteInput,
  ContentStatus,
  RegistrationsMailInput,
  UploadedFile,
  UploadKind,
} from '@scholars/shared-contracts/schemas';
import { queryParams } from '../lib/query-params';

export type Answer<T> = { status: true; msg?: string; data: T };


async function readPage<T>(path: string, query: object, signal?: AbortSignal) {
  const response = await apiClient.get(path, { params: queryParams(query), silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopePage<T>(response.data, path);
}

/** `GET admin/conferences`. */
export const fetchAdminConferences = (query: AdminConferencesQuery, signal?: AbortSignal) => readPage<AdminConferenceItem>('admin/conferences', query, signal);

/** `GET admin/conferences/{id}`: null when there is no such conference. */
export async function fetchAdminConference(id: string | number, signal?: AbortSignal): Promise<AdminConference | null> {
  const response = await apiClient.get(`admin/conferences/${encodeURIComponent(id)}`, { silent: true, errorToast: false, signal });
  if (response.status === 404 || response.status === 400) return null;
  throwIfRejected(response.data, response.status);
  return envelopeData<AdminConference>(response.data, isDataObject, 'admin/conferences/{id}');
}

const write = { errorToast: false } as const;

/** `POST admin/conferences` (a new draft) or `PUT admin/conferences/{id}` (with the version the edit started from). */
export async function saveConference(body: ConferenceWriteInput, existing?: { id: number; version: number }): Promise<Answer<AdminConference>> {
  const response = existing
    ? await apiClient.put(`admin/conferences/${existing.id}`, { ...body, version: existing.version }, write)
    : await apiClient.post('admin/conferences', body, write);
  return response.data as Answer<AdminConference>;
}

/**
 * `POST admin/conferences/{id}/status`: publish, back to draft, archive. Archiving or unpublishing a
 * conference that has not ended and has registrants carries `confirm`: the number of registrants the
 * administrator confirmed (their registrations are canceled and each is told) and the optional
 * message to them; the API answers 409 with `errors.registrants` when that number is not the current one.
 */
export async function setConferenceStatus(id: number, status: ContentStatus, version: number, confirm?: { registrants: number; message: string }): Promise<Answer<AdminConference>> {
  const body = confirm ? { status, version, registrants: confirm.registrants, ...(confirm.message ? { message: confirm.message } : {}) } : { status, version };
  const response = await apiClient.post(`admin/conferences/${id}/status`, body, write);
  return response.data as Answer<AdminConference>;
}

/** `DELETE admin/conferences/{id}?version=`. */
export async function deleteConference(id: number, version: number): Promise<{ msg?: string }> {
  const response = await apiClient.delete(`admin/conferences/${id}`, { ...write, params: { version } });
  return { msg: (response.data as { msg?: string }).msg };
}

/** `GET admin/conferences/{id}/registrations`. */
export const fetchRegistrations = (id: string | number, query: AdminRegistrationsQuery, signal?: AbortSignal) =>
  readPage<AdminRegistration>(`admin/conferences/${encodeURIComponent(id)}/registrations`, query, signal);

/** `GET admin/conferences/{id}/waiting-list`: in the order seats go to them. */
export const fetchWaitingList = (id: string | number, query: AdminWaitingListQuery, signal?: AbortSignal) =>
  readPage<AdminWaitingMember>(`admin/conferences/${encodeURIComponent(id)}/waiting-list`, query, signal);

/** `PUT admin/conferences/{id}/registrations/{registrationId}/attendance`: present (their certificate available) or not. */
export async function setAttendance(conferenceId: number, registrationId: number, attended: boolean): Promise<Answer<AdminRegistration>> {
  const response = await apiClient.put(`admin/conferences/${conferenceId}/registrations/${registrationId}/attendance`, { attended }, write);
  return response.data as Answer<AdminRegistration>;
}

/** `POST admin/conferences/{id}/attendance`: every registered member not marked yet is marked as present. */
export async function markEveryonePresent(conferenceId: number): Promise<Answer<{ count: number }>> {
  const response = await apiClient.post(`admin/conferences/${conferenceId}/attendance`, {}, write);
  return response.data as Answer<{ count: number }>;
}

/** `GET admin/conferences/{id}/registrations/export`: the CSV file (UTF-8 with a BOM). */
export async function exportRegistrations(id: number): Promise<Blob> {
  const response = await apiClient.get<Blob>(`admin/conferences/${id}/registrations/export`, { responseType: 'blob', errorToast: false });
  if (response.status >= 400 || !(response.data instanceof Blob)) throw new Error(`registrations export answered ${response.status}`);
  return response.data;
}

/** `POST admin/conferences/{id}/registrations/mail`: how many registrants it was queued for. */
export async function mailRegistrants(id: number, body: RegistrationsMailInput): Promise<Answer<{ count: number }>> {
  const response = await apiClient.post(`admin/conferences/${id}/registrations/mail`, body, write);
  return response.data as Answer<{ count: number }>;
}

/** `POST admin/uploads?kind=`: the stored file a save then refers to. */
export async function uploadContent(file: File, kind: UploadKind): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await apiClient.post('admin/uploads', form, { ...write, params: { kind } });
  return envelopeData<UploadedFile>(response.data, isDataObject, 'admin/uploads');
}
