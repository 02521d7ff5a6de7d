import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LazyChildLogger, lazyChildLoggerFactory, requestIdGenerator } from '../src/lib/request-logger';

/** A Fastify app with the API's request logging options and the lines it writes. */
function appWithLines(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const app = Fastify({ logger: { level, stream }, genReqId: requestIdGenerator(), childLoggerFactory: lazyChildLoggerFactory });
  const made: boolean[] = [];
  app.get('/quiet', async (request) => {
    request.log.debug('not at this level');
    made.push(request.log instanceof LazyChildLogger && request.log.isMade);
    return { ok: true };
  });
  app.get('/warns', async (request) => {
    request.log.warn({ detail: 1 }, 'something to look at');
    made.push(request.log instanceof LazyChildLogger && request.log.isMade);
    return { ok: true };
  });
  app.get('/chatty', { logLevel: 'debug' }, async (request) => {
    request.log.debug('a route of its own level');
    return { ok: true };
  });
  return { app, lines, made };
}

describe('request logging (lib/request-logger.ts)', () => {
  it('a request that writes nothing makes no child logger; one that writes gets its lines with its request id', async () => {
    const { app, lines, made } = appWithLines('warn');
    const quiet = await app.inject({ method: 'GET', url: '/quiet' });
    const first = await app.inject({ method: 'GET', url: '/warns' });
    const second = await app.inject({ method: 'GET', url: '/warns' });
    expect([quiet.statusCode, first.statusCode, second.statusCode]).toEqual([200, 200, 200]);
    expect(made).toEqual([false, true, true]);
    expect(lines.map((line) => line.msg)).toEqual(['something to look at', 'something to look at']);
    expect(lines[0]).toMatchObject({ level: 40, detail: 1 });
    const ids = lines.map((line) => line.reqId);
    expect(ids.every((id) => typeof id === 'string' && /^[\w-]+-[0-9a-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(2);
    await app.close();
  });

  it("a route's own log level is honoured (its child is made at once, as Fastify makes it)", async () => {
    const { app, lines } = appWithLines('warn');
    await app.inject({ method: 'GET', url: '/chatty' });
    await app.inject({ method: 'GET', url: '/quiet' });
    // Fastify's own request lines (info) are written for that route only.
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'a route of its own level', 'request completed']);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
    await app.close();
  });

  it("Fastify's own request lines carry the request id at info", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        callback();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, genReqId: requestIdGenerator(), childLoggerFactory: lazyChildLoggerFactory });
    app.get('/', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/' });
    const requestLines = lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]!.reqId).toBe(requestLines[1]!.reqId);
    await app.close();
  });

  it('request ids of two processes do not collide (a random prefix each)', () => {
    const one = requestIdGenerator();
    const other = requestIdGenerator();
    const ids = new Set([one(), one(), other(), other()]);
    expect(ids.size).toBe(4);
  });
});
