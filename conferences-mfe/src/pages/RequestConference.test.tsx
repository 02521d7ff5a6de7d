/**
 * The conference request's form in its edit mode, through the real `apiClient` against the shared
 * test API server: a refusal of the server's with a field message shows that message once, under its
 * field, and the line by the button says to correct the fields (it repeated the field's message).
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import type { ConferenceRequest } from '@scholars/shared-contracts/schemas';
import { $, $$, render, setUp, tearDown, waitFor } from '../test/harness';
import { RequestConference } from './RequestConference';

const request: ConferenceRequest = {
  id: 31,
  full_name: 'حصة السويدي',
  academic_level: 'phd',
  major_field: 'تحليلات التعلم',
  university: 'جامعة زايد',
  university_email: 'hessa@zu.ac.ae',
  phone: '+971501234567',
  country: 'AE',
  conference_title: 'يوم تحليلات التعلم',
  main_language: 'ar_en',
  supporting_institution: null,
  proposed_start_date: '2031-05-10',
  proposed_end_date: '2031-05-11',
  duration_days: 2,
  location_type: 'onsite',
  venue: 'دبي',
  objectives: 'تبادل الممارسات',
  notes: null,
  status: 'pending',
  review_note: null,
  reviewed_at: null,
  conference_id: null,
  created_at: '2031-01-02T08:00:00.000Z',
  updated_at: '2031-01-02T08:00:00.000Z',
};

const api = testApiServerPerFile();

beforeEach(async () => {
  await setUp('ar');
  tokenStore.getState().setSession({ accessToken: 'token', user: { id: 5, name: 'حصة', email: 'hessa@example.ae', role: 'user' } });
});
afterEach(() => {
  tearDown();
  window.sessionStorage.clear();
});

describe('conference request: a refusal of the server', { timeout: 30_000 }, () => {
  it("shows a field's message once, under the field, and asks to correct the fields", async () => {
    const refused = 'استخدم بريدًا إلكترونيًا جامعيًا.';
    api.answers.set('GET /api/conference-requests/31', { status: 200, body: { status: true, data: request } });
    api.answers.set('PUT /api/conference-requests/31', { status: 400, body: { status: false, err: 400, msg: refused, errors: { university_email: refused } } });
    await render(
      <MemoryRouter initialEntries={['/request-conference?edit=31']}>
        <Routes>
          <Route path="/request-conference" element={<RequestConference />} />
        </Routes>
      </MemoryRouter>,
    );
    const form = await waitFor(() => $<HTMLFormElement>('[data-testid="request-form"]')!);
    form.requestSubmit();
    await waitFor(() => expect($('[data-testid="request-error"]')?.textContent).toBe('يُرجى تصحيح الحقول المشار إليها.'));
    expect(api.seen.filter((seen) => seen.method === 'PUT')).toHaveLength(1);
    expect($('[data-field="university_email"]')?.textContent).toContain(refused);
    expect($$('[role="alert"]').filter((alert) => alert.textContent?.includes(refused))).toHaveLength(1);
  });
});
