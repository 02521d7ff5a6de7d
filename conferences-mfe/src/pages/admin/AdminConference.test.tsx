/**
 * The conference form through the real `apiClient` against a real HTTP server answering like the
 * API (nothing of ours replaced): publishing refused for a language lists the fields by the form's
 * labels and marks them; a stale save says so and reloads the newer version on request; a title in
 * neither language is refused before any call; a new conference is created, then published.
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { listReturnState } from '@scholars/shared-contracts/ui';
import { NO_IMPORTANT_DATES, translateMessage, type AdminConference as AdminRecord } from '@scholars/shared-contracts/schemas';
import { $, click, render, setUp, tearDown, type, waitFor } from '../../test/harness';
import { AdminConference } from './AdminConference';

const record: AdminRecord = {
  id: 5,
  status: 'draft',
  version: 2,
  title: 'مؤتمر الروبوتات',
  title_en: '',
  description: 'وصف',
  description_en: 'Description',
  overview: 'نظرة',
  overview_en: 'Overview',
  objectives: 'أهداف',
  objectives_en: 'Objectives',
  excerpts: '',
  excerpts_en: '',
  category_id: null,
  mode: 'online',
  venue: '',
  venue_en: '',
  timezone: 'Asia/Dubai',
  start_date: '2031-03-10',
  start_time: '09:00',
  end_date: '2031-03-10',
  end_time: '17:00',
  capacity: null,
  registration_open: true,
  image: null,
  keywords: [],
  agenda: [{ date: '2031-03-10', start_time: '09:00', end_time: '10:00', title: 'افتتاح', title_en: '', speaker: '', speaker_en: '', location: '', location_en: '' }],
  speakers: [],
  important_dates: NO_IMPORTANT_DATES,
  registrations: 0,
  waiting: 0,
  ended: false,
  started: false,
  request_id: null,
  first_published_at: null,
  updated_at: '2031-01-01T00:00:00.000Z',
};

const api = testApiServerPerFile();
const seen = (method: string, path: string) => api.seen.filter((request) => request.method === method && request.path === path);

async function open(path: string) {
  await render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/conferences/:id" element={<AdminConference />} />
        <Route path="/admin/conferences" element={<p data-testid="list-page">list</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  api.answers.set('GET /api/conference-categories', { status: 200, body: { status: true, data: [{ id: 1, name: 'مؤتمرات', name_en: 'Conferences' }] } });
  await setUp('en');
});
afterEach(() => {
  tearDown();
  window.sessionStorage.clear();
});

describe('console: a conference', { timeout: 30_000 }, () => {
  it('lists the fields publishing was refused for by the form’s labels, and marks them', async () => {
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: record } });
    const missing = translateMessage('en', 'validation.translationMissing');
    api.answers.set('POST /api/admin/conferences/5/status', {
      status: 400,
      body: { status: false, err: 400, msg: translateMessage('en', 'validation.translationsMissing', { count: 2 }), errors: { title_en: missing, 'agenda.0.title_en': missing } },
    });
    await open('/admin/conferences/5');
    await waitFor(() => $('[data-testid="conference-form"]'));
    expect(($('[data-testid="field-title"]') as HTMLInputElement).value).toBe('مؤتمر الروبوتات');
    expect($('[data-testid="field-title"]')?.getAttribute('dir')).toBe('rtl');
    expect($('[data-testid="field-title_en"]')?.getAttribute('dir')).toBe('ltr');

    await click($('[data-testid="conference-publish"]'));
    const list = await waitFor(() => $('[data-testid="missing-translations"]'));
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Title (English)', 'Session 1: Title (English)']);
    expect($('[data-testid="field-title_en"]')?.getAttribute('aria-invalid')).toBe('true');
    expect($('[data-testid="error-agenda.0.title_en"]')?.textContent).toBe(missing);
    // Nothing unsaved: the state change went alone, with the version the form started from.
    expect(seen('PUT', '/api/admin/conferences/5')).toHaveLength(0);
    expect(JSON.parse(seen('POST', '/api/admin/conferences/5/status')[0]!.body)).toEqual({ status: 'published', version: 2 });
  });

  it('says how many members wait for a seat (none: nothing said), in Arabic too', async () => {
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: record } });
    await open('/admin/conferences/5');
    await waitFor(() => $('[data-testid="conference-form"]'));
    expect($('[data-testid="conference-waiting"]')).toBeNull();
    tearDown();
    await setUp('ar');
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: { ...record, capacity: 40, registrations: 40, waiting: 3 } } });
    await open('/admin/conferences/5');
    await waitFor(() => expect($('[data-testid="conference-waiting"]')?.textContent).toBe('ينتظرون مقعدًا: 3'));
  });

  it('says when someone saved a newer version, and reloads it on request', async () => {
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: record } });
    api.answers.set('PUT /api/admin/conferences/5', { status: 409, body: { status: false, err: 409, msg: translateMessage('en', 'validation.staleEdit') } });
    await open('/admin/conferences/5');
    await waitFor(() => $('[data-testid="conference-form"]'));
    await type($('[data-testid="field-overview_en"]'), 'A new overview');
    await click($('[data-testid="conference-save"]'));
    const message = await waitFor(() => $('[data-testid="conference-message"]'));
    expect(message.textContent).toContain(translateMessage('en', 'validation.staleEdit'));
    const body = JSON.parse(seen('PUT', '/api/admin/conferences/5')[0]!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ version: 2, overview_en: 'A new overview', category_id: null, capacity: null });

    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: { ...record, version: 3, overview_en: 'Their overview' } } });
    // Counted from here: the previous test's editor, on the same address, may still be reading it.
    const readsBefore = seen('GET', '/api/admin/conferences/5').length;
    await click($('[data-testid="conference-reload"]'));
    await waitFor(() => ($('[data-testid="field-overview_en"]') as HTMLTextAreaElement | null)?.value === 'Their overview');
    expect(seen('GET', '/api/admin/conferences/5')).toHaveLength(readsBefore + 1);
  });

  it('goes back to the page of the list it was opened from (search and filters kept); opened from elsewhere, the list', async () => {
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: record } });
    await render(
      <MemoryRouter initialEntries={[{ pathname: '/admin/conferences/5', state: listReturnState('?status=draft&q=forum&page=3') }]}>
        <Routes>
          <Route path="/admin/conferences/:id" element={<AdminConference />} />
        </Routes>
      </MemoryRouter>,
    );
    const back = await waitFor(() => $('[data-testid="admin-conference-back"]')!);
    expect(back.getAttribute('href')).toBe('/admin/conferences?status=draft&q=forum&page=3');
    tearDown();
    await setUp('en');
    await open('/admin/conferences/5');
    expect((await waitFor(() => $('[data-testid="admin-conference-back"]')!)).getAttribute('href')).toBe('/admin/conferences');
  });

    it('refuses a title in neither language before any call', async () => {
    await open('/admin/conferences/new');
    await waitFor(() => $('[data-testid="conference-form"]'));
    await click($('[data-testid="conference-save"]'));
    await waitFor(() => $('[data-testid="error-title"]'));
    expect($('[data-testid="error-title"]')?.textContent).toBe(translateMessage('en', 'validation.oneLanguageRequired'));
    expect($('[data-testid="conference-message"]')?.textContent).toBe('Please correct the fields marked in red.');
    expect(api.seen.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('archiving a conference that has not ended, with registrants, asks first naming how many are told, and sends that number and the message', async () => {
    const live = { ...record, status: 'published' as const, title_en: 'Robotics', registrations: 3 };
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: live } });
    api.answers.set('POST /api/admin/conferences/5/status', {
      status: 200,
      body: { status: true, msg: 'Archived: it is no longer on the public site. Registrations canceled: 3.', data: { ...live, status: 'archived', version: 3, registrations: 0 } },
    });
    await open('/admin/conferences/5');
    await waitFor(() => $('[data-testid="conference-form"]'));
    const before = seen('POST', '/api/admin/conferences/5/status').length;

    await click($('[data-testid="conference-archive"]'));
    const dialog = await waitFor(() => $('[data-testid="conference-leaving-dialog"]'));
    expect(dialog.querySelector('h2')?.textContent).toBe('Archive this conference?');
    expect($('[data-testid="conference-leaving-count"]')?.textContent).toContain('“Robotics” has not ended and has 3 registrants.');
    // Nothing is sent before the answer; "Cancel" sends nothing.
    expect(seen('POST', '/api/admin/conferences/5/status')).toHaveLength(before);
    await click([...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Cancel')!);
    await waitFor(() => $('[data-testid="conference-leaving-dialog"]') === null);
    expect(seen('POST', '/api/admin/conferences/5/status')).toHaveLength(before);

    await click($('[data-testid="conference-archive"]'));
    await waitFor(() => $('[data-testid="conference-leaving-dialog"]'));
    const note = $('[data-testid="conference-leaving-message"]') as HTMLTextAreaElement;
    expect(note.getAttribute('dir')).toBe('auto');
    await type(note, '  The hall is not available.  ');
    await click($('[data-testid="conference-leaving-dialog-confirm"]'));
    await waitFor(() => seen('POST', '/api/admin/conferences/5/status').length === before + 1);
    expect(JSON.parse(seen('POST', '/api/admin/conferences/5/status')[before]!.body)).toEqual({ status: 'archived', version: 2, registrants: 3, message: 'The hall is not available.' });
    await waitFor(() => $('[data-testid="conference-message"]')?.textContent?.includes('Registrations canceled: 3.') === true);
  });

  it('archiving a conference with members waiting asks first too, naming them (in Arabic), even with no registrant', async () => {
    await setUp('ar');
    const live = { ...record, status: 'published' as const, registrations: 0, waiting: 2 };
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: live } });
    api.answers.set('POST /api/admin/conferences/5/status', { status: 200, body: { status: true, msg: 'تمت الأرشفة.', data: { ...live, status: 'archived', version: 3, waiting: 0 } } });
    await open('/admin/conferences/5');
    await waitFor(() => $('[data-testid="conference-form"]'));
    const before = seen('POST', '/api/admin/conferences/5/status').length;
    await click($('[data-testid="conference-archive"]'));
    await waitFor(() => $('[data-testid="conference-leaving-dialog"]'));
    expect($('[data-testid="conference-leaving-count"]')).toBeNull();
    expect($('[data-testid="conference-leaving-waiting"]')?.textContent).toBe(`سيفقد العضوان المنتظران مقعدًا في «${record.title}» مكانيهما، ويُبلَّغ كلٌّ منهما بالبريد الإلكتروني بلغته.`);
    expect($('[data-testid="conference-leaving-dialog-confirm"]')?.textContent).toBe('أغلق قائمة الانتظار وأرشِف');
    await click($('[data-testid="conference-leaving-dialog-confirm"]'));
    await waitFor(() => seen('POST', '/api/admin/conferences/5/status').length === before + 1);
    expect(JSON.parse(seen('POST', '/api/admin/conferences/5/status')[before]!.body)).toEqual({ status: 'archived', version: 2, registrants: 0 });
  });

  it('when someone registered meanwhile (409 on `registrants`), asks again with the number now', async () => {
    const live = { ...record, status: 'published' as const, title_en: 'Robotics', registrations: 1 };
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: live } });
    const refusal = translateMessage('en', 'validation.conferenceRegistrantsUnconfirmed', { count: 2 });
    api.answers.set('POST /api/admin/conferences/5/status', { status: 409, body: { status: false, err: 409, msg: refusal, errors: { registrants: refusal } } });
    await open('/admin/conferences/5');
    await waitFor(() => $('[data-testid="conference-form"]'));
    await click($('[data-testid="conference-unpublish"]'));
    await waitFor(() => $('[data-testid="conference-leaving-dialog"]'));
    expect($('[data-testid="conference-leaving-dialog"] h2')?.textContent).toBe('Take this conference back to draft?');
    expect($('[data-testid="conference-leaving-count"]')?.textContent).toContain('has 1 registrant.');
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: { ...live, registrations: 2 } } });
    await click($('[data-testid="conference-leaving-dialog-confirm"]'));
    await waitFor(() => $('[data-testid="conference-leaving-count"]')?.textContent?.includes('has 2 registrants.') === true);
    expect($('[data-testid="conference-message"]')?.textContent).toContain(refusal);
    const posts = seen('POST', '/api/admin/conferences/5/status');
    expect(JSON.parse(posts[posts.length - 1]!.body)).toEqual({ status: 'draft', version: 2, registrants: 1 });
  });

  it('archives a conference that has ended without asking: nobody is told', async () => {
    const past = { ...record, status: 'published' as const, title_en: 'Robotics', registrations: 4, start_date: '2020-03-10', end_date: '2020-03-10', agenda: [], ended: true };
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: past } });
    api.answers.set('POST /api/admin/conferences/5/status', { status: 200, body: { status: true, msg: 'Archived: it is no longer on the public site.', data: { ...past, status: 'archived', version: 3 } } });
    await open('/admin/conferences/5');
    await waitFor(() => $('[data-testid="conference-form"]'));
    const before = seen('POST', '/api/admin/conferences/5/status').length;
    await click($('[data-testid="conference-archive"]'));
    await waitFor(() => seen('POST', '/api/admin/conferences/5/status').length === before + 1);
    expect($('[data-testid="conference-leaving-dialog"]')).toBeNull();
    expect(JSON.parse(seen('POST', '/api/admin/conferences/5/status')[before]!.body)).toEqual({ status: 'archived', version: 2 });
  });

  it('creates a new conference as a draft, then publishes it with the version the save answered', async () => {
    const created = { ...record, id: 9, version: 1, title_en: 'Robotics', agenda: [] };
    api.answers.set('POST /api/admin/conferences', { status: 201, body: { status: true, msg: 'Saved.', data: created } });
    api.answers.set('GET /api/admin/conferences/9', { status: 200, body: { status: true, data: created } });
    api.answers.set('POST /api/admin/conferences/9/status', { status: 200, body: { status: true, msg: 'Published: it is on the public site now.', data: { ...created, status: 'published', version: 2 } } });
    await open('/admin/conferences/new');
    await waitFor(() => $('[data-testid="conference-form"]'));
    await type($('[data-testid="field-title"]'), 'الروبوتات');
    await type($('[data-testid="field-title_en"]'), 'Robotics');
    await click($('[data-testid="conference-publish"]'));
    await waitFor(() => seen('POST', '/api/admin/conferences/9/status').length === 1);
    const sent = JSON.parse(seen('POST', '/api/admin/conferences')[0]!.body) as Record<string, unknown>;
    expect(sent).toMatchObject({ title: 'الروبوتات', title_en: 'Robotics', mode: 'onsite', timezone: 'Asia/Dubai', agenda: [], speakers: [] });
    expect(JSON.parse(seen('POST', '/api/admin/conferences/9/status')[0]!.body)).toEqual({ status: 'published', version: 1 });
    // The same editor at the new address: the outcome is shown, nothing was read again.
    await waitFor(() => $('[data-testid="conference-message"]')?.textContent === 'Published: it is on the public site now.');
    expect(seen('GET', '/api/admin/conferences/9')).toHaveLength(0);
    expect($('[data-testid="conference-public-link"]')).not.toBeNull();
  });
});

describe('console: what is typed in a conference is kept in the tab until saved', { timeout: 30_000 }, () => {
  const field = (name: string) => $<HTMLInputElement | HTMLTextAreaElement>(`[data-testid="field-${name}"]`)!;

  it('a new conference: brought back after the page is left, forgotten once it is saved', async () => {
    await open('/admin/conferences/new');
    await waitFor(() => $('[data-testid="conference-form"]'));
    await type(field('title'), 'الروبوتات');
    await type(field('overview_en'), 'A long overview typed before the session ended.');
    tearDown();

    await setUp('ar');
    await open('/admin/conferences/new');
    await waitFor(() => $('[data-testid="conference-form"]'));
    expect($('[data-testid="conference-draft-restored"]')?.textContent).toBe('أعدنا ما كتبته هنا من قبل ولم يُحفظ. راجِعه ثم احفظه.');
    expect(field('title').value).toBe('الروبوتات');
    expect(field('overview_en').value).toBe('A long overview typed before the session ended.');

    const created = { ...record, id: 9, version: 1, title: 'الروبوتات', agenda: [] };
    api.answers.set('POST /api/admin/conferences', { status: 201, body: { status: true, msg: 'Saved.', data: created } });
    await click($('[data-testid="conference-save"]'));
    await waitFor(() => $('[data-testid="conference-message"]')?.textContent === 'Saved.');
    expect($('[data-testid="conference-draft-restored"]')).toBeNull();
    tearDown();

    await setUp('en');
    await open('/admin/conferences/new');
    await waitFor(() => $('[data-testid="conference-form"]'));
    expect($('[data-testid="conference-draft-restored"]')).toBeNull();
    expect(field('title').value).toBe('');
  });

  it('a conference being edited: brought back over the same version, unsaved; never over a version saved since', async () => {
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: record } });
    await open('/admin/conferences/5');
    await waitFor(() => $('[data-testid="conference-form"]'));
    await type(field('overview_en'), 'My new overview');
    tearDown();

    await setUp('en');
    await open('/admin/conferences/5');
    await waitFor(() => $('[data-testid="conference-draft-restored"]'));
    expect(field('overview_en').value).toBe('My new overview');
    // Unsaved: publishing saves it first, with the version it was typed over.
    api.answers.set('PUT /api/admin/conferences/5', { status: 200, body: { status: true, msg: 'Saved.', data: { ...record, version: 3, overview_en: 'My new overview' } } });
    api.answers.set('POST /api/admin/conferences/5/status', { status: 200, body: { status: true, msg: 'Published.', data: { ...record, status: 'published', version: 4, overview_en: 'My new overview' } } });
    await click($('[data-testid="conference-publish"]'));
    await waitFor(() => seen('POST', '/api/admin/conferences/5/status').length === 1);
    expect(JSON.parse(seen('PUT', '/api/admin/conferences/5')[0]!.body)).toMatchObject({ version: 2, overview_en: 'My new overview' });
    tearDown();

    await setUp('en');
    await open('/admin/conferences/5');
    await waitFor(() => $('[data-testid="conference-form"]'));
    await type(field('overview_en'), 'Typed over version 2');
    tearDown();

    await setUp('en');
    api.answers.set('GET /api/admin/conferences/5', { status: 200, body: { status: true, data: { ...record, version: 3, overview_en: 'Their overview' } } });
    await open('/admin/conferences/5');
    await waitFor(() => ($('[data-testid="field-overview_en"]') as HTMLTextAreaElement | null)?.value === 'Their overview');
    expect($('[data-testid="conference-draft-restored"]')).toBeNull();
  });
});
