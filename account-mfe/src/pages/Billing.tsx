import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@scholars/shared-contracts';
import { NAMESPACE } from '../i18n';
import { InvoicesTab } from './profile/InvoicesTab';
import { lazyPage } from '../lib/lazy-page';

// As in the profile: the subscriptions, with their renewal actions, come when shown.
const SubscriptionsTab = lazyPage(() => import('./profile/SubscriptionsTab').then((module) => module.SubscriptionsTab));

/** Subscriptions and invoices on one page (the profile shows them as two tabs). */
export function Billing() {
  const { t } = useTranslation(NAMESPACE);
  usePageTitle(t('billing.title'));
  return (
    <section className="mx-auto max-w-5xl px-4 py-12" data-testid="account-billing">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('billing.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('billing.description')}</p>
      <div className="mt-8">
        <SubscriptionsTab />
      </div>
      <h2 className="mt-12 text-2xl font-bold text-slate-900 dark:text-slate-50">{t('billing.invoices')}</h2>
      <div className="mt-6">
        <InvoicesTab />
      </div>
    </section>
  );
}
