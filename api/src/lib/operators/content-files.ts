/**
 * A content save refers to files by the path the upload call answered (issue 19). The shared
 * schemas check the path's shape; this checks that it names a file the platform has: one uploaded
 * (in the store) or one of the seed's (api/seed-assets, served under /files too). Anything else is
 * refused with the field marked, so a save cannot point the site at a file nobody stored.
 */
import { and, inArray, ne } from 'drizzle-orm';
import { ads, conferenceSpeakers, conferences, ebooks, researchSubmissions, teamMembers, universities, users } from '../../db/schema';
import type { Executor } from '../invoices/numbering';
import { AppError } from '../errors';
import { removeStored, type FileStorage } from '../uploads';

/** Refuses (400 `fileReferenceInvalid` on each field) the paths of `files` that are not stored files; null is no file. */
export async function refuseUnknownFiles(storage: FileStorage, files: Record<string, string | null | undefined>): Promise<void> {
  const unknown: string[] = [];
  for (const [field, file] of Object.entries(files)) {
    if (file && !(await storage.exists(file))) unknown.push(field);
  }
  if (unknown.length === 0) return;
  throw new AppError(400, 'validation.fileReferenceInvalid', {}, Object.fromEntries(unknown.map((field) => [field, 'validation.fileReferenceInvalid' as const])));
}

/**
 * Every column that refers to a stored file, and which rows of it count: a removed research
 * submission refers to none (its files are deleted when it is removed).
 */
const FILE_COLUMNS = [
  { table: users, columns: [users.avatar] },
  { table: conferences, columns: [conferences.image] },
  { table: conferenceSpeakers, columns: [conferenceSpeakers.image] },
  { table: researchSubmissions, columns: [researchSubmissions.filePath, researchSubmissions.image], live: ne(researchSubmissions.status, 'removed') },
  { table: universities, columns: [universities.logo] },
  { table: ebooks, columns: [ebooks.filePath, ebooks.image] },
  { table: teamMembers, columns: [teamMembers.image] },
  { table: ads, columns: [ads.imageUrl] },
] as const;

/**
 * Removes from the store the files of `paths` that no row refers to any more (a replaced or deleted
 * picture, book or research file), after the change that dropped them is committed. A content
 * save may point several rows at one upload, so each is checked against every file column; the
 * seed's files are never removed ({@link removeStored}).
 */
export async function removeUnusedFiles(db: Executor, storage: FileStorage, paths: Array<string | null | undefined>): Promise<void> {
  const candidates = [...new Set(paths.filter((value): value is string => Boolean(value)))];
  if (candidates.length === 0) return;
  const used = new Set<string>();
  for (const { table, columns, ...rest } of FILE_COLUMNS) {
    const live = 'live' in rest ? rest.live : undefined;
    for (const column of columns) {
      const rows = await db
        .select({ path: column })
        .from(table)
        .where(and(inArray(column, candidates), live));
      for (const row of rows) if (row.path) used.add(row.path);
    }
  }
  await removeStored(storage, candidates.filter((value) => !used.has(value)));
}
