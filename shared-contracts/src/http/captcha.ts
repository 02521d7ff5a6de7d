/**
 * The captcha of the public forms (sign-up, contact, newsletter): an ALTCHA proof of work solved
 * in the browser, with no widget and no badge (spec 9: "a captcha loads with its badge hidden").
 *
 *   const captcha = await obtainCaptcha();            // on submit, after the form's own checks
 *   await apiClient.post('auth/register', { ...form, captcha });
 *
 * It fetches a signed challenge (`GET captcha/challenge`, silent: no loader, no toast), finds the
 * answer with altcha-lib (WebCrypto PBKDF2, typically well under a second) and returns the string
 * the API expects in the `captcha` field: base64 of JSON `{ challenge, solution }`. A challenge
 * is good for one submission within 10 minutes: call this again for every submission.
 */
import type { AxiosInstance } from 'axios';
import type { Challenge } from 'altcha-lib';
import { apiClient } from './api-client';
import { ApiError, type ApiEnvelope } from './api-error';
import { CAPTCHA_CHALLENGE_PATH } from './defaults';


export interface ObtainCaptchaOptions {
  /** Stops solving (e.g. the form was left). */
  signal?: AbortSignal;
  /** Give up after this many milliseconds (default 60 000). */
  timeout?: number;
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Fetches a challenge and solves it; resolves with the `captcha` field value. */
export async function obtainCaptcha(client: Pick<AxiosInstance, 'get'> = apiClient, options: ObtainCaptchaOptions = {}): Promise<string> {
  // The solver is needed on submit only: fetched then, alongside the challenge, not with every page.
  const solver = Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
  // A challenge that fails below must not leave this load's failure unhandled.
  solver.catch(() => undefined);
  const response = await client.get<ApiEnvelope<Challenge>>(CAPTCHA_CHALLENGE_PATH, {
    silent: true,
    errorToast: false,
    signal: options.signal,
  });
  const challenge = response.data?.data;
  if (!response.data?.status || !challenge?.parameters || !challenge.signature) {
    throw new ApiError(response.data?.msg ?? 'captcha challenge unavailable', {
      kind: 'rejected',
      status: response.status,
      msg: response.data?.msg,
      data: response.data,
    });
  }
  const controller = new AbortController();
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    const [{ solveChallenge }, { deriveKey }] = await solver;
    const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: options.timeout ?? 60_000 });
    if (!solution) {
      throw new ApiError(options.signal?.aborted ? 'canceled' : 'captcha not solved in time', {
        kind: options.signal?.aborted ? 'canceled' : 'timeout',
        status: 0,
      });
    }
    return toBase64(JSON.stringify({ challenge, solution }));
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
}
