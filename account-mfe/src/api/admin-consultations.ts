/**
 * The console's consultation calls (administrators, issue 23): consultants and their decisions,
 * sessions (the overdue acceptances, an admin cancel, a session the staff arranged), the ratings and
 * a review's visibility. Lists answer `{ data, tot }`; a refused action throws the client's
 * `ApiError` (its localized `msg`), which the screens show.
 */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type {
  AdminConsultant,
  AdminConsultantsQuery,
  AdminConsultationRating,
  AdminConsultationRatingsQuery,
  AdminConsultationsQuery,
  CommunityCategory,
  Consultation,
  ConsultantDecisionBody,
  ReviewVisibilityBody,
  StaffConsultationBody,
} from '@scholars/shared-contracts/schemas';
import { readPage } from './admin';

/** `GET admin/consultants?status=&search=&page=`. */
export const fetchAdminConsultants = (query: AdminConsultantsQuery, signal?: AbortSignal) => readPage<AdminConsultant>('admin/consultants', query, signal);

/** `GET admin/consultations?state=&overdue=&search=&page=`. */
export const fetchAdminConsultations = (query: AdminConsultationsQuery, signal?: AbortSignal) => readPage<Consultation>('admin/consultations', query, signal);

/** `GET admin/consultation-ratings?page=`. */
export const fetchConsultationRatings = (query: AdminConsultationRatingsQuery, signal?: AbortSignal) => readPage<AdminConsultationRating>('admin/consultation-ratings', query, signal);

/** `GET consultations/{id}` (an administrator may read any): null when there is none. */
export async function fetchConsultation(id: number, signal?: AbortSignal): Promise<Consultation | null> {
  const response = await apiClient.get(`consultations/${id}`, { silent: true, errorToast: false, signal });
  if (response.status === 404 || response.status === 400) return null;
  if (response.status >= 400) throw new Error(`consultation answered ${response.status}`);
  return envelopeData<Consultation>(response.data, isDataObject, 'consultation');
}

/** An action's answer: the server's localized message (shown on the screen) and the record. */
async function act<T>(path: string, body: unknown): Promise<{ msg: string | null; data: T }> {
  const response = await apiClient.post(path, body, { errorToast: false });
  const data = envelopeData<T>(response.data, isDataObject, path);
  return { msg: typeof response.data?.msg === 'string' ? response.data.msg : null, data };
}

/** `POST admin/consultants/{id}/decision`: approve, reject (reason), suspend (reason), reinstate. */
export const decideConsultant = (id: number, body: ConsultantDecisionBody) => act<AdminConsultant>(`admin/consultants/${id}/decision`, body);

/** `POST admin/consultations/{id}/cancel`: never counts against the member's sessions. */
export const cancelConsultationAsAdmin = (id: number, reason: string) => act<Consultation>(`admin/consultations/${id}/cancel`, { reason });

/** `POST admin/consultations`: a session the staff arranged (accepted, not counted). */
export const arrangeConsultation = (body: StaffConsultationBody) => act<Consultation>('admin/consultations', body);

/** `POST admin/consultations/{id}/review-visibility`. */
export const setReviewVisibility = (id: number, body: ReviewVisibilityBody) => act<AdminConsultationRating>(`admin/consultations/${id}/review-visibility`, body);

/** `GET community-categories`: the research fields a session is about. */
export async function fetchResearchFields(signal?: AbortSignal): Promise<CommunityCategory[]> {
  const response = await apiClient.get('community-categories', { silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`community-categories answered ${response.status}`);
  return envelopeData<CommunityCategory[]>(response.data, Array.isArray, 'community-categories');
}
