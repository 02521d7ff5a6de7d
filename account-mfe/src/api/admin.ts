/**
 * The operator console's account screens (administrators): users, roles, supervisor links,
 * suspensions, subscriptions ended, payments, the audit log and the mail outbox, through the platform's one API client. As in
 * ./profile, answers are checked for the envelope's shape (the API validates them with the shared
 * schemas before sending); mutations throw an `ApiError` whose `msg` is the server's localized text.
 */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type {
  AdminRoleBody,
  AdminSupervisorBody,
  AdminPaymentItem,
  AdminPaymentsExportQuery,
  AdminPaymentsQuery,
  AdminUserDetails,
  AdminUserItem,
  AdminUsersQuery,
  AuditEntry,
  AuditLogExportQuery,
  AuditLogQuery,
  AdminPaymentsSummary,
  EndSubscriptionBody,
  SuspendBody,
} from '@scholars/shared-contracts/schemas';
import type { Locale } from '@scholars/shared-contracts/locale';

export type Page<T> = { items: T[]; total: number };
type Answer<T> = { status: true; msg?: string; data: T };

/** Query parameters without the empty ones (an empty filter is no filter). */
function params(query: object): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Record<string, string | number>;
}

/** A page of a console list (`{ data, tot }`). */
export async function readPage<T>(path: string, query: object, signal?: AbortSignal): Promise<Page<T>> {
  const response = await apiClient.get(path, { params: params(query), silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`${path} answered ${response.status}`);
  const items = envelopeData<T[]>(response.data, Array.isArray, path);
  return { items, total: typeof response.data.tot === 'number' ? response.data.tot : items.length };
}

/** `GET admin/users?q=&role=&state=&page=&limit=`. */
export const fetchAdminUsers = (query: AdminUsersQuery, signal?: AbortSignal) => readPage<AdminUserItem>('admin/users', query, signal);

/** `GET admin/users/{id}`: null when there is no such account. */
export async function fetchAdminUser(id: string, signal?: AbortSignal) {
  const response = await apiClient.get(`admin/users/${encodeURIComponent(id)}`, { silent: true, errorToast: false, signal });
  if (response.status === 404 || response.status === 400) return null;
  if (response.status >= 400) throw new Error(`admin user answered ${response.status}`);
  return envelopeData<AdminUserDetails>(response.data, isDataObject, 'admin user');
}

async function send<T>(method: 'post' | 'put', path: string, body: unknown) {
  const response = await apiClient[method](path, body, { errorToast: false, successToast: true });
  return response.data as Answer<T>;
}

/** `POST admin/users/{id}/roles`: grant or revoke a staff role. */
export const changeRole = (id: number, body: AdminRoleBody) => send<{ roles: string[] }>('post', `admin/users/${id}/roles`, body);

/** `PUT admin/users/{id}/supervisor`: link the supervisor with this e-mail, or unlink (`email: null`). */
export const setSupervisor = (id: number, body: AdminSupervisorBody) => send<unknown>('put', `admin/users/${id}/supervisor`, body);

/** `POST admin/users/{id}/suspension`. */
export const suspendUser = (id: number, body: SuspendBody) => send<unknown>('post', `admin/users/${id}/suspension`, body);

/** `POST admin/users/{id}/suspension/lift`. */
export const liftSuspension = (id: number, reason: string | null) => send<unknown>('post', `admin/users/${id}/suspension/lift`, { reason });

/** `POST admin/subscriptions/{id}/end`: end a live subscription now, perhaps giving its last payment back. */
export const endSubscription = (id: number, body: EndSubscriptionBody) => send<AdminUserDetails>('post', `admin/subscriptions/${id}/end`, body);

/** `GET admin/payments`: every member's invoices, newest first. */
export const fetchPayments = (query: AdminPaymentsQuery, signal?: AbortSignal) => readPage<AdminPaymentItem>('admin/payments', query, signal);

/** `GET admin/payments/summary` with the list's filters: the matches counted and summed per state and currency. */
export async function fetchPaymentsSummary(query: AdminPaymentsExportQuery, signal?: AbortSignal): Promise<AdminPaymentsSummary> {
  const response = await apiClient.get('admin/payments/summary', { params: params(query), silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`payments summary answered ${response.status}`);
  return envelopeData<AdminPaymentsSummary>(response.data, Array.isArray, 'payments summary');
}

/** `GET admin/payments/export` with the list's filters: the CSV, bearer-authenticated, so fetched as a blob. */
export async function exportPayments(query: AdminPaymentsExportQuery): Promise<Blob> {
  const response = await apiClient.get<Blob>('admin/payments/export', { params: params(query), responseType: 'blob', errorToast: false });
  if (response.status >= 400 || !(response.data instanceof Blob)) throw new Error(`payments export answered ${response.status}`);
  return response.data;
}

/** `GET admin/audit-log`, newest first. */
export const fetchAuditLog = (query: AuditLogQuery, signal?: AbortSignal) => readPage<AuditEntry>('admin/audit-log', query, signal);

/** `GET admin/audit-log/export` with the list's filters: the CSV, bearer-authenticated, so fetched as a blob. */
export async function exportAuditLog(query: AuditLogExportQuery): Promise<Blob> {
  const response = await apiClient.get<Blob>('admin/audit-log/export', { params: params(query), responseType: 'blob', errorToast: false });
  if (response.status >= 400 || !(response.data instanceof Blob)) throw new Error(`audit log export answered ${response.status}`);
  return response.data;
}

/** A mail of the outbox (`GET dev/outbox.json`); `html` null for a text-only mail. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  template: string;
  locale: Locale;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  created_at: string;
  sent_at: string | null;
}

/** `GET dev/outbox.json?to=&limit=`: the latest mails, newest first. */
export async function fetchOutbox(query: { to?: string; limit?: number }, signal?: AbortSignal) {
  const response = await apiClient.get('dev/outbox.json', { params: params(query), silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`outbox answered ${response.status}`);
  return envelopeData<OutboxMail[]>(response.data, Array.isArray, 'dev/outbox.json');
}
