/**
 * The profile's Consultations tab and its session card, through the real `apiClient` and
 * `../../api/consultations` against the shared test API server (real HTTP; nothing of ours
 * replaced): closed sessions (declined, expired, canceled) sit with the past ones, never under
 * "Upcoming", and one the consultant turned down offers "Pick another time" (the e-mail's link); a
 * member without sessions reads one empty message; a reason another person wrote is isolated in its
 * own direction; a pending request offers its consultant decline, not a second "cancel".
 */
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { Consultation } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, tearDown, text, waitFor } from '../../test/harness';
import { ConsultationsTab } from './ConsultationsTab';
import { SessionCard } from './SessionCard';
import { consultationFixture } from '../../test/consultation-fixture';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const session = consultationFixture;

const REASON = 'لا أستطيع في هذا الموعد، اختر موعدًا آخر.';

const api = testApiServerPerFile();
const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({ status: 200, body: { status: true, data, ...extra } });
const sessions = (list: Consultation[]) => {
  api.answers.set('GET /api/consultant-profile', ok(null));
  api.answers.set('POST /api/consultations/paginate', ok(list, { tot: list.length }));
};
const card = (id: number) => $(`[data-testid="session-card"][data-id="${id}"]`);

beforeEach(async () => {
  await setUp('en');
});
afterEach(tearDown);

describe('profile: consultations', { timeout: 30_000 }, () => {
  it('lists declined, expired and canceled sessions with the past ones, and offers "Pick another time" after a consultant turned one down', async () => {
    sessions([
      session(1, { state: 'accepted' }),
      session(2, { state: 'declined', decisionReason: REASON, counts: false }),
      session(3, { state: 'canceled', canceledBy: 'consultant', cancelReason: REASON, counts: false }),
      session(4, { state: 'canceled', canceledBy: 'member', cancelReason: 'Travelling.', counts: false }),
      session(5, { state: 'expired', counts: false }),
      session(6, { state: 'requested', canCancel: true }),
      session(7, { state: 'accepted', start: at(-72), end: at(-71) }),
    ]);
    await render(<MemoryRouter><ConsultationsTab /></MemoryRouter>);
    const ids = (group: string) => $$(`[data-testid="sessions-member-${group}"] [data-testid="session-card"]`).map((node) => node.dataset.id);
    await waitFor(() => expect(ids('past')).toHaveLength(5));
    expect(ids('upcoming')).toEqual(['1', '6']);
    expect(ids('past')?.sort()).toEqual(['2', '3', '4', '5', '7']);

    // The consultant's page, as the decline and expiry e-mails link it; not after the member's own cancel.
    const pickAgain = (id: number) => card(id)?.querySelector('[data-testid="session-pick-again"]');
    for (const id of [2, 3, 5]) {
      expect(pickAgain(id)?.getAttribute('href')).toBe('/consultations/7');
      expect(pickAgain(id)?.textContent).toBe('Pick another time');
    }
    for (const id of [1, 4, 6, 7]) expect(pickAgain(id)).toBeNull();
  });

  it('names an accepted session whose time is over as past, not confirmed, in both languages', async () => {
    const cards = () => (
      <MemoryRouter>
        <ul>
          <SessionCard session={session(1, { state: 'accepted' })} as="member" onChange={() => {}} />
          <SessionCard session={session(7, { state: 'accepted', start: at(-72), end: at(-71) })} as="member" onChange={() => {}} />
          <SessionCard session={session(8, { state: 'accepted', start: at(-72), end: at(-71) })} as="consultant" onChange={() => {}} />
        </ul>
      </MemoryRouter>
    );
    await render(cards());
    const state = (id: number) => card(id)!.querySelector('[data-testid="session-state"]')?.textContent;
    expect([state(1), state(7), state(8)]).toEqual(['Confirmed', 'Past session', 'Past session']);
    tearDown();
    await setUp('ar');
    await render(cards());
    expect([state(1), state(7), state(8)]).toEqual(['مؤكدة', 'جلسة سابقة', 'جلسة سابقة']);
  });

  it('shows one empty message to a member without sessions', async () => {
    sessions([]);
    await render(<MemoryRouter><ConsultationsTab /></MemoryRouter>);
    const empty = await waitFor(() => {
      const found = $('[data-testid="sessions-member"] [data-testid="sessions-empty"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(empty.textContent).toContain('No sessions yet.');
    expect(text()).not.toContain('No data found');
    expect(empty.querySelector('a')?.getAttribute('href')).toBe('/consultations');
  });

  it('isolates the reason in its own direction (an Arabic reason on an English page)', async () => {
    await render(
      <MemoryRouter>
        <ul>
          <SessionCard session={session(2, { state: 'declined', decisionReason: REASON })} as="member" onChange={() => {}} />
          <SessionCard session={session(3, { state: 'canceled', canceledBy: 'consultant', cancelReason: REASON })} as="member" onChange={() => {}} />
        </ul>
      </MemoryRouter>,
    );
    for (const id of [2, 3]) {
      const reason = card(id)!.querySelector('[data-testid="session-reason"]')!;
      expect(reason.textContent).toBe(REASON);
      // Its own element: <bdi> (or dir="auto"), so the label's direction does not carry into it.
      expect(reason.tagName === 'BDI' || reason.getAttribute('dir') === 'auto').toBe(true);
      expect(reason.parentElement!.textContent).toContain('Reason:');
    }
  });

  it('offers the consultant of a pending request decline (the API gives no cancel there), with what the member is told', async () => {
    await render(
      <MemoryRouter>
        <ul>
          <SessionCard session={session(6, { state: 'requested', canAnswer: true, canCancel: false })} as="consultant" onChange={() => {}} />
          <SessionCard session={session(1, { state: 'accepted', canCancel: true })} as="consultant" onChange={() => {}} />
        </ul>
      </MemoryRouter>,
    );
    const request = card(6)!;
    expect(request.querySelector('[data-testid="session-accept"]')).not.toBeNull();
    expect(request.querySelector('[data-testid="session-decline"]')).not.toBeNull();
    expect(request.querySelector('[data-testid="session-cancel"]')).toBeNull();
    // Its state speaks to the consultant, who is the one to answer; the member's card waits for the consultant.
    expect(request.querySelector('[data-testid="session-state"]')?.textContent).toBe('Waiting for your answer');
    // An accepted session keeps its cancel.
    expect(card(1)!.querySelector('[data-testid="session-cancel"]')).not.toBeNull();
    // The member's name keeps its own direction inside "From {{name}}" (first strong isolate).
    expect(request.textContent).toContain('From \u2068Salem Member\u2069');
    // The decline dialog says what the member is told and that the slot is free again.
    await click(request.querySelector('[data-testid="session-decline"]'));
    expect($('[data-testid="decline-dialog"]')?.textContent).toContain('invited to pick another time. The slot is free again');
  });

  it('shows the consultant the rating and review the member gave, not as their own ("Your rating")', async () => {
    const rated = { state: 'accepted' as const, start: at(-72), end: at(-71), rating: 4, review: 'Clear and practical.', canWriteNotes: true };
    await render(
      <MemoryRouter>
        <ul>
          <SessionCard session={session(7, rated)} as="consultant" onChange={() => {}} />
          <SessionCard session={session(8, rated)} as="member" onChange={() => {}} />
        </ul>
      </MemoryRouter>,
    );
    const given = card(7)!.querySelector('[data-testid="session-member-rating"]')!;
    expect(given.textContent).toContain('The member’s rating: 4 of 5');
    expect(given.textContent).toContain('Clear and practical.');
    expect(card(7)!.textContent).not.toContain('Your rating');
    // The member's own card still says it is theirs.
    expect(card(8)!.querySelector('[data-testid="session-rating"]')?.textContent).toBe('Your rating: 4 of 5');
  });

  it('keeps the member’s rating on the consultant’s card once the notes can no longer be written', async () => {
    await render(<MemoryRouter><ul><SessionCard session={session(7, { start: at(-900), end: at(-899), rating: 3, review: 'Useful.', canWriteNotes: false })} as="consultant" onChange={() => {}} /></ul></MemoryRouter>);
    expect(card(7)!.querySelector('[data-testid="session-member-rating"]')?.textContent).toBe('The member’s rating: 3 of 5Useful.');
    expect(card(7)!.querySelector('[data-testid="session-notes-input"]')).toBeNull();
    expect(card(7)!.querySelector('[data-testid="session-files"]')).toBeNull();
  });

  it('asks before removing a file the member may still need; going back removes nothing', async () => {
    const withFile = session(7, { start: at(-72), end: at(-71), canWriteNotes: true, files: [{ id: 3, name: 'slides.pdf' }] });
    api.answers.set('DELETE /api/consultations/7/files/3', ok({ ...withFile, files: [] }));
    const deletes = () => api.seen.filter((request) => request.method === 'DELETE');
    await render(<MemoryRouter><ul><SessionCard session={withFile} as="consultant" onChange={() => {}} /></ul></MemoryRouter>);
    await click(card(7)!.querySelector('[aria-label="Remove slides.pdf"]'));
    expect($('[data-testid="remove-file-dialog"]')?.textContent).toContain('The member will no longer be able to download “slides.pdf”.');
    await click([...$('[data-testid="remove-file-dialog"]')!.querySelectorAll('button')].find((button) => button.textContent === 'Cancel')!);
    expect($('[data-testid="remove-file-dialog"]')).toBeNull();
    expect(deletes()).toHaveLength(0);
    await click(card(7)!.querySelector('[aria-label="Remove slides.pdf"]'));
    await click($('[data-testid="remove-file-dialog-confirm"]'));
    await waitFor(() => expect(deletes().map((request) => request.path)).toEqual(['/api/consultations/7/files/3']));
  });

  it('a session the member moved says so on both cards, from when and why; the consultant does not read it as a new request', async () => {
    const moved = { state: 'requested' as const, canAnswer: true, rescheduled: { from: '2031-03-10T06:00:00.000Z', at: at(-1), reason: 'Exam that day' } };
    await render(
      <MemoryRouter>
        <ul>
          <SessionCard session={session(7, moved)} as="consultant" onChange={() => {}} />
          <SessionCard session={session(8, { ...moved, canAnswer: false })} as="member" onChange={() => {}} />
        </ul>
      </MemoryRouter>,
    );
    const line = (id: number) => card(id)!.querySelector('[data-testid="session-rescheduled"]')?.textContent ?? '';
    expect(line(7)).toMatch(/^Moved by the member from .*2031.* · Reason: Exam that day$/);
    expect(line(8)).toMatch(/^You moved it from .*2031/);
    // Once it is over or closed, the move is history: not repeated.
    tearDown();
    await setUp('en');
    await render(<MemoryRouter><ul><SessionCard session={session(9, { ...moved, state: 'declined' })} as="consultant" onChange={() => {}} /></ul></MemoryRouter>);
    expect(card(9)!.querySelector('[data-testid="session-rescheduled"]')).toBeNull();
  });

  it('in Arabic too: the closed group, the link and the reason', async () => {
    tearDown();
    await setUp('ar');
    sessions([session(2, { state: 'declined', decisionReason: 'I cannot make it.' }), session(1)]);
    await render(<MemoryRouter><ConsultationsTab /></MemoryRouter>);
    await waitFor(() => expect($('[data-testid="sessions-member-past"] [data-testid="session-card"][data-id="2"]')).not.toBeNull());
    expect(card(2)!.querySelector('[data-testid="session-pick-again"]')?.textContent).toBe('اختر موعدًا آخر');
    expect(card(2)!.querySelector('[data-testid="session-reason"]')?.textContent).toBe('I cannot make it.');
  });

  it('in Arabic, the consultant reads the member’s rating as the member’s', async () => {
    tearDown();
    await setUp('ar');
    await render(<MemoryRouter><ul><SessionCard session={session(7, { start: at(-72), end: at(-71), rating: 5, canWriteNotes: true })} as="consultant" onChange={() => {}} /></ul></MemoryRouter>);
    expect(card(7)!.querySelector('[data-testid="session-member-rating"]')?.textContent).toBe('تقييم العضو: 5 من 5');
  });

  it('names a pending request’s state for each side, in Arabic', async () => {
    tearDown();
    await setUp('ar');
    await render(
      <MemoryRouter>
        <ul>
          <SessionCard session={session(6, { state: 'requested', canAnswer: true })} as="consultant" onChange={() => {}} />
          <SessionCard session={session(9, { state: 'requested' })} as="member" onChange={() => {}} />
        </ul>
      </MemoryRouter>,
    );
    expect(card(6)!.querySelector('[data-testid="session-state"]')?.textContent).toBe('بانتظار ردك');
    expect(card(9)!.querySelector('[data-testid="session-state"]')?.textContent).toBe('بانتظار المستشار');
  });

  it('tells whoever canceled a session that they did, as a move says "You moved it" (both languages)', async () => {
    const cards = () => (
      <MemoryRouter>
        <ul>
          <SessionCard session={session(4, { state: 'canceled', canceledBy: 'member', cancelReason: 'Travelling.' })} as="member" onChange={() => {}} />
          <SessionCard session={session(5, { state: 'canceled', canceledBy: 'member', cancelReason: 'Travelling.' })} as="consultant" onChange={() => {}} />
          <SessionCard session={session(6, { state: 'canceled', canceledBy: 'consultant', cancelReason: REASON })} as="consultant" onChange={() => {}} />
          <SessionCard session={session(7, { state: 'canceled', canceledBy: 'admin' })} as="member" onChange={() => {}} />
        </ul>
      </MemoryRouter>
    );
    const who = (id: number) => card(id)!.querySelector('[data-testid="session-canceled-by"]')?.textContent;
    await render(cards());
    expect(who(4)).toBe('Canceled by you');
    expect(who(5)).toBe('Canceled by the member');
    expect(who(6)).toBe('Canceled by you');
    expect(who(7)).toBe('Canceled by the platform');
    tearDown();
    await setUp('ar');
    await render(cards());
    expect(who(4)).toBe('ألغيتها أنت');
    expect(who(5)).toBe('ألغاها العضو');
    expect(who(6)).toBe('ألغيتها أنت');
  });
});
