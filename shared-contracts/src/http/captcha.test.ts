// @vitest-environment node
/**
 * obtainCaptcha against a real HTTP server that serves real ALTCHA challenges (altcha-lib on the
 * "server" side); the returned payload is checked with altcha-lib's verifySolution.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../events/bus';
import type { EventMap } from '../events/types';
import { createTokenStore } from '../auth/token-store';
import { createMemoryStorage } from '../testing';
import { createApiClient } from './client';
import { obtainCaptcha } from './captcha';

const SECRET = 'test-secret-test-secret-test-secret';
let server: Server;
let base = '';
let issued: Challenge | undefined;
let failing = false;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    if (req.url === '/api/captcha/challenge' && !failing) {
      issued = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 50,
        counter: 300,
        deriveKey,
        expiresAt: new Date(Date.now() + 600_000),
        hmacSignatureSecret: SECRET,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: true, data: issued }));
      return;
    }
    res.writeHead(failing ? 429 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: false, msg: 'Too many requests', err: 429 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () =>
  createApiClient({
    baseURL: base,
    bus: createEventBus<EventMap>(),
    store: createTokenStore(createMemoryStorage(), { bus: null }),
    getLocale: () => 'en',
  });

describe('obtainCaptcha', () => {
  it('fetches a challenge, solves it and returns the payload the API verifies', async () => {
    const payload = await obtainCaptcha(client());
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { challenge: Challenge; solution: { counter: number; derivedKey: string } };
    expect(decoded.challenge).toEqual(issued);
    expect(decoded.solution.counter).toBe(300);
    const result = await verifySolution({ challenge: decoded.challenge, solution: decoded.solution, deriveKey, hmacSignatureSecret: SECRET });
    expect(result.verified).toBe(true);
  });

  it('rejects when no challenge is served', async () => {
    failing = true;
    try {
      await expect(obtainCaptcha(client())).rejects.toMatchObject({ kind: 'rejected', status: 429, msg: 'Too many requests' });
    } finally {
      failing = false;
    }
  });
});
