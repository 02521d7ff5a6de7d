/**
 * The student's supervisor on the research form, through the real `apiClient` against a real HTTP
 * server answering like the API: none -> named by e-mail -> pending with "remind" disabled until
 * the API allows it; accepted shows the name.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import { startTestApiServer, type TestApiServer } from '@scholars/shared-contracts/testing/api-server';
import type { SupervisionMine } from '@scholars/shared-contracts/schemas';
import { registerTranslations } from '../i18n';
import { SupervisorPanel } from './SupervisorPanel';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let api: TestApiServer;
let container: HTMLDivElement;
let root: Root;
const $ = <T extends Element = HTMLElement>(selector: string) => container.querySelector<T>(selector);

beforeAll(async () => {
  api = await startTestApiServer();
  ensureI18n(i18next, 'en');
  registerTranslations();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const later = new Date(Date.now() + 20 * 3_600_000).toISOString();
const pending: SupervisionMine = {
  supervisor: null,
  invitation: { email: 'prof@uni.example', state: 'pending', sent_at: new Date().toISOString(), reminded_at: null, remind_available_at: later },
};

describe('SupervisorPanel', () => {
  it('names a supervisor by e-mail, then shows whom it waits for, remind disabled until allowed', async () => {
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    api.answers.set('GET /api/supervision/mine', { status: 200, body: { status: true, data: { supervisor: null, invitation: null } } });
    api.answers.set('POST /api/supervision/mine', { status: 200, body: { status: true, msg: 'Invitation sent.', data: pending } });
    await act(async () => root.render(<SupervisorPanel />));
    await expect.poll(() => $('[data-testid="supervisor-email"]')).not.toBeNull();
    await act(async () => {
      const input = $<HTMLInputElement>('[data-testid="supervisor-email"]')!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'prof@uni.example');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => $<HTMLButtonElement>('[data-testid="supervisor-send"]')!.click());
    await expect.poll(() => $('[data-testid="supervisor-pending"]')?.textContent).toContain('Waiting for prof@uni.example to accept');
    expect(JSON.parse(api.seen.find((request) => request.method === 'POST')!.body)).toEqual({ email: 'prof@uni.example' });
    expect($('[data-testid="supervisor-message"]')?.textContent).toBe('Invitation sent.');
    expect($<HTMLButtonElement>('[data-testid="supervisor-remind"]')!.disabled).toBe(true);
    // "Name someone else" brings the field back.
    await act(async () => $<HTMLButtonElement>('[data-testid="supervisor-change"]')!.click());
    expect($('[data-testid="supervisor-email"]')).not.toBeNull();
  });

  it('shows the accepted supervisor, in Arabic', async () => {
    await act(async () => {
      await i18next.changeLanguage('ar');
    });
    api.answers.set('GET /api/supervision/mine', { status: 200, body: { status: true, data: { supervisor: { id: 4, name: 'د. ليلى', email: 'l@uni.example' }, invitation: null } } });
    await act(async () => root.render(<SupervisorPanel />));
    await expect.poll(() => $('[data-testid="supervisor-accepted"]')?.textContent).toBe('مشرفك: د. ليلى');
  });
});
