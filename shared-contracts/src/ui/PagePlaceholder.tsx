import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The body of a final route whose feature arrives in a later issue: the page's own localized
 * title (from the owning app's namespace) and a clear "coming soon" line from `common`.
 */
export function PagePlaceholder({ title, description, testId, children }: { title: string; description?: string; testId: string; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <section data-testid={testId} className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{title}</h1>
      {description ? <p className="mt-3 text-slate-600 dark:text-slate-300">{description}</p> : null}
      <p className="mt-6 inline-block rounded-full bg-emerald-100 px-3 py-1 text-sm font-medium text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">{t('comingSoon')}</p>
      {children}
    </section>
  );
}
