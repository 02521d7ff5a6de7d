/**
 * The research exchange's edit mode (`?edit={id}`) on a decided submission, through the real
 * `apiClient` against a real HTTP server answering like the API: no form, the submission named by
 * its title in the page's language (an Arabic page showed the English title), the decision.
 */
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import type { Locale } from '@scholars/shared-contracts/locale';
import type { ResearchSubmission } from '@scholars/shared-contracts/schemas';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { renderRootPerTest, waitFor } from '@scholars/shared-contracts/testing/render-root';
import { registerTranslations } from '../i18n';
import { ResearchExchange } from './ResearchExchange';

const api = testApiServerPerFile();
const view = renderRootPerTest();

beforeAll(() => {
  ensureI18n(i18next, 'en');
  registerTranslations();
});

const rejected = (id: number): ResearchSubmission => ({
  id,
  title: 'دراسة عن الذكاء الاصطناعي في التعليم',
  title_en: 'AI in education',
  description: 'وصف',
  description_en: 'A description',
  abstract: 'ملخص',
  category_id: 1,
  category: { id: 1, name: 'التربية', name_en: 'Education' } as ResearchSubmission['category'],
  other_category: null,
  research_type: 'general',
  status: 'rejected',
  image: 'public/research/cover.png',
  file: { name: 'r.pdf', mime: 'application/pdf', size: 577 },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  submitted_at: '2026-11-20T10:00:00.000Z',
  editable: false,
  expected_decision: null,
  decision: { status: 'rejected', reason: 'البحث خارج نطاق المنصة الأكاديمي.', at: '2026-11-21T10:00:00.000Z' },
  history: [
    { from: null, to: 'under_review', at: '2026-11-20T10:00:00.000Z', note: null, by_role: 'owner', by_name: null },
    { from: 'under_review', to: 'rejected', at: '2026-11-21T10:00:00.000Z', note: 'البحث خارج نطاق المنصة الأكاديمي.', by_role: 'reviewer', by_name: null },
  ],
  library_id: null,
});

async function open(id: number, locale: Locale) {
  await act(async () => {
    await i18next.changeLanguage(locale);
  });
  api.answers.set(`GET /api/research/${id}`, { status: 200, body: { status: true, data: rejected(id) } });
  await view.render(
    <MemoryRouter key={id} initialEntries={[`/research-exchange?edit=${id}`]}>
      <Routes>
        <Route path="/research-exchange" element={<ResearchExchange />} />
      </Routes>
    </MemoryRouter>,
  );
  await waitFor(() => expect(view.$('[data-testid="exchange-not-editable"]')).not.toBeNull());
}

describe('ResearchExchange, a decided submission', () => {
  it('is named by its Arabic title on an Arabic page', async () => {
    await open(71, 'ar');
    expect(view.$('[data-testid="exchange-decided-title"]')?.textContent).toBe('دراسة عن الذكاء الاصطناعي في التعليم');
    expect(view.$('form')).toBeNull();
  });

  it('is named by its English title on an English page', async () => {
    await open(72, 'en');
    expect(view.$('[data-testid="exchange-decided-title"]')?.textContent).toBe('AI in education');
  });
});
