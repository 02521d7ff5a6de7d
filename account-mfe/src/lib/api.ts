/**
 * The calls of this remote, through the platform's one API client (shared singleton: token,
 * refresh, loader, toasts). Answers are checked for the envelope's shape, not parsed with zod: the
 * API validates each answer with the shared schema before sending it, and the profile then loads
 * no zod until a form is checked (issue 6; the forms' checks are in ./profile-validation).
 */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type {
  ChangePassword,
  ConferenceRequest,
  CreateSubscriptionResponse,
  Invoice,
  MyRegistration,
  MySubmission,
  Profile,
  ProfileUpdate,
  PublicProfile,
  SubscriptionSummary,
} from '@scholars/shared-contracts/schemas';

type Answer<T> = { status: true; msg?: string; data: T };

/** Spec 7 `GET subscription-plan` (a failure is shown in the section, no toast) lives in `./plans`: the home page loads no schema. */
export { fetchPlans } from './plans';

/** Spec 7 `POST stripe/create-subscription` `{ planId, userId, active }`; failures shown in the error box. */
export async function createSubscription(planId: number, userId: string | number, active: boolean) {
  const response = await apiClient.post('stripe/create-subscription', { planId, userId, active }, { errorToast: false });
  // Not always `data`: an active subscription to another plan is answered `{ status, active }`
  // (the confirmation), so only the envelope's status is checked.
  const body = response.data as { status?: unknown } | null;
  if (typeof body !== 'object' || body === null || typeof body.status !== 'boolean') throw new Error('Unexpected response shape: stripe/create-subscription');
  return body as CreateSubscriptionResponse;
}

const read = { silent: true, errorToast: false } as const;

export async function fetchProfile(signal?: AbortSignal) {
  const response = await apiClient.get('profile', { ...read, signal });
  if (response.status >= 400) throw new Error(`profile answered ${response.status}`);
  return envelopeData<Profile>(response.data, isDataObject, 'profile');
}

export async function updateProfile(body: ProfileUpdate) {
  const response = await apiClient.put('profile', body, { errorToast: false, successToast: true });
  envelopeData(response.data, isDataObject, 'profile');
  return response.data as Answer<Profile>;
}

/** `POST profile/email/confirm`: the code e-mailed to the pending address; answers the profile with the new address. */
export async function confirmEmailChange(code: string) {
  const response = await apiClient.post('profile/email/confirm', { code }, { errorToast: false, successToast: true });
  envelopeData(response.data, isDataObject, 'profile/email/confirm');
  return response.data as Answer<Profile>;
}

/** `POST profile/email/resend`: a new code to the pending address. */
export async function resendEmailChange() {
  const response = await apiClient.post('profile/email/resend', {}, { errorToast: false, successToast: true });
  envelopeData(response.data, isDataObject, 'profile/email/resend');
  return response.data as Answer<Profile>;
}

/** `DELETE profile/email`: drops the pending change. */
export async function cancelEmailChange() {
  const response = await apiClient.delete('profile/email', { errorToast: false, successToast: true });
  envelopeData(response.data, isDataObject, 'profile/email');
  return response.data as Answer<Profile>;
}

/** The stored avatar path (or null) of a `profile/avatar` answer. */
const avatarOf = (body: unknown) => envelopeData<{ avatar: string | null }>(body, isDataObject, 'profile/avatar').avatar;

export async function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file, file.name);
  const response = await apiClient.post('profile/avatar', form, { errorToast: false, successToast: true });
  return avatarOf(response.data);
}

export async function removeAvatar() {
  const response = await apiClient.delete('profile/avatar', { errorToast: false, successToast: true });
  return avatarOf(response.data);
}

export async function changePassword(body: ChangePassword) {
  const response = await apiClient.post('profile/change-password', body, { errorToast: false, successToast: true });
  return (response.data as { data: { accessToken: string } }).data.accessToken;
}

export async function fetchMySubmissions(signal?: AbortSignal) {
  const response = await apiClient.get('profile/research-submissions', { ...read, signal });
  if (response.status >= 400) throw new Error(`research submissions answered ${response.status}`);
  return envelopeData<MySubmission[]>(response.data, Array.isArray, 'profile/research-submissions');
}

/** The conference remote's calls for the profile; null when the API does not have them (404). */
export async function fetchMyConferenceRequests(signal?: AbortSignal) {
  const response = await apiClient.get('conference-requests/mine', { ...read, signal });
  if (response.status === 404) return null;
  if (response.status >= 400) throw new Error(`conference requests answered ${response.status}`);
  return envelopeData<ConferenceRequest[]>(response.data, Array.isArray, 'conference-requests/mine');
}

export async function fetchMyRegistrations(signal?: AbortSignal) {
  const response = await apiClient.get('conference-registrations/mine', { ...read, signal });
  if (response.status === 404) return null;
  if (response.status >= 400) throw new Error(`conference registrations answered ${response.status}`);
  return envelopeData<MyRegistration[]>(response.data, Array.isArray, 'conference-registrations/mine');
}

export async function fetchMySubscriptions(signal?: AbortSignal) {
  const response = await apiClient.get('subscriptions/mine', { ...read, signal });
  if (response.status >= 400) throw new Error(`subscriptions answered ${response.status}`);
  return envelopeData<SubscriptionSummary[]>(response.data, Array.isArray, 'subscriptions/mine');
}

export async function fetchMyInvoices(signal?: AbortSignal) {
  const response = await apiClient.get('invoices/mine', { ...read, signal });
  if (response.status >= 400) throw new Error(`invoices answered ${response.status}`);
  return envelopeData<Invoice[]>(response.data, Array.isArray, 'invoices/mine');
}

/** The PDF receipt (bearer-authenticated, so fetched as a blob and saved from memory). */
export async function downloadReceipt(invoiceId: number, filename: string) {
  const response = await apiClient.get<Blob>(`invoices/${invoiceId}/receipt`, { responseType: 'blob', errorToast: false });
  if (response.status >= 400 || !(response.data instanceof Blob)) throw new Error(`receipt answered ${response.status}`);
  const url = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/**
 * Keys of the data a server-rendered page was rendered with (`preloadedData`): the server module
 * (exposes/server.tsx) stores each answer under the key the page reads it with.
 */
export const preloadKeys = {
  publicProfile: (id: string) => `users/${id}/profile`,
};

/** A member id as the API takes it in a path (digits); anything else names no member. */
export const isProfileId = (id: string) => /^\d{1,10}$/.test(id);

export const publicProfilePath = (id: string) => `users/${encodeURIComponent(id)}/profile`;

/** Public profile; null when there is no such (visible) user. */
export async function fetchPublicProfile(id: string, signal?: AbortSignal) {
  const response = await apiClient.get(publicProfilePath(id), { ...read, signal });
  if (response.status === 404 || response.status === 400) return null;
  if (response.status >= 400) throw new Error(`public profile answered ${response.status}`);
  return envelopeData<PublicProfile>(response.data, isDataObject, 'public profile');
}
