import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { PERMISSIONS_POLICY } from '@scholars/shared-contracts/schemas';

/**
 * The headers `helmet` sets with `options`, computed once. They do not depend on the request (no
 * CSP nonces), so every answer gets the same set; @fastify/helmet rebuilt the helmet middleware
 * (parsing the CSP directives again) on every request, about a tenth of the API's time on a cached
 * read (issue 6).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Headers that only act on a document the browser renders (HTML, an SVG or a PDF opened as a
 * page): DNS prefetching of its links, IE's "open" of downloads, Flash/PDF cross-domain policy
 * files, the retired XSS auditor, origin-keyed agent clusters and the browsing-context group of a
 * top-level page. A JSON answer read by `fetch` is no document, so JSON answers go without them.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'origin-agent-cluster',
  'cross-origin-opener-policy',
] as const;

/**
 * The CSP of JSON answers: nothing may load (`default-src 'none'`: a JSON answer loads nothing,
 * and were it ever rendered nothing in it could run or fetch) and the framing rule of every other
 * answer (FRAME_ANCESTORS), so X-Frame-Options keeps agreeing with it and what may frame the
 * API's answers does not change.
 */
export const jsonCsp = (frameAncestors: readonly string[]) => `default-src 'none'; frame-ancestors ${frameAncestors.join(' ')}`;

const isJson = (type: string | number | string[]) => typeof type === 'string' && type.startsWith('application/json');

/**
 * Security headers on every answer: a strict CSP (no inline script, `object-src 'none'`,
 * `base-uri 'none'`, `frame-ancestors` from FRAME_ANCESTORS), nosniff, `Referrer-Policy:
 * no-referrer` (stricter than strict-origin-when-cross-origin). The docs page relaxes styles for
 * its own routes only (swagger.ts); /files answers get their own sandboxing CSP (static.ts).
 *
 * Two sets (issue 6): JSON answers (and answers without a body) get the headers that protect an
 * API answer (OWASP REST Security cheat sheet): a CSP that allows nothing to load
 * ({@link jsonCsp}), nosniff, Referrer-Policy, X-Frame-Options when it agrees with
 * frame-ancestors, Cross-Origin-Resource-Policy and Strict-Transport-Security. Every other answer
 * (the docs page, the local checkout page, the dev outbox, files, PDFs, citations) also gets the
 * six headers that only act on a document a browser renders ({@link DOCUMENT_ONLY_HEADERS}), the
 * site's Permissions-Policy and the document CSP above, unless its route set a CSP of its own;
 * when its CSP has frame-ancestors, that is its one framing rule and X-Frame-Options is dropped
 * (issue 16; a file whose sandbox CSP says nothing on framing keeps it). Each header a JSON answer
 * carries is paid per answer by the server and the client (README, Performance).
 */
export default fp(
  async (app) => {
    const frameAncestors = app.config.FRAME_ANCESTORS;
    const onlySelf = frameAncestors.length === 1 && frameAncestors[0] === "'self'";
    const none = frameAncestors.length === 1 && frameAncestors[0] === "'none'";
    const documentHeaders = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors,
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
      // X-Frame-Options cannot express a list of origins: only sent when it agrees with the CSP.
      xFrameOptions: onlySelf ? { action: 'sameorigin' } : none ? { action: 'deny' } : false,
    });
    const documentCsp = documentHeaders['content-security-policy']!;
    const apiCsp = jsonCsp(frameAncestors);
    const apiHeaders: Record<string, string> = { 'content-security-policy': apiCsp };
    const documentOnly: Record<string, string> = { 'permissions-policy': PERMISSIONS_POLICY };
    for (const [name, value] of Object.entries(documentHeaders)) {
      if (name === 'content-security-policy') continue;
      if ((DOCUMENT_ONLY_HEADERS as readonly string[]).includes(name)) documentOnly[name] = value;
      else apiHeaders[name] = value;
    }
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(apiHeaders);
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (type === undefined ? payload === undefined || payload === null || payload === '' : isJson(type)) return done(null, payload);
      reply.headers(documentOnly);
      // A route that set its own CSP (files, the docs page) keeps it.
      const csp = reply.getHeader('content-security-policy');
      if (csp === apiCsp) reply.header('content-security-policy', documentCsp);
      if (String(csp ?? '').includes('frame-ancestors')) reply.removeHeader('x-frame-options');
      done(null, payload);
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
