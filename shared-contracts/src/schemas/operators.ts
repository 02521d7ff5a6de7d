/**
 * The operator side's calls: the first administrator's setup link and the command line's role
 * changes (docs/decisions.md, "Accounts and security").
 */
import { z } from 'zod';
import { STAFF_ROLES } from '../authorization';
import { accountEmailSchema } from './auth';
import { successSchema } from './envelope';
import { requiredText } from './fields';
import { passwordSchema } from './forms';

/** `{ token }` of `/api/setup/{token}`. */
export const setupTokenParamsSchema = z.object({ token: z.string().min(16).max(128).regex(/^[\w-]+$/, 'validation.setupLinkInvalid') });

/** GET setup/{token}: the link is good until `expires_at`. */
export const setupStateResponseSchema = successSchema(z.object({ expires_at: z.string() }));

const passwordsMatch = { path: ['password_confirmation'], error: 'validation.passwordsDoNotMatch' };

/**
 * POST setup/{token}: either a new account (`name`, `email`, `password`, confirmation), which the
 * link makes an administrator at once, or `{ promote: true }` with a bearer token: the signed-in
 * account becomes the administrator.
 */
/** The new administrator account the setup page makes. */
export const setupAccountSchema = z
  .object({
    name: requiredText('validation.nameRequired', 200),
    email: accountEmailSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: 'validation.passwordRequired' }).max(200, 'validation.maxLength'),
  })
  .refine((value) => value.password === value.password_confirmation, passwordsMatch);

export const setupRequestSchema = z.union([z.object({ promote: z.literal(true) }), setupAccountSchema]);
export type SetupRequest = z.infer<typeof setupRequestSchema>;

/** The administrator the link made. */
export const setupResponseSchema = successSchema(z.object({ user_id: z.number().int(), email: z.string() }));

/** POST operator/roles (the command line): grant or revoke a staff role. */
export const roleChangeRequestSchema = z.object({
  action: z.enum(['grant', 'revoke']),
  email: accountEmailSchema,
  role: z.enum(STAFF_ROLES),
  reason: z.string().max(500).optional(),
});
export type RoleChangeRequest = z.infer<typeof roleChangeRequestSchema>;

export const roleChangeResponseSchema = successSchema(
  z.object({ user_id: z.number().int(), roles: z.array(z.enum(STAFF_ROLES)), changed: z.boolean() }),
);
