/**
 * The console's payments list, through the real `apiClient` against the shared test API server:
 * its filters (search, state, days of issue) in the address and the query, a row's member linked
 * to their page, a refund's day, and the CSV export of the same filters.
 */
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { AdminPaymentItem } from '@scholars/shared-contracts/schemas';
import { $, $$, click, recordSavedFiles, render, setUp, submit, tearDown, type, waitFor } from '../../test/harness';
import { AdminPayments } from './AdminPayments';

const PAYMENTS = '/api/admin/payments';

const refunded: AdminPaymentItem = {
  id: 7,
  display_number: 'INV-000042',
  issued_at: '2026-11-02T08:00:00.000Z',
  amount: 299,
  currency: 'AED',
  status: 'refunded',
  refunded_at: '2026-11-20T10:00:00.000Z',
  provider: 'stripe',
  payment_method: 'card',
  plan: { name: 'الخطة السنوية', name_en: 'Yearly plan' },
  member: { id: 5, name: 'Layla Finance', email: 'layla@example.com' },
};

const api = testApiServerPerFile();
let location = '';
const requests = (path: string) => api.seen.filter((request) => request.method === 'GET' && request.path === path);

function Where() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

async function open(path: string) {
  api.answers.set(`GET ${PAYMENTS}`, { status: 200, body: { status: true, data: [refunded], tot: 1 } });
  if (!api.answers.has(`GET ${PAYMENTS}/summary`)) api.answers.set(`GET ${PAYMENTS}/summary`, { status: 200, body: { status: true, data: [] } });
  await render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/payments" element={<><AdminPayments /><Where /></>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await setUp('ar');
});
afterEach(tearDown);

describe('console: payments', { timeout: 30_000 }, () => {
  it('lists the invoices its address selects, each member linked to their page; a new search goes to the address and the query', async () => {
    await open('/admin/payments?status=refunded&from=2026-11-01&to=not-a-day');
    await waitFor(() => expect($$('[data-testid="payment-row"]')).toHaveLength(1));
    // A day that is not one is no filter.
    expect(requests(PAYMENTS)[0]!.query).toBe('status=refunded&from=2026-11-01&page=1&limit=50');
    const row = $('[data-testid="payment-row"]')!;
    expect(row.textContent).toContain('INV-000042');
    expect(row.textContent).toContain('الخطة السنوية');
    expect(row.textContent).toContain('299 درهم');
    expect(row.textContent).toContain('استُردّت في');
    expect(row.querySelector('a')?.getAttribute('href')).toBe('/admin/users/5');
    expect($('[data-testid="payments-total"]')?.textContent).toBe('عدد الفواتير: 1');
    expect($<HTMLSelectElement>('[data-testid="payments-status"]')?.value).toBe('refunded');
    expect($<HTMLInputElement>('[data-testid="payments-from"]')?.value).toBe('2026-11-01');

    await type($('[data-testid="payments-q"]'), 'INV-000042');
    await type($('[data-testid="payments-to"]'), '2026-11-30');
    await submit($('form[role="search"]'));
    await waitFor(() => expect(requests(PAYMENTS)).toHaveLength(2));
    expect(location).toBe('/admin/payments?q=INV-000042&status=refunded&from=2026-11-01&to=2026-11-30');
    expect(requests(PAYMENTS)[1]!.query).toBe('q=INV-000042&status=refunded&from=2026-11-01&to=2026-11-30&page=1&limit=50');

    await click($('[data-testid="payments-reset"]'));
    await waitFor(() => expect(requests(PAYMENTS)).toHaveLength(3));
    expect(location).toBe('/admin/payments');
    expect(requests(PAYMENTS)[2]!.query).toBe('status=all&page=1&limit=50');
  });

  it('sums what its filters select: paid and kept, given back, each with its count of invoices', async () => {
    api.answers.set(`GET ${PAYMENTS}/summary`, {
      status: 200,
      body: {
        status: true,
        data: [
          { status: 'paid', currency: 'AED', count: 12, amount: 3588 },
          { status: 'refunded', currency: 'AED', count: 1, amount: 299 },
        ],
      },
    });
    await open('/admin/payments?from=2026-11-01&to=2026-11-30');
    await waitFor(() => expect($$('[data-testid="payments-summary-row"]')).toHaveLength(2));
    // The same filters as the list (without its page).
    expect(requests(`${PAYMENTS}/summary`)[0]!.query).toBe('status=all&from=2026-11-01&to=2026-11-30');
    const [paid, given] = $$('[data-testid="payments-summary-row"]');
    expect(paid!.dataset.status).toBe('paid');
    expect(paid!.textContent).toBe('مدفوعة ومحتفَظ بها3588 درهم12 فاتورةً');
    expect(given!.textContent).toBe('مستردّة299 درهمفاتورة واحدة');

    // No invoice matches: no figures.
    api.answers.set(`GET ${PAYMENTS}/summary`, { status: 200, body: { status: true, data: [] } });
    await type($('[data-testid="payments-q"]'), 'nobody');
    await submit($('form[role="search"]'));
    await waitFor(() => expect(requests(`${PAYMENTS}/summary`)).toHaveLength(2));
    await waitFor(() => expect($('[data-testid="payments-summary"]')).toBeNull());
  });

  it('exports what its filters select as a dated CSV, and says so when the export fails', async () => {
    const saved = recordSavedFiles();
    const { files } = saved;
    try {
      await open('/admin/payments?q=layla&status=paid');
      await waitFor(() => expect($$('[data-testid="payment-row"]')).toHaveLength(1));
      api.answers.set(`GET ${PAYMENTS}/export`, { status: 200, body: '\uFEFFinvoice,issued_at\r\nINV-000042,2026-11-02T08:00:00.000Z\r\n', headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      await click($('[data-testid="payments-export"]'));
      await waitFor(() => expect(files).toHaveLength(1));
      expect(requests(`${PAYMENTS}/export`).map((request) => request.query)).toEqual(['q=layla&status=paid']);
      expect(files[0]!.name).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);

      api.answers.set(`GET ${PAYMENTS}/export`, { status: 500, body: { status: false, msg: 'Server error', err: 500 } });
      await click($('[data-testid="payments-export"]'));
      await waitFor(() => expect($('[role="alert"]')?.textContent).toBe('تعذّر التصدير. يرجى المحاولة مرة أخرى.'));
    } finally {
      saved.stop();
    }
  });
});
