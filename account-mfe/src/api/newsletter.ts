/**
 * The newsletter in the console (administrators, issue 20) through the platform's one API client:
 * issues (list, one, save, delete, preview, test, send) and subscribers (list, CSV export).
 * Mutations throw an `ApiError` carrying the server's localized `msg` and field `errors`.
 */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type {
  NewsletterIssueDetails,
  NewsletterIssueFields,
  NewsletterIssueItem,
  NewsletterIssuesQuery,
  NewsletterRendered,
  NewsletterSubscriberItem,
  NewsletterSubscribersQuery,
} from '@scholars/shared-contracts/schemas';
import { readPage } from './admin';
import type { Locale } from '@scholars/shared-contracts/locale';

/** `GET admin/newsletter/issues?q=&status=&page=&limit=`, newest first. */
export const fetchNewsletterIssues = (query: NewsletterIssuesQuery, signal?: AbortSignal) => readPage<NewsletterIssueItem>('admin/newsletter/issues', query, signal);

/** `GET admin/newsletter/issues/{id}`: null when there is no such issue. */
export async function fetchNewsletterIssue(id: number, signal?: AbortSignal): Promise<NewsletterIssueDetails | null> {
  const response = await apiClient.get(`admin/newsletter/issues/${id}`, { silent: true, errorToast: false, signal });
  if (response.status === 404 || response.status === 400) return null;
  if (response.status >= 400) throw new Error(`newsletter issue answered ${response.status}`);
  return envelopeData<NewsletterIssueDetails>(response.data, isDataObject, 'newsletter issue');
}

type Issue = { data: NewsletterIssueDetails; msg?: string };
async function write(method: 'post' | 'put', path: string, body: unknown, successToast = true): Promise<Issue> {
  const response = await apiClient[method](path, body, { errorToast: false, successToast });
  return { data: envelopeData<NewsletterIssueDetails>(response.data, isDataObject, path), msg: (response.data as { msg?: string }).msg };
}

/** `POST admin/newsletter/issues`: a new draft. */
export const createNewsletterIssue = (fields: NewsletterIssueFields) => write('post', 'admin/newsletter/issues', fields);
/** `PUT admin/newsletter/issues/{id}` with the version the edit started from. */
export const saveNewsletterIssue = (id: number, fields: NewsletterIssueFields, version: number) => write('put', `admin/newsletter/issues/${id}`, { ...fields, version });
/** `POST admin/newsletter/issues/{id}/test`: both languages to the administrator. */
export const testNewsletterIssue = (id: number, version: number) => write('post', `admin/newsletter/issues/${id}/test`, { version });
/** `POST admin/newsletter/issues/{id}/send`. */
export const sendNewsletterIssue = (id: number, version: number) => write('post', `admin/newsletter/issues/${id}/send`, { version });

/** `DELETE admin/newsletter/issues/{id}?version=`. */
export async function deleteNewsletterIssue(id: number, version: number): Promise<void> {
  await apiClient.delete(`admin/newsletter/issues/${id}`, { params: { version }, errorToast: false, successToast: true });
}

/** `POST admin/newsletter/preview`: both languages as the mails show them (nothing saved). */
export async function previewNewsletter(fields: NewsletterIssueFields): Promise<Record<Locale, NewsletterRendered>> {
  const response = await apiClient.post('admin/newsletter/preview', fields, { errorToast: false, silent: true });
  return envelopeData<Record<Locale, NewsletterRendered>>(response.data, isDataObject, 'newsletter preview');
}

/** `GET admin/newsletter/subscribers?q=&state=&page=&limit=`, newest first. */
export const fetchNewsletterSubscribers = (query: NewsletterSubscribersQuery, signal?: AbortSignal) =>
  readPage<NewsletterSubscriberItem>('admin/newsletter/subscribers', query, signal);

/** `GET admin/newsletter/subscribers/export?q=&state=`: the CSV (with its byte order mark), bearer-authenticated, so fetched as a blob. */
export async function exportNewsletterSubscribers(query: Pick<NewsletterSubscribersQuery, 'q' | 'state'>): Promise<Blob> {
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '' && value !== 'all'));
  const response = await apiClient.get<Blob>('admin/newsletter/subscribers/export', { params, responseType: 'blob', errorToast: false });
  if (response.status >= 400 || !(response.data instanceof Blob)) throw new Error(`subscribers export answered ${response.status}`);
  return response.data;
}
