import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import type { SubscriptionSummary } from '@scholars/shared-contracts/schemas';
import { primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import { NAMESPACE } from '../../i18n';
import '../../i18n/profile-actions';
import { fetchMySubscriptions, setSubscriptionRenewal } from '../../api/subscriptions';
import { pickLocalized, formatAmount, formatDate, isolate } from '@scholars/shared-contracts/locale';
import { errorText } from '../../lib/errors';
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

/**
 * Spec 3: current plan, price per period, next billing date, payment method (one card each); an
 * active subscription's renewal turned off (it ends with its paid period) and back on, each after
 * a confirmation (decisions.md "Subscriptions: renewal"). With none active, the way to the plans.
 */
export function SubscriptionsTab() {
  const { t } = useTranslation(NAMESPACE);
  const list = useAsync((signal) => fetchMySubscriptions(signal), []);
  if (list.status === 'failed') return <SectionState state="failed" onRetry={list.reload} />;
  if (!list.data) return <SectionState state="loading" />;
  if (list.data.length === 0) {
    return <SectionState state="empty" empty={t('subscriptions.empty')} action={<Link to={ROUTES.pricing} className={primaryButtonClass}>{t('subscriptions.choosePlan')}</Link>} />;
  }
  // None active (ended by the staff, or expired): the way back to the plans, as for someone who never subscribed.
  const noneActive = list.data.every((item) => item.status !== 'active');
  return (
    <>
      <ul className="grid gap-5 md:grid-cols-2" data-testid="subscriptions-list">
        {list.data.map((item) => (
          <SubscriptionCard key={item.id} initial={item} />
        ))}
      </ul>
      {noneActive ? (
        <Link to={ROUTES.pricing} className={`${primaryButtonClass} mt-6`} data-testid="subscriptions-choose-plan">{t('subscriptions.choosePlan')}</Link>
      ) : null}
    </>
  );
}

const dtClass = 'text-slate-500 dark:text-slate-400';
const ddClass = 'text-end font-medium text-slate-900 dark:text-slate-100';

/** One subscription; it shows the server's answer after a renewal change. */
function SubscriptionCard({ initial }: { initial: SubscriptionSummary }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const method = usePaymentMethodLabel();
  const [item, setItem] = useState(initial);
  const [asking, setAsking] = useState<'off' | 'on' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const plan = pickLocalized(locale, item.plan_name, item.plan_name_en);
  const active = item.status === 'active';
  // Renewal off: the day the paid period ends, never a next charge.
  const ending = active && !item.auto_renew;
  const periodEnd = formatDate(item.period_end, locale);

  const change = async (renew: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setItem(await setSubscriptionRenewal(item.id, { auto_renew: renew }));
      setAsking(null);
    } catch (failure) {
      setAsking(null);
      setError(errorText(failure, t('common:messages.genericError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li data-testid="subscription-card" data-status={item.status} data-renews={String(item.auto_renew)} className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-3">
        <div>
          {/* "Current plan" only while it is: one ended (by the staff, at the end of its period), expired, unpaid or failed is not. */}
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            {t(active ? 'subscriptions.plan' : 'subscriptions.pastPlan')}
          </p>
          <h3 className="text-lg font-bold text-slate-900 dark:text-slate-50" data-testid="subscription-plan">{plan}</h3>
        </div>
        <Badge tone={TONE[item.status]} testId="subscription-status">{t(`subscriptions.statuses.${item.status}`)}</Badge>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <dt className={dtClass}>{t('subscriptions.pricePerPeriod')}</dt>
        <dd className={ddClass} data-testid="subscription-price">{t('subscriptions.price', { amount: formatAmount(item.price) })}</dd>
        <dt className={dtClass}>{t('subscriptions.start')}</dt>
        <dd className={ddClass}>{formatDate(item.start_date, locale) || '—'}</dd>
        {ending ? (
          <>
            <dt className={dtClass}>{t('subscriptions.endsOn')}</dt>
            <dd className={ddClass} data-testid="subscription-ends-on">{periodEnd || '—'}</dd>
          </>
        ) : item.ended_at ? (
          <>
            <dt className={dtClass}>{t('subscriptions.endedOn')}</dt>
            <dd className={ddClass} data-testid="subscription-ended-on">{formatDate(item.ended_at, locale)}</dd>
          </>
        ) : (
          <>
            <dt className={dtClass}>{t('subscriptions.nextBilling')}</dt>
            <dd className={ddClass} data-testid="subscription-next-billing">{formatDate(item.next_billing_date, locale) || '—'}</dd>
          </>
        )}
        <dt className={dtClass}>{t('subscriptions.paymentMethod')}</dt>
        <dd className={ddClass} data-testid="subscription-method">{method(item.payment_method)}</dd>
      </dl>
      {ending ? (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" data-testid="subscription-renewal-off-note">{t('subscriptions.renewalOffNote')}</p>
      ) : null}
      {active ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {item.auto_renew ? (
            <button type="button" className={secondaryButtonClass} onClick={() => setAsking('off')} disabled={busy} data-testid="subscription-renewal-off">
              {t('subscriptions.turnOff')}
            </button>
          ) : (
            <button type="button" className={secondaryButtonClass} onClick={() => setAsking('on')} disabled={busy} data-testid="subscription-renewal-on">
              {t('subscriptions.turnOn')}
            </button>
          )}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100" data-testid="subscription-renewal-error">
          {error}
        </p>
      ) : null}
      {asking === 'off' ? (
        <ConfirmDialog
          testId="renewal-off-dialog"
          title={t('subscriptions.offTitle')}
          body={t('subscriptions.offBody', { plan: isolate(plan), date: periodEnd })}
          confirmLabel={t('subscriptions.turnOff')}
          cancelLabel={t('subscriptions.keepRenewal')}
          danger
          confirmDisabled={busy}
          onConfirm={() => void change(false)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
      {asking === 'on' ? (
        <ConfirmDialog
          testId="renewal-on-dialog"
          title={t('subscriptions.onTitle')}
          body={t('subscriptions.onBody', { plan: isolate(plan), date: periodEnd, amount: formatAmount(item.price) })}
          confirmLabel={t('subscriptions.turnOn')}
          cancelLabel={t('subscriptions.notNow')}
          confirmDisabled={busy}
          onConfirm={() => void change(true)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </li>
  );
}
