/**
 * The API's fuzz test (api/test/fuzz.test.ts) once more through the shell's origin: the real shell
 * server in front of the real API, both on 127.0.0.1, and a smaller share of the same generated
 * requests (api/test/fuzz-cases.ts) sent to the shell, with the same checks: below 500 (a proxy
 * failure is a 502/503/504), the envelope on a 4xx, an answer within 10 s, both servers alive after.
 *
 * It lives here because the API must not import front-end code (eslint.config.js); the shell's
 * server may start the API the way the API's tests do.
 */
// The API's ambient declarations (pdfkit has no types), which the shell's type-check does not include by
// itself: an ambient module file cannot be imported.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../api/src/lib/invoices/pdfkit.d.ts" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build, createUser, signIn, type TestApp } from '../../api/test/helper';
import { member } from '../../api/test/community-helpers';
import { fuzzAll, fuzzSettings, operationsOf, send, type Operation, type Tokens } from '../../api/test/fuzz-cases';
import { buildShellServer } from './index';

// A fifth of the API run's cases: the point is the proxy's handling of the same hostile requests.
const settings = (() => {
  const api = fuzzSettings(2_500);
  return { ...api, totalRuns: Math.ceil(api.totalRuns / 5) };
})();

describe('fuzz through the shell origin', () => {
  let api: TestApp;
  let shell: FastifyInstance;
  let shellOrigin = '';
  let apiOrigin = '';
  let operations: Operation[] = [];
  let tokens: Tokens;

  beforeAll(async () => {
    api = await build();
    await api.listen({ port: 0, host: '127.0.0.1' });
    apiOrigin = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
    const admin = await createUser(api, { role: 'admin' });
    tokens = { member: (await member(api)).token, admin: await signIn(api, admin) };
    operations = operationsOf(api.swagger());

    const dir = mkdtempSync(path.join(tmpdir(), 'shell-fuzz-'));
    const dist = path.join(dir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>');
    const manifestFile = path.join(dir, 'remotes.json');
    writeFileSync(manifestFile, JSON.stringify({ remotes: [] }));
    shell = await buildShellServer({ distDir: dist, apiUrl: apiOrigin, manifest: { file: manifestFile } });
    await shell.listen({ port: 0, host: '127.0.0.1' });
    shellOrigin = `http://127.0.0.1:${(shell.server.address() as { port: number }).port}`;
  }, 120_000);
  afterAll(async () => {
    await shell?.close();
    await api?.cleanup();
  }, 60_000);

  it(
    `answers every generated request below 500, with the envelope on errors, in time (${settings.totalRuns} cases, seed ${settings.baseSeed})`,
    async () => {
      const failures = await fuzzAll(shellOrigin, operations, tokens, settings);
      expect(failures, `fuzz through the shell, seed ${settings.baseSeed}:\n\n${failures.join('\n\n')}`).toEqual([]);

      for (const origin of [shellOrigin, apiOrigin]) {
        const health = await send(origin, { method: 'GET', url: '/api/health', headers: {}, as: 'visitor' }, tokens);
        expect(health.status, origin).toBe(200);
      }
    },
    Math.max(600_000, settings.totalRuns * 400),
  );
});
