/**
 * The console's lists on the shared scaffolding (`components/AdminList.tsx`), through the real
 * `apiClient` against the shared test API server: the audit log's typed filters go to the address
 * and the API (an id only when it is a number) and "Clear" empties both, and its CSV export takes
 * the same filters; the outbox's recipient
 * goes to the address and its mails are cards without a total line.
 */
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { AuditEntry } from '@scholars/shared-contracts/schemas';
import type { OutboxMail } from '../../api/admin';
import { $, $$, click, recordSavedFiles, render, setUp, submit, tearDown, type, waitFor } from '../../test/harness';
import { AuditLog } from './AuditLog';
import { MailOutbox } from './MailOutbox';

const AUDIT = '/api/admin/audit-log';
const OUTBOX = '/api/dev/outbox.json';

const entry: AuditEntry = {
  id: 1,
  actor: { id: 3, label: 'Admin' },
  action: 'suspend',
  target_type: 'user',
  target_id: 9,
  reason: null,
  details: { until: null, sessions_ended: 2 },
  created_at: '2026-11-20T10:00:00.000Z',
};
const mail: OutboxMail = {
  id: 4,
  to: 'reader@example.com',
  subject: 'Welcome',
  text: 'Hello',
  html: null,
  template: 'welcome',
  locale: 'en',
  status: 'sent',
  attempts: 1,
  created_at: '2026-11-20T10:00:00.000Z',
  sent_at: '2026-11-20T10:00:01.000Z',
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
  api.answers.set(`GET ${AUDIT}`, { status: 200, body: { status: true, data: [entry], tot: 1 } });
  api.answers.set(`GET ${OUTBOX}`, { status: 200, body: { status: true, data: [mail] } });
  await render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/audit-log" element={<><AuditLog /><Where /></>} />
        <Route path="/admin/outbox" element={<><MailOutbox /><Where /></>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await setUp('en');
});
afterEach(tearDown);

describe('console: lists on the shared scaffolding', { timeout: 30_000 }, () => {
  it('the audit log: typed filters in the address and the query, an id only as a number; Clear empties both', async () => {
    await open('/admin/audit-log?actor_id=abc&action=suspend');
    await waitFor(() => expect($$('[data-testid="audit-row"]')).toHaveLength(1));
    // Named, not coded: the action, the target (linked to its console page), what it recorded.
    const row = $('[data-testid="audit-row"]')!;
    expect(row.textContent).toContain('Account suspended');
    expect(row.querySelector('[data-testid="audit-target"]')?.textContent).toBe('Account #9');
    expect(row.querySelector('a[data-testid="audit-target"]')?.getAttribute('href')).toBe('/admin/users/9');
    expect(row.querySelector('details')?.textContent).toContain('sessions_ended');
    // The actions and targets are chosen from named lists; the address's action is the one selected.
    const actions = $<HTMLSelectElement>('[data-testid="audit-filter-action"]')!;
    expect(actions.value).toBe('suspend');
    expect([...actions.options].map((option) => option.textContent)).toContain('Account closed by its member');
    expect([...$<HTMLSelectElement>('[data-testid="audit-filter-target_type"]')!.options].map((option) => option.textContent)).toContain('Library item');
    // A word where an id belongs stays in the field but is no filter.
    expect($<HTMLInputElement>('[data-testid="audit-filter-actor_id"]')?.value).toBe('abc');
    expect(requests('GET', AUDIT)[0]!.query).toBe('action=suspend&page=1&limit=50');
    expect($('[data-testid="audit-table-total"]')).toBeNull();

    await type($('[data-testid="audit-filter-target_id"]'), ' 9 ');
    await submit($('form[role="search"]'));
    await waitFor(() => expect(requests('GET', AUDIT)).toHaveLength(2));
    expect(location).toBe('/admin/audit-log?actor_id=abc&target_id=9&action=suspend');
    expect(requests('GET', AUDIT)[1]!.query).toBe('target_id=9&action=suspend&page=1&limit=50');

    await click($('[data-testid="audit-reset"]'));
    await waitFor(() => expect(requests('GET', AUDIT)).toHaveLength(3));
    expect(location).toBe('/admin/audit-log');
    expect($<HTMLInputElement>('[data-testid="audit-filter-actor_id"]')?.value).toBe('');
    expect(requests('GET', AUDIT)[2]!.query).toBe('page=1&limit=50');
  });

  it('the audit log exports what its filters select as a dated CSV, and says so when the export fails', async () => {
    const saved = recordSavedFiles();
    const { files } = saved;
    try {
      await open('/admin/audit-log?target_id=9&action=suspend');
      await waitFor(() => expect($$('[data-testid="audit-row"]')).toHaveLength(1));
      api.answers.set(`GET ${AUDIT}/export`, { status: 200, body: '\uFEFFid,at\r\n1,2026-11-20T10:00:00.000Z\r\n', headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      await click($('[data-testid="audit-export"]'));
      await waitFor(() => expect(files).toHaveLength(1));
      expect(requests('GET', `${AUDIT}/export`).map((request) => request.query)).toEqual(['target_id=9&action=suspend']);
      expect(files[0]!.name).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(await files[0]!.blob.text()).toContain('1,2026-11-20T10:00:00.000Z');

      api.answers.set(`GET ${AUDIT}/export`, { status: 500, body: { status: false, msg: 'Server error', err: 500 } });
      await click($('[data-testid="audit-export"]'));
      await waitFor(() => expect($('[role="alert"]')?.textContent).toBe('The export failed. Please try again.'));
      expect(files).toHaveLength(1);
    } finally {
      saved.stop();
    }
  });

  it('a page past the last (the entries moved on) lands on the last page with its rows, not an empty list', async () => {
    await open('/admin/audit-log?action=suspend&page=7');
    await waitFor(() => expect(location).toBe('/admin/audit-log?action=suspend'));
    await waitFor(() => expect($$('[data-testid="audit-row"]')).toHaveLength(1));
    expect(requests('GET', AUDIT).map((request) => request.query)).toEqual(['action=suspend&page=7&limit=50', 'action=suspend&page=1&limit=50']);
  });

  it('an entry made on the command line (no account: `actor.id` null) names it in the console’s language, not by the API’s label', async () => {
    tearDown();
    await setUp('ar');
    api.answers.set(`GET ${AUDIT}`, { status: 200, body: { status: true, data: [{ ...entry, actor: { id: null, label: 'cli' }, action: 'grant' }], tot: 1 } });
    await render(
      <MemoryRouter initialEntries={['/admin/audit-log']}>
        <Routes><Route path="/admin/audit-log" element={<AuditLog />} /></Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect($$('[data-testid="audit-row"]')).toHaveLength(1));
    expect($('[data-testid="audit-actor"]')?.textContent).toBe('سطر الأوامر');
    expect($('[data-testid="audit-row"]')?.textContent).not.toContain('cli');
  });

  it('the outbox: the recipient in the address, written left to right; the mails as cards without a total', async () => {
    await open('/admin/outbox');
    await waitFor(() => expect($$('[data-testid="outbox-mail"]')).toHaveLength(1));
    expect($('[data-testid="outbox-list"]')?.tagName).toBe('UL');
    expect($('[data-testid="outbox-list-total"]')).toBeNull();
    expect($('[data-testid="outbox-to"]')?.getAttribute('dir')).toBe('ltr');

    await type($('[data-testid="outbox-to"]'), 'reader@example.com');
    await submit($('form[role="search"]'));
    await waitFor(() => expect(requests('GET', OUTBOX)).toHaveLength(2));
    expect(location).toBe('/admin/outbox?to=reader%40example.com');
    expect(decodeURIComponent(requests('GET', OUTBOX)[1]!.query)).toBe('to=reader@example.com&limit=100');
  });
});
