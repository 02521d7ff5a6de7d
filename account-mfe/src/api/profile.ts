/**
 * The signed-in user's profile (`profile/...`): reading and saving it, the e-mail change and its
 * code, the picture, the password, and the user's research submissions, through the platform's one
 * API client (shared singleton: token, refresh, loader, toasts). Answers are checked for the
 * envelope's shape, not parsed with zod: the API validates each answer with the shared schema
 * before sending it, and the profile then loads no zod until a form is checked (issue 6; the forms'
 * checks are in ../lib/profile-validation).
 */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type { ChangePassword, MySubmission, Profile, ProfileUpdate } from '@scholars/shared-contracts/schemas';

type Answer<T> = { status: true; msg?: string; data: T };

/** `GET profile`. */
export async function fetchProfile(signal?: AbortSignal) {
  const response = await apiClient.get('profile', { silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`profile answered ${response.status}`);
  return envelopeData<Profile>(response.data, isDataObject, 'profile');
}

/** `PUT profile`: a new e-mail waits for its code (`pending_email`). */
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

/** `POST profile/avatar`: the stored picture's path. */
export async function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file, file.name);
  const response = await apiClient.post('profile/avatar', form, { errorToast: false, successToast: true });
  return envelopeData<{ avatar: string | null }>(response.data, isDataObject, 'profile/avatar').avatar;
}

/** `DELETE profile/avatar`: null once removed. */
export async function removeAvatar() {
  const response = await apiClient.delete('profile/avatar', { errorToast: false, successToast: true });
  return envelopeData<{ avatar: string | null }>(response.data, isDataObject, 'profile/avatar').avatar;
}

/** `POST profile/change-password`: the new access token (it replaces the stored one). */
export async function changePassword(body: ChangePassword) {
  const response = await apiClient.post('profile/change-password', body, { errorToast: false, successToast: true });
  return (response.data as { data: { accessToken: string } }).data.accessToken;
}

/** `GET profile/research-submissions`. */
export async function fetchMySubmissions(signal?: AbortSignal) {
  const response = await apiClient.get('profile/research-submissions', { silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`research submissions answered ${response.status}`);
  return envelopeData<MySubmission[]>(response.data, Array.isArray, 'profile/research-submissions');
}
