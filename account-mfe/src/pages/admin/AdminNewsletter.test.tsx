/**
 * The newsletter's composer in the console, through the real `apiClient` and `../../api/newsletter`
 * against the shared test API server (real HTTP on 127.0.0.1; nothing of ours replaced): a new issue
 * is saved with the four texts; a save over a newer version shows the server's message and Reload,
 * which reads the issue again; a send refused for a text in one language lists the field by the
 * form's label and marks it; a send is confirmed first with the number of confirmed subscribers;
 * the legend says, in both languages, that the starred fields are needed to send (not to save).
 */
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { NewsletterIssueDetails } from '@scholars/shared-contracts/schemas';
import { $, click, render, setUp, submit, tearDown, text, type, waitFor } from '../../test/harness';
import { AdminNewsletter } from './AdminNewsletter';

const ISSUES = '/api/admin/newsletter/issues';
const stats = { recipients: 0, queued: 0, sent: 0, failed: 0, pending: 0, unsubscribed: 0 };
const draft: NewsletterIssueDetails = {
  id: 7,
  subject: 'نشرة مارس',
  subject_en: 'March newsletter',
  body: 'نص',
  body_en: '',
  status: 'draft',
  version: 3,
  created_at: '2026-03-01T08:00:00.000Z',
  updated_at: '2026-03-01T08:00:00.000Z',
  send_started_at: null,
  send_finished_at: null,
  sent_by: null,
  stats,
};

const api = testApiServerPerFile();
let location = '';
const requests = (method: string, path: string) => api.seen.filter((request) => request.method === method && request.path === path);

function Where() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

async function open(path: string) {
  api.answers.set(`GET ${ISSUES}`, { status: 200, body: { status: true, data: [], tot: 0 } });
  await render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/newsletter" element={<><AdminNewsletter /><Where /></>} />
      </Routes>
    </MemoryRouter>,
  );
  await waitFor(() => $('[data-testid="newsletter-editor"]'));
}

beforeEach(async () => {
  await setUp('en');
});
afterEach(() => {
  tearDown();
  window.sessionStorage.clear();
});

describe('console: the newsletter composer', { timeout: 30_000 }, () => {
  it('saves a new issue with both languages and opens it', async () => {
    api.answers.set(`POST ${ISSUES}`, { status: 201, body: { status: true, msg: 'Saved.', data: { ...draft, body_en: 'Text' } } });
    api.answers.set(`GET ${ISSUES}/7`, { status: 200, body: { status: true, data: { ...draft, body_en: 'Text' } } });
    await open('/admin/newsletter?issue=new');
    expect($('[data-testid="field-subject"]')?.getAttribute('dir')).toBe('rtl');
    expect($('[data-testid="field-subject_en"]')?.getAttribute('dir')).toBe('ltr');
    await type($('[data-testid="field-subject"]'), 'نشرة مارس');
    await type($('[data-testid="field-subject_en"]'), 'March newsletter');
    await type($('[data-testid="field-body"]'), 'نص');
    await type($('[data-testid="field-body_en"]'), 'Text');
    await click($('[data-testid="newsletter-save"]'));
    await waitFor(() => requests('POST', ISSUES).length === 1);
    expect(JSON.parse(requests('POST', ISSUES)[0]!.body)).toEqual({ subject: 'نشرة مارس', subject_en: 'March newsletter', body: 'نص', body_en: 'Text' });
    await waitFor(() => location.includes('issue=7'));
  });

  it('says what the required marks mean, in both languages: needed to send (a draft may be saved without them)', async () => {
    await open('/admin/newsletter?issue=new');
    expect($('[data-testid="newsletter-required-legend"]')?.textContent).toBe('* needed to send');
    tearDown();
    await setUp('ar');
    await open('/admin/newsletter?issue=new');
    expect($('[data-testid="newsletter-required-legend"]')?.textContent).toBe('* مطلوب للإرسال');
  });

  it('a stale save shows the server’s words and Reload, which reads the issue again', async () => {
    api.answers.set(`GET ${ISSUES}/7`, { status: 200, body: { status: true, data: draft } });
    api.answers.set(`PUT ${ISSUES}/7`, {
      status: 409,
      body: { status: false, err: 409, msg: 'Someone else saved a newer version of this while you were editing. Reload it to see their change, then make yours again.' },
    });
    await open('/admin/newsletter?issue=7');
    await waitFor(() => expect(($('[data-testid="field-subject_en"]') as HTMLInputElement).value).toBe('March newsletter'));
    await type($('[data-testid="field-subject_en"]'), 'April newsletter');
    await submit($('[data-testid="newsletter-editor"] form'));
    await waitFor(() => $('[data-testid="newsletter-reload"]'));
    expect(JSON.parse(requests('PUT', `${ISSUES}/7`)[0]!.body)).toMatchObject({ subject_en: 'April newsletter', version: 3 });
    expect($('[data-testid="newsletter-error"]')?.textContent).toContain('Someone else saved a newer version');
    // The other save made version 4: Reload shows theirs (the draft typed over version 3 is not laid over it).
    api.answers.set(`GET ${ISSUES}/7`, { status: 200, body: { status: true, data: { ...draft, version: 4, subject_en: 'The March newsletter' } } });
    const reads = requests('GET', `${ISSUES}/7`).length;
    await click($('[data-testid="newsletter-reload"]'));
    await waitFor(() => requests('GET', `${ISSUES}/7`).length === reads + 1);
    await waitFor(() => expect(($('[data-testid="field-subject_en"]') as HTMLInputElement).value).toBe('The March newsletter'));
  });

  it('confirms a send with the number of subscribers, and lists a text missing in one language', async () => {
    api.answers.set(`GET ${ISSUES}/7`, { status: 200, body: { status: true, data: draft } });
    api.answers.set('GET /api/admin/newsletter/subscribers', { status: 200, body: { status: true, data: [], tot: 42 } });
    api.answers.set(`POST ${ISSUES}/7/send`, {
      status: 400,
      body: {
        status: false,
        err: 400,
        msg: 'Not published: the text is missing in one language or both in 1 of the fields (each is marked). Fill them in both languages, or save as a draft.',
        errors: { body_en: 'Fill this in both languages before publishing.' },
      },
    });
    await open('/admin/newsletter?issue=7');
    await waitFor(() => expect(($('[data-testid="field-body"]') as HTMLTextAreaElement).value).toBe('نص'));
    await click($('[data-testid="newsletter-send"]'));
    await waitFor(() => expect($('[data-testid="newsletter-confirm-confirm"]')?.textContent).toBe('Send to 42 subscribers'));
    expect(requests('POST', `${ISSUES}/7/send`)).toHaveLength(0);
    await click($('[data-testid="newsletter-confirm-confirm"]'));
    await waitFor(() => $('[data-testid="missing-translations"]'));
    // The confirmation is modal: it closes on the refusal, so that its reasons are seen.
    expect($('[data-testid="newsletter-confirm"]')).toBeNull();
    expect($('[data-testid="missing-translations"]')?.textContent).toContain('Text (Markdown) (English)');
    expect($('[data-testid="error-body_en"]')?.textContent).toBe('Fill this in both languages before publishing.');
    expect(JSON.parse(requests('POST', `${ISSUES}/7/send`)[0]!.body)).toEqual({ version: 3 });
    expect(text()).toContain('Not published');
  });
});

describe('console: what is typed in an issue is kept in the tab until saved', { timeout: 30_000 }, () => {
  it('a new issue comes back after the page is left, in Arabic too; saved, it is forgotten', async () => {
    await open('/admin/newsletter?issue=new');
    await type($('[data-testid="field-body_en"]'), 'A long issue typed before the session ended.');
    tearDown();

    await setUp('ar');
    await open('/admin/newsletter?issue=new');
    expect($('[data-testid="newsletter-draft-restored"]')?.textContent).toBe('أعدنا ما كتبته هنا من قبل ولم يُحفظ. راجِعه ثم احفظه.');
    expect(($('[data-testid="field-body_en"]') as HTMLTextAreaElement).value).toBe('A long issue typed before the session ended.');
    api.answers.set(`POST ${ISSUES}`, { status: 201, body: { status: true, msg: 'Saved.', data: { ...draft, body_en: 'A long issue typed before the session ended.' } } });
    api.answers.set(`GET ${ISSUES}/7`, { status: 200, body: { status: true, data: { ...draft, body_en: 'A long issue typed before the session ended.' } } });
    await click($('[data-testid="newsletter-save"]'));
    await waitFor(() => requests('POST', ISSUES).length === 1);
    expect(JSON.parse(requests('POST', ISSUES)[0]!.body)).toMatchObject({ body_en: 'A long issue typed before the session ended.' });
    tearDown();

    await setUp('en');
    await open('/admin/newsletter?issue=new');
    expect($('[data-testid="newsletter-draft-restored"]')).toBeNull();
    expect(($('[data-testid="field-body_en"]') as HTMLTextAreaElement).value).toBe('');
  });

  it('an issue being edited comes back over the same version only', async () => {
    api.answers.set(`GET ${ISSUES}/7`, { status: 200, body: { status: true, data: draft } });
    await open('/admin/newsletter?issue=7');
    await waitFor(() => $('[data-testid="field-body_en"]'));
    await type($('[data-testid="field-body_en"]'), 'My English text');
    tearDown();

    await setUp('en');
    await open('/admin/newsletter?issue=7');
    await waitFor(() => $('[data-testid="newsletter-draft-restored"]'));
    await waitFor(() => ($('[data-testid="field-body_en"]') as HTMLTextAreaElement).value === 'My English text');
    tearDown();

    await setUp('en');
    api.answers.set(`GET ${ISSUES}/7`, { status: 200, body: { status: true, data: { ...draft, version: 4, body_en: 'Their text' } } });
    await open('/admin/newsletter?issue=7');
    await waitFor(() => ($('[data-testid="field-body_en"]') as HTMLTextAreaElement | null)?.value === 'Their text');
    expect($('[data-testid="newsletter-draft-restored"]')).toBeNull();
  });
});
