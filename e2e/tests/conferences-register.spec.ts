import { expect, test } from '@playwright/test';
import { isolate } from '@scholars/shared-contracts/locale';
import { setLocale, waitForApp } from '../support/session';
import { SHELL_URL } from '../support/stack';
import { TEXTS, createApiUser, signInNewUser } from '../support/conferences';
import { signInThroughForm } from '../support/accounts';

// Conference 3 (April 2027, online) is open; 6 is closed; 7 is over.
const OPEN = 3;

for (const locale of ['en', 'ar'] as const) {
  const t = TEXTS[locale];
  test.describe(`register for a conference (${locale})`, () => {
    test.beforeEach(async ({ page }) => setLocale(page, locale));

    test('a visitor is sent to /login with the way back', async ({ page }) => {
      await page.goto(`/conference/${OPEN}?tab=agenda`);
      await page.getByTestId('register-button').click();
      await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fconference%2F${OPEN}%3Ftab%3Dagenda$`));
    });

    test('a visitor opened from a page of the list signs in and comes back with that page as the way back', async ({ page, request }) => {
      const conference = ((await (await request.get(`${SHELL_URL}/api/conference/${OPEN}`)).json()) as { data: { category_id: number } }).data;
      const list = `/conferences/${conference.category_id}?mode=online`;
      await page.goto(list);
      // Hydrated: before that the list's links are plain ones, which carry no state.
      await waitForApp(page);
      await page.getByTestId('conferences-list').locator(`a[href="/conference/${OPEN}"]`).first().click();
      await page.getByTestId('register-button').click();
      await expect(page).toHaveURL(/\/login\?redirect=/);
      await signInThroughForm(page, locale, await createApiUser(request, locale));
      await expect(page).toHaveURL(new RegExp(`/conference/${OPEN}$`));
      // The category link goes back to the page of the list the conference was opened from.
      await expect(page.getByTestId('conferences-details').locator(`a[href^="/conferences/${conference.category_id}"]`).first()).toHaveAttribute('href', list);
    });

    test('a signed-in user registers once, sees it after a reload and gets the e-mail in their language', async ({ page, request }) => {
      const session = await signInNewUser(page, request, locale);
      await page.goto(`/conference/${OPEN}`);
      const button = page.getByTestId('register-button');
      await expect(button).toHaveText(t.register);
      await button.click();
      await expect(page.getByTestId('register-status')).toHaveText(t.registered);
      await expect(page.getByTestId('register-button')).toHaveCount(0);

      await page.reload();
      await expect(page.getByTestId('register-status')).toHaveText(t.alreadyRegistered);

      // The confirmation e-mail (dev outbox): in the user's language.
      await expect
        .poll(async () => {
          const response = await request.get(`${SHELL_URL}/api/dev/outbox.json?to=${encodeURIComponent(session.user.email)}`);
          const body = (await response.json()) as { data?: Array<{ subject: string }> };
          return (body.data ?? []).map((mail) => mail.subject);
        })
        .toContain(
          locale === 'ar'
            ? `تأكيد التسجيل: ${isolate('مؤتمر البحث العلمي في العلوم الإنسانية والاجتماعية')}`
            : `Registration confirmed: ${isolate('Conference on Research in the Humanities and Social Sciences')}`,
        );

      // The API refuses a second registration with a clear message.
      const again = await request.post(`${SHELL_URL}/api/conference/${OPEN}/register`, {
        headers: { authorization: `Bearer ${session.accessToken}`, 'accept-language': locale },
      });
      expect(again.status()).toBe(409);
      expect(((await again.json()) as { msg: string }).msg).toBe(locale === 'ar' ? 'أنت مسجّل في هذا المؤتمر بالفعل.' : 'You are already registered for this conference.');

      // The member cancels (asked first), is told so, and can register again.
      await page.getByTestId('register-cancel').click();
      const dialog = page.getByTestId('register-cancel-confirm');
      await expect(dialog).toContainText(locale === 'ar' ? 'إلغاء تسجيلك؟' : 'Cancel your registration?');
      await page.getByTestId('register-cancel-confirm-confirm').click();
      await expect(page.getByTestId('register-canceled')).toHaveText(
        locale === 'ar' ? 'أُلغي تسجيلك. يمكنك التسجيل من جديد ما دام التسجيل مفتوحًا.' : 'Your registration is canceled. You can register again while registration is open.',
      );
      // The profile keeps it, marked as canceled by the member (never "not registered yet").
      await page.goto('/profile?tab=registrations');
      const row = page.locator(`[data-testid="registration-row"][data-conference="${OPEN}"]`);
      await expect(row.getByTestId('registration-status')).toHaveText(locale === 'ar' ? 'ألغيته أنت' : 'Canceled by you');
      await expect(row.getByTestId('registration-cancel')).toHaveCount(0);
      await expect(page.getByText(locale === 'ar' ? 'لم تسجّل في أي مؤتمر بعد.' : 'You have not registered for a conference yet.')).toHaveCount(0);
      await page.goto(`/conference/${OPEN}`);
      await page.getByTestId('register-button').click();
      await expect(page.getByTestId('register-status')).toHaveText(t.registered);
    });

    test('a signed-in user cannot join a closed or a past conference', async ({ page, request }) => {
      await signInNewUser(page, request, locale);
      await page.goto('/conference/6');
      await expect(page.getByTestId('register-status')).toHaveText(t.closed);
      await page.goto('/conference/7');
      await expect(page.getByTestId('register-status')).toHaveText(t.ended);
      await expect(page.getByTestId('register-button')).toHaveCount(0);
    });
  });
}
