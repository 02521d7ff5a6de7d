import { useTranslation } from 'react-i18next';

/** Spec 2: an empty list shows a default icon, the 'no data found' title and a message. */
export function EmptyState({ message, testId = 'empty-state' }: { message?: string; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div data-testid={testId} className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M3 7h18v12H3zM3 7l3-4h12l3 4M9 12h6" />
      </svg>
      <p className="font-semibold text-slate-700 dark:text-slate-200">{t('noData.title')}</p>
      <p className="text-sm text-slate-500 dark:text-slate-400">{message ?? t('noData.message')}</p>
    </div>
  );
}
