/**
 * Avatar initials (QA: "مريم الاختبار" gave "ما", a word; "د. خالد النعيمي" gave "دخ"): the first
 * and last words' letters after any title, the letter after Arabic's article, Arabic letters kept
 * apart so that they read as initials.
 */
import { describe, expect, it } from 'vitest';
import { initials } from './initials';

const APART = '\u202F';

describe('initials', () => {
  it('keeps Arabic initials apart, after the article "ال"', () => {
    expect(initials('مريم الاختبار')).toBe(`م${APART}ا`);
    expect(initials('سارة البلوشي')).toBe(`س${APART}ب`);
    expect(initials('العنود')).toBe('ع');
  });
  it('skips the titles before a name, with or without their dots and spaces', () => {
    expect(initials('د. خالد النعيمي')).toBe(`خ${APART}ن`);
    expect(initials('د.خالد النعيمي')).toBe(`خ${APART}ن`);
    expect(initials('أ.د. هدى المنصوري')).toBe(`ه${APART}م`);
    expect(initials('أ. د. هدى المنصوري')).toBe(`ه${APART}م`);
    expect(initials('الدكتور محمد بن راشد')).toBe(`م${APART}ر`);
    expect(initials('الأستاذة ليلى')).toBe('ل');
    // A name that is also a title's word stays a name without the article ("سيد" is a first name).
    expect(initials('سيد قطب')).toBe(`س${APART}ق`);
    expect(initials('Dr. Omar Khalid')).toBe('OK');
    expect(initials('prof Sara al-Hashimi')).toBe('SH');
    // A title that is the whole name is still a letter.
    expect(initials('Dr')).toBe('D');
  });
  it('takes the first and last words, upper case, and one when asked', () => {
    expect(initials('  omar  bin  khalid ')).toBe('OK');
    expect(initials('Omar')).toBe('O');
    expect(initials('د. خالد النعيمي', 1)).toBe('خ');
    expect(initials('"Layla" (Test)')).toBe('LT');
    expect(initials('  ')).toBe('');
    expect(initials('12 34')).toBe('');
  });
});
