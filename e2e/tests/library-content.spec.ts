/**
 * The library's content in the console (issue 19): an administrator, with the console in Arabic,
 * adds a university library with its site and an e-book in both languages with its PDF and cover,
 * saves it as a draft (a subscriber does not see it), publishes it (the subscriber finds it in the
 * list and reads its details in English and Arabic, and opens its PDF), then archives it (gone again);
 * edits a reason template, which the review screens are then offered. What it added is deleted at
 * the end: other specs count the library's universities and items.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedUser, useSession } from '../support/accounts';
import { buyThroughApi, prepare, signUpViaApi } from '../support/billing';
import { makePdf, makePng } from '../support/library';
import { changeRoleAsOperator } from '../support/operators';
import { setLocale, skipAdsPopup } from '../support/session';
import { SHELL_URL } from '../support/stack';

const stamp = Date.now().toString(36);
const UNIVERSITY = { ar: `مكتبة جامعة الواحة ${stamp}`, en: `Oasis University Library ${stamp}`, site: `https://library-${stamp}.oasis.example/` };
const BOOK = {
  ar: `أطلس المخطوطات الخليجية ${stamp}`,
  en: `Atlas of Gulf Manuscripts ${stamp}`,
  abstract: 'دليل مصور إلى مخطوطات الخليج العربي المحفوظة في المكتبات الجامعية.',
  abstractEn: 'An illustrated guide to the manuscripts of the Gulf kept in university libraries.',
};

/** The public library's answer for the book's title, as a subscriber's browser asks it. */
async function publicIds(request: APIRequestContext, token: string, search: string): Promise<number[]> {
  const answer = await request.post(`${SHELL_URL}/api/library/paginate`, { headers: { authorization: `Bearer ${token}` }, data: { collection: 'ebooks', limit: 10, page: 1, col: 'updated', search } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: Array<{ id: number }> }).data.map((item) => item.id);
}

/** Chooses a file for a console file field and waits until its upload is over. */
async function choose(page: Page, name: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByTestId(`file-${name}`).setInputFiles(file);
  await expect(page.locator(`[data-field="${name}"] [role="status"]`)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId(`error-${name}`)).toHaveCount(0);
}

test('an administrator publishes a university library’s e-book from draft to archive; a subscriber sees it only while published', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const admin = await createVerifiedUser(request, { locale: 'ar', name: 'سارة أمينة المكتبة', emailPrefix: 'library.admin' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  const reader = await signUpViaApi(request, 'en', 'Layla Reader');
  await buyThroughApi(request, reader, 1);

  await setLocale(page, 'ar');
  await skipAdsPopup(page);
  await useSession(page, admin);

  // A university library with its site.
  await page.goto('/admin/universities');
  await expect(page.getByTestId('admin-universities')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('university-add').click();
  const universityEditor = page.getByTestId('university-editor');
  await universityEditor.getByTestId('field-name').fill(UNIVERSITY.ar);
  // Each language keeps its own direction whatever the console's.
  await expect(universityEditor.getByTestId('field-name_en')).toHaveAttribute('dir', 'ltr');
  // The site must be an https:// address (checked before sending, with the API's schema).
  await universityEditor.getByTestId('field-website').fill('http://not-secure.example');
  await universityEditor.getByTestId('university-editor-save').click();
  await expect(universityEditor.getByTestId('error-field-website')).toContainText('https://');
  // The name in one language only: the API refuses it, the field is marked and listed.
  await universityEditor.getByTestId('field-website').fill(UNIVERSITY.site);
  await universityEditor.getByTestId('university-editor-save').click();
  await expect(universityEditor.getByTestId('missing-translations')).toContainText('الاسم (الإنجليزية)');
  await expect(universityEditor.getByTestId('field-name_en')).toHaveAttribute('aria-invalid', 'true');
  await universityEditor.getByTestId('field-name_en').fill(UNIVERSITY.en);
  await universityEditor.getByTestId('university-editor-save').click();
  await expect(page.getByTestId('universities-notice')).toHaveText('تم الحفظ.');
  await page.getByTestId('universities-q').fill(UNIVERSITY.ar);
  await page.getByTestId('universities-search').click();
  const universityRow = page.getByTestId('university-row').filter({ hasText: UNIVERSITY.ar });
  await expect(universityRow).toHaveCount(1);
  await expect(universityRow.getByRole('link', { name: UNIVERSITY.site })).toHaveAttribute('href', UNIVERSITY.site);
  const universityId = Number(await universityRow.getAttribute('data-id'));

  // The e-book, in both languages, with its PDF and its cover: saved as a draft.
  await page.goto('/admin/library');
  await page.getByTestId('admin-library-new').click();
  await expect(page).toHaveURL(/\/admin\/library\/new$/);
  const form = page.getByTestId('admin-ebook-form');
  await form.getByTestId('field-title').fill(BOOK.ar);
  await form.getByTestId('field-title_en').fill(BOOK.en);
  await form.getByTestId('field-author').fill('نورة الحمادي');
  await form.getByTestId('field-author_en').fill('Noura Al Hammadi');
  await form.getByTestId('field-abstract').fill(BOOK.abstract);
  await form.getByTestId('field-abstract_en').fill(BOOK.abstractEn);
  await form.getByTestId('field-university_id').selectOption(String(universityId));
  await form.getByTestId('field-published_year').fill('2024');
  await choose(page, 'file', { name: 'atlas.pdf', mimeType: 'application/pdf', buffer: makePdf(BOOK.en) });
  await choose(page, 'image', { name: 'atlas-cover.png', mimeType: 'image/png', buffer: makePng() });
  await expect(page.getByTestId('preview-image')).toBeVisible();
  await page.getByTestId('admin-ebook-save').click();
  await expect(page).toHaveURL(/\/admin\/library\/\d+$/);
  const bookId = Number(/\/admin\/library\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByTestId('content-status')).toHaveAttribute('data-status', 'draft');
  await expect(page.getByTestId('content-notice')).toHaveText('تم الحفظ.');

  // A subscriber (English) does not see the draft.
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  await prepare(readerPage, { session: reader, locale: 'en' });
  expect(await publicIds(request, reader.accessToken, BOOK.en)).not.toContain(bookId);
  await readerPage.goto(`/research-library/${bookId}`);
  await expect(readerPage.getByTestId('library-not-found')).toBeVisible();

  // Published.
  await page.getByTestId('admin-ebook-published').click();
  await expect(page.getByTestId('content-status')).toHaveAttribute('data-status', 'published');
  await expect(page.getByTestId('content-notice')).toContainText('تم النشر');

  // The subscriber finds it in the list, reads it in English, then in Arabic, and opens its PDF.
  await readerPage.goto(`/research-library?tab=ebooks&q=${encodeURIComponent(BOOK.en)}`);
  const card = readerPage.getByTestId('library-item').filter({ hasText: BOOK.en });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('library-item-university')).toHaveText(UNIVERSITY.en);
  await card.getByRole('link').first().click();
  await expect(readerPage).toHaveURL(new RegExp(`/research-library/${bookId}$`));
  await expect(readerPage.getByTestId('library-title')).toHaveText(BOOK.en);
  await expect(readerPage.getByTestId('library-abstract')).toContainText(BOOK.abstractEn);
  // The university library's site, from the list filtered by it.
  await readerPage.goto(`/research-library?university=${universityId}`);
  await expect(readerPage.getByTestId('library-university-website')).toHaveAttribute('href', UNIVERSITY.site);

  const arabicContext = await browser.newContext();
  const arabicPage = await arabicContext.newPage();
  await prepare(arabicPage, { session: reader, locale: 'ar', theme: 'dark' });
  await arabicPage.goto(`/research-library?tab=ebooks&q=${encodeURIComponent(BOOK.ar)}`);
  await expect(arabicPage.getByTestId('library-item').filter({ hasText: BOOK.ar })).toHaveCount(1);
  await arabicPage.goto(`/research-library/${bookId}`);
  await expect(arabicPage.getByTestId('library-title')).toHaveText(BOOK.ar);
  await expect(arabicPage.getByTestId('library-abstract')).toContainText(BOOK.abstract);
  const fileResponse = arabicPage.waitForResponse((response) => response.url().includes(`/api/library/${bookId}/file?token=`));
  await arabicPage.goto(`/research-library/${bookId}?tab=file`);
  await expect(arabicPage.getByTestId('library-file-viewer')).toBeVisible();
  const pdf = await fileResponse;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // Archived: gone from the public library again.
  await page.getByTestId('admin-ebook-archived').click();
  await expect(page.getByTestId('content-status')).toHaveAttribute('data-status', 'archived');
  expect(await publicIds(request, reader.accessToken, BOOK.en)).not.toContain(bookId);
  await readerPage.goto(`/research-library/${bookId}`);
  await expect(readerPage.getByTestId('library-not-found')).toBeVisible();

  // The university library cannot go while the book refers to it: the console says why.
  await page.goto(`/admin/universities?q=${encodeURIComponent(UNIVERSITY.ar)}`);
  await universityRow.getByTestId('university-delete').click();
  await universityRow.getByTestId('university-delete-yes').click();
  await expect(page.getByTestId('universities-notice')).toContainText('لا يمكن حذف هذا');

  // Deleting the book, then the university library (the other specs count them).
  await page.goto(`/admin/library/${bookId}`);
  await page.getByTestId('admin-ebook-delete').click();
  await page.getByTestId('admin-ebook-delete-yes').click();
  await expect(page).toHaveURL(/\/admin\/library$/);
  await page.goto(`/admin/universities?q=${encodeURIComponent(UNIVERSITY.ar)}`);
  await universityRow.getByTestId('university-delete').click();
  await universityRow.getByTestId('university-delete-yes').click();
  await expect(page.getByTestId('universities-notice')).toHaveText('تم الحذف.');
  await expect(universityRow).toHaveCount(0);

  await readerContext.close();
  await arabicContext.close();
});

test('an administrator edits a reason template; the review screens are offered the new text', async ({ page, request }) => {
  const admin = await createVerifiedUser(request, { locale: 'ar', name: 'خالد المراجع', emailPrefix: 'templates.admin' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  await setLocale(page, 'ar');
  await skipAdsPopup(page);
  await useSession(page, admin);
  const text = { ar: `المراجع غير موثقة ${stamp}`, en: `The references are not documented ${stamp}` };

  await page.goto('/admin/reason-templates?decision=removed');
  await expect(page.getByTestId('admin-templates')).toBeVisible();
  await page.getByTestId('template-add').click();
  const editor = page.getByTestId('template-editor');
  await expect(editor.getByTestId('field-decision')).toHaveValue('removed');
  await editor.getByTestId('field-text').fill('مسودة');
  await editor.getByTestId('field-text_en').fill('Draft');
  await editor.getByTestId('template-editor-save').click();
  await expect(page.getByTestId('templates-notice')).toHaveText('تم الحفظ.');

  // Edited.
  const row = page.getByTestId('template-row').filter({ hasText: 'مسودة' });
  await row.getByTestId('template-edit').click();
  await editor.getByTestId('field-text').fill(text.ar);
  await editor.getByTestId('field-text_en').fill(text.en);
  await editor.getByTestId('template-editor-save').click();
  await expect(page.getByTestId('templates-notice')).toHaveText('تم الحفظ.');
  await expect(page.getByTestId('template-row').filter({ hasText: text.ar })).toHaveCount(1);

  // What the review screen reads (`GET review/reason-templates`).
  const offered = await request.get(`${SHELL_URL}/api/review/reason-templates`, { headers: { authorization: `Bearer ${admin.accessToken}` } });
  const templates = ((await offered.json()) as { data: Array<{ decision: string; text: string; text_en: string }> }).data;
  expect(templates).toContainEqual(expect.objectContaining({ decision: 'removed', text: text.ar, text_en: text.en }));

  // Deleted again, the seed's templates kept.
  const edited = page.getByTestId('template-row').filter({ hasText: text.ar });
  await edited.getByTestId('template-delete').click();
  await edited.getByTestId('template-delete-yes').click();
  await expect(page.getByTestId('templates-notice')).toHaveText('تم الحذف.');
  await expect(edited).toHaveCount(0);
});

test('an administrator finds the categories in use, and reaches an approved research’s metadata from its page (en)', async ({ page, request }) => {
  const admin = await createVerifiedUser(request, { locale: 'en', name: 'Omar Editor', emailPrefix: 'metadata.admin' });
  await changeRoleAsOperator(request, admin.email, 'admin');
  await setLocale(page, 'en');
  await skipAdsPopup(page);
  await useSession(page, admin);

  await page.goto('/admin/community-categories');
  await expect(page.getByTestId('admin-categories')).toBeVisible();
  // The seed's categories hold research and books: each says why it cannot be deleted.
  await expect(page.getByTestId('category-row').first()).toBeVisible();
  await expect(page.getByTestId('category-in-use').first()).toContainText('move its research and library items');

  const approved = await request.get(`${SHELL_URL}/api/review/research?status=approved&limit=1`, { headers: { authorization: `Bearer ${admin.accessToken}` } });
  const [research] = ((await approved.json()) as { data: Array<{ id: number; title_en: string }> }).data;
  expect(research).toBeDefined();
  await page.goto(`/admin/research/${research!.id}`);
  await page.getByTestId('review-edit-metadata').click();
  await expect(page).toHaveURL(new RegExp(`/admin/research/${research!.id}/edit$`));
  await expect(page.getByTestId('field-title_en')).toHaveValue(research!.title_en);
  await expect(page.getByTestId('research-metadata-remove')).toHaveAttribute('href', `/admin/research/${research!.id}`);
});
