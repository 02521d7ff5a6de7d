import { obtainCaptcha } from '@scholars/shared-contracts';

/**
 * Adds the self-hosted proof-of-work captcha (ALTCHA, solved in the browser, no badge: spec 9)
 * to a payload. The solver lives in shared-contracts so every form uses the same one.
 */
export async function withCaptcha<T extends object>(payload: T): Promise<T & { captcha: string }> {
  return { ...payload, captcha: await obtainCaptcha() };
}
