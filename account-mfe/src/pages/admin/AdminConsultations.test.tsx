/**
 * The console's consultation screens through the real `apiClient` and `../../api/admin-consultations`
 * against the shared test API server (real HTTP; nothing of ours replaced): the filters live in the
 * address and reach the API (the consultants' queue first by default), a decision that needs a reason
 * sends nothing until it has one and shows the server's answer, an admin cancel and a hidden review
 * ask for their reason the same way.
 */
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { AdminConsultant, AdminConsultationRating } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, submit, tearDown, text, type, waitFor } from '../../test/harness';
import { AdminConsultants } from './AdminConsultants';
import { AdminConsultations, isOverdue, missingArrangementFields } from './AdminConsultations';
import { AdminConsultationRatings } from './AdminConsultationRatings';
import { consultationFixture } from '../../test/consultation-fixture';

const consultant: AdminConsultant = {
  id: 7,
  userId: 70,
  name: 'Dr. Huda Al Ali',
  email: 'huda@uni.example',
  categoryIds: [3],
  bio: 'أستاذة الذكاء الاصطناعي',
  bioEn: 'Professor of artificial intelligence',
  fields: [{ id: 3, name: 'الذكاء الاصطناعي', nameEn: 'Artificial intelligence' }],
  tags: ['تعلم الآلة'],
  tagsEn: ['Machine learning'],
  languages: ['ar', 'en'],
  timeZone: 'Asia/Dubai',
  sessionMinutes: 60,
  rating: { average: 4.5, count: 2 },
  sessions: 0,
  version: 1,
  status: 'pending',
  statusReason: null,
  availability: [{ weekday: 0, start: '09:00', end: '12:00' }],
  exceptions: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const session = consultationFixture(41, {
  state: 'requested',
  topic: 'Choosing a methodology',
  category: { id: 3, name: 'الذكاء الاصطناعي', nameEn: 'Artificial intelligence' },
  description: 'Mixed methods or not?',
  start: '2026-12-01T06:00:00.000Z',
  end: '2026-12-01T07:00:00.000Z',
  acceptBy: new Date(Date.now() + 3_600_000).toISOString(),
  createdAt: '2026-11-25T10:00:00.000Z',
});

const rating: AdminConsultationRating = {
  consultationId: 41,
  rating: 2,
  review: 'Not helpful at all',
  hidden: false,
  hiddenReason: null,
  consultant: { id: 7, name: 'Dr. Huda Al Ali' },
  member: { id: 90, name: 'Salem Member' },
  topic: 'Choosing a methodology',
  ratedAt: '2026-11-22T10:00:00.000Z',
};

const api = testApiServerPerFile();
const requests = (method: string, path: string) => api.seen.filter((request) => request.method === method && request.path === path);

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

async function open(path: string, element: ReactElement, pattern: string) {
  await render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={<>{element}<Address /></>} />
      </Routes>
    </MemoryRouter>,
  );
}
const address = () => $('[data-testid="address"]')?.textContent ?? '';

beforeEach(async () => {
  await setUp('en');
});
afterEach(tearDown);

describe('console: consultants', { timeout: 30_000 }, () => {
  beforeEach(() => {
    api.answers.set('GET /api/admin/consultants', { status: 200, body: { status: true, data: [consultant], tot: 1 } });
  });

  it('the status filter and the search go in the address and to the API, and come back from it', async () => {
    await open('/admin/consultants', <AdminConsultants />, '/admin/consultants');
    await waitFor(() => expect($('[data-testid="consultant-row"]')).not.toBeNull());
    expect(requests('GET', '/api/admin/consultants')[0]?.query).toBe('page=1&limit=20');
    await type($('[data-testid="consultants-status"]'), 'pending');
    await type($('[data-testid="consultants-q"]'), 'huda');
    await submit($('form[role="search"]'));
    await waitFor(() => expect(requests('GET', '/api/admin/consultants')).toHaveLength(2));
    expect(address()).toBe('/admin/consultants?q=huda&status=pending');
    expect(requests('GET', '/api/admin/consultants')[1]?.query).toBe('status=pending&search=huda&page=1&limit=20');
    expect(($('[data-testid="consultants-status"]') as HTMLSelectElement).value).toBe('pending');
    expect(($('[data-testid="consultants-q"]') as HTMLInputElement).value).toBe('huda');
  });

  it('shows both bios in their own language and direction, and the availability in the consultant’s zone', async () => {
    await open('/admin/consultants?open=7', <AdminConsultants />, '/admin/consultants');
    await waitFor(() => expect($('[data-testid="consultant-panel"]')).not.toBeNull());
    expect($('[data-testid="consultant-bio-ar"]')?.getAttribute('dir')).toBe('rtl');
    expect($('[data-testid="consultant-bio-ar"]')?.getAttribute('lang')).toBe('ar');
    expect($('[data-testid="consultant-bio-en"]')?.getAttribute('dir')).toBe('ltr');
    expect($('[data-testid="consultant-availability"]')?.textContent).toContain('Sunday: 09:00–12:00');
    expect($('[data-testid="consultant-availability"]')?.textContent).toContain('Gulf Standard Time');
    // A pending application: approve or reject only.
    expect($$('[data-testid="consultant-panel"] button[data-testid^="consultant-"]').map((button) => button.dataset.testid)).toEqual(['consultant-approve', 'consultant-reject']);
    expect($('[data-testid="consultant-suspend"]')).toBeNull();
  });

  it('a rejection sends nothing without its reason, then sends it and shows the server’s message', async () => {
    await open('/admin/consultants?open=7', <AdminConsultants />, '/admin/consultants');
    await waitFor(() => expect($('[data-testid="consultant-reject"]')).not.toBeNull());
    await click($('[data-testid="consultant-reject"]'));
    await click($('[data-testid="decision-dialog-confirm"]'));
    expect($('[data-testid="decision-reason-missing"]')?.textContent).toBe('Give the reason.');
    expect(requests('POST', '/api/admin/consultants/7/decision')).toEqual([]);
    api.answers.set('POST /api/admin/consultants/7/decision', { status: 200, body: { status: true, msg: 'The application was rejected.', data: { ...consultant, status: 'rejected' } } });
    await type($('[data-testid="decision-reason"]'), 'Please add your publications.');
    await click($('[data-testid="decision-dialog-confirm"]'));
    await waitFor(() => expect($('[data-testid="action-notice"]')?.textContent).toBe('The application was rejected.'));
    expect(JSON.parse(requests('POST', '/api/admin/consultants/7/decision')[0]!.body)).toEqual({ action: 'reject', reason: 'Please add your publications.' });
  });

  it('an approval needs no reason; a refusal shows the server’s localized message', async () => {
    await open('/admin/consultants?open=7', <AdminConsultants />, '/admin/consultants');
    await waitFor(() => expect($('[data-testid="consultant-approve"]')).not.toBeNull());
    await click($('[data-testid="consultant-approve"]'));
    expect($('[data-testid="decision-reason"]')).toBeNull();
    api.answers.set('POST /api/admin/consultants/7/decision', { status: 409, body: { status: false, err: 409, msg: 'This consultant was already decided.' } });
    await click($('[data-testid="decision-dialog-confirm"]'));
    await waitFor(() => expect($('[data-testid="action-notice"]')?.textContent).toBe('This consultant was already decided.'));
    expect(JSON.parse(requests('POST', '/api/admin/consultants/7/decision')[0]!.body)).toEqual({ action: 'approve' });
  });
});

describe('console: consultations', { timeout: 30_000 }, () => {
  beforeEach(() => {
    api.answers.set('GET /api/admin/consultations', { status: 200, body: { status: true, data: [session], tot: 1 } });
    api.answers.set('GET /api/consultations/41', { status: 200, body: { status: true, data: session } });
  });

  it('the overdue filter goes in the address and to the API; an overdue request is highlighted with its deadline', async () => {
    await open('/admin/consultations', <AdminConsultations />, '/admin/consultations');
    await waitFor(() => expect($('[data-testid="consultation-row"]')).not.toBeNull());
    expect($('[data-testid="consultation-row"]')?.dataset.overdue).toBe('true');
    expect($('[data-testid="consultation-deadline"]')?.textContent).toMatch(/^Accept by /);
    await click($('[data-testid="consultations-overdue"]'));
    await type($('[data-testid="consultations-state"]'), 'requested');
    await submit($('form[role="search"]'));
    await waitFor(() => expect(requests('GET', '/api/admin/consultations')).toHaveLength(2));
    expect(address()).toBe('/admin/consultations?state=requested&overdue=true');
    expect(requests('GET', '/api/admin/consultations')[1]?.query).toBe('state=requested&overdue=true&page=1&limit=20');
  });

  it('an admin cancel asks for the reason first and sends it', async () => {
    await open('/admin/consultations?open=41', <AdminConsultations />, '/admin/consultations');
    await waitFor(() => expect($('[data-testid="consultation-cancel"]')).not.toBeNull());
    await click($('[data-testid="consultation-cancel"]'));
    // The topic and the names are isolated: a name in the other script keeps its place in the sentence.
    const dialog = $('[data-testid="decision-dialog"]')!.textContent ?? '';
    expect(dialog).toContain(`\u2068${session.topic}\u2069`);
    expect(dialog).toContain(`\u2068${session.member.name}\u2069`);
    expect(dialog).toContain(`\u2068${session.consultant.name}\u2069`);
    await click($('[data-testid="decision-dialog-confirm"]'));
    expect($('[data-testid="decision-reason-missing"]')).not.toBeNull();
    expect(requests('POST', '/api/admin/consultations/41/cancel')).toEqual([]);
    api.answers.set('POST /api/admin/consultations/41/cancel', { status: 200, body: { status: true, msg: 'The session was canceled.', data: { ...session, state: 'canceled' } } });
    await type($('[data-testid="decision-reason"]'), 'The consultant is ill.');
    await click($('[data-testid="decision-dialog-confirm"]'));
    await waitFor(() => expect(text()).toContain('The session was canceled.'));
    expect(JSON.parse(requests('POST', '/api/admin/consultations/41/cancel')[0]!.body)).toEqual({ reason: 'The consultant is ill.' });
  });

  it('overdue: a request within 12 hours of its deadline or past it; never another state', () => {
    const now = Date.parse('2026-12-01T00:00:00Z');
    expect(isOverdue({ state: 'requested', acceptBy: '2026-12-01T11:00:00Z' }, now)).toBe(true);
    expect(isOverdue({ state: 'requested', acceptBy: '2026-11-30T11:00:00Z' }, now)).toBe(true);
    expect(isOverdue({ state: 'requested', acceptBy: '2026-12-01T13:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ state: 'accepted', acceptBy: '2026-11-30T11:00:00Z' }, now)).toBe(false);
  });

  it('an arrangement needs its fields, the place only on site', () => {
    const values = { memberEmail: 'm@x.example', consultantId: '7', date: '2026-12-01', time: '10:00', topic: 'T', categoryId: '3', language: 'en', mode: 'online', place: '', description: 'D' };
    expect(missingArrangementFields(values)).toEqual([]);
    expect(missingArrangementFields({ ...values, mode: 'onsite' })).toEqual(['place']);
    expect(missingArrangementFields({ ...values, topic: ' ' })).toEqual(['topic']);
  });
});

describe('console: consultation ratings', { timeout: 30_000 }, () => {
  it('hiding a review asks for the reason first and sends it', async () => {
    api.answers.set('GET /api/admin/consultation-ratings', { status: 200, body: { status: true, data: [rating], tot: 1 } });
    await open('/admin/consultation-ratings', <AdminConsultationRatings />, '/admin/consultation-ratings');
    await waitFor(() => expect($('[data-testid="rating-hide"]')).not.toBeNull());
    expect($('[data-testid="rating-review"]')?.textContent).toBe('Not helpful at all');
    await click($('[data-testid="rating-hide"]'));
    await click($('[data-testid="decision-dialog-confirm"]'));
    expect(requests('POST', '/api/admin/consultations/41/review-visibility')).toEqual([]);
    api.answers.set('POST /api/admin/consultations/41/review-visibility', { status: 200, body: { status: true, msg: 'The review is hidden.', data: { ...rating, hidden: true, hiddenReason: 'Insulting language' } } });
    await type($('[data-testid="decision-reason"]'), 'Insulting language');
    await click($('[data-testid="decision-dialog-confirm"]'));
    await waitFor(() => expect($('[data-testid="action-notice"]')?.textContent).toBe('The review is hidden.'));
    expect(JSON.parse(requests('POST', '/api/admin/consultations/41/review-visibility')[0]!.body)).toEqual({ hidden: true, reason: 'Insulting language' });
  });
});
