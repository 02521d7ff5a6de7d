/**
 * The author's side of the review (the calls replaced): every status in words, "changes requested"
 * linking to the edit form, the expected decision date, and the timeline (by role, or by name when
 * signed); above it, the supervisor section: a pending invitation's "remind" is disabled until its
 * time, which is shown, and "name someone else" opens the form, which shows the server's refusal.
 */
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@scholars/shared-contracts';
import type { ResearchMineItem } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, submit, tearDown, type } from '../../test/harness';

const research = vi.hoisted(() => ({ fetchMyResearch: vi.fn(), fetchMySubmission: vi.fn() }));
const supervision = vi.hoisted(() => ({ fetchMySupervision: vi.fn(), nameSupervisor: vi.fn(), remindSupervisor: vi.fn(), fetchInvitation: vi.fn(), answerInvitation: vi.fn() }));
vi.mock('../../api/research', () => research);
vi.mock('../../api/supervision', () => supervision);
const { ResearchTab } = await import('./ResearchTab');

const item = (id: number, status: ResearchMineItem['status'], expected: string | null = null): ResearchMineItem => ({
  id,
  title: `بحث ${id}`,
  title_en: `Research ${id}`,
  status,
  research_type: 'master',
  created_at: '2026-02-01T09:00:00.000Z',
  updated_at: '2026-02-01T09:00:00.000Z',
  expected_decision_to: expected,
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

beforeEach(async () => {
  await setUp('en');
  [...Object.values(research), ...Object.values(supervision)].forEach((mock) => mock.mockReset());
});
afterEach(tearDown);

describe('profile: research submissions', () => {
  it('says each state in words, links changes requested to the edit form, shows the expected date and the timeline', async () => {
    research.fetchMyResearch.mockResolvedValue([
      item(1, 'pending_supervisor'),
      item(2, 'under_review', '2026-02-22T09:00:00.000Z'),
      item(3, 'changes_requested'),
      item(4, 'approved'),
      item(5, 'rejected'),
      item(6, 'removed'),
    ]);
    supervision.fetchMySupervision.mockResolvedValue({ supervisor: { id: 9, name: 'Dr. Huda', email: 'huda@uni.ae' }, invitation: null });
    await render(<MemoryRouter><ResearchTab /></MemoryRouter>);

    const states = $$('[data-testid="research-state"]').map((node) => node.textContent);
    expect(states).toHaveLength(6);
    expect(new Set(states).size).toBe(6);
    const changes = $$('[data-testid="research-row"]').find((row) => row.dataset.status === 'changes_requested')!;
    expect(changes.textContent).toContain('Changes requested: edit and resubmit.');
    expect(changes.querySelector('[data-testid="research-open"]')?.getAttribute('href')).toBe('/research-exchange?edit=3');
    const review = $$('[data-testid="research-row"]').find((row) => row.dataset.status === 'under_review')!;
    expect(review.textContent).toMatch(/By .*22.*2026/);
    expect($('[data-testid="supervisor-accepted"]')?.textContent).toContain('Dr. Huda');

    research.fetchMySubmission.mockResolvedValue({
      history: [
        { from: null, to: 'pending_supervisor', at: '2026-02-01T09:00:00.000Z', note: null, by_role: 'owner', by_name: null },
        { from: 'pending_supervisor', to: 'changes_requested', at: '2026-02-03T09:00:00.000Z', note: 'Shorten the abstract', by_role: 'supervisor', by_name: null },
        { from: 'changes_requested', to: 'under_review', at: '2026-02-04T09:00:00.000Z', note: null, by_role: 'reviewer', by_name: 'Dr. Sami' },
      ],
    });
    await click(changes.querySelector('[data-testid="research-timeline-toggle"]'));
    expect(research.fetchMySubmission).toHaveBeenCalledWith(3, expect.anything());
    const steps = $$('[data-testid="timeline-step"]');
    expect(steps).toHaveLength(3);
    expect(steps[1]!.textContent).toContain('Your supervisor');
    expect(steps[1]!.textContent).toContain('Shorten the abstract');
    expect(steps[2]!.textContent).toContain('Dr. Sami');
    expect(steps[2]!.textContent).not.toContain('A reviewer');
  });

  it('waits for the supervisor: remind disabled until its time, name someone else shows the refusal', async () => {
    research.fetchMyResearch.mockResolvedValue([]);
    supervision.fetchMySupervision.mockResolvedValue({
      supervisor: null,
      invitation: { email: 'prof@uni.ae', state: 'pending', sent_at: '2026-02-01T09:00:00.000Z', reminded_at: null, remind_available_at: inAnHour() },
    });
    await render(<MemoryRouter><ResearchTab /></MemoryRouter>);
    expect($('[data-testid="supervisor-pending"]')?.textContent).toContain('prof@uni.ae');
    expect($<HTMLButtonElement>('[data-testid="supervisor-remind"]')?.disabled).toBe(true);
    expect($('#supervisor-remind-at')?.textContent).toContain('You can send a reminder again from');

    await click($('[data-testid="supervisor-other"]'));
    supervision.nameSupervisor.mockRejectedValueOnce(new ApiError('Enter a valid e-mail address.', { kind: 'rejected', status: 400, msg: 'Enter a valid e-mail address.' }));
    await type($('[data-testid="supervisor-form"] input'), 'not-an-address');
    await submit($('[data-testid="supervisor-form"]'));
    expect(supervision.nameSupervisor).toHaveBeenCalledWith('not-an-address');
    expect($('[data-testid="supervisor-form"] [role="alert"]')?.textContent).toBe('Enter a valid e-mail address.');

    supervision.nameSupervisor.mockResolvedValueOnce({
      status: true,
      data: { supervisor: null, invitation: { email: 'other@uni.ae', state: 'pending', sent_at: new Date().toISOString(), reminded_at: null, remind_available_at: null } },
    });
    await type($('[data-testid="supervisor-form"] input'), 'other@uni.ae');
    await submit($('[data-testid="supervisor-form"]'));
    expect($('[data-testid="supervisor-pending"]')?.textContent).toContain('other@uni.ae');
    expect($<HTMLButtonElement>('[data-testid="supervisor-remind"]')?.disabled).toBe(false);
  });
});
