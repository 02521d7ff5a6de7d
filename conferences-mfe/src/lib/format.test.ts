import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange } from '@scholars/shared-contracts/locale';
import { excerpt, hasEnded, localized, zonesDiffer } from './format';

describe('excerpt (spec 2 and 9: 100 characters + ellipsis)', () => {
  it('keeps short texts and cuts long ones at 100 characters with an ellipsis', () => {
    expect(excerpt('Short text')).toBe('Short text');
    const long = 'a'.repeat(150);
    expect(excerpt(long)).toBe(`${'a'.repeat(100)}…`);
    expect(excerpt('x'.repeat(100))).toBe('x'.repeat(100));
  });

  it('counts characters, not UTF-16 units, and collapses white space', () => {
    const arabic = 'مؤتمر '.repeat(30);
    const cut = excerpt(arabic);
    expect([...cut].length).toBeLessThanOrEqual(101);
    expect(cut.endsWith('…')).toBe(true);
    expect(excerpt('a\n\n  b')).toBe('a b');
  });
});

describe('dates and zones', () => {
  it('formats the events carousel date in English, short month, day, year, in the event zone', () => {
    expect(formatDate('2027-02-16T05:00:00.000Z', 'en', 'shortMonth', 'Asia/Dubai')).toBe('Feb 16, 2027');
    // 22:00 UTC on the 16th is already the 17th in Dubai.
    expect(formatDate('2027-02-16T22:00:00.000Z', 'en', 'shortMonth', 'Asia/Dubai')).toBe('Feb 17, 2027');
  });

  it('shows a same-day range with one date', () => {
    expect(formatDateRange('2027-02-16T05:00:00.000Z', '2027-02-16T07:30:00.000Z', 'en', 'Asia/Dubai')).toBe('Tue, 16 Feb 2027, 09:00–11:30');
    expect(formatDateRange('2027-02-16T05:00:00.000Z', '2027-02-17T13:00:00.000Z', 'en', 'Asia/Dubai')).toBe('Tue, 16 Feb 2027, 09:00 – Wed, 17 Feb 2027, 17:00');
  });

  it('adds the viewer’s time only when their clock reads differently', () => {
    const instants = ['2027-02-16T05:00:00.000Z'];
    expect(zonesDiffer(instants, 'Asia/Dubai', 'Asia/Dubai')).toBe(false);
    expect(zonesDiffer(instants, 'Asia/Dubai', 'Asia/Muscat')).toBe(false);
    expect(zonesDiffer(instants, 'Asia/Dubai', 'Europe/London')).toBe(true);
    expect(zonesDiffer(instants, 'Not/A_Zone', 'Europe/London')).toBe(false);
  });

  it('tells a past conference', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(hasEnded({ start_date: '2026-10-01T00:00:00Z', end_date: '2026-10-02T00:00:00Z' }, now)).toBe(true);
    expect(hasEnded({ start_date: '2026-11-21T00:00:00Z', end_date: '2026-11-23T00:00:00Z' }, now)).toBe(false);
    expect(hasEnded({ start_date: '2026-11-21T00:00:00Z', end_date: null }, now)).toBe(true);
  });
});

describe('localized fields (spec 2: Arabic fields in Arabic, else English)', () => {
  const item = { title: 'عنوان', title_en: 'Title', description: 'وصف', description_en: 'Description' };
  it('picks the language', () => {
    expect(localized(item, 'ar')).toEqual({ title: 'عنوان', description: 'وصف' });
    expect(localized(item, 'en')).toEqual({ title: 'Title', description: 'Description' });
  });
});
