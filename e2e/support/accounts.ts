import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { SHELL_URL } from './stack';
import type { Locale } from '@scholars/shared-contracts/locale';

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
export async function signUpThroughUi(page: Page, request: APIRequestContext, locale: Locale = 'en') {
  const email = uniqueEmail();
  const password = 'correct horse battery';
  const t = locale === 'ar'
    ? { name: 'الاسم الكامل', email: 'البريد الإلكتروني', phone: 'رقم الهاتف', password: 'كلمة المرور', confirm: 'تأكيد كلمة المرور', female: 'أنثى', submit: 'إنشاء الحساب', code: 'رمز التحقق', verify: 'تحقّق' }
    : { name: 'Full name', email: 'E-mail', phone: 'Phone number', password: 'Password', confirm: 'Confirm password', female: 'Female', submit: 'Create account', code: 'Verification code', verify: 'Verify' };
  await page.goto('/register');
  await page.getByTestId('shell-page').getByLabel(t.name).fill(locale === 'ar' ? 'مريم الكعبي' : 'Mariam Al Kaabi');
  await page.getByTestId('shell-page').getByLabel(t.email, { exact: true }).fill(email);
  await page.getByTestId('shell-page').getByLabel(t.phone).fill('+971501234567');
  await page.getByTestId('shell-page').getByLabel(t.female).check();
  await page.getByTestId('shell-page').getByLabel(t.password, { exact: true }).fill(password);
  await page.getByTestId('shell-page').getByLabel(t.confirm).fill(password);
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page).toHaveURL(/\/otp-verification$/, { timeout: 15_000 });
  const code = await readOtp(request, email);
  await page.getByTestId('shell-page').getByLabel(t.code).fill(code);
  await page.getByRole('button', { name: t.verify }).click();
  await expect(page).toHaveURL(/\/$/);
  return { email, password };
}

/**
 * Stores a session the way a sign-in does (spec 3 keys), at each load of the page. Not in its frames
 * (a PDF shown in the page): their write would reach the page as another tab's change and put the
 * stored user back over the one the session check read (roles granted since are then lost).
 */
export async function useSession(page: Page, session: { accessToken: string; user: { id: number } & Record<string, unknown> }) {
  await page.addInitScript((value) => {
    if (window !== window.top) return;
    localStorage.setItem('accessToken', value.accessToken);
    localStorage.setItem('user', JSON.stringify(value.user));
    localStorage.setItem('user_id', String(value.user.id));
  }, session);
}

/** Solves the API's captcha the way the browser does; answers the `captcha` field value. */
export async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${SHELL_URL}/api/captcha/challenge`);
  expect(response.ok()).toBe(true);
  const challenge = ((await response.json()) as { data: Challenge }).data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution }), 'utf8').toString('base64');
}

export interface VerifiedUser {
  email: string;
  password: string;
  name: string;
  accessToken: string;
  user: { id: number; name: string; email: string; role: string; locale: Locale } & Record<string, unknown>;
}

/**
 * A new verified account made through the real API: register (captcha solved) -> the e-mailed
 * code from the dev outbox -> verify. Answers the session the API gave.
 */
export async function createVerifiedUser(
  request: APIRequestContext,
  options: { locale?: Locale; name?: string; emailPrefix?: string } = {},
): Promise<VerifiedUser> {
  const locale = options.locale ?? 'en';
  const email = uniqueEmail(options.emailPrefix);
  const password = 'correct horse battery staple';
  const name = options.name ?? (locale === 'ar' ? 'مريم الكعبي' : 'Mariam Al Kaabi');
  const register = await request.post(`${SHELL_URL}/api/auth/register`, {
    headers: { 'accept-language': locale },
    data: {
      name,
      email,
      phone: '+971501234567',
      country: 'AE',
      gender: 'female',
      password,
      password_confirmation: password,
      locale,
      captcha: await solveCaptcha(request),
    },
  });
  expect(register.status(), await register.text()).toBe(200);
  const code = await readOtp(request, email);
  const verified = await request.post(`${SHELL_URL}/api/auth/verify-otp`, { data: { email, code, purpose: 'verify_email' } });
  expect(verified.status(), await verified.text()).toBe(200);
  const body = (await verified.json()) as { data: { accessToken: string; user: VerifiedUser['user'] } };
  return { email, password, name, accessToken: body.data.accessToken, user: body.data.user };
}

/** A new verified user, signed in on `page` (localStorage `accessToken`, `user`, `user_id`). */
export async function signInNewUser(page: Page, request: APIRequestContext, locale: Locale = 'en'): Promise<VerifiedUser> {
  const session = await createVerifiedUser(request, { locale });
  await useSession(page, session);
  return session;
}

/** Signs in through the login form the page is on (it was sent there), as a member does. */
export async function signInThroughForm(page: Page, locale: Locale, account: { email: string; password: string }) {
  const screen = page.getByTestId('shell-page');
  await screen.getByLabel(locale === 'ar' ? 'البريد الإلكتروني' : 'E-mail').fill(account.email);
  await screen.getByLabel(locale === 'ar' ? 'كلمة المرور' : 'Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: locale === 'ar' ? 'تسجيل الدخول' : 'Log in' }).last().click();
}
