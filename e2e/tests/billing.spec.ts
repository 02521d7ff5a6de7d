/**
 * Buying a plan in the composed site, in English and Arabic: the pricing section (visitor,
 * failure and retry), the local checkout (pay -> /success, fail -> /failed), the
 * existing-subscription dialog (cancel, confirm), the plan already held (marked; bought again from a
 * stale page: the spec message), a subscription ended with a refund by an administrator, and the paywall.
 */
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser } from '../support/accounts';
import { buyThroughApi, prepare, signUpViaApi } from '../support/billing';
import { changeRoleAsOperator } from '../support/operators';
import { mailMatching } from '../support/outbox';
import { openIntegratorPage } from '../support/integrator-page';

async function openPricing(page: Page) {
  await page.goto('/#pricing');
  const section = page.getByTestId('pricing-section');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId('plan-card')).toHaveCount(3);
  return section;
}

const plan = (page: Page, id: number) => page.locator(`[data-testid="plan-card"][data-plan-id="${id}"]`);

test.describe('pricing section', () => {
  test('a visitor sees the plans in AED per year and a sign-in-to-purchase link back to the section (en)', async ({ page }) => {
    await prepare(page, { locale: 'en' });
    await openPricing(page);
    const basic = plan(page, 1);
    await expect(basic.getByRole('heading', { name: 'Basic Plan' })).toBeVisible();
    await expect(basic.getByTestId('plan-price')).toHaveText(/AED 299\s*per year/);
    await expect(basic.getByText('Full access to the e-book library')).toBeVisible();
    const button = basic.getByRole('link', { name: 'Sign in to purchase' });
    await expect(button).toHaveAttribute('href', '/login?redirect=%2F%23pricing');
    await button.click();
    await expect(page).toHaveURL(/\/login\?redirect=%2F%23pricing$/);
  });

  test('a visitor sees Arabic names, dirham prices and features, right to left (ar, dark)', async ({ page }) => {
    await prepare(page, { locale: 'ar', theme: 'dark' });
    await openPricing(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveClass(/dark/);
    const pro = plan(page, 2);
    await expect(pro.getByRole('heading', { name: 'الباقة الاحترافية' })).toBeVisible();
    await expect(pro.getByTestId('plan-price')).toHaveText(/699 درهم\s*سنويًا/);
    await expect(pro.getByText('جميع مزايا الباقة الأساسية')).toBeVisible();
    // The sessions written from the plan's own number (Arabic's plural for 12), once.
    await expect(pro.getByTestId('plan-consultations')).toHaveText('12 جلسة استشارة في السنة');
    await expect(pro.getByText(/جلسة استشارة/)).toHaveCount(1);
    await expect(pro.getByRole('link', { name: 'سجّل الدخول للشراء' })).toBeVisible();
  });

  test('a failed fetch shows the spec error with a retry that loads the plans', async ({ page }) => {
    await prepare(page, { locale: 'en' });
    let fail = true;
    await page.route('**/api/subscription-plan', (route) => (fail ? route.abort() : route.continue()));
    await page.goto('/#pricing');
    const error = page.getByTestId('pricing-error');
    await expect(error).toContainText('An error occurred while fetching pricing plans');
    fail = false;
    await error.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('plan-card')).toHaveCount(3);
  });
});

test.describe('purchase through the local checkout', () => {
  test('a user buys a plan, lands on /success and sees the subscription and invoice (en)', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en');
    await prepare(page, { session, locale: 'en' });
    await openPricing(page);
    const buy = plan(page, 1).getByRole('button', { name: 'Purchase now' });
    await buy.click();
    await expect(page).toHaveURL(/\/api\/payments\/local-checkout\/lcs_[\w-]+\?lang=en$/);
    await expect(page.getByTestId('checkout-plan')).toHaveText('Basic Plan');
    await expect(page.getByTestId('checkout-price')).toHaveText('AED 299 per year');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/success$/);
    // Said once the API has the subscription active (read, not assumed).
    await expect(page.locator('[data-page="success"] h1')).toHaveText('Subscription successful');

    await page.goto('/profile?tab=subscriptions');
    const card = page.getByTestId('subscription-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('subscription-plan')).toHaveText('Basic Plan');
    await expect(card.getByTestId('subscription-status')).toHaveText('Active');
    await expect(card.getByTestId('subscription-price')).toHaveText('AED 299 per year');
    await expect(card.getByTestId('subscription-method')).toHaveText('Test card (local checkout)');
    await expect(card.getByTestId('subscription-next-billing')).not.toHaveText('—');
  });

  test('a failed payment lands on /failed, in Arabic', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'ar');
    await prepare(page, { session, locale: 'ar' });
    await openPricing(page);
    await plan(page, 2).getByRole('button', { name: 'اشترِ الآن' }).click();
    await expect(page).toHaveURL(/\/api\/payments\/local-checkout\/lcs_[\w-]+\?lang=ar$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('checkout-price')).toHaveText('699 درهم سنويًا');
    await page.getByRole('button', { name: 'محاكاة فشل الدفع' }).click();
    await expect(page).toHaveURL(/\/failed$/);
    await expect(page.locator('[data-page="failed"]')).toBeVisible();
    await page.goto('/profile?tab=subscriptions');
    await expect(page.getByText('ليس لديك اشتراك بعد.')).toBeVisible();
  });

  test('canceling the checkout lands on /failed, which says the purchase was left and nothing charged', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en');
    await prepare(page, { session, locale: 'en' });
    await openPricing(page);
    await plan(page, 3).getByRole('button', { name: 'Purchase now' }).click();
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await expect(page).toHaveURL(/\/failed\?reason=canceled$/);
    await expect(page.locator('[data-page="failed"] h1')).toHaveText('Purchase canceled');
    await expect(page.locator('[data-page="failed"]')).toContainText('Nothing was charged');
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveCount(0);
  });

  test('the same in Arabic and dark: "أُلغي الشراء", right to left, nothing charged', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'ar');
    await prepare(page, { session, locale: 'ar', theme: 'dark' });
    await openPricing(page);
    await plan(page, 3).getByRole('button', { name: 'اشترِ الآن' }).click();
    await page.getByRole('button', { name: 'إلغاء والعودة' }).click();
    await expect(page).toHaveURL(/\/failed\?reason=canceled$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.locator('[data-page="failed"] h1')).toHaveText('أُلغي الشراء');
    await expect(page.locator('[data-page="failed"]')).toContainText('لم يُخصم أي مبلغ');
    await page.goto('/profile?tab=subscriptions');
    await expect(page.getByText('ليس لديك اشتراك بعد.')).toBeVisible();
  });

  test('/success tells no one a subscription is active that is not: a member without one reads that it is being confirmed (ar, dark), a visitor is asked to log in (en)', async ({ page, request, browser }) => {
    const session = await signUpViaApi(request, 'ar');
    await prepare(page, { session, locale: 'ar', theme: 'dark' });
    await page.goto('/success');
    const success = page.locator('[data-page="success"]');
    await expect(success.locator('h1')).toHaveText('جارٍ تأكيد اشتراكك…');
    // After 10 seconds without an active subscription: still being confirmed, and where to look.
    await expect(success.locator('h1')).toHaveText('ما زلنا نؤكد دفعتك', { timeout: 20_000 });
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(success.getByRole('link', { name: 'اشتراكاتك' })).toHaveAttribute('href', '/profile?tab=subscriptions');
    await expect(success).not.toContainText('فعّال');

    const visitor = await browser.newPage();
    await prepare(visitor, { locale: 'en' });
    await visitor.goto('/success');
    const visitorSuccess = visitor.locator('[data-page="success"]');
    await expect(visitorSuccess.locator('h1')).toHaveText('Log in to see your subscription');
    await expect(visitorSuccess.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fprofile%3Ftab%3Dsubscriptions');
    await visitor.close();
  });
});

test.describe('an existing subscription', () => {
  test('another plan asks for confirmation: cancel does nothing, confirm goes to the checkout (en)', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en');
    await buyThroughApi(request, session, 1);
    await prepare(page, { session, locale: 'en' });
    await openPricing(page);

    const buy = plan(page, 2).getByRole('button', { name: 'Purchase now' });
    await buy.click();
    const dialog = page.getByRole('dialog', { name: 'You already have an active subscription' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('you will gain the benefits of both subscriptions');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(buy).toBeEnabled();

    await buy.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/api\/payments\/local-checkout\/lcs_/);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/success$/);
    await page.goto('/profile?tab=subscriptions');
    await expect(page.getByTestId('subscription-card')).toHaveCount(2);
  });

  test('the confirmation dialog is in Arabic, and the plan already held is marked with its subscriptions link (ar)', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'ar');
    await buyThroughApi(request, session, 1);
    await prepare(page, { session, locale: 'ar' });
    await openPricing(page);

    await plan(page, 3).getByRole('button', { name: 'اشترِ الآن' }).click();
    const dialog = page.getByRole('dialog', { name: 'لديك اشتراك نشط بالفعل' });
    await expect(dialog).toContainText('فستحصل على مزايا الاشتراكين معًا');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The plan already held (issue 21): marked, and no button that could only fail.
    await expect(plan(page, 1).getByTestId('plan-current')).toContainText('خطتك الحالية');
    await expect(plan(page, 1).getByTestId('plan-current-until')).toContainText('سارية حتى');
    await expect(plan(page, 1).getByRole('button', { name: 'اشترِ الآن' })).toHaveCount(0);
    await plan(page, 1).getByRole('link', { name: 'الذهاب إلى اشتراكاتي' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=subscriptions$/);
  });

  test('renewal turned off and back on from the subscriptions tab, each confirmed (en, then ar)', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en');
    await buyThroughApi(request, session, 1);
    await prepare(page, { session, locale: 'en' });
    await page.goto('/profile?tab=subscriptions');
    const card = page.getByTestId('subscription-card');
    await expect(card).toHaveAttribute('data-renews', 'true');
    const nextBilling = await card.getByTestId('subscription-next-billing').textContent();
    expect(nextBilling).not.toBe('—');

    // Asked first: keeping renewal changes nothing.
    await card.getByRole('button', { name: 'Turn off renewal' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off renewal?' });
    await expect(off).toContainText(`stays active until ${nextBilling}`);
    await off.getByRole('button', { name: 'Keep renewal' }).click();
    await expect(off).toBeHidden();
    await expect(card).toHaveAttribute('data-renews', 'true');

    await card.getByRole('button', { name: 'Turn off renewal' }).click();
    await off.getByRole('button', { name: 'Turn off renewal' }).click();
    await expect(card).toHaveAttribute('data-renews', 'false');
    await expect(card.getByTestId('subscription-ends-on')).toHaveText(nextBilling!);
    await expect(card.getByTestId('subscription-renewal-off-note')).toHaveText('Renewal is off: nothing more will be charged.');
    await expect(card.getByTestId('subscription-next-billing')).toHaveCount(0);

    // It is stored: a reload in Arabic shows it, and turns it back on.
    await page.goto('/profile?tab=subscriptions&lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(card).toHaveAttribute('data-renews', 'false');
    await expect(card.getByTestId('subscription-renewal-off-note')).toHaveText('التجديد متوقف، فلن يُخصم أي مبلغ آخر.');
    await card.getByRole('button', { name: 'إعادة تشغيل التجديد' }).click();
    const on = page.getByRole('dialog', { name: 'إعادة تشغيل التجديد؟' });
    await expect(on).toContainText('ويُخصم حينها 299 درهم عن السنة الجديدة');
    await on.getByRole('button', { name: 'إعادة تشغيل التجديد' }).click();
    await expect(card).toHaveAttribute('data-renews', 'true');
    await expect(card.getByTestId('subscription-next-billing')).not.toHaveText('—');
    await expect(card.getByTestId('subscription-renewal-off')).toBeVisible();
  });

  test('an administrator ends it with a refund from the console (ar, dark); the member sees it ended and the invoice refunded (en)', async ({ page, browser, request }) => {
    test.setTimeout(90_000);
    const member = await signUpViaApi(request, 'en', 'Refunded Member');
    await buyThroughApi(request, member, 1);
    const admin = await createVerifiedUser(request, { locale: 'ar', name: 'مسؤولة الفوترة', emailPrefix: 'billing.admin' });
    await changeRoleAsOperator(request, admin.email, 'admin');

    await prepare(page, { session: admin, locale: 'ar', theme: 'dark' });
    await page.goto(`/admin/users/${member.user.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const row = page.getByTestId('admin-subscription');
    await expect(row).toHaveAttribute('data-status', 'active');
    await expect(row.getByTestId('admin-subscription-payment')).toContainText('299 درهم');
    await row.getByRole('button', { name: 'إنهاء الاشتراك' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('ينتهي الوصول فورًا');
    // The reason is required: asked again, nothing sent.
    await dialog.getByTestId('decision-dialog-confirm').click();
    await expect(dialog).toContainText('اذكر السبب.');
    await dialog.getByLabel('السبب (يُبلَّغ به المعني)').fill('Refund asked for within 14 days.');
    await dialog.getByLabel(/ردّ آخر دفعة: 299 درهم/).check();
    await dialog.getByTestId('decision-dialog-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveAttribute('data-status', 'canceled');
    await expect(row).toContainText('انتهى في');
    await expect(row.getByTestId('admin-subscription-payment')).toContainText('رُدّت في');
    await expect(row.getByRole('button', { name: 'إنهاء الاشتراك' })).toHaveCount(0);

    // The console's payments list finds the invoice by the member's address, refunded, linked to their page.
    await page.getByTestId('admin-nav-adminPayments').click();
    await expect(page).toHaveURL(/\/admin\/payments$/);
    await page.getByTestId('payments-q').fill(member.email);
    await page.getByTestId('payments-apply').click();
    const payment = page.getByTestId('payment-row');
    await expect(payment).toHaveCount(1);
    await expect(payment).toHaveAttribute('data-status', 'refunded');
    await expect(payment).toContainText('استُردّت في');
    await expect(payment).toContainText('299 درهم');
    await expect(payment.getByRole('link', { name: 'Refunded Member' })).toHaveAttribute('href', `/admin/users/${member.user.id}`);
    // The figures of what the search selects: this one invoice, given back.
    const figures = page.getByTestId('payments-summary-row');
    await expect(figures).toHaveCount(1);
    await expect(figures).toHaveAttribute('data-status', 'refunded');
    await expect(figures).toContainText('مستردّة');
    await expect(figures).toContainText('299 درهم');
    await expect(figures).toContainText('فاتورة واحدة');

    // The member, in their own browser and language: ended, nothing to change; the invoice refunded; told by e-mail.
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await prepare(memberPage, { session: member, locale: 'en' });
    await memberPage.goto('/profile?tab=subscriptions');
    const card = memberPage.getByTestId('subscription-card');
    await expect(card).toHaveAttribute('data-status', 'canceled');
    await expect(card.getByTestId('subscription-ended-on')).not.toBeEmpty();
    await expect(card.getByRole('button')).toHaveCount(0);
    await memberPage.goto('/profile?tab=billing');
    await expect(memberPage.getByTestId('invoice-status')).toHaveText('Refunded');
    const mail = await mailMatching(request, member.email, /subscription has ended/);
    expect(mail.text).toContain('Refund asked for within 14 days.');
    await memberContext.close();
  });

  test('buying the same plan again (a page opened before the purchase) shows the English spec message', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en');
    await prepare(page, { session, locale: 'en' });
    await openPricing(page);
    // Bought elsewhere (another tab) after this page listed the plans as not held.
    await buyThroughApi(request, session, 2);
    await plan(page, 2).getByRole('button', { name: 'Purchase now' }).click();
    await expect(page.getByTestId('pricing-purchase-error')).toContainText('You already have an active subscription. Please visit the dashboard to manage it.');
  });
});

test.describe('paywall', () => {
  test('the research file shows access denied without a plan and opens with one', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en');
    await prepare(page, { session, locale: 'en' });
    await page.goto('/community/1?tab=file');
    const denied = page.getByTestId('access-denied');
    await expect(denied).toContainText('You need an active subscription to view this page');
    await expect(denied.getByRole('link', { name: 'Subscribe now' })).toHaveAttribute('href', '/#pricing');

    await buyThroughApi(request, session, 1);
    await page.reload();
    await expect(page.getByTestId('access-denied')).toBeHidden();
    await expect(page.getByTestId('research-file')).toBeVisible();
  });

  test('subscribing from a locked file, then paying, offers the way back to it (ar)', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'ar');
    await prepare(page, { session, locale: 'ar' });
    await page.goto('/community/1?tab=file');
    await page.getByTestId('access-denied').getByRole('link', { name: 'اشترك الآن' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await plan(page, 1).getByRole('button', { name: 'اشترِ الآن' }).click();
    await page.getByRole('button', { name: 'ادفع الآن' }).click();
    await expect(page).toHaveURL(/\/success$/);
    const back = page.getByRole('link', { name: 'المتابعة من حيث توقفت' });
    await expect(back).toHaveAttribute('href', '/community/1?tab=file');
    await back.click();
    await expect(page.getByTestId('research-file')).toBeVisible();
    // Offered once: the success page seen again (another purchase) does not point to it.
    await page.goto('/success');
    await expect(page.locator('[data-page="success"] h1')).toHaveText('تم الاشتراك بنجاح');
    await expect(page.getByTestId('purchase-continue')).toHaveCount(0);
    // Only a page of this site is offered.
    await page.evaluate(() => sessionStorage.setItem('purchase_return_to', '//evil.example/x'));
    await page.reload();
    await expect(page.locator('[data-page="success"] h1')).toHaveText('تم الاشتراك بنجاح');
    await expect(page.getByTestId('purchase-continue')).toHaveCount(0);
  });
});

test.describe('the account remote alone', () => {
  test('its lifecycles mount the pricing section on a plain page (ar, dark) and unmount cleanly', async ({ page }) => {
    const embed = await openIntegratorPage(page, {
      remote: 'account', name: 'account-embed', locale: 'ar', theme: 'dark', initialPath: '/pricing', api: 'platform',
    });
    try {
      const slot = embed.slot;
      await expect(slot.locator('[data-embedded-remote]')).toHaveAttribute('dir', 'rtl');
      await expect(slot.locator('[data-embedded-remote]')).toHaveClass(/dark/);
      await expect(slot.getByRole('heading', { name: 'خطط الاشتراك' })).toBeVisible();
      // This page's origin is not one the API allows (CORS_ORIGINS): the section says so and offers a retry.
      await expect(slot.getByTestId('pricing-error')).toContainText('حدث خطأ أثناء جلب خطط الاشتراك');
      await embed.unmount();
      await expect(slot).toBeEmpty();
      expect(embed.pageErrors).toEqual([]);
    } finally {
      await embed.close();
    }
  });
});
