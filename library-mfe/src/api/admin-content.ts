/**
 * The console's library content calls (administrators, issue 19): library items (`admin/ebooks`),
 * university libraries, research categories, reason templates, an approved research's metadata,
 * and the upload every file goes through first (`admin/uploads`). Reads check the envelope's shape
 * (the API validates each answer with the shared schema); writes resolve with the server's
 * localized `msg` and the saved row, and their refusals are ApiErrors carrying `msg`, the HTTP
 * status and each field's message in `errors` (the forms show them).
 */
import { apiClient, envelopeData, envelopePage, isDataObject, throwIfRejected } from '@scholars/shared-contracts';
import type {
  AdminCommunityCategory,
  AdminCommunityCategoryBody,
  AdminEbook,
  AdminEbookBody,
  AdminEbookItem,
  AdminEbooksQuery,
  AdminListQuery,
  AdminReasonTemplate,
  AdminReasonTemplateBody,
  AdminReasonTemplatesQuery,
  AdminUniversity,
  AdminUniversityBody,
  ContentStatus,
  ResearchMetadataBody,
  ResearchSubmission,
  UploadedFile,
} from '@scholars/shared-contracts/schemas';

export type Saved<T> = { msg?: string; data: T };

/** Query parameters without the empty ones (an empty filter is no filter). */
function params(query: object): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Record<string, string | number>;
}

async function readPage<T>(path: string, query: object, signal?: AbortSignal): Promise<{ data: T[]; tot: number }> {
  const response = await apiClient.get(path, { params: params(query), silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopePage<T>(response.data, path);
}

async function readOne<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await apiClient.get(path, { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopeData<T>(response.data, isDataObject, path);
}

async function write<T>(method: 'post' | 'put', path: string, body: unknown): Promise<Saved<T>> {
  const response = await apiClient[method](path, body, { errorToast: false });
  const answer = response.data as { msg?: string; data: T };
  return { msg: answer.msg, data: answer.data };
}

/** A save: POST to `path` for a new row (`id` null), PUT to `path/{id}` otherwise. */
const save = <T>(path: string, id: number | null, body: unknown) => (id === null ? write<T>('post', path, body) : write<T>('put', `${path}/${id}`, body));

async function remove(path: string, version: number): Promise<{ msg?: string }> {
  const response = await apiClient.delete(path, { params: { version }, errorToast: false });
  return { msg: (response.data as { msg?: string }).msg };
}

// ---------------------------------------------------------------- files
/** `POST admin/uploads?kind=`: the file through the upload checks; the save then refers to its `path`. */
export async function uploadContent(file: File, kind: 'image' | 'pdf'): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  const response = await apiClient.post('admin/uploads', form, { params: { kind }, errorToast: false, timeout: 10 * 60_000 });
  return envelopeData<UploadedFile>(response.data, isDataObject, 'admin/uploads');
}

// ---------------------------------------------------------------- library items
export const fetchAdminEbooks = (query: AdminEbooksQuery, signal?: AbortSignal) => readPage<AdminEbookItem>('admin/ebooks', query, signal);
export const fetchAdminEbook = (id: number, signal?: AbortSignal) => readOne<AdminEbook>(`admin/ebooks/${id}`, signal);
export const saveEbook = (id: number | null, body: AdminEbookBody & { version?: number }) => save<AdminEbook>('admin/ebooks', id, body);
export const setEbookStatus = (id: number, status: ContentStatus, version: number) => write<AdminEbook>('post', `admin/ebooks/${id}/status`, { status, version });
export const deleteEbook = (id: number, version: number) => remove(`admin/ebooks/${id}`, version);

// ---------------------------------------------------------------- universities
export const fetchAdminUniversities = (query: AdminListQuery, signal?: AbortSignal) => readPage<AdminUniversity>('admin/universities', query, signal);
export const saveUniversity = (id: number | null, body: AdminUniversityBody & { version?: number }) => save<AdminUniversity>('admin/universities', id, body);
export const deleteUniversity = (id: number, version: number) => remove(`admin/universities/${id}`, version);

// ---------------------------------------------------------------- research categories
export const fetchAdminCategories = (query: AdminListQuery, signal?: AbortSignal) => readPage<AdminCommunityCategory>('admin/community-categories', query, signal);
export const saveCategory = (id: number | null, body: AdminCommunityCategoryBody & { version?: number }) => save<AdminCommunityCategory>('admin/community-categories', id, body);
export const deleteCategory = (id: number, version: number) => remove(`admin/community-categories/${id}`, version);

// ---------------------------------------------------------------- reason templates
export const fetchAdminReasonTemplates = (query: AdminReasonTemplatesQuery, signal?: AbortSignal) => readPage<AdminReasonTemplate>('admin/reason-templates', query, signal);
export const saveReasonTemplate = (id: number | null, body: AdminReasonTemplateBody & { version?: number }) => save<AdminReasonTemplate>('admin/reason-templates', id, body);
export const deleteReasonTemplate = (id: number, version: number) => remove(`admin/reason-templates/${id}`, version);

// ---------------------------------------------------------------- research metadata
/** `PUT admin/research/{id}`: an approved research's metadata; `updated_at` is the version it started from. */
export const saveResearchMetadata = (id: number, body: ResearchMetadataBody) => write<ResearchSubmission>('put', `admin/research/${id}`, body);
