/**
 * A content save refers to files by the path the upload call answered (issue 19). The shared
 * schemas check the path's shape; this checks that it names a file the platform has: one uploaded
 * (in the store) or one of the seed's (api/seed-assets, served under /files too). Anything else is
 * refused with the field marked, so a save cannot point the site at a file nobody stored.
 */
import { AppError } from '../errors';
import type { FileStorage } from '../uploads';

/** Refuses (400 `fileReferenceInvalid` on each field) the paths of `files` that are not stored files; null is no file. */
export async function refuseUnknownFiles(storage: FileStorage, files: Record<string, string | null | undefined>): Promise<void> {
  const unknown: string[] = [];
  for (const [field, file] of Object.entries(files)) {
    if (file && !(await storage.exists(file))) unknown.push(field);
  }
  if (unknown.length === 0) return;
  throw new AppError(400, 'validation.fileReferenceInvalid', {}, Object.fromEntries(unknown.map((field) => [field, 'validation.fileReferenceInvalid' as const])));
}
