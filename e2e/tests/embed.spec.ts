import { expect, test } from '@playwright/test';
import { openIntegratorPage } from '../support/integrator-page';

test('a remote mounts alone on a plain HTML page, in Arabic, and unmounts cleanly', async ({ page }) => {
  const embed = await openIntegratorPage(page, {
    remote: 'conferences', name: 'conferences-embed', locale: 'ar', theme: 'dark', initialPath: '/conferences/1', api: 'platform',
  });
  try {
    const slot = embed.slot;
    await expect(slot.getByTestId('conferences-list')).toBeVisible();
    await expect(slot.getByRole('heading', { level: 1 })).toHaveText('المؤتمرات');
    await expect(slot.locator('[data-embedded-remote]')).toHaveAttribute('dir', 'rtl');
    await expect(slot.locator('[data-embedded-remote]')).toHaveClass(/dark/);
    // The host page keeps its own styles: the remote ships no base reset.
    const hostTitleSize = await embed.hostTitle.evaluate((el) => getComputedStyle(el).fontSize);
    expect(hostTitleSize).toBe('32px');

    await embed.unmount();
    await expect(slot).toBeEmpty();
    expect(await page.locator('style[data-remote-styles]').count()).toBe(0);
    expect(embed.pageErrors).toEqual([]);
  } finally {
    await embed.close();
  }
});

// The other two remotes alone, through the integrator's reverse proxy (same-origin calls), in
// Arabic: a remote whose shared react-i18next came out without its code (the build check's case)
// would not mount here. The community's list is public: its cards come from the platform. The
// library is for members, and an integrator's visitor has no session: it asks them to sign in
// (with a link to the sign-in page that returns here) instead of failing on the API's 401.
for (const [remote, initialPath, list, heading, shown] of [
  ['community', '/research-community', 'community-list', 'مجتمع البحث', 'research-card'],
  ['library', '/research-library', 'library-list', 'المكتبة الإلكترونية', 'library-sign-in'],
] as const) {
  test(`the ${remote} remote mounts alone on a plain HTML page, in Arabic, and unmounts cleanly`, async ({ page }) => {
    const embed = await openIntegratorPage(page, { remote, name: `${remote}-embed`, locale: 'ar', theme: 'dark', initialPath, api: 'proxied' });
    try {
      const section = embed.slot.getByTestId(list);
      await expect(section.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(embed.slot.locator('[data-embedded-remote]')).toHaveAttribute('dir', 'rtl');
      await expect(section.getByTestId(shown).first()).toBeVisible();
      if (remote === 'library') {
        await expect(section.getByTestId(shown)).toContainText('المكتبة للأعضاء');
        await expect(section.getByTestId(shown).getByRole('link')).toHaveAttribute('href', /\/login\?redirect=%2Fresearch-library/);
      }
      await embed.unmount();
      await expect(embed.slot).toBeEmpty();
      expect(embed.pageErrors).toEqual([]);
    } finally {
      await embed.close();
    }
  });
}
