/**
 * The operator console's home content and plans (issue 19; account-mfe's screens, administrators):
 * ads, team members, FAQ entries, the site settings and the yearly plans. One schema per write,
 * used by the API route and by the console's form (react-hook-form's zodResolver); the update of a
 * record is its create schema plus the `version` the edit started from.
 *
 * Bilingual pairs follow the tables: `title` is Arabic, `title_en` English. A draft (an inactive ad,
 * an unpublished member or entry, a retired plan) may be incomplete; what is live must be complete
 * in both languages, which the API checks with {@link AD_PAIRS} and the like (400
 * `translationsMissing`, each field marked).
 */
import { z } from 'zod';
import { pageSchema, successSchema } from './envelope';
import { idSchema, isoDateTimeSchema, optionalText, requiredText, rowOrderSchema } from './fields';
import { EMAIL_PATTERN, PHONE_PATTERN, phoneDigits } from './forms';
import { adminListQuerySchema, contentImagePathSchema, draftText, isHttpsUrl, versionSchema } from './content';

// ---------------------------------------------------------------- shared pieces

/** A page of this site (`/conference/1`), never another host (`//host`). */
export const isSitePath = (value: string) => /^\/(?![/\\])\S*$/.test(value);


/** An optional link: empty (or null) is none, and is answered `null` (a link without a destination is not rendered). */
export const optionalLinkSchema = optionalText(500).refine((value) => value === null || isHttpsUrl(value), 'validation.linkInvalid');

/** The position of a row in its list (smaller first; ties by id). */

/** An optional instant (an ad's window): empty is none. */
const optionalInstant = isoDateTimeSchema.nullish().transform((value) => value ?? null);

/** `?active=true|false` / `?published=true|false` of a console list: no value lists both. */
const booleanFilter = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

// ---------------------------------------------------------------- ads
/** Both languages of an active ad. */
export const AD_PAIRS = [['title', 'title_en']] as const;

const adShape = {
  title: draftText(200),
  title_en: draftText(200),
  /** An uploaded image (`POST admin/uploads?kind=image`). */
  image_url: contentImagePathSchema,
  /** Opened by the ad's "View Details" button, in a new tab: another site (https) or a page of this one. */
  link: optionalText(500).refine((value) => value === null || isHttpsUrl(value) || isSitePath(value), 'validation.adLinkInvalid'),
  /** Served (spec 9: up to 5 per request) while active and inside the window. */
  active: z.boolean({ error: 'validation.mustBeBoolean' }).default(false),
  starts_at: optionalInstant,
  ends_at: optionalInstant,
  sort_order: rowOrderSchema,
};
/** Even a draft is named in one language at least (the console lists it by that). */
const namedIn = <K extends string>(key: K) => ({
  check: (value: Record<K | `${K}_en`, string>) => value[key] !== '' || value[`${key}_en`] !== '',
  issue: { path: [key], error: 'validation.required' },
});

const adWindow = (value: { starts_at: string | null; ends_at: string | null }) =>
  !value.starts_at || !value.ends_at || Date.parse(value.ends_at) > Date.parse(value.starts_at);
const adWindowIssue = { path: ['ends_at'], error: 'validation.adWindowInvalid' };

/** `POST admin/ads` (and the console's ad form). */
export const adWriteSchema = z.object(adShape).refine(adWindow, adWindowIssue);
/** `PUT admin/ads/{id}`. */
export const adUpdateSchema = z.object({ ...adShape, version: versionSchema }).refine(adWindow, adWindowIssue);
export type AdWrite = z.input<typeof adWriteSchema>;
export type AdUpdate = z.input<typeof adUpdateSchema>;

export const adminAdsQuerySchema = adminListQuerySchema.extend({ active: booleanFilter });
export type AdminAdsQuery = z.input<typeof adminAdsQuerySchema>;

export const adminAdSchema = z.object({
  id: idSchema,
  title: z.string(),
  title_en: z.string(),
  image_url: z.string(),
  link: z.string().nullable(),
  active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Active and inside its window now: the home pop-up shows it. */
  live: z.boolean(),
  sort_order: z.number().int(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type AdminAd = z.infer<typeof adminAdSchema>;
export const adminAdsResponseSchema = pageSchema(adminAdSchema);
export const adminAdResponseSchema = successSchema(adminAdSchema);

// ---------------------------------------------------------------- team members
/** Spec 3's fields in both languages: the name always; the bio and the university when either side is filled. */
export const TEAM_REQUIRED_PAIRS = [['name', 'name_en']] as const;
export const TEAM_PAIRS = [
  ['bio', 'bio_en'],
  ['university', 'university_en'],
] as const;

const teamShape = {
  name: draftText(200),
  name_en: draftText(200),
  bio: draftText(4000),
  bio_en: draftText(4000),
  /** 'University - Department' (the home card shows it on two lines). */
  university: draftText(300),
  university_en: draftText(300),
  image: contentImagePathSchema.nullish().transform((value) => value ?? null),
  linkedin_link: optionalLinkSchema,
  twitter_link: optionalLinkSchema,
  facebook_link: optionalLinkSchema,
  published: z.boolean({ error: 'validation.mustBeBoolean' }).default(false),
  sort_order: rowOrderSchema,
};
const teamNamed = namedIn('name');
/** `POST admin/team` (and the console's form). */
export const teamMemberWriteSchema = z.object(teamShape).refine(teamNamed.check, teamNamed.issue);
/** `PUT admin/team/{id}`. */
export const teamMemberUpdateSchema = z.object({ ...teamShape, version: versionSchema }).refine(teamNamed.check, teamNamed.issue);
export type TeamMemberWrite = z.input<typeof teamMemberWriteSchema>;
export type TeamMemberUpdate = z.input<typeof teamMemberUpdateSchema>;

export const adminTeamQuerySchema = adminListQuerySchema.extend({ published: booleanFilter });
export type AdminTeamQuery = z.input<typeof adminTeamQuerySchema>;

export const adminTeamMemberSchema = z.object({
  id: idSchema,
  name: z.string(),
  name_en: z.string(),
  bio: z.string(),
  bio_en: z.string(),
  university: z.string(),
  university_en: z.string(),
  image: z.string().nullable(),
  linkedin_link: z.string().nullable(),
  twitter_link: z.string().nullable(),
  facebook_link: z.string().nullable(),
  published: z.boolean(),
  sort_order: z.number().int(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type AdminTeamMember = z.infer<typeof adminTeamMemberSchema>;
export const adminTeamResponseSchema = pageSchema(adminTeamMemberSchema);
export const adminTeamMemberResponseSchema = successSchema(adminTeamMemberSchema);

// ---------------------------------------------------------------- FAQ
export const FAQ_PAIRS = [
  ['question', 'question_en'],
  ['answer', 'answer_en'],
] as const;

const faqShape = {
  question: draftText(500),
  question_en: draftText(500),
  answer: draftText(4000),
  answer_en: draftText(4000),
  published: z.boolean({ error: 'validation.mustBeBoolean' }).default(false),
  sort_order: rowOrderSchema,
};
const faqNamed = namedIn('question');
/** `POST admin/faq` (and the console's form). */
export const faqWriteSchema = z.object(faqShape).refine(faqNamed.check, faqNamed.issue);
/** `PUT admin/faq/{id}`. */
export const faqUpdateSchema = z.object({ ...faqShape, version: versionSchema }).refine(faqNamed.check, faqNamed.issue);
export type FaqWrite = z.input<typeof faqWriteSchema>;
export type FaqUpdate = z.input<typeof faqUpdateSchema>;

export const adminFaqQuerySchema = adminListQuerySchema.extend({ published: booleanFilter });
export type AdminFaqQuery = z.input<typeof adminFaqQuerySchema>;

export const adminFaqEntrySchema = z.object({
  id: idSchema,
  question: z.string(),
  question_en: z.string(),
  answer: z.string(),
  answer_en: z.string(),
  published: z.boolean(),
  sort_order: z.number().int(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type AdminFaqEntry = z.infer<typeof adminFaqEntrySchema>;
export const adminFaqResponseSchema = pageSchema(adminFaqEntrySchema);
export const adminFaqEntryResponseSchema = successSchema(adminFaqEntrySchema);

// ---------------------------------------------------------------- site settings
/** The address is always live (footer and contact page): both languages on every save. */
export const SITE_SETTINGS_PAIRS = [['address', 'address_en']] as const;
/** The footer's "made by" name: in both languages or in neither (then the footer shows no credit). */
export const SITE_SETTINGS_OPTIONAL_PAIRS = [['made_by_name', 'made_by_name_en']] as const;
export const SOCIAL_NETWORKS = ['facebook', 'twitter', 'linkedin', 'instagram', 'youtube'] as const;

/** A credit link needs a name to be the link's text. */
const creditNamed = {
  check: (value: { made_by_name: string; made_by_name_en: string; made_by_url: string | null }) => value.made_by_url === null || value.made_by_name !== '' || value.made_by_name_en !== '',
  issue: { path: ['made_by_name'], error: 'validation.required' },
};

/** `PUT admin/site-settings` (and the console's form; `version` from the settings as read). */
export const siteSettingsWriteSchema = z.object({
  address: draftText(300),
  address_en: draftText(300),
  email: requiredText('validation.emailRequired', 254).regex(EMAIL_PATTERN, 'validation.emailInvalid'),
  /** As shown (`+971 4 000 0000`): digits, an optional leading +, spaces and dashes between them. */
  phone: requiredText('validation.phoneRequired', 30).refine((value) => PHONE_PATTERN.test(phoneDigits(value)), 'validation.phoneInvalid'),
  facebook: optionalLinkSchema,
  twitter: optionalLinkSchema,
  linkedin: optionalLinkSchema,
  instagram: optionalLinkSchema,
  youtube: optionalLinkSchema,
  made_by_name: draftText(200),
  made_by_name_en: draftText(200),
  /** Empty: the footer names the makers without a link. */
  made_by_url: optionalLinkSchema,
  version: versionSchema,
}).refine(creditNamed.check, creditNamed.issue);
export type SiteSettingsWrite = z.input<typeof siteSettingsWriteSchema>;

export const adminSiteSettingsSchema = z.object({
  address: z.string(),
  address_en: z.string(),
  email: z.string(),
  phone: z.string(),
  facebook: z.string().nullable(),
  twitter: z.string().nullable(),
  linkedin: z.string().nullable(),
  instagram: z.string().nullable(),
  youtube: z.string().nullable(),
  made_by_name: z.string(),
  made_by_name_en: z.string(),
  made_by_url: z.string().nullable(),
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type AdminSiteSettings = z.infer<typeof adminSiteSettingsSchema>;
export const adminSiteSettingsResponseSchema = successSchema(adminSiteSettingsSchema);

// ---------------------------------------------------------------- plans
export const PLAN_PAIRS = [['name', 'name_en']] as const;
export const PLAN_FEATURE_PAIRS = [['feature', 'feature_en']] as const;
/** Most features a plan lists. */
export const PLAN_FEATURES_MAX = 30;

/** A yearly price in AED: above 0, at most 2 decimals. */
export const planPriceSchema = z
  .number({ error: 'validation.priceInvalid' })
  .positive('validation.priceInvalid')
  .max(99_999_999.99, 'validation.priceInvalid')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'validation.priceInvalid');

const planShape = {
  name: draftText(120),
  name_en: draftText(120),
  price: planPriceSchema,
  /** Consultation sessions included per subscription year (issue 23); missing: 0 on a new plan, unchanged on an edit. */
  consultation_sessions: z.number({ error: 'validation.mustBeInteger' }).int('validation.mustBeInteger').min(0).max(1000).optional(),
  /** In their order; replaced as a whole on every save. */
  features: z
    .array(z.object({ feature: draftText(300), feature_en: draftText(300) }))
    .max(PLAN_FEATURES_MAX, 'validation.maxItems')
    .default([]),
  /** Offered on the pricing section; false: retired (existing subscriptions go on). */
  active: z.boolean({ error: 'validation.mustBeBoolean' }).default(false),
  sort_order: rowOrderSchema,
};
/** `POST admin/plans` (and the console's form). */
export const planWriteSchema = z.object(planShape);
/** `PUT admin/plans/{id}`: a new price applies to new purchases only. */
export const planUpdateSchema = z.object({ ...planShape, version: versionSchema });
export type PlanWrite = z.input<typeof planWriteSchema>;
export type PlanUpdate = z.input<typeof planUpdateSchema>;

export const adminPlansQuerySchema = adminListQuerySchema.extend({ active: booleanFilter });
export type AdminPlansQuery = z.input<typeof adminPlansQuerySchema>;

export const adminPlanSchema = z.object({
  id: idSchema,
  name: z.string(),
  name_en: z.string(),
  price: z.number(),
  currency: z.literal('AED'),
  active: z.boolean(),
  features: z.array(z.object({ id: idSchema, feature: z.string(), feature_en: z.string() })),
  /** Consultation sessions included per subscription year (issue 23). */
  consultation_sessions: z.number().int().nonnegative(),
  /** Subscriptions that refer to the plan (a plan with any is not deleted: retire it). */
  subscriptions: z.number().int(),
  /** The Stripe Price new purchases use; null: an inline price at checkout (or no Stripe). */
  stripe_price_id: z.string().nullable(),
  sort_order: z.number().int(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlansResponseSchema = pageSchema(adminPlanSchema);
export const adminPlanResponseSchema = successSchema(adminPlanSchema);
