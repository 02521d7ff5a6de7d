/**
 * A member downloads their own data through the composed site (decisions.md "Your data"): signed in,
 * the profile switched to Arabic, the "Your data" section (just before "Close account") gives a
 * JSON file through the browser's download, named with the date, that holds the member's account.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { dataExportSchema } from '@scholars/shared-contracts/schemas';
import { prepare, signUpViaApi } from '../support/billing';

test('downloading one’s data in Arabic (rtl): a JSON file of the member’s own account', async ({ page, request }) => {
  const session = await signUpViaApi(request, 'en', 'Noura Al Mansoori');
  await prepare(page, { session, locale: 'en' });
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText('Noura Al Mansoori');

  await page.getByTestId('language-menu').first().selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const section = page.getByTestId('data-export');
  await expect(section.getByRole('heading', { name: 'بياناتك' })).toBeVisible();
  // Just before "Close account".
  const closing = page.getByTestId('close-account');
  await expect(closing).toBeVisible();
  expect(await section.evaluate((node, other) => Boolean(node.compareDocumentPosition(other!) & Node.DOCUMENT_POSITION_FOLLOWING), await closing.elementHandle())).toBe(true);

  const button = section.getByRole('button', { name: 'تنزيل بياناتي' });
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^scholars-hub-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = dataExportSchema.parse(JSON.parse(await readFile((await download.path())!, 'utf8')));
  expect(file.account).toMatchObject({ id: session.user.id, email: session.email, name: 'Noura Al Mansoori' });
  await expect(button).toBeEnabled();
  await expect(section.getByTestId('data-export-error')).toHaveCount(0);
});
