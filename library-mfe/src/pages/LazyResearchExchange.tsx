import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { MembersOnly } from '../components/MembersOnly';

// The research exchange form (zod and the shared schemas with it, ../api/research) loads when that
// page is opened, not with the library's list and details pages that share this expose (issue 6).
const ExchangePage = lazy(() => import('./ResearchExchange').then((module) => ({ default: module.ResearchExchange })));

/** `/research-exchange` (and `?edit={id}`): the form, fetched on first use; a visitor is asked to sign in, and fetches no form. */
export function LazyResearchExchange() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <MembersOnly title={t('exchange.title')} message={t('exchange.signIn')} testId="library-exchange">
      <Suspense
        fallback={
          <p role="status" aria-busy="true" data-testid="library-exchange-loading" className="mx-auto max-w-4xl px-4 py-16 text-center text-slate-500 dark:text-slate-400">
            {t('exchange.loadingForm')}
          </p>
        }
      >
        <ExchangePage />
      </Suspense>
    </MembersOnly>
  );
}
