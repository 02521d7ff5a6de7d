/**
 * The author's timeline and a decided submission's reason on the research exchange page: a signed
 * name keeps its own direction inside the page's phrase, and a note or a reason is a block of its
 * own direction and alignment (an Arabic reason on an English page starts on the right).
 */
import { act } from 'react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import { renderRootPerTest } from '@scholars/shared-contracts/testing/render-root';
import type { ResearchSubmission } from '@scholars/shared-contracts/schemas';
import type { Locale } from '@scholars/shared-contracts/locale';
import { registerTranslations } from '../i18n';
import { DecisionReason, SubmissionTimeline } from './SubmissionTimeline';

const { render, $, $$ } = renderRootPerTest();

beforeAll(async () => {
  ensureI18n(i18next, 'en');
  registerTranslations();
});

const language = async (locale: Locale) => {
  await act(async () => {
    await i18next.changeLanguage(locale);
  });
};

const history: ResearchSubmission['history'] = [
  { from: null, to: 'pending_supervisor', at: '2026-02-01T09:00:00.000Z', note: null, by_role: 'owner', by_name: null },
  { from: 'pending_supervisor', to: 'changes_requested', at: '2026-02-03T09:00:00.000Z', note: 'أضف فصل المنهجية.', by_role: 'supervisor', by_name: 'د. أحمد المشرف' },
];

describe('SubmissionTimeline', () => {
  it('English page: an Arabic signed name is isolated (<bdi>), the note is a block of its own direction', async () => {
    await language('en');
    await render(<SubmissionTimeline history={history} />);
    const by = $$('[data-testid="exchange-timeline-by"]')[1]!;
    expect(by.textContent).toBe('By: د. أحمد المشرف');
    // The phrase keeps the page's direction; only the name takes its own.
    expect(by.hasAttribute('dir')).toBe(false);
    expect(by.querySelector('bdi')?.textContent).toBe('د. أحمد المشرف');
    const note = $('[data-testid="exchange-timeline-note"]')!;
    expect(note.tagName).toBe('P');
    expect(note.getAttribute('dir')).toBe('auto');
    expect(note.className).toContain('text-start');
    expect(note.textContent).toBe('أضف فصل المنهجية.');
  });

  it('Arabic page: an unsigned step reads the role, without a direction of its own', async () => {
    await language('ar');
    await render(<SubmissionTimeline history={history} />);
    const by = $$('[data-testid="exchange-timeline-by"]')[0]!;
    expect(by.textContent).toBe('بواسطة: الباحث');
    expect(by.querySelector('bdi')).toBeNull();
  });
});

describe('DecisionReason', () => {
  it("labels a rejection's words a reason and an approval's the reviewer's note, each in a block of its own direction", async () => {
    await language('en');
    await render(<DecisionReason research={{ status: 'rejected', decision: { status: 'rejected', reason: 'المنهجية غير واضحة.', at: '2026-02-05T09:00:00.000Z' } }} />);
    const reason = $('[data-testid="exchange-decision-reason"]')!;
    expect(reason.previousElementSibling?.textContent).toBe('Reason');
    expect(reason.getAttribute('dir')).toBe('auto');
    expect(reason.className).toContain('text-start');
    expect(reason.textContent).toBe('المنهجية غير واضحة.');

    await language('ar');
    await render(<DecisionReason research={{ status: 'approved', decision: { status: 'approved', reason: 'Sound method.', at: '2026-02-05T09:00:00.000Z' } }} />);
    expect($('[data-testid="exchange-decision-reason"]')!.previousElementSibling?.textContent).toBe('ملاحظة المحكّم');
  });

  it('shows nothing without words', async () => {
    await language('en');
    await render(<DecisionReason research={{ status: 'approved', decision: { status: 'approved', reason: null, at: '2026-02-05T09:00:00.000Z' } }} />);
    expect($('[data-testid="exchange-decision-reason"]')).toBeNull();
  });
});
