import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkResearchUpload,
  conferenceCategoryWriteSchema,
  adminUniversityBodySchema,
  conferencePaginateBodySchema,
  contactMessageSchema,
  createSubscriptionRequestSchema,
  createSubscriptionResponseSchema,
  envelopeSchema,
  fieldErrors,
  idParamSchema,
  newPasswordFormSchema,
  newsletterSubscriberSchema,
  otpCodeSchema,
  pageCount,
  profileUpdateSchema,
  conferenceRequestSchema,
  refreshResponseSchema,
  successMessages,
  translateMessage,
  validationErrorMap,
  validationMessages,
} from './index';

/** field -> English text of the first error, as a form would show it. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value, { error: validationErrorMap });
  if (result.success) return {};
  return Object.fromEntries(fieldErrors(result.error).map((e) => [e.field, translateMessage('en', e.key, e.params)]));
}

describe('validation messages', () => {
  it('has the spec 5 texts and an Arabic text for every key', () => {
    expect(validationMessages.en).toMatchObject({
      fullNameRequired: 'Full name is required',
      emailRequired: 'Email is required',
      emailInvalid: 'Invalid email format',
      phoneRequired: 'Phone number is required',
      phoneInvalid: 'Invalid phone number format',
      messageRequired: 'Message is required',
      newsletterEmailInvalid: 'Please enter a valid email address.',
      otpInvalid: 'Please enter a valid 6-digit OTP.',
      passwordsDoNotMatch: 'Passwords do not match.',
      invalidInput: 'Invalid input',
      notFound: 'Not found',
      serverError: 'Something went wrong. Please try again.',
    });
    expect(Object.keys(validationMessages.ar).sort()).toEqual(Object.keys(validationMessages.en).sort());
    for (const [key, text] of Object.entries(validationMessages.ar)) {
      expect(text, key).toMatch(/[\u0600-\u06FF]/);
      const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(text), key).toEqual(placeholders(validationMessages.en[key as keyof typeof validationMessages.en]));
    }
  });

  it('translates keys with placeholders, falls back to the key when unknown', () => {
    expect(translateMessage('en', 'validation.maxNumber', { maximum: 100 })).toBe('Must be at most 100');
    expect(translateMessage('ar', 'validation.maxNumber', { maximum: 100 })).toBe('يجب ألا تزيد القيمة على 100');
    expect(translateMessage('en', 'validation.invalidOption', { values: ['a', 'b'] })).toBe('Must be one of: a, b');
    expect(translateMessage('en', 'validation.nope')).toBe('validation.nope');
  });

  it('keeps successes apart from refusals: success.* keys, in both languages with the same placeholders', () => {
    expect(translateMessage('en', 'success.emailChangeConfirmed', { email: 'a@b.example' })).toBe('Your e-mail address is now a@b.example.');
    expect(translateMessage('ar', 'success.contactSent')).toBe('تم إرسال الرسالة بنجاح!');
    // A success is no refusal, and the other way round.
    expect(translateMessage('en', 'validation.contactSent')).toBe('validation.contactSent');
    expect(translateMessage('en', 'success.required')).toBe('success.required');
    expect(Object.keys(successMessages.ar).sort()).toEqual(Object.keys(successMessages.en).sort());
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const [key, text] of Object.entries(successMessages.ar)) {
      expect(placeholders(text), key).toEqual(placeholders(successMessages.en[key as keyof typeof successMessages.en]));
      expect(key in validationMessages.en, key).toBe(false);
    }
  });
});

describe('contact form (spec 5)', () => {
  const valid = { full_name: 'Mariam Al Shehhi', email: 'mariam@uni.example', phone: '+971501234567', message: 'Hello' };

  it('accepts a valid message and trims it', () => {
    expect(contactMessageSchema.parse({ ...valid, full_name: '  مريم  ' }).full_name).toBe('مريم');
  });

  it('requires every field with the spec texts', () => {
    expect(errorsOf(contactMessageSchema, {})).toEqual({
      full_name: 'Full name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      message: 'Message is required',
    });
    expect(errorsOf(contactMessageSchema, { full_name: '  ', email: '', phone: '', message: ' ' })).toEqual({
      full_name: 'Full name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      message: 'Message is required',
    });
  });

  it.each(['no-at-sign', 'a b@c.d', 'a@b', '@b.c', 'a@b .c'])('rejects the email %s', (email) => {
    expect(errorsOf(contactMessageSchema, { ...valid, email })).toEqual({ email: 'Invalid email format' });
  });

  it.each([
    ['+1234567', true],
    ['123456789012345', true],
    ['123456', false],
    ['1234567890123456', false],
    ['+971 50 123 4567', true],
    ['++971501234567', false],
    ['05O1234567', false],
    ['٠٥٠١٢٣٤٥٦٧', true],
    ['+٩٧١ ٥٠ ١٢٣ ٤٥٦٧', true],
    ['۰۵۰۱۲۳۴۵۶۷', true],
    ['٠٥٠١٢٣', false],
    ['050 12-3', false],
  ])('phone %s valid: %s', (phone, ok) => {
    expect(errorsOf(contactMessageSchema, { ...valid, phone })).toEqual(ok ? {} : { phone: 'Invalid phone number format' });
  });

  it('stores a phone as its ASCII digits: Arabic-Indic digits read, separators between digits dropped', () => {
    expect(contactMessageSchema.parse({ ...valid, phone: '+٩٧١ (٥٠) ١٢٣-٤٥٦٧' }).phone).toBe('+971501234567');
    expect(contactMessageSchema.parse({ ...valid, phone: ' 050.123.4567 ' }).phone).toBe('0501234567');
    expect(profileUpdateSchema.parse({ name: 'م', email: 'a@b.c', phone: '۰۵۰ ۱۲۳ ۴۵۶۷', data_access: false, newsletter: false }).phone).toBe('0501234567');
    expect(conferenceRequestSchema.shape.phone.parse('+971 50 123 4567')).toBe('+971501234567');
  });
});

describe('other forms', () => {
  it('newsletter: non-empty with an at sign', () => {
    expect(errorsOf(newsletterSubscriberSchema, { email: '' })).toEqual({ email: 'Please enter a valid email address.' });
    expect(errorsOf(newsletterSubscriberSchema, { email: 'nope' })).toEqual({ email: 'Please enter a valid email address.' });
    expect(errorsOf(newsletterSubscriberSchema, {})).toEqual({ email: 'Please enter a valid email address.' });
    // An address that cannot receive the confirmation is refused the same way.
    for (const email of ['bad@', '@example.ae', 'a@b', 'a b@example.ae']) {
      expect(errorsOf(newsletterSubscriberSchema, { email }), email).toEqual({ email: 'Please enter a valid email address.' });
    }
    expect(newsletterSubscriberSchema.parse({ email: ' a@uaeu.ac.ae ' }).email).toBe('a@uaeu.ac.ae');
  });

  it('OTP: exactly 6 digits, typed on either keyboard', () => {
    expect(otpCodeSchema.safeParse('123456').success).toBe(true);
    expect(otpCodeSchema.parse('١٢٣٤٥٦')).toBe('123456');
    expect(otpCodeSchema.parse(' ۹۸۷۶۵۴ ')).toBe('987654');
    for (const code of ['12345', '1234567', 'abcdef', '12 456']) {
      expect(errorsOf(otpCodeSchema, code), code).toEqual({ '': 'Please enter a valid 6-digit OTP.' });
    }
  });

  it('new password: at least 8 characters and confirmed', () => {
    expect(errorsOf(newPasswordFormSchema, { password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters.',
    });
    expect(errorsOf(newPasswordFormSchema, { password: 'long enough', confirmPassword: 'different' })).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
    expect(newPasswordFormSchema.safeParse({ password: 'long enough', confirmPassword: 'long enough' }).success).toBe(true);
  });

  it('create-subscription: planId, userId (number or digits) and active', () => {
    expect(createSubscriptionRequestSchema.parse({ planId: 2, userId: '17', active: false })).toEqual({ planId: 2, userId: 17, active: false });
    expect(errorsOf(createSubscriptionRequestSchema, { planId: 0, userId: 'x', active: 'yes' })).toHaveProperty('active', 'Must be true or false');
    expect(createSubscriptionResponseSchema.parse({ status: true, active: true, data: { checkout_url: '/checkout/1' } }).active).toBe(true);
  });

  it('refresh response carries accessToken at the top and in data', () => {
    expect(refreshResponseSchema.safeParse({ status: true, accessToken: 't', data: { accessToken: 't', expires_in: 900 } }).success).toBe(true);
    expect(refreshResponseSchema.safeParse({ status: true, data: { accessToken: 't' } }).success).toBe(false);
  });
});

describe('research uploads checked in the browser', () => {
  it('names the problem: missing, wrong type, empty, too large', () => {
    const file = (name: string, size: number, type = '') => ({ name, size, type });
    expect(checkResearchUpload('file', null)).toEqual({ key: 'validation.researchFileRequired' });
    expect(checkResearchUpload('file', file('notes.txt', 10, 'text/plain'))).toEqual({ key: 'validation.researchFileType' });
    // Chosen but empty: not "required" (the member did choose it).
    expect(checkResearchUpload('file', file('بحث.pdf', 0, 'application/pdf'))).toEqual({ key: 'validation.fileEmpty' });
    expect(checkResearchUpload('image', file('cover.png', 0, 'image/png'))).toEqual({ key: 'validation.fileEmpty' });
    expect(checkResearchUpload('image', file('cover.png', 6 * 1024 * 1024, 'image/png'))).toEqual({ key: 'validation.fileTooLarge', params: { maximum: 5 } });
    expect(checkResearchUpload('file', file('بحث محكّم.pdf', 1000, 'application/pdf'))).toBeNull();
  });
});

describe('paginate and envelope', () => {
  it('bounds limit, page and search; col from the allow-list with a default', () => {
    expect(conferencePaginateBodySchema.parse({ limit: 8, page: 1 })).toEqual({ limit: 8, page: 1, col: 'start_date', search: '' });
    expect(conferencePaginateBodySchema.parse({ limit: 8, page: 1, col: 'title', search: '  ai  ' }).search).toBe('ai');
    expect(errorsOf(conferencePaginateBodySchema, { limit: 101, page: 0, col: 'password' })).toEqual({
      limit: 'Must be at most 100',
      page: 'Must be at least 1',
      col: 'Must be one of: title, title_en, start_date, id, relevance, upcoming',
    });
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(25, 12)).toBe(3);
  });

  it('a row order is a whole number from 0 to 100,000, with number messages, in every console form', () => {
    const university = { name: 'جامعة', name_en: 'University', country: 'الإمارات', country_en: 'UAE' };
    expect(errorsOf(adminUniversityBodySchema, { ...university, sort_order: 100_001 }).sort_order).toBe('Must be at most 100000');
    expect(errorsOf(adminUniversityBodySchema, { ...university, sort_order: -1 }).sort_order).toBe('Must be at least 0');
    expect(adminUniversityBodySchema.parse({ ...university, sort_order: '' }).sort_order).toBe(0);
    expect(errorsOf(conferenceCategoryWriteSchema, { name: 'فئة', name_en: 'Category', sort_order: 100_001 }).sort_order).toBe('Must be at most 100000');
  });

  it('ids in paths are digits within the 32-bit range', () => {
    expect(idParamSchema.parse('42')).toBe(42);
    for (const bad of ['0', '-1', '1e3', '2147483648', ' 1', 'abc']) expect(idParamSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('envelopeSchema(data) describes every answer', () => {
    const schema = envelopeSchema(z.array(z.number()));
    expect(schema.safeParse({ status: true, data: [1], tot: 1 }).success).toBe(true);
    expect(schema.safeParse({ status: false, msg: 'x', err: 409 }).success).toBe(true);
    expect(schema.safeParse({ status: false, msg: 'x', errors: { email: 'bad' } }).success).toBe(true);
    expect(schema.safeParse({ data: [1] }).success).toBe(false);
  });
});
