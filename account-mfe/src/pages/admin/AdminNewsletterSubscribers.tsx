import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { NEWSLETTER_SUBSCRIBER_STATES, type NewsletterSubscriberItem, type NewsletterSubscriberState } from '@scholars/shared-contracts/schemas';
import { controlClass, Pagination, primaryButtonClass, saveFile, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { LOCALES, formatDate, formatNumber } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { exportNewsletterSubscribers, fetchNewsletterSubscribers } from '../../api/newsletter';
import { Badge, SectionState, StackedCell, StackedTable, linkClass, stackedRowClass, type Tone } from '../../components/Status';

const LIMIT = 50;
const pickState = (value: string | null): NewsletterSubscriberState =>
  NEWSLETTER_SUBSCRIBER_STATES.includes(value as NewsletterSubscriberState) ? (value as NewsletterSubscriberState) : 'all';
const positive = (value: string | null) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};
const STATE_TONES: Record<NewsletterSubscriberItem['state'], Tone> = { confirmed: 'green', unconfirmed: 'amber', unsubscribed: 'slate' };

/**
 * The newsletter's subscribers (administrators, issue 20): newest first, searched by address and
 * filtered by state in the address; the matches export as CSV (UTF-8 with a byte order mark, so a
 * spreadsheet reads Arabic right).
 */
export function AdminNewsletterSubscribers() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const state = pickState(params.get('state'));
  const page = positive(params.get('page')) ?? 1;
  const [draft, setDraft] = useState({ q, state });
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const list = useAsync((signal) => fetchNewsletterSubscribers({ q: q || undefined, state, page, limit: LIMIT }, signal), [q, state, page]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.q.trim()) next.set('q', draft.q.trim());
    if (draft.state !== 'all') next.set('state', draft.state);
    setParams(next);
  };
  const exportCsv = async () => {
    setExporting(true);
    setExportFailed(false);
    try {
      const blob = await exportNewsletterSubscribers({ q: q || undefined, state });
      saveFile(blob, `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };
  const day = (value: string | null) => (value ? formatDate(value, locale, 'date') : t('admin.newsletterSubscribers.none'));

  return (
    <section data-testid="admin-newsletter-subscribers">
      <p>
        <Link to={ROUTES.adminNewsletter} className={linkClass}>{t('admin.newsletterSubscribers.back')}</Link>
      </p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('admin.newsletterSubscribers.title')}</h1>
        <button type="button" disabled={exporting} className={secondaryButtonClass} onClick={() => void exportCsv()} data-testid="subscribers-export">
          {exporting ? t('admin.newsletterSubscribers.exporting') : t('admin.newsletterSubscribers.export')}
        </button>
      </div>
      {exportFailed ? <p role="alert" className="mt-3 text-red-700 dark:text-red-400">{t('admin.newsletterSubscribers.exportFailed')}</p> : null}
      <form role="search" onSubmit={apply} className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <label className="block text-sm font-medium text-slate-800 dark:text-slate-100">
          {t('admin.newsletterSubscribers.search')}
          <input type="search" name="q" dir="ltr" value={draft.q} onChange={(event) => setDraft({ ...draft, q: event.target.value })} className={controlClass(false)} data-testid="subscribers-q" />
        </label>
        <label className="block text-sm font-medium text-slate-800 dark:text-slate-100">
          {t('admin.newsletterSubscribers.state')}
          <select name="state" value={draft.state} onChange={(event) => setDraft({ ...draft, state: pickState(event.target.value) })} className={controlClass(false)} data-testid="subscribers-state">
            {NEWSLETTER_SUBSCRIBER_STATES.map((value) => <option key={value} value={value}>{t(`admin.newsletterSubscribers.states.${value}`)}</option>)}
          </select>
        </label>
        <button type="submit" className={primaryButtonClass} data-testid="subscribers-apply">{t('admin.newsletterSubscribers.apply')}</button>
      </form>
      <div className="mt-6">
        {list.status === 'failed' ? (
          <SectionState state="failed" onRetry={list.reload} />
        ) : !list.data ? (
          <SectionState state="loading" />
        ) : list.data.items.length === 0 ? (
          <SectionState state="empty" empty={t('admin.newsletterSubscribers.empty')} />
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid="subscribers-total">
              {t('admin.newsletterSubscribers.total', { total: formatNumber(list.data.total, locale) })}
            </p>
            <StackedTable
              testId="subscribers-table"
              head={[
                t('admin.newsletterSubscribers.email'),
                t('admin.newsletterSubscribers.state'),
                t('admin.newsletterSubscribers.language'),
                t('admin.newsletterSubscribers.subscribed'),
                t('admin.newsletterSubscribers.confirmed'),
                t('admin.newsletterSubscribers.unsubscribed'),
              ]}
            >
              {list.data.items.map((item) => (
                <tr key={item.id} data-testid="subscriber-row" data-state={item.state} className={stackedRowClass}>
                  <StackedCell label={t('admin.newsletterSubscribers.email')}>
                    {item.user_id !== null ? (
                      <Link to={ROUTES.adminUser(item.user_id)} className={linkClass}><bdi>{item.email}</bdi></Link>
                    ) : (
                      <bdi>{item.email}</bdi>
                    )}
                  </StackedCell>
                  <StackedCell label={t('admin.newsletterSubscribers.state')}>
                    <Badge tone={STATE_TONES[item.state]}>{t(`admin.newsletterSubscribers.states.${item.state}`)}</Badge>
                  </StackedCell>
                  <StackedCell label={t('admin.newsletterSubscribers.language')}>{LOCALES[item.locale].nativeName}</StackedCell>
                  <StackedCell label={t('admin.newsletterSubscribers.subscribed')}>{day(item.created_at)}</StackedCell>
                  <StackedCell label={t('admin.newsletterSubscribers.confirmed')}>{day(item.confirmed_at)}</StackedCell>
                  <StackedCell label={t('admin.newsletterSubscribers.unsubscribed')}>{day(item.unsubscribed_at)}</StackedCell>
                </tr>
              ))}
            </StackedTable>
            <Pagination page={page} pages={Math.max(1, Math.ceil(list.data.total / LIMIT))} />
          </>
        )}
      </div>
    </section>
  );
}
