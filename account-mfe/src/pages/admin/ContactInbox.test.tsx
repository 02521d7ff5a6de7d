/**
 * The contact inbox (`pages/admin/ContactInbox.tsx`) through the real `apiClient` against the shared
 * test API server: a reply sent from the open message (handled with it) shows in the list's row too,
 * which is read again, not left saying "Read" beside a panel that says "Handled".
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { ContactMessageDetails, ContactMessageItem } from '@scholars/shared-contracts/schemas';
import { $, $$, render, setUp, submit, tearDown, type, waitFor } from '../../test/harness';
import { ContactInbox } from './ContactInbox';

const LIST = '/api/admin/contact-messages';
const item: ContactMessageItem = {
  id: 5,
  full_name: 'عائشة الراشدي',
  email: 'aisha@example.ae',
  phone: '+971501112233',
  message: 'أود الاستفسار عن المؤتمرات القادمة.',
  locale: 'ar',
  created_at: '2026-11-20T10:00:00.000Z',
  read_at: '2026-11-20T11:00:00.000Z',
  handled_at: null,
  replies: 0,
};
const details: ContactMessageDetails = { ...item, user_id: null, handled_by: null, reply_list: [] };
const replied: ContactMessageDetails = {
  ...details,
  handled_at: '2026-11-20T12:00:00.000Z',
  handled_by: { id: 1, name: 'Admin' },
  replies: 1,
  reply_list: [{ id: 1, body: 'Thank you.', author: { id: 1, name: 'Admin' }, created_at: '2026-11-20T12:00:00.000Z' }],
};

const api = testApiServerPerFile();
const lists = () => api.seen.filter((request) => request.method === 'GET' && request.path === LIST);

beforeEach(async () => {
  await setUp('en');
});
afterEach(tearDown);

describe('console: the contact inbox', { timeout: 30_000 }, () => {
  it('a reply that marks the message handled is shown in the list’s row as well (the list is read again)', async () => {
    api.answers.set(`GET ${LIST}`, { status: 200, body: { status: true, data: [item], tot: 1 } });
    api.answers.set(`GET ${LIST}/5`, { status: 200, body: { status: true, data: details } });
    api.answers.set(`POST ${LIST}/5/reply`, { status: 200, body: { status: true, msg: 'Reply sent.', data: replied } });
    await render(
      <MemoryRouter initialEntries={['/admin/contact-messages?open=5']}>
        <Routes><Route path="/admin/contact-messages" element={<ContactInbox />} /></Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect($('[data-testid="inbox-reply-text"]')).not.toBeNull());
    await waitFor(() => expect($('[data-testid="inbox-row"]')?.textContent).toContain('Read'));
    const before = lists().length;

    // What the list answers once the reply is stored.
    api.answers.set(`GET ${LIST}`, { status: 200, body: { status: true, data: [{ ...item, handled_at: replied.handled_at, replies: 1 }], tot: 1 } });
    await type($('[data-testid="inbox-reply-text"]'), 'Thank you.');
    await submit($('[data-testid="inbox-reply-text"]')!.closest('form'));
    await waitFor(() => expect($('[data-testid="inbox-handled"]')).not.toBeNull());

    await waitFor(() => expect(lists().length).toBeGreaterThan(before));
    await waitFor(() => expect($$('[data-testid="inbox-row"]')[0]?.textContent).toContain('Handled'));
  });
});
