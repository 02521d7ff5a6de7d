/**
 * The about page and the privacy policy (issue 19): one `site_pages` row each, its jsonb `content`
 * in the shared schemas' shapes (site-pages.ts). Rows to answers, and the versioned save (a database
 * never seeded has no row: the first save, from the version 1 the read answered, makes it).
 */
import { eq } from 'drizzle-orm';
import type { AboutPage, PrivacyPolicy, SitePageName } from '@scholars/shared-contracts/schemas';
import type { Executor } from '../invoices/numbering';
import { sitePages } from '../../db/schema';
import { AppError } from '../errors';
import { refuseStale, updateVersioned } from './content';

type PageRow = typeof sitePages.$inferSelect;

export const SITE_PAGE_IDS: Record<SitePageName, 1 | 2> = { about: 1, privacy: 2 };

export async function readSitePage(db: Executor, page: SitePageName): Promise<PageRow | undefined> {
  const [row] = await db.select().from(sitePages).where(eq(sitePages.id, SITE_PAGE_IDS[page]));
  return row;
}

const text = (content: Record<string, unknown>, key: string) => (typeof content[key] === 'string' ? (content[key] as string) : '');
const rows = (content: Record<string, unknown>, key: string) => (Array.isArray(content[key]) ? (content[key] as Array<Record<string, unknown>>) : []);

/** The about page of `row` (empty texts when there is none). */
export function aboutItem(row: PageRow | undefined): AboutPage & { version: number } {
  const content = row?.content ?? {};
  return {
    lead: text(content, 'lead'),
    lead_en: text(content, 'lead_en'),
    founder_message: text(content, 'founder_message'),
    founder_message_en: text(content, 'founder_message_en'),
    founder_name: text(content, 'founder_name'),
    founder_name_en: text(content, 'founder_name_en'),
    mission: text(content, 'mission'),
    mission_en: text(content, 'mission_en'),
    vision: text(content, 'vision'),
    vision_en: text(content, 'vision_en'),
    objectives: rows(content, 'objectives').map((objective) => ({ text: text(objective, 'text'), text_en: text(objective, 'text_en') })),
    updated_at: row ? row.updatedAt.toISOString() : null,
    version: row?.version ?? 1,
  };
}

/** The privacy policy of `row` (no sections when there is none). */
export function privacyItem(row: PageRow | undefined): PrivacyPolicy & { version: number } {
  const content = row?.content ?? {};
  return {
    sections: rows(content, 'sections').map((section) => ({
      title: text(section, 'title'),
      title_en: text(section, 'title_en'),
      body: text(section, 'body'),
      body_en: text(section, 'body_en'),
    })),
    updated_at: row ? row.updatedAt.toISOString() : null,
    version: row?.version ?? 1,
  };
}

/** The public answer: the page without its version. */
export function publicItem<T extends { version: number }>(item: T): Omit<T, 'version'> {
  const { version: _version, ...page } = item;
  return page;
}

/**
 * Saves `content` as `page` if it is still at `expected` (409 `validation.staleEdit` otherwise, told
 * before `refuseIncomplete` runs) and answers the row before (undefined when there was none) and
 * after. (A lone surrogate in a text reached here as U+FFFD: the JSON input guard repairs it, jsonb would refuse it.)
 */
export async function saveSitePage(
  db: Executor,
  page: SitePageName,
  expected: number,
  content: Record<string, unknown>,
  refuseIncomplete: () => void,
): Promise<{ before: PageRow | undefined; saved: PageRow }> {
  const before = await readSitePage(db, page);
  const id = SITE_PAGE_IDS[page];
  // A database without the row (never seeded): the first save, from the version 1 the GET answered, makes it.
  refuseStale(before ?? { version: 1 }, expected);
  refuseIncomplete();
  if (before) return { before, saved: await updateVersioned(db, sitePages, id, expected, { content }) };
  const [saved] = await db.insert(sitePages).values({ id, slug: page, content, version: 2 }).onConflictDoNothing().returning();
  if (!saved) throw new AppError(409, 'validation.staleEdit');
  return { before, saved };
}
