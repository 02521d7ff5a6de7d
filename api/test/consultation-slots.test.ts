/**
 * The slot computation (lib/consultations/slots.ts) with a fixed `now`: weekly wall-clock
 * availability in the consultant's zone to UTC instants, across zones (UAE, UTC, London across its
 * DST changes), a row crossing the viewer's day boundary, exceptions, busy sessions, the 24-hour
 * notice and the 28-day window; and properties over random availability (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDateTime } from '@scholars/shared-contracts/locale';
import { freeSlots, isFreeSlot, type SlotRules } from '../src/lib/consultations/slots';

const iso = (slots: Array<{ start: Date }>) => slots.map((slot) => slot.start.toISOString());
const rules = (overrides: Partial<SlotRules>): SlotRules => ({
  timeZone: 'UTC',
  sessionMinutes: 60,
  availability: [],
  exceptions: [],
  busy: [],
  ...overrides,
});
const HOUR = 3_600_000;

describe('free slots', () => {
  // A Wednesday, noon UTC: the 24-hour notice starts Thursday noon.
  const now = new Date('2027-03-03T12:00:00Z');

  it('Asia/Dubai: wall-clock rows of the consultant’s zone become UTC instants (UTC+4), back to back, end exclusive', () => {
    const slots = freeSlots(rules({ timeZone: 'Asia/Dubai', availability: [{ weekday: 0, startMinute: 9 * 60, endMinute: 12 * 60 + 30 }] }), {
      now,
      from: new Date('2027-03-07T00:00:00Z'),
      to: new Date('2027-03-08T00:00:00Z'),
    });
    // Sunday 7 March 09:00, 10:00, 11:00 in Dubai (12:00-13:00 would pass the 12:30 end).
    expect(iso(slots)).toEqual(['2027-03-07T05:00:00.000Z', '2027-03-07T06:00:00.000Z', '2027-03-07T07:00:00.000Z']);
    expect(slots.every((slot) => slot.end.getTime() - slot.start.getTime() === HOUR)).toBe(true);
  });

  it('UTC: the same row is the same instants', () => {
    const slots = freeSlots(rules({ availability: [{ weekday: 0, startMinute: 9 * 60, endMinute: 11 * 60 }] }), {
      now,
      from: new Date('2027-03-07T00:00:00Z'),
      to: new Date('2027-03-08T00:00:00Z'),
    });
    expect(iso(slots)).toEqual(['2027-03-07T09:00:00.000Z', '2027-03-07T10:00:00.000Z']);
  });

  it('a row late in the consultant’s evening falls on the next day for a viewer east of them (day boundary)', () => {
    // New York, Thursday 22:00-24:00 local (EST, UTC-5): Friday 03:00-05:00 UTC, 07:00-09:00 in Dubai.
    const slots = freeSlots(rules({ timeZone: 'America/New_York', availability: [{ weekday: 4, startMinute: 22 * 60, endMinute: 24 * 60 }] }), {
      now,
      from: new Date('2027-03-04T00:00:00Z'),
      to: new Date('2027-03-06T00:00:00Z'),
    });
    expect(iso(slots)).toEqual(['2027-03-05T03:00:00.000Z', '2027-03-05T04:00:00.000Z']);
    expect(localDateTime('America/New_York', slots[0]!.start)).toEqual({ date: '2027-03-04', time: '22:00' });
    expect(localDateTime('Asia/Dubai', slots[0]!.start)).toEqual({ date: '2027-03-05', time: '07:00' });
  });

  it('Europe/London across the spring change: 09:00 local is 09:00 UTC before and 08:00 UTC after', () => {
    // The clocks go forward on Sunday 28 March 2027 at 01:00 UTC.
    const london = rules({ timeZone: 'Europe/London', availability: [{ weekday: 5, startMinute: 9 * 60, endMinute: 10 * 60 }] });
    const slots = freeSlots(london, { now: new Date('2027-03-17T12:00:00Z'), from: new Date('2027-03-19T00:00:00Z'), to: new Date('2027-04-03T00:00:00Z') });
    expect(iso(slots)).toEqual(['2027-03-19T09:00:00.000Z', '2027-03-26T09:00:00.000Z', '2027-04-02T08:00:00.000Z']);
  });

  it('a wall-clock time the zone skips is no slot; one it repeats is its first instant', () => {
    // 28 March 2027, London: 01:00-02:00 does not exist. 31 October 2027: 01:00-02:00 happens twice.
    const gap = freeSlots(rules({ timeZone: 'Europe/London', availability: [{ weekday: 0, startMinute: 0, endMinute: 3 * 60 }] }), {
      now: new Date('2027-03-20T00:00:00Z'),
      from: new Date('2027-03-28T00:00:00Z'),
      to: new Date('2027-03-28T12:00:00Z'),
    });
    expect(gap.map((slot) => localDateTime('Europe/London', slot.start).time)).toEqual(['00:00', '02:00']);
    const overlap = freeSlots(rules({ timeZone: 'Europe/London', availability: [{ weekday: 0, startMinute: 60, endMinute: 120 }] }), {
      now: new Date('2027-10-20T00:00:00Z'),
      from: new Date('2027-10-31T00:00:00Z'),
      to: new Date('2027-10-31T12:00:00Z'),
    });
    // The first 01:00 (BST, UTC+1) is 00:00 UTC.
    expect(iso(overlap)).toEqual(['2027-10-31T00:00:00.000Z']);
  });

  it('leaves out exception dates (local dates of the consultant) and busy sessions', () => {
    const base = rules({ timeZone: 'Asia/Dubai', availability: [0, 1, 2].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 11 * 60 })) });
    const window = { now, from: new Date('2027-03-07T00:00:00Z'), to: new Date('2027-03-10T00:00:00Z') };
    expect(freeSlots(base, window)).toHaveLength(6);
    expect(iso(freeSlots({ ...base, exceptions: ['2027-03-08'] }, window))).toEqual([
      '2027-03-07T05:00:00.000Z',
      '2027-03-07T06:00:00.000Z',
      '2027-03-09T05:00:00.000Z',
      '2027-03-09T06:00:00.000Z',
    ]);
    // A 90-minute session from 09:30 Dubai blocks both slots it overlaps.
    const busy = [{ start: new Date('2027-03-07T05:30:00Z'), end: new Date('2027-03-07T07:00:00Z') }];
    expect(iso(freeSlots({ ...base, busy }, window)).filter((start) => start.startsWith('2027-03-07'))).toEqual([]);
  });

  it('offers only slots at least 24 hours ahead and within 28 days', () => {
    const everyDay = rules({ availability: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 24 * 60 })) });
    const slots = freeSlots(everyDay, { now });
    expect(slots[0]!.start.toISOString()).toBe('2027-03-04T12:00:00.000Z');
    expect(slots.at(-1)!.start.toISOString()).toBe('2027-03-31T12:00:00.000Z');
    expect(slots).toHaveLength(27 * 24 + 1);
    expect(isFreeSlot(everyDay, new Date('2027-03-04T11:00:00Z'), now)).toBeNull();
    expect(isFreeSlot(everyDay, new Date('2027-03-04T12:00:00Z'), now)).not.toBeNull();
    expect(isFreeSlot(everyDay, new Date('2027-03-04T12:30:00Z'), now)).toBeNull();
  });

  it('on the day summer time begins, no slot overlaps the next (America/New_York, 45-minute sessions across the skipped hour)', () => {
    // Found by the property below (seed 1218990109): 01:30 EST lasts until 03:15 EDT, past the 03:00 slot.
    const at = new Date(Date.UTC(2027, 0, 1) + 1063 * HOUR);
    const slots = freeSlots(rules({ timeZone: 'America/New_York', sessionMinutes: 45, availability: [{ weekday: 0, startMinute: 0, endMinute: 240 }] }), { now: at });
    const dstDay = slots.filter((slot) => localDateTime('America/New_York', slot.start).date === '2027-03-14');
    expect(dstDay.length).toBeGreaterThan(0);
    for (const [index, slot] of slots.entries()) if (index > 0) expect(slot.start.getTime()).toBeGreaterThanOrEqual(slots[index - 1]!.end.getTime());
  });

  it('properties: every slot is inside a row on its local weekday, in the window, free, and none overlap', () => {
    const zones = ['Asia/Dubai', 'UTC', 'Europe/London', 'America/New_York', 'Asia/Kolkata'];
    const row = fc
      .record({ weekday: fc.integer({ min: 0, max: 6 }), start: fc.integer({ min: 0, max: 46 }), length: fc.integer({ min: 1, max: 16 }) })
      .map(({ weekday, start, length }) => ({ weekday, startMinute: start * 30, endMinute: Math.min(24 * 60, start * 30 + length * 30) }));
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom(30, 45, 60, 90),
        fc.array(row, { maxLength: 4 }),
        fc.integer({ min: 0, max: 365 * 24 }),
        (timeZone, sessionMinutes, rows, hours) => {
          // Rows of one weekday must not overlap (the profile's rule): keep the first of each weekday.
          const availability = rows.filter((entry, index) => rows.findIndex((other) => other.weekday === entry.weekday) === index);
          const at = new Date(Date.UTC(2027, 0, 1) + hours * HOUR);
          const slots = freeSlots(rules({ timeZone, sessionMinutes, availability }), { now: at });
          for (const [index, slot] of slots.entries()) {
            expect(slot.start.getTime() - at.getTime()).toBeGreaterThanOrEqual(24 * HOUR);
            expect(slot.start.getTime() - at.getTime()).toBeLessThanOrEqual(28 * 24 * HOUR);
            expect(slot.end.getTime() - slot.start.getTime()).toBe(sessionMinutes * 60_000);
            const local = localDateTime(timeZone, slot.start);
            const weekday = new Date(`${local.date}T00:00:00Z`).getUTCDay();
            const minute = Number(local.time.slice(0, 2)) * 60 + Number(local.time.slice(3));
            expect(availability.some((entry) => entry.weekday === weekday && minute >= entry.startMinute && minute + sessionMinutes <= entry.endMinute)).toBe(true);
            if (index > 0) expect(slot.start.getTime()).toBeGreaterThanOrEqual(slots[index - 1]!.end.getTime());
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
