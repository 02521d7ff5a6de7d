/**
 * Property-based fuzz test of the whole API, generated from its OpenAPI document (issue 16): for
 * every operation, hostile path and query values, JSON bodies built from the operation's schema,
 * raw non-JSON bodies, wrong content types and malformed multipart (api/test/fuzz-cases.ts), sent
 * over real HTTP to the real app on 127.0.0.1, half of them as a subscribed member, some as an
 * administrator. Every answer is below 500, a 4xx is the error envelope, nothing goes unanswered
 * for 10 s, and the server still answers /api/health afterwards.
 *
 * CI runs a fixed seed; `npm run fuzz` runs 20000 cases from a new seed. To replay a failure, use
 * the FUZZ_SEED, FUZZ_OP and FUZZ_PATH the report prints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createUser, signIn, type TestApp } from './helper';
import { member } from './community-helpers';
import { fuzzAll, fuzzSettings, operationsOf, send, stats, type Operation, type Tokens } from './fuzz-cases';

const settings = fuzzSettings(2_500);

describe('fuzz: every operation of the OpenAPI document', () => {
  let app: TestApp;
  let origin = '';
  let operations: Operation[] = [];
  let tokens: Tokens;

  beforeAll(async () => {
    app = await build();
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const admin = await createUser(app, { role: 'admin' });
    tokens = { member: (await member(app)).token, admin: await signIn(app, admin) };
    operations = operationsOf(app.swagger());
  });
  afterAll(async () => {
    await app?.cleanup();
  });

  it('the document lists the operations (the fuzz covers them all)', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.some((op) => op.bodies['multipart/form-data'])).toBe(true);
  });

  it(
    `answers every generated request below 500, with the envelope on errors, in time (${settings.totalRuns} cases, seed ${settings.baseSeed})`,
    async () => {
      const started = Date.now();
      const failures = await fuzzAll(origin, operations, tokens, settings);
      if (process.env.FUZZ_RUNS) console.log(`fuzz: ${settings.totalRuns} cases, seed ${settings.baseSeed}, ${Math.round((Date.now() - started) / 1000)} s`);
      if (stats) console.log([...stats].sort().map(([key, count]) => `${key}: ${count}`).join('\n'));
      expect(failures, `fuzz seed ${settings.baseSeed}:\n\n${failures.join('\n\n')}`).toEqual([]);

      const health = await send(origin, { method: 'GET', url: '/api/health', headers: {}, as: 'visitor' }, tokens);
      expect(health.status).toBe(200);
    },
    Math.max(600_000, settings.totalRuns * 200),
  );
});
