/**
 * ALTCHA proof-of-work captcha (altcha-lib v2), with no widget and no badge (spec 9: "a captcha
 * loads with its badge hidden"): the browser fetches a challenge (`GET /api/captcha/challenge`),
 * solves it with altcha-lib (`obtainCaptcha()` in shared-contracts/src/http/captcha.ts) and sends
 * the payload as the form's `captcha` field: base64 of JSON `{ challenge, solution }`.
 *
 * The server checks: the HMAC signature of the challenge (CAPTCHA_HMAC_KEY), its expiry
 * (10 minutes), the solution (through the signed key, deterministic mode), and single use: the
 * challenge signature is recorded in `captcha_uses` until it expires, in the database, so a
 * payload is accepted once across every API process.
 *
 * Work: PBKDF2/SHA-256, 200 iterations per try, the answer hidden among 1 000-4 000 tries (a
 * fraction of a second to a second in a browser).
 */
import { createHmac, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { captchaUses } from '../db/schema';

export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
export const CAPTCHA_COST = 200;
export const CAPTCHA_COUNTER_MIN = 1_000;
export const CAPTCHA_COUNTER_MAX = 4_000;
/** A challenge must be solved and used within this time. */
export const CAPTCHA_TTL_SECONDS = 10 * 60;

export type CaptchaFailure = 'malformed' | 'expired' | 'invalid' | 'replayed';
export type CaptchaResult = { ok: true } | { ok: false; reason: CaptchaFailure };

export interface CaptchaService {
  /** A new signed challenge. */
  challenge(): Promise<Challenge>;
  /** Checks a payload and marks it used (a second check of the same payload fails: 'replayed'). */
  verify(payload: string | undefined | null): Promise<CaptchaResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaService;
  }
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(CAPTCHA_ALGORITHM),
        nonce: z.string().regex(/^[0-9a-f]{2,128}$/),
        salt: z.string().regex(/^[0-9a-f]{2,128}$/),
        cost: z.number().int().positive().max(100_000),
        keyLength: z.number().int().positive().max(64),
        keyPrefix: z.string().max(128),
        expiresAt: z.number(),
      })
      .loose(),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().max(256),
    time: z.number().optional(),
  }),
});

/** Decodes the form's `captcha` string (base64 or plain JSON). */
export function decodeCaptchaPayload(value: string): z.infer<typeof payloadSchema> | undefined {
  const text = value.trim();
  let json: unknown;
  try {
    json = JSON.parse(text.startsWith('{') ? text : Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = payloadSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** Encodes `{ challenge, solution }` the way the browser sends it. */
export function encodeCaptchaPayload(challenge: Challenge, solution: { counter: number; derivedKey: string; time?: number }): string {
  return Buffer.from(JSON.stringify({ challenge, solution }), 'utf8').toString('base64');
}

/** `app.captcha` (challenge, verify) keyed by CAPTCHA_HMAC_KEY (random per process when unset, outside production). */
export default fp(
  async (app) => {
    const key = app.config.CAPTCHA_HMAC_KEY ?? randomBytes(32).toString('hex');
    if (!app.config.CAPTCHA_HMAC_KEY && app.config.NODE_ENV !== 'test') {
      app.log.warn('CAPTCHA_HMAC_KEY is not set: captcha challenges will not survive a restart or be shared between processes');
    }
    const signatureSecret = createHmac('sha256', key).update('altcha:challenge').digest('hex');
    const keySignatureSecret = createHmac('sha256', key).update('altcha:key').digest('hex');

    const service: CaptchaService = {
      challenge() {
        return createChallenge({
          algorithm: CAPTCHA_ALGORITHM,
          cost: CAPTCHA_COST,
          counter: randomInt(CAPTCHA_COUNTER_MIN, CAPTCHA_COUNTER_MAX),
          deriveKey,
          expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
          hmacSignatureSecret: signatureSecret,
          hmacKeySignatureSecret: keySignatureSecret,
        });
      },
      async verify(value) {
        if (typeof value !== 'string' || value.length === 0 || value.length > 8000) return { ok: false, reason: 'malformed' };
        const payload = decodeCaptchaPayload(value);
        if (!payload) return { ok: false, reason: 'malformed' };
        let result;
        try {
          result = await verifySolution({
            challenge: payload.challenge as Challenge,
            solution: payload.solution,
            deriveKey,
            hmacSignatureSecret: signatureSecret,
            hmacKeySignatureSecret: keySignatureSecret,
          });
        } catch {
          return { ok: false, reason: 'malformed' };
        }
        if (result.expired) return { ok: false, reason: 'expired' };
        if (!result.verified) return { ok: false, reason: 'invalid' };
        // Single use: the first insert of this challenge's signature wins.
        const inserted = await app.db
          .insert(captchaUses)
          .values({
            signature: payload.challenge.signature,
            expiresAt: new Date(payload.challenge.parameters.expiresAt * 1000 + 60_000),
          })
          .onConflictDoNothing()
          .returning({ signature: captchaUses.signature });
        if (inserted.length === 0) return { ok: false, reason: 'replayed' };
        return { ok: true };
      },
    };
    app.decorate('captcha', service);
  },
  { name: 'captcha', dependencies: ['config', 'db'] },
);
