import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import type { Invoice } from '@scholars/shared-contracts/schemas';
import { saveFile, useAsync } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../../i18n';
import { fetchMyInvoices, fetchReceipt } from '../../api/invoices';
import { pickLocalized, formatAmount, formatDate } from '@scholars/shared-contracts/locale';
import { Badge, SectionState, StackedCell, StackedTable, stackedRowClass } from '../../components/Status';

/** Spec 3 invoices: number, amount, status, with the PDF receipt (bilingual) to download. On phones the table becomes stacked cards. */
export function InvoicesTab() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const list = useAsync((signal) => fetchMyInvoices(signal), []);
  const [downloading, setDownloading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (invoice: Invoice) => {
    setError(null);
    setDownloading(invoice.id);
    try {
      saveFile(await fetchReceipt(invoice.id), `receipt-${invoice.display_number}.pdf`);
    } catch (failure) {
      console.error('[account] receipt download failed', failure);
      setError(t('billing.downloadFailed'));
    } finally {
      setDownloading(null);
    }
  };

  if (list.status === 'failed') return <SectionState state="failed" onRetry={list.reload} />;
  if (!list.data) return <SectionState state="loading" />;
  if (list.data.length === 0) return <SectionState state="empty" empty={t('billing.empty')} />;
  return (
    <div className="space-y-4">
      {error ? <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">{error}</p> : null}
      <StackedTable testId="invoices-table" head={[t('billing.number'), t('billing.date'), t('billing.plan'), t('billing.amount'), t('billing.status'), t('billing.receipt')]}>
        {list.data.map((invoice) => (
          <tr key={invoice.id} data-testid="invoice-row" className={stackedRowClass}>
            <StackedCell label={t('billing.number')} testId="invoice-number"><bdi className="font-mono">{invoice.display_number}</bdi></StackedCell>
            <StackedCell label={t('billing.date')}>{formatDate(invoice.issued_at, locale)}</StackedCell>
            <StackedCell label={t('billing.plan')}>{pickLocalized(locale, invoice.plan_name, invoice.plan_name_en)}</StackedCell>
            <StackedCell label={t('billing.amount')} testId="invoice-amount">{t('billing.amountValue', { amount: formatAmount(invoice.amount) })}</StackedCell>
            <StackedCell label={t('billing.status')} testId="invoice-status"><Badge tone={invoice.status === 'paid' ? 'green' : 'slate'}>{t(`billing.statuses.${invoice.status}`)}</Badge></StackedCell>
            <StackedCell label={t('billing.receipt')}>
              <button
                type="button"
                data-testid="invoice-download"
                disabled={downloading !== null}
                onClick={() => void download(invoice)}
                className="font-semibold text-emerald-700 hover:underline disabled:opacity-60 dark:text-emerald-400"
              >
                {downloading === invoice.id ? t('billing.downloading') : t('billing.download')}
              </button>
            </StackedCell>
          </tr>
        ))}
      </StackedTable>
    </div>
  );
}
