import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from '@scholars/shared-contracts/schemas';
import { fieldErrorsOf } from './field-errors';

describe('fieldErrorsOf', () => {
  it('keeps the first message key of each field, for the form to translate', () => {
    const parsed = contactMessageSchema.safeParse({ full_name: '', email: 'a b@c', phone: '12', message: 'hello' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrorsOf(parsed.error)).toEqual({
      full_name: 'validation.fullNameRequired',
      email: 'validation.emailInvalid',
      phone: 'validation.phoneInvalid',
    });
  });
});
