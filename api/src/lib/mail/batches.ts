/**
 * The loop of a batched send job (the newsletter's issues, the policy notices): run at each poll of
 * the mail worker, it makes due batches one after the other until none is due, at most `maxBatches`
 * per poll (the next poll goes on), and has the mail worker send each committed batch at once.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MailService } from '../../plugins/app/mail';

export interface BatchJobOptions {
  /** Batches one run may make before it yields. */
  maxBatches?: number;
  /** Stop between batches (the app is closing). */
  stopped?: () => boolean;
}

/**
 * `anyDue`: one cheap indexed read, so that most polls, which find nothing, open no transaction.
 * `nextBatch`: one batch in its own transaction; the mails queued, or null when none is due.
 */
export async function runDueBatches(
  mail: Pick<MailService, 'processDue'>,
  anyDue: () => Promise<boolean>,
  nextBatch: () => Promise<number | null>,
  options: BatchJobOptions,
): Promise<number> {
  if (!(await anyDue())) return 0;
  let queued = 0;
  for (let batch = 0; batch < (options.maxBatches ?? 20) && !options.stopped?.(); batch += 1) {
    const made = await nextBatch();
    if (made === null) break;
    queued += made;
    // The batch is committed: the mail worker sends it now rather than at its next poll.
    if (made > 0) void mail.processDue();
  }
  return queued;
}

/** When the batch after one of `queued` mails is due: `queued / ratePerMinute` minutes from now. */
export const nextBatchAt = (queued: number, ratePerMinute: number): SQL => sql`now() + make_interval(secs => ${(queued * 60) / ratePerMinute})`;
