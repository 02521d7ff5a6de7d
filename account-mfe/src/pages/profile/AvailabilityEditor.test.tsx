/**
 * The weekly availability editor as a consultant uses it (Arabic and English): rows added and
 * removed, each row's problem shown under it while typing (overlap on the same weekday, an end
 * before the start, shorter than one session), and gone once fixed.
 */
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/consultations';
import type { AvailabilityRow } from '../../lib/consultations';
import { $$, click, render, setUp, tearDown, type } from '../../test/harness';
import { AvailabilityEditor } from './AvailabilityEditor';

let current: AvailabilityRow[] = [];

function Harness({ initial, sessionMinutes }: { initial: AvailabilityRow[]; sessionMinutes: number }) {
  const [rows, setRows] = useState(initial);
  current = rows;
  return <AvailabilityEditor rows={rows} sessionMinutes={sessionMinutes} onChange={setRows} />;
}

const problems = () => $$('[data-testid="availability-row"]').map((row) => row.querySelector('[data-testid="availability-problem"]')?.textContent ?? null);

afterEach(() => tearDown());

describe('AvailabilityEditor', () => {
  it('adds a row after the last one, flags an overlap on the same weekday and clears it once fixed (en)', async () => {
    await setUp('en');
    await render(<Harness initial={[{ weekday: 1, start: '09:00', end: '12:00' }]} sessionMinutes={60} />);
    expect(problems()).toEqual([null]);

    await click($$('[data-testid="availability-add"]')[0]!);
    // The new row starts where the last ends, on the same day, with no end yet.
    expect(current).toEqual([{ weekday: 1, start: '09:00', end: '12:00' }, { weekday: 1, start: '12:00', end: '' }]);
    expect(problems()).toEqual([null, 'Required.']);

    await type($$('[data-testid="availability-start"]')[1]!, '11:00');
    await type($$('[data-testid="availability-end"]')[1]!, '13:00');
    expect(problems()).toEqual([null, 'This time overlaps another on the same day.']);

    // Another weekday: the same hours are fine.
    await type($$('[data-testid="availability-weekday"]')[1]!, '2');
    expect(current[1]).toEqual({ weekday: 2, start: '11:00', end: '13:00' });
    expect(problems()).toEqual([null, null]);

    await click($$('[data-testid="availability-remove"]')[0]!);
    expect(current).toEqual([{ weekday: 2, start: '11:00', end: '13:00' }]);
  });

  it('says when a row ends before it starts or is shorter than one session (ar)', async () => {
    await setUp('ar');
    await render(
      <Harness
        initial={[
          { weekday: 0, start: '10:00', end: '09:00' },
          { weekday: 3, start: '14:00', end: '14:30' },
        ]}
        sessionMinutes={45}
      />,
    );
    expect(problems()).toEqual(['يجب أن تكون النهاية بعد البداية.', 'أقصر من جلسة واحدة.']);
    expect($$('[data-testid="availability-weekday"]')[0]!.querySelector('option:checked')?.textContent).toBe('الأحد');
  });
});
