/**
 * The conference requests' queue through the real `apiClient` against the test API server: it asks
 * for pending requests by default and puts its filters in the query; a request for changes needs a
 * note before any call; an approval shows the server's message, the new state and, to an
 * administrator, the way to the draft conference.
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { translateMessage } from '@scholars/shared-contracts/schemas';
import { pendingRequestFixture } from '../../test/conference-request-fixture';
import { $, click, render, setUp, tearDown, type, waitFor } from '../../test/harness';
import { ConferenceRequestsQueue } from './ConferenceRequestsQueue';

const pending = pendingRequestFixture;

const api = testApiServerPerFile();
const seen = (method: string, path: string) => api.seen.filter((request) => request.method === method && request.path === path);

async function open(search = '') {
  api.answers.set('GET /api/conference-requests', { status: 200, body: { status: true, data: [pending], tot: 1 } });
  await render(
    <MemoryRouter initialEntries={[`/admin/conference-requests${search}`]}>
      <Routes>
        <Route path="/admin/conference-requests" element={<ConferenceRequestsQueue />} />
      </Routes>
    </MemoryRouter>,
  );
  await waitFor(() => $('[data-testid="request-item"]'));
}

beforeEach(async () => {
  await setUp('ar');
});
afterEach(tearDown);

describe('console: conference requests', { timeout: 30_000 }, () => {
  it('asks for pending requests by default, with the search of the address', async () => {
    await open('?q=%D8%AA%D8%AD%D9%84%D9%8A%D9%84%D8%A7%D8%AA');
    const query = new URLSearchParams(seen('GET', '/api/conference-requests')[0]!.query);
    expect(Object.fromEntries(query)).toEqual({ status: 'pending', q: 'تحليلات', page: '1', limit: '20' });
    expect($('[data-testid="request-status"]')?.textContent).toBe('قيد المراجعة');
  });

  it('marks a request changed after it was sent back, with what was asked', async () => {
    api.answers.set('GET /api/conference-requests', {
      status: 200,
      body: {
        status: true,
        data: [{ ...pending, review_note: 'حدّد القاعة بدقة.', reviewed_at: '2031-01-03T08:00:00.000Z', updated_at: '2031-01-05T08:00:00.000Z' }],
        tot: 1,
      },
    });
    await render(
      <MemoryRouter initialEntries={['/admin/conference-requests']}>
        <Routes>
          <Route path="/admin/conference-requests" element={<ConferenceRequestsQueue />} />
        </Routes>
      </MemoryRouter>,
    );
    const marker = await waitFor(() => $('[data-testid="request-resubmitted"]')!);
    expect(marker.textContent).toContain('عدّله مقدّم الطلب في');
    expect(marker.querySelector('bdi')?.textContent).toBe('حدّد القاعة بدقة.');
    // Still a pending request to decide.
    expect($('[data-testid="request-decision"]')).not.toBeNull();
  });

  it('needs a note to ask for changes, before any call', async () => {
    await open();
    await click($('[data-testid="request-ask-changes"]'));
    expect($('[data-testid="request-note-error"]')?.textContent).toBe(translateMessage('ar', 'validation.conferenceRequestNoteRequired'));
    expect(seen('PUT', '/api/conference-requests/31/decision')).toHaveLength(0);
  });

  it('asks once more before a rejection, which is final; going back sends nothing', async () => {
    await open();
    await type($('[data-testid="request-note"]'), 'خارج نطاق المنصة');
    await click($('[data-testid="request-reject"]'));
    const dialog = await waitFor(() => $('[data-testid="request-reject-dialog"]')!);
    expect(dialog.textContent).toContain('هذا القرار نهائي');
    expect(dialog.textContent).toContain('يوم تحليلات التعلم');
    expect(seen('PUT', '/api/conference-requests/31/decision')).toHaveLength(0);
    await click([...dialog.querySelectorAll('button')].find((button) => button.textContent === 'رجوع')!);
    expect($('[data-testid="request-reject-dialog"]')).toBeNull();
    expect(seen('PUT', '/api/conference-requests/31/decision')).toHaveLength(0);

    const rejected = { ...pending, status: 'rejected', review_note: 'خارج نطاق المنصة', reviewed_at: '2031-01-03T08:00:00.000Z', updated_at: '2031-01-03T08:00:00.000Z' };
    api.answers.set('PUT /api/conference-requests/31/decision', { status: 200, body: { status: true, msg: translateMessage('ar', 'success.conferenceRequestDecided'), data: rejected } });
    await click($('[data-testid="request-reject"]'));
    await click(await waitFor(() => $('[data-testid="request-reject-dialog-confirm"]')!));
    await waitFor(() => $('[data-testid="request-message"]'));
    expect(JSON.parse(seen('PUT', '/api/conference-requests/31/decision')[0]!.body)).toEqual({ status: 'rejected', reason: 'خارج نطاق المنصة' });
    expect($('[data-testid="request-status"]')?.textContent).toBe('مرفوض');
  });

  it('approves: the server’s message, the new state, and the draft conference for an administrator', async () => {
    tokenStore.getState().setSession({ accessToken: 'token', user: { id: 4, name: 'Admin', email: 'a@example.ae', role: 'admin', roles: ['admin'] } as never });
    await open();
    const approved = { ...pending, status: 'approved', conference_id: 77, reviewed_at: '2031-01-03T08:00:00.000Z', updated_at: '2031-01-03T08:00:00.000Z' };
    api.answers.set('PUT /api/conference-requests/31/decision', { status: 200, body: { status: true, msg: translateMessage('ar', 'success.conferenceRequestApproved'), data: approved } });
    await type($('[data-testid="request-note"]'), 'موافقة');
    await click($('[data-testid="request-approve"]'));
    await waitFor(() => $('[data-testid="request-message"]'));
    expect($('[data-testid="request-message"]')?.textContent).toBe(translateMessage('ar', 'success.conferenceRequestApproved'));
    expect(JSON.parse(seen('PUT', '/api/conference-requests/31/decision')[0]!.body)).toEqual({ status: 'approved', reason: 'موافقة' });
    expect($('[data-testid="request-status"]')?.textContent).toBe('مقبول');
    expect($('[data-testid="request-decision"]')).toBeNull();
    expect($('[data-testid="request-open-conference"]')?.getAttribute('href')).toBe('/admin/conferences/77');
  });
});
