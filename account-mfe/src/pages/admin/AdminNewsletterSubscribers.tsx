import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { NEWSLETTER_SUBSCRIBER_STATES, type NewsletterSubscriberItem } from '@scholars/shared-contracts/schemas';
import { useAsync } from '@scholars/shared-contracts/ui';
import { LOCALES, formatDate } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { exportNewsletterSubscribers, fetchNewsletterSubscribers } from '../../api/newsletter';
import { ListFilters, ListResults, useListParams } from '../../components/AdminList';
import { CsvExport } from '../../components/CsvExport';
import { Badge, StackedCell, linkClass, stackedRowClass, type Tone } from '../../components/Status';

const LIMIT = 50;
/** Every subscriber unless the address names a state (`all` is none). */
const FILTERS = { state: { values: NEWSLETTER_SUBSCRIBER_STATES.filter((value) => value !== 'all') } };
const STATE_TONES: Record<NewsletterSubscriberItem['state'], Tone> = { confirmed: 'green', unconfirmed: 'amber', unsubscribed: 'slate' };

/**
 * The newsletter's subscribers (administrators, issue 20): newest first, searched by address and
 * filtered by state in the address; the matches export as CSV (UTF-8 with a byte order mark, so a
 * spreadsheet reads Arabic right).
 */
export function AdminNewsletterSubscribers() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const params = useListParams(FILTERS);
  const { q, page } = params;
  const state = params.filters.state ?? 'all';
  const list = useAsync((signal) => fetchNewsletterSubscribers({ q: q || undefined, state, page, limit: LIMIT }, signal), [q, state, page]);

  const day = (value: string | null) => (value ? formatDate(value, locale, 'date') : t('admin.newsletterSubscribers.none'));

  return (
    <section data-testid="admin-newsletter-subscribers">
      <p>
        <Link to={ROUTES.adminNewsletter} className={linkClass}>{t('admin.newsletterSubscribers.back')}</Link>
      </p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('admin.newsletterSubscribers.title')}</h1>
        <CsvExport
          fetchFile={() => exportNewsletterSubscribers({ q: q || undefined, state })}
          fileName="newsletter-subscribers"
          label={t('admin.newsletterSubscribers.export')}
          busyLabel={t('admin.newsletterSubscribers.exporting')}
          failedText={t('admin.newsletterSubscribers.exportFailed')}
          testId="subscribers-export"
        />
      </div>
      <ListFilters
        key={params.key}
        q={q}
        drafts={params.drafts}
        searchLabel={t('admin.newsletterSubscribers.search')}
        searchDir="ltr"
        selects={[
          {
            name: 'state',
            label: t('admin.newsletterSubscribers.state'),
            options: NEWSLETTER_SUBSCRIBER_STATES.map((value) => [value === 'all' ? '' : value, t(`admin.newsletterSubscribers.states.${value}`)] as const),
          },
        ]}
        submitLabel={t('admin.newsletterSubscribers.apply')}
        onApply={params.apply}
        testId="subscribers"
      />
      <div className="mt-6">
        <ListResults
          list={list}
          page={page}
          limit={LIMIT}
          empty={t('admin.newsletterSubscribers.empty')}
          testId="subscribers-table"
          total={(total) => t('admin.newsletterSubscribers.total', { total })}
          totalTestId="subscribers-total"
          head={[
            t('admin.newsletterSubscribers.email'),
            t('admin.newsletterSubscribers.state'),
            t('admin.newsletterSubscribers.language'),
            t('admin.newsletterSubscribers.subscribed'),
            t('admin.newsletterSubscribers.confirmed'),
            t('admin.newsletterSubscribers.unsubscribed'),
          ]}
        >
          {(items) =>
            items.map((item) => (
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
            ))
          }
        </ListResults>
      </div>
    </section>
  );
}
