/**
 * Where a conference is in its life (upcoming, ongoing, ended): one rule for the public pages, the
 * registrations and the console (which asks before telling registrants of a conference that has
 * not ended).
 */
import type { ConferencePhase } from '@scholars/shared-contracts/schemas';
import type { conferences } from '../db/schema';

type ConferenceDates = Pick<typeof conferences.$inferSelect, 'startDate' | 'endDate'>;

/** When a conference is over: its end, or its start when it has no end. */
const endOf = (row: ConferenceDates): Date => row.endDate ?? row.startDate;

export function phaseOf(row: ConferenceDates, now: Date = new Date()): ConferencePhase {
  if (now < row.startDate) return 'upcoming';
  if (now <= endOf(row)) return 'ongoing';
  return 'ended';
}
