import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@scholars/shared-contracts/ui';

const TONES = {
  green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  red: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
  slate: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
} as const;
export type Tone = keyof typeof TONES;

/** The users screens' colour of an account's state (the states of the API's `USER_STATES`). */
export const USER_STATE_TONES = { active: 'green', suspended: 'red', unverified: 'amber', closed: 'slate' } as const satisfies Record<string, Tone>;

export function Badge({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return <span data-testid={testId} className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}

/** Loading line, failure with retry, or the empty state of a list section. */
export function SectionState({ state, onRetry, empty, action }: { state: 'loading' | 'failed' | 'empty'; onRetry?: () => void; empty?: string; action?: ReactNode }) {
  const { t } = useTranslation('common');
  if (state === 'loading') {
    return <p role="status" aria-live="polite" className="py-8 text-center text-slate-500 dark:text-slate-400">{t('loading.label')}</p>;
  }
  if (state === 'failed') {
    return (
      <div role="alert" data-testid="section-error" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
        <p>{t('messages.failedToFetch')}</p>
        {onRetry ? (
          <button type="button" onClick={onRetry} className="mt-3 rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold hover:bg-red-100 dark:border-red-800 dark:hover:bg-red-900">
            {t('actions.retry')}
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4">
      <EmptyState message={empty} />
      {action}
    </div>
  );
}

export const linkClass = 'font-semibold text-emerald-700 hover:underline dark:text-emerald-400';

/**
 * A table on wide screens that becomes stacked cards on phones (below `sm`): each cell shows its
 * column's name before its value there (`StackedCell`'s `label`). One DOM for both layouts. Every
 * table of the profile is one (issue 21: at 390 px nothing hides behind a sideways scroll).
 */
/** `head`: the column heads; an empty one (a column of row actions) is named for screen readers only. */
export function StackedTable({ head, children, testId }: { head: string[]; children: ReactNode; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="sm:overflow-x-auto sm:rounded-xl sm:border sm:border-slate-200 sm:dark:border-slate-800">
      <table data-testid={testId} className="block w-full text-start text-sm sm:table">
        <thead className="hidden bg-slate-50 text-slate-600 sm:table-header-group dark:bg-slate-900 dark:text-slate-300">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-4 py-3 text-start font-semibold">{cell || <span className="sr-only">{t('actions.label')}</span>}</th>
            ))}
          </tr>
        </thead>
        <tbody className="flex flex-col gap-3 sm:table-row-group sm:divide-y sm:divide-slate-200 sm:dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

export const stackedRowClass = 'block rounded-xl border border-slate-200 p-3 sm:table-row sm:rounded-none sm:border-0 sm:p-0 dark:border-slate-800';

export function StackedCell({ label, children, className = '', testId }: { label: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <td
      data-label={label}
      data-testid={testId}
      className={`flex gap-2 px-1 py-1 align-middle text-slate-800 before:min-w-24 before:font-semibold before:text-slate-500 before:content-[attr(data-label)] sm:table-cell sm:px-4 sm:py-3 sm:before:content-none dark:text-slate-100 dark:before:text-slate-400 ${className}`}
    >
      {/* Stacked on a phone, a word longer than the card (an e-mail address has no break) wraps inside it, not past the page's edge. */}
      <div className="min-w-0 max-sm:wrap-anywhere">{children}</div>
    </td>
  );
}
