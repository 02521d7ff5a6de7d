/**
 * A subscribed reader for the front-end benchmark's signed-in pages, made the way a person becomes
 * one, through the API behind the shell: register (the captcha solved as the browser solves it),
 * the e-mailed code read from the dev outbox (no SMTP in the bench's stack), verify, then a yearly
 * plan bought on the built-in local checkout. Answers the localStorage a signed-in browser holds.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

async function call(shellUrl, path, init = {}) {
  const response = await fetch(new URL(`/api/${path}`, shellUrl), {
    ...init,
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    redirect: 'manual',
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function otpFor(shellUrl, email) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const body = await call(shellUrl, `dev/outbox.json?to=${encodeURIComponent(email)}`).catch(() => null);
    const mails = Array.isArray(body) ? body : (body?.data ?? []);
    const code = mails.map((mail) => /\b(\d{6})\b/.exec(`${mail.subject ?? ''} ${mail.text ?? ''}`)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code was e-mailed to ${email}`);
}

/** @returns {Promise<Record<string, string>>} localStorage of a signed-in, subscribed reader. */
export async function subscribedReaderStorage(shellUrl) {
  const email = `bench.reader.${Date.now().toString(36)}@example.ae`;
  const password = 'bench reader passphrase';
  const { data: challenge } = await call(shellUrl, 'captcha/challenge');
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution }), 'utf8').toString('base64');
  await call(shellUrl, 'auth/register', {
    method: 'POST',
    body: JSON.stringify({ name: 'Bench Reader', email, phone: '+971501234567', country: 'AE', gender: 'female', password, password_confirmation: password, locale: 'en', captcha }),
  });
  const code = await otpFor(shellUrl, email);
  const { data: session } = await call(shellUrl, 'auth/verify-otp', { method: 'POST', body: JSON.stringify({ email, code, purpose: 'verify_email' }) });
  const authorization = `Bearer ${session.accessToken}`;
  const purchaseAnswer = await fetch(new URL('/api/stripe/create-subscription', shellUrl), {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ planId: 1, userId: session.user.id, active: false }),
  });
  if (!purchaseAnswer.ok) throw new Error(`create-subscription: ${purchaseAnswer.status}`);
  const { data: purchase } = await purchaseAnswer.json();
  const buyerCookie = purchaseAnswer.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
  const checkout = new URL(purchase.checkout_url, shellUrl);
  // The local checkout answers the buyer's browser only: its cookie comes with the purchase answer.
  const paid = await fetch(checkout, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), headers: { cookie: buyerCookie }, redirect: 'manual' });
  if (![200, 302, 303].includes(paid.status)) throw new Error(`local checkout: ${paid.status}`);
  return { accessToken: session.accessToken, user: JSON.stringify(session.user), user_id: String(session.user.id) };
}
