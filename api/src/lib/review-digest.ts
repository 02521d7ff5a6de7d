/**
 * The reviewers' daily digest (issue 18): once per platform day (Asia/Dubai), each reviewer gets,
 * in their language, the submissions under review assigned to them whose decision is due within 3
 * days (submitted + 21 days) or overdue; each administrator gets the unassigned overdue ones. No
 * mail when a list is empty.
 *
 * Runs from the mail worker's poll (plugins/app/review-digest.ts), in every API process: the day
 * is claimed by inserting (`review-digest`, day) into `job_runs` in the same transaction that
 * enqueues the mail; only the process whose insert succeeded sends (a concurrent insert waits for
 * that transaction and then does nothing; a failed run rolls back its claim and is tried again at
 * the next poll). The clock is a parameter: tests pass a fake one.
 */
import { notSuspended } from './accounts/suspension';
import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PLATFORM_TIME_ZONE, formatNumber, isolate, localDateTime, pickLocalized, type Locale } from '@scholars/shared-contracts/locale';
import { REVIEW_DAYS, reviewClock, type ReviewClock } from '@scholars/shared-contracts/schemas';
import type { Db } from '../db/client';
import { jobRuns, researchSubmissions, users } from '../db/schema';
import type { MailService } from '../plugins/app/mail';
import { renderMail } from '../routes/research-mail';

export const REVIEW_DIGEST_JOB = 'review-digest';
/** A reviewer is told of a submission this many days before its decision is due. */
export const DIGEST_AHEAD_DAYS = 3;
const DAY_MS = 86_400_000;

export interface DigestItem {
  id: number;
  title: string;
  titleEn: string;
  clock: ReviewClock;
}

export interface DigestResult {
  /** False when another run (process) had claimed the day. */
  claimed: boolean;
  day: string;
  /** Mails enqueued. */
  mails: number;
}

function daysText(days: number, locale: Locale): string {
  const n = formatNumber(days, locale);
  if (locale === 'ar') return days === 1 ? 'يوم واحد' : days === 2 ? 'يومين' : days <= 10 ? `${n} أيام` : `${n} يومًا`;
  return days === 1 ? '1 day' : `${n} days`;
}

/** "Due in 2 days" / "Overdue by 3 days", in words (the console shows the same). */
export function clockText(clock: ReviewClock, locale: Locale): string {
  const days = daysText(clock.days, locale);
  if (clock.state === 'overdue') return locale === 'ar' ? `متأخر منذ ${days}` : `Overdue by ${days}`;
  return locale === 'ar' ? `يستحق القرار خلال ${days}` : `Due in ${days}`;
}

export function digestMail(locale: Locale, audience: 'reviewer' | 'admin', name: string, items: DigestItem[], site: string) {
  const lines = items.map((item) => `#${item.id} ${isolate(pickLocalized(locale, item.title, item.titleEn))}: ${clockText(item.clock, locale)}. ${site}/admin/research/${item.id}`);
  const count = formatNumber(items.length, locale);
  if (locale === 'ar') {
    return renderMail(locale, name, {
      subject: audience === 'reviewer' ? `أبحاث مسندة إليك يقترب موعد قرارها أو تأخر: ${count}` : `أبحاث متأخرة لم تُسند إلى محكّم: ${count}`,
      lines: [
        audience === 'reviewer'
          ? `هذه الأبحاث المسندة إليك يستحق قرارها خلال ${daysText(DIGEST_AHEAD_DAYS, locale)} أو تأخر:`
          : 'هذه الأبحاث تجاوزت مهلة القرار (21 يومًا) ولم تُسند إلى أي محكّم:',
        ...lines,
        `قائمة التحكيم: ${site}/admin/review`,
      ],
    });
  }
  return renderMail(locale, name, {
    subject: audience === 'reviewer' ? `Submissions assigned to you due soon or overdue: ${count}` : `Overdue submissions nobody is assigned to: ${count}`,
    lines: [
      audience === 'reviewer'
        ? `These submissions assigned to you are due within ${daysText(DIGEST_AHEAD_DAYS, locale)} or overdue:`
        : 'These submissions are past their decision date (21 days) and are not assigned to any reviewer:',
      ...lines,
      `Review queue: ${site}/admin/review`,
    ],
  });
}

/** The platform day of `now` (`YYYY-MM-DD` in Asia/Dubai): the key of a daily run. */
export const platformDay = (now: Date) => localDateTime(PLATFORM_TIME_ZONE, now).date;

/**
 * Claims today's digest and enqueues it; does nothing when the day was claimed already (by this or
 * another process).
 */
export async function runReviewDigest(db: Db, mail: Pick<MailService, 'enqueue'>, site: string, now: Date = new Date()): Promise<DigestResult> {
  const day = platformDay(now);
  // Most polls of a day find it claimed: one indexed read, no transaction.
  const [done] = await db.select({ job: jobRuns.job }).from(jobRuns).where(and(eq(jobRuns.job, REVIEW_DIGEST_JOB), eq(jobRuns.runKey, day)));
  if (done) return { claimed: false, day, mails: 0 };
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(jobRuns).values({ job: REVIEW_DIGEST_JOB, runKey: day, claimedAt: now }).onConflictDoNothing().returning({ job: jobRuns.job });
    if (claimed.length === 0) return { claimed: false, day, mails: 0 };
    const reviewer = alias(users, 'reviewer');
    const dueBefore = new Date(now.getTime() - (REVIEW_DAYS.to - DIGEST_AHEAD_DAYS) * DAY_MS);
    const overdueBefore = new Date(now.getTime() - REVIEW_DAYS.to * DAY_MS);
    const r = researchSubmissions;
    const assigned = await tx
      .select({ id: r.id, title: r.title, titleEn: r.titleEn, submittedAt: r.submittedAt, reviewerId: reviewer.id, name: reviewer.name, email: reviewer.email, locale: reviewer.locale })
      .from(r)
      .innerJoin(reviewer, eq(reviewer.id, r.assignedReviewerId))
      .where(and(eq(r.status, 'under_review'), lte(r.submittedAt, dueBefore), notSuspended(reviewer)))
      .orderBy(asc(r.submittedAt), asc(r.id));
    const unassigned = await tx
      .select({ id: r.id, title: r.title, titleEn: r.titleEn, submittedAt: r.submittedAt })
      .from(r)
      .where(and(eq(r.status, 'under_review'), isNull(r.assignedReviewerId), lt(r.submittedAt, overdueBefore)))
      .orderBy(asc(r.submittedAt), asc(r.id));
    let mails = 0;
    const byReviewer = new Map<number, { name: string; email: string; locale: Locale; items: DigestItem[] }>();
    for (const row of assigned) {
      const entry = byReviewer.get(row.reviewerId) ?? { name: row.name, email: row.email, locale: row.locale, items: [] };
      entry.items.push({ id: row.id, title: row.title, titleEn: row.titleEn, clock: reviewClock(row.submittedAt, now) });
      byReviewer.set(row.reviewerId, entry);
    }
    for (const entry of byReviewer.values()) {
      const message = digestMail(entry.locale, 'reviewer', entry.name, entry.items, site);
      await mail.enqueue({ to: entry.email, locale: entry.locale, template: 'review_digest', ...message }, tx);
      mails += 1;
    }
    if (unassigned.length > 0) {
      const admins = await tx
        .select({ name: users.name, email: users.email, locale: users.locale })
        .from(users)
        .where(and(sql`'admin' = any(${users.roles})`, notSuspended()))
        .orderBy(asc(users.id));
      const items = unassigned.map((row) => ({ id: row.id, title: row.title, titleEn: row.titleEn, clock: reviewClock(row.submittedAt, now) }));
      for (const admin of admins) {
        const message = digestMail(admin.locale, 'admin', admin.name, items, site);
        await mail.enqueue({ to: admin.email, locale: admin.locale, template: 'review_digest_admin', ...message }, tx);
        mails += 1;
      }
    }
    await tx
      .update(jobRuns)
      .set({ finishedAt: now })
      .where(and(eq(jobRuns.job, REVIEW_DIGEST_JOB), eq(jobRuns.runKey, day)));
    return { claimed: true, day, mails };
  });
}
