/**
 * Pieces the conference console's screens share: the load states of a section, the message line of
 * an action (the server's text), and the classes of buttons, labels and tables (their cells:
 * `StackedCell` of the shared content pieces).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../../i18n';

export const linkClass = 'font-semibold text-emerald-800 underline dark:text-emerald-300';
export const cardClass = 'rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800';
export const tableClass = 'w-full text-start text-sm max-md:block';
export const headClass = 'border-b border-slate-200 text-start max-md:sr-only dark:border-slate-800';
export const rowClass = 'border-b border-slate-100 max-md:mb-3 max-md:block max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:p-4 dark:border-slate-800';

/** A header cell of a console table. */
export function Th({ children }: { children: ReactNode }) {
  return <th scope="col" className="px-3 py-2 text-start font-semibold text-slate-700 dark:text-slate-200">{children}</th>;
}

/** Loading, failed (with a retry) or empty. */
export function SectionState({ state, onRetry, empty }: { state: 'loading' | 'failed' | 'empty'; onRetry?: () => void; empty?: string }) {
  const { t } = useTranslation(NAMESPACE);
  if (state === 'loading') return <p role="status" className="py-6 text-slate-500 dark:text-slate-400">{t('admin.loading')}</p>;
  if (state === 'failed') {
    return (
      <div role="alert" className="rounded-xl border border-red-200 p-4 text-red-800 dark:border-red-900 dark:text-red-200">
        <p>{t('admin.failed')}</p>
        {onRetry ? <button type="button" onClick={onRetry} className="mt-2 font-semibold underline">{t('admin.retry')}</button> : null}
      </div>
    );
  }
  return <EmptyState message={empty} />;
}

export type Message = { ok: boolean; text: string } | null;

/** The outcome of the last action: the server's text, announced. */
export function MessageLine({ message, testId, children }: { message: Message; testId: string; children?: ReactNode }) {
  return (
    <div aria-live="polite">
      {message ? (
        <div role={message.ok ? 'status' : 'alert'} data-testid={testId} data-ok={message.ok} className={message.ok ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-400'}>
          <p>{message.text}</p>
          {children}
        </div>
      ) : null}
    </div>
  );
}
