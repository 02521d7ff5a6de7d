/**
 * Issue 21: an axe run, any impact (minor and moderate too, not only serious and critical), on the
 * home page, the member's profile, a member's public profile and a conference, in both languages
 * and both themes, at desktop width; and on the operator console's daily screens for an
 * administrator (its overview, the users, a user's page with a paid subscription, the payments and
 * the audit log).
 */
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { buyThroughApi, signUpViaApi, prepare, type SignedUpUser } from '../support/billing';
import { createVerifiedUser } from '../support/accounts';
import { changeRoleAsOperator } from '../support/operators';
import { scrollThroughHome, waitForApp } from '../support/session';

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) => `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary?.replace(/\s+/g, ' ')})`).join(' | ')}`,
  );
}

for (const locale of ['en', 'ar'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`axe, any impact (${locale}, ${theme})`, () => {
      test('the home page', async ({ page }) => {
        await prepare(page, { locale, theme });
        await page.goto('/');
        await scrollThroughHome(page);
        await expect(page.getByTestId('team-card').first()).toBeVisible();
        await expect(page.getByTestId('pricing-section')).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });

      test('a conference', async ({ page }) => {
        await prepare(page, { locale, theme });
        await page.goto('/conference/1');
        await waitForApp(page);
        // The heading, not the section: the loading state is the same section, without it.
        await expect(page.getByTestId('conferences-details').getByRole('heading', { level: 1 })).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });

      test('the profile, and a public profile', async ({ page, request }) => {
        const session: SignedUpUser = await signUpViaApi(request, locale);
        await prepare(page, { session, locale, theme });
        await page.goto('/profile');
        await expect(page.getByTestId('profile-name')).toBeVisible();
        await expect(page.getByTestId('profile-form')).toBeVisible();
        expect(await violations(page)).toEqual([]);
        await page.goto('/user-profile/5');
        await expect(page.getByTestId('public-name')).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });

      test("the operator console's daily screens", async ({ page, request }) => {
        test.setTimeout(90_000);
        const member = await signUpViaApi(request, locale);
        await buyThroughApi(request, member, 1);
        const admin = await createVerifiedUser(request, { locale, emailPrefix: 'axe.admin' });
        await changeRoleAsOperator(request, admin.email, 'admin');
        await prepare(page, { session: admin, locale, theme });
        const screens: Array<[string, string]> = [
          ['/admin', 'admin-home'],
          ['/admin/users', 'admin-users'],
          [`/admin/users/${member.user.id}`, 'admin-subscription'],
          ['/admin/payments', 'payment-row'],
          ['/admin/audit-log', 'admin-audit-log'],
        ];
        for (const [path, ready] of screens) {
          await page.goto(path);
          await expect(page.getByTestId(ready).first()).toBeVisible();
          expect(await violations(page), path).toEqual([]);
        }
      });
    });
  }
}
