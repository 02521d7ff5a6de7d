/**
 * The public read calls of spec section 7 (plans, categories, conferences, research community,
 * team, ads), the FAQ and the site settings: request bodies and response envelopes.
 * Paths are relative to the API base (`/api`).
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, namedItemSchema } from './fields';
import { pageSchema, successSchema } from './envelope';
import { categoryFilterSchema, paginateBodySchema } from './paginate';
import { CONFERENCE_MODES } from './constants';

/** A stored file path containing `public/`; shown as FILES_BASE + the part after `public/`. */
const filePathSchema = z.string().describe("Path containing 'public/'; the part after it is served under /files/");

// ---------------------------------------------------------------- subscription plans
/** `GET subscription-plan` */
export const planFeatureSchema = z.object({
  id: idSchema,
  feature: z.string().describe('Arabic text'),
  feature_en: z.string(),
});
export const subscriptionPlanSchema = z.object({
  id: idSchema,
  name: z.string().describe('Arabic name'),
  name_en: z.string(),
  price: z.number().nonnegative().describe('Price per year'),
  currency: z.literal('AED'),
  interval: z.literal('year'),
  /** Consultation sessions included per subscription year (issue 23). */
  consultation_sessions: z.number().int().nonnegative(),
  subscription_plan_features: z.array(planFeatureSchema),
});
export const subscriptionPlansResponseSchema = successSchema(z.array(subscriptionPlanSchema));
export type PlanFeature = z.infer<typeof planFeatureSchema>;
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

// ---------------------------------------------------------------- categories
/** `GET conference-categories`, `GET community-categories` */
export const conferenceCategorySchema = namedItemSchema;
export const communityCategorySchema = namedItemSchema;
export const conferenceCategoriesResponseSchema = successSchema(z.array(conferenceCategorySchema));
export const communityCategoriesResponseSchema = successSchema(z.array(communityCategorySchema));
export type ConferenceCategory = z.infer<typeof conferenceCategorySchema>;
export type CommunityCategory = z.infer<typeof communityCategorySchema>;

// ---------------------------------------------------------------- conferences
export const conferenceModeSchema = z.enum(CONFERENCE_MODES);
export type ConferenceMode = z.infer<typeof conferenceModeSchema>;

/**
 * Sort columns of `POST conference/paginate` (`relevance`: best match first, see paginateBodySchema;
 * `upcoming`: not yet ended first, soonest first, then past ones, latest first: the home carousel).
 */
export const CONFERENCE_SORT_COLUMNS = ['title', 'title_en', 'start_date', 'id', 'relevance', 'upcoming'] as const;
/** `POST conference/paginate` body: `{ limit, page, col, search }` plus an optional `category_id`. */
export const conferencePaginateBodySchema = paginateBodySchema(CONFERENCE_SORT_COLUMNS, 'start_date').extend({
  category_id: categoryFilterSchema,
});
export const conferenceListItemSchema = z.object({
  id: idSchema,
  category_id: idSchema.nullable(),
  title: z.string().describe('Arabic title'),
  title_en: z.string(),
  description: z.string().describe('Arabic description'),
  description_en: z.string(),
  image: filePathSchema.nullable(),
  start_date: isoDateTimeSchema,
  end_date: isoDateTimeSchema.nullable(),
  timezone: z.string().describe('IANA time zone of the venue, e.g. Asia/Dubai'),
  mode: conferenceModeSchema,
  venue: z.string().nullable(),
  venue_en: z.string().nullable(),
  keywords: z.array(z.string()),
});
export const conferencePageResponseSchema = pageSchema(conferenceListItemSchema);
export type ConferencePaginateBody = z.input<typeof conferencePaginateBodySchema>;
export type ConferenceListItem = z.infer<typeof conferenceListItemSchema>;

// ---------------------------------------------------------------- research community
/** Sort columns of `POST research-community/paginate` (`relevance`: best match first, see paginateBodySchema). */
export const RESEARCH_SORT_COLUMNS = ['name', 'name_en', 'updated', 'id', 'relevance'] as const;
/** `POST research-community/paginate` body: `{ category_id?, limit, page, col, search }`. */
export const researchCommunityPaginateBodySchema = paginateBodySchema(RESEARCH_SORT_COLUMNS, 'updated').extend({
  category_id: categoryFilterSchema,
});
export const researchCommunityItemSchema = z.object({
  id: idSchema,
  image: filePathSchema.nullable(),
  updated: isoDateTimeSchema,
  name: z.string().describe('Arabic title'),
  name_en: z.string(),
  abstract: z.string(),
  category_id: idSchema.nullable(),
});
export const researchCommunityPageResponseSchema = pageSchema(researchCommunityItemSchema);
export type ResearchCommunityPaginateBody = z.input<typeof researchCommunityPaginateBodySchema>;
export type ResearchCommunityItem = z.infer<typeof researchCommunityItemSchema>;

// ---------------------------------------------------------------- team
/** `GET team`, `GET team/{id}` */
export const teamMemberSchema = z.object({
  id: idSchema,
  image: filePathSchema.nullable(),
  name: z.string().describe('Arabic name'),
  name_en: z.string(),
  bio: z.string(),
  bio_en: z.string(),
  university: z.string().describe("'University - Department' (Arabic)"),
  university_en: z.string().describe("'University - Department'"),
  linkedin_link: z.string().nullable(),
  twitter_link: z.string().nullable(),
  facebook_link: z.string().nullable(),
});
export const teamResponseSchema = successSchema(z.array(teamMemberSchema));
export const teamMemberResponseSchema = successSchema(teamMemberSchema);
export type TeamMember = z.infer<typeof teamMemberSchema>;

// ---------------------------------------------------------------- ads
/** Sort columns of `POST ads/websitePaginate`. */
export const AD_SORT_COLUMNS = ['title', 'title_en', 'id'] as const;
/** `POST ads/websitePaginate` body: `{ limit, page, col, search }`. */
export const adsPaginateBodySchema = paginateBodySchema(AD_SORT_COLUMNS, 'id');
export const adSchema = z.object({
  id: idSchema,
  title: z.string().describe('Arabic title'),
  title_en: z.string(),
  image_url: filePathSchema,
  link: z.string().nullable().describe('Optional destination, opened in a new tab'),
});
export const adsPageResponseSchema = pageSchema(adSchema);
export type AdsPaginateBody = z.input<typeof adsPaginateBodySchema>;
export type Ad = z.infer<typeof adSchema>;

// ---------------------------------------------------------------- FAQ
/** `GET faq`: the home page's published questions and answers, in their order, both languages. */
export const faqEntrySchema = z.object({
  id: idSchema,
  question: z.string().describe('Arabic'),
  question_en: z.string(),
  answer: z.string().describe('Arabic'),
  answer_en: z.string(),
});
export const faqResponseSchema = successSchema(z.array(faqEntrySchema));
export type FaqEntry = z.infer<typeof faqEntrySchema>;

// ---------------------------------------------------------------- site settings
/**
 * `GET site-settings`: footer social links (null: not rendered), contact details and the footer's
 * "made by" credit (both names empty: no credit; `url` null: the name without a link).
 */
export const siteSettingsSchema = z.object({
  social_links: z.object({
    facebook: z.string().nullable(),
    twitter: z.string().nullable(),
    linkedin: z.string().nullable(),
    instagram: z.string().nullable(),
    youtube: z.string().nullable(),
  }),
  contact: z.object({
    email: z.string(),
    phone: z.string(),
    address: z.string().describe('Arabic'),
    address_en: z.string(),
  }),
  made_by: z.object({
    name: z.string().describe('Arabic'),
    name_en: z.string(),
    url: z.string().nullable(),
  }),
});
export const siteSettingsResponseSchema = successSchema(siteSettingsSchema);
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

// ---------------------------------------------------------------- health
export const healthResponseSchema = successSchema(
  z.object({
    database: z.literal('ok'),
    driver: z.enum(['pglite', 'postgres']),
    uptime_s: z.number().nonnegative(),
  }),
);
