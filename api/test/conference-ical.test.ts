import { describe, expect, it } from 'vitest';
import { localDateTime, zoneOffsetMinutes, zonedTimeToInstant } from '@scholars/shared-contracts/locale';
import { conferenceCalendar, escapeText, foldLine, vtimezone } from '../src/lib/ical';
import { expectValidConferenceCalendar, parseIcs, prop, unescapeText } from './conference-helpers';

describe('time zones', () => {
  it('turns wall-clock times of a zone into instants, across daylight saving time', () => {
    expect(zonedTimeToInstant('2027-02-16', '09:00', 'Asia/Dubai').toISOString()).toBe('2027-02-16T05:00:00.000Z');
    expect(zonedTimeToInstant('2027-01-10', '09:00', 'Europe/London').toISOString()).toBe('2027-01-10T09:00:00.000Z');
    expect(zonedTimeToInstant('2027-07-10', '09:00', 'Europe/London').toISOString()).toBe('2027-07-10T08:00:00.000Z');
    expect(zonedTimeToInstant('2027-07-10', '09:30:00', 'America/New_York').toISOString()).toBe('2027-07-10T13:30:00.000Z');
    expect(zonedTimeToInstant('2027-03-01', '23:00', 'Asia/Kolkata').toISOString()).toBe('2027-03-01T17:30:00.000Z');
  });

  it('gives offsets and local dates', () => {
    expect(zoneOffsetMinutes('Asia/Dubai', new Date('2027-01-01T00:00:00Z'))).toBe(240);
    expect(zoneOffsetMinutes('Europe/London', new Date('2027-07-01T00:00:00Z'))).toBe(60);
    expect(zoneOffsetMinutes('America/Sao_Paulo', new Date('2027-07-01T00:00:00Z'))).toBe(-180);
    expect(localDateTime('Asia/Dubai', new Date('2027-02-16T21:30:00Z'))).toEqual({ date: '2027-02-17', time: '01:30' });
  });

  it('describes a zone without daylight saving time with one observance', () => {
    const lines = vtimezone('Asia/Dubai', new Date('2027-02-16T05:00:00Z'), new Date('2027-02-17T13:00:00Z'));
    expect(lines.filter((line) => line.startsWith('BEGIN:STANDARD') || line.startsWith('BEGIN:DAYLIGHT'))).toHaveLength(1);
    expect(lines).toContain('TZOFFSETTO:+0400');
  });

  it('describes a zone with daylight saving time by its real transitions', () => {
    const lines = vtimezone('Europe/London', new Date('2027-07-01T08:00:00Z'), new Date('2027-07-02T16:00:00Z'));
    const text = lines.join('\n');
    // Spring 2027: 28 March 01:00 GMT -> BST.
    expect(text).toContain('BEGIN:DAYLIGHT\nDTSTART:20270328T010000\nTZOFFSETFROM:+0000\nTZOFFSETTO:+0100');
    // Autumn 2027: 31 October 02:00 BST -> GMT.
    expect(text).toContain('BEGIN:STANDARD\nDTSTART:20271031T020000\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0000');
  });
});

describe('iCalendar text', () => {
  it('escapes TEXT values', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds at 75 octets without splitting a character', () => {
    const arabic = `SUMMARY:${'مؤتمر '.repeat(40)}`;
    const folded = foldLine(arabic);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(arabic);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('builds a conference calendar with its zone, the event and each important date', () => {
    const text = conferenceCalendar(
      {
        id: 7,
        title: 'Research, ethics; and data',
        description: 'Line one\nLine two',
        location: 'Zayed University, Dubai',
        timezone: 'Europe/London',
        start: new Date('2027-07-10T08:00:00Z'),
        end: new Date('2027-07-11T15:30:00Z'),
        url: 'https://scholars.example/conference/7',
        importantDates: [
          { key: 'abstract_deadline', label: 'Abstract deadline', date: '2027-03-01' },
          { key: 'early_bird_deadline', label: 'Early bird registration deadline', date: '2027-06-30' },
        ],
      },
      new Date('2026-11-22T10:00:00Z'),
    );
    const { calendar, events } = expectValidConferenceCalendar(text);
    expect(prop(calendar, 'METHOD')?.value).toBe('PUBLISH');
    expect(events).toHaveLength(3);
    const [main, abstract, earlyBird] = events;
    expect(prop(main!, 'DTSTART')).toEqual({ name: 'DTSTART', params: { TZID: 'Europe/London' }, value: '20270710T090000' });
    expect(prop(main!, 'DTEND')?.value).toBe('20270711T163000');
    expect(unescapeText(prop(main!, 'SUMMARY')!.value)).toBe('Research, ethics; and data');
    expect(unescapeText(prop(main!, 'DESCRIPTION')!.value)).toBe('Line one\nLine two\n\nhttps://scholars.example/conference/7');
    expect(prop(main!, 'DTSTAMP')?.value).toBe('20261122T100000Z');
    expect(prop(abstract!, 'DTSTART')).toEqual({ name: 'DTSTART', params: { VALUE: 'DATE' }, value: '20270301' });
    expect(prop(abstract!, 'DTEND')?.value).toBe('20270302');
    expect(prop(earlyBird!, 'SUMMARY')?.value).toBe('Early bird registration deadline: Research\\, ethics\\; and data');
  });

  it('rejects what is not iCalendar (the reader used by the tests is strict)', () => {
    expect(() => parseIcs('BEGIN:VCALENDAR\nEND:VCALENDAR\n')).toThrow();
    expect(() => parseIcs('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n')).toThrow();
    expect(() => parseIcs(`BEGIN:VCALENDAR\r\nX-LONG:${'x'.repeat(80)}\r\nEND:VCALENDAR\r\n`)).toThrow();
  });
});
