/**
 * Payment settings from the environment (read when the payments plugin starts):
 *
 * - `STRIPE_SECRET_KEY` + `STRIPE_WEBHOOK_SECRET`: both set -> Stripe Checkout is the provider.
 *   One without the other stops the start (a half-configured Stripe would take money and never
 *   hear about it).
 * - `STRIPE_API_BASE`: another address for the Stripe API (a mock server in tests, stripe-mock).
 * - `LOCAL_PAYMENTS_SECRET`: signs the local checkout's events (at least 32 characters). Default:
 *   derived from COOKIE_SECRET, else random per process.
 * - `CHECKOUT_TTL_MINUTES`: how long a local checkout page stays open (default 1440, Stripe's 24 h).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { issueParams, translateMessage } from '@scholars/shared-contracts/schemas';

const schema = z
  .object({
    STRIPE_SECRET_KEY: z.string().trim().regex(/^(sk|rk)_(test|live)_\S+$/, 'expected sk_test_..., sk_live_... or a restricted key').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().trim().regex(/^whsec_\S+$/, 'expected whsec_...').optional(),
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    LOCAL_PAYMENTS_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    CHECKOUT_TTL_MINUTES: z.coerce.number().int().min(1).max(60 * 24 * 7).default(60 * 24),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together',
      });
    }
  });

export interface PaymentsConfig {
  provider: 'stripe' | 'local';
  stripe?: { secretKey: string; webhookSecret: string; apiBase?: URL };
  /** Signs and verifies the local checkout's events. */
  localSecret: string;
  checkoutTtlMs: number;
}

export class PaymentsConfigError extends Error {}

/**
 * Reads the payment settings; empty values count as unset. Throws PaymentsConfigError, also when
 * `nodeEnv` is production without Stripe: the local checkout is a simulator that takes no money.
 */
export function loadPaymentsConfig(env: Record<string, string | undefined>, cookieSecret?: string, nodeEnv?: string): PaymentsConfig {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new PaymentsConfigError(
      `Invalid configuration:\n${result.error.issues
        .map((issue) => `  - ${issue.path.join('.')}: ${translateMessage('en', issue.message, issueParams(issue as unknown as Record<string, unknown>))}`)
        .join('\n')}`,
    );
  }
  const data = result.data;
  if (nodeEnv === 'production' && !data.STRIPE_SECRET_KEY) {
    throw new PaymentsConfigError(
      'Invalid configuration:\n  - STRIPE_SECRET_KEY: is required when NODE_ENV=production (without it purchases go to the built-in payment simulator, which takes no money)',
    );
  }
  const localSecret =
    data.LOCAL_PAYMENTS_SECRET ??
    (cookieSecret
      ? createHmac('sha256', cookieSecret).update('scholars local payments webhook').digest('base64url')
      : randomBytes(32).toString('base64url'));
  return {
    provider: data.STRIPE_SECRET_KEY && data.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'local',
    stripe:
      data.STRIPE_SECRET_KEY && data.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: data.STRIPE_SECRET_KEY,
            webhookSecret: data.STRIPE_WEBHOOK_SECRET,
            apiBase: data.STRIPE_API_BASE ? new URL(data.STRIPE_API_BASE) : undefined,
          }
        : undefined,
    localSecret,
    checkoutTtlMs: data.CHECKOUT_TTL_MINUTES * 60_000,
  };
}
