/**
 * The items members report (issue 20), as moderation sees them: a chat message (`item_id`: the
 * message), a research of the community (the research) and a public profile (the user). Who wrote
 * each, whether a member can report it now, what the queue shows of it, and the context the
 * moderator judges it in.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { MODERATION_CONTEXT_MESSAGES, type ModerationContext, type ReportItemType } from '@scholars/shared-contracts/schemas';
import { pickLocalized, type Locale } from '@scholars/shared-contracts/locale';
import type { Db } from '../../db/client';
import { researchChatMessages, researchSubmissions, users } from '../../db/schema';
import { notSuspended } from '../accounts/suspension';
import { deletedByOf, getMessage, listMessages } from '../chat/messages';
import { chatSettings } from '../chat/settings';

/** How much of a chat message a mail quotes (characters as readers count them). */
export const QUOTE_LENGTH = 120;

/**
 * The start of a message for a mail or the queue's preview: its white space (line breaks
 * included) as single spaces, at most `max` characters (grapheme clusters: an emoji or a letter
 * with its marks is never cut), an ellipsis when cut. A mail escapes it like every other value.
 */
export function quoteOf(text: string, max = QUOTE_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const characters = Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(flat), (part) => part.segment);
  return characters.length <= max ? flat : `${characters.slice(0, max).join('').trimEnd()}…`;
}

export interface ItemRef {
  type: ReportItemType;
  id: number;
}

/**
 * The author of an item a member may report now (a message not removed in an approved research's
 * chat, an approved research, a verified profile not suspended); undefined when there is none.
 */
export async function reportableAuthor(db: Db, item: ItemRef): Promise<number | undefined> {
  if (item.type === 'chat_message') {
    const [row] = await db
      .select({ author: researchChatMessages.senderId })
      .from(researchChatMessages)
      .innerJoin(researchSubmissions, eq(researchSubmissions.id, researchChatMessages.researchId))
      .where(and(eq(researchChatMessages.id, item.id), sql`${researchChatMessages.deletedAt} is null`, eq(researchSubmissions.status, 'approved')));
    return row?.author;
  }
  if (item.type === 'research') {
    const [row] = await db
      .select({ author: researchSubmissions.ownerId })
      .from(researchSubmissions)
      .where(and(eq(researchSubmissions.id, item.id), eq(researchSubmissions.status, 'approved')));
    return row?.author;
  }
  const [row] = await db
    .select({ author: users.id })
    .from(users)
    .where(and(eq(users.id, item.id), isNotNull(users.emailVerifiedAt), notSuspended()));
  return row?.author;
}

/** The author of an item whatever its state now (reported earlier, removed since...). */
export async function authorOf(db: Db, item: ItemRef): Promise<number | undefined> {
  if (item.type === 'chat_message') {
    const [row] = await db.select({ author: researchChatMessages.senderId }).from(researchChatMessages).where(eq(researchChatMessages.id, item.id));
    return row?.author;
  }
  if (item.type === 'research') {
    const [row] = await db.select({ author: researchSubmissions.ownerId }).from(researchSubmissions).where(eq(researchSubmissions.id, item.id));
    return row?.author;
  }
  const [row] = await db.select({ author: users.id }).from(users).where(eq(users.id, item.id));
  return row?.author;
}

export interface ItemPreview {
  preview: string;
  /** A message no longer shown: by whom (its sender deleted it, or a moderator removed it). */
  deletedBy: 'sender' | 'moderator' | null;
  authorId: number | null;
}

/** A line per item for the queue (a removed message's text is never shown again: empty); a research's title in the reader's language. */
export async function previews(db: Db, items: ItemRef[], locale: Locale): Promise<Map<string, ItemPreview>> {
  const ids = (type: ReportItemType) => items.filter((item) => item.type === type).map((item) => item.id);
  const found = new Map<string, ItemPreview>();
  const [messages, research, profiles] = await Promise.all([
    ids('chat_message').length
      ? db
          .select({ id: researchChatMessages.id, body: researchChatMessages.body, deletedAt: researchChatMessages.deletedAt, deletedBy: researchChatMessages.deletedBy, authorId: researchChatMessages.senderId })
          .from(researchChatMessages)
          .where(inArray(researchChatMessages.id, ids('chat_message')))
      : [],
    ids('research').length
      ? db
          .select({ id: researchSubmissions.id, title: researchSubmissions.title, titleEn: researchSubmissions.titleEn, authorId: researchSubmissions.ownerId })
          .from(researchSubmissions)
          .where(inArray(researchSubmissions.id, ids('research')))
      : [],
    ids('profile').length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids('profile'))) : [],
  ]);
  for (const row of messages) {
    const deletedBy = deletedByOf({ ...row, senderId: row.authorId });
    found.set(`chat_message:${row.id}`, { preview: deletedBy ? '' : quoteOf(row.body, 200), deletedBy, authorId: row.authorId });
  }
  for (const row of research) found.set(`research:${row.id}`, { preview: pickLocalized(locale, row.title, row.titleEn), deletedBy: null, authorId: row.authorId });
  for (const row of profiles) found.set(`profile:${row.id}`, { preview: row.name, deletedBy: null, authorId: row.id });
  return found;
}

/** The item in context: a message with the messages around it, a research's texts, a profile's public texts. */
export async function itemContext(db: Db, item: ItemRef): Promise<ModerationContext | undefined> {
  if (item.type === 'chat_message') {
    const message = await getMessage(db, item.id);
    if (!message) return undefined;
    const [research] = await db
      .select({ id: researchSubmissions.id, title: researchSubmissions.title, title_en: researchSubmissions.titleEn })
      .from(researchSubmissions)
      .where(eq(researchSubmissions.id, message.research_id));
    if (!research) return undefined;
    const [before, after, chat] = await Promise.all([
      listMessages(db, message.research_id, { before: message.id, limit: MODERATION_CONTEXT_MESSAGES }),
      listMessages(db, message.research_id, { after: message.id, limit: MODERATION_CONTEXT_MESSAGES }),
      chatSettings(db, message.research_id),
    ]);
    return { item_type: 'chat_message', research, message, before: before.messages, after: after.messages, chat };
  }
  if (item.type === 'research') {
    const [research] = await db
      .select({
        id: researchSubmissions.id,
        title: researchSubmissions.title,
        title_en: researchSubmissions.titleEn,
        abstract: researchSubmissions.abstract,
        description: researchSubmissions.description,
        description_en: researchSubmissions.descriptionEn,
        status: researchSubmissions.status,
      })
      .from(researchSubmissions)
      .where(eq(researchSubmissions.id, item.id));
    return research ? { item_type: 'research', research } : undefined;
  }
  const [profile] = await db.select({ id: users.id, name: users.name, bio: users.bio, avatar: users.avatar }).from(users).where(eq(users.id, item.id));
  return profile ? { item_type: 'profile', profile } : undefined;
}

/** A research as the e-mails of a decision name it: its titles, and whether its page is open to members. */
export interface ResearchIdentity {
  id: number;
  title: string;
  titleEn: string;
  published: boolean;
}

/**
 * What names an item in the e-mails of a decision (moderation-mail.ts): a chat message by its
 * research, when it was sent and its text (kept in the row after a removal: only the mail of its
 * decision quotes it again); a research by its titles; a profile by its owner's name.
 */
export type ItemIdentity =
  | { type: 'chat_message'; research: ResearchIdentity; sentAt: Date; text: string }
  | { type: 'research'; research: ResearchIdentity }
  | { type: 'profile'; id: number; name: string; published: boolean };

/** The identity of an item whatever its state now (read after the decision's effect: `published` is the state it leaves). */
export async function itemIdentity(db: Db, item: ItemRef): Promise<ItemIdentity | undefined> {
  const research = {
    id: researchSubmissions.id,
    title: researchSubmissions.title,
    titleEn: researchSubmissions.titleEn,
    published: sql<boolean>`${researchSubmissions.status} = 'approved'`,
  };
  if (item.type === 'chat_message') {
    const [row] = await db
      .select({ sentAt: researchChatMessages.createdAt, text: researchChatMessages.body, research })
      .from(researchChatMessages)
      .innerJoin(researchSubmissions, eq(researchSubmissions.id, researchChatMessages.researchId))
      .where(eq(researchChatMessages.id, item.id));
    return row && { type: 'chat_message', ...row };
  }
  if (item.type === 'research') {
    const [row] = await db.select(research).from(researchSubmissions).where(eq(researchSubmissions.id, item.id));
    return row && { type: 'research', research: row };
  }
  const [row] = await db
    .select({ id: users.id, name: users.name, published: sql<boolean>`(${users.emailVerifiedAt} is not null and ${notSuspended()})` })
    .from(users)
    .where(eq(users.id, item.id));
  return row && { type: 'profile', ...row };
}
