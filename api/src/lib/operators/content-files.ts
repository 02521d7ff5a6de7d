/**
 * A content save refers to files by the path the upload call answered (issue 19). The shared
 * schemas check the path's shape; this checks that it names a file the platform has: one uploaded
 * (FILES_DIR) or one of the seed's (api/seed-assets, served under /files too). Anything else is
 * refused with the field marked, so a save cannot point the site at a file nobody stored.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SEED_ASSETS_DIR } from '../../config';
import { AppError } from '../errors';

function stored(filesDir: string, file: string): boolean {
  return [filesDir, SEED_ASSETS_DIR].some((root) => {
    const full = path.resolve(root, file);
    return full.startsWith(path.resolve(root) + path.sep) && existsSync(full);
  });
}

/** Refuses (400 `fileReferenceInvalid` on each field) the paths of `files` that are not stored files; null is no file. */
export function refuseUnknownFiles(filesDir: string, files: Record<string, string | null | undefined>): void {
  const unknown = Object.entries(files).filter(([, file]) => file && !stored(filesDir, file));
  if (unknown.length === 0) return;
  throw new AppError(400, 'validation.fileReferenceInvalid', {}, Object.fromEntries(unknown.map(([field]) => [field, 'validation.fileReferenceInvalid' as const])));
}
