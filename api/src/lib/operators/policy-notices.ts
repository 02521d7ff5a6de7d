/**
 * Telling members of an amended privacy and content policy (the spec: management may amend the
 * policy and notify users). An administrator asks for a notice of the saved version the console
 * shows; its recipients are the members with a confirmed address who had an account by then, each
 * mailed once in their language (policyNoticeMail). One notice per version.
 *
 * Sending works as the newsletter's (lib/newsletter/issues.ts): a job of the mail worker's poll, in
 * every API process, takes a notice whose next batch is due with a row lock (`FOR UPDATE SKIP
 * LOCKED`) and, in ONE transaction, puts up to a batch of mails into the mail queue, each with its
 * delivery row (unique per notice and member), then moves the next batch by the newsletter's rate.
 * A process killed mid-batch leaves nothing of it; the next run starts from the members without a
 * delivery.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import { ROUTES } from '@scholars/shared-contracts/routes';
import type { PolicyNotice } from '@scholars/shared-contracts/schemas';
import type { Db } from '../../db/client';
import { mailOutbox, policyNoticeDeliveries, policyNotices, users } from '../../db/schema';
import type { MailService } from '../../plugins/app/mail';
import { AppError } from '../errors';
import { refuseStale } from './content';
import type { Executor } from '../invoices/numbering';
import { nextBatchAt, runDueBatches } from '../mail/batches';
import { policyNoticeMail } from '../mail/templates';
import type { SendJobOptions } from '../newsletter/issues';

const n = policyNotices;
const d = policyNoticeDeliveries;
/** A notice still sending whose next batch is due. */
const due = () => and(isNull(n.sendFinishedAt), lte(n.nextBatchAt, sql`now()`));

/**
 * The members a notice made at `at` goes to: a confirmed address, an account by then, not closed
 * (a closed account has no address). Times are the database's (`now()`, the notice's `created_at`),
 * the clock the accounts' `created_at` come from.
 */
const member = (at: Date | SQL) => and(isNotNull(users.emailVerifiedAt), isNull(users.closedAt), lte(users.createdAt, at));

export async function countMembers(db: Executor, at: Date | SQL = sql`now()`): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(member(at));
  return row?.n ?? 0;
}

/** The notices (the 20 newest, or the one `id`), newest first, with their mails' states (one grouped read). */
export async function listNotices(db: Executor, id?: number): Promise<PolicyNotice[]> {
  const rows = await db
    .select({ notice: n, author: { id: users.id, name: users.name } })
    .from(n)
    .leftJoin(users, eq(users.id, n.createdBy))
    .where(id === undefined ? undefined : eq(n.id, id))
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(20);
  if (rows.length === 0) return [];
  const figures = await db
    .select({
      noticeId: d.noticeId,
      queued: sql<number>`count(*)::int`,
      sent: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'sent'))::int`,
      failed: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'failed'))::int`,
    })
    .from(d)
    .leftJoin(mailOutbox, eq(mailOutbox.id, d.mailId))
    .where(inArray(d.noticeId, rows.map((row) => row.notice.id)))
    .groupBy(d.noticeId);
  const byNotice = new Map(figures.map((row) => [row.noticeId, row]));
  return rows.map(({ notice, author }) => ({
    id: notice.id,
    policy_version: notice.policyVersion,
    policy_updated_at: notice.policyUpdatedAt.toISOString(),
    created_at: notice.createdAt.toISOString(),
    created_by: author?.id ? { id: author.id, name: author.name } : null,
    recipients: notice.recipientCount,
    queued: byNotice.get(notice.id)?.queued ?? 0,
    sent: byNotice.get(notice.id)?.sent ?? 0,
    failed: byNotice.get(notice.id)?.failed ?? 0,
    finished_at: notice.sendFinishedAt?.toISOString() ?? null,
  }));
}

/**
 * A notice of `policy` (the saved version the console showed; the caller locked its row): 409 when
 * it is not the current version, when members were told of it already, or when nobody would get it.
 */
export async function createNotice(tx: Executor, policy: { version: number; updatedAt: Date }, shownVersion: number, actorId: number) {
  refuseStale(policy, shownVersion);
  const [told] = await tx.select({ id: n.id }).from(n).where(eq(n.policyVersion, policy.version));
  if (told) throw new AppError(409, 'validation.policyAlreadyNotified');
  // now(): this transaction's start, the notice's `created_at` below.
  const recipients = await countMembers(tx);
  if (recipients === 0) throw new AppError(409, 'validation.policyNoMembers');
  const [created] = await tx
    .insert(n)
    .values({ policyVersion: policy.version, policyUpdatedAt: policy.updatedAt, createdBy: actorId, recipientCount: recipients, nextBatchAt: sql`now()` })
    .returning();
  return created!;
}

/** One due batch of one notice, in one transaction: the mails queued, or null when none is due. */
export async function sendNextNoticeBatch(db: Db, mail: Pick<MailService, 'enqueue'>, options: SendJobOptions): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [notice] = await tx
      .select()
      .from(n)
      .where(due())
      .orderBy(asc(n.nextBatchAt), asc(n.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!notice) return null;
    const recipients = await tx
      .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
      .from(users)
      .where(and(member(notice.createdAt), notExists(tx.select({ one: sql`1` }).from(d).where(and(eq(d.noticeId, notice.id), eq(d.userId, users.id))))))
      .orderBy(asc(users.id))
      .limit(options.batchSize);
    const link = `${options.site}${ROUTES.privacyPolicy}`;
    for (const recipient of recipients) {
      const mailId = await mail.enqueue(
        { to: recipient.email, locale: recipient.locale, ...policyNoticeMail(recipient.locale, { name: recipient.name, updatedAt: notice.policyUpdatedAt, link }) },
        tx,
      );
      await tx.insert(d).values({ noticeId: notice.id, userId: recipient.id, mailId });
    }
    if (recipients.length < options.batchSize) {
      await tx.update(n).set({ sendFinishedAt: sql`now()`, nextBatchAt: null }).where(eq(n.id, notice.id));
    } else {
      await tx.update(n).set({ nextBatchAt: nextBatchAt(recipients.length, options.ratePerMinute) }).where(eq(n.id, notice.id));
    }
    return recipients.length;
  });
}

/** The send job of one poll (lib/mail/batches.ts). */
export function runPolicyNoticeSends(db: Db, mail: Pick<MailService, 'enqueue' | 'processDue'>, options: SendJobOptions): Promise<number> {
  return runDueBatches(
    mail,
    async () => (await db.select({ id: n.id }).from(n).where(due()).limit(1)).length > 0,
    () => sendNextNoticeBatch(db, mail, options),
    options,
  );
}
