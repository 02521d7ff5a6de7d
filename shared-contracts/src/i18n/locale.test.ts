import { describe, expect, it } from 'vitest';
import {
  LOCALES,
  PLATFORM_TIME_ZONE,
  SUPPORTED_LOCALES,
  directionOf,
  fieldIn,
  formatAmount,
  formatDate,
  formatDateRange,
  formatDateToParts,
  formatFileSize,
  formatFileKind,
  formatNumber,
  formatList,
  isolate,
  formatPercent,
  formatTimeZone,
  isTimeZone,
  localeFromAcceptLanguage,
  localizedField,
  localeOfText,
  otherLocale,
  pickLocalized,
  typedNumber,
  type DateFormat,
} from './locale';

const NON_WESTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;
const WESTERN_DIGITS = /[0-9]/;

describe('the locale list and direction', () => {
  it('gives each locale its direction and Intl locale', () => {
    expect(SUPPORTED_LOCALES).toEqual(['en', 'ar']);
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-AE')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('fr')).toBe('ltr');
    expect(LOCALES.ar.intl).toBe('ar-AE');
    expect(otherLocale('ar')).toBe('en');
    expect(otherLocale('en')).toBe('ar');
  });
});

describe('Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ar', 'ar'],
    ['ar-AE', 'ar'],
    ['AR_sa', 'ar'],
    ['fr', 'en'],
    ['fr, ar;q=0.5', 'ar'],
    ['en-GB,ar;q=0.8', 'en'],
    // q-values win over order; ties go to the earlier entry.
    ['en;q=0.4, ar;q=0.9', 'ar'],
    ['ar;q=0.7, en;q=0.7', 'ar'],
    ['en-US;q=0.5, ar-AE;q=0.5, en;q=1', 'en'],
    // q=0 refuses; a malformed q is treated as 0.
    ['ar;q=0, en;q=0.1', 'en'],
    ['ar;q=abc, en;q=0.2', 'en'],
    ['ar;q=0', 'en'],
    // The first mention of a language decides its q.
    ['ar;q=0.1, en;q=0.5, ar;q=1', 'en'],
    // A wildcard stands for the supported languages the header does not name.
    ['*', 'en'],
    ['en;q=0, *', 'ar'],
    ['fr, *;q=0.5', 'en'],
    ['ar;q=0.3, *;q=0.8', 'en'],
    ['ar, *;q=0.8', 'ar'],
    ['en;q=0, ar;q=0, *', 'en'],
    // Q parameter names are case-insensitive, white space is allowed.
    [' ar ; Q = 0.9 , en ; q=0.8', 'ar'],
  ])('%j gives %s', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });

  it('reads at most 20 entries of a hostile header', () => {
    const header = `${Array.from({ length: 25 }, (_, i) => `x${i}`).join(',')},ar`;
    expect(localeFromAcceptLanguage(header)).toBe('en');
  });
});

describe('bilingual fields', () => {
  const item = { title: 'عنوان', title_en: 'Title', name: '', name_en: 'Only English', note: 'ملاحظة', note_en: null };
  it('picks the field of the language, else the other, else nothing', () => {
    expect(localizedField(item, 'title', 'ar')).toBe('عنوان');
    expect(localizedField(item, 'title', 'en')).toBe('Title');
    expect(localizedField(item, 'name', 'ar')).toBe('Only English');
    expect(localizedField(item, 'note', 'en')).toBe('ملاحظة');
    expect(pickLocalized('en', null, undefined)).toBe('');
    expect(pickLocalized('ar', 'عربي', 'English')).toBe('عربي');
    // One language's version exactly, nothing when it has none.
    expect(fieldIn(item, 'title', 'en')).toBe('Title');
    expect(fieldIn(item, 'name', 'ar')).toBe('');
    expect(fieldIn(item, 'note', 'en')).toBe('');
  });

  it('tells the language of a text: mostly Arabic script is Arabic', () => {
    expect(localeOfText('هدفت هذه الدراسة (AI)')).toBe('ar');
    expect(localeOfText('This study examines التعلم')).toBe('en');
    expect(localeOfText('2027')).toBe('en');
  });
});

describe('dates: one set of named formats, Western digits in both languages', () => {
  // 05:00 UTC is 09:00 in Dubai.
  const instant = '2027-02-16T05:00:00.000Z';
  const expected: Record<DateFormat, Record<'en' | 'ar', string>> = {
    date: { en: '16 Feb 2027', ar: '16 فبراير 2027' },
    longDate: { en: '16 February 2027', ar: '16 فبراير 2027' },
    weekdayDate: { en: 'Tuesday, 16 February 2027', ar: 'الثلاثاء، 16 فبراير 2027' },
    dateTime: { en: 'Tue, 16 Feb 2027, 09:00', ar: 'الثلاثاء، 16 فبراير 2027، 09:00' },
    time: { en: '09:00', ar: '09:00' },
    shortMonth: { en: 'Feb 16, 2027', ar: '16 فبراير 2027' },
  };

  for (const [format, byLocale] of Object.entries(expected) as Array<[DateFormat, Record<'en' | 'ar', string>]>) {
    for (const locale of SUPPORTED_LOCALES) {
      it(`${format} in ${locale}`, () => {
        const text = formatDate(instant, locale, format, 'Asia/Dubai');
        expect(text).toBe(byLocale[locale]);
        expect(text).toMatch(WESTERN_DIGITS);
        expect(text).not.toMatch(NON_WESTERN_DIGITS);
      });
    }
  }

  it('reads an instant in the given zone, else the platform zone', () => {
    expect(PLATFORM_TIME_ZONE).toBe('Asia/Dubai');
    // 22:00 UTC on the 16th is already the 17th in Dubai, still the 16th in London.
    expect(formatDate('2027-02-16T22:00:00Z', 'en')).toBe('17 Feb 2027');
    expect(formatDate('2027-02-16T22:00:00Z', 'en', 'date', 'Europe/London')).toBe('16 Feb 2027');
    expect(formatDate('2027-02-16T05:00:00Z', 'ar', 'time', 'Europe/London')).toBe('05:00');
    expect(formatDate('2027-02-16T05:00:00Z', 'en', 'time', 'Not/A_Zone')).toBe('09:00');
    expect(isTimeZone('Asia/Dubai')).toBe(true);
    expect(isTimeZone('Not/A_Zone')).toBe(false);
    expect(isTimeZone(null)).toBe(false);
  });

  it('shows a calendar date as that day in every zone', () => {
    expect(formatDate('2027-02-16', 'en', 'date', 'America/Los_Angeles')).toBe('16 Feb 2027');
    expect(formatDate('2027-02-16', 'ar', 'weekdayDate', 'Pacific/Kiritimati')).toBe('الثلاثاء، 16 فبراير 2027');
  });

  it('accepts a Date and epoch milliseconds; nothing for missing or invalid input', () => {
    expect(formatDate(new Date(instant), 'en')).toBe('16 Feb 2027');
    expect(formatDate(Date.parse(instant), 'ar', 'time')).toBe('09:00');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate(undefined, 'ar')).toBe('');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDate('2027-13-45', 'en')).toBe('');
    expect(formatDateToParts('nope', 'en', 'date')).toEqual([]);
  });

  it('gives the parts of a format', () => {
    const parts = formatDateToParts(instant, 'ar', 'date', 'Asia/Dubai');
    expect(parts.filter((part) => part.type === 'day').map((part) => part.value)).toEqual(['16']);
    expect(parts.filter((part) => part.type === 'year').map((part) => part.value)).toEqual(['2027']);
  });

  it('writes a span on one day with one date, else two date-times', () => {
    expect(formatDateRange(instant, '2027-02-16T07:30:00.000Z', 'en', 'Asia/Dubai')).toBe('Tue, 16 Feb 2027, 09:00–11:30');
    expect(formatDateRange(instant, '2027-02-17T13:00:00.000Z', 'en', 'Asia/Dubai')).toBe('Tue, 16 Feb 2027, 09:00 – Wed, 17 Feb 2027, 17:00');
    expect(formatDateRange(instant, null, 'ar', 'Asia/Dubai')).toBe('الثلاثاء، 16 فبراير 2027، 09:00');
    expect(formatDateRange(instant, '2027-02-16T07:30:00.000Z', 'ar', 'Asia/Dubai')).not.toMatch(NON_WESTERN_DIGITS);
  });
});

describe('time zones by name', () => {
  it('names a zone in the page language, summer time by the date, the IANA name as the last resort', () => {
    expect(formatTimeZone('Asia/Dubai', 'en', '2027-02-16')).toBe('Gulf Standard Time');
    expect(formatTimeZone('Asia/Dubai', 'ar', '2027-02-16')).toBe('توقيت الخليج');
    expect(formatTimeZone('Europe/London', 'en', '2027-07-01T09:00:00Z')).toBe('British Summer Time');
    expect(formatTimeZone('Europe/London', 'en', '2027-01-01')).toBe('Greenwich Mean Time');
    expect(formatTimeZone('Not/AZone', 'ar')).toBe('Not/AZone');
  });
});

describe('numbers: Western digits in both languages', () => {
  it('reads a number typed in either script (an Arabic keyboard types ٣٥ and ١٢٫٥)', () => {
    expect(typedNumber('35')).toBe(35);
    expect(typedNumber('٣٥')).toBe(35);
    expect(typedNumber(' ۱۲۰ ')).toBe(120);
    expect(typedNumber('١٢٫٥')).toBe(12.5);
    expect(typedNumber('12.50')).toBe(12.5);
    expect(typedNumber('-3')).toBe(-3);
    // Not a plain decimal number: NaN, for the form's schema to name (Number() would take these).
    for (const text of ['', '  ', '1e3', '0x10', '12abc', '1.2.3', 'Infinity']) expect(typedNumber(text)).toBeNaN();
  });
  it('writes numbers, percentages, file sizes and amounts', () => {
    expect(formatNumber(1234567, 'ar')).toBe('1,234,567');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatList(['Health', 'Business'], 'en')).toBe('Health, Business');
    expect(formatList(['الصحة', 'الأعمال'], 'ar')).toBe('الصحة، الأعمال');
    expect(formatList([], 'ar')).toBe('');
    expect(isolate('د. هدى.')).toBe('\u2068د. هدى.\u2069');
    expect(formatPercent(0.42, 'en')).toBe('42%');
    expect(formatPercent(0.42, 'ar')).not.toMatch(NON_WESTERN_DIGITS);
    expect(formatPercent(0.42, 'ar')).toContain('42');
    expect(formatFileSize(833, 'en')).toBe('833 bytes');
    expect(formatFileSize(1, 'en')).toBe('1 byte');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatFileSize(833, 'ar')).toBe('833 بايت');
    expect(formatFileSize(1536, 'ar')).toBe('1.5 كيلوبايت');
    expect(formatFileSize(5 * 1024 * 1024, 'ar')).toBe('5 ميغابايت');
    expect(formatFileKind('application/pdf', 'en')).toBe('PDF');
    expect(formatFileKind('application/pdf', 'ar')).toBe('ملف PDF');
    expect(formatFileKind('image/png', 'en')).toBe('PNG image');
    expect(formatFileKind('application/octet-stream', 'en', 'thesis.docx')).toBe('DOCX');
    expect(formatAmount(299)).toBe('299');
    expect(formatAmount(299.5)).toBe('299.50');
  });
});
