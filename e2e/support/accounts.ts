import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SHELL_URL } from './stack';

let counter = 0;
/** A unique address per call (parallel workers, repeated runs on one database). */
export function uniqueEmail(prefix = 'researcher') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.ae`;
}

interface OutboxMail {
  subject?: string;
  text?: string;
  created_at?: string;
}

/** The newest 6-digit code e-mailed to `email`, read from the API's dev outbox (no SMTP configured). */
export async function readOtp(request: APIRequestContext, email: string, after = 0): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const response = await request.get(`${SHELL_URL}/api/dev/outbox.json?to=${encodeURIComponent(email)}`);
      if (!response.ok()) return null;
      const body = (await response.json()) as { data?: OutboxMail[] } | OutboxMail[];
      const mails = Array.isArray(body) ? body : (body.data ?? []);
      const codes = mails.map((mail) => /\b(\d{6})\b/.exec(`${mail.subject ?? ''} ${mail.text ?? ''}`)?.[1]).filter(Boolean) as string[];
      code = codes.length > after ? (codes[0] ?? null) : null;
      return code;
    }, { timeout: 15_000 })
    .not.toBeNull();
  return code!;
}

/** Signs a new user up through the real screens: the form, the captcha, the e-mailed OTP. */
export async function signUpThroughUi(page: Page, request: APIRequestContext, locale: 'en' | 'ar' = 'en') {
  const email = uniqueEmail();
  const password = 'correct horse battery';
  const t = locale === 'ar'
    ? { name: 'الاسم الكامل', email: 'البريد الإلكتروني', phone: 'رقم الهاتف', password: 'كلمة المرور', confirm: 'تأكيد كلمة المرور', female: 'أنثى', submit: 'إنشاء الحساب', code: 'رمز التحقق', verify: 'تحقّق' }
    : { name: 'Full name', email: 'E-mail', phone: 'Phone number', password: 'Password', confirm: 'Confirm password', female: 'Female', submit: 'Create account', code: 'Verification code', verify: 'Verify' };
  await page.goto('/register');
  await page.getByLabel(t.name).fill(locale === 'ar' ? 'مريم الكعبي' : 'Mariam Al Kaabi');
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.phone).fill('+971501234567');
  await page.getByLabel(t.female).check();
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByLabel(t.confirm).fill(password);
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page).toHaveURL(/\/otp-verification$/, { timeout: 15_000 });
  const code = await readOtp(request, email);
  await page.getByLabel(t.code).fill(code);
  await page.getByRole('button', { name: t.verify }).click();
  await expect(page).toHaveURL(/\/$/);
  return { email, password };
}

/** Stores a session the way a sign-in does (spec 3 keys). */
export async function useSession(page: Page, session: { accessToken: string; user: { id: number } & Record<string, unknown> }) {
  await page.addInitScript((value) => {
    localStorage.setItem('accessToken', value.accessToken);
    localStorage.setItem('user', JSON.stringify(value.user));
    localStorage.setItem('user_id', String(value.user.id));
  }, session);
}
