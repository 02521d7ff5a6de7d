/**
 * The console's content writes (issue 19), shared by the home content and plans calls: the upload of
 * a file (`POST admin/uploads?kind=`), a save that answers the saved record, and a delete with the
 * version the screen showed. A refusal throws the client's `ApiError` (its status, localized `msg`
 * and field `errors`): the forms show a stale edit (409), the fields to fill in both languages (400)
 * and every field's message.
 */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type { UploadedFile } from '@scholars/shared-contracts/schemas';

/** `POST admin/uploads?kind=image|pdf`: the stored file, which the save then refers to by its path. */
export async function uploadContentFile(file: File, kind: 'image' | 'pdf'): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await apiClient.post('admin/uploads', form, { params: { kind }, errorToast: false, silent: true });
  return envelopeData<UploadedFile>(response.data, isDataObject, 'admin/uploads');
}

/** A create (`post`) or an update (`put`): the record as saved (its new version). The server's message is toasted. */
export async function saveRecord<T>(method: 'post' | 'put', path: string, body: unknown): Promise<T> {
  const response = await apiClient[method](path, body, { errorToast: false, successToast: true });
  return envelopeData<T>(response.data, isDataObject, path);
}

/** `DELETE <path>?version=`. */
export async function deleteRecord(path: string, version: number): Promise<void> {
  await apiClient.delete(path, { params: { version }, errorToast: false, successToast: true });
}
