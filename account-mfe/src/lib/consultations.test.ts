import { describe, expect, it } from 'vitest';
import { availabilityProblems, groupSlotsByDay, splitTags } from './consultations';

describe('groupSlotsByDay', () => {
  // 20:00 and 21:00 UTC on 1 March: still 1 March in London, already 2 March in Dubai (UTC+4).
  const slots = [
    { start: '2027-03-01T21:00:00.000Z', end: '2027-03-01T22:00:00.000Z' },
    { start: '2027-03-01T19:00:00.000Z', end: '2027-03-01T20:00:00.000Z' },
    { start: '2027-03-01T20:00:00.000Z', end: '2027-03-01T21:00:00.000Z' },
    { start: '2027-03-02T08:00:00.000Z', end: '2027-03-02T09:00:00.000Z' },
  ];

  it('puts each slot on the viewer’s calendar day, in time order', () => {
    expect(groupSlotsByDay(slots, 'Asia/Dubai').map((day) => [day.date, day.slots.map((slot) => slot.start.slice(11, 16))])).toEqual([
      ['2027-03-01', ['19:00']],
      ['2027-03-02', ['20:00', '21:00', '08:00']],
    ]);
    expect(groupSlotsByDay(slots, 'Europe/London').map((day) => [day.date, day.slots.length])).toEqual([
      ['2027-03-01', 3],
      ['2027-03-02', 1],
    ]);
  });

  it('follows a daylight-saving change (New York moves to UTC-4 on 14 March 2027)', () => {
    const around = [
      { start: '2027-03-14T04:30:00.000Z', end: '2027-03-14T05:30:00.000Z' },
      { start: '2027-03-15T03:30:00.000Z', end: '2027-03-15T04:30:00.000Z' },
    ];
    // 04:30Z on the 14th is 23:30 on the 13th (UTC-5); 03:30Z on the 15th is 23:30 on the 14th (UTC-4).
    expect(groupSlotsByDay(around, 'America/New_York').map((day) => day.date)).toEqual(['2027-03-13', '2027-03-14']);
  });

  it('answers no days for no slots', () => {
    expect(groupSlotsByDay([], 'UTC')).toEqual([]);
  });
});

describe('availabilityProblems', () => {
  it('accepts back-to-back rows and the same hours on other days', () => {
    const rows = [
      { weekday: 1, start: '09:00', end: '10:00' },
      { weekday: 1, start: '10:00', end: '12:00' },
      { weekday: 2, start: '09:00', end: '10:00' },
    ];
    expect(availabilityProblems(rows, 60)).toEqual([null, null, null]);
  });

  it('points at the row that overlaps, ends before it starts, is too short or misses a time', () => {
    const rows = [
      { weekday: 0, start: '09:00', end: '12:00' },
      { weekday: 0, start: '11:30', end: '13:00' },
      { weekday: 3, start: '14:00', end: '13:00' },
      { weekday: 4, start: '14:00', end: '14:30' },
      { weekday: 5, start: '', end: '10:00' },
    ];
    expect(availabilityProblems(rows, 45)).toEqual([null, 'overlap', 'endAfterStart', 'tooShort', 'required']);
  });
});

describe('splitTags', () => {
  it('splits on Latin and Arabic commas, trims and drops repeats', () => {
    expect(splitTags(' SPSS, regression ,SPSS,, ')).toEqual(['SPSS', 'regression']);
    expect(splitTags('الإحصاء، المنهجية، ')).toEqual(['الإحصاء', 'المنهجية']);
  });
});
