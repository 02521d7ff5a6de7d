import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

// The request form (zod and its schemas with it) loads when that page is opened, not with the
// list and details pages that share this expose (issue 6).
const RequestPage = lazy(() => import('./RequestConference').then((module) => ({ default: module.RequestConference })));

/** `/request-conference`: the form, fetched on first use. */
export function LazyRequestConference() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Suspense fallback={<p role="status" aria-busy="true" className="mx-auto max-w-3xl px-4 py-16 text-center text-slate-500 dark:text-slate-400">{t('request.loading')}</p>}>
      <RequestPage />
    </Suspense>
  );
}
