/**
 * The newsletter's issues (issue 20): the console's list and page with each issue's figures, the
 * preview and test of both languages, and the send.
 *
 * Sending: the console's "send" marks the issue `sending` (recipients: the subscribers confirmed by
 * then). The send job runs at every poll of the mail worker, in every API process: it takes an
 * issue whose next batch is due with `FOR UPDATE SKIP LOCKED` (one process per issue at a time),
 * and in ONE transaction enqueues up to NEWSLETTER_BATCH_SIZE mails into the mail queue, each with
 * its delivery row (unique per issue and subscriber), and moves the next batch
 * `batch / NEWSLETTER_RATE_PER_MINUTE` minutes ahead. A process killed mid-batch rolls the whole
 * batch back; the next run (any process) starts from the recipients without a delivery, so every
 * recipient gets exactly one mail. Once none is left the issue is `sent`.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { NewsletterIssueDetails, NewsletterIssueItem, NewsletterIssueStats, NewsletterRendered, newsletterIssuesQuerySchema } from '@scholars/shared-contracts/schemas';
import type { Locale } from '@scholars/shared-contracts/locale';
import type { Db } from '../../db/client';
import { mailOutbox, newsletterDeliveries, newsletterIssues, newsletterSubscribers, users } from '../../db/schema';
import type { Executor } from '../invoices/numbering';
import type { MailService } from '../../plugins/app/mail';
import { nextBatchAt, runDueBatches, type BatchJobOptions } from '../mail/batches';
import { renderMarkdown } from '../mail/markdown';
import { foldedSearchConditions, pageOffset } from '../pagination';
import { linkTokenHash, listUnsubscribeHeaders, newLinkToken, newsletterIssueMail, unsubscribeUrl } from './mails';

type IssueRow = typeof newsletterIssues.$inferSelect;
const i = newsletterIssues;
const d = newsletterDeliveries;
const sub = newsletterSubscribers;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

const EMPTY_STATS = { queued: 0, sent: 0, failed: 0, pending: 0, unsubscribed: 0 };

/** The figures of these issues (one grouped read). */
async function statsOf(db: Executor, issues: readonly IssueRow[]): Promise<Map<number, NewsletterIssueStats>> {
  const figures = new Map<number, NewsletterIssueStats>(issues.map((issue) => [issue.id, { recipients: issue.recipientCount, ...EMPTY_STATS }]));
  const started = issues.filter((issue) => issue.sendStartedAt);
  if (started.length === 0) return figures;
  const rows = await db
    .select({
      issueId: d.issueId,
      queued: sql<number>`count(*)::int`,
      sent: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'sent'))::int`,
      failed: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'failed'))::int`,
      pending: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'pending'))::int`,
      unsubscribed: sql<number>`(count(*) filter (where ${sub.unsubscribedAt} >= ${i.sendStartedAt}))::int`,
    })
    .from(d)
    .innerJoin(i, eq(i.id, d.issueId))
    .innerJoin(sub, eq(sub.id, d.subscriberId))
    .leftJoin(mailOutbox, eq(mailOutbox.id, d.mailId))
    .where(inArray(d.issueId, started.map((issue) => issue.id)))
    .groupBy(d.issueId);
  for (const row of rows) {
    const { issueId, ...rest } = row;
    figures.set(issueId, { recipients: figures.get(issueId)?.recipients ?? 0, ...rest });
  }
  return figures;
}

function itemOf(row: IssueRow, stats: NewsletterIssueStats, sender: { id: number; name: string } | null): NewsletterIssueItem {
  return {
    id: row.id,
    subject: row.subject,
    subject_en: row.subjectEn,
    status: row.status,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    send_started_at: iso(row.sendStartedAt),
    send_finished_at: iso(row.sendFinishedAt),
    sent_by: sender,
    stats,
  };
}

const senderName = alias(users, 'sender');

/** The issues, newest first, searched over both subjects, with their figures. */
export async function listIssues(db: Db, query: z.output<typeof newsletterIssuesQuerySchema>): Promise<{ items: NewsletterIssueItem[]; total: number }> {
  const where: SQL[] = [];
  where.push(...foldedSearchConditions([i.subject, i.subjectEn], query.q ?? ''));
  if (query.status !== 'all') where.push(eq(i.status, query.status));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: i, senderName: senderName.name })
      .from(i)
      .leftJoin(senderName, eq(senderName.id, i.sentBy))
      .where(condition)
      .orderBy(desc(i.createdAt), desc(i.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db.select({ n: count() }).from(i).where(condition),
  ]);
  const stats = await statsOf(db, rows.map(({ row }) => row));
  return {
    items: rows.map(({ row, senderName: name }) => itemOf(row, stats.get(row.id)!, row.sentBy !== null && name !== null ? { id: row.sentBy, name } : null)),
    total: total?.n ?? 0,
  };
}

/** An issue with its texts and figures; null when there is none. */
export async function issueDetails(db: Executor, id: number): Promise<NewsletterIssueDetails | null> {
  const [found] = await db.select({ row: i, senderName: senderName.name }).from(i).leftJoin(senderName, eq(senderName.id, i.sentBy)).where(eq(i.id, id));
  if (!found) return null;
  const { row } = found;
  const stats = await statsOf(db, [row]);
  return {
    ...itemOf(row, stats.get(row.id)!, row.sentBy !== null && found.senderName !== null ? { id: row.sentBy, name: found.senderName } : null),
    body: row.body,
    body_en: row.bodyEn,
  };
}

export interface IssueTexts {
  subject: string;
  subject_en: string;
  body: string;
  body_en: string;
}

const textsIn = (texts: IssueTexts, locale: Locale) => (locale === 'ar' ? { subject: texts.subject, body: texts.body } : { subject: texts.subject_en, body: texts.body_en });

/** Both languages as their mails show them (preview, test); the unsubscribe link is `link`. */
export function renderIssue(texts: IssueTexts, link: string, test = false): Record<Locale, NewsletterRendered & { template: string }> {
  const one = (locale: Locale) => {
    const { subject, body } = textsIn(texts, locale);
    const mail = newsletterIssueMail(locale, { subject, body: renderMarkdown(body, locale) }, link, test);
    return { subject: mail.subject, html: mail.html, text: mail.text, template: mail.template };
  };
  return { ar: one('ar'), en: one('en') };
}

export const issueTexts = (row: IssueRow): IssueTexts => ({ subject: row.subject, subject_en: row.subjectEn, body: row.body, body_en: row.bodyEn });

/** Confirmed subscribers who did not leave (at `at`): an issue's recipients. */
const receiving = (at: Date | SQL) => and(isNotNull(sub.confirmedAt), lte(sub.confirmedAt, at), isNull(sub.unsubscribedAt));

export async function countRecipients(db: Executor, at: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sub).where(receiving(at));
  return row?.n ?? 0;
}

export interface SendJobOptions extends BatchJobOptions {
  site: string;
  batchSize: number;
  ratePerMinute: number;
}

const accountById = alias(users, 'account_by_id');
const accountByEmail = alias(users, 'account_by_email');

/** An issue being sent whose next batch is due. */
const due = () => and(eq(i.status, 'sending'), lte(i.nextBatchAt, sql`now()`));

/**
 * One due batch of one issue, in one transaction (see the file's comment): the number of mails
 * queued, or null when no issue's batch is due (or another process holds it).
 */
export async function sendNextBatch(db: Db, mail: Pick<MailService, 'enqueue'>, options: SendJobOptions): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [issue] = await tx
      .select()
      .from(i)
      .where(due())
      .orderBy(asc(i.nextBatchAt), asc(i.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!issue) return null;
    const recipients = await tx
      .select({
        id: sub.id,
        email: sub.email,
        // The account's language, else the one they subscribed in.
        locale: sql<Locale>`coalesce(${accountById.locale}, ${accountByEmail.locale}, ${sub.locale})`,
      })
      .from(sub)
      .leftJoin(accountById, eq(accountById.id, sub.userId))
      .leftJoin(accountByEmail, and(isNull(sub.userId), sql`lower(${accountByEmail.email}) = lower(${sub.email})`))
      .where(
        and(
          receiving(issue.sendStartedAt ?? new Date()),
          notExists(tx.select({ one: sql`1` }).from(d).where(and(eq(d.issueId, issue.id), eq(d.subscriberId, sub.id)))),
        ),
      )
      .orderBy(asc(sub.id))
      .limit(options.batchSize);
    const rendered = new Map<Locale, { subject: string; body: ReturnType<typeof renderMarkdown> }>();
    const inLocale = (locale: Locale) => {
      let found = rendered.get(locale);
      if (!found) {
        const { subject, body } = textsIn(issueTexts(issue), locale);
        found = { subject, body: renderMarkdown(body, locale) };
        rendered.set(locale, found);
      }
      return found;
    };
    for (const recipient of recipients) {
      const token = newLinkToken();
      const link = unsubscribeUrl(options.site, token);
      const mailId = await mail.enqueue(
        { to: recipient.email, locale: recipient.locale, ...newsletterIssueMail(recipient.locale, inLocale(recipient.locale), link), headers: listUnsubscribeHeaders(link) },
        tx,
      );
      await tx.insert(d).values({ issueId: issue.id, subscriberId: recipient.id, mailId, locale: recipient.locale, unsubscribeTokenHash: linkTokenHash(token) });
    }
    if (recipients.length < options.batchSize) {
      // Nobody left: the issue is sent.
      await tx.update(i).set({ status: 'sent', sendFinishedAt: sql`now()`, nextBatchAt: null }).where(eq(i.id, issue.id));
    } else {
      await tx.update(i).set({ nextBatchAt: nextBatchAt(recipients.length, options.ratePerMinute) }).where(eq(i.id, issue.id));
    }
    return recipients.length;
  });
}

/** The send job of one poll (lib/mail/batches.ts). */
export function runNewsletterSends(db: Db, mail: Pick<MailService, 'enqueue' | 'processDue'>, options: SendJobOptions): Promise<number> {
  return runDueBatches(
    mail,
    async () => (await db.select({ id: i.id }).from(i).where(due()).limit(1)).length > 0,
    () => sendNextBatch(db, mail, options),
    options,
  );
}
