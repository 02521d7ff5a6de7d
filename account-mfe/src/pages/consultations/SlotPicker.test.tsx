/**
 * The free slots of a consultant's page as a viewer in Dubai sees them (through the real
 * `apiClient` against the shared test API server): grouped by the viewer's calendar day (a slot at
 * 21:00 UTC is the next morning in Dubai), each with the consultant's local time (London) beside
 * it; a pick hands the slot over; without `onPick` (a visitor) nothing is a button.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import '../../i18n/consultations';
import { $$, click, render, setUp, tearDown, waitFor } from '../../test/harness';
import { SlotPicker, type Slot } from './SlotPicker';

const PATH = '/api/consultants/7/slots';
const slots: Slot[] = [
  { start: '2027-03-02T06:00:00.000Z', end: '2027-03-02T07:00:00.000Z' },
  { start: '2027-03-01T19:00:00.000Z', end: '2027-03-01T20:00:00.000Z' },
  { start: '2027-03-01T21:00:00.000Z', end: '2027-03-01T22:00:00.000Z' },
];

const api = testApiServerPerFile();
let zone: string | undefined;

beforeAll(async () => {
  // The viewer's zone is the runtime's (the browser's): Dubai for this file.
  zone = process.env.TZ;
  process.env.TZ = 'Asia/Dubai';
});
afterAll(() => {
  process.env.TZ = zone;
});
beforeEach(() => {
  api.answers.set(`GET ${PATH}`, { status: 200, body: { status: true, data: { timeZone: 'Europe/London', slots } } });
});
afterEach(tearDown);

const days = () => $$('[data-testid="slot-day"]').map((day) => [day.getAttribute('data-date'), day.querySelectorAll('[data-testid="slot"]').length]);

describe('SlotPicker', { timeout: 30_000 }, () => {
  it('groups the slots by the viewer’s day, with the consultant’s time beside each, and hands a pick over (en)', async () => {
    await setUp('en');
    let picked: Slot | null = null;
    await render(<SlotPicker consultantId={7} consultantZone="Europe/London" onPick={(slot) => (picked = slot)} />);
    await waitFor(() => expect(days()).toEqual([['2027-03-01', 1], ['2027-03-02', 2]]));
    expect(api.seen[0]!.query).toMatch(/^from=\d{4}-\d{2}-\d{2}&days=28$/);
    const buttons = $$('[data-testid="slot-day"]')[1]!.querySelectorAll('[data-testid="slot"]');
    // 21:00 UTC is 01:00 in Dubai on the 2nd, 21:00 in London.
    expect(buttons[0]!.textContent).toBe('01:0021:00 for the consultant');
    expect(buttons[1]!.textContent).toBe('10:0006:00 for the consultant');
    expect($$('[data-testid="slot-day"] h3').map((heading) => heading.textContent)).toEqual(['Monday, 1 March 2027', 'Tuesday, 2 March 2027']);
    await click(buttons[0]!);
    expect(picked).toEqual(slots[2]);
  });

  it('marks the slot picked so far, when the picker stays on screen (the reschedule dialog)', async () => {
    await setUp('en');
    await render(<SlotPicker consultantId={7} consultantZone="Europe/London" onPick={() => undefined} selected={slots[0]!.start} />);
    await waitFor(() => expect(days()).toHaveLength(2));
    const pressed = $$('button[data-testid="slot"]').map((button) => [button.dataset.start, button.getAttribute('aria-pressed')]);
    expect(pressed).toEqual([
      [slots[1]!.start, 'false'],
      [slots[2]!.start, 'false'],
      [slots[0]!.start, 'true'],
    ]);
    expect($$('[data-testid="slot-chosen"]').map((node) => node.closest('[data-testid="slot"]')?.getAttribute('data-start'))).toEqual([slots[0]!.start]);
  });

  it('shows the slots without buttons to a visitor, in Arabic', async () => {
    await setUp('ar');
    await render(<SlotPicker consultantId={7} consultantZone="Europe/London" />);
    await waitFor(() => expect(days()).toHaveLength(2));
    expect($$('button[data-testid="slot"]')).toHaveLength(0);
    expect($$('[data-testid="slot"]')[0]!.textContent).toBe('23:0019:00 بتوقيت المستشار');
  });

  it('says when there is no free slot', async () => {
    await setUp('en');
    api.answers.set(`GET ${PATH}`, { status: 200, body: { status: true, data: { timeZone: 'Europe/London', slots: [] } } });
    await render(<SlotPicker consultantId={7} consultantZone="Europe/London" />);
    await waitFor(() => expect($$('[data-testid="slots-empty"]')[0]?.textContent).toBe('No free slot in the coming 4 weeks.'));
  });
});
