/**
 * The requester's view of their conference requests, through the real `apiClient` and
 * `../../api/conference-requests` against the shared test API server (real HTTP on 127.0.0.1):
 * each state in words; "changes requested" with the reviewer's note and the edit link; a refusal
 * with its reason and nothing to edit; an approved request links to its conference only once that
 * is published (the API sets `conference_id` then); no request yet offers the request form.
 */
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { ConferenceRequest, MyRegistration } from '@scholars/shared-contracts/schemas';
import { $, $$, click, recordSavedFiles, render, setUp, tearDown, waitFor } from '../../test/harness';
import { ConferenceRequestsTab, RegistrationsTab } from './ConferenceTabs';

const request = (id: number, status: ConferenceRequest['status'], changes: Partial<ConferenceRequest> = {}): ConferenceRequest => ({
  id,
  full_name: 'Hessa Al Suwaidi',
  academic_level: 'phd',
  major_field: 'Learning analytics',
  university: 'Zayed University',
  university_email: 'hessa@zu.ac.ae',
  phone: '+971501234567',
  country: 'AE',
  conference_title: `Learning Analytics Day ${id}`,
  main_language: 'ar_en',
  supporting_institution: null,
  proposed_start_date: '2031-05-10',
  proposed_end_date: '2031-05-11',
  duration_days: 2,
  location_type: 'onsite',
  venue: 'Dubai',
  objectives: 'Share practice',
  notes: null,
  status,
  review_note: null,
  reviewed_at: null,
  conference_id: null,
  created_at: '2031-01-02T08:00:00.000Z',
  updated_at: '2031-01-02T08:00:00.000Z',
  ...changes,
});

const MINE = [
  request(1, 'pending'),
  request(2, 'changes_requested', { review_note: 'Please name the venue precisely.', reviewed_at: '2031-01-03T08:00:00.000Z' }),
  request(3, 'rejected', { review_note: 'The dates clash with another event.', reviewed_at: '2031-01-03T08:00:00.000Z' }),
  // Approved: the draft conference is not published yet, so the API gives no conference.
  request(4, 'approved', { reviewed_at: '2031-01-03T08:00:00.000Z' }),
  request(5, 'approved', { reviewed_at: '2031-01-03T08:00:00.000Z', conference_id: 77 }),
];

const api = testApiServerPerFile();
const row = (id: number) => $(`[data-testid="request-row"][data-id="${id}"]`)!;

async function open(requests: ConferenceRequest[]) {
  api.answers.set('GET /api/conference-requests/mine', { status: 200, body: { status: true, data: requests } });
  await render(<MemoryRouter><ConferenceRequestsTab /></MemoryRouter>);
}

afterEach(tearDown);

describe('profile: conference requests', { timeout: 30_000 }, () => {
  it('shows each state, the note to act on with its edit link, the reason of a refusal, and the conference once published', async () => {
    await setUp('en');
    await open(MINE);
    await waitFor(() => expect($$('[data-testid="request-row"]')).toHaveLength(5));
    const status = (id: number) => row(id).querySelector('[data-testid="request-status"]')?.textContent;
    const links = (id: number) => [...row(id).querySelectorAll('a')].map((link) => [link.dataset.testid, link.getAttribute('href')]);

    expect(status(1)).toBe('Pending');
    expect(links(1)).toEqual([['request-edit', '/request-conference?edit=1']]);

    expect(status(2)).toBe('Changes requested');
    expect(row(2).querySelector('[data-testid="request-change-note"]')?.textContent).toBe('Please name the venue precisely.');
    expect(links(2)).toEqual([['request-edit', '/request-conference?edit=2']]);

    expect(status(3)).toBe('Rejected');
    expect(row(3).querySelector('[data-testid="request-reject-reason"]')?.textContent).toBe('Reason: The dates clash with another event.');
    expect(links(3)).toEqual([]);

    expect(status(4)).toBe('Approved');
    expect(links(4)).toEqual([]);
    expect(status(5)).toBe('Approved');
    expect(links(5)).toEqual([['request-conference-link', '/conference/77']]);
    expect(row(5).querySelector('a')?.textContent).toBe('View conference');

    // Only the note of the state it belongs to is shown.
    expect($$('[data-testid="request-change-note"]')).toHaveLength(1);
    expect($$('[data-testid="request-reject-reason"]')).toHaveLength(1);
  });

  it('says the states in Arabic, with the note as the reviewer wrote it', async () => {
    await setUp('ar');
    await open(MINE);
    await waitFor(() => expect($$('[data-testid="request-row"]')).toHaveLength(5));
    expect($$('[data-testid="request-status"]').map((badge) => badge.textContent)).toEqual(['قيد الانتظار', 'مطلوب تعديلات', 'مرفوض', 'مقبول', 'مقبول']);
    expect(row(3).querySelector('[data-testid="request-reject-reason"]')?.textContent).toBe('السبب: The dates clash with another event.');
    expect(row(5).querySelector('[data-testid="request-conference-link"]')?.textContent).toBe('عرض المؤتمر');
  });

  it('offers the request form when there is no request yet', async () => {
    await setUp('en');
    await open([]);
    const empty = await waitFor(() => $('[data-testid="empty-state"]'));
    expect(empty.textContent).toContain('You have not requested a conference yet.');
    expect($('a')?.getAttribute('href')).toBe('/request-conference');
  });

  it('shows a failure with a retry that asks again', async () => {
    await setUp('en');
    api.answers.set('GET /api/conference-requests/mine', { status: 500, body: { status: false, err: 500, msg: 'Server error' } });
    await render(<MemoryRouter><ConferenceRequestsTab /></MemoryRouter>);
    const failed = await waitFor(() => $('[data-testid="section-error"]'));
    api.answers.set('GET /api/conference-requests/mine', { status: 200, body: { status: true, data: [request(2, 'changes_requested', { review_note: 'Shorter title.' })] } });
    await click(failed.querySelector('button'));
    await waitFor(() => expect($('[data-testid="request-change-note"]')?.textContent).toBe('Shorter title.'));
  });
});

describe('profile: conference registrations', () => {
  const conference = (id: number, startInDays: number): MyRegistration['conference'] => ({
    id,
    category_id: 1,
    title: `مؤتمر ${id}`,
    title_en: `Conference ${id}`,
    description: '',
    description_en: '',
    image: null,
    start_date: new Date(Date.now() + startInDays * 86_400_000).toISOString(),
    end_date: null,
    timezone: 'Asia/Dubai',
    mode: 'online',
    venue: '',
    venue_en: '',
    keywords: [],
  });
  const registration = (id: number, startInDays: number, changes: Partial<MyRegistration> = {}): MyRegistration => ({
    id: 100 + id,
    conference_id: id,
    status: 'registered',
    created_at: '2031-01-02T08:00:00.000Z',
    canceled_by: null,
    conference: conference(id, startInDays),
    conference_public: true,
    attended: false,
    ...changes,
  });

  it('cancels a registration after asking, says so and lists again, keeping it marked as canceled by the member; an ended conference offers no cancel', async () => {
    await setUp('en');
    api.answers.set('GET /api/conference-registrations/mine', { status: 200, body: { status: true, data: [registration(7, 20), registration(8, -5)] } });
    await render(<MemoryRouter><RegistrationsTab /></MemoryRouter>);
    const rowOf = (id: number) => $(`[data-testid="registration-row"][data-conference="${id}"]`);
    await waitFor(() => expect(rowOf(7)).not.toBeNull());
    expect(rowOf(8)!.querySelector('[data-testid="registration-cancel"]')).toBeNull();

    await click(rowOf(7)!.querySelector('[data-testid="registration-cancel"]'));
    const dialog = await waitFor(() => $('[data-testid="registration-cancel-confirm"]')!);
    expect(dialog.textContent).toContain('Cancel your registration for “Conference 7”?');
    // Nothing is sent before the confirmation.
    expect(api.seen.some((request) => request.method === 'DELETE')).toBe(false);

    api.answers.set('DELETE /api/conference/7/register', {
      status: 200,
      body: { status: true, msg: 'Your registration is canceled.', data: { id: 107, conference_id: 7, status: 'canceled', created_at: '2031-01-02T08:00:00.000Z', canceled_by: 'member' } },
    });
    api.answers.set('GET /api/conference-registrations/mine', { status: 200, body: { status: true, data: [registration(7, 20, { status: 'canceled', canceled_by: 'member' }), registration(8, -5)] } });
    await click($('[data-testid="registration-cancel-confirm-confirm"]'));
    await waitFor(() => expect($('[data-testid="registrations-message"]')?.textContent).toBe('Your registration is canceled.'));
    // Still listed (the member's record), marked, nothing more to cancel; never "not registered yet".
    await waitFor(() => expect(rowOf(7)?.getAttribute('data-status')).toBe('canceled'));
    expect(rowOf(7)!.querySelector('[data-testid="registration-status"]')?.textContent).toBe('Canceled by you');
    expect(rowOf(7)!.querySelector('[data-testid="registration-cancel"]')).toBeNull();
    expect(rowOf(7)!.querySelector('a')?.getAttribute('href')).toBe('/conference/7');
    expect(document.body.textContent).not.toContain('You have not registered');
    expect(api.seen.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['/api/conference/7/register']);
  });

  it('offers the certificate of attendance of a registration marked present and saves the API’s PDF; says so when it cannot (ar)', async () => {
    await setUp('ar');
    api.answers.set('GET /api/conference-registrations/mine', { status: 200, body: { status: true, data: [registration(21, -3, { attended: true }), registration(22, -3)] } });
    const saved = recordSavedFiles();
    try {
      await render(<MemoryRouter><RegistrationsTab /></MemoryRouter>);
      const rowOf = (id: number) => $(`[data-testid="registration-row"][data-conference="${id}"]`);
      await waitFor(() => expect(rowOf(21)).not.toBeNull());
      expect(rowOf(22)!.querySelector('[data-testid="registration-certificate"]')).toBeNull();
      const button = rowOf(21)!.querySelector('[data-testid="registration-certificate"]')!;
      expect(button.textContent).toBe('شهادة الحضور (PDF)');
      api.answers.set('GET /api/conference-registrations/121/certificate', { status: 200, body: '%PDF-1.3 certificate', headers: { 'Content-Type': 'application/pdf' } });
      await click(button);
      await waitFor(() => expect(saved.files).toHaveLength(1));
      expect(saved.files[0]!.name).toBe('certificate-21-121.pdf');
      expect(await saved.files[0]!.blob.text()).toBe('%PDF-1.3 certificate');

      api.answers.set('GET /api/conference-registrations/121/certificate', { status: 409, body: { status: false, err: 409, msg: 'not available' } });
      await click(button);
      await waitFor(() => expect($('[data-testid="registrations-message"]')?.textContent).toBe('تعذّر تنزيل الشهادة. يُرجى المحاولة مرة أخرى.'));
      expect(saved.files).toHaveLength(1);
    } finally {
      saved.stop();
    }
  });

  it('keeps a registration the organizers canceled, in both languages, unlinked since the conference is no longer on the site', async () => {
    const rows = [
      registration(11, 30, { status: 'canceled', canceled_by: 'organizers', conference_public: false }),
      // Archived after it ended: still registered, nothing to cancel, not linked.
      registration(12, -40, { conference_public: false }),
    ];
    const rowOf = (id: number) => $(`[data-testid="registration-row"][data-conference="${id}"]`)!;
    for (const [locale, organizers, offSite] of [['en', 'Canceled by the organizers', 'No longer on the site'], ['ar', 'ألغاه المنظمون', 'لم يعد ظاهرًا على الموقع']] as const) {
      await setUp(locale);
      api.answers.set('GET /api/conference-registrations/mine', { status: 200, body: { status: true, data: rows } });
      await render(<MemoryRouter><RegistrationsTab /></MemoryRouter>);
      await waitFor(() => expect($('[data-testid="registration-row"][data-conference="11"]')).not.toBeNull());
      expect(rowOf(11).querySelector('[data-testid="registration-status"]')?.textContent).toBe(organizers);
      expect(rowOf(11).querySelector('a')).toBeNull();
      expect(rowOf(11).querySelector('[data-testid="registration-title"]')?.textContent).toBe(locale === 'ar' ? 'مؤتمر 11' : 'Conference 11');
      expect(rowOf(11).querySelector('[data-testid="registration-off-site"]')?.textContent).toBe(offSite);
      expect(rowOf(11).querySelector('[data-testid="registration-cancel"]')).toBeNull();
      expect(rowOf(12).getAttribute('data-status')).toBe('registered');
      expect(rowOf(12).querySelector('a')).toBeNull();
      expect(rowOf(12).querySelector('[data-testid="registration-cancel"]')).toBeNull();
      tearDown();
    }
  });

  it('lists the places on waiting lists above the registrations; leaving one says so and reads both again (ar)', async () => {
    await setUp('ar');
    api.answers.set('GET /api/conference-registrations/mine', { status: 200, body: { status: true, data: [registration(9, 20)] } });
    const place = { conference_id: 14, place: 2, joined_at: '2031-01-02T08:00:00.000Z', conference: conference(14, 30), conference_public: true };
    api.answers.set('GET /api/conference-waiting-lists/mine', { status: 200, body: { status: true, data: [place] } });
    await render(<MemoryRouter><RegistrationsTab /></MemoryRouter>);
    const row = await waitFor(() => $('[data-testid="waiting-place"]')!);
    expect(row.textContent).toContain('مؤتمر 14');
    expect(row.textContent).toContain('رقم 2 في قائمة الانتظار');
    expect($('[data-testid="waiting-places"] h3')?.textContent).toBe('في انتظار مقعد');

    api.answers.set('DELETE /api/conference/14/waiting-list', { status: 200, body: { status: true, msg: 'غادرت قائمة الانتظار.', data: { place: null } } });
    api.answers.set('GET /api/conference-waiting-lists/mine', { status: 200, body: { status: true, data: [] } });
    await click(row.querySelector('[data-testid="waiting-leave"]'));
    await waitFor(() => expect($('[data-testid="registrations-message"]')?.textContent).toBe('غادرت قائمة الانتظار.'));
    await waitFor(() => expect($('[data-testid="waiting-places"]')).toBeNull());
    expect($('[data-testid="registration-row"]')).not.toBeNull();
    expect(api.seen.filter((request) => request.path === '/api/conference-registrations/mine')).toHaveLength(2);
  });

  it('shows the API’s refusal in Arabic', async () => {
    await setUp('ar');
    api.answers.set('GET /api/conference-registrations/mine', { status: 200, body: { status: true, data: [registration(9, 20)] } });
    api.answers.set('DELETE /api/conference/9/register', { status: 409, body: { status: false, err: 409, msg: 'لست مسجّلًا في هذا المؤتمر.' } });
    await render(<MemoryRouter><RegistrationsTab /></MemoryRouter>);
    await click(await waitFor(() => $('[data-testid="registration-cancel"]')!));
    expect($('[data-testid="registration-cancel-confirm"]')?.textContent).toContain('إلغاء تسجيلك في «مؤتمر 9»؟');
    await click($('[data-testid="registration-cancel-confirm-confirm"]'));
    await waitFor(() => expect($('[data-testid="registrations-message"][role="alert"]')?.textContent).toBe('لست مسجّلًا في هذا المؤتمر.'));
  });
});
