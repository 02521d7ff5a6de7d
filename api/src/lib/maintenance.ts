/**
 * Housekeeping: deletes rows nobody needs any more (old account rate-limit hits, used captcha
 * signatures past their challenge, old job claims) and, given the mail service, does the
 * consultations' duties (expired requests, 24-hour reminders: lib/consultations/duties.ts). It runs from the mail worker's poll in every API process (plugins/app/maintenance.ts), but once per
 * {@link MAINTENANCE_EVERY_MS} across all of them: the run claims its slot in `job_runs` in the
 * transaction that deletes, and only the process whose claim was inserted does the work (as the
 * review digest claims its day).
 */
import { and, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { captchaUses, jobRuns } from '../db/schema';
import { pruneHits } from './accounts/rate-limits';
import { runConsultationDuties, type ConsultationDutiesContext } from './consultations/duties';

export const MAINTENANCE_JOB = 'maintenance';
export const MAINTENANCE_EVERY_MS = 10 * 60_000;
/** Job claims are kept this long (the review digest's days, the maintenance slots). */
const JOB_RUN_RETENTION_DAYS = 30;

/** Runs the maintenance of `now`'s slot unless a process already did; true when this call did it. */
export async function runMaintenance(db: Db, now: Date, consultations?: ConsultationDutiesContext): Promise<boolean> {
  const slot = String(Math.floor(now.getTime() / MAINTENANCE_EVERY_MS));
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(jobRuns).values({ job: MAINTENANCE_JOB, runKey: slot }).onConflictDoNothing().returning({ job: jobRuns.job });
    if (claimed.length === 0) return false;
    await pruneHits(tx);
    if (consultations) await runConsultationDuties(tx, consultations, now);
    await tx.delete(captchaUses).where(lt(captchaUses.expiresAt, sql`now()`));
    await tx
      .delete(jobRuns)
      .where(and(lt(jobRuns.claimedAt, sql`now() - make_interval(days => ${JOB_RUN_RETENTION_DAYS})`), ne(jobRuns.runKey, slot)));
    return true;
  });
}
