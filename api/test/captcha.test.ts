/** The ALTCHA captcha: a signed, expiring challenge solved for real with altcha-lib's solver; expiry by a moved clock. */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeCaptchaPayload } from '../src/lib/captcha';
import { build, getJson, type TestApp } from './helper';

let app: TestApp;
beforeAll(async () => {
  app = await build();
});
afterAll(async () => {
  await app?.cleanup();
  vi.restoreAllMocks();
});

async function challenge(): Promise<Challenge> {
  const answer = await getJson(app, '/api/captcha/challenge');
  expect(answer.status).toBe(200);
  expect(answer.response.headers['cache-control']).toBe('no-store');
  return (answer.body as { data: Challenge }).data;
}

describe('captcha', () => {
  it('serves a signed PBKDF2 challenge that expires in about 10 minutes', async () => {
    const c = await challenge();
    expect(c.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
    const ttl = c.parameters.expiresAt! - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(9 * 60);
    expect(ttl).toBeLessThanOrEqual(10 * 60);
  });

  it('accepts a real solution once; refuses it replayed, expired, forged or malformed', async () => {
    const c = await challenge();
    const solution = (await solveChallenge({ challenge: c, deriveKey }))!;
    const payload = encodeCaptchaPayload(c, solution);
    expect(await app.captcha.verify(payload)).toEqual({ ok: true });
    expect(await app.captcha.verify(payload)).toEqual({ ok: false, reason: 'replayed' });

    const later = await challenge();
    const laterSolution = (await solveChallenge({ challenge: later, deriveKey }))!;
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 11 * 60_000);
    expect(await app.captcha.verify(encodeCaptchaPayload(later, laterSolution))).toEqual({ ok: false, reason: 'expired' });
    clock.mockRestore();

    const forged = structuredClone(later);
    forged.parameters.keyPrefix = '00';
    expect((await app.captcha.verify(encodeCaptchaPayload(forged, laterSolution))).ok).toBe(false);
    expect(await app.captcha.verify('not base64 json')).toEqual({ ok: false, reason: 'malformed' });
    expect(await app.captcha.verify('')).toEqual({ ok: false, reason: 'malformed' });
    // Still good within its time, and only once.
    expect(await app.captcha.verify(encodeCaptchaPayload(later, laterSolution))).toEqual({ ok: true });
  });
});
