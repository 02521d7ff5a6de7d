/**
 * The contact form's failure line shows the server's message (spec 8): after too many messages
 * the API answers 429 with a localized `msg` saying how long to wait, and the form shows it
 * rather than a generic "try again". A real HTTP server on 127.0.0.1 stands in for the API (a
 * real ALTCHA challenge, solved by the form, then the 429 envelope).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act } from 'react';
import i18next from 'i18next';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureApi, ensureI18n } from '@scholars/shared-contracts';
import { renderRootPerTest, typeInto, waitFor } from '@scholars/shared-contracts/testing/render-root';
import { addPageTexts } from '../../i18n/page-texts';
import { addStartTexts } from '../../i18n/start-texts';
import { ContactForm } from './ContactForm';

const { render, $ } = renderRootPerTest();

const LIMITED = 'You have sent several messages already. Please try again in 58 minutes.';
let server: Server;
let posts = 0;

async function handle(req: IncomingMessage, res: ServerResponse) {
  // The page (jsdom) and this server are different origins.
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, POST', 'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '' });
    res.end();
    return;
  }
  for await (const chunk of req) void chunk;
  const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'Access-Control-Expose-Headers': 'Retry-After', ...headers });
    res.end(JSON.stringify(body));
  };
  const path = (req.url ?? '').replace(/\?.*$/, '');
  if (req.method === 'GET' && path === '/api/captcha/challenge') {
    const challenge = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 10, counter: 5, deriveKey, hmacSignatureSecret: 'test-only' });
    return send(200, { status: true, data: challenge });
  }
  if (req.method === 'POST' && path === '/api/base/contact') {
    posts += 1;
    return send(429, { status: false, msg: LIMITED, err: 429 }, { 'Retry-After': '3480' });
  }
  send(404, { status: false, msg: 'Not found', err: 404 });
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApi({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` });
  ensureI18n(i18next, 'en');
  addStartTexts(i18next);
  addPageTexts(i18next);
  await i18next.changeLanguage('en');
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('ContactForm', () => {
  it("shows the server's message when the API refuses with 429 (too many messages)", async () => {
    await render(<ContactForm />);
    const form = $<HTMLFormElement>('[data-testid="contact-form"]')!;
    await typeInto(form.querySelector('[name="full_name"]'), 'Omar Haddad');
    await typeInto(form.querySelector('[name="email"]'), 'omar@example.ae');
    await typeInto(form.querySelector('[name="phone"]'), '+971501234567');
    await typeInto(form.querySelector('[name="message"]'), 'When is the next conference?');
    await act(async () => form.requestSubmit());
    const error = await waitFor(() => $('[data-testid="contact-error"]'));
    expect(posts).toBe(1);
    expect(error.textContent).toBe(LIMITED);
  });
});
