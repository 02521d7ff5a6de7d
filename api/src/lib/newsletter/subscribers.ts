/**
 * The newsletter's list (issue 20; decisions.md, "The newsletter"): double opt-in, the one-click
 * unsubscribe, the profile's flag kept in step with the list, and the console's list and export.
 *
 * - A sign-up is stored unconfirmed and mailed a confirmation link (single use, valid 7 days, a new
 *   sign-up of the address replaces it; at most 3 such mails an hour per address). A signed-in
 *   member subscribing their own (verified) address, or ticking the profile's box, is confirmed at
 *   once: the address is proven.
 * - Confirming turns on the newsletter flag of the account with that address; unsubscribing (the
 *   link of an issue, or the profile) turns it off: the flag and the list always agree.
 */
import { and, asc, count, desc, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { NewsletterSubscriberItem, newsletterSubscribersExportQuerySchema, newsletterSubscribersQuerySchema } from '@scholars/shared-contracts/schemas';
import type { Locale } from '@scholars/shared-contracts/locale';
import type { Db } from '../../db/client';
import { newsletterDeliveries, newsletterSubscribers, users } from '../../db/schema';
import type { Executor } from '../invoices/numbering';
import type { MailService } from '../../plugins/app/mail';
import { reserveHits, type RateRule } from '../accounts/rate-limits';
import { foldedSearchConditions, pageOffset } from '../pagination';
import { toCsv } from '../csv';
import { confirmUrl, linkTokenHash, newLinkToken, newsletterConfirmMail } from './mails';

/** A confirmation link works this long after it was sent. */
export const NEWSLETTER_CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Confirmation mails to one address (beyond: the sign-up is kept, no new mail). */
export const NEWSLETTER_CONFIRMATIONS_PER_EMAIL: RateRule = { max: 3, windowSeconds: 60 * 60 };

const s = newsletterSubscribers;
const sameAddress = (email: string) => sql`lower(${s.email}) = lower(${email})`;

/** The account with this address turns its newsletter flag on or off (the flag follows the list). */
async function setAccountFlag(db: Executor, email: string, userId: number | null, on: boolean): Promise<void> {
  const byAddress = sql`lower(${users.email}) = lower(${email})`;
  await db
    .update(users)
    .set({ newsletter: on })
    .where(userId === null ? byAddress : or(eq(users.id, userId), byAddress));
}

export type SignUpOutcome = 'confirm-sent' | 'subscribed' | 'already';

/**
 * The footer's sign-up. `account`: the signed-in member when the address is their own (confirmed at
 * once). Otherwise the address is stored unconfirmed (again, after an unsubscribe) and mailed a new
 * confirmation link; an address already confirmed is `already`.
 */
export async function signUp(
  db: Db,
  mail: Pick<MailService, 'enqueue'>,
  input: { email: string; locale: Locale; site: string; account: { id: number } | null },
): Promise<SignUpOutcome> {
  const { email, locale, account } = input;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(s).where(sameAddress(email)).for('update');
    if (current && current.confirmedAt && !current.unsubscribedAt) {
      if (account && current.userId === null) await tx.update(s).set({ userId: account.id }).where(eq(s.id, current.id));
      return 'already';
    }
    if (account) {
      const values = { locale, userId: account.id, confirmedAt: new Date(), unsubscribedAt: null, confirmTokenHash: null, confirmSentAt: null };
      if (current) await tx.update(s).set(values).where(eq(s.id, current.id));
      else await tx.insert(s).values({ email, ...values });
      await setAccountFlag(tx, email, account.id, true);
      return 'subscribed';
    }
    const token = newLinkToken();
    const values = { locale, confirmedAt: null, unsubscribedAt: null, confirmTokenHash: linkTokenHash(token), confirmSentAt: new Date() };
    if (current) await tx.update(s).set(values).where(eq(s.id, current.id));
    else await tx.insert(s).values({ email, ...values });
    // Anyone can type any address: a few mails an hour at most, and they carry nothing typed.
    const allowed = await reserveHits(tx as unknown as Db, [{ bucket: `newsletter-confirm:${email.toLowerCase()}`, rule: NEWSLETTER_CONFIRMATIONS_PER_EMAIL }]);
    if (allowed.ok) await mail.enqueue({ to: email, locale, ...newsletterConfirmMail(locale, confirmUrl(input.site, token)) }, tx);
    return 'confirm-sent';
  });
}

/** The confirmation link: true once (the token is spent), false for a used, replaced or expired one. */
export async function confirmSubscription(db: Db, token: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(s)
      .set({ confirmedAt: now, confirmTokenHash: null })
      .where(
        and(
          eq(s.confirmTokenHash, linkTokenHash(token)),
          isNull(s.unsubscribedAt),
          gt(s.confirmSentAt, new Date(now.getTime() - NEWSLETTER_CONFIRM_TTL_MS)),
        ),
      )
      .returning();
    if (!row) return false;
    // The account with this address is linked and its flag follows.
    const [account] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${row.email})`);
    if (account && row.userId === null) await tx.update(s).set({ userId: account.id }).where(eq(s.id, row.id));
    await setAccountFlag(tx, row.email, row.userId ?? account?.id ?? null, true);
    return true;
  });
}

/**
 * The unsubscribe link of one issue's mail: `'unsubscribed'` once (the link is spent, the
 * subscriber leaves the list if still on it, the account's flag goes off); `'already'` when the
 * spent link is pressed again and its subscriber is still off the list (the person clicked their
 * own link twice); null for an unknown token, or a spent one of someone who has subscribed again
 * since (an old mail's link does not take them off a second time).
 */
export async function unsubscribeByLink(db: Db, token: string, now = new Date()): Promise<'unsubscribed' | 'already' | null> {
  return db.transaction(async (tx) => {
    const hash = linkTokenHash(token);
    const [delivery] = await tx
      .update(newsletterDeliveries)
      .set({ unsubscribedAt: now })
      .where(and(eq(newsletterDeliveries.unsubscribeTokenHash, hash), isNull(newsletterDeliveries.unsubscribedAt)))
      .returning({ subscriberId: newsletterDeliveries.subscriberId });
    if (!delivery) {
      const [spent] = await tx
        .select({ unsubscribedAt: s.unsubscribedAt })
        .from(newsletterDeliveries)
        .innerJoin(s, eq(s.id, newsletterDeliveries.subscriberId))
        .where(eq(newsletterDeliveries.unsubscribeTokenHash, hash));
      return spent?.unsubscribedAt ? 'already' : null;
    }
    const [row] = await tx.select().from(s).where(eq(s.id, delivery.subscriberId));
    if (!row) return 'unsubscribed';
    if (!row.unsubscribedAt) await tx.update(s).set({ unsubscribedAt: now }).where(eq(s.id, row.id));
    await setAccountFlag(tx, row.email, row.userId, false);
    return 'unsubscribed';
  });
}

/**
 * The profile's flag turned on (or the account's address changed while it is on): the account's
 * verified address is on the list, confirmed, linked to the account.
 */
export async function subscribeAccountAddress(db: Executor, account: { id: number; email: string; locale: Locale }): Promise<void> {
  await db.execute(
    sql`INSERT INTO ${s} (email, locale, user_id, confirmed_at) VALUES (${account.email}, ${account.locale}, ${account.id}, now())
        ON CONFLICT (lower(email)) DO UPDATE SET user_id = EXCLUDED.user_id, confirm_token_hash = NULL,
          confirmed_at = CASE WHEN ${s}.unsubscribed_at IS NULL AND ${s}.confirmed_at IS NOT NULL THEN ${s}.confirmed_at ELSE now() END,
          unsubscribed_at = NULL`,
  );
}

/** The profile's flag turned off: the address leaves the list. */
export async function unsubscribeAddress(db: Executor, email: string, now = new Date()): Promise<void> {
  await db.update(s).set({ unsubscribedAt: now }).where(and(sameAddress(email), isNull(s.unsubscribedAt)));
}

/** The account's other addresses leave the list (its address changed, or the flag went off). */
export async function unsubscribeAccountExcept(db: Executor, userId: number, keepEmail: string, now = new Date()): Promise<void> {
  await db
    .update(s)
    .set({ unsubscribedAt: now })
    .where(and(eq(s.userId, userId), sql`lower(${s.email}) <> lower(${keepEmail})`, isNull(s.unsubscribedAt)));
}

// ---------------------------------------------------------------- the console
type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function subscriberState(row: Pick<SubscriberRow, 'confirmedAt' | 'unsubscribedAt'>): NewsletterSubscriberItem['state'] {
  if (row.unsubscribedAt) return 'unsubscribed';
  return row.confirmedAt ? 'confirmed' : 'unconfirmed';
}

function subscriberItem(row: SubscriberRow): NewsletterSubscriberItem {
  return {
    id: row.id,
    email: row.email,
    locale: row.locale,
    state: subscriberState(row),
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
    confirmed_at: iso(row.confirmedAt),
    unsubscribed_at: iso(row.unsubscribedAt),
  };
}

function subscriberFilter(query: z.output<typeof newsletterSubscribersExportQuerySchema>): SQL | undefined {
  const where: SQL[] = [];
  where.push(...foldedSearchConditions([s.email], query.q ?? ''));
  if (query.state === 'confirmed') where.push(isNotNull(s.confirmedAt), isNull(s.unsubscribedAt));
  else if (query.state === 'unconfirmed') where.push(isNull(s.confirmedAt), isNull(s.unsubscribedAt));
  else if (query.state === 'unsubscribed') where.push(isNotNull(s.unsubscribedAt));
  return where.length ? and(...where) : undefined;
}

/** The subscriber list, newest first. */
export async function listSubscribers(db: Db, query: z.output<typeof newsletterSubscribersQuerySchema>): Promise<{ items: NewsletterSubscriberItem[]; total: number }> {
  const condition = subscriberFilter(query);
  const [rows, [total]] = await Promise.all([
    db.select().from(s).where(condition).orderBy(desc(s.createdAt), desc(s.id)).limit(query.limit).offset(pageOffset(query.page, query.limit)),
    db.select({ n: count() }).from(s).where(condition),
  ]);
  return { items: rows.map(subscriberItem), total: total?.n ?? 0 };
}

/** Every subscriber the filter matches, oldest first, as CSV with a UTF-8 byte order mark (spreadsheets then read Arabic right). */
export async function subscribersCsv(db: Db, query: z.output<typeof newsletterSubscribersExportQuerySchema>): Promise<string> {
  const rows = await db.select().from(s).where(subscriberFilter(query)).orderBy(asc(s.createdAt), asc(s.id));
  return toCsv([
    ['email', 'state', 'language', 'account_id', 'subscribed_at', 'confirmed_at', 'unsubscribed_at'],
    ...rows.map((row) => [row.email, subscriberState(row), row.locale, row.userId, row.createdAt.toISOString(), iso(row.confirmedAt), iso(row.unsubscribedAt)]),
  ]);
}
