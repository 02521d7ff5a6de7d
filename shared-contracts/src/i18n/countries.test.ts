import { describe, expect, it } from 'vitest';
import { countryName, countryOptions, isCountryCode, isoCountryCodes } from './countries';
import { countryCodeOf } from './country-codes';
import { conferenceRequestSchema, profileUpdateSchema } from '../schemas';

describe('countries', () => {
  it('names a code in the page language, anything else as written', () => {
    expect(countryName('AE', 'en')).toBe('United Arab Emirates');
    expect(countryName('AE', 'ar')).toBe('الإمارات العربية المتحدة');
    expect(countryName('Narnia', 'ar')).toBe('Narnia');
    expect(countryName(null, 'en')).toBe('');
  });

  it('lists every ISO code once, the UAE and the Arab world first, the rest by name', () => {
    expect(isoCountryCodes()).toHaveLength(249);
    expect(new Set(isoCountryCodes()).size).toBe(249);
    const arabic = countryOptions('ar');
    expect(arabic).toHaveLength(249);
    expect(new Set(arabic.map((option) => option.code)).size).toBe(249);
    expect(arabic[0]).toEqual({ code: 'AE', name: 'الإمارات العربية المتحدة' });
    const rest = countryOptions('en').slice(22).map((option) => option.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('reads a code in any case or a name in English or Arabic as its code', () => {
    expect(countryCodeOf('ae')).toBe('AE');
    expect(countryCodeOf('United Arab Emirates')).toBe('AE');
    expect(countryCodeOf('سلطنة عُمان')).toBe('OM');
    expect(countryCodeOf('المملكة الأردنية الهاشمية')).toBe('JO');
    expect(countryCodeOf('XX')).toBeNull();
    expect(countryCodeOf('Atlantis')).toBeNull();
    expect(isCountryCode('AE')).toBe(true);
    expect(isCountryCode('ae')).toBe(false);
  });

  it('the forms validate a code and store it', () => {
    const profile = { name: 'A', email: 'a@example.ae', data_access: false, newsletter: false };
    expect(profileUpdateSchema.parse({ ...profile, country: 'Oman' }).country).toBe('OM');
    expect(profileUpdateSchema.parse({ ...profile, country: '' }).country).toBeNull();
    const bad = profileUpdateSchema.safeParse({ ...profile, country: 'XX' });
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe('validation.countryInvalid');
    const request = conferenceRequestSchema.shape.country;
    expect(request.parse('الإمارات')).toBe('AE');
    expect(request.safeParse('').error?.issues[0]?.message).toBe('validation.countryRequired');
  });
});
