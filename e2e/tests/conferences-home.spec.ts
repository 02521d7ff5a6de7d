import { expect, test, type Page } from '@playwright/test';
import { scrollThroughHome, setLocale, skipAdsPopup } from '../support/session';
import { TEXTS } from '../support/conferences';

const swiperParams = (page: Page) =>
  page.getByTestId('events-carousel').locator('.swiper').evaluate((element) => {
    const swiper = (element as HTMLElement & { swiper: { params: { loop: boolean; autoplay: { delay: number } | false; slidesPerView: number }; slides: unknown[] } }).swiper;
    return { loop: swiper.params.loop, autoplay: swiper.params.autoplay, slidesPerView: swiper.params.slidesPerView };
  });

/** How many slides are fully inside the carousel's box. */
const visibleSlides = (page: Page) =>
  page.getByTestId('events-carousel').evaluate((root) => {
    const box = root.querySelector('.swiper')!.getBoundingClientRect();
    return [...root.querySelectorAll('.swiper-slide')].filter((slide) => {
      const rect = slide.getBoundingClientRect();
      return rect.width > 0 && rect.left >= box.left - 1 && rect.right <= box.right + 1;
    }).length;
  });

for (const locale of ['en', 'ar'] as const) {
  test.describe(`events carousel on the home page (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await setLocale(page, locale, locale === 'ar' ? 'dark' : 'light');
      await skipAdsPopup(page);
    });

    test('8 events from conference/paginate, the next first, cards link to /conference/{id}, English dates, forced LTR', async ({ page }) => {
      const response = page.waitForResponse((r) => r.url().endsWith('/api/conference/paginate') && r.request().method() === 'POST');
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/');
      await scrollThroughHome(page);
      const answer = await response;
      expect(answer.request().postDataJSON()).toEqual({ limit: 8, page: 1, col: 'upcoming', search: '' });
      // Not yet ended first, soonest first; past ones (if any) after them.
      const events = ((await answer.json()) as { data: Array<{ start_date: string; end_date: string | null }> }).data;
      const ended = events.map((event) => new Date(event.end_date ?? event.start_date).getTime() < Date.now());
      expect(ended).toEqual([...ended].sort((a, b) => Number(a) - Number(b)));
      expect(ended[0]).toBe(false);
      const upcomingStarts = events.filter((_, index) => !ended[index]).map((event) => event.start_date);
      expect(upcomingStarts).toEqual([...upcomingStarts].sort());
      const widget = page.getByTestId('events-widget');
      await expect(widget.getByRole('heading', { level: 2 })).toHaveText(TEXTS[locale].events);
      const carousel = page.getByTestId('events-carousel');
      await expect(carousel).toHaveAttribute('dir', 'ltr');
      const cards = carousel.getByTestId('event-card');
      await expect(cards).toHaveCount(8);
      const first = cards.first();
      await expect(first.getByRole('link')).toHaveAttribute('href', /^\/conference\/\d+$/);
      await expect(first.getByTestId('event-date')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await expect(first.locator('img')).toHaveAttribute('src', /\/files\/images\/conferences\/\d+\.svg$/);
      const excerpt = await first.getByTestId('event-excerpt').innerText();
      expect(excerpt.endsWith('…')).toBe(true);
      expect([...excerpt].length).toBeLessThanOrEqual(101);
      const title = await first.getByRole('heading').innerText();
      if (locale === 'ar') expect(title).toMatch(/[\u0600-\u06FF]/);
      else expect(title).not.toMatch(/[\u0600-\u06FF]/);

      const params = await swiperParams(page);
      expect(params.loop).toBe(true);
      expect(params.autoplay).toMatchObject({ delay: 4000, disableOnInteraction: false });
      // Arrows and one dot per event.
      await expect(carousel.locator('.swiper-pagination-bullet')).toHaveCount(8);
      await expect(carousel.getByTestId('carousel-next')).toBeVisible();
      await expect(carousel.getByTestId('carousel-prev')).toBeVisible();
      // Autoplay moves the slides every 4 s: measured between two moves, not during one.
      await expect.poll(() => visibleSlides(page)).toBe(3);

      await first.getByRole('link').click();
      await expect(page).toHaveURL(/\/conference\/\d+$/);
      await expect(page.getByTestId('conferences-details')).toBeVisible();
    });
  });
}

test('the events carousel shows 1 slide, 2 from 840 px and 3 from 1024 px, and moves with the arrows and dots', async ({ page }) => {
  await setLocale(page, 'en');
  await skipAdsPopup(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.goto('/');
  await scrollThroughHome(page);
  const carousel = page.getByTestId('events-carousel');
  await expect(carousel.getByTestId('event-card')).toHaveCount(8);
  await expect.poll(() => visibleSlides(page)).toBe(1);
  await page.setViewportSize({ width: 900, height: 900 });
  await expect.poll(() => visibleSlides(page)).toBe(2);
  await page.setViewportSize({ width: 1100, height: 900 });
  await expect.poll(() => visibleSlides(page)).toBe(3);

  const active = () => carousel.locator('.swiper-pagination-bullet-active').evaluate((dot) => [...dot.parentElement!.children].indexOf(dot));
  expect(await active()).toBe(0);
  await carousel.getByTestId('carousel-next').click();
  await expect.poll(active).toBe(1);
  await carousel.locator('.swiper-pagination-bullet').nth(4).click();
  await expect.poll(active).toBe(4);
});
