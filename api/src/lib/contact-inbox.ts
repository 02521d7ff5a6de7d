/**
 * The contact inbox (issue 20): the console's list and page of contact messages, the staff's
 * replies, and the administrators' notification of new messages.
 *
 * Notification: the first new message is told to every administrator (not suspended, each in their
 * language) at the mail worker's next poll; messages that arrive within 10 minutes of a notification
 * wait and go together, as one digest, when the 10 minutes are over. So an administrator gets at
 * most one such e-mail per 10 minutes, and no message goes untold. The team inbox (CONTACT_INBOX)
 * still gets each message at once (routes/contact.ts). The job runs in every API process: a
 * transaction-scoped advisory lock makes them take turns to look and claim (`notified_at`).
 */
import { and, asc, count, desc, eq, isNotNull, isNull, max, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ContactMessageDetails, ContactMessageItem, contactInboxQuerySchema } from '@scholars/shared-contracts/schemas';
import { formatNumber, isolate, type Locale } from '@scholars/shared-contracts/locale';
import type { Db } from '../db/client';
import { contactMessages, contactReplies, users } from '../db/schema';
import type { MailService } from '../plugins/app/mail';
import { notSuspended } from './accounts/suspension';
import { greeting, renderMail, type RenderedMail } from './mail/templates';
import { foldedSearchConditions, pageOffset } from './pagination';

/** Administrators are told of new messages at most once per this many milliseconds. */
export const CONTACT_DIGEST_WINDOW_MS = 10 * 60_000;
/** The advisory lock of the notification job (any constant unique to it). */
const NOTIFY_LOCK_KEY = 727_020_001;

type MessageRow = typeof contactMessages.$inferSelect;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

const replyCount = sql<number>`(select count(*)::int from ${contactReplies} where ${contactReplies.messageId} = ${contactMessages.id})`;

function itemOf(row: MessageRow, replies: number): ContactMessageItem {
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    phone: row.phone,
    message: row.message,
    locale: row.locale,
    created_at: row.createdAt.toISOString(),
    read_at: iso(row.readAt),
    handled_at: iso(row.handledAt),
    replies,
  };
}

export async function listContactMessages(db: Db, query: z.output<typeof contactInboxQuerySchema>): Promise<{ items: ContactMessageItem[]; total: number }> {
  const m = contactMessages;
  const where: SQL[] = [];
  where.push(...foldedSearchConditions([m.fullName, m.email, m.phone, m.message], query.q ?? ''));
  if (query.state === 'unread') where.push(isNull(m.readAt));
  else if (query.state === 'open') where.push(isNull(m.handledAt));
  else if (query.state === 'handled') where.push(isNotNull(m.handledAt));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: m, replies: replyCount })
      .from(m)
      .where(condition)
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db.select({ n: count() }).from(m).where(condition),
  ]);
  return { items: rows.map(({ row, replies }) => itemOf(row, replies)), total: total?.n ?? 0 };
}

/** A message's page; the first opening marks it read. Null when there is no such message. */
export async function openContactMessage(db: Db, id: number, now = new Date()): Promise<ContactMessageDetails | null> {
  await db.update(contactMessages).set({ readAt: now }).where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)));
  return contactMessageDetails(db, id);
}

export async function contactMessageDetails(db: Db, id: number): Promise<ContactMessageDetails | null> {
  const handler = alias(users, 'handler');
  const [found] = await db
    .select({ row: contactMessages, handlerName: handler.name })
    .from(contactMessages)
    .leftJoin(handler, eq(handler.id, contactMessages.handledBy))
    .where(eq(contactMessages.id, id));
  if (!found) return null;
  const replies = await db
    .select({ id: contactReplies.id, body: contactReplies.body, createdAt: contactReplies.createdAt, authorId: users.id, authorName: users.name })
    .from(contactReplies)
    .leftJoin(users, eq(users.id, contactReplies.authorId))
    .where(eq(contactReplies.messageId, id))
    .orderBy(asc(contactReplies.id));
  const { row } = found;
  return {
    ...itemOf(row, replies.length),
    user_id: row.userId,
    handled_by: row.handledBy !== null && found.handlerName !== null ? { id: row.handledBy, name: found.handlerName } : null,
    reply_list: replies.map((reply) => ({
      id: reply.id,
      body: reply.body,
      author: reply.authorId !== null && reply.authorName !== null ? { id: reply.authorId, name: reply.authorName } : null,
      created_at: reply.createdAt.toISOString(),
    })),
  };
}

/** The staff's answer to the sender, in the sender's language, quoting what they wrote. */
export function contactReplyMail(locale: Locale, input: { fullName: string; reply: string; original: string }): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'contact_reply', 'رد على رسالتك إلينا', greeting(locale, input.fullName), [input.reply, 'رسالتك:', { quote: input.original }]);
  }
  return renderMail(locale, 'contact_reply', 'A reply to your message', greeting(locale, input.fullName), [input.reply, 'Your message:', { quote: input.original }]);
}

/** New messages, to an administrator: one message in full, or a digest of several. */
export function contactNotificationMail(locale: Locale, name: string, messages: readonly MessageRow[], inboxUrl: string): RenderedMail {
  const one = messages.length === 1 ? messages[0]! : null;
  const n = formatNumber(messages.length, locale);
  if (locale === 'ar') {
    if (one) {
      return renderMail(locale, 'contact_notify', `رسالة تواصل جديدة من ${isolate(one.fullName)}`, greeting(locale, name), [
        `وصلت رسالة جديدة عبر نموذج التواصل من ${isolate(one.fullName)} (${isolate(one.email)}):`,
        { quote: one.message },
        { link: `${inboxUrl}?state=unread`, label: 'افتح صندوق الرسائل' },
      ]);
    }
    return renderMail(locale, 'contact_digest', `رسائل تواصل جديدة: ${n}`, greeting(locale, name), [
      `رسائل جديدة وصلت عبر نموذج التواصل (عددها ${n}):`,
      messages.map((message) => `• ${isolate(message.fullName)} (${isolate(message.email)}): ${isolate(message.message.slice(0, 140))}`).join('\n'),
      { link: `${inboxUrl}?state=unread`, label: 'افتح صندوق الرسائل' },
    ]);
  }
  if (one) {
    return renderMail(locale, 'contact_notify', `New contact message from ${isolate(one.fullName)}`, greeting(locale, name), [
      `A new message came through the contact form from ${isolate(one.fullName)} (${isolate(one.email)}):`,
      { quote: one.message },
      { link: `${inboxUrl}?state=unread`, label: 'Open the inbox' },
    ]);
  }
  return renderMail(locale, 'contact_digest', `New contact messages: ${n}`, greeting(locale, name), [
    `${n} new messages came through the contact form:`,
    messages.map((message) => `• ${isolate(message.fullName)} (${isolate(message.email)}): ${isolate(message.message.slice(0, 140))}`).join('\n'),
    { link: `${inboxUrl}?state=unread`, label: 'Open the inbox' },
  ]);
}

export interface NotifyResult {
  /** Messages told of (0: none new, or the window of the last notification is still open). */
  messages: number;
  mails: number;
}

/** The notification job (see the file's comment); `now` is a parameter so tests can move the clock. */
export async function notifyAdministrators(db: Db, mail: Pick<MailService, 'enqueue'>, site: string, now: Date = new Date()): Promise<NotifyResult> {
  // Most polls find nothing new: one indexed read, no transaction.
  const [pending] = await db.select({ id: contactMessages.id }).from(contactMessages).where(isNull(contactMessages.notifiedAt)).limit(1);
  if (!pending) return { messages: 0, mails: 0 };
  return db.transaction(async (tx) => {
    // One process at a time: another waits here, then finds the messages told of and the window open.
    await tx.execute(sql`select pg_advisory_xact_lock(${NOTIFY_LOCK_KEY})`);
    const [last] = await tx.select({ at: max(contactMessages.notifiedAt) }).from(contactMessages);
    const lastAt = last?.at ? new Date(last.at) : null;
    if (lastAt && now.getTime() - lastAt.getTime() < CONTACT_DIGEST_WINDOW_MS) return { messages: 0, mails: 0 };
    const messages = await tx.select().from(contactMessages).where(isNull(contactMessages.notifiedAt)).orderBy(asc(contactMessages.id)).limit(50);
    if (messages.length === 0) return { messages: 0, mails: 0 };
    const admins = await tx
      .select({ name: users.name, email: users.email, locale: users.locale })
      .from(users)
      .where(and(sql`'admin' = any(${users.roles})`, notSuspended()))
      .orderBy(asc(users.id));
    const inboxUrl = `${site}/admin/contact-messages`;
    for (const admin of admins) {
      await mail.enqueue({ to: admin.email, locale: admin.locale, ...contactNotificationMail(admin.locale, admin.name, messages, inboxUrl) }, tx);
    }
    await tx
      .update(contactMessages)
      .set({ notifiedAt: now })
      .where(sql`${contactMessages.id} in (${sql.join(messages.map((message) => sql`${message.id}`), sql`, `)})`);
    return { messages: messages.length, mails: admins.length };
  });
}
