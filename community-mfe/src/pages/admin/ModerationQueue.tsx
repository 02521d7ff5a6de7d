import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiError, ROUTES, useLocale, usePageTitle } from '@scholars/shared-contracts';
import { EmptyState, Pagination, useAsync, usePageInRange } from '@scholars/shared-contracts/ui';
import { pageCount } from '@scholars/shared-contracts/schemas';
import { formatDate, formatNumber } from '@scholars/shared-contracts/locale';
import { routeId } from '@scholars/shared-contracts/constants';
import { StackedCell } from '@scholars/shared-contracts/ui/content';
import { NAMESPACE } from '../../i18n';
import { fetchModerationQueue, MODERATION_PAGE_SIZE } from '../../api/moderation';
import { AuthorLine } from './parts';

/**
 * `/admin/moderation` (reviewer, admin): items with open reports grouped by item, the longest
 * waiting first, with their count, reasons, author and the author's removals in 90 days (from the
 * third, "suggest suspension"). The page is kept in the address (`?page=`).
 */
export function ModerationQueue() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  // Its title comes with the screen, the console's name after it as on every console screen.
  usePageTitle(t('console.inConsole', { page: t('console.queueTitle') }));
  const [params] = useSearchParams();
  const page = routeId(params.get('page')) ?? 1;
  const queue = useAsync((signal) => fetchModerationQueue(page, signal), [page]);
  const pages = pageCount(queue.data?.tot ?? 0, MODERATION_PAGE_SIZE);
  const beyond = usePageInRange(page, queue.data ? pages : undefined);
  const columns = ['item', 'reports', 'reasons', 'firstReported', 'author', 'open'] as const;
  return (
    <section className="space-y-4" data-testid="moderation-queue">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('console.queueTitle')}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('console.queueIntro')}</p>
        </div>
        <Link to={ROUTES.adminChatModeration()} className="text-sm font-semibold text-emerald-800 underline dark:text-emerald-300" data-testid="moderation-chat-link">
          {t('console.chatPanelLink')}
        </Link>
      </header>
      {queue.status === 'failed' ? (
        <div role="alert" className="rounded-xl border border-red-200 p-4 text-red-800 dark:border-red-900 dark:text-red-200">
          <p>{isApiError(queue.error) && queue.error.msg ? queue.error.msg : t('console.loadFailed')}</p>
          <button type="button" onClick={queue.reload} className="mt-2 font-semibold underline">{t('console.retry')}</button>
        </div>
      ) : !queue.data || beyond ? (
        <p role="status" className="text-slate-500 dark:text-slate-400">{t('console.loading')}</p>
      ) : queue.data.data.length === 0 ? (
        <EmptyState message={t('console.empty')} testId="moderation-empty" />
      ) : (
        <>
          <table className="w-full text-start text-sm max-md:block" aria-busy={queue.status === 'loading'}>
            <thead className="border-b border-slate-200 text-start max-md:sr-only dark:border-slate-800">
              <tr>
                {columns.map((name) => (
                  <th key={name} scope="col" className="px-3 py-2 text-start font-semibold text-slate-700 dark:text-slate-200">{t(`console.${name}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:block max-md:space-y-3">
              {queue.data.data.map((item) => (
                <tr
                  key={`${item.item_type}:${item.item_id}`}
                  data-testid="moderation-row"
                  data-type={item.item_type}
                  data-id={item.item_id}
                  className="border-b border-slate-100 max-md:block max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:p-4 dark:border-slate-800"
                >
                  <StackedCell label={t('console.item')}>
                    <p className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t(`console.types.${item.item_type}`)}</p>
                    <p dir="auto" className="line-clamp-2 wrap-anywhere text-slate-900 dark:text-slate-100" data-testid="moderation-preview">
                      {item.preview || (
                        <span className="italic text-slate-500 dark:text-slate-400" data-testid="moderation-removed">
                          {item.deleted_by ? t(`console.removedBy.${item.deleted_by}`) : t('console.removedText')}
                        </span>
                      )}
                    </p>
                  </StackedCell>
                  <StackedCell label={t('console.reports')}>
                    <span data-testid="moderation-count">{formatNumber(item.reports, locale)}</span>
                  </StackedCell>
                  <StackedCell label={t('console.reasons')}>
                    <ul className="flex flex-wrap gap-1">
                      {item.reasons.map((reason) => (
                        <li key={reason} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">{t(`console.reasonNames.${reason}`)}</li>
                      ))}
                    </ul>
                  </StackedCell>
                  <StackedCell label={t('console.firstReported')}>
                    <time dateTime={item.first_reported_at}>{formatDate(item.first_reported_at, locale, 'dateTime')}</time>
                  </StackedCell>
                  <StackedCell label={t('console.author')}>
                    <AuthorLine author={item.author} suggest={item.suggest_suspension} />
                  </StackedCell>
                  <StackedCell label={t('console.open')}>
                    <Link
                      to={ROUTES.adminModerationItem(item.item_type, item.item_id)}
                      data-testid="moderation-open"
                      className="inline-block rounded-lg border border-emerald-700 px-3 py-1 font-semibold text-emerald-800 hover:bg-emerald-50 dark:border-emerald-400 dark:text-emerald-200 dark:hover:bg-emerald-950"
                    >
                      {t('console.open')}
                    </Link>
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={page} pages={pages} testId="moderation-pagination" />
        </>
      )}
    </section>
  );
}
