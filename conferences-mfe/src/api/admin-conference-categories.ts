/** The console's conference categories (administrators): list with counts, add, rename or reorder at a version, delete. */
import { apiClient, envelopePage, throwIfRejected } from '@scholars/shared-contracts';
import type { AdminConferenceCategory, AdminListQuery, ConferenceCategoryWriteInput } from '@scholars/shared-contracts/schemas';
import { queryParams } from '../lib/query-params';
import type { Answer } from './admin-conferences';

/** `GET admin/conference-categories`. */
export async function fetchAdminCategories(query: AdminListQuery, signal?: AbortSignal) {
  const response = await apiClient.get('admin/conference-categories', { params: queryParams(query), silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopePage<AdminConferenceCategory>(response.data, 'admin/conference-categories');
}

/**
 * The order of the last category of all (0 when there is none): the list comes in its order, so
 * its first page of one row gives the count, and the page of that number the last row.
 */
export async function fetchLastCategoryOrder(signal?: AbortSignal): Promise<number> {
  const first = await fetchAdminCategories({ limit: 1 }, signal);
  const last = first.tot > 1 ? await fetchAdminCategories({ page: first.tot, limit: 1 }, signal) : first;
  return last.data[0]?.sort_order ?? 0;
}

/** `POST admin/conference-categories` or `PUT admin/conference-categories/{id}` (with its version). */
export async function saveCategory(body: ConferenceCategoryWriteInput, existing?: { id: number; version: number }): Promise<Answer<AdminConferenceCategory>> {
  const response = existing
    ? await apiClient.put(`admin/conference-categories/${existing.id}`, { ...body, version: existing.version }, { errorToast: false })
    : await apiClient.post('admin/conference-categories', body, { errorToast: false });
  return response.data as Answer<AdminConferenceCategory>;
}

/** `DELETE admin/conference-categories/{id}?version=`: refused (409) while conferences are in it. */
export async function deleteCategory(id: number, version: number): Promise<{ msg?: string }> {
  const response = await apiClient.delete(`admin/conference-categories/${id}`, { errorToast: false, params: { version } });
  return { msg: (response.data as { msg?: string }).msg };
}
