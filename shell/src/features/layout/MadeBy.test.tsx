/**
 * The footer's "made by" credit from the site settings: the name in the page's language linked to
 * the configured address (a new tab, `noopener noreferrer`); without an address the name alone, no
 * link; without a name (or from an API that sends no credit) nothing at all.
 */
import { act } from 'react';
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import type { SiteSettings } from '@scholars/shared-contracts/schemas';
import { renderRootPerTest } from '@scholars/shared-contracts/testing/render-root';
import { addStartTexts } from '../../i18n/start-texts';
import { MadeBy } from './MadeBy';

const view = renderRootPerTest();

beforeEach(async () => {
  ensureI18n(i18next, 'en');
  addStartTexts(i18next);
  await i18next.changeLanguage('en');
});

const show = (credit: SiteSettings['made_by'] | undefined) => view.render(<MadeBy credit={credit} />);
const credit = { name: 'فريق الهندسة', name_en: 'The engineering team', url: 'https://makers.example/team' };

describe('footer made-by credit', () => {
  it('links the name to the configured address, in a new tab, in the page’s language', async () => {
    await show(credit);
    const link = view.container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://makers.example/team');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(view.container.textContent).toBe('Made by The engineering team');
    await act(async () => {
      await i18next.changeLanguage('ar');
    });
    expect(view.container.textContent).toBe('من تطوير فريق الهندسة');
    expect(view.container.querySelector('a')?.getAttribute('href')).toBe('https://makers.example/team');
  });

  it('shows the name without a link when no address is set', async () => {
    await show({ ...credit, url: null });
    expect(view.container.querySelector('a')).toBeNull();
    expect(view.container.textContent).toBe('Made by The engineering team');
  });

  it('renders nothing without a name, or without the credit', async () => {
    await show({ name: '', name_en: '', url: 'https://makers.example/team' });
    expect(view.container.innerHTML).toBe('');
    await show(undefined);
    expect(view.container.innerHTML).toBe('');
  });
});
