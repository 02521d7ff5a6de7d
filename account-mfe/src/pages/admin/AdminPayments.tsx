import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { ADMIN_PAYMENT_STATUSES, type AdminPaymentItem, type AdminPaymentsSummary } from '@scholars/shared-contracts/schemas';
import { controlClass, labelClass, useAsync } from '@scholars/shared-contracts/ui';
import { formatAmount, formatDate, pickLocalized } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { exportPayments, fetchPayments, fetchPaymentsSummary } from '../../api/admin';
import { ListFilters, ListResults, useListParams } from '../../components/AdminList';
import { CsvExport } from '../../components/CsvExport';
import { Badge, StackedCell, linkClass, stackedRowClass, type Tone } from '../../components/Status';
import { usePaymentMethodLabel } from '../profile/SubscriptionsTab';

const LIMIT = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Every invoice unless the address names a state (`all` is none) or days of issue. */
const FILTERS = {
  status: { values: ADMIN_PAYMENT_STATUSES.filter((value) => value !== 'all') },
  from: {},
  to: {},
};
const STATUS_TONES: Record<AdminPaymentItem['status'], Tone> = { paid: 'green', refunded: 'amber', canceled: 'slate' };

/**
 * Every member's invoices (administrators): newest first, found by invoice number or by the member,
 * filtered by state and by the days of issue, all in the address; the matches export as CSV for the
 * accounts. A row's member opens their page, where a subscription is ended and its payment given back.
 */
export function AdminPayments() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const method = usePaymentMethodLabel();
  const params = useListParams(FILTERS);
  const { q, page } = params;
  const status: (typeof ADMIN_PAYMENT_STATUSES)[number] = params.filters.status ?? 'all';
  // A day the address holds that is not one is no filter (the date input only writes days).
  const from = params.filters.from && DAY.test(params.filters.from) ? params.filters.from : undefined;
  const to = params.filters.to && DAY.test(params.filters.to) ? params.filters.to : undefined;
  const filter = { q: q || undefined, status, from, to };
  const list = useAsync((signal) => fetchPayments({ ...filter, page, limit: LIMIT }, signal), [q, status, from, to, page]);
  const summary = useAsync((signal) => fetchPaymentsSummary(filter, signal), [q, status, from, to]);
  const money = (amount: number, currency: string) => (currency === 'AED' ? t('admin.payments.aed', { amount: formatAmount(amount) }) : `${formatAmount(amount)} ${currency}`);

  return (
    <section data-testid="admin-payments">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('admin.payments.title')}</h1>
        <CsvExport
          fetchFile={() => exportPayments(filter)}
          fileName="payments"
          label={t('admin.payments.export')}
          busyLabel={t('admin.payments.exporting')}
          failedText={t('admin.payments.exportFailed')}
          testId="payments-export"
        />
      </div>
      <ListFilters
        key={params.key}
        q={q}
        drafts={params.drafts}
        searchLabel={t('admin.payments.search')}
        selects={[
          {
            name: 'status',
            label: t('admin.payments.status'),
            options: ADMIN_PAYMENT_STATUSES.map((value) => [value === 'all' ? '' : value, t(`admin.payments.statuses.${value}`)] as const),
          },
        ]}
        submitLabel={t('admin.payments.apply')}
        resetLabel={t('admin.payments.reset')}
        onApply={params.apply}
        testId="payments"
      >
        {(draft, set) =>
          (['from', 'to'] as const).map((name) => (
            <label key={name} className={labelClass}>
              {t(`admin.payments.${name}`)}
              <input type="date" name={name} value={draft[name] ?? ''} onChange={(event) => set(name, event.target.value)} className={controlClass(false)} data-testid={`payments-${name}`} />
            </label>
          ))
        }
      </ListFilters>
      {summary.data && summary.data.length > 0 ? <PaymentsSummary rows={summary.data} money={money} /> : null}
      <div className="mt-6">
        <ListResults
          list={list}
          page={page}
          limit={LIMIT}
          empty={t('admin.payments.empty')}
          testId="payments-table"
          total={(total) => t('admin.payments.total', { total })}
          totalTestId="payments-total"
          head={[t('admin.payments.invoice'), t('admin.payments.issued'), t('admin.payments.member'), t('admin.payments.plan'), t('admin.payments.amount'), t('admin.payments.status'), t('admin.payments.method')]}
        >
          {(items) =>
            items.map((item) => (
              <tr key={item.id} data-testid="payment-row" data-status={item.status} className={stackedRowClass}>
                <StackedCell label={t('admin.payments.invoice')}><bdi>{item.display_number}</bdi></StackedCell>
                <StackedCell label={t('admin.payments.issued')}>{formatDate(item.issued_at, locale)}</StackedCell>
                <StackedCell label={t('admin.payments.member')}>
                  <Link to={ROUTES.adminUser(item.member.id)} className={linkClass}><bdi>{item.member.name}</bdi></Link>
                  <span className="block text-sm text-slate-600 dark:text-slate-300"><bdi>{item.member.email}</bdi></span>
                </StackedCell>
                <StackedCell label={t('admin.payments.plan')}>{item.plan ? <bdi>{pickLocalized(locale, item.plan.name, item.plan.name_en)}</bdi> : '—'}</StackedCell>
                <StackedCell label={t('admin.payments.amount')}><bdi>{money(item.amount, item.currency)}</bdi></StackedCell>
                <StackedCell label={t('admin.payments.status')}>
                  <Badge tone={STATUS_TONES[item.status]}>
                    {item.status === 'refunded' && item.refunded_at ? t('admin.payments.refundedOn', { date: formatDate(item.refunded_at, locale) }) : t(`admin.payments.statuses.${item.status}`)}
                  </Badge>
                </StackedCell>
                <StackedCell label={t('admin.payments.method')}>{method(item.payment_method)}</StackedCell>
              </tr>
            ))
          }
        </ListResults>
      </div>
    </section>
  );
}

/**
 * The matches' figures, per state (and currency, should another ever be charged): what was paid
 * and kept, what was given back, what was canceled, each with its count of invoices.
 */
function PaymentsSummary({ rows, money }: { rows: AdminPaymentsSummary; money: (amount: number, currency: string) => string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <dl className="mt-6 grid gap-3 sm:grid-cols-3" data-testid="payments-summary">
      {rows.map((row) => (
        <div key={`${row.status} ${row.currency}`} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900" data-testid="payments-summary-row" data-status={row.status}>
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{t(`admin.payments.summary.${row.status}`)}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900 dark:text-slate-50"><bdi>{money(row.amount, row.currency)}</bdi></dd>
          <dd className="text-sm text-slate-600 dark:text-slate-300">{t('admin.payments.summary.invoices', { count: row.count })}</dd>
        </div>
      ))}
    </dl>
  );
}
