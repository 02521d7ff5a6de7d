import { describe, expect, it } from 'vitest';
import { localDateTime, zonedTimeToInstant } from './time-zones';

describe('zonedTimeToInstant', () => {
  it('reads a wall clock of a fixed-offset zone', () => {
    expect(zonedTimeToInstant('2027-02-16', '09:00', 'Asia/Dubai').toISOString()).toBe('2027-02-16T05:00:00.000Z');
    expect(zonedTimeToInstant('2027-02-16', '00:30', 'UTC').toISOString()).toBe('2027-02-16T00:30:00.000Z');
  });

  it('takes the earlier instant of a time the clocks show twice (fall back)', () => {
    // London, 31 October 2027: 01:30 is shown at 00:30 UTC (summer time) and again at 01:30 UTC.
    expect(zonedTimeToInstant('2027-10-31', '01:30', 'Europe/London').toISOString()).toBe('2027-10-31T00:30:00.000Z');
    // New York, 7 November 2027: 01:15 at 05:15 UTC (EDT) and 06:15 UTC (EST).
    expect(zonedTimeToInstant('2027-11-07', '01:15', 'America/New_York').toISOString()).toBe('2027-11-07T05:15:00.000Z');
  });

  it('applies the later offset to a time the clocks skip (spring forward)', () => {
    // London, 28 March 2027: 01:30 does not exist; the answer shows 02:30 summer time.
    const instant = zonedTimeToInstant('2027-03-28', '01:30', 'Europe/London');
    expect(instant.toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(localDateTime('Europe/London', instant)).toEqual({ date: '2027-03-28', time: '02:30' });
  });

  it('gives back the wall clock it was given on ordinary days, either side of a change', () => {
    for (const [date, time] of [['2027-10-30', '01:30'], ['2027-11-01', '01:30'], ['2027-03-27', '23:59'], ['2027-03-29', '00:00']] as const) {
      expect(localDateTime('Europe/London', zonedTimeToInstant(date, time, 'Europe/London'))).toEqual({ date, time });
    }
  });
});
