/**
 * Accounts (spec 4, 5, 7, 8; decisions.md "Accounts and security"): sign-up with an e-mailed
 * 6-digit code, sign-in, session refresh, password reset, the signed-in user; plus the captcha'd
 * public forms (contact, newsletter). The forms and the API validate with these same schemas;
 * messages are `validation.*` keys (messages.ts).
 *
 * Session: the access token (15 min) is answered in the body and kept in localStorage under
 * `accessToken`; the refresh token is an httpOnly cookie (`refresh_token`, Path=/api/tokens).
 */
import { z } from 'zod';
import { envelopeSchema, successSchema } from './envelope';
import { countryCodeField, idSchema, localeSchema, requiredText } from './fields';
import {
  EMAIL_PATTERN,
  requiredPhone,
  contactMessageSchema,
  newsletterSubscriberSchema,
  otpCodeSchema,
  passwordSchema,
} from './forms';
import { ROLES, STAFF_ROLES } from '../authorization';

// ---------------------------------------------------------------- fields
/** A required e-mail: 'Email is required', else 'Invalid email format' (spec 5). */
export const accountEmailSchema = requiredText('validation.emailRequired', 254).regex(EMAIL_PATTERN, 'validation.emailInvalid');

/** The ALTCHA payload from `obtainCaptcha()` (http/captcha.ts). */
export const captchaFieldSchema = z
  .string({ error: 'validation.captchaRequired' })
  .trim()
  .min(1, 'validation.captchaRequired')
  .max(8000, 'validation.captchaInvalid');

const confirmationSchema = z.string({ error: 'validation.passwordRequired' }).max(200, 'validation.maxLength');

/** Runs the "passwords match" check even while other fields still have errors (forms show all at once). */
const passwordsMatch = () => ({
  path: ['password_confirmation'],
  error: 'validation.passwordsDoNotMatch',
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
    return typeof value?.password === 'string' && typeof value?.password_confirmation === 'string';
  },
});
const matches = (value: { password: string; password_confirmation: string }) => value.password === value.password_confirmation;

// ---------------------------------------------------------------- sign-up (POST auth/register)
export const registerGenderSchema = z.enum(['male', 'female'], { error: 'validation.genderRequired' });
export const userRoleSchema = z.enum(ROLES);
export const staffRolesSchema = z.array(z.enum(STAFF_ROLES));

const registerShape = {
  name: requiredText('validation.nameRequired', 200),
  email: accountEmailSchema,
  /** Spec 5: an optional + followed by 7 to 15 digits. */
  phone: requiredPhone(),
  country: countryCodeField('validation.registerCountryRequired'),
  gender: registerGenderSchema,
  password: passwordSchema,
  password_confirmation: confirmationSchema,
  /** Language of the e-mails; default: the request's language. */
  locale: localeSchema.optional(),
};

/** The sign-up form (no captcha: the form obtains it on submit). */
export const registerFormSchema = z.object(registerShape).refine(matches, passwordsMatch());
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** POST auth/register body. */
export const registerRequestSchema = z.object({ ...registerShape, captcha: captchaFieldSchema }).refine(matches, passwordsMatch());
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
/** `{ status: true, msg, data: { email } }`: the code was e-mailed; next step /otp-verification. */
export const registerResponseSchema = successSchema(z.object({ email: z.string() }));
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

// ---------------------------------------------------------------- sign-in (POST auth/login)
export const loginRequestSchema = z.object({
  email: accountEmailSchema,
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(200, 'validation.maxLength'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The signed-in user as the client stores it (localStorage `user`; `user_id` = id). */
export const sessionUserSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  gender: registerGenderSchema.nullable(),
  avatar: z.string().nullable().describe("Stored path containing 'public/' (shown via FILES_BASE), or null"),
  role: userRoleSchema,
  roles: staffRolesSchema,
  locale: localeSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** What a new session carries in `data`. */
export const sessionDataSchema = z.object({
  accessToken: z.string(),
  expires_in: z.number().int().positive().describe('Seconds until the access token expires'),
  user: sessionUserSchema,
});

/**
 * A new session (sign-in, e-mail verified): the access token in `data.accessToken` and, like the
 * refresh answer, at the top level; the refresh token is set as an httpOnly cookie.
 */
export const sessionResponseSchema = z.object({
  status: z.literal(true),
  msg: z.string().optional(),
  accessToken: z.string(),
  data: sessionDataSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** GET auth/me. */
export const meResponseSchema = successSchema(sessionUserSchema);
export type MeResponse = z.infer<typeof meResponseSchema>;

// ---------------------------------------------------------------- one-time codes
export const otpPurposeSchema = z.enum(['verify_email', 'reset_password']);
export type OtpPurpose = z.infer<typeof otpPurposeSchema>;

/** POST auth/verify-otp. */
export const verifyOtpRequestSchema = z.object({
  email: accountEmailSchema,
  code: otpCodeSchema,
  purpose: otpPurposeSchema.default('verify_email'),
});
export type VerifyOtpRequest = z.input<typeof verifyOtpRequestSchema>;

/** verify-otp with purpose reset_password: a single-use token for POST auth/reset-password. */
export const resetTokenDataSchema = z.object({
  reset_token: z.string(),
  expires_in: z.number().int().positive().describe('Seconds the token stays valid'),
});
export const resetTokenResponseSchema = successSchema(resetTokenDataSchema);
export type ResetTokenResponse = z.infer<typeof resetTokenResponseSchema>;
/**
 * verify_email: a session (`accessToken` at the top level and in `data`, refresh cookie set);
 * reset_password: `data: { reset_token, expires_in }`.
 */
export const verifyOtpResponseSchema = z.object({
  status: z.literal(true),
  msg: z.string().optional(),
  accessToken: z.string().optional().describe('verify_email only'),
  data: z.union([sessionDataSchema, resetTokenDataSchema]),
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

/** POST auth/resend-otp. */
export const resendOtpRequestSchema = z.object({
  email: accountEmailSchema,
  purpose: otpPurposeSchema.default('verify_email'),
  locale: localeSchema.optional(),
});
export type ResendOtpRequest = z.input<typeof resendOtpRequestSchema>;

// ---------------------------------------------------------------- password reset
/** POST auth/forgot-password: always the same answer (no account enumeration). */
export const forgotPasswordRequestSchema = z.object({
  email: accountEmailSchema,
  locale: localeSchema.optional(),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

const resetShape = { password: passwordSchema, password_confirmation: confirmationSchema };
/** The new-password form (/reset-password/{token}, /change-password). */
export const resetPasswordFormSchema = z.object(resetShape).refine(matches, passwordsMatch());
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
/** POST auth/reset-password: `token` from the e-mailed link or from verify-otp's `reset_token`. */
export const resetPasswordRequestSchema = z
  .object({ ...resetShape, token: z.string({ error: 'validation.resetTokenInvalid' }).trim().min(1, 'validation.resetTokenInvalid').max(200, 'validation.resetTokenInvalid') })
  .refine(matches, passwordsMatch());
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

// ---------------------------------------------------------------- public forms with a captcha
/** POST base/contact (multipart): the contact form's fields plus the captcha. */
export const contactRequestSchema = contactMessageSchema.extend({ captcha: captchaFieldSchema });
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** POST newsletter-subscribers: `{ email, locale?, captcha }`. */
export const newsletterRequestSchema = newsletterSubscriberSchema.extend({ captcha: captchaFieldSchema });
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

// ---------------------------------------------------------------- captcha (GET captcha/challenge)
/** An ALTCHA v2 challenge (altcha-lib `Challenge`), solved by `obtainCaptcha()`. */
export const captchaChallengeSchema = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      memoryCost: z.number().optional(),
      parallelism: z.number().optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    })
    .describe('Signed as a whole: send it back unchanged'),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
export const captchaChallengeResponseSchema = successSchema(captchaChallengeSchema);

/** `{ status: true, msg }` answers (resend, forgot, reset, logout, contact, newsletter). */
export const messageResponseSchema = envelopeSchema(z.undefined());
