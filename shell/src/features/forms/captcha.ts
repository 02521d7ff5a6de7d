import * as contracts from '@scholars/shared-contracts';

type CaptchaSolver = (client?: unknown) => Promise<string>;

/**
 * Adds the self-hosted proof-of-work captcha (ALTCHA, solved in the browser, no badge: spec 9)
 * to a payload. The solver lives in shared-contracts so every form uses the same one.
 */
export async function withCaptcha<T extends object>(payload: T): Promise<T & { captcha: string }> {
  const solve = (contracts as unknown as { obtainCaptcha?: CaptchaSolver }).obtainCaptcha;
  if (!solve) throw new Error('The captcha solver is not available');
  return { ...payload, captcha: await solve() };
}
