/**
 * Forms the front end validates with the same rules the API enforces (spec section 5), plus the
 * calls of spec section 7 that later issues implement. Messages are `validation.*` keys.
 */
import { z } from 'zod';
import { idLikeSchema, localeSchema, requiredText } from './fields';
import { asciiDigits } from '../i18n/digits';
import { envelopeSchema } from './envelope';

/** Spec 5: an address without spaces: something@something.something */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Spec 5 and 9: an optional + followed by 7 to 15 digits. */
export const PHONE_PATTERN = /^\+?\d{7,15}$/;

/**
 * A phone number as people type it: Arabic-Indic digits read as ASCII ones, and the spaces, dashes,
 * dots and brackets written between digits dropped ("٠٥٠ ١٢٣ ٤٥٦٧", "+971 (50) 123-4567"), so the
 * pattern above judges the number and what is stored is `+9715…`.
 */
export function phoneDigits(value: string): string {
  return asciiDigits(value).replace(/[\s().-]/g, '');
}

/** A required phone number (spec 5), as typed; stored as its digits. */
export const requiredPhone = () => requiredText('validation.phoneRequired', 30).overwrite(phoneDigits).regex(PHONE_PATTERN, 'validation.phoneInvalid');
/** Spec 9: OTP length 6. */
export const OTP_PATTERN = /^\d{6}$/;
/** decisions.md: at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;

// ---------------------------------------------------------------- contact (POST base/contact, multipart)
export const contactMessageSchema = z.object({
  full_name: requiredText('validation.fullNameRequired', 200),
  email: requiredText('validation.emailRequired', 254).regex(EMAIL_PATTERN, 'validation.emailInvalid'),
  phone: requiredPhone(),
  message: requiredText('validation.messageRequired', 5000),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

// ---------------------------------------------------------------- newsletter (POST newsletter-subscribers)
/**
 * Spec 5: non-empty and contains an at sign, else 'Please enter a valid email address.'; and, as
 * every other address the platform writes to, a name, an at sign and a domain with a dot
 * (EMAIL_PATTERN): `bad@` would be sent a confirmation that can never arrive (decisions.md).
 */
export const newsletterSubscriberSchema = z.object({
  email: z
    .string({ error: 'validation.newsletterEmailInvalid' })
    .trim()
    .min(1, 'validation.newsletterEmailInvalid')
    .max(254, 'validation.newsletterEmailInvalid')
    .regex(EMAIL_PATTERN, 'validation.newsletterEmailInvalid'),
  locale: localeSchema.optional(),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;
/** Success `{ status: true, msg }`; an existing subscriber gets `{ status: false, err: 409, msg }`. */
export const newsletterResponseSchema = envelopeSchema(z.undefined());

// ---------------------------------------------------------------- subscriptions (POST stripe/create-subscription)
/**
 * Spec 3: `{ planId, userId, active }`. `active: false` asks first whether an active subscription
 * exists; `active: true` confirms buying alongside it. The server acts for the signed-in user
 * (`userId` must match the session).
 */
export const createSubscriptionRequestSchema = z.object({
  planId: idLikeSchema,
  userId: idLikeSchema,
  active: z.boolean(),
});
export type CreateSubscriptionRequest = z.input<typeof createSubscriptionRequestSchema>;
/** Spec 3: `active` (an active subscription exists) and `data.checkout_url`. */
export const createSubscriptionResponseSchema = envelopeSchema(z.object({ checkout_url: z.string() })).extend({
  active: z.boolean().optional(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

// ---------------------------------------------------------------- session (POST tokens/refresh-token)
/** Spec 7: the client reads `accessToken`, or `token`, or `data.accessToken`; the API sends both. */
export const refreshResponseSchema = z.object({
  status: z.literal(true),
  msg: z.string().optional(),
  accessToken: z.string(),
  data: z.object({
    accessToken: z.string(),
    expires_in: z.number().int().positive().describe('Seconds until the access token expires'),
  }),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

// ---------------------------------------------------------------- OTP and new password
export const otpCodeSchema = z
  .string({ error: 'validation.otpInvalid' })
  .trim()
  .overwrite(asciiDigits)
  .regex(OTP_PATTERN, 'validation.otpInvalid');

export const passwordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort')
  .max(200, 'validation.maxLength');

/** New password and its confirmation must match: 'Passwords do not match.' on `confirmPassword`. */
export const newPasswordFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string({ error: 'validation.passwordRequired' }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: 'validation.passwordsDoNotMatch',
  });
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;
