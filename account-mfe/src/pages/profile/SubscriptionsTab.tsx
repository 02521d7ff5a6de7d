import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import type { SubscriptionSummary } from '@scholars/shared-contracts/schemas';
import { primaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../../i18n';
import { fetchMySubscriptions } from '../../api/subscriptions';
import { pickLocalized, formatAmount, formatDate } from '@scholars/shared-contracts/locale';
import { Badge, SectionState, type Tone } from '../../components/Status';

const TONE: Record<SubscriptionSummary['status'], Tone> = { active: 'green', pending: 'amber', failed: 'red', canceled: 'slate', expired: 'slate' };

export function usePaymentMethodLabel() {
  const { t } = useTranslation(NAMESPACE);
  return (method: string | null) => {
    if (!method) return t('subscriptions.methods.none');
    const key = `subscriptions.methods.${method}`;
    const text = t(key);
    return text === key ? method : text;
  };
}

/** Spec 3: current plan, price per period, next billing date, payment method (one card each). */
export function SubscriptionsTab() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const method = usePaymentMethodLabel();
  const list = useAsync((signal) => fetchMySubscriptions(signal), []);
  if (list.status === 'failed') return <SectionState state="failed" onRetry={list.reload} />;
  if (!list.data) return <SectionState state="loading" />;
  if (list.data.length === 0) {
    return <SectionState state="empty" empty={t('subscriptions.empty')} action={<Link to={ROUTES.pricing} className={primaryButtonClass}>{t('subscriptions.choosePlan')}</Link>} />;
  }
  return (
    <ul className="grid gap-5 md:grid-cols-2" data-testid="subscriptions-list">
      {list.data.map((item) => (
        <li key={item.id} data-testid="subscription-card" data-status={item.status} className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{t('subscriptions.plan')}</p>
              <h3 className="text-lg font-bold text-slate-900 dark:text-slate-50" data-testid="subscription-plan">{pickLocalized(locale, item.plan_name, item.plan_name_en)}</h3>
            </div>
            <Badge tone={TONE[item.status]} testId="subscription-status">{t(`subscriptions.statuses.${item.status}`)}</Badge>
          </div>
          <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">{t('subscriptions.pricePerPeriod')}</dt>
            <dd className="text-end font-medium text-slate-900 dark:text-slate-100" data-testid="subscription-price">{t('subscriptions.price', { amount: formatAmount(item.price) })}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('subscriptions.start')}</dt>
            <dd className="text-end font-medium text-slate-900 dark:text-slate-100">{formatDate(item.start_date, locale) || '—'}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('subscriptions.nextBilling')}</dt>
            <dd className="text-end font-medium text-slate-900 dark:text-slate-100" data-testid="subscription-next-billing">{formatDate(item.next_billing_date, locale) || '—'}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('subscriptions.paymentMethod')}</dt>
            <dd className="text-end font-medium text-slate-900 dark:text-slate-100" data-testid="subscription-method">{method(item.payment_method)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
