/**
 * The author's side of the review, through the real `apiClient` and `../../api/{research,supervision}`
 * against the shared test API server (real HTTP on 127.0.0.1; nothing of ours replaced): every
 * status in words, "changes requested" linking to the edit form, the expected decision date, and
 * the timeline (by role, or by name when signed); above it, the supervisor section: a pending
 * invitation's "remind" is disabled until its time, which is shown, and "name someone else" opens
 * the form, which shows the server's refusal.
 */
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { ResearchMineItem, SupervisionMine } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, submit, tearDown, type, waitFor } from '../../test/harness';
import { ResearchTab } from './ResearchTab';

const item = (id: number, status: ResearchMineItem['status'], expected: string | null = null): ResearchMineItem => ({
  id,
  title: `بحث ${id}`,
  title_en: `Research ${id}`,
  status,
  research_type: 'master',
  created_at: '2026-02-01T09:00:00.000Z',
  updated_at: '2026-02-01T09:00:00.000Z',
  expected_decision_to: expected,
  decision_reason: null,
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

const api = testApiServerPerFile();
const ok = (data: unknown, msg?: string) => ({ status: 200, body: { status: true, ...(msg ? { msg } : {}), data } });
const mine = (research: ResearchMineItem[], supervision: SupervisionMine) => {
  api.answers.set('GET /api/research/mine', ok(research));
  api.answers.set('GET /api/supervision/mine', ok(supervision));
};
const posts = () => api.seen.filter((request) => request.method === 'POST');

beforeEach(async () => {
  await setUp('en');
});
afterEach(tearDown);

describe('profile: research submissions', { timeout: 30_000 }, () => {
  it('says each state in words, links changes requested to the edit form, shows the expected date and the timeline', async () => {
    mine(
      [item(1, 'pending_supervisor'), item(2, 'under_review', '2026-02-22T09:00:00.000Z'), item(3, 'changes_requested'), item(4, 'approved'), { ...item(5, 'rejected'), decision_reason: 'خارج نطاق المنصة.' }, item(6, 'removed')],
      { supervisor: { id: 9, name: 'Dr. Huda', email: 'huda@uni.ae' }, invitation: null },
    );
    await render(<MemoryRouter><ResearchTab /></MemoryRouter>);

    const states = await waitFor(() => {
      const found = $$('[data-testid="research-state"]').map((node) => node.textContent);
      expect(found).toHaveLength(6);
      return found;
    });
    expect(new Set(states).size).toBe(6);
    const list = api.seen.find((request) => request.path === '/api/research/mine')!;
    expect(Object.fromEntries(new URLSearchParams(list.query))).toEqual({ limit: '100' });
    const changes = $$('[data-testid="research-row"]').find((row) => row.dataset.status === 'changes_requested')!;
    expect(changes.textContent).toContain('Changes requested: edit and resubmit.');
    expect(changes.querySelector('[data-testid="research-open"]')?.getAttribute('href')).toBe('/research-exchange?edit=3');
    // A decision's reason is in its row, under its label, in a block of its own direction and
    // alignment (an Arabic reason on this English page starts on the right); a row without one has none.
    const rejected = $$('[data-testid="research-row"]').find((row) => row.dataset.status === 'rejected')!;
    const reason = rejected.querySelector('[data-testid="research-reason-text"]')!;
    expect(reason.textContent).toBe('خارج نطاق المنصة.');
    expect(reason.tagName).toBe('P');
    expect(reason.getAttribute('dir')).toBe('auto');
    expect(reason.className).toContain('text-start');
    expect(reason.previousElementSibling?.textContent).toBe('Reason');
    expect(changes.querySelector('[data-testid="research-reason"]')).toBeNull();
    const review = $$('[data-testid="research-row"]').find((row) => row.dataset.status === 'under_review')!;
    expect(review.textContent).toMatch(/By .*22.*2026/);
    // The supervisor section is its own chunk with its own call: it may show after the list.
    await waitFor(() => expect($('[data-testid="supervisor-accepted"]')?.textContent).toContain('Dr. Huda'));

    api.answers.set(
      'GET /api/research/3',
      ok({
        history: [
          { from: null, to: 'pending_supervisor', at: '2026-02-01T09:00:00.000Z', note: null, by_role: 'owner', by_name: null },
          { from: 'pending_supervisor', to: 'changes_requested', at: '2026-02-03T09:00:00.000Z', note: 'أضف الدراسات السابقة إلى المراجع.', by_role: 'supervisor', by_name: null },
          { from: 'changes_requested', to: 'under_review', at: '2026-02-04T09:00:00.000Z', note: null, by_role: 'reviewer', by_name: 'Dr. Sami' },
        ],
      }),
    );
    await click(changes.querySelector('[data-testid="research-timeline-toggle"]'));
    const steps = await waitFor(() => {
      const found = $$('[data-testid="timeline-step"]');
      expect(found).toHaveLength(3);
      return found;
    });
    expect(api.seen.filter((request) => request.path === '/api/research/3').map((request) => request.method)).toEqual(['GET']);
    expect(steps[1]!.textContent).toContain('Your supervisor');
    // The supervisor's Arabic note on this English page: a block of its own direction and alignment
    // under the label, so it starts on the right and its full stop stays at its own end.
    const note = steps[1]!.querySelector('[data-testid="timeline-note"]')!;
    expect(note.textContent).toBe('أضف الدراسات السابقة إلى المراجع.');
    expect(note.tagName).toBe('P');
    expect(note.getAttribute('dir')).toBe('auto');
    expect(note.className).toContain('text-start');
    expect(note.previousElementSibling?.textContent).toBe('Note');
    expect(steps[2]!.textContent).toContain('Dr. Sami');
    expect(steps[2]!.textContent).not.toContain('A reviewer');
  });

  it('without student work and without a supervisor: one line and a button, not the form; with a thesis, the form', async () => {
    mine([{ ...item(1, 'approved'), research_type: 'general' }], { supervisor: null, invitation: null });
    await render(<MemoryRouter><ResearchTab /></MemoryRouter>);
    await waitFor(() => expect($('[data-testid="supervisor-optional"]')?.textContent).toContain('a supervisor is needed only for those'));
    expect($('[data-testid="supervisor-form"]')).toBeNull();
    await click($('[data-testid="supervisor-open-form"]'));
    expect($('[data-testid="supervisor-form"] input[type="email"]')).not.toBeNull();
    tearDown();

    await setUp('en');
    mine([{ ...item(2, 'pending_supervisor'), research_type: 'doctorate' }], { supervisor: null, invitation: null });
    await render(<MemoryRouter><ResearchTab /></MemoryRouter>);
    await waitFor(() => expect($('[data-testid="supervisor-form"]')?.textContent).toContain('You have not named a supervisor yet.'));
    expect($('[data-testid="supervisor-optional"]')).toBeNull();
  });

  it('waits for the supervisor: remind disabled until its time, name someone else shows the refusal', async () => {
    mine([], {
      supervisor: null,
      invitation: { email: 'prof@uni.ae', state: 'pending', sent_at: '2026-02-01T09:00:00.000Z', reminded_at: null, remind_available_at: inAnHour() },
    });
    await render(<MemoryRouter><ResearchTab /></MemoryRouter>);
    await waitFor(() => expect($('[data-testid="supervisor-pending"]')?.textContent).toContain('prof@uni.ae'));
    expect($<HTMLButtonElement>('[data-testid="supervisor-remind"]')?.disabled).toBe(true);
    expect($('#supervisor-remind-at')?.textContent).toContain('You can send a reminder again from');

    await click($('[data-testid="supervisor-other"]'));
    api.answers.set('POST /api/supervision/mine', { status: 400, body: { status: false, msg: 'Enter a valid e-mail address.', err: 400 } });
    await type($('[data-testid="supervisor-form"] input'), 'not-an-address');
    await submit($('[data-testid="supervisor-form"]'));
    await waitFor(() => expect($('[data-testid="supervisor-form"] [role="alert"]')?.textContent).toBe('Enter a valid e-mail address.'));
    expect(posts().map((request) => [request.path, JSON.parse(request.body)])).toEqual([['/api/supervision/mine', { email: 'not-an-address' }]]);

    api.answers.set(
      'POST /api/supervision/mine',
      ok({ supervisor: null, invitation: { email: 'other@uni.ae', state: 'pending', sent_at: new Date().toISOString(), reminded_at: null, remind_available_at: null } }, 'Invitation sent.'),
    );
    await type($('[data-testid="supervisor-form"] input'), 'other@uni.ae');
    await submit($('[data-testid="supervisor-form"]'));
    await waitFor(() => expect($('[data-testid="supervisor-pending"]')?.textContent).toContain('other@uni.ae'));
    expect(posts().map((request) => JSON.parse(request.body))).toEqual([{ email: 'not-an-address' }, { email: 'other@uni.ae' }]);
    expect($<HTMLButtonElement>('[data-testid="supervisor-remind"]')?.disabled).toBe(false);
  });
});
