/**
 * POST base/contact: the spec 5 rules and messages (en and ar) on the multipart form the site
 * sends, the captcha, and on success the stored message, the staff mail and the sender's receipt
 * in their language, captured over real SMTP.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, rateLimitHits } from '../src/db/schema';
import { build, solveCaptcha, startSmtpCapture, type SmtpCapture, type TestApp } from './helper';

let smtp: SmtpCapture;
let app: TestApp;
const INBOX = 'staff.inbox@scholars.example';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await build({ env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '100', CONTACT_INBOX: INBOX } });
});
afterAll(async () => {
  await app?.cleanup();
  await smtp?.stop();
});

function multipart(fields: Record<string, string>) {
  const boundary = `----scholars${Math.random().toString(16).slice(2)}`;
  const body =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { payload: Buffer.from(body, 'utf8'), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function send(fields: Record<string, string>, language = 'en', extra: Record<string, string> = {}) {
  const { payload, headers } = multipart(fields);
  const response = await app.inject({
    method: 'POST',
    url: '/api/base/contact',
    payload,
    headers: { ...headers, 'accept-language': language, ...extra },
  });
  return { status: response.statusCode, body: response.json() as { status: boolean; msg: string; err?: unknown; errors?: Record<string, string> } };
}

const valid = { full_name: 'Omar Haddad', email: 'omar.haddad@example.ae', phone: '+971501234567', message: 'When is the next conference?' };

describe('contact form validation (spec 5)', () => {
  it.each([
    ['en', {}, { full_name: 'Full name is required', email: 'Email is required', phone: 'Phone number is required', message: 'Message is required' }],
    ['ar', {}, { full_name: 'الاسم الكامل مطلوب', email: 'البريد الإلكتروني مطلوب', phone: 'رقم الهاتف مطلوب', message: 'الرسالة مطلوبة' }],
    ['en', { full_name: '   ', email: 'omar haddad@example.ae', phone: '12345', message: ' ' }, {
      full_name: 'Full name is required',
      email: 'Invalid email format',
      phone: 'Invalid phone number format',
      message: 'Message is required',
    }],
    ['ar', { full_name: 'عمر', email: 'no-at-sign', phone: '050-123-4567', message: 'x' }, {
      email: 'صيغة البريد الإلكتروني غير صحيحة',
      phone: 'صيغة رقم الهاتف غير صحيحة',
    }],
  ])('%s: %o', async (language, fields, errors) => {
    const answer = await send({ ...fields, captcha: 'x' }, language);
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe(false);
    expect(answer.body.errors).toEqual(errors);
    expect(Object.values(errors)).toContain(answer.body.msg);
  });

  it('accepts the phone rule of spec 5: optional + and 7 to 15 digits', async () => {
    for (const phone of ['1234567', '+123456789012345']) {
      const answer = await send({ ...valid, phone, captcha: 'x' });
      expect(answer.body.errors?.phone).toBeUndefined();
    }
    for (const phone of ['123456', '1234567890123456', '+12 3456789']) {
      expect((await send({ ...valid, phone, captcha: 'x' })).body.errors?.phone).toBe('Invalid phone number format');
    }
  });

  it('refuses a missing or forged captcha and sends nothing', async () => {
    const missing = await send(valid);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ captcha: 'Please complete the anti-spam check.' });
    const forged = await send({ ...valid, captcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') }, 'ar');
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe('فشل التحقق من أنك لست برنامجًا آليًا أو انتهت صلاحيته. يرجى المحاولة مرة أخرى.');
    expect(await app.db.select().from(contactMessages).where(eq(contactMessages.email, valid.email))).toEqual([]);
  });
});

describe('contact form success', () => {
  it('stores the message, mails the staff and sends the sender a receipt in their language', async () => {
    const email = `sender.${Date.now()}@example.ae`;
    const answer = await send({ ...valid, email, message: 'متى المؤتمر القادم؟', captcha: await solveCaptcha(app) }, 'ar');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: true, msg: 'تم إرسال الرسالة بنجاح!' });

    const [stored] = await app.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored).toMatchObject({ fullName: 'Omar Haddad', phone: '+971501234567', message: 'متى المؤتمر القادم؟', locale: 'ar' });

    await smtp.waitFor(() => smtp.mailsTo(email).length === 1 && smtp.mails.some((m) => m.text.includes(email) && m.to.includes(INBOX)));
    const receipt = smtp.mailsTo(email)[0]!;
    expect(receipt.subject).toBe('تلقّينا رسالتك');
    expect(receipt.text).toContain('متى المؤتمر القادم؟');
    const staff = smtp.mails.find((m) => m.to.includes(INBOX) && m.text.includes(email))!;
    expect(staff.subject).toBe('New contact message from Omar Haddad');
    expect(staff.text).toContain('+971501234567');
    expect(staff.text).toContain('متى المؤتمر القادم؟');
  });

  it('answers in English by default and also takes JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/base/contact',
      payload: { ...valid, captcha: await solveCaptcha(app) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, msg: 'Message sent successfully!' });
  });

  it('limits messages per client address (429)', async () => {
    const address = '198.51.100.23';
    await app.db.insert(rateLimitHits).values(Array.from({ length: 30 }, () => ({ bucket: `contact:ip:${address}` })));
    const limited = await send({ ...valid, captcha: await solveCaptcha(app) }, 'en', { 'x-forwarded-for': address });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: false, err: 429 });
  });
});
