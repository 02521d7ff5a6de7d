/**
 * The plans screen of the console, through the real `apiClient` and `../../api/admin-plans` against
 * the shared test API server (real HTTP; nothing of ours replaced): the list and the editor opened
 * from the address, the features added, moved and sent in their order with the version, the price
 * checked in the browser with the shared schema (nothing sent), the API's refusal to activate with a
 * feature in one language (listed by the form's labels, marked under the field), and a stale edit
 * offering Reload.
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { validationMessages, type AdminPlan } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, submit, tearDown, text, type, waitFor } from '../../test/harness';
import { AdminPlans } from './AdminPlans';

const LIST = '/api/admin/plans';

const plan: AdminPlan = {
  id: 5,
  name: 'باقة الباحث',
  name_en: 'Researcher Plan',
  price: 499,
  currency: 'AED',
  active: true,
  features: [
    { id: 51, feature: 'المكتبة', feature_en: 'Library' },
    { id: 52, feature: 'المحادثات', feature_en: 'Chats' },
  ],
  consultation_sessions: 2,
  subscriptions: 3,
  stripe_price_id: null,
  sort_order: 2,
  version: 4,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const api = testApiServerPerFile();
const requests = (method: string, path: string) => api.seen.filter((request) => request.method === method && request.path === path);

async function open(path = '/admin/plans?edit=5') {
  api.answers.set(`GET ${LIST}`, { status: 200, body: { status: true, data: [plan], tot: 1 } });
  await render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/plans" element={<AdminPlans />} />
      </Routes>
    </MemoryRouter>,
  );
  await waitFor(() => expect($('[data-testid="content-row"]')).not.toBeNull());
}

beforeEach(async () => {
  await setUp('en');
});
afterEach(tearDown);

describe('console: plans', { timeout: 30_000 }, () => {
  it('lists the plans with the price in AED and the subscriptions', async () => {
    await open('/admin/plans');
    expect($('[data-testid="plan-row-price"]')?.textContent).toContain('AED 499');
    expect($('[data-testid="plan-row-sessions"]')?.textContent).toBe('2');
    expect($('[data-testid="content-state"]')?.textContent).toBe('On sale');
    expect(requests('GET', LIST)[0]?.query).toBe('page=1&limit=20');
  });

  it('edits the features in order and sends them with the price (typed in Arabic digits) and the version', async () => {
    await open();
    expect($('[data-testid="price-note"]')?.textContent).toContain('new purchases only');
    expect($$('[data-testid="plan-feature"]')).toHaveLength(2);
    await click($('[data-testid="feature-add"]'));
    await type($$('[data-testid="field-features.2.feature"]')[0]!, 'الدعم');
    await type($$('[data-testid="field-features.2.feature_en"]')[0]!, 'Support');
    // Third feature up, before the second.
    await click($$('[data-testid="feature-up"]')[2]!);
    // Typed on an Arabic keyboard: ٥٤٩٫٥ is 549.5 (a number field would have dropped every digit).
    await type($('[data-testid="field-price"]'), '٥٤٩٫٥');
    await type($('[data-testid="field-consultation_sessions"]'), '٦');
    api.answers.set(`PUT ${LIST}/5`, { status: 200, body: { status: true, msg: 'Saved.', data: { ...plan, version: 5 } } });
    await submit($('[data-testid="plan-editor"] form'));
    await waitFor(() => expect(requests('PUT', `${LIST}/5`)).toHaveLength(1));
    expect(JSON.parse(requests('PUT', `${LIST}/5`)[0]!.body)).toEqual({
      name: 'باقة الباحث',
      name_en: 'Researcher Plan',
      price: 549.5,
      features: [
        { feature: 'المكتبة', feature_en: 'Library' },
        { feature: 'الدعم', feature_en: 'Support' },
        { feature: 'المحادثات', feature_en: 'Chats' },
      ],
      active: true,
      sort_order: 2,
      consultation_sessions: 6,
      version: 4,
    });
    // Saved: the editor closes and the list is read again.
    await waitFor(() => expect(requests('GET', LIST)).toHaveLength(2));
    expect($('[data-testid="plan-editor"]')).toBeNull();
  });

  it('checks the price in the browser with the shared schema: nothing is sent', async () => {
    await open();
    await type($('[data-testid="field-price"]'), '12.345');
    await submit($('[data-testid="plan-editor"] form'));
    await waitFor(() => expect($('[data-testid="error-price"]')?.textContent).toBe(validationMessages.en.priceInvalid));
    expect(requests('PUT', `${LIST}/5`)).toEqual([]);
  });

  it('lists the fields to fill in both languages, by the form’s labels, and marks them', async () => {
    await open();
    const missing = validationMessages.en.translationMissing;
    api.answers.set(`PUT ${LIST}/5`, {
      status: 400,
      body: { status: false, err: 400, msg: 'Not published: the text is missing in one language or both in 1 of the fields (each is marked).', errors: { 'features.1.feature_en': missing } },
    });
    await submit($('[data-testid="plan-editor"] form'));
    await waitFor(() => expect($('[data-testid="missing-translations"]')?.textContent).toContain('Feature 2 (English)'));
    expect($('[data-testid="error-features.1.feature_en"]')?.textContent).toBe(missing);
  });

  it('a stale edit says so and offers Reload, which reads the list again', async () => {
    await open();
    api.answers.set(`PUT ${LIST}/5`, { status: 409, body: { status: false, err: 409, msg: validationMessages.en.staleEdit } });
    await submit($('[data-testid="plan-editor"] form'));
    await waitFor(() => expect($('[data-testid="stale-edit"]')?.textContent).toContain('Someone else saved a newer version'));
    api.answers.set(`GET ${LIST}`, { status: 200, body: { status: true, data: [{ ...plan, price: 520, version: 5 }], tot: 1 } });
    await click($('[data-testid="stale-reload"]'));
    await waitFor(() => expect(($('[data-testid="field-price"]') as HTMLInputElement | null)?.value).toBe('520'));
    expect($('[data-testid="stale-edit"]')).toBeNull();
    expect(text()).toContain('Edit the plan');
  });
});
