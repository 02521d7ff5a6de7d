/**
 * Stored chat messages of a research: history pages, posting (idempotent per client id) and soft
 * delete (the per-user send rate is counted in lib/accounts/rate-limits.ts). Queries are written
 * once for PGlite and PostgreSQL.
 */
import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CHAT_PAGE_SIZE, type ChatHistory, type ChatMessage } from '@scholars/shared-contracts/schemas';
import type { Db } from '../../db/client';
import { researchChatMessages, researchSubmissions, users } from '../../db/schema';
import { notSuspended } from '../accounts/suspension';

const sender = alias(users, 'sender');

const columns = {
  id: researchChatMessages.id,
  researchId: researchChatMessages.researchId,
  body: researchChatMessages.body,
  clientId: researchChatMessages.clientId,
  createdAt: researchChatMessages.createdAt,
  deletedAt: researchChatMessages.deletedAt,
  deletedBy: researchChatMessages.deletedBy,
  senderId: researchChatMessages.senderId,
  senderName: sender.name,
  senderAvatar: sender.avatar,
};

type Row = {
  id: number;
  researchId: number;
  body: string;
  clientId: string | null;
  createdAt: Date;
  deletedAt: Date | null;
  deletedBy: number | null;
  senderId: number;
  senderName: string;
  senderAvatar: string | null;
};

/** Who took a message down: its sender (deleted it) or a moderator (removed it); null while it is shown. */
export function deletedByOf(row: { deletedAt: Date | null; deletedBy: number | null; senderId: number }): ChatMessage['deleted_by'] {
  if (row.deletedAt === null) return null;
  return row.deletedBy === row.senderId ? 'sender' : 'moderator';
}

/** The message as the API sends it: a removed message has no text. */
export function toChatMessage(row: Row): ChatMessage {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    research_id: row.researchId,
    sender: { id: row.senderId, name: row.senderName, avatar: row.senderAvatar },
    text: deleted ? null : row.body,
    created_at: row.createdAt.toISOString(),
    deleted,
    deleted_at: row.deletedAt ? row.deletedAt.toISOString() : null,
    deleted_by: deletedByOf(row),
    client_id: row.clientId,
  };
}

function selectMessages(db: Db) {
  return db.select(columns).from(researchChatMessages).innerJoin(sender, eq(sender.id, researchChatMessages.senderId));
}

/** An approved research (the only ones with a community page and a chat). */
export async function findApprovedResearch(db: Db, researchId: number): Promise<{ id: number; ownerId: number } | undefined> {
  const [row] = await db
    .select({ id: researchSubmissions.id, ownerId: researchSubmissions.ownerId })
    .from(researchSubmissions)
    .where(and(eq(researchSubmissions.id, researchId), eq(researchSubmissions.status, 'approved')))
    .limit(1);
  return row;
}

export interface HistoryOptions {
  before?: number;
  after?: number;
  limit?: number;
}

/**
 * A page of messages, oldest first. No cursor: the newest `limit`. `before`: the `limit`
 * messages just older than that id. `after`: the `limit` messages just newer than that id.
 */
export async function listMessages(db: Db, researchId: number, options: HistoryOptions = {}): Promise<Omit<ChatHistory, 'can_post' | 'settings'>> {
  const limit = options.limit ?? CHAT_PAGE_SIZE;
  const conditions: SQL[] = [eq(researchChatMessages.researchId, researchId)];
  const forward = options.after !== undefined;
  if (options.before !== undefined) conditions.push(lt(researchChatMessages.id, options.before));
  if (options.after !== undefined) conditions.push(gt(researchChatMessages.id, options.after));
  const rows = await selectMessages(db)
    .where(and(...conditions))
    .orderBy(forward ? asc(researchChatMessages.id) : desc(researchChatMessages.id))
    .limit(limit + 1);
  const has_more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (!forward) page.reverse();
  return { messages: page.map(toChatMessage), has_more };
}

export async function getMessage(db: Db, messageId: number): Promise<ChatMessage | undefined> {
  const [row] = await selectMessages(db).where(eq(researchChatMessages.id, messageId)).limit(1);
  return row ? toChatMessage(row) : undefined;
}

export type PostResult = { message: ChatMessage; created: boolean } | { conflict: true };

/**
 * Stores a message and reads it back with its sender in one statement (a data-modifying CTE).
 * With a `clientId` the sender already used (a retried send), nothing is stored and the first
 * message comes back (`created: false`); a client id reused for another research is a conflict.
 */
export async function postMessage(
  db: Db,
  input: { researchId: number; senderId: number; text: string; clientId?: string },
): Promise<PostResult> {
  const inserted = db.$with('inserted').as(
    db
      .insert(researchChatMessages)
      .values({ researchId: input.researchId, senderId: input.senderId, body: input.text, clientId: input.clientId ?? null })
      .onConflictDoNothing({ target: [researchChatMessages.senderId, researchChatMessages.clientId] })
      .returning(),
  );
  const [row] = await db
    .with(inserted)
    .select({
      id: inserted.id,
      researchId: inserted.researchId,
      body: inserted.body,
      clientId: inserted.clientId,
      createdAt: inserted.createdAt,
      deletedAt: inserted.deletedAt,
      deletedBy: inserted.deletedBy,
      senderId: inserted.senderId,
      senderName: users.name,
      senderAvatar: users.avatar,
    })
    .from(inserted)
    .innerJoin(users, eq(users.id, inserted.senderId));
  if (row) return { message: toChatMessage(row), created: true };
  const [existing] = await selectMessages(db)
    .where(and(eq(researchChatMessages.senderId, input.senderId), eq(researchChatMessages.clientId, input.clientId ?? '')))
    .limit(1);
  if (!existing || existing.researchId !== input.researchId) return { conflict: true };
  return { message: toChatMessage(existing), created: false };
}

/** Soft delete: keeps the row (moderation history), hides the text. Already removed: unchanged. */
export async function softDeleteMessage(db: Db, messageId: number, actorId: number): Promise<ChatMessage | undefined> {
  await db
    .update(researchChatMessages)
    .set({ deletedAt: sql`now()`, deletedBy: actorId })
    .where(and(eq(researchChatMessages.id, messageId), sql`${researchChatMessages.deletedAt} IS NULL`));
  return getMessage(db, messageId);
}

export interface ResearchChatStats {
  messages: number;
  participants: Array<{ id: number; name: string; avatar: string | null }>;
  participantCount: number;
}

/** Only verified, not suspended accounts are shown to others (member lists link to public profiles). */
const publicPerson = sql`(${users.emailVerifiedAt} is not null and ${notSuspended()})`;

/** Message count and the people who wrote in a research's chat (most recent first, without `exceptUserId`). */

export async function chatStats(db: Db, researchId: number, exceptUserId: number, maxParticipants = 24): Promise<ResearchChatStats> {
  const [counts] = await db
    .select({
      messages: sql<number>`count(*)::int`,
      participants: sql<number>`count(distinct ${researchChatMessages.senderId}) filter (where ${researchChatMessages.senderId} <> ${exceptUserId} and ${publicPerson})`.mapWith(Number),
    })
    .from(researchChatMessages)
    .leftJoin(users, eq(users.id, researchChatMessages.senderId))
    .where(eq(researchChatMessages.researchId, researchId));
  const lastId = sql<number>`max(${researchChatMessages.id})`;
  const participants = await db
    .select({ id: users.id, name: users.name, avatar: users.avatar, lastId })
    .from(researchChatMessages)
    .innerJoin(users, eq(users.id, researchChatMessages.senderId))
    .where(and(eq(researchChatMessages.researchId, researchId), sql`${researchChatMessages.senderId} <> ${exceptUserId}`, publicPerson))
    .groupBy(users.id, users.name, users.avatar)
    .orderBy(desc(lastId))
    .limit(maxParticipants);
  return {
    messages: counts?.messages ?? 0,
    participantCount: counts?.participants ?? 0,
    participants: participants.map(({ id, name, avatar }) => ({ id, name, avatar })),
  };
}
