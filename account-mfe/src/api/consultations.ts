/**
 * Academic consultations (issue 23): the consultants (public), booking, the member's and the
 * consultant's sessions, and the consultant's own profile, through the platform's one API client.
 * Reads are checked for the envelope's shape (the API validates every answer with the shared
 * schemas before sending it); refusals are ApiErrors whose `msg` is the server's localized text
 * (a taken slot, a used allowance), shown as they come.
 */
import { apiClient, apiUrl, envelopeData, envelopePage, isDataObject, throwIfRejected } from '@scholars/shared-contracts';
import type {
  ConsultantCard,
  ConsultantPage,
  ConsultantProfile,
  ConsultantProfileBody,
  ConsultantSlots,
  Consultation,
  ConsultationAllowance,
  ConsultationLanguage,
  CommunityCategory,
} from '@scholars/shared-contracts/schemas';

export const CONSULTANTS_PAGE_SIZE = 12;

type Answer<T> = { status: true; msg?: string; data: T };

async function read<T>(path: string, isData: (data: unknown) => boolean, signal?: AbortSignal, params?: Record<string, string | number>): Promise<T> {
  const response = await apiClient.get(path, { params, silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  if (response.status >= 400) throw new Error(`${path} answered ${response.status}`);
  return envelopeData<T>(response.data, isData, path);
}

const isObjectOrNull = (data: unknown) => data === null || isDataObject(data);

/** `POST consultants/paginate` (public): approved consultants, Arabic-aware search on the server. */
export async function fetchConsultants(
  query: { page: number; search: string; categoryId: number | null; language: ConsultationLanguage | null },
  signal?: AbortSignal,
) {
  const body = {
    limit: CONSULTANTS_PAGE_SIZE,
    page: query.page,
    col: 'name',
    search: query.search,
    ...(query.categoryId ? { categoryId: query.categoryId } : {}),
    ...(query.language ? { language: query.language } : {}),
  };
  const response = await apiClient.post('consultants/paginate', body, { silent: true, errorToast: false, signal });
  return envelopePage<ConsultantCard>(response.data, 'consultants/paginate');
}

/** `GET consultants/{id}` (public): null when there is no such listed consultant. */
export async function fetchConsultant(id: string, signal?: AbortSignal): Promise<ConsultantPage | null> {
  const response = await apiClient.get(`consultants/${encodeURIComponent(id)}`, { silent: true, errorToast: false, signal });
  if (response.status === 404 || response.status === 400) return null;
  throwIfRejected(response.data, response.status);
  return envelopeData<ConsultantPage>(response.data, isDataObject, 'consultants/{id}');
}

/** `GET consultants/{id}/slots?from=&days=` (public): the free slots (UTC instants) and the consultant's zone. */
export const fetchSlots = (id: number | string, from: string, days: number, signal?: AbortSignal) =>
  read<ConsultantSlots>(`consultants/${encodeURIComponent(String(id))}/slots`, isDataObject, signal, { from, days });

/** `GET consultations/allowance` (signed in): null without an active subscription. */
export const fetchAllowance = (signal?: AbortSignal) => read<ConsultationAllowance>('consultations/allowance', isObjectOrNull, signal);

/** `POST consultations/match` (subscriber): up to 5 consultants for the field and language. */
export async function matchConsultants(body: { categoryId: number; language: ConsultationLanguage }) {
  const response = await apiClient.post('consultations/match', body, { errorToast: false });
  return envelopeData<ConsultantCard[]>(response.data, Array.isArray, 'consultations/match');
}

/** `POST consultations` (subscriber, multipart): the booking request. */
export async function bookConsultation(form: FormData) {
  const response = await apiClient.post('consultations', form, { errorToast: false, timeout: 10 * 60_000 });
  return response.data as Answer<Consultation>;
}

/** `POST consultations/paginate`: the caller's own sessions, as member or as consultant. */
export async function fetchSessions(query: { as: 'member' | 'consultant'; page: number; limit: number; state?: Consultation['state'] }, signal?: AbortSignal) {
  const response = await apiClient.post('consultations/paginate', { ...query, col: 'start', search: '' }, { silent: true, errorToast: false, signal });
  return envelopePage<Consultation>(response.data, 'consultations/paginate');
}

async function send<T>(method: 'post' | 'put' | 'delete', path: string, body?: unknown) {
  const response = method === 'delete' ? await apiClient.delete(path, { errorToast: false, successToast: true }) : await apiClient[method](path, body, { errorToast: false, successToast: true });
  return response.data as Answer<T>;
}

const session = (id: number, action = '') => `consultations/${id}${action ? `/${action}` : ''}`;

export const acceptSession = (id: number, meetingLink: string | null) => send<Consultation>('post', session(id, 'accept'), meetingLink ? { meetingLink } : {});
export const declineSession = (id: number, reason: string) => send<Consultation>('post', session(id, 'decline'), { reason });
export const setMeetingLink = (id: number, meetingLink: string) => send<Consultation>('put', session(id, 'meeting-link'), { meetingLink });
export const cancelSession = (id: number, reason: string) => send<Consultation>('post', session(id, 'cancel'), { reason });
export const rescheduleSession = (id: number, start: string, reason: string) => send<Consultation>('post', session(id, 'reschedule'), { start, reason });
export const rateSession = (id: number, rating: number, review: string) => send<Consultation>('put', session(id, 'rating'), { rating, ...(review.trim() ? { review: review.trim() } : {}) });
export const saveNotes = (id: number, notes: string) => send<Consultation>('put', session(id, 'notes'), { notes });
export const removeSessionFile = (id: number, fileId: number) => send<Consultation>('delete', session(id, `files/${fileId}`));

/** `POST consultations/{id}/files` (its consultant, multipart PDF). */
export async function addSessionFile(id: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await apiClient.post(session(id, 'files'), form, { errorToast: false, successToast: true, timeout: 10 * 60_000 });
  return response.data as Answer<Consultation>;
}

/** `GET consultations/{id}/ics`: the accepted session's calendar file. */
export async function fetchSessionIcs(id: number): Promise<Blob> {
  const response = await apiClient.get(session(id, 'ics'), { responseType: 'blob', silent: true, errorToast: false });
  if (response.status >= 400) throw new Error(`ics answered ${response.status}`);
  return response.data as unknown as Blob;
}

/** `GET consultant-profile`: the caller's own consultant record (any state) or null. */
export const fetchConsultantProfile = (signal?: AbortSignal) => read<ConsultantProfile | null>('consultant-profile', isObjectOrNull, signal);

/** `PUT consultant-profile`: apply (a new record is `pending`) or update; 409 on a stale version. */
export async function saveConsultantProfile(body: ConsultantProfileBody) {
  const response = await apiClient.put('consultant-profile', body, { errorToast: false, successToast: true });
  return response.data as Answer<ConsultantProfile>;
}

/** `GET community-categories`: the research categories, a consultant's fields. */
export const fetchFields = (signal?: AbortSignal) => read<CommunityCategory[]>('community-categories', Array.isArray, signal);

/**
 * A private file of a session behind a short-lived signed link (participants only): the member's
 * attachment (`consultations/{id}/file-link`) or a consultant's file (`consultation-files/{id}/file-link`).
 * Answers the absolute download address.
 */
export async function sessionFileUrl(target: { session: number } | { file: number }): Promise<string> {
  const path = 'session' in target ? `consultations/${target.session}/file-link` : `consultation-files/${target.file}/file-link`;
  const response = await apiClient.post(path, {}, { errorToast: false });
  return apiUrl(envelopeData<{ download_url: string }>(response.data, isDataObject, path).download_url);
}
