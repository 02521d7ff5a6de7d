/**
 * Idempotent seed. Runs at start when SEED is on, inside the migration lock (db/client.ts):
 * - once per {@link SEED_VERSION}: a database already seeded with this version is left alone,
 *   so content edited or deleted by administrators is not brought back;
 * - every row has a fixed id and is inserted with ON CONFLICT DO NOTHING, so even a forced
 *   re-run (`seedDatabase(db, { force: true })`) changes nothing;
 * - identity sequences are moved past the seeded ids only when rows were inserted.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { buildSearchText } from '../lib/arabic-search';
import type { Db } from './client';
import * as t from './schema';
import * as data from './seed-data';
import { assetSize, seedAssets } from './seed-assets';
import { libraryRows } from './seed-library';

export const SEED_VERSION = '2026-11-foundation-1';
/**
 * The library part (universities, e-books, university collections; issue 5) has its own version, so a
 * database seeded before it existed gets it once, without the foundation part running again.
 */
export const LIBRARY_SEED_VERSION = '2026-11-library-1';
/**
 * The FAQ part (issue 19: the home page's questions, texts of the shell before) has its own version
 * too, so a database seeded before it gets the four entries once, and an administrator's later edits
 * or deletions are never undone.
 */
export const FAQ_SEED_VERSION = '2026-11-faq-1';
/**
 * The about page and the privacy policy (issue 19: texts of the shell before) have their own version
 * too: a database seeded before gets both pages once; an administrator's later edits are never undone.
 */
export const SITE_PAGES_SEED_VERSION = '2026-11-site-pages-1';
/**
 * The consultations part (issue 23) has its own version: the seeded plans' sessions (when still 0)
 * and four approved consultants on seeded academic accounts, found by e-mail (made without a
 * password when missing: their ids are the database's, never fixed, so no existing account collides).
 */
export const CONSULTATIONS_SEED_VERSION = '2026-11-consultations-1';

export type SeedResult = 'applied' | 'skipped';

const DUBAI_OFFSET_MINUTES = 4 * 60;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' and 'HH:MM' of an instant in Dubai time. */
function dubai(instant: Date): { day: string; time: string } {
  const local = new Date(instant.getTime() + DUBAI_OFFSET_MINUTES * 60_000).toISOString();
  return { day: local.slice(0, 10), time: local.slice(11, 16) };
}
const plusMinutes = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);
const dayBefore = (instant: Date, days: number) => dubai(new Date(instant.getTime() - days * DAY_MS)).day;

function agendaFor(conference: data.SeedConference, speakerNames: [string, string], speakerNamesEn: [string, string]) {
  const start = new Date(conference.start);
  const end = new Date(conference.end);
  const short = end.getTime() - start.getTime() < 3 * 3600_000 && dubai(start).day === dubai(end).day;
  const unit = short ? 15 : 30;
  const online = conference.mode === 'online';
  const location = online ? 'عبر الإنترنت' : 'القاعة الرئيسية';
  const locationEn = online ? 'Online' : 'Main hall';
  const rows = [
    { minutes: unit, title: 'الافتتاح والترحيب', titleEn: 'Opening and welcome', speaker: null, speakerEn: null },
    { minutes: unit * 3, title: 'الكلمة الرئيسية', titleEn: 'Keynote', speaker: speakerNames[0], speakerEn: speakerNamesEn[0] },
    { minutes: unit * 3, title: 'جلسة نقاش مفتوحة', titleEn: 'Open panel discussion', speaker: speakerNames[1], speakerEn: speakerNamesEn[1] },
  ];
  let cursor = start;
  const out = rows.map((row, index) => {
    const from = cursor;
    cursor = plusMinutes(cursor, row.minutes);
    return {
      conferenceId: conference.id,
      day: dubai(from).day,
      startTime: dubai(from).time,
      endTime: dubai(cursor).time,
      title: row.title,
      titleEn: row.titleEn,
      speaker: row.speaker,
      speakerEn: row.speakerEn,
      location,
      locationEn,
      sortOrder: index + 1,
    };
  });
  const closingFrom = plusMinutes(end, -unit);
  out.push({
    conferenceId: conference.id,
    day: dubai(closingFrom).day,
    startTime: dubai(closingFrom).time,
    endTime: dubai(end).time,
    title: 'الختام والتوصيات',
    titleEn: 'Closing and recommendations',
    speaker: null,
    speakerEn: null,
    location,
    locationEn,
    sortOrder: 4,
  });
  return out.map((row, index) => ({ ...row, id: conference.id * 10 + index + 1 }));
}

function importantDatesFor(conference: data.SeedConference) {
  const start = new Date(conference.start);
  const withPapers = conference.categoryId === 1 || conference.categoryId === 4;
  return {
    conferenceId: conference.id,
    startDate: dubai(start).day,
    endDate: dubai(new Date(conference.end)).day,
    earlyBirdDeadline: dayBefore(start, 21),
    abstractDeadline: withPapers ? dayBefore(start, 120) : null,
    paperSubmissionDeadline: withPapers ? dayBefore(start, 90) : null,
    fullPaperDeadline: withPapers ? dayBefore(start, 75) : null,
    notificationOfAcceptance: withPapers ? dayBefore(start, 45) : null,
    cameraReadySubmission: withPapers ? dayBefore(start, 30) : null,
    paperSubmissionId: withPapers ? `SH-${start.getUTCFullYear()}-${String(conference.id).padStart(3, '0')}` : null,
  };
}

/** Every row of the seed, table by table, in foreign-key order. */
export function seedRows() {
  const sizes = new Map(seedAssets().map((asset) => [asset.path, assetSize(asset)]));
  const conferenceCategories = data.conferenceCategories;
  const conferences = data.conferences.map((c) => ({
    id: c.id,
    categoryId: c.categoryId,
    title: c.title,
    titleEn: c.titleEn,
    description: c.description,
    descriptionEn: c.descriptionEn,
    overview: c.overview,
    overviewEn: c.overviewEn,
    objectives: c.objectives,
    objectivesEn: c.objectivesEn,
    excerpts: c.excerpts ?? null,
    excerptsEn: c.excerptsEn ?? null,
    mode: c.mode,
    venue: c.venue,
    venueEn: c.venueEn,
    timezone: 'Asia/Dubai',
    startDate: new Date(c.start),
    endDate: new Date(c.end),
    registrationOpen: c.registrationOpen ?? true,
    image: `public/images/conferences/${c.id}.svg`,
    keywords: c.keywords,
    searchText: buildSearchText(c.title, c.titleEn, c.description, c.descriptionEn, c.venue, c.venueEn, c.keywords),
    createdAt: new Date(new Date(c.start).getTime() - 150 * DAY_MS),
    updatedAt: new Date(new Date(c.start).getTime() - 150 * DAY_MS),
  }));
  const conferenceSpeakers = data.conferences.flatMap((c) =>
    (data.conferenceSpeakerPicks[c.id] ?? []).map((pick, index) => {
      const speaker = data.speakers[pick]!;
      return {
        id: c.id * 10 + index + 1,
        conferenceId: c.id,
        name: speaker.name,
        nameEn: speaker.nameEn,
        title: speaker.title,
        titleEn: speaker.titleEn,
        bio: speaker.bio,
        bioEn: speaker.bioEn,
        image: speaker.image,
        sortOrder: index + 1,
      };
    }),
  );
  const conferenceAgendaItems = data.conferences.flatMap((c) => {
    const [a, b] = data.conferenceSpeakerPicks[c.id] ?? [0, 1];
    const first = data.speakers[a]!;
    const second = data.speakers[b]!;
    return agendaFor(c, [first.name, second.name], [first.nameEn, second.nameEn]);
  });
  const conferenceImportantDates = data.conferences.map(importantDatesFor);

  const users = data.seedUsers.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    roles: u.roles,
    country: u.country,
    gender: u.gender,
    locale: u.locale,
    passwordHash: null,
    emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-01T00:00:00Z'),
  }));
  const communityCategories = data.communityCategories;
  const researchSubmissions = data.research.map((r) => {
    const updated = new Date(r.updated);
    const created = new Date(updated.getTime() - 21 * DAY_MS);
    return {
      id: r.id,
      ownerId: r.ownerId,
      supervisorId: r.researchType === 'master' ? 1 : null,
      categoryId: r.categoryId,
      title: r.title,
      titleEn: r.titleEn,
      description: r.description,
      descriptionEn: r.descriptionEn,
      abstract: r.abstract,
      researchType: r.researchType,
      filePath: `private/research/${r.id}.pdf`,
      fileOriginalName: `research-${r.id}.pdf`,
      fileMime: 'application/pdf',
      fileSize: sizes.get(`private/research/${r.id}.pdf`) ?? 0,
      image: `public/images/research/${r.id}.svg`,
      termsAcceptedAt: created,
      status: 'approved' as const,
      searchText: buildSearchText(r.title, r.titleEn, r.description, r.descriptionEn, r.abstract),
      publishedAt: updated,
      createdAt: created,
      updatedAt: updated,
    };
  });
  const researchReviewTransitions = data.research.flatMap((r) => {
    const updated = new Date(r.updated);
    const created = new Date(updated.getTime() - 21 * DAY_MS);
    return [
      { id: r.id * 10 + 1, researchId: r.id, fromStatus: null, toStatus: 'under_review' as const, actorId: r.ownerId, note: null, createdAt: created },
      { id: r.id * 10 + 2, researchId: r.id, fromStatus: 'under_review' as const, toStatus: 'approved' as const, actorId: 1, note: null, createdAt: updated },
    ];
  });
  const teamMembers = data.teamMembers.map((m, index) => ({
    ...m,
    image: `public/images/team/${m.id}.svg`,
    sortOrder: index + 1,
  }));
  const ads = data.ads.map((a, index) => ({
    ...a,
    imageUrl: `public/images/ads/${a.id}.svg`,
    active: true,
    searchText: buildSearchText(a.title, a.titleEn),
    sortOrder: index + 1,
  }));
  const subscriptionPlans = data.plans.map((p, index) => ({
    id: p.id,
    name: p.name,
    nameEn: p.nameEn,
    price: p.price,
    currency: 'AED',
    interval: 'year',
    active: true,
    sortOrder: index + 1,
  }));
  const subscriptionPlanFeatures = data.plans.flatMap((p) =>
    p.features.map(([feature, featureEn], index) => ({
      id: p.id * 10 + index + 1,
      planId: p.id,
      feature,
      featureEn,
      sortOrder: index + 1,
    })),
  );
  return {
    conferenceCategories,
    conferences,
    conferenceSpeakers,
    conferenceAgendaItems,
    conferenceImportantDates,
    users,
    communityCategories,
    researchSubmissions,
    researchReviewTransitions,
    teamMembers,
    ads,
    subscriptionPlans,
    subscriptionPlanFeatures,
    siteSettings: [data.siteSettings],
    faqEntries: data.faqEntries.map((entry, index) => ({ ...entry, published: true, sortOrder: index + 1 })),
    sitePages: data.sitePages,
    ...libraryRows(sizes),
  };
}

type Rows = ReturnType<typeof seedRows>;

/** Seeded tables with their rows; `identity`: the table has an `id` identity column to move. */
const PLAN: Array<{ name: keyof Rows; table: PgTable; sqlName: string; identity: boolean }> = [
  { name: 'conferenceCategories', table: t.conferenceCategories, sqlName: 'conference_categories', identity: true },
  { name: 'conferences', table: t.conferences, sqlName: 'conferences', identity: true },
  { name: 'conferenceSpeakers', table: t.conferenceSpeakers, sqlName: 'conference_speakers', identity: true },
  { name: 'conferenceAgendaItems', table: t.conferenceAgendaItems, sqlName: 'conference_agenda_items', identity: true },
  { name: 'conferenceImportantDates', table: t.conferenceImportantDates, sqlName: 'conference_important_dates', identity: false },
  { name: 'users', table: t.users, sqlName: 'users', identity: true },
  { name: 'communityCategories', table: t.communityCategories, sqlName: 'community_categories', identity: true },
  { name: 'researchSubmissions', table: t.researchSubmissions, sqlName: 'research_submissions', identity: true },
  { name: 'researchReviewTransitions', table: t.researchReviewTransitions, sqlName: 'research_review_transitions', identity: true },
  { name: 'teamMembers', table: t.teamMembers, sqlName: 'team_members', identity: true },
  { name: 'ads', table: t.ads, sqlName: 'ads', identity: true },
  { name: 'subscriptionPlans', table: t.subscriptionPlans, sqlName: 'subscription_plans', identity: true },
  { name: 'subscriptionPlanFeatures', table: t.subscriptionPlanFeatures, sqlName: 'subscription_plan_features', identity: true },
  { name: 'siteSettings', table: t.siteSettings, sqlName: 'site_settings', identity: false },
];

/** The library part, seeded under {@link LIBRARY_SEED_VERSION} (after the categories and research it refers to). */
const LIBRARY_PLAN: typeof PLAN = [
  { name: 'universities', table: t.universities, sqlName: 'universities', identity: true },
  { name: 'ebooks', table: t.ebooks, sqlName: 'ebooks', identity: true },
];

/** The FAQ part, seeded under {@link FAQ_SEED_VERSION}. */
const FAQ_PLAN: typeof PLAN = [{ name: 'faqEntries', table: t.faqEntries, sqlName: 'faq_entries', identity: true }];

/** The about page and the privacy policy, seeded under {@link SITE_PAGES_SEED_VERSION}. */
const SITE_PAGES_PLAN: typeof PLAN = [{ name: 'sitePages', table: t.sitePages, sqlName: 'site_pages', identity: false }];

export interface SeedOptions {
  /** Run even if this seed version was applied already (rows still never change). */
  force?: boolean;
}

export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const rows = seedRows();
  return db.transaction(async (tx) => {
    let result: SeedResult = 'skipped';
    for (const [version, plan] of [
      [SEED_VERSION, PLAN],
      [LIBRARY_SEED_VERSION, LIBRARY_PLAN],
      [FAQ_SEED_VERSION, FAQ_PLAN],
      [SITE_PAGES_SEED_VERSION, SITE_PAGES_PLAN],
    ] as const) {
      if (!options.force) {
        const done = await tx.select().from(t.seedRuns).where(eq(t.seedRuns.version, version));
        if (done.length > 0) continue;
      }
      for (const step of plan) {
        const values = rows[step.name] as Array<Record<string, unknown>>;
        if (values.length === 0) continue;
        const inserted = await tx.insert(step.table).values(values).onConflictDoNothing().returning();
        if (step.identity && inserted.length > 0) {
          // Seeded rows carry explicit ids: move the identity past them for later inserts.
          await tx.execute(
            sql.raw(
              `SELECT setval(pg_get_serial_sequence('"${step.sqlName}"', 'id'), (SELECT MAX(id) FROM "${step.sqlName}"))`,
            ),
          );
        }
      }
      await tx.insert(t.seedRuns).values({ version }).onConflictDoNothing();
      result = 'applied';
    }
    const consultationsDone = await tx.select().from(t.seedRuns).where(eq(t.seedRuns.version, CONSULTATIONS_SEED_VERSION));
    if (options.force || consultationsDone.length === 0) {
      await seedConsultations(tx);
      await tx.insert(t.seedRuns).values({ version: CONSULTATIONS_SEED_VERSION }).onConflictDoNothing();
      result = 'applied';
    }
    return result;
  });
}

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The consultations part: each step finds what is there first, so running it again adds nothing. */
async function seedConsultations(tx: SeedTx): Promise<void> {
  for (const [planId, sessions] of Object.entries(data.planConsultationSessions)) {
    await tx
      .update(t.subscriptionPlans)
      .set({ consultationSessions: sessions })
      .where(sql`${t.subscriptionPlans.id} = ${Number(planId)} AND ${t.subscriptionPlans.consultationSessions} = 0`);
  }
  const categories = new Set((await tx.select({ id: t.communityCategories.id }).from(t.communityCategories)).map((row) => row.id));
  // Each row is looked for before it is inserted (an insert that conflicts would still use up an identity value).
  const userByEmail = async (email: string) => (await tx.select({ id: t.users.id }).from(t.users).where(sql`lower(${t.users.email}) = ${email}`))[0];
  for (const seed of data.consultantSeeds) {
    if (!(await userByEmail(seed.user.email))) {
      await tx.insert(t.users).values({ ...seed.user, passwordHash: null, emailVerifiedAt: new Date('2026-01-01T00:00:00Z') });
    }
    const user = await userByEmail(seed.user.email);
    if (!user) continue;
    const [existing] = await tx.select({ id: t.consultants.id }).from(t.consultants).where(eq(t.consultants.userId, user.id));
    // An existing record (the account applied itself, or a forced re-run) is left as it is.
    if (existing) continue;
    const [consultant] = await tx
      .insert(t.consultants)
      .values({
        userId: user.id,
        status: 'approved',
        bio: seed.bio,
        bioEn: seed.bioEn,
        tags: seed.tags,
        tagsEn: seed.tagsEn,
        languages: seed.languages,
        timeZone: seed.timeZone,
        sessionMinutes: seed.sessionMinutes,
        createdAt: new Date('2026-01-01T00:00:00Z'),
        updatedAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning({ id: t.consultants.id });
    if (!consultant) continue;
    const fields = seed.fields.filter((id) => categories.has(id));
    if (fields.length) await tx.insert(t.consultantFields).values(fields.map((categoryId) => ({ consultantId: consultant.id, categoryId })));
    await tx.insert(t.consultantAvailability).values(
      seed.availability.map(([weekday, start, end]) => ({
        consultantId: consultant.id,
        weekday,
        startMinute: Number(start.slice(0, 2)) * 60 + Number(start.slice(3)),
        endMinute: Number(end.slice(0, 2)) * 60 + Number(end.slice(3)),
      })),
    );
  }
}
