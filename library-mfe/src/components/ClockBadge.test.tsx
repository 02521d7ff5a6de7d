/**
 * The review clock in words, in English and in Arabic with its six plural forms (0, 1, 2, 3, 11,
 * 100), with an icon and a state (never colour alone), through the remote's real texts.
 */
import { act } from 'react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureI18n, type Locale } from '@scholars/shared-contracts';
import { renderRootPerTest } from '@scholars/shared-contracts/testing/render-root';
import { registerTranslations } from '../i18n';
import { ClockBadge } from './ClockBadge';
import { ageInDays } from '../lib/review-clock';

const { render, $ } = renderRootPerTest();

beforeAll(async () => {
  ensureI18n(i18next, 'en');
  registerTranslations();
});

const base = { due_at: '2026-01-15T00:00:00.000Z', overdue_at: '2026-01-22T00:00:00.000Z' };

async function label(locale: Locale, state: 'open' | 'due' | 'overdue', days: number) {
  await act(async () => {
    await i18next.changeLanguage(locale);
  });
  await render(<ClockBadge clock={{ state, days, ...base }} />);
  const badge = $('[data-testid="review-clock"]')!;
  expect(badge.getAttribute('data-state')).toBe(state);
  // An icon besides the words (hidden from screen readers, which read the words).
  expect(badge.querySelector('[aria-hidden="true"]')?.textContent).toBeTruthy();
  return badge.textContent!.replace(badge.querySelector('[aria-hidden="true"]')!.textContent!, '');
}

describe('ClockBadge', () => {
  it('says the clock in English', async () => {
    expect(await label('en', 'open', 5)).toBe('Due in 5 days');
    expect(await label('en', 'open', 1)).toBe('Due in 1 day');
    expect(await label('en', 'due', 2)).toBe('Due now: overdue in 2 days');
    expect(await label('en', 'due', 0)).toBe('Due now: overdue today');
    expect(await label('en', 'overdue', 2)).toBe('Overdue by 2 days');
    expect(await label('en', 'overdue', 1234)).toBe('Overdue by 1,234 days');
  });

  it('says the clock in Arabic with the six plural forms', async () => {
    const open: string[] = [];
    for (const n of [0, 1, 2, 3, 11, 100]) open.push(await label('ar', 'open', n));
    expect(open).toEqual(['مستحق اليوم', 'مستحق خلال يوم واحد', 'مستحق خلال يومين', 'مستحق خلال 3 أيام', 'مستحق خلال 11 يومًا', 'مستحق خلال 100 يوم']);
    const overdue: string[] = [];
    for (const n of [1, 2, 3, 11, 100]) overdue.push(await label('ar', 'overdue', n));
    expect(overdue).toEqual(['متأخر منذ يوم واحد', 'متأخر منذ يومين', 'متأخر منذ 3 أيام', 'متأخر منذ 11 يومًا', 'متأخر منذ 100 يوم']);
    expect(await label('ar', 'due', 2)).toBe('حان موعده: يتأخر بعد يومين');
    expect(await label('ar', 'due', 5)).toBe('حان موعده: يتأخر بعد 5 أيام');
  });

  it('shows no clock once decided', async () => {
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    await render(<ClockBadge clock={null} />);
    expect($('[data-testid="review-clock"]')?.getAttribute('data-state')).toBe('none');
  });

  it('counts the age in whole days', () => {
    expect(ageInDays('2026-01-01T00:00:00.000Z', new Date('2026-01-01T23:00:00.000Z'))).toBe(0);
    expect(ageInDays('2026-01-01T00:00:00.000Z', new Date('2026-01-04T01:00:00.000Z'))).toBe(3);
  });
});
