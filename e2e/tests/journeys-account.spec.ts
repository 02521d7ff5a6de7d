/**
 * Issue 21, "what real users tripped on", the account and shell items, each in the language, theme
 * and width where it was seen: the pricing card of the member's own plan, the profile's tables and
 * linked tab on a phone, the log-out icon, page titles (served HTML too), the home page's contact
 * form, and the carousel's arrows and dots.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { buyThroughApi, prepare, signUpViaApi } from '../support/billing';
import { uniqueEmail } from '../support/accounts';
import { scrollThroughHome, setLocale, skipAdsPopup, waitForApp } from '../support/session';
import { SHELL_URL } from '../support/stack';

const PHONE = { width: 390, height: 844 };

const plan = (page: Page, id: number) => page.locator(`[data-testid="plan-card"][data-plan-id="${id}"]`);

test.describe('pricing marks the plan the member has', () => {
  test('a subscriber sees "Your plan" and until when on its card, and the subscriptions tab instead of buying it again (en, light)', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'en');
    await buyThroughApi(request, session, 2);
    await prepare(page, { session, locale: 'en', theme: 'light' });
    await page.goto('/#pricing');
    const section = page.getByTestId('pricing-section');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByTestId('plan-card')).toHaveCount(3);

    const mine = plan(page, 2);
    await expect(mine).toHaveAttribute('data-current', 'true');
    await expect(mine.getByTestId('plan-current')).toContainText('Your plan');
    const until = mine.getByTestId('plan-current-until');
    await expect(until).toHaveText(/^Active until .*\d{4}$/);
    await expect(mine.getByRole('button', { name: 'Purchase now' })).toHaveCount(0);
    // The other plans can still be bought.
    await expect(plan(page, 1).getByRole('button', { name: 'Purchase now' })).toBeVisible();
    await expect(plan(page, 1).getByTestId('plan-current')).toHaveCount(0);

    const untilText = (await until.textContent())!.replace('Active until ', '');
    await mine.getByRole('link', { name: 'Go to my subscriptions' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=subscriptions$/);
    // The same date as the subscription's next billing date, formatted by the same owner.
    await expect(page.getByTestId('subscription-next-billing')).toHaveText(untilText);
    await expect(page.getByTestId('pricing-purchase-error')).toHaveCount(0);
  });
});

/** Whether the box lies inside the phone's width (nothing cut off at either side). */
async function expectInsideViewport(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x, (await locator.textContent()) ?? undefined).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('the profile on a phone (390 px)', () => {
  test.use({ viewport: PHONE });

  for (const locale of ['en', 'ar'] as const) {
    test(`invoices and subscriptions are stacked cards, nothing behind a sideways scroll (${locale})`, async ({ page, request }) => {
      const session = await signUpViaApi(request, locale);
      await buyThroughApi(request, session, 1);
      await prepare(page, { session, locale });
      await page.goto('/profile?tab=billing');
      const row = page.getByTestId('invoice-row');
      await expect(row).toHaveCount(1);
      await expectInsideViewport(row.getByTestId('invoice-number'));
      await expectInsideViewport(row.getByTestId('invoice-amount'));
      await expectInsideViewport(row.getByTestId('invoice-status'));
      await expectInsideViewport(row.getByTestId('invoice-download'));
      await expect(row.getByTestId('invoice-amount')).toContainText(locale === 'ar' ? '299 درهم' : 'AED 299');
      // Each value says which column it is: the column's name shows before it on a phone.
      expect(await row.getByTestId('invoice-amount').evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(locale === 'ar' ? '"المبلغ"' : '"Amount"');
      expect(await noSidewaysScroll(page)).toBe(true);

      await page.getByRole('tab', { name: locale === 'ar' ? 'الاشتراكات' : 'Subscriptions' }).click();
      await expectInsideViewport(page.getByTestId('subscription-next-billing'));
      expect(await noSidewaysScroll(page)).toBe(true);
    });
  }

  for (const locale of ['en', 'ar'] as const) {
    test(`a tab opened by link (?tab=billing, the receipt e-mail) is in sight: the strip wraps, it does not scroll (${locale})`, async ({ page, request }) => {
      const session = await signUpViaApi(request, locale);
      await prepare(page, { session, locale });
      await page.goto('/profile?tab=billing');
      const tab = page.locator('[role="tab"][data-tab="billing"]');
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const strip = page.getByRole('tablist');
      expect(await strip.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
      const [tabBox, stripBox] = [(await tab.boundingBox())!, (await strip.boundingBox())!];
      expect(tabBox.x >= stripBox.x - 1 && tabBox.x + tabBox.width <= stripBox.x + stripBox.width + 1).toBe(true);
      expect(await noSidewaysScroll(page)).toBe(true);
    });
  }
});

test.describe('the log-out button', () => {
  // Feather's "log-in" icon, which the button showed: the arrow went into the door.
  const LOG_IN_PATH = 'M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3';

  for (const locale of ['en', 'ar'] as const) {
    test(`shows a log-out icon, mirrored in Arabic (${locale})`, async ({ page, request }) => {
      const session = await signUpViaApi(request, locale);
      await prepare(page, { session, locale });
      await page.goto('/about');
      const button = page.getByRole('banner').getByRole('button', { name: locale === 'ar' ? 'تسجيل الخروج' : 'Log out' });
      const icon = button.getByTestId('logout-icon');
      await expect(icon).toHaveAttribute('data-icon', 'log-out');
      const path = await icon.locator('path').getAttribute('d');
      expect(path).not.toBe(LOG_IN_PATH);
      // The door at the start (x 3 to 9), the arrow leaving it towards the end (x 21).
      expect(path).toMatch(/^M9 21H5.*M21 12H9$/);
      // Tailwind's -scale-x-100 is the `scale` property: "-1 1" mirrors it in Arabic.
      const scale = await icon.evaluate((element) => getComputedStyle(element).scale);
      if (locale === 'ar') expect(scale).toMatch(/^-1\b/);
      else expect(scale === 'none' || /^1\b/.test(scale)).toBe(true);
    });
  }
});

test.describe('page titles in the page language', () => {
  const EXPECTED = {
    en: { site: 'Scholars Hub', '/': 'Home', '/about': 'About us', '/login': 'Log in', '/contact': 'Contact us', '/privacy-policy': 'Privacy and content policy', '/register': 'Sign up' },
    ar: { site: 'ملتقى الباحثين', '/': 'الرئيسية', '/about': 'من نحن', '/login': 'تسجيل الدخول', '/contact': 'تواصل معنا', '/privacy-policy': 'سياسة الخصوصية والمحتوى', '/register': 'إنشاء حساب' },
  } as const;
  const PATHS = ['/', '/about', '/login', '/contact', '/privacy-policy', '/register'] as const;

  for (const locale of ['en', 'ar'] as const) {
    test(`each page has its own title, in the browser and in the served HTML (${locale})`, async ({ page, request }) => {
      const texts = EXPECTED[locale];
      await setLocale(page, locale);
      await skipAdsPopup(page);
      for (const path of PATHS) {
        const title = `${texts[path]} · ${texts.site}`;
        const served = await (await request.get(`${SHELL_URL}${path}?lang=${locale}`)).text();
        expect(/<title>([^<]*)<\/title>/.exec(served)?.[1], `served ${path}`).toBe(title);
        await page.goto(path);
        await expect(page, path).toHaveTitle(title);
      }

      // A remote's page names itself (the profile), a server-rendered one in the served HTML too.
      const session = await signUpViaApi(request, locale, locale === 'ar' ? 'سلمى الظاهري' : 'Salma Al Dhaheri');
      const served = await (await request.get(`${SHELL_URL}/user-profile/${session.user.id}?lang=${locale}`)).text();
      expect(/<title>([^<]*)<\/title>/.exec(served)?.[1]).toBe(`${session.name} · ${texts.site}`);
      await page.goto(`/user-profile/${session.user.id}`);
      await expect(page).toHaveTitle(`${session.name} · ${texts.site}`);

      // Signed in: the account, library and community remotes' pages.
      await prepare(page, { session, locale });
      const signedIn = locale === 'ar'
        ? { '/profile': 'ملفي الشخصي', '/research-library': 'المكتبة الإلكترونية', '/research-community': 'مجتمع البحث' }
        : { '/profile': 'My profile', '/research-library': 'E-book library', '/research-community': 'Research community' };
      for (const [path, name] of Object.entries(signedIn)) {
        await page.goto(path);
        await expect(page, path).toHaveTitle(`${name} · ${texts.site}`);
      }
    });
  }

  test('the title follows a change of language without a reload', async ({ page }) => {
    await setLocale(page, 'en');
    await skipAdsPopup(page);
    await page.goto('/about');
    await waitForApp(page);
    await expect(page).toHaveTitle('About us · Scholars Hub');
    await page.getByTestId('language-menu').first().selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page).toHaveTitle('من نحن · ملتقى الباحثين');
  });
});

test.describe("the home page's contact section", () => {
  test('carries the contact form, loaded as the reader approaches it: a message is sent (en)', async ({ page }) => {
    await setLocale(page, 'en');
    await skipAdsPopup(page);
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto('/');
    await waitForApp(page);
    const section = page.getByTestId('home-contact');
    const form = section.getByTestId('contact-form');
    await expect(form).toHaveCount(0); // not at the start
    await section.scrollIntoViewIfNeeded();
    await expect(form).toBeVisible();
    await expect(section.getByRole('heading', { name: 'Send us a message' })).toBeVisible();
    // The details of spec 2 stay beside it.
    await expect(section).toContainText('Location');

    await form.getByLabel('Full name').fill('Khalid Al Hammadi');
    await form.getByLabel('E-mail').fill(uniqueEmail('home-contact'));
    await form.getByLabel('Phone number').fill('+971501234567');
    await form.getByLabel('Message').fill('When is the next conference on water research?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(section.getByTestId('contact-success')).toHaveText('Message sent successfully!', { timeout: 15_000 });
  });

  test('validates with the form messages in Arabic (ar, dark)', async ({ page }) => {
    await setLocale(page, 'ar', 'dark');
    await skipAdsPopup(page);
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && request.url().includes('/api/base/contact') && posts.push(request.url()));
    await page.goto('/#contact');
    await waitForApp(page);
    const section = page.getByTestId('home-contact');
    await section.scrollIntoViewIfNeeded();
    const form = section.getByTestId('contact-form');
    await form.getByRole('button', { name: 'إرسال الرسالة' }).click();
    for (const text of ['الاسم الكامل مطلوب', 'البريد الإلكتروني مطلوب', 'رقم الهاتف مطلوب', 'الرسالة مطلوبة']) await expect(form.getByText(text)).toBeVisible();
    await form.getByLabel('البريد الإلكتروني').fill('khalid at example');
    await form.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await expect(form.getByText('صيغة البريد الإلكتروني غير صحيحة')).toBeVisible();
    expect(posts).toEqual([]);
  });
});

/** WCAG relative luminance and contrast of two `rgb(...)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b2] = colour.match(/[\d.]+/g)!.slice(0, 3).map(Number).map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The inactive dot's colour (at its opacity) and the first opaque background behind it. */
async function dotColours(carousel: Locator) {
  const dot = carousel.locator('.swiper-pagination-bullet:not(.swiper-pagination-bullet-active)').first();
  await expect(dot).toBeVisible();
  return dot.evaluate((element) => {
    const style = getComputedStyle(element);
    let node: Element | null = element.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (node) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour && colour !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(colour)) {
        background = colour;
        break;
      }
      node = node.parentElement;
    }
    return { dot: style.backgroundColor, opacity: Number(style.opacity), background };
  });
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('carousels', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`inactive dots have 3:1 contrast and the arrows keep off the cards' titles and dates (${theme})`, async ({ page }) => {
      await setLocale(page, 'en', theme);
      await skipAdsPopup(page);
      await page.goto('/');
      await scrollThroughHome(page);
      for (const testId of ['events-carousel', 'team-carousel']) {
        const carousel = page.getByTestId(testId);
        await carousel.scrollIntoViewIfNeeded();
        await expect(carousel).toBeVisible();
        const colours = await dotColours(carousel);
        expect(colours.opacity, testId).toBe(1);
        expect(contrast(colours.dot, colours.background), `${testId} ${theme}: ${colours.dot} on ${colours.background}`).toBeGreaterThanOrEqual(3);

        // Not swiper's default blue arrows (#007aff) over the slides: the site's own, off the text.
        await expect(carousel.locator('.swiper-button-prev, .swiper-button-next')).toHaveCount(0);
        const arrows = [carousel.getByTestId('carousel-prev'), carousel.getByTestId('carousel-next')];
        for (const arrow of arrows) {
          await expect(arrow).toBeVisible();
          expect(await arrow.evaluate((element) => getComputedStyle(element).color)).not.toBe('rgb(0, 122, 255)');
        }
        const texts = carousel.locator('.swiper-slide-visible h3, .swiper-slide-visible time, .swiper-slide-active h3, .swiper-slide-active time');
        const count = await texts.count();
        expect(count, testId).toBeGreaterThan(0);
        for (const arrow of arrows) {
          const arrowBox = (await arrow.boundingBox())!;
          for (let index = 0; index < count; index += 1) {
            const box = await texts.nth(index).boundingBox();
            if (box) expect(overlaps(arrowBox, box), `${testId}: an arrow covers "${await texts.nth(index).textContent()}"`).toBe(false);
          }
        }
      }
    });
  }
});
