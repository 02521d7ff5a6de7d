/**
 * The registrants of a conference through the real `apiClient` against the test API server: the
 * list asks for the conference's registrations with the search, state and page of the address and
 * shows each registrant; "Export CSV" saves the API's file under the conference's name, or says it
 * could not; the e-mail to all needs both languages before any call, is confirmed, then sent, and
 * the server's message is shown; an unknown conference says so. Who waits for a seat is listed in
 * the order seats go to them, a suspended member marked as passed over. Once the conference has
 * started, a registrant is ticked present (or not) and everyone can be marked at once, confirmed.
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { translateMessage, type AdminRegistration, type AdminWaitingMember } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, tearDown, type, waitFor } from '../../test/harness';
import { ConferenceRegistrations } from './ConferenceRegistrations';

// The screen reads the conference's id and titles only.
const conference = { id: 5, status: 'published', version: 4, title: 'مؤتمر الروبوتات', title_en: 'Robotics Conference', registrations: 2 };
const registrant = (id: number, name: string, changes: Partial<AdminRegistration> = {}): AdminRegistration => ({
  id,
  user_id: 100 + id,
  name,
  email: `member${id}@uni.ae`,
  phone: null,
  locale: 'ar',
  status: 'registered',
  registered_at: '2031-02-01T08:30:00.000Z',
  canceled_at: null,
  canceled_by: null,
  attended_at: null,
  ...changes,
});
const REGISTRANTS = [registrant(1, 'حصة السويدي', { phone: '+971501234567' }), registrant(2, 'Omar Khalid', { locale: 'en', status: 'canceled', canceled_at: '2031-02-03T08:30:00.000Z', canceled_by: 'member' })];
const CSV = '\uFEFFname,email\r\nحصة السويدي,member1@uni.ae\r\n';

const api = testApiServerPerFile();
const seen = (method: string, path: string) => api.seen.filter((request) => request.method === method && request.path === path);
const listQueries = () => seen('GET', '/api/admin/conferences/5/registrations').map((request) => Object.fromEntries(new URLSearchParams(request.query)));

async function open(search = '', id = 5) {
  await render(
    <MemoryRouter initialEntries={[`/admin/conferences/${id}/registrations${search}`]}>
      <Routes>
        <Route path="/admin/conferences/:id/registrations" element={<ConferenceRegistrations />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: conference } });
  api.answers.set('GET /api/admin/conferences/5/registrations', { status: 200, body: { status: true, data: REGISTRANTS, tot: 120 } });
});
afterEach(tearDown);

describe('console: registrants of a conference', { timeout: 30_000 }, () => {
  it('lists the registrants with the search, state and page of the address, in the console’s language', async () => {
    await setUp('ar');
    await open('?q=%D8%AD%D8%B5%D8%A9&status=registered&page=2');
    await waitFor(() => expect($$('[data-testid="registrant-row"]')).toHaveLength(2));
    expect(listQueries()).toEqual([{ q: 'حصة', status: 'registered', page: '2', limit: '50' }]);
    expect($('h1')?.textContent).toBe('المسجّلون في «مؤتمر الروبوتات»');
    // The times are the platform's wall clock, and the list says whose.
    expect($('[data-testid="registrants-count"]')?.textContent).toBe('120 تسجيلًا · الأوقات حسب توقيت الخليج');
    expect($('[data-testid="registrant-row"] time')?.textContent).toBe('السبت، 1 فبراير 2031، 12:30');
    const [first, second] = $$('[data-testid="registrant-row"]');
    expect(first!.textContent).toContain('حصة السويدي');
    expect(first!.textContent).toContain('member1@uni.ae');
    expect(first!.querySelector('bdi[dir="ltr"]')?.textContent).toBe('+971501234567');
    expect(first!.textContent).toContain('مسجّل');
    expect(second!.textContent).toContain('ملغى');
    // 120 at 50 a page: the second of three is the current one.
    expect($('[data-testid="registrants-pagination"] [aria-current="page"]')?.textContent).toContain('2');

    await type($('[data-testid="registrants-q"]'), 'omar');
    await type($('[data-testid="registrants-status"]'), '');
    await click($('[data-testid="registrants-apply"]'));
    await waitFor(() => expect(listQueries()).toHaveLength(2));
    expect(listQueries()[1]).toEqual({ q: 'omar', page: '1', limit: '50' });
  });

  it('says when no one has registered, and offers no e-mail to nobody; a search that finds no one keeps the e-mail', async () => {
    await setUp('en');
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: { ...conference, registrations: 0 } } });
    api.answers.set('GET /api/admin/conferences/5/registrations', { status: 200, body: { status: true, data: [], tot: 0 } });
    await open();
    const empty = await waitFor(() => $('[data-testid="empty-state"]'));
    expect(empty.textContent).toContain('No one has registered yet.');
    expect($('[data-testid="registrants-mail"]')).toBeNull();
    expect($('[data-testid="registrants-mail-nobody"]')?.textContent).toContain('No one is registered now: there is no one to write to.');

    tearDown();
    await setUp('en');
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: conference } });
    await open('?q=nobody');
    await waitFor(() => $('[data-testid="empty-state"]'));
    expect($('[data-testid="registrants-mail"]')).not.toBeNull();
  });

  it('saves the CSV of the API under the conference’s name, and says when it could not be made', async () => {
    await setUp('en');
    // jsdom keeps no files: what `saveFile` hands to the browser is recorded.
    const files: Array<{ blob: Blob; name: string }> = [];
    let lastBlob: Blob | undefined;
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => ((lastBlob = blob), 'blob:registrants');
    URL.revokeObjectURL = () => undefined;
    const record = (event: Event) => {
      const link = event.target as HTMLAnchorElement;
      if (link.download) {
        event.preventDefault();
        files.push({ blob: lastBlob!, name: link.download });
      }
    };
    document.addEventListener('click', record, true);
    try {
      await open();
      await waitFor(() => $('[data-testid="registrant-row"]'));
      api.answers.set('GET /api/admin/conferences/5/registrations/export', { status: 200, body: CSV, headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      await click($('[data-testid="registrants-export"]'));
      await waitFor(() => expect(files).toHaveLength(1));
      expect(files[0]!.name).toBe('conference-5-registrations.csv');
      // The API's text as it came, its BOM included (by which Excel reads the Arabic names as UTF-8).
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await files[0]!.blob.arrayBuffer())).toBe(CSV);
      expect($('[data-testid="registrants-export"]')?.textContent).toBe('Export CSV');

      api.answers.set('GET /api/admin/conferences/5/registrations/export', { status: 500, body: { status: false, err: 500, msg: 'Server error' } });
      await click($('[data-testid="registrants-export"]'));
      await waitFor(() => $('[data-testid="registrants-export-message"]'));
      expect($('[data-testid="registrants-export-message"]')?.textContent).toBe('The file could not be made. Please try again.');
      expect(files).toHaveLength(1);
    } finally {
      document.removeEventListener('click', record, true);
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });

  it('needs the e-mail in both languages, confirms it, sends it once and shows the server’s message', async () => {
    await setUp('en');
    await open();
    await waitFor(() => $('[data-testid="registrant-row"]'));
    const mail = $('[data-testid="registrants-mail"]')!;
    await type(mail.querySelector('[data-testid="field-subject"]'), 'تذكير بموعد المؤتمر');
    await type(mail.querySelector('[data-testid="field-body"]'), 'نلقاكم صباح الغد في القاعة الكبرى.');
    await click($('[data-testid="registrants-mail-send"]'));
    await waitFor(() => $('[data-testid="error-subject_en"]'));
    expect($('[data-testid="error-subject_en"]')?.textContent).toBe(translateMessage('en', 'validation.required'));
    expect($('[data-testid="error-body_en"]')?.textContent).toBe(translateMessage('en', 'validation.required'));
    expect($('[data-testid="registrants-mail-dialog"]')).toBeNull();

    await type(mail.querySelector('[data-testid="field-subject_en"]'), 'A reminder of the conference');
    await type(mail.querySelector('[data-testid="field-body_en"]'), 'See you tomorrow morning in the Grand Hall.');
    await click($('[data-testid="registrants-mail-send"]'));
    const dialog = await waitFor(() => $('[data-testid="registrants-mail-dialog"]'));
    expect(dialog.textContent).toContain('It goes to every active registrant of “Robotics Conference”');
    expect(seen('POST', '/api/admin/conferences/5/registrations/mail')).toHaveLength(0);

    api.answers.set('POST /api/admin/conferences/5/registrations/mail', { status: 200, body: { status: true, msg: 'The e-mail is on its way to 1 registrant.', data: { count: 1 } } });
    await click($('[data-testid="registrants-mail-dialog-confirm"]'));
    await waitFor(() => $('[data-testid="registrants-mail-message"]'));
    expect($('[data-testid="registrants-mail-message"]')?.textContent).toBe('The e-mail is on its way to 1 registrant.');
    expect(seen('POST', '/api/admin/conferences/5/registrations/mail').map((request) => JSON.parse(request.body) as unknown)).toEqual([
      { subject: 'تذكير بموعد المؤتمر', subject_en: 'A reminder of the conference', body: 'نلقاكم صباح الغد في القاعة الكبرى.', body_en: 'See you tomorrow morning in the Grand Hall.' },
    ]);
    // Sent: the form is empty again.
    expect((mail.querySelector('[data-testid="field-subject_en"]') as HTMLInputElement).value).toBe('');
  });

  it('says so for a conference that does not exist', async () => {
    await setUp('en');
    await open('', 999);
    const missing = await waitFor(() => $('[data-testid="admin-conference-not-found"]'));
    expect(missing.textContent).toBe('This conference does not exist or was deleted.');
    expect(seen('GET', '/api/admin/conferences/999/registrations')).toHaveLength(1);
  });

  it('lists who waits for a seat in the order seats go to them, a suspended member passed over, and how many more wait', async () => {
    await setUp('ar');
    const waiting = (place: number, name: string, changes: Partial<AdminWaitingMember> = {}): AdminWaitingMember => ({
      place,
      user_id: 200 + place,
      name,
      email: `waiting${place}@uni.ae`,
      phone: null,
      joined_at: '2031-02-02T05:00:00.000Z',
      suspended: false,
      ...changes,
    });
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: { ...conference, waiting: 102 } } });
    api.answers.set('GET /api/admin/conferences/5/waiting-list', {
      status: 200,
      body: { status: true, data: [waiting(1, 'مريم الكعبي'), waiting(2, 'Sara Ali', { suspended: true, phone: '+971509876543' })], tot: 102 },
    });
    await open();
    await waitFor(() => expect($$('[data-testid="waiting-row"]')).toHaveLength(2));
    expect(seen('GET', '/api/admin/conferences/5/waiting-list').map((request) => Object.fromEntries(new URLSearchParams(request.query)))).toEqual([{ page: '1', limit: '100' }]);
    expect($('[data-testid="waiting-list"] h2')?.textContent).toBe('في انتظار مقعد');
    const [first, second] = $$('[data-testid="waiting-row"]');
    expect(first!.textContent).toContain('مريم الكعبي');
    expect(first!.textContent).toContain('الأحد، 2 فبراير 2031، 09:00');
    expect(first!.querySelector('[data-testid="waiting-suspended"]')).toBeNull();
    expect(second!.querySelector('[data-testid="waiting-suspended"]')?.textContent).toBe('موقوف: يُتجاوز');
    expect(second!.querySelector('bdi[dir="ltr"]')?.textContent).toBe('+971509876543');
    expect($('[data-testid="waiting-more"]')?.textContent).toBe('يظهر أول 2 من 102.');
  });

  it('shows no waiting list while no one waits', async () => {
    await setUp('en');
    await open();
    await waitFor(() => expect($$('[data-testid="registrant-row"]')).toHaveLength(2));
    expect($('[data-testid="waiting-list"]')).toBeNull();
    expect(seen('GET', '/api/admin/conferences/5/waiting-list')).toEqual([]);
  });

  it('before the start offers no attendance and says when it can be marked', async () => {
    await setUp('en');
    await open();
    await waitFor(() => expect($$('[data-testid="registrant-row"]')).toHaveLength(2));
    expect($$('[data-testid="registrant-present"]')).toHaveLength(0);
    expect($('[data-testid="registrants-mark-all"]')).toBeNull();
    expect($('[data-testid="registrants-attendance-hint"]')?.textContent).toBe('Attendance can be marked once the conference has started; certificates of attendance follow from it.');
  });

  it('once started, ticks a registrant present (and untick), marks everyone after asking, and shows the server’s answers (ar)', async () => {
    await setUp('ar');
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: { ...conference, started: true } } });
    const present = { ...REGISTRANTS[0]!, attended_at: '2031-03-10T09:00:00.000Z' };
    api.answers.set('PUT /api/admin/conferences/5/registrations/1/attendance', { status: 200, body: { status: true, msg: 'سُجّل حضور حصة السويدي.', data: present } });
    await open();
    await waitFor(() => expect($$('[data-testid="registrant-row"]')).toHaveLength(2));
    // The registered one can be ticked; the canceled one (never present) cannot.
    expect($$('[data-testid="registrant-present"]')).toHaveLength(1);
    const box = $('[data-testid="registrant-present"]') as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.closest('label')?.textContent).toBe('حضور');
    await click(box);
    await waitFor(() => expect($('[data-testid="registrants-attendance-message"]')?.textContent).toBe('سُجّل حضور حصة السويدي.'));
    expect(JSON.parse(seen('PUT', '/api/admin/conferences/5/registrations/1/attendance')[0]!.body)).toEqual({ attended: true });
    await waitFor(() => expect(($('[data-testid="registrant-present"]') as HTMLInputElement).checked).toBe(true));

    // A refusal is the server's message.
    api.answers.set('PUT /api/admin/conferences/5/registrations/1/attendance', { status: 422, body: { status: false, err: 422, msg: 'يمكن تسجيل الحضور بعد أن يبدأ المؤتمر.' } });
    await click($('[data-testid="registrant-present"]'));
    await waitFor(() => expect($('[data-testid="registrants-attendance-message"]')?.textContent).toBe('يمكن تسجيل الحضور بعد أن يبدأ المؤتمر.'));
    expect(JSON.parse(seen('PUT', '/api/admin/conferences/5/registrations/1/attendance')[1]!.body)).toEqual({ attended: false });
    // Refused: the box shows what the server keeps (still present).
    expect(($('[data-testid="registrant-present"]') as HTMLInputElement).checked).toBe(true);

    api.answers.set('POST /api/admin/conferences/5/attendance', { status: 200, body: { status: true, msg: 'سُجّل الحضور: 119.', data: { count: 119 } } });
    await click($('[data-testid="registrants-mark-all"]'));
    const dialog = await waitFor(() => $('[data-testid="registrants-mark-all-dialog"]'));
    expect(dialog.textContent).toContain('«مؤتمر الروبوتات»');
    expect(seen('POST', '/api/admin/conferences/5/attendance')).toHaveLength(0);
    await click($('[data-testid="registrants-mark-all-dialog-confirm"]'));
    await waitFor(() => expect($('[data-testid="registrants-attendance-message"]')?.textContent).toBe('سُجّل الحضور: 119.'));
    expect(seen('POST', '/api/admin/conferences/5/attendance')).toHaveLength(1);
  });
});
