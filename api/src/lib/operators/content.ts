/**
 * What every content route of the operator console shares (issue 19): saves that carry the version
 * they started from (a save over a newer change is refused with 409, never overwrites it), the
 * refusal to publish a text filled in one language only, the refusal to delete what is still
 * referred to, and the audit log entry of each change.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ValidationMessageKey } from '@scholars/shared-contracts/schemas';
import type { Executor } from '../invoices/numbering';
import { AppError, notFound } from '../errors';
import { appendAudit, type ContentAuditAction, type ContentTargetType } from './audit';

/** A table whose rows an operator edits: an `id` and a `version`. */
type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/**
 * Updates row `id` of `table` with `values` if it is still at `expected`, adding one to its
 * version, and returns the new row. 404 when there is no such row; 409 `validation.staleEdit`
 * when someone saved a newer version meanwhile.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Executor,
  table: T,
  id: number,
  expected: number,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  const rows = (await db
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1` } as never)
    .where(and(eq(table.id, id), eq(table.version, expected)))
    .returning()) as T['$inferSelect'][];
  if (rows[0]) return rows[0];
  throw await missingOrStale(db, table, id);
}

/** Deletes row `id` of `table` if it is still at `expected` (404 / 409 as {@link updateVersioned}). */
export async function deleteVersioned<T extends VersionedTable>(db: Executor, table: T, id: number, expected: number): Promise<T['$inferSelect']> {
  const rows = (await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.version, expected)))
    .returning()) as T['$inferSelect'][];
  if (rows[0]) return rows[0];
  throw await missingOrStale(db, table, id);
}

/**
 * 409 `validation.staleEdit` when `row` is no longer at `expected`. Checked before the content rules
 * (both languages, references): an edit made on an old copy is told to reload, not to fix a form it
 * will have to redo.
 */
export function refuseStale(row: { version: number }, expected: number): void {
  if (row.version !== expected) throw new AppError(409, 'validation.staleEdit');
}

async function missingOrStale(db: Executor, table: VersionedTable, id: number): Promise<AppError> {
  const found = await db.select({ id: table.id }).from(table as PgTable).where(eq(table.id, id));
  return found.length === 0 ? notFound() : new AppError(409, 'validation.staleEdit');
}

/**
 * Refuses publishing (400) when `missing` (from `missingTranslations` of the shared schemas) names
 * fields filled in one language only: each is marked in `errors`, and the form lists them. `key`:
 * the refusal's message (a page that is always live says "not saved", not "not published").
 */
export function refuseMissingTranslations(missing: readonly string[], key: ValidationMessageKey = 'validation.translationsMissing'): void {
  if (missing.length === 0) return;
  throw new AppError(
    400,
    key,
    { count: missing.length },
    Object.fromEntries(missing.map((field) => [field, 'validation.translationMissing' as const])),
  );
}

/** Refuses deleting (409) what `count` rows still refer to; `key` says why (a category: `validation.categoryInUse`). */
export function refuseInUse(count: number, key: ValidationMessageKey = 'validation.inUse'): void {
  if (count > 0) throw new AppError(409, key, { count });
}

/** The audit log entry of an operator's change to content, in the transaction that makes it. */
export async function auditContent(
  db: Executor,
  entry: { actorId: number; action: ContentAuditAction; targetType: ContentTargetType; targetId: number | null; reason?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await appendAudit(db, { actorLabel: 'account', ...entry });
}
