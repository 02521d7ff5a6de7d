import { expect, test, type Locator } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { logOutThroughHeader, setLocale } from '../support/session';
import { TEXTS, signInNewUser } from '../support/conferences';
import { createVerifiedUser, signInThroughForm } from '../support/accounts';

const LABELS = {
  en: {
    full_name: 'Full name',
    academic_level: 'Academic level',
    major_field: 'Major field',
    university: 'University',
    university_email: 'University email',
    phone: 'Phone number',
    country: 'Country of residence',
    conference_title: 'Conference title',
    main_language: 'Main language',
    supporting_institution: 'Supporting institution',
    proposed_start_date: 'Proposed start date',
    duration_days: 'Duration (days)',
    location_type: 'Location type',
    venue: 'Venue',
    objectives: 'Objectives',
    notes: 'Notes',
  },
  ar: {
    full_name: 'الاسم الكامل',
    academic_level: 'المستوى الأكاديمي',
    major_field: 'التخصص',
    university: 'الجامعة',
    university_email: 'البريد الإلكتروني الجامعي',
    phone: 'رقم الهاتف',
    country: 'بلد الإقامة',
    conference_title: 'عنوان المؤتمر',
    main_language: 'اللغة الرئيسية',
    supporting_institution: 'الجهة الداعمة',
    proposed_start_date: 'تاريخ البدء المقترح',
    duration_days: 'المدة (بالأيام)',
    location_type: 'نوع الانعقاد',
    venue: 'مكان الانعقاد',
    objectives: 'الأهداف',
    notes: 'ملاحظات',
  },
} as const;

const ERRORS = {
  en: {
    full_name: 'Full name is required',
    academic_level: 'Academic level is required',
    university_email: 'University email is required',
    proposed_start_date: 'Proposed start date is required',
    duration_days: 'Duration in days is required',
    personal: 'Please use your university email address, not a personal one',
    phone: 'Invalid phone number format',
    past: 'The proposed date must be in the future',
    durationMin: 'Duration must be at least 1 day',
  },
  ar: {
    full_name: 'الاسم الكامل مطلوب',
    academic_level: 'المستوى الأكاديمي مطلوب',
    university_email: 'البريد الإلكتروني الجامعي مطلوب',
    proposed_start_date: 'تاريخ البدء المقترح مطلوب',
    duration_days: 'المدة بالأيام مطلوبة',
    personal: 'يرجى استخدام بريدك الإلكتروني الجامعي لا بريدًا شخصيًا',
    phone: 'صيغة رقم الهاتف غير صحيحة',
    past: 'يجب أن يكون التاريخ المقترح في المستقبل',
    durationMin: 'يجب ألا تقل المدة عن يوم واحد',
  },
} as const;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** A field's label: its text, then the required mark (*) or '(optional)'. */
const labelled = (text: string) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}\\s*(\\*|\\(.*\\))?$`);
const field = (form: Locator, name: string) => form.locator(`[data-field="${name}"]`).locator('input, select, textarea');

for (const locale of ['en', 'ar'] as const) {
  const t = TEXTS[locale];
  const label = LABELS[locale];
  const error = ERRORS[locale];

  test.describe(`conference request form (${locale})`, () => {
    test.beforeEach(async ({ page }) => setLocale(page, locale));

    test('shows each error under its field, then sends, then the owner edits the request', async ({ page, request, browser }) => {
      const session = await signInNewUser(page, request, locale);
      await page.goto('/request-conference');
      const form = page.getByTestId('request-form');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.requestTitle);
      // The full name and the phone start with the account's.
      await expect(form.getByLabel(labelled(label.full_name))).toHaveValue(session.user.name);
      expect(session.user.phone).toBe('+971501234567');
      await expect(form.getByLabel(labelled(label.phone))).toHaveValue('+971501234567');
      await form.getByLabel(labelled(label.full_name)).fill('');

      await form.getByRole('button', { name: t.submit }).click();
      await expect(form.getByTestId('request-error')).toHaveText(t.fixErrors);
      for (const name of ['full_name', 'academic_level', 'university_email', 'proposed_start_date', 'duration_days'] as const) {
        await expect(form.getByTestId(`error-${name}`)).toHaveText(error[name]);
        await expect(field(form, name)).toHaveAttribute('aria-invalid', 'true');
      }
      // Optional fields have no error; the first invalid field has the focus.
      await expect(form.getByTestId('error-supporting_institution')).toHaveCount(0);
      await expect(form.getByTestId('error-notes')).toHaveCount(0);
      await expect(form.getByLabel(labelled(label.full_name))).toBeFocused();
      const axe = await new AxeBuilder({ page }).include('[data-remote="conferences"]').analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

      await form.getByLabel(labelled(label.full_name)).fill(locale === 'ar' ? 'مريم الكعبي' : 'Mariam Al Kaabi');
      await expect(form.getByTestId('error-full_name')).toHaveCount(0);
      await form.getByLabel(labelled(label.academic_level)).selectOption('phd');
      await form.getByLabel(labelled(label.major_field)).fill(locale === 'ar' ? 'تقنيات التعليم' : 'Educational technology');
      await form.getByLabel(labelled(label.university)).fill(locale === 'ar' ? 'جامعة الإمارات العربية المتحدة' : 'United Arab Emirates University');
      await form.getByLabel(labelled(label.university_email)).fill('mariam@gmail.com');
      await form.getByLabel(labelled(label.phone)).fill('050-123');
      await form.getByLabel(labelled(label.country)).selectOption('AE');
      await form.getByLabel(labelled(label.conference_title)).fill(locale === 'ar' ? 'ملتقى تحليلات التعلم' : 'Learning Analytics Forum');
      await form.getByLabel(labelled(label.main_language)).selectOption('ar_en');
      await form.getByLabel(labelled(label.proposed_start_date)).fill(inDays(-2));
      await form.getByLabel(labelled(label.duration_days)).fill('0');
      await form.getByLabel(labelled(label.location_type)).selectOption('hybrid');
      await form.getByLabel(labelled(label.venue)).fill(locale === 'ar' ? 'العين' : 'Al Ain');
      await form.getByLabel(labelled(label.objectives)).fill(locale === 'ar' ? 'تبادل الخبرات؛ بناء شبكة بحثية' : 'Share practice; build a network');
      await form.getByRole('button', { name: t.submit }).click();
      await expect(form.getByTestId('error-university_email')).toHaveText(error.personal);
      await expect(form.getByTestId('error-phone')).toHaveText(error.phone);
      await expect(form.getByTestId('error-proposed_start_date')).toHaveText(error.past);
      await expect(form.getByTestId('error-duration_days')).toHaveText(error.durationMin);

      await form.getByLabel(labelled(label.university_email)).fill('mariam.alkaabi@uaeu.ac.ae');
      await form.getByLabel(labelled(label.phone)).fill('+971501234567');
      await form.getByLabel(labelled(label.proposed_start_date)).fill(inDays(60));
      // Typed (not pasted) on the page's keyboard: an Arabic one types ٢, which a number field dropped.
      const duration = form.getByLabel(labelled(label.duration_days));
      await duration.fill('');
      await duration.pressSequentially(locale === 'ar' ? '٢' : '2');
      await expect(duration).toHaveValue(locale === 'ar' ? '٢' : '2');
      await form.getByRole('button', { name: t.submit }).click();

      const success = page.getByTestId('request-success');
      await expect(success).toContainText(t.submitted);
      await success.getByRole('link', { name: t.editLink }).click();
      await expect(page).toHaveURL(/\/request-conference\?edit=\d+$/);
      const editUrl = page.url();

      // Edit mode: the saved values, then a change that survives a reload.
      const editForm = page.getByTestId('request-form');
      await expect(editForm.getByLabel(labelled(label.conference_title))).toHaveValue(locale === 'ar' ? 'ملتقى تحليلات التعلم' : 'Learning Analytics Forum');
      await expect(editForm.getByLabel(labelled(label.duration_days))).toHaveValue('2');
      await editForm.getByLabel(labelled(label.conference_title)).fill(locale === 'ar' ? 'ملتقى تحليلات التعلم الثاني' : 'Learning Analytics Forum II');
      await editForm.getByLabel(labelled(label.notes)).fill(locale === 'ar' ? 'نفضّل الجلسات المسائية' : 'Evening sessions preferred');
      await editForm.getByRole('button', { name: t.save }).click();
      await expect(editForm.getByTestId('request-updated')).toHaveText(t.updated);
      await page.reload();
      await expect(page.getByTestId('request-form').getByLabel(labelled(label.conference_title))).toHaveValue(locale === 'ar' ? 'ملتقى تحليلات التعلم الثاني' : 'Learning Analytics Forum II');

      // Another user cannot open it.
      const context = await browser.newContext({ timezoneId: 'Asia/Dubai' });
      const other = await context.newPage();
      await setLocale(other, locale);
      await signInNewUser(other, request, locale);
      await other.goto(editUrl);
      await expect(other.getByTestId('request-not-found')).toBeVisible();
      await expect(other.getByTestId('request-form')).toHaveCount(0);
      await context.close();
    });

    test('what was typed survives the session ending in another tab, for that account only', async ({ page, context, request }) => {
      const [owner, other] = await Promise.all([createVerifiedUser(request, { locale }), createVerifiedUser(request, { locale })]);
      await context.addInitScript(() => sessionStorage.setItem('ads_dismissed', '1'));
      await page.goto('/login?redirect=%2Frequest-conference');
      await signInThroughForm(page, locale, owner);
      const form = page.getByTestId('request-form');
      const title = form.getByLabel(labelled(label.conference_title));
      const objectives = form.getByLabel(labelled(label.objectives));
      await title.fill(locale === 'ar' ? 'ملتقى اللسانيات الحاسوبية' : 'Computational Linguistics Forum');
      await objectives.fill(locale === 'ar' ? 'نص طويل كتبته العضوة' : 'A long text the member typed');
      await form.getByLabel(labelled(label.academic_level)).selectOption('phd');
      await expect(form.getByTestId('request-draft-restored')).toHaveCount(0);

      // Another tab of the same browser signs out: this one is sent to sign in, told why...
      const otherTab = await context.newPage();
      await setLocale(otherTab, locale);
      await otherTab.goto('/about');
      await logOutThroughHeader(otherTab, locale);
      await expect(page).toHaveURL(/\/login\?error=signed_out_elsewhere&redirect=%2Frequest-conference$/);
      await expect(page.getByTestId('shell-page')).toContainText(
        locale === 'ar'
          ? 'سُجّل خروجك في علامة تبويب أو نافذة أخرى. سجّل الدخول مرة أخرى لتعود إلى الصفحة التي كنت فيها.'
          : 'You were signed out in another tab or window. Log in again to go back to the page you were on.',
      );
      // ...and, signed in again as the same member, finds the form as they left it.
      await signInThroughForm(page, locale, owner);
      await expect(title).toHaveValue(locale === 'ar' ? 'ملتقى اللسانيات الحاسوبية' : 'Computational Linguistics Forum');
      await expect(objectives).toHaveValue(locale === 'ar' ? 'نص طويل كتبته العضوة' : 'A long text the member typed');
      await expect(form.getByLabel(labelled(label.academic_level))).toHaveValue('phd');
      await expect(form.getByTestId('request-draft-restored')).toHaveText(
        locale === 'ar' ? 'أعدنا ما كتبته هنا من قبل. راجِعه ثم أرسله.' : 'What you typed here before is back. Check it, then send it.',
      );

      // Another account in this tab never sees it.
      await logOutThroughHeader(page, locale);
      await page.goto('/login?redirect=%2Frequest-conference');
      await signInThroughForm(page, locale, other);
      await expect(form.getByLabel(labelled(label.full_name))).toHaveValue(other.name);
      await expect(title).toHaveValue('');
      await expect(objectives).toHaveValue('');
      await expect(form.getByTestId('request-draft-restored')).toHaveCount(0);
    });
  });
}
