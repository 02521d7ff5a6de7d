/**
 * The about page and the privacy policy, edited in the operator console (issue 19; account-mfe's
 * screens, administrators) and read by the shell's pages. One schema per write, used by the API
 * route and by the console's form (react-hook-form's zodResolver), with the `version` the edit
 * started from.
 *
 * Bilingual pairs follow the tables: `mission` is Arabic, `mission_en` English. These pages are
 * always live (no drafts): every save must be complete in both languages, which the API checks with
 * {@link aboutPageMissing} / {@link privacyPolicyMissing} (400 `pageTranslationsMissing`, each
 * field marked, nested ones named `objectives.0.text_en`).
 */
import { z } from 'zod';
import { successSchema } from './envelope';
import { draftText, missingRequiredTranslations, versionSchema } from './content';

export const SITE_PAGES = ['about', 'privacy'] as const;
export type SitePageName = (typeof SITE_PAGES)[number];

// ---------------------------------------------------------------- about
export const ABOUT_OBJECTIVES_MAX = 10;
export const ABOUT_PAIRS = [
  ['lead', 'lead_en'],
  ['founder_message', 'founder_message_en'],
  ['founder_name', 'founder_name_en'],
  ['mission', 'mission_en'],
  ['vision', 'vision_en'],
] as const;

const objectiveSchema = z.object({ text: draftText(500), text_en: draftText(500) });

const aboutShape = {
  lead: draftText(1000),
  lead_en: draftText(1000),
  founder_message: draftText(4000),
  founder_message_en: draftText(4000),
  /** As signed under the message ('Dr. ..., founder'). */
  founder_name: draftText(200),
  founder_name_en: draftText(200),
  mission: draftText(2000),
  mission_en: draftText(2000),
  vision: draftText(2000),
  vision_en: draftText(2000),
  /** In their order; replaced as a whole on every save. */
  objectives: z.array(objectiveSchema).min(1, 'validation.minItems').max(ABOUT_OBJECTIVES_MAX, 'validation.maxItems'),
};

/** `PUT admin/pages/about` (and the console's form). */
export const aboutPageWriteSchema = z.object({ ...aboutShape, version: versionSchema });
export type AboutPageWrite = z.input<typeof aboutPageWriteSchema>;

/** The about page as the public reads it. */
export const aboutPageSchema = z.object({
  lead: z.string(),
  lead_en: z.string(),
  founder_message: z.string(),
  founder_message_en: z.string(),
  founder_name: z.string(),
  founder_name_en: z.string(),
  mission: z.string(),
  mission_en: z.string(),
  vision: z.string(),
  vision_en: z.string(),
  objectives: z.array(z.object({ text: z.string(), text_en: z.string() })),
  updated_at: z.string().nullable(),
});
export type AboutPage = z.infer<typeof aboutPageSchema>;
export const aboutPageResponseSchema = successSchema(aboutPageSchema);
/** As the console edits it: with its version. */
export const adminAboutPageSchema = aboutPageSchema.extend({ version: z.number().int() });
export type AdminAboutPage = z.infer<typeof adminAboutPageSchema>;
export const adminAboutPageResponseSchema = successSchema(adminAboutPageSchema);

/** The fields of an about page left empty in a language: every pair, and each objective. */
export function aboutPageMissing(value: Record<string, unknown> & { objectives: ReadonlyArray<Record<string, unknown>> }): string[] {
  const missing = missingRequiredTranslations(value, ABOUT_PAIRS);
  value.objectives.forEach((row, index) => missing.push(...missingRequiredTranslations(row, [['text', 'text_en']], `objectives.${index}.`)));
  return missing;
}

// ---------------------------------------------------------------- privacy policy
export const PRIVACY_SECTIONS_MAX = 30;

const sectionSchema = z.object({ title: draftText(300), title_en: draftText(300), body: draftText(8000), body_en: draftText(8000) });

/** `PUT admin/pages/privacy` (and the console's form). */
export const privacyPolicyWriteSchema = z.object({
  /** In their order (numbered on the page); replaced as a whole on every save. */
  sections: z.array(sectionSchema).min(1, 'validation.minItems').max(PRIVACY_SECTIONS_MAX, 'validation.maxItems'),
  version: versionSchema,
});
export type PrivacyPolicyWrite = z.input<typeof privacyPolicyWriteSchema>;

export const privacyPolicySchema = z.object({
  sections: z.array(z.object({ title: z.string(), title_en: z.string(), body: z.string(), body_en: z.string() })),
  /** The last save (the page's "Last updated"); null before any row exists. */
  updated_at: z.string().nullable(),
});
export type PrivacyPolicy = z.infer<typeof privacyPolicySchema>;
export const privacyPolicyResponseSchema = successSchema(privacyPolicySchema);
export const adminPrivacyPolicySchema = privacyPolicySchema.extend({ version: z.number().int() });
export type AdminPrivacyPolicy = z.infer<typeof adminPrivacyPolicySchema>;
export const adminPrivacyPolicyResponseSchema = successSchema(adminPrivacyPolicySchema);

// ---------------------------------------------------------------- telling members of a change
/** `POST admin/pages/privacy/notices`: e-mail every member about the saved version the console shows. */
export const policyNoticeCreateSchema = z.object({ version: versionSchema });
export type PolicyNoticeCreate = z.input<typeof policyNoticeCreateSchema>;

/** A notice of one version of the policy, with how far its mails are (the mail queue's states). */
export const policyNoticeSchema = z.object({
  id: z.number().int(),
  policy_version: z.number().int(),
  /** The version's save, which the mail names. */
  policy_updated_at: z.string(),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Members with a confirmed address who had an account when the notice was made. */
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Null while mails are still being queued. */
  finished_at: z.string().nullable(),
});
export type PolicyNotice = z.infer<typeof policyNoticeSchema>;
export const policyNoticeResponseSchema = successSchema(policyNoticeSchema);
/** `GET admin/pages/privacy/notices`: the notices, newest first, and how many members a notice would reach now. */
export const policyNoticesSchema = z.object({ notices: z.array(policyNoticeSchema), members: z.number().int() });
export type PolicyNotices = z.infer<typeof policyNoticesSchema>;
export const policyNoticesResponseSchema = successSchema(policyNoticesSchema);

/** The fields of a policy left empty in a language: each section's title and body. */
export function privacyPolicyMissing(value: { sections: ReadonlyArray<Record<string, unknown>> }): string[] {
  return value.sections.flatMap((row, index) =>
    missingRequiredTranslations(row, [
      ['title', 'title_en'],
      ['body', 'body_en'],
    ], `sections.${index}.`),
  );
}
