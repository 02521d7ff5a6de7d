/**
 * The footer's social links from the site settings: a network left empty (null or '') is not in
 * the page at all; each filled one is a link to its address that opens a new tab without giving it
 * this page (`noopener noreferrer`), named for screen readers; with none filled, no list.
 */
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import type { SiteSettings } from '@scholars/shared-contracts/schemas';
import { renderRootPerTest } from '@scholars/shared-contracts/testing/render-root';
import { addStartTexts } from '../../i18n/start-texts';
import { SocialLinks } from './SocialLinks';

const view = renderRootPerTest();

beforeEach(async () => {
  ensureI18n(i18next, 'en');
  addStartTexts(i18next);
  await i18next.changeLanguage('en');
});

const show = (links: SiteSettings['social_links']) => view.render(<SocialLinks links={links} />);

describe('footer social links', () => {
  it('leaves out the networks without an address and links the others in a new tab', async () => {
    await show({ facebook: 'https://facebook.com/scholars', twitter: null, linkedin: '', instagram: 'https://instagram.com/scholars', youtube: null });
    const list = view.container.querySelector('ul')!;
    expect(list.getAttribute('aria-label')).toBe('Follow us');
    const links = [...list.querySelectorAll('a')];
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Facebook', 'https://facebook.com/scholars'],
      ['Instagram', 'https://instagram.com/scholars'],
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(list.querySelectorAll('li')).toHaveLength(2);
    for (const absent of ['X', 'LinkedIn', 'YouTube']) expect(view.container.querySelector(`[aria-label="${absent}"]`)).toBeNull();
  });

  it('renders nothing when every network is empty', async () => {
    await show({ facebook: null, twitter: '', linkedin: null, instagram: '', youtube: null });
    expect(view.container.innerHTML).toBe('');
  });
});
