/**
 * The signed-in user's profile (`/profile`) and the public profile (`/user-profile/{id}`):
 * spec 3 "User" and decisions.md (the data-access flag hides e-mail and phone from others).
 * The profile form validates with these schemas; the API validates the same payloads with them.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, localeSchema, optionalCountryCodeField, optionalText, requiredText } from './fields';
import { successSchema } from './envelope';
import { EMAIL_PATTERN, PHONE_PATTERN, otpCodeSchema, phoneDigits, passwordSchema } from './forms';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, BIO_MAX_LENGTH } from './constants';

export const genderSchema = z.enum(['male', 'female']);
export type Gender = z.infer<typeof genderSchema>;

export { AVATAR_MAX_BYTES, AVATAR_TYPES, BIO_MAX_LENGTH };

/**
 * `PUT profile`: every editable field at once (the form sends the whole profile).
 * `current_password` is required by the server when `email` changes. A new `email` is not applied
 * at once: the other fields are saved, a 6-digit code is e-mailed to the new address, and the
 * answer's `pending_email` names it until `POST profile/email/confirm` (the old address is told).
 * `locale` is the account's language, the one every e-mail and notice to the member is written in
 * (decisions.md "Language, digits and dates"); optional, so a client that omits it keeps the stored one.
 */
export const profileUpdateSchema = z.object({
  name: requiredText('validation.nameRequired', 200),
  email: requiredText('validation.emailRequired', 254).regex(EMAIL_PATTERN, 'validation.emailInvalid'),
  phone: z
    .string({ error: 'validation.mustBeText' })
    .trim()
    .nullish()
    .transform((value) => (value ? phoneDigits(value) : null))
    .refine((value) => value === null || PHONE_PATTERN.test(value), 'validation.phoneInvalid'),
  country: optionalCountryCodeField,
  gender: genderSchema.nullish().transform((value) => value ?? null),
  bio: optionalText(BIO_MAX_LENGTH),
  data_access: z.boolean(),
  newsletter: z.boolean(),
  locale: z.enum(localeSchema.options, { error: 'validation.languageInvalid' }).optional(),
  current_password: z.string().max(200, 'validation.maxLength').optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** `POST profile/email/confirm`: the code e-mailed to the new address. */
export const confirmEmailChangeSchema = z.object({ code: otpCodeSchema });
export type ConfirmEmailChange = z.input<typeof confirmEmailChangeSchema>;

/** `POST profile/change-password`: the current password, then the new one twice. */
export const changePasswordSchema = z
  .object({
    current_password: z
      .string({ error: 'validation.currentPasswordRequired' })
      .min(1, 'validation.currentPasswordRequired')
      .max(200, 'validation.maxLength'),
    password: passwordSchema,
    confirmPassword: z.string({ error: 'validation.passwordRequired' }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: 'validation.passwordsDoNotMatch',
  });
export type ChangePassword = z.input<typeof changePasswordSchema>;

/**
 * `POST profile/close`: the member closes their own account (decisions.md "Closing an account"),
 * confirmed with the current password.
 */
export const closeAccountSchema = z.object({
  current_password: z
    .string({ error: 'validation.currentPasswordRequired' })
    .min(1, 'validation.currentPasswordRequired')
    .max(200, 'validation.maxLength'),
});
export type CloseAccount = z.input<typeof closeAccountSchema>;

/** The signed-in user's own profile (`GET profile`). */
export const profileSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  gender: genderSchema.nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable().describe("Path containing 'public/'; served under /files/"),
  data_access: z.boolean().describe('Others may see e-mail and phone on the public profile'),
  newsletter: z.boolean(),
  locale: localeSchema,
  role: z.string(),
  roles: z.array(z.string()),
  created_at: isoDateTimeSchema,
  pending_email: z
    .string()
    .nullable()
    .describe('A new address waiting for its code (POST profile/email/confirm); `email` stays the same until then'),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = successSchema(profileSchema);
export const avatarResponseSchema = successSchema(z.object({ avatar: z.string().nullable() }));

/** A research submission as its owner sees it in the profile (spec 2: ID, date, title, status). */
export const mySubmissionSchema = z.object({
  id: idSchema,
  title: z.string().describe('Arabic title'),
  title_en: z.string(),
  status: z.enum(['pending_supervisor', 'under_review', 'approved', 'rejected', 'removed', 'changes_requested']),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type MySubmission = z.infer<typeof mySubmissionSchema>;
export const mySubmissionsResponseSchema = successSchema(z.array(mySubmissionSchema));

/** A published research on a public profile. */
export const publicSubmissionSchema = z.object({
  id: idSchema,
  title: z.string(),
  title_en: z.string(),
  published_at: isoDateTimeSchema,
});
export type PublicSubmission = z.infer<typeof publicSubmissionSchema>;

/**
 * `GET users/{id}/profile`: about, country, gender, published research; `email` and `phone`
 * are null unless the user turned the data-access flag on.
 */
export const publicProfileSchema = z.object({
  id: idSchema,
  name: z.string(),
  bio: z.string().nullable(),
  country: z.string().nullable(),
  gender: genderSchema.nullable(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  member_since: isoDateTimeSchema,
  research: z.array(publicSubmissionSchema),
  closed: z.boolean().describe('The member closed the account: only the neutral name is shown'),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
export const publicProfileResponseSchema = successSchema(publicProfileSchema);
