/**
 * The conference request's form in its edit mode, through the real `apiClient` against the shared
 * test API server: a refusal of the server's with a field message shows that message once, under its
 * field, and the line by the button says to correct the fields (it repeated the field's message).
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { pendingRequestFixture } from '../test/conference-request-fixture';
import { $, $$, render, setUp, tearDown, waitFor } from '../test/harness';
import { RequestConference } from './RequestConference';

const request = pendingRequestFixture;

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
