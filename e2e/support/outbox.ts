import { expect, type APIRequestContext } from '@playwright/test';
import { SHELL_URL } from './stack';

export interface Mail {
  to?: string;
  subject?: string;
  text?: string;
  locale?: string;
  template?: string;
  html?: string | null;
  /** Extra headers: a newsletter issue's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string> | null;
}

/** The mails sent to `email`, newest first (the dev outbox the suite reads sign-up codes from). */
export async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get(`${SHELL_URL}/api/dev/outbox.json?to=${encodeURIComponent(email)}`);
  if (!response.ok()) return [];
  const body = (await response.json()) as { data?: Mail[] } | Mail[];
  return Array.isArray(body) ? body : (body.data ?? []);
}

/** Waits for a mail to `email` whose subject matches, and answers it. */
export async function mailMatching(request: APIRequestContext, email: string, subject: RegExp, timeout = 15_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(request, email)).find((mail) => subject.test(mail.subject ?? ''));
      return Boolean(found);
    }, { timeout })
    .toBe(true);
  return found!;
}
