/**
 * The lazy application client (api-client.ts) against a real HTTP server (node:http on 127.0.0.1):
 * calls wait for the axios implementation and then behave as it does, the configuration set before
 * or after it arrived reaches it, and what needs no call (getUri, defaults) answers at once, as
 * axios would.
 */
import axios from 'axios';
import { describe, expect, it } from 'vitest';
import { startTestApiServer, testApiServerPerFile } from '../testing/api-server';
import { recordBus } from '../testing';
import { eventBus } from '../events';
import { apiClient, apiUrl, configureApi } from './api-client';
import { isApiError } from './api-error';

const api = testApiServerPerFile();

describe('apiClient (implementation fetched on first use)', () => {
  it('answers what needs no call before any call, as axios would', () => {
    const reference = axios.create({ baseURL: '/api' });
    for (const config of [
      { url: 'conference/3/ics', params: { lang: 'ar' } },
      { url: '/conference/3/ics', params: { lang: 'en', skip: undefined } },
      { url: 'team' },
      { url: 'https://elsewhere.example/x', params: { a: 1 } },
    ]) {
      expect(apiClient.getUri({ ...config, baseURL: '/api' })).toBe(reference.getUri(config));
    }
    expect(apiClient.getUri({ url: 'conference/3/ics', params: { lang: 'en' } })).toBe(`${apiClient.defaults.baseURL}/conference/3/ics?lang=en`);
    expect(apiUrl('library/2/file')).toBe(`${apiClient.defaults.baseURL}/library/2/file`);
  });

  it('makes the call once its implementation is here, with the product semantics (envelope, toasts)', async () => {
    api.answers.set('GET /api/team', { status: 200, body: { status: true, data: [{ id: 1 }] } });
    api.answers.set('POST /api/newsletter-subscribers', { status: 200, body: { status: false, msg: 'Already subscribed' } });
    const bus = recordBus(eventBus);
    try {
      const [team, refused] = await Promise.all([
        apiClient.get('team', { silent: true }),
        apiClient.post('newsletter-subscribers', { email: 'a@b.ae' }, { silent: true }).then(
          () => undefined,
          (error: unknown) => error,
        ),
      ]);
      expect(team.data).toEqual({ status: true, data: [{ id: 1 }] });
      expect(isApiError(refused) && refused.kind === 'rejected' && refused.message).toBe('Already subscribed');
      expect(bus.of('toast')).toEqual([
        { kind: 'warning', title: 'Warning', message: 'Already subscribed' },
      ]);
    } finally {
      bus.stop();
    }
    expect(api.seen.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /api/team', 'POST /api/newsletter-subscribers']);
  });

  it('passes the base set after the implementation arrived on to it', async () => {
    await apiClient.preload();
    const other = await startTestApiServer();
    try {
      other.answers.set('GET /api/site-settings', { status: 200, body: { status: true, data: { email: 'x@y.ae' } } });
      const response = await apiClient.get('site-settings', { silent: true });
      expect(response.data.data).toEqual({ email: 'x@y.ae' });
      expect(other.seen).toHaveLength(1);
      expect(api.seen).toHaveLength(0);
    } finally {
      await other.close();
    }
    configureApi({ timeout: 5_000 });
    expect(apiClient.defaults.timeout).toBe(5_000);
    api.answers.set('GET /api/site-settings', { status: 200, body: { status: true, data: {} } });
    await apiClient.get('site-settings', { silent: true });
    expect(api.seen).toHaveLength(1);
    configureApi({ timeout: 60_000 });
  });
});
