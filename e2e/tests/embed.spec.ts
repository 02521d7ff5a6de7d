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
