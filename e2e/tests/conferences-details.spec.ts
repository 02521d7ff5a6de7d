import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { setLocale, waitForApp } from '../support/session';
import { TEXTS } from '../support/conferences';

for (const locale of ['en', 'ar'] as const) {
  const t = TEXTS[locale];
  test.describe(`conference details (${locale})`, () => {
    test.use({ timezoneId: 'Asia/Dubai' });
    test.beforeEach(async ({ page }) => setLocale(page, locale, locale === 'ar' ? 'dark' : 'light'));

    test('tabs: details, agenda by day, speakers, excerpts coming soon, important dates; the tab is in the URL', async ({ page }) => {
      await page.goto('/conference/1');
      const details = page.getByTestId('conferences-details');
      await expect(details.getByRole('heading', { level: 1 })).toHaveText(
        locale === 'ar' ? 'المؤتمر الدولي للذكاء الاصطناعي في التعليم العالي' : 'International Conference on Artificial Intelligence in Higher Education',
      );
      const tabs = details.getByRole('tablist');
      await expect(tabs.getByRole('tab')).toHaveText(Object.values(t.tabs));
      await expect(tabs.getByRole('tab', { name: t.tabs.details })).toHaveAttribute('aria-selected', 'true');
      await expect(details.getByTestId('venue')).toHaveText(locale === 'ar' ? 'جامعة الإمارات العربية المتحدة، العين' : 'United Arab Emirates University, Al Ain');
      // The zone by its name in the page's language, not its IANA identifier.
      await expect(details.getByTestId('time-zone')).toHaveText(locale === 'ar' ? 'توقيت الخليج' : 'Gulf Standard Time');
      // Viewer in the event's zone: no second time.
      await expect(details.getByTestId('event-time').first()).toContainText('09:00');
      await expect(details.getByTestId('local-time')).toHaveCount(0);

      await tabs.getByRole('tab', { name: t.tabs.agenda }).click();
      await expect(page).toHaveURL(/\?tab=agenda$/);
      const days = details.getByTestId('agenda-day');
      await expect(days).toHaveCount(2);
      await expect(days.first()).toHaveAttribute('data-date', '2027-02-16');
      await expect(days.first().getByTestId('agenda-item')).toHaveCount(3);
      await expect(days.first().getByTestId('agenda-time').first()).toHaveText('09:00–09:30');
      await expect(days.nth(1).getByTestId('agenda-item')).toHaveCount(1);

      await tabs.getByRole('tab', { name: t.tabs.speakers }).click();
      await expect(details.getByTestId('speaker')).toHaveCount(2);
      await expect(details.getByTestId('speaker').first()).toContainText(locale === 'ar' ? 'د. سارة المنصوري' : 'Dr. Sara Al Mansouri');

      await tabs.getByRole('tab', { name: t.tabs.excerpts }).click();
      await expect(details.getByTestId('excerpts-coming-soon')).toHaveText(t.comingSoon);

      await tabs.getByRole('tab', { name: t.tabs.dates }).click();
      await expect(page).toHaveURL(/\?tab=dates$/);
      await expect(details.getByTestId('important-date')).toHaveCount(8);
      await expect(details.getByText('SH-2027-001')).toBeVisible();

      // The tab survives a reload; arrow keys follow the reading direction.
      await page.reload();
      await expect(details.getByRole('tab', { name: t.tabs.dates })).toHaveAttribute('aria-selected', 'true');
      // The reloaded page is rendered on the server: its tabs take focus once the remote has hydrated them.
      await waitForApp(page);
      await details.getByRole('tab', { name: t.tabs.dates }).focus();
      await page.keyboard.press(locale === 'ar' ? 'ArrowRight' : 'ArrowLeft');
      await expect(details.getByRole('tab', { name: t.tabs.excerpts })).toBeFocused();
      await expect(details.getByRole('tab', { name: t.tabs.excerpts })).toHaveAttribute('aria-selected', 'true');
    });

    test('a past conference shows its excerpts and cannot be joined; a closed one says so', async ({ page }) => {
      await page.goto('/conference/7?tab=excerpts');
      const details = page.getByTestId('conferences-details');
      await expect(details.getByTestId('excerpts')).toContainText(locale === 'ar' ? 'وضوح سؤال البحث' : 'a clear research question');
      await expect(details.getByTestId('register-status')).toHaveText(t.ended);
      await expect(details.getByTestId('register-button')).toHaveCount(0);

      await page.goto('/conference/6');
      await expect(details.getByTestId('register-status')).toHaveText(t.closed);
      await expect(details.getByTestId('register-button')).toHaveCount(0);
    });

    test('axe: no serious or critical violation on the list and in every tab', async ({ page }) => {
      test.slow();
      const problems: string[] = [];
      for (const path of ['/conferences/1', '/conference/1', '/conference/1?tab=agenda', '/conference/1?tab=speakers', '/conference/1?tab=dates', '/conference/7?tab=excerpts']) {
        await page.goto(path);
        await expect(page.locator('[data-remote="conferences"] :is([data-testid="conferences-list"], [data-testid="conferences-details"])')).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        const results = await new AxeBuilder({ page }).include('[data-remote="conferences"]').analyze();
        for (const violation of results.violations) {
          if (violation.impact === 'serious' || violation.impact === 'critical') problems.push(`${path} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        }
      }
      expect(problems).toEqual([]);
    });

    test('the .ics download holds the conference in its zone and the important dates', async ({ page }) => {
      await page.goto('/conference/1');
      const link = page.getByTestId('ics-link');
      await expect(link).toHaveText(t.ics);
      await expect(link).toHaveAttribute('href', new RegExp(`/api/conference/1/ics\\?lang=${locale}$`));
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe('conference-1.ics');
      const text = await readFile((await download.path())!, 'utf8');
      expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Dubai');
      expect(text).toContain('DTSTART;TZID=Asia/Dubai:20270216T090000');
      expect(text).toContain('DTEND;TZID=Asia/Dubai:20270217T170000');
      // The conference and its six deadlines (its start and end days are the event itself).
      expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(7);
    });
  });
}

test.describe('times for a viewer in another zone', () => {
  test.use({ timezoneId: 'Europe/London' });

  test('show the event zone with the viewer’s local time beside it', async ({ page }) => {
    await setLocale(page, 'en');
    await page.goto('/conference/1?tab=agenda');
    const details = page.getByTestId('conferences-details');
    await expect(details.getByTestId('event-time').first()).toHaveText('Tue, 16 Feb 2027, 09:00 – Wed, 17 Feb 2027, 17:00');
    await expect(details.getByTestId('local-time').first()).toHaveText('(your time: Tue, 16 Feb 2027, 05:00 – Wed, 17 Feb 2027, 13:00)');
    const firstItem = details.getByTestId('agenda-item').first();
    await expect(firstItem.getByTestId('agenda-time')).toHaveText('09:00–09:30');
    await expect(firstItem.getByTestId('agenda-local-time')).toHaveText('your time: Tue, 16 Feb 2027, 05:00–05:30');
  });

  for (const locale of ['ar', 'en'] as const) {
    test(`on a phone (390 px, ${locale}) each session is a card of lines: every day keeps to the screen, its speakers in view`, async ({ page }) => {
      await setLocale(page, locale);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/conference/1?tab=agenda');
      const days = page.getByTestId('agenda-day');
      await expect(days.first().getByTestId('agenda-local-time').first()).toBeVisible();
      expect(await days.count()).toBeGreaterThanOrEqual(2);
      for (const day of await days.all()) {
        const widths = await day.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
        expect(widths.scroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.client);
      }
      // Nothing on the page scrolls sideways, and the header row is for screen readers only.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect((await days.first().locator('thead').boundingBox())!.height).toBeLessThanOrEqual(1);
      const speaker = await days.first().getByText(locale === 'ar' ? 'د. سارة المنصوري' : 'Dr. Sara Al Mansouri').boundingBox();
      expect(speaker!.x).toBeGreaterThanOrEqual(0);
      expect(speaker!.x + speaker!.width).toBeLessThanOrEqual(390);
    });
  }
});
