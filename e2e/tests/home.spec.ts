import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { scrollThroughHome, setLocale, skipAdsPopup, waitForApp } from '../support/session';

const FEATURE_LINKS = ['/conferences/1', '/conferences/2', '/research-exchange', '/community', '/research-library', '/consultations', '/community', '/'];

for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  test.describe(`home (${locale}, ${theme})`, () => {
    test.beforeEach(async ({ page }) => setLocale(page, locale, theme));

    test('sections appear in the spec order with the feature links in order', async ({ page }) => {
      await skipAdsPopup(page);
      await page.goto('/');
      await scrollThroughHome(page);
      await expect(page.getByTestId('team-card').first()).toBeVisible();
      // The remotes' widgets take their slots: community, events, pricing.
      await expect(page.getByTestId('home-community')).toBeVisible();
      await expect(page.getByTestId('events-widget')).toBeVisible();
      await expect(page.getByTestId('pricing-section')).toBeVisible();
      const sections = '[data-testid^="home-"], [data-testid="events-widget"], [data-testid="pricing-section"]';
      const order = await page.locator(sections).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
      expect(order.filter((id) => id !== 'home-page')).toEqual([
        'home-hero',
        'home-about',
        'home-community',
        'home-cta',
        'events-widget',
        'home-team',
        'home-faq',
        'pricing-section',
        'home-contact',
      ]);
      const hrefs = await page.getByTestId('feature-card').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
      expect(hrefs).toEqual(FEATURE_LINKS);
      await expect(page.locator('#pricing')).toHaveCount(1);
      await expect(page.locator('#contact')).toHaveCount(1);
      const video = page.getByTestId('hero-video');
      await expect(video).toHaveAttribute('poster', /hero-poster/);
      expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);
    });

    test('team cards: round photo, university split at the dash, links to /team/{id}', async ({ page }) => {
      await skipAdsPopup(page);
      await page.goto('/');
      await scrollThroughHome(page);
      const card = page.getByTestId('team-card').first();
      await expect(card).toBeVisible();
      await expect(card.locator('img')).toHaveClass(/rounded-full/);
      // bio, institution, department: the 'University - Department' line is split at the dash
      await expect(card.locator('p')).toHaveCount(3);
      expect(await card.innerText()).not.toMatch(/\s[-–]\s/);
      const href = await card.getByRole('link').first().getAttribute('href');
      expect(href).toMatch(/^\/team\/\d+$/);
      await card.getByRole('link').first().click();
      await expect(page.getByTestId('shell-page')).toHaveAttribute('data-page', 'team');
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    });

    test('the ads pop-up closes with its button and with a backdrop click', async ({ page }) => {
      await page.goto('/');
      const ads = page.getByTestId('ads-popup');
      await expect(ads).toBeVisible();
      await expect(ads.getByTestId('ad-slide').first()).toBeVisible();
      const image = ads.getByTestId('ad-slide').first().locator('img');
      expect(await image.evaluate((img) => img.getBoundingClientRect().height)).toBe(450);
      await ads.getByRole('button', { name: locale === 'ar' ? 'إغلاق الإعلانات' : 'Close announcements' }).click();
      await expect(ads).toBeHidden();
      // Closed once, it stays closed for this browser session.
      await page.reload();
      await scrollThroughHome(page);
      await expect(page.getByTestId('team-card').first()).toBeVisible();
      await expect(ads).toBeHidden();

      await page.evaluate(() => sessionStorage.clear());
      await page.reload();
      await expect(ads).toBeVisible();
      // The backdrop is the dialog element outside its content box.
      await page.mouse.click(5, 5);
      await expect(ads).toBeHidden();
    });

    test('header: conferences menu lists the categories, Escape closes it', async ({ page }) => {
      await skipAdsPopup(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/');
      // The served page's buttons are inert until the app has hydrated it.
      await waitForApp(page);
      const menu = page.getByTestId('nav-conferences-menu').first();
      await menu.getByRole('button').click();
      const items = menu.getByRole('link');
      await expect(items.first()).toBeVisible();
      await expect.poll(() => items.count()).toBeGreaterThanOrEqual(4);
      await expect(items.last()).toHaveAttribute('href', '/request-conference');
      await page.keyboard.press('Escape');
      await expect(items.first()).toBeHidden();
      await expect(menu.getByRole('button')).toBeFocused();
      await menu.getByRole('button').click();
      await items.first().click();
      await expect(page).toHaveURL(/\/conferences\/\d+$/);
    });

    test('axe: no serious or critical violation on the home page', async ({ page }) => {
      await skipAdsPopup(page);
      await page.goto('/');
      await scrollThroughHome(page);
      await expect(page.getByTestId('team-card').first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });
}

test('footer: newsletter refuses an e-mail without an at sign without calling the API', async ({ page }) => {
  await skipAdsPopup(page);
  const calls: string[] = [];
  page.on('request', (request) => request.url().includes('newsletter') && calls.push(request.url()));
  await page.goto('/');
  const box = page.getByTestId('newsletter');
  await expect(box.locator('[data-state]')).toHaveAttribute('data-state', 'idle');
  await box.getByRole('textbox').fill('not-an-email');
  await box.getByRole('button').click();
  await expect(box.locator('[data-state]')).toHaveText('Please enter a valid email address.');
  expect(calls).toEqual([]);
});

test('footer: the made-by credit links to the address of the site settings, and the copyright is this year, in both languages', async ({ page }) => {
  await skipAdsPopup(page);
  await page.goto('/');
  const credit = page.locator('footer').getByTestId('footer-made-by');
  const year = new Date().getUTCFullYear();
  await expect(credit).toHaveText('Made by Scholars Hub engineering');
  await expect(credit.getByRole('link')).toHaveAttribute('href', 'https://github.example/scholars-hub');
  await expect(page.getByTestId('footer-copyright')).toHaveText(`© ${year} Scholars Hub. All rights reserved.`);
  await page.goto('/?lang=ar');
  await expect(credit).toHaveText('من تطوير فريق هندسة ملتقى الباحثين');
  await expect(page.getByTestId('footer-copyright')).toHaveText(`© ${year} ملتقى الباحثين. جميع الحقوق محفوظة.`);
  await expect(credit.getByRole('link')).toHaveAttribute('href', 'https://github.example/scholars-hub');
});

test('on a phone, the back-to-top button leaves the footer’s last lines readable at the end of a page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  await waitForApp(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const button = await page.getByTestId('back-to-top').boundingBox();
  expect(button).not.toBeNull();
  const lines = await page.locator('footer p').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect()).map(({ top, bottom }) => ({ top, bottom })));
  const underButton = lines.filter((line) => line.bottom > button!.y && line.top < button!.y + button!.height);
  expect(underButton).toEqual([]);
});

test('on a phone, the back-to-top button waits until the reader scrolls back up (reading down, it would sit on the text, a price or a button)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  await waitForApp(page);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(844 + 900);
  // One scroll at a time, each seen by the page (its scroll event runs before the next frame) before the next.
  const scrollTo = (top: number) =>
    page.evaluate(async (y) => {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }, top);
  for (const y of [300, 600, 900]) await scrollTo(y);
  await expect(page.getByTestId('back-to-top')).toHaveCount(0);
  await scrollTo(700);
  await expect(page.getByTestId('back-to-top')).toBeVisible();
  await scrollTo(800);
  await expect(page.getByTestId('back-to-top')).toHaveCount(0);
  // At a desktop's width the page's margins leave it room: it shows on the way down.
  await page.setViewportSize({ width: 1366, height: 800 });
  await scrollTo(0);
  await scrollTo(600);
  await expect(page.getByTestId('back-to-top')).toBeVisible();
});

test('the back-to-top button steps aside while a form field has the focus (it would cover the form’s buttons on a phone)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  await waitForApp(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByTestId('back-to-top')).toBeVisible();
  // The footer's newsletter field.
  await page.locator('footer input[type="email"]').focus();
  await expect(page.getByTestId('back-to-top')).toHaveCount(0);
  await page.locator('footer input[type="email"]').blur();
  await expect(page.getByTestId('back-to-top')).toBeVisible();
});
