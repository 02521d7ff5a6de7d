import { expect, test } from '@playwright/test';
import { prepare, signUpViaApi } from '../support/billing';
import { labelled, makePdf, makePng, mySubmissions, TEXTS } from '../support/library';
import { directionOf } from '@scholars/shared-contracts/locale';

for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  const t = TEXTS[locale];

  test.describe(`research exchange (${locale}, ${theme})`, () => {
    test('the form shows the spec messages under the fields, then submits with files, progress and success', async ({ page, request }) => {
      const session = await signUpViaApi(request, locale);
      await prepare(page, { session, locale, theme });
      await page.goto('/research-exchange');
      const form = page.getByTestId('exchange-form');
      await expect(form).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', directionOf(locale));

      // Spec 5: every field is required, the file, the image and the terms included.
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByTestId('error-title')).toHaveText(t.titleRequired);
      await expect(page.getByTestId('error-terms')).toHaveText(t.termsRequired);
      await expect(page.getByTestId('error-file')).toHaveText(t.fileRequired);
      await expect(page.getByLabel(labelled(t.fields.title))).toBeFocused();

      // The policy is linked (opens in a new tab, the form stays).
      const policy = form.getByRole('link', { name: t.policy });
      await expect(policy).toHaveAttribute('href', '/privacy-policy');
      await expect(policy).toHaveAttribute('target', '_blank');

      const titleEn = `Coastal Mangroves and Carbon Storage in Abu Dhabi ${Date.now()}`;
      await page.getByLabel(labelled(t.fields.title)).fill('أشجار القرم الساحلية وتخزين الكربون في أبوظبي');
      await page.getByLabel(labelled(t.fields.title_en)).fill(titleEn);
      await page.getByLabel(labelled(t.fields.description)).fill('دراسة ميدانية لقياس الكربون المخزّن في غابات القرم.');
      await page.getByLabel(labelled(t.fields.description_en)).fill('A field study measuring the carbon stored in mangrove forests.');
      await page.getByLabel(labelled(t.fields.abstract)).fill('تقيس هذه الدراسة كمية الكربون المخزّن في تربة غابات القرم في ثلاثة مواقع على ساحل أبوظبي.');
      // 'Other' needs its text (spec 5).
      await page.getByLabel(labelled(t.fields.category)).selectOption({ label: t.otherOption });
      await page.getByLabel(labelled(t.fields.type)).selectOption({ label: t.general });
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByTestId('error-other_category')).toHaveText(t.otherRequired);
      await page.getByLabel(labelled(t.fields.other)).fill('علوم البيئة البحرية');
      // What was typed survives a reload (and a session that ends meanwhile): the form says so, and that files are not kept.
      await expect(page.getByTestId('exchange-draft-restored')).toHaveCount(0);
      await page.reload();
      await expect(page.getByLabel(labelled(t.fields.title_en))).toHaveValue(titleEn);
      await expect(page.getByLabel(labelled(t.fields.other))).toHaveValue('علوم البيئة البحرية');
      await expect(page.getByTestId('exchange-draft-restored')).toHaveText(
        locale === 'ar' ? 'أعدنا ما كتبته هنا من قبل. الملفات لا تُحفظ: اخترها مرة أخرى قبل الإرسال.' : 'What you typed here before is back. Files are not kept: choose them again before you send.',
      );
      // The file pickers speak the page's language (a browser draws its own in the browser's), and name the chosen file.
      const fileField = form.locator('[data-field="file"]');
      await expect(fileField).toContainText(locale === 'ar' ? 'اختر ملفًا' : 'Choose a file');
      await expect(fileField.getByTestId('file-input-name')).toHaveText(locale === 'ar' ? 'لم يُختر ملف' : 'No file chosen');
      // A file named .pdf that is none passes the browser's check; the server's refusal marks the
      // field, and the line by the button says what to do, as for the browser's own checks.
      await page.getByLabel(labelled(t.fields.file)).setInputFiles({ name: 'mangroves.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a PDF at all, only text') });
      await page.getByLabel(labelled(t.fields.image)).setInputFiles({ name: 'mangroves.png', mimeType: 'image/png', buffer: makePng() });
      await page.getByLabel(t.terms).check();
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByTestId('error-file')).toHaveText(t.fileType);
      await expect(page.getByTestId('exchange-error')).toHaveText(t.fixErrors);
      await page.getByLabel(labelled(t.fields.file)).setInputFiles({ name: 'mangroves.pdf', mimeType: 'application/pdf', buffer: makePdf('Coastal Mangroves and Carbon Storage') });
      await expect(fileField.getByTestId('file-input-name')).toHaveText('mangroves.pdf');
      await page.getByRole('button', { name: t.submit }).click();

      // The upload's progress bars reach 100 % and the success message tells what happens next.
      const success = page.getByTestId('exchange-success');
      await expect(success).toBeVisible({ timeout: 15_000 });
      await expect(success.getByText(t.submitted)).toBeVisible();
      await expect(success.getByRole('progressbar', { name: t.progressFile })).toHaveAttribute('aria-valuenow', '100');
      await expect(success.getByRole('progressbar', { name: t.progressImage })).toHaveAttribute('aria-valuenow', '100');
      await expect(page.getByTestId('exchange-success-status')).toHaveText(t.status);
      await expect(page.getByTestId('exchange-success-expected')).toHaveText(t.expected);

      // The owner's list (the profile tab reads GET research/mine): ID, date, title, status.
      const mine = await mySubmissions(request, session.accessToken);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ title_en: titleEn, status: 'under_review' });
      await expect(page.getByTestId('exchange-success-id')).toContainText(String(mine[0]!.id));

      // Edit mode: prefilled, saved in place.
      await page.getByRole('link', { name: t.edit }).click();
      await expect(page).toHaveURL(new RegExp(`/research-exchange\\?edit=${mine[0]!.id}$`));
      await expect(page.getByLabel(labelled(t.fields.title_en))).toHaveValue(titleEn);
      await expect(page.getByLabel(labelled(t.fields.other))).toHaveValue('علوم البيئة البحرية');
      await page.getByLabel(labelled(t.fields.title_en)).fill(`${titleEn} (revised)`);
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByTestId('exchange-updated')).toHaveText(t.updated);
      expect((await mySubmissions(request, session.accessToken))[0]!.title_en).toBe(`${titleEn} (revised)`);

      // Sent: a new form starts empty (the draft went with it).
      await page.goto('/research-exchange');
      await expect(page.getByTestId('exchange-form')).toBeVisible();
      await expect(page.getByLabel(labelled(t.fields.title_en))).toHaveValue('');
      await expect(page.getByTestId('exchange-draft-restored')).toHaveCount(0);
    });
  });
}

test('another user cannot open someone else’s submission in edit mode', async ({ page, request }) => {
  const owner = await signUpViaApi(request, 'en');
  await prepare(page, { session: owner });
  await page.goto('/research-exchange');
  const t = TEXTS.en;
  await page.getByLabel(labelled(t.fields.title)).fill('بحث للاختبار');
  await page.getByLabel(labelled(t.fields.title_en)).fill('A research for the test');
  await page.getByLabel(labelled(t.fields.description)).fill('وصف قصير');
  await page.getByLabel(labelled(t.fields.description_en)).fill('A short description');
  await page.getByLabel(labelled(t.fields.abstract)).fill('A short abstract of the research.');
  await page.getByLabel(labelled(t.fields.category)).selectOption({ index: 1 });
  await page.getByLabel(labelled(t.fields.type)).selectOption({ label: t.general });
  await page.getByLabel(labelled(t.fields.file)).setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: makePdf('Paper') });
  await page.getByLabel(labelled(t.fields.image)).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng() });
  await page.getByLabel(t.terms).check();
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByTestId('exchange-success')).toBeVisible({ timeout: 15_000 });
  const [submission] = await mySubmissions(request, owner.accessToken);

  const stranger = await signUpViaApi(request, 'en', 'Another Researcher');
  const other = await page.context().browser()!.newPage();
  await prepare(other, { session: stranger });
  await other.goto(`/research-exchange?edit=${submission!.id}`);
  await expect(other.getByTestId('exchange-not-found')).toBeVisible();
  await other.close();
});
