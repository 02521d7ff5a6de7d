/**
 * /team/{id} through the real API client against the shared test API server: "not found" only when
 * the API says there is no such member; an API that could not answer offers Try again, which then
 * shows the member.
 */
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { renderRootPerTest } from '@scholars/shared-contracts/testing/render-root';
import { addPageTexts } from '../../i18n/page-texts';
import { addStartTexts } from '../../i18n/start-texts';
import { TeamMemberPage } from './TeamMemberPage';

const { render, $ } = renderRootPerTest();
const api = testApiServerPerFile();

const until = async (check: () => boolean) => {
  for (let i = 0; i < 150 && !check(); i += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
};

const member = {
  id: 4, name: 'د. مريم', name_en: 'Dr Maryam', bio: 'سيرة', bio_en: 'A bio', university: 'جامعة الإمارات - كلية التربية', university_en: 'UAE University - College of Education',
  image: null, facebook: null, twitter: null, linkedin: null, instagram: null,
};

async function open(id: string) {
  await render(
    <MemoryRouter initialEntries={[`/team/${id}`]}>
      <Routes>
        <Route path="/team/:id" element={<TeamMemberPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  ensureI18n(i18next, 'en');
  addStartTexts(i18next);
  addPageTexts(i18next);
  await i18next.changeLanguage('en');
});

describe('/team/{id}', () => {
  it('is "not found" when the API has no such member', async () => {
    api.answers.set('GET /api/team/40', { status: 404, body: { status: false, msg: 'Not found', err: 404 } });
    await open('40');
    await until(() => $('[data-testid="not-found"]') !== null);
    expect($('[data-testid="not-found"]')).not.toBeNull();
  });

  it('offers Try again when the API could not answer, then shows the member', async () => {
    api.answers.set('GET /api/team/4', { status: 503, body: { status: false, msg: 'Unavailable', err: 503 } });
    await open('4');
    await until(() => $('[data-testid="remote-fallback-team"]') !== null);
    expect($('[data-testid="not-found"]')).toBeNull();
    api.answers.set('GET /api/team/4', { status: 200, body: { status: true, data: member } });
    await act(async () => $<HTMLButtonElement>('[data-testid="remote-fallback-team"] button')!.click());
    await until(() => $('[data-page="team"]') !== null);
    expect($('[data-page="team"] h1')?.textContent).toBe('Dr Maryam');
  });
});
