/**
 * The home page's content as the console edits it (issue 19): ads, team members, FAQ entries and the
 * site settings. Rows to answers, bodies to rows, and the console lists (Arabic-aware search, a
 * filter on the live flag, pages). The routes (routes/admin-home.ts) add the version checks, the
 * publishing rule and the audit entries.
 */
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminAd,
  AdminFaqEntry,
  AdminSiteSettings,
  AdminTeamMember,
  adWriteSchema,
  faqWriteSchema,
  siteSettingsWriteSchema,
  teamMemberWriteSchema,
} from '@scholars/shared-contracts/schemas';
import type { Executor } from '../invoices/numbering';
import { ads, faqEntries, siteSettings, teamMembers } from '../../db/schema';
import { buildSearchText } from '../arabic-search';
import { foldedSearchConditions, pageOffset, searchConditions } from '../pagination';
import type { ContentAuditAction } from './audit';

type AdRow = typeof ads.$inferSelect;
type TeamRow = typeof teamMembers.$inferSelect;
type FaqRow = typeof faqEntries.$inferSelect;
type SettingsRow = typeof siteSettings.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const instant = (value: string | null) => (value ? new Date(value) : null);

// ---------------------------------------------------------------- shared
export interface ListInput {
  q?: string;
  page: number;
  limit: number;
}

/** A page of `table` in its order (sort order, then id), with the total. */
async function listPage<Row>(
  db: Executor,
  table: typeof ads | typeof teamMembers | typeof faqEntries,
  conditions: SQL[],
  input: ListInput,
): Promise<{ rows: Row[]; total: number }> {
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(asc(table.sortOrder), asc(table.id))
      .limit(input.limit)
      .offset(pageOffset(input.page, input.limit)),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { rows: rows as Row[], total: total?.n ?? 0 };
}

/** The fields of an answer that a save changed (the audit entry's `details.changed`). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T): string[] {
  const ignored = new Set(['version', 'updated_at', 'live']);
  return Object.keys(after).filter((key) => !ignored.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/** What a save is in the audit log: going live, going off, or an edit. */
export function saveAction(wasLive: boolean, isLive: boolean, offAction: ContentAuditAction = 'content.unpublish'): ContentAuditAction {
  if (isLive && !wasLive) return 'content.publish';
  if (!isLive && wasLive) return offAction;
  return 'content.update';
}

/** The success message of that save. */
export function saveMessage(action: ContentAuditAction) {
  switch (action) {
    case 'content.publish':
      return 'success.contentPublished' as const;
    case 'content.unpublish':
      return 'success.contentUnpublished' as const;
    case 'content.archive':
      return 'success.contentArchived' as const;
    default:
      return 'success.contentSaved' as const;
  }
}

// ---------------------------------------------------------------- ads
export function adItem(row: AdRow, now = new Date()): AdminAd {
  return {
    id: row.id,
    title: row.title,
    title_en: row.titleEn,
    image_url: row.imageUrl,
    link: row.link || null,
    active: row.active,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    // The same rule as the public read (routes/ads.ts): active and inside the window.
    live: row.active && (!row.startsAt || row.startsAt <= now) && (!row.endsAt || row.endsAt > now),
    sort_order: row.sortOrder,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function adValues(body: z.output<typeof adWriteSchema>) {
  return {
    title: body.title,
    titleEn: body.title_en,
    imageUrl: body.image_url,
    link: body.link,
    active: body.active,
    startsAt: instant(body.starts_at),
    endsAt: instant(body.ends_at),
    sortOrder: body.sort_order,
    searchText: buildSearchText(body.title, body.title_en),
  };
}

export async function listAds(db: Executor, input: ListInput & { active?: boolean }) {
  const conditions = [...searchConditions(ads, input.q ?? '')];
  if (input.active !== undefined) conditions.push(eq(ads.active, input.active));
  const { rows, total } = await listPage<AdRow>(db, ads, conditions, input);
  const now = new Date();
  return { items: rows.map((row) => adItem(row, now)), total };
}

// ---------------------------------------------------------------- team members
export function teamItem(row: TeamRow): AdminTeamMember {
  return {
    id: row.id,
    name: row.name,
    name_en: row.nameEn,
    bio: row.bio,
    bio_en: row.bioEn,
    university: row.university,
    university_en: row.universityEn,
    image: row.image,
    linkedin_link: row.linkedinLink || null,
    twitter_link: row.twitterLink || null,
    facebook_link: row.facebookLink || null,
    published: row.published,
    sort_order: row.sortOrder,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function teamValues(body: z.output<typeof teamMemberWriteSchema>) {
  return {
    name: body.name,
    nameEn: body.name_en,
    bio: body.bio,
    bioEn: body.bio_en,
    university: body.university,
    universityEn: body.university_en,
    image: body.image,
    linkedinLink: body.linkedin_link,
    twitterLink: body.twitter_link,
    facebookLink: body.facebook_link,
    published: body.published,
    sortOrder: body.sort_order,
  };
}

export async function listTeam(db: Executor, input: ListInput & { published?: boolean }) {
  const conditions = foldedSearchConditions([teamMembers.name, teamMembers.nameEn, teamMembers.university, teamMembers.universityEn], input.q ?? '');
  if (input.published !== undefined) conditions.push(eq(teamMembers.published, input.published));
  const { rows, total } = await listPage<TeamRow>(db, teamMembers, conditions, input);
  return { items: rows.map(teamItem), total };
}

// ---------------------------------------------------------------- FAQ
export function faqItem(row: FaqRow): AdminFaqEntry {
  return {
    id: row.id,
    question: row.question,
    question_en: row.questionEn,
    answer: row.answer,
    answer_en: row.answerEn,
    published: row.published,
    sort_order: row.sortOrder,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function faqValues(body: z.output<typeof faqWriteSchema>) {
  return {
    question: body.question,
    questionEn: body.question_en,
    answer: body.answer,
    answerEn: body.answer_en,
    published: body.published,
    sortOrder: body.sort_order,
  };
}

export async function listFaq(db: Executor, input: ListInput & { published?: boolean }) {
  const conditions = foldedSearchConditions([faqEntries.question, faqEntries.questionEn, faqEntries.answer, faqEntries.answerEn], input.q ?? '');
  if (input.published !== undefined) conditions.push(eq(faqEntries.published, input.published));
  const { rows, total } = await listPage<FaqRow>(db, faqEntries, conditions, input);
  return { items: rows.map(faqItem), total };
}

// ---------------------------------------------------------------- site settings
/** The one row (id 1), or empty settings at version 1 on a database without it (the first save creates it). */
export function settingsItem(row: SettingsRow | undefined): AdminSiteSettings {
  return {
    address: row?.address ?? '',
    address_en: row?.addressEn ?? '',
    email: row?.contactEmail ?? '',
    phone: row?.contactPhone ?? '',
    facebook: row?.facebookUrl || null,
    twitter: row?.twitterUrl || null,
    linkedin: row?.linkedinUrl || null,
    instagram: row?.instagramUrl || null,
    youtube: row?.youtubeUrl || null,
    made_by_name: row?.madeByName ?? '',
    made_by_name_en: row?.madeByNameEn ?? '',
    made_by_url: row?.madeByUrl || null,
    version: row?.version ?? 1,
    updated_at: iso(row?.updatedAt ?? null),
  };
}

export function settingsValues(body: z.output<typeof siteSettingsWriteSchema>) {
  return {
    address: body.address,
    addressEn: body.address_en,
    contactEmail: body.email,
    contactPhone: body.phone,
    facebookUrl: body.facebook,
    twitterUrl: body.twitter,
    linkedinUrl: body.linkedin,
    instagramUrl: body.instagram,
    youtubeUrl: body.youtube,
    madeByName: body.made_by_name,
    madeByNameEn: body.made_by_name_en,
    madeByUrl: body.made_by_url,
  };
}

export async function readSettings(db: Executor): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row;
}
