/**
 * The about page and the privacy policy in the console (administrators, issue 19): each read with
 * its version, saved whole with the body the shared write schema made (the form validates with it too).
 */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type { AboutPageWrite, AdminAboutPage, AdminPrivacyPolicy, PolicyNotice, PolicyNotices, PrivacyPolicyWrite } from '@scholars/shared-contracts/schemas';
import { saveRecord } from './content';

async function readPage<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await apiClient.get(path, { silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`${path} answered ${response.status}`);
  return envelopeData<T>(response.data, isDataObject, path);
}

/** `GET admin/pages/about`. */
export const fetchAboutPage = (signal?: AbortSignal) => readPage<AdminAboutPage>('admin/pages/about', signal);
/** `PUT admin/pages/about` (409 over a newer save). */
export const saveAboutPage = (body: AboutPageWrite) => saveRecord<AdminAboutPage>('put', 'admin/pages/about', body);

/** `GET admin/pages/privacy`. */
export const fetchPrivacyPolicy = (signal?: AbortSignal) => readPage<AdminPrivacyPolicy>('admin/pages/privacy', signal);
/** `PUT admin/pages/privacy` (409 over a newer save). */
export const savePrivacyPolicy = (body: PrivacyPolicyWrite) => saveRecord<AdminPrivacyPolicy>('put', 'admin/pages/privacy', body);

/** `GET admin/pages/privacy/notices`: the e-mails that told members of a version, and how many a new one would reach. */
export const fetchPolicyNotices = (signal?: AbortSignal) => readPage<PolicyNotices>('admin/pages/privacy/notices', signal);
/** `POST admin/pages/privacy/notices`: e-mail every member about this saved version (409 if told already, or not the current one). */
export const notifyMembers = (version: number) => saveRecord<PolicyNotice>('post', 'admin/pages/privacy/notices', { version });
