/**
 * A conference's registration box through the real `apiClient` against the test API server: a
 * registration refused with 409 because the last seat went meanwhile (the page was loaded while
 * seats were left) leaves the member unregistered, with the server's message and no "Cancel my
 * registration"; one refused because they registered in another tab shows them registered.
 */
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { NO_IMPORTANT_DATES, translateMessage, type ConferenceDetails as Details } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, tearDown, waitFor } from '../test/harness';
import { ConferenceDetails } from './ConferenceDetails';
import { ConferenceList } from './ConferenceList';

const conference: Details = {
  id: 11,
  category_id: null,
  category: null,
  title: 'الملتقى السنوي لطلبة الدراسات العليا',
  title_en: 'Annual Graduate Students Forum',
  description: 'وصف',
  description_en: 'Description',
  overview: 'نظرة',
  overview_en: 'Overview',
  objectives: 'هدف',
  objectives_en: 'Goal',
  image: null,
  start_date: '2031-04-07T05:00:00.000Z',
  end_date: '2031-04-08T12:00:00.000Z',
  timezone: 'Asia/Dubai',
  mode: 'hybrid',
  venue: 'أبوظبي',
  venue_en: 'Abu Dhabi',
  keywords: [],
  phase: 'upcoming',
  registration_open: true,
  full: false,
  excerpts: null,
  excerpts_en: null,
  agenda: [],
  speakers: [],
  important_dates: NO_IMPORTANT_DATES,
  registered: false,
  waiting: null,
};

const api = testApiServerPerFile();
const details = (values: Partial<Details>) => api.answers.set('GET /api/conference/11', { status: 200, body: { status: true, data: { ...conference, ...values } } });

const renderConference = () =>
  render(
    <MemoryRouter initialEntries={['/conference/11']}>
      <Routes>
        <Route path="/conference/:id" element={<ConferenceDetails />} />
      </Routes>
    </MemoryRouter>,
  );

async function open() {
  await renderConference();
  return waitFor(() => $('[data-testid="register-button"]')!);
}

/** The page of a conference the member is registered for (its "Cancel my registration" shown). */
async function openRegistered() {
  await render(
    <MemoryRouter initialEntries={['/conference/11']}>
      <Routes>
        <Route path="/conference/:id" element={<ConferenceDetails />} />
      </Routes>
    </MemoryRouter>,
  );
  return waitFor(() => $('[data-testid="register-cancel"]')!);
}

beforeEach(async () => {
  await setUp('en');
  tokenStore.getState().setSession({ accessToken: 'token', user: { id: 5, name: 'Member', email: 'm@example.ae', role: 'user', roles: [] } as never });
});
afterEach(tearDown);

describe('conference registration box', { timeout: 30_000 }, () => {
  it('the last seat went meanwhile: not registered, the server’s message, no cancel', async () => {
    details({});
    const button = await open();
    const full = translateMessage('en', 'validation.conferenceFull', { capacity: 1 });
    api.answers.set('POST /api/conference/11/register', { status: 409, body: { status: false, msg: full, err: 409 } });
    // Read again, the conference is full: registration closed, and this member not registered.
    details({ registration_open: false, registered: false });
    await click(button);
    await waitFor(() => expect($('[data-testid="register-status"]')?.textContent).toBe(full));
    expect($('[data-testid="register-cancel"]')).toBeNull();
    expect($('[data-testid="register-button"]')).toBeNull();
  });

  it('already registered in another tab: shown registered, with the server’s message', async () => {
    details({});
    const button = await open();
    const already = translateMessage('en', 'validation.conferenceAlreadyRegistered');
    api.answers.set('POST /api/conference/11/register', { status: 409, body: { status: false, msg: already, err: 409 } });
    details({ registered: true });
    await click(button);
    await waitFor(() => expect($('[data-testid="register-cancel"]')).not.toBeNull());
    expect($('[data-testid="register-status"]')?.textContent).toBe(already);
  });

  it('canceling the seat of a full conference opens it again: registration offered, with the server’s word that it is canceled', async () => {
    // Full (every seat taken, this member's included): registration closed, this member registered.
    details({ registration_open: false, registered: true });
    await openRegistered();
    const canceled = translateMessage('en', 'success.conferenceRegistrationCanceled');
    api.answers.set('DELETE /api/conference/11/register', { status: 200, body: { status: true, msg: canceled, data: { id: 1, conference_id: 11, status: 'canceled', created_at: '2026-11-20T10:00:00.000Z', canceled_by: 'member' } } });
    // Read again, their seat is free.
    details({ registration_open: true, registered: false });
    await click($('[data-testid="register-cancel"]'));
    await click(await waitFor(() => $('[data-testid="register-cancel-confirm-confirm"]')!));
    await waitFor(() => expect($('[data-testid="register-button"]')).not.toBeNull());
    expect($('[data-testid="register-canceled"]')?.textContent).toBe(canceled);
    expect(api.seen.filter((request) => request.method === 'GET' && request.path === '/api/conference/11')).toHaveLength(2);
  });

  it('a full conference says every seat is taken (not only that registration is closed) and offers its waiting list, in Arabic too', async () => {
    details({ registration_open: false, full: true });
    await renderConference();
    await waitFor(() => expect($('[data-testid="register-status"]')?.textContent).toBe('Every seat is taken. Join the waiting list: a freed seat goes to the member who has waited longest.'));
    expect($('[data-testid="waiting-list-button"]')?.textContent).toBe('Join the waiting list');
    tearDown();
    await setUp('ar');
    await renderConference();
    await waitFor(() => expect($('[data-testid="register-status"]')?.textContent).toBe('اكتملت المقاعد. انضم إلى قائمة الانتظار: يذهب المقعد الذي يتحرّر إلى العضو الذي انتظر أطول.'));
    expect($('[data-testid="waiting-list-button"]')?.textContent).toBe('انضم إلى قائمة الانتظار');
  });

  it('joins a full conference’s waiting list with the server’s word, then leaves it; a member waiting reads their place', async () => {
    details({ registration_open: false, full: true });
    await renderConference();
    const joined = translateMessage('en', 'success.conferenceWaitingJoined', { place: 3 });
    api.answers.set('POST /api/conference/11/waiting-list', { status: 201, body: { status: true, msg: joined, data: { place: 3 } } });
    await click(await waitFor(() => $('[data-testid="waiting-list-button"]')!));
    await waitFor(() => expect($('[data-testid="register-status"]')?.textContent).toBe(joined));
    expect($('[data-testid="waiting-list-button"]')?.textContent).toBe('Leave the waiting list');
    const left = translateMessage('en', 'success.conferenceWaitingLeft');
    api.answers.set('DELETE /api/conference/11/waiting-list', { status: 200, body: { status: true, msg: left, data: { place: null } } });
    await click($('[data-testid="waiting-list-button"]'));
    await waitFor(() => expect($('[data-testid="register-status"]')?.textContent).toBe(left));
    expect($('[data-testid="waiting-list-button"]')?.textContent).toBe('Join the waiting list');
    expect(api.seen.filter((request) => request.path === '/api/conference/11/waiting-list').map((request) => request.method)).toEqual(['POST', 'DELETE']);

    tearDown();
    await setUp('ar');
    tokenStore.getState().setSession({ accessToken: 'token', user: { id: 5, name: 'Member', email: 'm@example.ae', role: 'user', roles: [] } as never });
    details({ registration_open: false, full: true, waiting: 2 });
    await renderConference();
    await waitFor(() => expect($('[data-testid="register-status"]')?.textContent).toBe('أنت في قائمة الانتظار، رقم 2. إن تحرّر مقعد لك سُجّلت وأُبلغت بالبريد الإلكتروني.'));
    expect($('[data-testid="waiting-list-button"]')?.textContent).toBe('غادر قائمة الانتظار');
  });

  it('canceling while the organizers have closed registration: closed, and the server’s word that it is canceled', async () => {
    details({ registration_open: false, registered: true });
    await openRegistered();
    const canceled = translateMessage('en', 'success.conferenceRegistrationCanceled');
    api.answers.set('DELETE /api/conference/11/register', { status: 200, body: { status: true, msg: canceled, data: { id: 1, conference_id: 11, status: 'canceled', created_at: '2026-11-20T10:00:00.000Z', canceled_by: 'member' } } });
    details({ registration_open: false, registered: false });
    await click($('[data-testid="register-cancel"]'));
    await click(await waitFor(() => $('[data-testid="register-cancel-confirm-confirm"]')!));
    await waitFor(() => expect($('[data-testid="register-canceled"]')?.textContent).toBe(canceled));
    expect($('[data-testid="register-status"]')?.textContent).toBe('Registration is closed.');
    expect($('[data-testid="register-button"]')).toBeNull();
  });

  it('another member signing in (another tab) never sees the first one\'s registration', async () => {
    details({});
    const button = await open();
    api.answers.set('POST /api/conference/11/register', { status: 201, body: { status: true, msg: 'You are registered.', data: { id: 1 } } });
    details({ registered: true });
    await click(button);
    await waitFor(() => expect($('[data-testid="register-cancel"]')).not.toBeNull());
    // Member 5 signs out in another tab, and member 6 signs in there: this page reads the conference
    // again, as member 6, who is not registered.
    details({ registered: false });
    await act(async () => tokenStore.getState().clear());
    await waitFor(() => expect($('[data-testid="register-button"]')).not.toBeNull());
    expect($('[data-testid="register-cancel"]')).toBeNull();
    await act(async () => tokenStore.getState().setSession({ accessToken: 'token-6', user: { id: 6, name: 'Other', email: 'o@example.ae', role: 'user', roles: [] } as never }));
    await waitFor(() => expect($('[data-testid="register-button"]')).not.toBeNull());
    expect($('[data-testid="register-status"]')).toBeNull();
    expect($('[data-testid="register-cancel"]')).toBeNull();
  });
});


describe('conference: back to the list it was opened from', { timeout: 30_000 }, () => {
  const category = { id: 2, name: 'الذكاء الاصطناعي', name_en: 'Artificial intelligence' };
  const backLink = () => $<HTMLAnchorElement>('[data-testid="conferences-details"] > a')!.getAttribute('href');

  async function openAt(entry: string) {
    api.answers.set('GET /api/conference-categories', { status: 200, body: { status: true, data: [category] } });
    const { id, title, title_en, description, description_en, image, start_date, end_date, timezone, mode, venue, venue_en, keywords } = conference;
    const card = { id, category_id: 2, title, title_en, description, description_en, image, start_date, end_date, timezone, mode, venue, venue_en, keywords };
    api.answers.set('POST /api/conference/by-category', { status: 200, body: { status: true, data: [card], tot: 20 } });
    details({ category_id: 2, category });
    await render(
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/conferences/:id" element={<ConferenceList />} />
          <Route path="/conference/:id" element={<ConferenceDetails />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('keeps the search, mode and page of the list, also after switching tabs', async () => {
    await openAt('/conferences/2?q=forum&mode=hybrid&page=2');
    await click(await waitFor(() => $<HTMLAnchorElement>('[data-testid="conference-card"] h2 a')!));
    await waitFor(() => expect($('[data-testid="register-button"]')).not.toBeNull());
    expect(backLink()).toBe('/conferences/2?q=forum&mode=hybrid&page=2');
    await click($$<HTMLButtonElement>('[role="tab"]')[1]!);
    await waitFor(() => expect($('[role="tab"][aria-selected="true"]')?.textContent).toBe('Agenda'));
    expect(backLink()).toBe('/conferences/2?q=forum&mode=hybrid&page=2');
  });

  it('opened from elsewhere (a link, the home page): the category\'s list itself', async () => {
    await openAt('/conference/11');
    await waitFor(() => expect($('[data-testid="register-button"]')).not.toBeNull());
    expect(backLink()).toBe('/conferences/2');
  });
});

describe('an unknown conference', { timeout: 30_000 }, () => {
  it('says so and links to the first category there is, not a fixed one', async () => {
    api.answers.set('GET /api/conference/11', { status: 404, body: { status: false, msg: 'Not found', err: 404 } });
    api.answers.set('GET /api/conference-categories', { status: 200, body: { status: true, data: [{ id: 7, name: 'التعليم', name_en: 'Education' }] } });
    await renderConference();
    await waitFor(() => expect($('[data-testid="conference-not-found"]')).not.toBeNull());
    await waitFor(() => expect($('[data-testid="conference-not-found-back"]')?.getAttribute('href')).toBe('/conferences/7'));
    expect($('[data-testid="conference-not-found-back"]')?.textContent).toBe('Back to the conferences');
  });

  it('links to the home page when there is no category', async () => {
    api.answers.set('GET /api/conference/11', { status: 404, body: { status: false, msg: 'Not found', err: 404 } });
    api.answers.set('GET /api/conference-categories', { status: 200, body: { status: true, data: [] } });
    await renderConference();
    await waitFor(() => expect($('[data-testid="conference-not-found"]')).not.toBeNull());
    await waitFor(() => expect(api.seen.some((call) => call.path === '/api/conference-categories')).toBe(true));
    expect($('[data-testid="conference-not-found-back"]')?.getAttribute('href')).toBe('/');
  });
});
