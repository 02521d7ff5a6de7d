/**
 * Values of the contracts that a page needs without validating anything (a filter's choices, a
 * list's keys, a page count): no zod here, so a page that only reads loads none (issue 6). The
 * schemas are built from these same values. `@scholars/shared-contracts/constants`.
 */

/** Conference formats (`mode`). */
export const CONFERENCE_MODES = ['online', 'onsite', 'hybrid'] as const;

/** Spec 3: the important dates of a conference (calendar dates in the conference's zone). */
export const IMPORTANT_DATE_KEYS = [
  'paper_submission_deadline',
  'notification_of_acceptance',
  'camera_ready_submission',
  'start_date',
  'end_date',
  'abstract_deadline',
  'full_paper_deadline',
  'early_bird_deadline',
] as const;
export type ImportantDateKey = (typeof IMPORTANT_DATE_KEYS)[number];

/** Number of pages for `tot` matches (spec 7: `ceil(tot / limit)`, at least 1). */
export function pageCount(tot: number, limit: number): number {
  return Math.max(1, Math.ceil(tot / limit));
}
