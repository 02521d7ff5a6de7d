import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SEED_ASSETS_DIR } from '../src/config';
import type { Db } from '../src/db/client';
import { conferenceCategories } from '../src/db/schema';
import { CONSULTATIONS_SEED_VERSION, FAQ_SEED_VERSION, LIBRARY_SEED_VERSION, SEED_VERSION, SITE_PAGES_SEED_VERSION, seedDatabase, seedRows } from '../src/db/seed';
import { seedAssets } from '../src/db/seed-assets';
import { useApp } from './helper';

// A fresh database, migrated but not seeded (SEED=false): the test seeds it itself.
const app = useApp({ env: { SEED: 'false' } });

const TABLES = [
  'conference_categories',
  'conferences',
  'conference_speakers',
  'conference_agenda_items',
  'conference_important_dates',
  'users',
  'community_categories',
  'research_submissions',
  'research_review_transitions',
  'team_members',
  'ads',
  'subscription_plans',
  'subscription_plan_features',
  'site_settings',
  'universities',
  'ebooks',
  'faq_entries',
  'site_pages',
  'consultants',
  'consultant_fields',
  'consultant_availability',
  'seed_runs',
];

async function rowsOf<T>(db: Db, query: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

/** Row count, a digest of every row, and the identity sequence position of each seeded table. */
async function snapshot(db: Db) {
  const out: Record<string, { n: number; digest: string; sequence: string | null }> = {};
  for (const table of TABLES) {
    const [row] = await rowsOf<{ n: number; digest: string; seq: string | null }>(
      db,
      `SELECT count(*)::int AS n,
              md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest,
              pg_get_serial_sequence('"${table}"', 'id') AS seq
         FROM "${table}" t`,
    ).catch(async () =>
      rowsOf<{ n: number; digest: string; seq: string | null }>(
        db,
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, NULL AS seq FROM "${table}" t`,
      ),
    );
    let sequence: string | null = null;
    if (row?.seq) {
      const [position] = await rowsOf<{ last_value: string; is_called: boolean }>(db, `SELECT last_value, is_called FROM ${row.seq}`);
      sequence = `${position?.last_value}:${position?.is_called}`;
    }
    out[table] = { n: row?.n ?? -1, digest: row?.digest ?? '', sequence };
  }
  return out;
}

describe('seed', () => {
  it('fills a fresh database, then running it again (even forced) changes nothing', async () => {
    const db = app().db;
    const empty = await snapshot(db);
    for (const table of TABLES) expect(empty[table]?.n, table).toBe(0);

    expect(await seedDatabase(db)).toBe('applied');
    const seeded = await snapshot(db);
    expect(seeded.conferences?.n).toBe(12);
    expect(seeded.conference_categories?.n).toBeGreaterThanOrEqual(4);
    expect(seeded.research_submissions?.n).toBe(12);
    expect(seeded.team_members?.n).toBe(6);
    expect(seeded.ads?.n).toBe(3);
    expect(seeded.subscription_plans?.n).toBe(3);
    expect(seeded.site_settings?.n).toBe(1);
    expect(seeded.conference_agenda_items?.n).toBe(48);
    expect(seeded.conference_speakers?.n).toBe(24);
    expect(seeded.conference_important_dates?.n).toBe(12);
    // The foundation part and the library part (issue 5), each with its own version.
    expect(seeded.universities?.n).toBe(9);
    expect(seeded.ebooks?.n).toBe(34);
    // The FAQ (issue 19), with its own version too.
    expect(seeded.faq_entries?.n).toBe(4);
    // The about page and the privacy policy (issue 19), with their own version.
    expect(seeded.site_pages?.n).toBe(2);
    // Consultations (issue 23): four approved consultants on academic accounts, the plans' sessions.
    expect(seeded.consultants?.n).toBe(4);
    expect(seeded.users?.n).toBe(8);
    expect(seeded.seed_runs?.n).toBe(5);
    const sessions = await rowsOf<{ id: number; consultation_sessions: number }>(db, 'SELECT id, consultation_sessions FROM subscription_plans ORDER BY id');
    expect(sessions.map((row) => row.consultation_sessions)).toEqual([2, 12, 30]);
    const zones = await rowsOf<{ time_zone: string; status: string }>(db, 'SELECT time_zone, status FROM consultants');
    expect(new Set(zones.map((row) => row.time_zone))).toEqual(new Set(['Asia/Dubai', 'Europe/London']));
    expect(zones.every((row) => row.status === 'approved')).toBe(true);

    expect(await seedDatabase(db)).toBe('skipped');
    expect(await snapshot(db)).toEqual(seeded);
    expect(await seedDatabase(db, { force: true })).toBe('applied');
    expect(await snapshot(db)).toEqual(seeded);

    const versions = await rowsOf<{ version: string }>(db, 'SELECT version FROM seed_runs ORDER BY version');
    expect(versions.map((row) => row.version).sort()).toEqual([SEED_VERSION, LIBRARY_SEED_VERSION, FAQ_SEED_VERSION, SITE_PAGES_SEED_VERSION, CONSULTATIONS_SEED_VERSION].sort());
  });

  it('moves identities past the seeded ids, so later inserts do not collide', async () => {
    const db = app().db;
    const [created] = await db.insert(conferenceCategories).values({ name: 'فئة جديدة', nameEn: 'New category' }).returning();
    expect(created?.id).toBe(5);
    await db.delete(conferenceCategories).where(sql`${conferenceCategories.id} = ${created!.id}`);
  });

  it('is bilingual real text, not placeholder text', () => {
    const rows = seedRows();
    const arabic = /[\u0600-\u06FF]{3,}/;
    for (const c of rows.conferences) {
      expect(c.title).toMatch(arabic);
      expect(c.description).toMatch(arabic);
      expect(c.titleEn).toMatch(/^[\x20-\x7E’]+$/);
    }
    for (const r of rows.researchSubmissions) expect(r.title).toMatch(arabic);
    for (const entry of rows.faqEntries) {
      expect(entry.question).toMatch(arabic);
      expect(entry.answer).toMatch(arabic);
      expect(entry.questionEn).not.toMatch(arabic);
    }
    const everything = JSON.stringify(rows);
    expect(everything).not.toMatch(/lorem|ipsum|TODO|placeholder/i);
    // Stored file paths are local; the only absolute URLs are social links on the reserved .example domain.
    for (const url of everything.match(/https?:\/\/[^"\s]+/g) ?? []) expect(new URL(url).hostname).toMatch(/\.example$/);
  });
});

describe('seed files', () => {
  it('every stored path has its file in api/seed-assets, images under public/, research files under private/', () => {
    const rows = seedRows();
    const paths = [
      ...rows.conferences.map((r) => r.image),
      ...rows.conferenceSpeakers.map((r) => r.image),
      ...rows.researchSubmissions.map((r) => r.image),
      ...rows.researchSubmissions.map((r) => r.filePath),
      ...rows.teamMembers.map((r) => r.image),
      ...rows.ads.map((r) => r.imageUrl),
    ];
    for (const stored of paths) {
      expect(stored, stored).toMatch(/^(public\/images|private\/research)\//);
      expect(existsSync(path.join(SEED_ASSETS_DIR, stored)), stored).toBe(true);
    }
    for (const research of rows.researchSubmissions) {
      const file = readFileSync(path.join(SEED_ASSETS_DIR, research.filePath));
      expect(file.subarray(0, 5).toString()).toBe('%PDF-');
      expect(research.fileSize).toBe(file.length);
    }
  });

  it('the committed files are what the generator makes (run `npm run seed:assets -w @scholars/api` after a change)', () => {
    for (const asset of seedAssets()) {
      const onDisk = readFileSync(path.join(SEED_ASSETS_DIR, asset.path), 'utf8');
      expect(onDisk, asset.path).toBe(asset.content);
      if (asset.path.endsWith('.svg')) expect(asset.content).not.toMatch(/<script|href=|url\(http/i);
    }
  });
});
