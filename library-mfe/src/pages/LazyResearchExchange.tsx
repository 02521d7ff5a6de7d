import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

// The research exchange form (zod and the shared schemas with it, ../api/research) loads when that
// page is opened, not with the library's list and details pages that share this expose (issue 6).
const ExchangePage = lazy(() => import('./ResearchExchange').then((module) => ({ default: module.ResearchExchange })));

/** `/research-exchange` (and `?edit={id}`): the form, fetched on first use. */
export function LazyResearchExchange() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Suspense
      fallback={
        <p role="status" aria-busy="true" data-testid="library-exchange-loading" className="mx-auto max-w-4xl px-4 py-16 text-center text-slate-500 dark:text-slate-400">
          {t('exchange.loadingForm')}
        </p>
      }
    >
      <ExchangePage />
    </Suspense>
  );
}
