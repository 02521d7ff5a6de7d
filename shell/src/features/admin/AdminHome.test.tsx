/**
 * The console's home: a card per screen the account's roles open, with what waits there for them
 * (`GET admin/waiting`, through the real API client against the shared test API server); without
 * that answer, the cards alone.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n, tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { renderRootPerTest } from '@scholars/shared-contracts/testing/render-root';
import { addPageTexts } from '../../i18n/page-texts';
import { addStartTexts } from '../../i18n/start-texts';
import { AdminHome } from './AdminHome';

const { render, $, $$ } = renderRootPerTest();
const api = testApiServerPerFile();

beforeEach(async () => {
  ensureI18n(i18next, 'ar');
  addStartTexts(i18next);
  addPageTexts(i18next);
  await i18next.changeLanguage('ar');
  act(() => tokenStore.getState().setSession({ accessToken: 'token', user: { id: 7, name: 'هدى', email: 'huda@example.ae', role: 'reviewer', roles: ['reviewer'] } }));
});
afterEach(() => act(() => tokenStore.getState().clear()));

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
};

describe('console home', () => {
  it('shows on each card what waits there, in Arabic; nothing on a card with nothing waiting', async () => {
    api.answers.set('GET /api/admin/waiting', { status: 200, body: { status: true, data: { adminReview: 3, adminModeration: 0, adminConferenceRequests: 1 } } });
    await render(<MemoryRouter><AdminHome /></MemoryRouter>);
    await until(() => $('[data-testid="admin-waiting-adminReview"]') !== null);
    expect($('[data-testid="admin-waiting-adminReview"]')?.textContent).toBe('بانتظارك: 3');
    expect($('[data-testid="admin-waiting-adminConferenceRequests"]')?.textContent).toBe('بانتظارك: 1');
    expect($('[data-testid="admin-waiting-adminModeration"]')).toBeNull();
    expect(api.seen.filter((request) => request.path === '/api/admin/waiting')).toHaveLength(1);
  });

  it('shows the cards alone when the counts cannot be read', async () => {
    await render(<MemoryRouter><AdminHome /></MemoryRouter>);
    await until(() => api.seen.length > 0);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect($$('[data-testid^="admin-entry-"]').length).toBeGreaterThan(1);
    expect($$('[data-testid^="admin-waiting-"]')).toEqual([]);
  });
});
