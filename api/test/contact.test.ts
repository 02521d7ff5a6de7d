/**
 * POST base/contact: the spec 5 rules and messages (en and ar) on the multipart form the site
 * sends, the captcha, and on success the stored message, the staff mail and the sender's receipt
 * in their language, captured over real SMTP. The receipt cannot carry a spammer's text or links,
 * and both the messages per client and the receipts per address are limited.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import { contactMessages, mailOutbox } from '../src/db/schema';
import { solveCaptcha, useAppWithMail } from './helper';

const INBOX = 'staff.inbox@scholars.example';

const { app, smtp } = useAppWithMail({ CONTACT_INBOX: INBOX });

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
  const response = await app().inject({
    method: 'POST',
    url: '/api/base/contact',
    payload,
    headers: { ...headers, 'accept-language': language, ...extra },
  });
  return {
    status: response.statusCode,
    body: response.json() as { status: boolean; msg: string; err?: unknown; errors?: Record<string, string> },
    headers: response.headers,
  };
}

/** Mails queued for `address` (every mail is queued in the outbox first, in the message's transaction). */
async function queuedFor(address: string) {
  return app().db.select().from(mailOutbox).where(sql`lower(${mailOutbox.toAddress}) = ${address.toLowerCase()}`);
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
    ['ar', { full_name: 'عمر', email: 'no-at-sign', phone: '050-123', message: 'x' }, {
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

  it('accepts the phone rule of spec 5: optional + and 7 to 15 digits, as typed (Arabic-Indic digits, spaces, dashes)', async () => {
    for (const phone of ['1234567', '+123456789012345', '+12 3456789', '٠٥٠-١٢٣-٤٥٦٧']) {
      const answer = await send({ ...valid, phone, captcha: 'x' });
      expect(answer.body.errors?.phone).toBeUndefined();
    }
    for (const phone of ['123456', '1234567890123456', '+12 34', '++1234567']) {
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
    expect(await app().db.select().from(contactMessages).where(eq(contactMessages.email, valid.email))).toEqual([]);
  });
});

describe('contact form success', () => {
  it('stores the message, mails the staff and sends the sender a receipt in their language', async () => {
    const email = `sender.${Date.now()}@example.ae`;
    const answer = await send({ ...valid, email, message: 'متى المؤتمر القادم؟', captcha: await solveCaptcha(app()) }, 'ar');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: true, msg: 'تم إرسال الرسالة بنجاح!' });

    const [stored] = await app().db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored).toMatchObject({ fullName: 'Omar Haddad', phone: '+971501234567', message: 'متى المؤتمر القادم؟', locale: 'ar' });

    await smtp.waitFor(() => smtp.mailsTo(email).length === 1 && smtp.mails.some((m) => m.text.includes(email) && m.to.includes(INBOX)));
    const receipt = smtp.mailsTo(email)[0]!;
    expect(receipt.subject).toBe('تلقّينا رسالتك');
    expect(receipt.text).toContain('سيردّ عليك فريقنا خلال يومي عمل');
    expect(receipt.html).toContain('dir="rtl"');
    const staff = smtp.mails.find((m) => m.to.includes(INBOX) && m.text.includes(email))!;
    expect(staff.subject).toBe(`New contact message from ${isolate('Omar Haddad')}`);
    expect(staff.text).toContain('+971501234567');
    expect(staff.text).toContain('متى المؤتمر القادم؟');
  });

  it('answers in English by default and also takes JSON', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/base/contact',
      payload: { ...valid, captcha: await solveCaptcha(app()) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, msg: 'Message sent successfully!' });
  });

});

describe('contact form abuse (the receipt goes to any address typed in the form)', () => {
  it('the receipt quotes nothing the sender wrote: no message text, no name, no link', async () => {
    const email = `spam.target.${Date.now()}@example.ae`;
    const spam = {
      ...valid,
      email,
      full_name: 'Cheap pills at http://name-spam.example',
      message: 'WIN A PRIZE today! Claim it at https://spam.example/claim?id=1 or www.prize-spam.example, mail winner@prize-spam.example',
    };
    for (const language of ['en', 'ar']) {
      const answer = await send({ ...spam, captcha: await solveCaptcha(app()) }, language, { 'x-forwarded-for': `198.51.100.${language === 'en' ? 31 : 32}` });
      expect(answer.status).toBe(200);
    }
    await smtp.waitFor(() => smtp.mailsTo(email).length === 2);
    const [english, arabic] = ['We received your message', 'تلقّينا رسالتك'].map((subject) => smtp.mailsTo(email).find((m) => m.subject === subject)!);
    expect(english!.text).toContain('our team will answer within two working days');
    expect(arabic!.text).toContain('خلال يومي عمل');
    for (const receipt of [english!, arabic!]) {
      for (const part of [receipt.subject, receipt.text, receipt.html]) {
        expect(part).not.toMatch(/WIN A PRIZE|Claim it|spam\.example|Cheap pills/);
        expect(part).not.toMatch(/https?:|www\.|@prize/);
      }
      expect(receipt.html).not.toMatch(/<a\b|href=/i);
    }
    // The staff still get the whole message.
    const staff = smtp.mails.filter((m) => m.to.includes(INBOX) && m.text.includes(email));
    expect(staff).toHaveLength(2);
    expect(staff[0]!.text).toContain('https://spam.example/claim?id=1');
  });

  it('sends at most 3 receipts an hour to one address; later messages are stored and reach the staff without one', async () => {
    const email = `receipts.${Date.now()}@example.ae`;
    for (let i = 1; i <= 4; i++) {
      // Different clients (each under its own limit), the same typed address (in any letter case).
      const answer = await send({ ...valid, email: i === 4 ? email.toUpperCase() : email, message: `Question ${i}`, captcha: await solveCaptcha(app()) }, 'en', {
        'x-forwarded-for': `198.51.100.${40 + i}`,
      });
      expect(answer.body).toEqual({ status: true, msg: 'Message sent successfully!' });
    }
    const stored = await app().db.select().from(contactMessages).where(sql`lower(${contactMessages.email}) = ${email}`);
    expect(stored.map((row) => row.message).sort()).toEqual(['Question 1', 'Question 2', 'Question 3', 'Question 4']);
    // Each receipt is queued in the same transaction as its message: the outbox is final now.
    expect(await queuedFor(email)).toHaveLength(3);
    const staffQueued = (await queuedFor(INBOX)).filter((row) => row.textBody.includes(`E-mail: ${isolate(email)}`) || row.textBody.includes(`E-mail: ${isolate(email.toUpperCase())}`));
    expect(staffQueued).toHaveLength(4);
    await smtp.waitFor(() => smtp.mailsTo(email).length === 3 && smtp.mails.filter((m) => m.to.includes(INBOX) && m.text.includes('Question 4')).length === 1);
  });

  it('takes at most 5 messages an hour from one client: the 6th is a 429 with Retry-After, in the sender\'s language, and is not stored', async () => {
    const client = { 'x-forwarded-for': '198.51.100.23' };
    const email = `busy.${Date.now()}@example.ae`;
    for (let i = 1; i <= 5; i++) {
      expect((await send({ ...valid, email, message: `Busy ${i}`, captcha: await solveCaptcha(app()) }, 'en', client)).status).toBe(200);
    }
    const limited = await send({ ...valid, email, message: 'Busy 6', captcha: await solveCaptcha(app()) }, 'en', client);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ status: false, err: 429, msg: expect.stringMatching(/^You have sent several messages already\. Please try again in \d+ minutes\.$/) });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    const arabic = await send({ ...valid, email, message: 'Busy 7', captcha: await solveCaptcha(app()) }, 'ar', client);
    expect(arabic.status).toBe(429);
    expect(arabic.body.msg).toMatch(/^لقد أرسلت عدة رسائل بالفعل/);
    const stored = await app().db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored).toHaveLength(5);
    // Another client is not held back.
    expect((await send({ ...valid, email, captcha: await solveCaptcha(app()) }, 'en', { 'x-forwarded-for': '198.51.100.24' })).status).toBe(200);
  });
});
