import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { buyThroughApi, prepare, signUpViaApi } from '../support/billing';
import { TEXTS } from '../support/library';

/**
 * The type of the plugin showing `urlPart` inside the page: Chromium renders a PDF frame as a
 * document holding an <embed type="application/x-google-chrome-pdf"> (its PDF viewer).
 */
async function pdfViewerIn(page: Page, urlPart: string): Promise<string | null> {
  for (const frame of page.frames().filter((candidate) => candidate.url().includes(urlPart))) {
    const type = await frame.locator('embed').first().getAttribute('type', { timeout: 500 }).catch(() => null);
    if (type) return type;
  }
  return null;
}

/**
 * The list's count says at least the seed's number of items (`seeded`, e.g. '22 items'): other specs
 * publish items (an approved research, the console's content) while this one runs.
 */
async function expectCountAtLeast(page: Page, seeded: string) {
  const wanted = Number(/\d+/.exec(seeded)![0]);
  const pattern = new RegExp(`^${seeded.replace(/\d+/, '(\\d+)')}$`);
  await expect.poll(async () => Number(pattern.exec((await page.getByTestId('library-count').textContent()) ?? '')?.[1] ?? -1)).toBeGreaterThanOrEqual(wanted);
}

/** Waits until the list shows the answer for the current URL (it keeps the old one while loading). */
async function settled(page: Page) {
  await expect(page.getByTestId('library-results')).toHaveAttribute('aria-busy', 'false');
}

for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  const t = TEXTS[locale].library;

  test.describe(`library (${locale}, ${theme})`, () => {
    test('tabs, Arabic-aware search, filters and pagination, all kept in the URL', async ({ page, request }) => {
      const session = await signUpViaApi(request, locale);
      await prepare(page, { session, locale, theme });
      await page.goto('/research-library');
      const list = page.getByTestId('library-list');
      await expect(list.getByRole('heading', { level: 1 })).toHaveText(t.title);

      // University libraries first: the universities, then the first page of their holdings.
      await expect(list.getByRole('tab', { name: t.university })).toHaveAttribute('aria-selected', 'true');
      // The seed's 9 (the console may be adding one meanwhile: library-content.spec.ts).
      await expect.poll(() => page.getByTestId('library-universities').getByRole('button').count()).toBeGreaterThanOrEqual(9);
      await expectCountAtLeast(page, t.universityItems);
      await expect(page.getByTestId('library-item')).toHaveCount(9);
      const firstPage = await page.getByTestId('library-item').first().getAttribute('data-id');

      await page.getByTestId('library-pagination').getByRole('link', { name: t.next }).click();
      await expect(page).toHaveURL(/\/research-library\?page=2$/);
      await settled(page);
      await expect(page.getByTestId('library-item').first()).not.toHaveAttribute('data-id', firstPage!);

      // Choosing a university library filters by it.
      await page.getByTestId('library-universities').getByRole('button', { name: new RegExp(t.sharjah) }).first().click();
      await expect(page).toHaveURL(/\?university=3$/);
      await expect(page.getByTestId('library-university-selected')).toBeVisible();
      await settled(page);
      for (const university of await page.getByTestId('library-item-university').allTextContents()) expect(university).toBe(t.sharjah);

      // E-books tab: the spec's fallback for an item without a category; an item without a
      // university names none (no "Unknown university" on a card).
      await page.goto('/research-library');
      await list.getByRole('tab', { name: t.ebooks }).click();
      await expect(page).toHaveURL(/\?tab=ebooks$/);
      await expectCountAtLeast(page, t.ebookItems);
      await settled(page);
      const categories = [...(await page.getByTestId('library-item-category').allTextContents())];
      const universities = [...(await page.getByTestId('library-item-university').allTextContents())];
      let cards = await page.getByTestId('library-item').count();
      const firstEbook = await page.getByTestId('library-item').first().getAttribute('data-id');
      await page.getByTestId('library-pagination').getByRole('link', { name: t.next }).click();
      await expect(page).toHaveURL(/\?tab=ebooks&page=2$/);
      await settled(page);
      await expect(page.getByTestId('library-item').first()).not.toHaveAttribute('data-id', firstEbook!);
      // The seed's 12 e-books, 9 a page (more while another spec publishes one).
      await expect.poll(() => page.getByTestId('library-item').count()).toBeGreaterThanOrEqual(3);
      categories.push(...(await page.getByTestId('library-item-category').allTextContents()));
      universities.push(...(await page.getByTestId('library-item-university').allTextContents()));
      cards += await page.getByTestId('library-item').count();
      expect(categories).toContain(t.general);
      expect(universities.length).toBeLessThan(cards);
      expect(universities).not.toContain(t.unknown);
      await expect(page.getByTestId('library-item').filter({ hasText: t.unknown })).toHaveCount(0);

      // Search folds Arabic: no hamza, ha for ta marbuta.
      await list.getByLabel(t.search).fill('الاداره المستدامه');
      await list.getByRole('button', { name: t.searchButton, exact: true }).click();
      await expect(page).toHaveURL(/\?tab=ebooks&q=/);
      await expect(page.getByTestId('library-count')).toHaveText(t.one);
      await expect(page.getByTestId('library-item')).toHaveCount(1);
      await expect(page.getByTestId('library-item')).toContainText(locale === 'ar' ? 'الإدارة المستدامة للمياه' : 'Sustainable Water Management');

      // The URL alone restores the view.
      await page.reload();
      await expect(list.getByRole('tab', { name: t.ebooks })).toHaveAttribute('aria-selected', 'true');
      await expect(list.getByLabel(t.search)).toHaveValue('الاداره المستدامه');
      await expect(page.getByTestId('library-item')).toHaveCount(1);
    });

    test('a subscriber opens a book: abstract, the PDF inside the page, download, citations', async ({ page, request }) => {
      const session = await signUpViaApi(request, locale);
      await buyThroughApi(request, session, 1);
      await prepare(page, { session, locale, theme });
      await page.goto('/research-library?tab=ebooks');
      await page.getByTestId('library-item').filter({ hasText: locale === 'ar' ? 'الإدارة المستدامة للمياه' : 'Sustainable Water Management' }).getByRole('link').click();
      await expect(page).toHaveURL(/\/research-library\/3$/);
      const details = page.getByTestId('library-details');
      await expect(details.getByRole('tab', { name: t.abstract })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('library-abstract')).toContainText(locale === 'ar' ? 'تحلية المياه' : 'desalination');

      // Book file tab: the PDF is shown in the page, from the same origin (the shell's CSP allows it).
      const fileResponse = page.waitForResponse((response) => response.url().includes('/api/library/3/file?token=') && !response.url().includes('download=1'));
      await details.getByRole('tab', { name: t.file }).click();
      await expect(page).toHaveURL(/\/research-library\/3\?tab=file$/);
      const viewer = page.getByTestId('library-file-viewer');
      await expect(viewer).toBeVisible();
      const response = await fileResponse;
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      expect(new URL(response.url()).origin).toBe(new URL(page.url()).origin);
      await expect.poll(() => pdfViewerIn(page, '/api/library/3/file'), { timeout: 15_000 }).toMatch(/pdf/);

      // Download under its real name.
      const downloading = page.waitForEvent('download');
      await page.getByTestId('library-file-download').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('sustainable-water-management-in-arid-regions.pdf');
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // Citation export.
      const bib = page.waitForEvent('download');
      await details.getByRole('button', { name: t.bibtex }).click();
      const bibFile = await bib;
      expect(bibFile.suggestedFilename()).toBe('sustainable-water-management-in-arid-regions.bib');
      const bibText = await readFile((await bibFile.path())!, 'utf8');
      expect(bibText).toMatch(/^@book\{haddad2022-3,/);
      // Cited in the work's own language (English), the Arabic title kept as origtitle.
      expect(bibText).toMatch(/\n {2}title += \{\{Sustainable Water Management in Arid Regions\}\},\n/);
      expect(bibText).toMatch(/\n {2}origtitle += \{\{الإدارة المستدامة للمياه في المناطق الجافة\}\},\n/);
      const ris = page.waitForEvent('download');
      await details.getByRole('button', { name: t.ris }).click();
      const risText = await readFile((await (await ris).path())!, 'utf8');
      expect(risText.startsWith('TY  - BOOK\r\n')).toBe(true);
      expect(risText.trimEnd().endsWith('ER  -')).toBe(true);
    });

    test('without a subscription the book file shows the access-denied block', async ({ page, request }) => {
      const session = await signUpViaApi(request, locale);
      await prepare(page, { session, locale, theme });
      await page.goto('/research-library/14?tab=file');
      await expect(page.getByTestId('access-denied')).toContainText(t.denied);
      await expect(page.getByTestId('library-file-viewer')).toHaveCount(0);
      // The abstract stays free.
      await page.getByTestId('library-details').getByRole('tab', { name: t.abstract }).click();
      await expect(page.getByTestId('library-abstract')).toBeVisible();
    });
  });
}

test('in Arabic the facts of a book leave its values room: the ISBN and the author stay on one line (1280 and 390 px)', async ({ browser, request }) => {
  const session = await signUpViaApi(request, 'ar');
  for (const width of [1280, 390]) {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await prepare(page, { session, locale: 'ar', theme: 'dark' });
    // The seed's Arabic NLP guide: ISBN 978-9948-03-412-4, by د. حسن درويش.
    await page.goto('/research-library/7');
    const facts = page.locator('section[aria-labelledby="library-facts"]');
    await expect(facts.locator('dd').first()).toBeVisible();
    // The label was 'الرقم الدولي المعياري (ISBN)': its column left the values some 60 px, and the
    // ISBN broke at every hyphen (four lines), the author's name in two.
    const lines = (text: string) =>
      facts.locator('dd').filter({ hasText: text }).evaluate((dd) => {
        const range = document.createRange();
        range.selectNodeContents(dd);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
    expect(await lines('978-9948-03-412-4'), `ISBN at ${width} px`).toBe(1);
    expect(await lines('د. حسن درويش'), `author at ${width} px`).toBe(1);
    await page.context().close();
  }
});
