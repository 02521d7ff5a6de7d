/**
 * The student's supervisor on the research form, through the real `apiClient` against a real HTTP
 * server answering like the API: none -> named by e-mail -> pending with "remind" disabled until
 * the API allows it; accepted shows the name.
 */
import { act } from 'react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { renderRootPerTest, typeInto, waitFor } from '@scholars/shared-contracts/testing/render-root';
import type { SupervisionMine } from '@scholars/shared-contracts/schemas';
import { registerTranslations } from '../i18n';
import { SupervisorPanel } from './SupervisorPanel';

const api = testApiServerPerFile();
const { render, $ } = renderRootPerTest();

beforeAll(async () => {
  ensureI18n(i18next, 'en');
  registerTranslations();
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
    await render(<SupervisorPanel />);
    await waitFor(() => expect($('[data-testid="supervisor-email"]')).not.toBeNull());
    await typeInto($('[data-testid="supervisor-email"]'), 'prof@uni.example');
    await act(async () => $<HTMLButtonElement>('[data-testid="supervisor-send"]')!.click());
    await waitFor(() => expect($('[data-testid="supervisor-pending"]')?.textContent).toContain('Waiting for prof@uni.example to accept'));
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
    await render(<SupervisorPanel />);
    await waitFor(() => expect($('[data-testid="supervisor-accepted"]')?.textContent).toBe('مشرفك: د. ليلى'));
  });
});
