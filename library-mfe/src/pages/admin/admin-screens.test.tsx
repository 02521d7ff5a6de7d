/**
 * The operator screens through the real shared `apiClient` against a real HTTP server answering
 * like the API (nothing of ours mocked): the queue's filters become the API's query and its items
 * show their clock and age; a submission's decision needs its reason before any call, then sends
 * the decision (with the signature) and shows the server's message; the supervisor console lists
 * students and what waits for them.
 */
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n, tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { click, renderRootPerTest, typeInto, waitFor } from '@scholars/shared-contracts/testing/render-root';
import type { ReviewDetails, ReviewItem } from '@scholars/shared-contracts/schemas';
import { registerTranslations } from '../../i18n';
import { registerConsoleTranslations } from '../../i18n/console';
import { ReviewQueue } from './ReviewQueue';
import { ReviewSubmission } from './ReviewSubmission';
import { SupervisorConsole } from './SupervisorConsole';

const day = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * day).toISOString();
const owner = { id: 3, name: 'Sara Student', email: 'sara@example.ae' };
const reviewer = { id: 9, name: 'Rami Reviewer', email: 'rami@example.ae' };

const item = (id: number, days: number, clock: ReviewItem['clock']): ReviewItem => ({
  id,
  title: `بحث ${id}`,
  title_en: `Research ${id}`,
  research_type: 'master',
  status: 'under_review',
  owner,
  supervisor: null,
  assigned_reviewer: null,
  category: null,
  other_category: null,
  language: 'en',
  created_at: ago(days),
  updated_at: ago(days),
  submitted_at: ago(days),
  clock,
});

const details: ReviewDetails = {
  id: 12,
  title: 'عنوان عربي',
  title_en: 'An English title',
  description: 'وصف',
  description_en: 'A description',
  abstract: 'The abstract',
  category_id: null,
  category: null,
  other_category: 'Linguistics',
  research_type: 'master',
  status: 'pending_supervisor',
  image: 'public/research/x.png',
  file: { name: 'thesis.pdf', size: 1000, mime: 'application/pdf' },
  created_at: ago(3),
  updated_at: ago(3),
  submitted_at: ago(3),
  editable: true,
  expected_decision: { from: ago(-11), to: ago(-18) },
  decision: null,
  history: [],
  library_id: null,
  owner,
  author_locale: 'ar',
  supervisor: { id: 5, name: 'Dr Supervisor', email: 'sup@example.ae' },
  assigned_reviewer: null,
  clock: { state: 'open', days: 11, due_at: ago(-11), overdue_at: ago(-18) },
  transitions: [{ id: 1, from: null, to: 'pending_supervisor', at: ago(3), note: null, actor: { ...owner, role: 'user' }, signed: false }],
  allowed: ['under_review', 'changes_requested', 'rejected'],
};

const api = testApiServerPerFile();
const view = renderRootPerTest();
const { $, $$ } = view;

beforeAll(async () => {
  ensureI18n(i18next, 'en');
  registerTranslations();
  registerConsoleTranslations();
});
beforeEach(async () => {
  api.answers.set('GET /api/community-categories', { status: 200, body: { status: true, data: [] } });
  api.answers.set('GET /api/review/reviewers', { status: 200, body: { status: true, data: [reviewer] } });
  api.answers.set('GET /api/review/reason-templates', {
    status: 200,
    body: { status: true, data: [{ id: 1, decision: 'changes_requested', text: 'أضف المراجع', text_en: 'Add the references.' }] },
  });
  await act(async () => {
    await i18next.changeLanguage('en');
  });
});

async function render(path: string, pattern: string, element: React.ReactElement) {
  await view.render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ReviewQueue', () => {
  it('sends the filters of the address and shows each item with its age and clock', async () => {
    api.answers.set('GET /api/review/research', {
      status: 200,
      body: { status: true, data: [item(1, 26, { state: 'overdue', days: 5, due_at: ago(12), overdue_at: ago(5) }), item(2, 2, { state: 'open', days: 12, due_at: ago(-12), overdue_at: ago(-19) })], tot: 2 },
    });
    await render('/admin/review?research_type=master&overdue=true&q=thesis', '/admin/review', <ReviewQueue />);
    await waitFor(() => expect($$('[data-testid="review-item"]').length).toBe(2));
    const call = api.seen.find((request) => request.path === '/api/review/research')!;
    expect(Object.fromEntries(new URLSearchParams(call.query))).toEqual({ status: 'under_review', research_type: 'master', overdue: 'true', q: 'thesis', page: '1', limit: '20' });
    const [first, second] = $$('[data-testid="review-item"]');
    expect(first!.querySelector('[data-testid="review-clock"]')?.textContent).toContain('Overdue by 5 days');
    expect(first!.querySelector('[data-testid="review-age"]')?.textContent).toBe('Waiting 26 days');
    expect(second!.querySelector('[data-testid="review-clock"]')?.textContent).toContain('Due in 12 days');
    expect(first!.querySelector('a')?.getAttribute('href')).toBe('/admin/research/1');
    expect($('[data-testid="review-count"]')?.textContent).toBe('2 submissions');
  });

  it('a ticked filter asks the API again, from the first page', async () => {
    // (A total of 40: page 2 of 20 a page is in range, so the address stays until the click.)
    api.answers.set('GET /api/review/research', { status: 200, body: { status: true, data: [], tot: 40 } });
    await render('/admin/review?page=2', '/admin/review', <ReviewQueue />);
    await waitFor(() => expect($('[data-testid="review-empty"]')).not.toBeNull());
    await act(async () => $<HTMLInputElement>('input[name="assigned"]')!.click());
    await waitFor(() => expect(api.seen.filter((request) => request.path === '/api/review/research').length).toBe(2));
    const last = api.seen.filter((request) => request.path === '/api/review/research').at(-1)!;
    expect(Object.fromEntries(new URLSearchParams(last.query))).toEqual({ status: 'under_review', assigned: 'me', page: '1', limit: '20' });
  });
});

describe('ReviewSubmission', () => {
  it('shows both languages, asks for the reason before any call, then decides signed and shows the message', async () => {
    api.answers.set('GET /api/review/research/12', { status: 200, body: { status: true, data: details } });
    api.answers.set('POST /api/research/12/file-link', { status: 404, body: { status: false, msg: 'Not found', err: 404 } });
    api.answers.set('POST /api/review/research/12/transition', { status: 200, body: { status: true, msg: 'The author was asked for changes.', data: {} } });
    await render('/admin/research/12', '/admin/research/:id', <ReviewSubmission />);
    await waitFor(() => expect($('[data-testid="review-decision"]')).not.toBeNull());
    expect($('[data-testid="review-title-ar"]')?.textContent).toBe('عنوان عربي');
    expect($('[data-testid="review-title-en"]')?.textContent).toBe('An English title');
    expect($$('[data-testid="review-timeline-step"]')).toHaveLength(1);
    // Only the moves the API allows.
    expect($$('input[name="decision"]').map((input) => (input as HTMLInputElement).value)).toEqual(['under_review', 'changes_requested', 'rejected']);

    await act(async () => $<HTMLInputElement>('[data-testid="review-decision-changes_requested"]')!.click());
    await act(async () => $<HTMLFormElement>('[data-testid="review-decision"]')!.requestSubmit());
    expect($('[data-testid="error-reason"]')?.textContent).toBe('Write the reason or the note for the author.');
    expect(api.seen.some((request) => request.path.endsWith('/transition'))).toBe(false);

    // The template goes into the text box in the author's language (Arabic), while the screen is in English.
    expect($('[data-testid="review-template"] option[value="1"]')?.textContent).toBe('Add the references.');
    await act(async () => {
      const select = $<HTMLSelectElement>('[data-testid="review-template"]')!;
      select.value = '1';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(async () => $<HTMLButtonElement>('[data-testid="review-template-insert"]')!.click());
    expect($<HTMLTextAreaElement>('[data-testid="review-reason"]')!.value).toBe('أضف المراجع');
    await act(async () => $<HTMLInputElement>('[data-testid="review-sign"]')!.click());
    await act(async () => $<HTMLFormElement>('[data-testid="review-decision"]')!.requestSubmit());
    await waitFor(() => expect($('[data-testid="review-decision-done"]')?.textContent).toBe('The author was asked for changes.'));
    const sent = api.seen.find((request) => request.path === '/api/review/research/12/transition')!;
    expect(JSON.parse(sent.body)).toEqual({ to: 'changes_requested', reason: 'أضف المراجع', signed: true });
    // Refreshed after the decision (the reload may start after the message shows).
    await waitFor(() => expect(api.seen.filter((request) => request.path === '/api/review/research/12').length).toBe(2));
  });

  it('asks once more before a final decision (a rejection): nothing is sent until confirmed', async () => {
    api.answers.set('GET /api/review/research/12', { status: 200, body: { status: true, data: details } });
    api.answers.set('POST /api/research/12/file-link', { status: 404, body: { status: false, msg: 'Not found', err: 404 } });
    api.answers.set('POST /api/review/research/12/transition', { status: 200, body: { status: true, msg: 'The research was rejected.', data: {} } });
    await render('/admin/research/12', '/admin/research/:id', <ReviewSubmission />);
    await waitFor(() => expect($('[data-testid="review-decision"]')).not.toBeNull());
    await click($('[data-testid="review-decision-rejected"]'));
    await typeInto($('[data-testid="review-reason"]'), 'Outside the platform’s scope.');
    await act(async () => $<HTMLFormElement>('[data-testid="review-decision"]')!.requestSubmit());
    const dialog = await waitFor(() => $('[data-testid="review-confirm"]'));
    expect(dialog.textContent).toContain('This decision is final');
    expect(api.seen.some((request) => request.path.endsWith('/transition'))).toBe(false);
    // Going back sends nothing; confirming sends the rejection.
    await click([...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Go back')!);
    expect($('[data-testid="review-confirm"]')).toBeNull();
    expect(api.seen.some((request) => request.path.endsWith('/transition'))).toBe(false);
    await act(async () => $<HTMLFormElement>('[data-testid="review-decision"]')!.requestSubmit());
    await click(await waitFor(() => $('[data-testid="review-confirm-confirm"]')));
    await waitFor(() => expect($('[data-testid="review-decision-done"]')?.textContent).toBe('The research was rejected.'));
    const sent = api.seen.find((request) => request.path === '/api/review/research/12/transition')!;
    expect(JSON.parse(sent.body)).toEqual({ to: 'rejected', reason: 'Outside the platform’s scope.', signed: false });
  });

  it('on one’s own submission, says that another reviewer decides, and offers no decision', async () => {
    act(() => tokenStore.getState().setSession({ accessToken: 'token', user: { id: owner.id, name: owner.name, email: owner.email, role: 'user', roles: ['reviewer'] } }));
    api.answers.set('GET /api/review/research/12', { status: 200, body: { status: true, data: { ...details, status: 'under_review', allowed: [] } } });
    api.answers.set('POST /api/research/12/file-link', { status: 404, body: { status: false, msg: 'Not found', err: 404 } });
    await render('/admin/research/12', '/admin/research/:id', <ReviewSubmission />);
    await waitFor(() => expect($('[data-testid="review-no-decision"]')?.textContent).toBe('This is your own submission: another reviewer decides on it.'));
    expect($('[data-testid="review-decision"]')).toBeNull();
    act(() => tokenStore.getState().clear());
  });

  it('a reviewer assigns the submission from its page; the API\'s refusal is shown', async () => {
    act(() => tokenStore.getState().setSession({ accessToken: 'token', user: { id: 7, name: 'Rana Reviewer', email: 'rana@example.ae', role: 'user', roles: ['reviewer'] } }));
    api.answers.set('GET /api/review/research/12', { status: 200, body: { status: true, data: { ...details, status: 'under_review', allowed: [] } } });
    api.answers.set('POST /api/research/12/file-link', { status: 404, body: { status: false, msg: 'Not found', err: 404 } });
    api.answers.set('PUT /api/review/research/12/assignee', { status: 200, body: { status: true, msg: 'Assigned.', data: { ...details, assigned_reviewer: reviewer } } });
    await render('/admin/research/12', '/admin/research/:id', <ReviewSubmission />);
    const select = await waitFor(() => {
      const found = $<HTMLSelectElement>('[data-testid="review-assign"]');
      expect(found?.querySelector(`option[value="${reviewer.id}"]`)?.textContent).toBe(reviewer.name);
      return found!;
    });
    expect(select.querySelector('option[value="7"]')?.textContent).toBe('Me');
    await act(async () => {
      select.value = String(reviewer.id);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect($('[data-testid="review-decision-done"]')?.textContent).toBe('Assigned.'));
    expect(JSON.parse(api.seen.find((request) => request.path === '/api/review/research/12/assignee')!.body)).toEqual({ reviewer_id: reviewer.id });
    await waitFor(() => expect(api.seen.filter((request) => request.path === '/api/review/research/12').length).toBe(2));

    api.answers.set('PUT /api/review/research/12/assignee', { status: 422, body: { status: false, msg: 'The author cannot review their own submission.', err: 422 } });
    await act(async () => {
      select.value = '';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect($('[data-testid="review-assign-failed"]')?.textContent).toBe('The author cannot review their own submission.'));
    act(() => tokenStore.getState().clear());
  });

  it('a supervisor reads who reviews the submission, and asks for no reviewers\' list', async () => {
    act(() => tokenStore.getState().setSession({ accessToken: 'token', user: { id: 5, name: 'Dr Supervisor', email: 'sup@example.ae', role: 'user', roles: ['supervisor'] } }));
    api.answers.set('GET /api/review/research/12', { status: 200, body: { status: true, data: { ...details, assigned_reviewer: reviewer } } });
    api.answers.set('POST /api/research/12/file-link', { status: 404, body: { status: false, msg: 'Not found', err: 404 } });
    await render('/admin/research/12', '/admin/research/:id', <ReviewSubmission />);
    await waitFor(() => expect($('[data-testid="review-author"]')).not.toBeNull());
    expect($('[data-testid="review-assign"]')).toBeNull();
    expect($('[data-testid="review-submission"]')?.textContent).toContain('Rami Reviewer');
    expect(api.seen.some((request) => request.path === '/api/review/reviewers')).toBe(false);
    act(() => tokenStore.getState().clear());
  });

  it('timeline on an English page: an Arabic name is isolated before its role; an Arabic note is a block of its own direction', async () => {
    const supervisor = { id: 5, name: 'د. أحمد المشرف', email: 'sup@example.ae', role: 'supervisor' };
    const transitions: ReviewDetails['transitions'] = [
      ...details.transitions,
      { id: 2, from: 'pending_supervisor', to: 'changes_requested', at: ago(1), note: 'أضف فصل المنهجية.', actor: supervisor, signed: true },
    ];
    api.answers.set('GET /api/review/research/12', { status: 200, body: { status: true, data: { ...details, transitions } } });
    api.answers.set('POST /api/research/12/file-link', { status: 404, body: { status: false, msg: 'Not found', err: 404 } });
    await render('/admin/research/12', '/admin/research/:id', <ReviewSubmission />);
    const by = await waitFor(() => $$('[data-testid="review-timeline-by"]')[1]!);
    // Read in the page's direction: the name, then "(Supervisor)"; not "(Supervisor) د. أحمد المشرف".
    expect(by.textContent).toBe('د. أحمد المشرف (Supervisor)');
    expect(by.hasAttribute('dir')).toBe(false);
    // The name alone is isolated (<bdi>), so the role follows it in the page's direction.
    expect(by.querySelector('bdi')?.textContent).toBe('د. أحمد المشرف');
    const note = $('[data-testid="review-timeline-note"]')!;
    expect(note.getAttribute('dir')).toBe('auto');
    expect(note.className).toContain('text-start');
    expect(note.textContent).toBe('أضف فصل المنهجية.');
  });

  it('a submission that is not there says so', async () => {
    api.answers.set('GET /api/review/research/13', { status: 404, body: { status: false, msg: 'Not found', err: 404 } });
    await render('/admin/research/13', '/admin/research/:id', <ReviewSubmission />);
    await waitFor(() => expect($('[data-testid="review-not-found"]')).not.toBeNull());
  });
});

describe('SupervisorConsole', () => {
  it('lists the students and what waits for the supervisor, in Arabic', async () => {
    await act(async () => {
      await i18next.changeLanguage('ar');
    });
    api.answers.set('GET /api/supervision/students', {
      status: 200,
      body: { status: true, data: [{ ...owner, since: ago(30), open_submissions: 2, awaiting_you: 1 }] },
    });
    api.answers.set('GET /api/review/research', { status: 200, body: { status: true, data: [{ ...item(4, 3, null), status: 'pending_supervisor' }], tot: 1 } });
    await render('/admin/supervision', '/admin/supervision', <SupervisorConsole />);
    await waitFor(() => expect($$('[data-testid="supervision-item"]').length).toBe(1));
    await waitFor(() => expect($$('[data-testid="supervision-student"]').length).toBe(1));
    expect($('[data-testid="supervision-item"] a')?.textContent).toBe('بحث 4');
    expect($('[data-testid="supervision-item"]')?.textContent).toContain('ينتظر منذ 3 أيام');
    expect($('[data-testid="supervision-awaiting"]')?.textContent).toBe('1');
    const call = api.seen.find((request) => request.path === '/api/review/research')!;
    expect(new URLSearchParams(call.query).get('status')).toBe('pending_supervisor');
  });
});
