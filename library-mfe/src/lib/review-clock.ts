/**
 * The words, icon and colours of a review clock (`clock` of the API: due at 14 days, overdue after
 * 21). Never colour alone: each state has its own word and icon too.
 */
import { formatNumber, type Locale } from '@scholars/shared-contracts/locale';

export type ClockState = 'open' | 'due' | 'overdue';

export const CLOCK_STYLE: Record<ClockState, { icon: string; className: string }> = {
  open: { icon: '◷', className: 'border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100' },
  due: { icon: '⏳', className: 'border-amber-400 bg-amber-50 text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100' },
  overdue: { icon: '⚠', className: 'border-red-400 bg-red-50 text-red-900 dark:border-red-500 dark:bg-red-950 dark:text-red-100' },
};

/** "Due in 5 days", "Due now: overdue in 2 days", "Overdue by 2 days" (and the Arabic plurals). */
/** A `t` of this remote's namespace (plural keys picked by `count`). */
export type CountText = (key: string, options: { count: number; formatted: string }) => string;

export function clockLabel(t: CountText, locale: Locale, clock: { state: ClockState; days: number }): string {
  return t(`clock.${clock.state}`, { count: clock.days, formatted: formatNumber(clock.days, locale) });
}

/** Whole days since the (re)submission: "Waiting 3 days". */
export function ageInDays(submittedAt: string, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(submittedAt).getTime()) / 86_400_000));
}
