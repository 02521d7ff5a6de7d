import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiError, ROUTES, selectUser, useLocale, useSession } from '@scholars/shared-contracts';
import { controlClass, EmptyState, listAddress, Pagination, useAsync, usePageInRange } from '@scholars/shared-contracts/ui';
import { formatDate, formatNumber, localizedField } from '@scholars/shared-contracts/locale';
import { pageCount, RESEARCH_STATUSES } from '@scholars/shared-contracts/schemas';
import { StackedCell } from '@scholars/shared-contracts/ui/content';
import { NAMESPACE } from '../../i18n';
import { fetchCategories } from '../../api/community-categories';
import { fetchReviewers, fetchReviewQueue } from '../../api/review';
import { ALL, DEFAULT_REVIEW_STATUS, REVIEW_PAGE_SIZE, reviewQueryFromSearch } from '../../lib/review-filters';
import { ageInDays } from '../../lib/review-clock';
import { ClockBadge } from '../../components/ClockBadge';
import { AssignReviewer } from '../../components/AssignReviewer';

const TYPES = ['master', 'doctorate', 'general'] as const;

/** `/admin/review` (reviewer, admin): the queue, oldest first, with clocks, filters and assignment. */
export function ReviewQueue() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const rawId = useSession(selectUser)?.id;
  const me = rawId === undefined ? undefined : Number(rawId);
  const [searchParams, setSearchParams] = useSearchParams();
  const query = reviewQueryFromSearch(searchParams);
  const key = JSON.stringify(query);
  const queue = useAsync((signal) => fetchReviewQueue(query, signal), [key]);
  const categories = useAsync((signal) => fetchCategories(signal), []);
  const reviewers = useAsync((signal) => fetchReviewers(signal), []);
  const [q, setQ] = useState(query.q ?? '');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const set = (name: string, value: string | boolean | null) => setSearchParams(listAddress(searchParams, { [name]: value }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    set('q', q.trim() || null);
  };
  const statusValue = searchParams.get('status') === ALL ? ALL : query.status ?? DEFAULT_REVIEW_STATUS;
  const selectClass = `${controlClass(false)} text-sm`;
  const label = 'text-sm font-medium text-slate-700 dark:text-slate-200';
  const pages = pageCount(queue.data?.tot ?? 0, REVIEW_PAGE_SIZE);
  const beyond = usePageInRange(query.page, queue.data ? pages : undefined);
  const columns = (name: string) => t(`admin.queue.columns.${name}`);

  return (
    <section data-testid="review-queue" className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('admin.queue.title')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t('admin.queue.description')}</p>
      </header>

      <form role="search" onSubmit={search} aria-label={t('admin.queue.filters')} data-testid="review-filters" className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-800">
        <label className={label}>
          {t('admin.queue.status')}
          <select name="status" value={statusValue} onChange={(event) => set('status', event.target.value === DEFAULT_REVIEW_STATUS ? null : event.target.value)} className={selectClass}>
            {RESEARCH_STATUSES.map((status) => (
              <option key={status} value={status}>{t(`exchange.statuses.${status}`)}</option>
            ))}
            <option value={ALL}>{t('admin.queue.allStatuses')}</option>
          </select>
        </label>
        <label className={label}>
          {t('admin.queue.type')}
          <select name="research_type" value={query.research_type ?? ''} onChange={(event) => set('research_type', event.target.value)} className={selectClass}>
            <option value="">{t('admin.queue.allTypes')}</option>
            {TYPES.map((type) => (
              <option key={type} value={type}>{t(`exchange.types.${type}`)}</option>
            ))}
          </select>
        </label>
        <label className={label}>
          {t('admin.queue.category')}
          <select name="category_id" value={query.category_id ? String(query.category_id) : ''} onChange={(event) => set('category_id', event.target.value)} className={selectClass}>
            <option value="">{t('admin.queue.allCategories')}</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={String(category.id)}>{localizedField(category, 'name', locale)}</option>
            ))}
          </select>
        </label>
        <label className={label}>
          {t('admin.queue.language')}
          <select name="language" value={query.language ?? ''} onChange={(event) => set('language', event.target.value)} className={selectClass}>
            <option value="">{t('admin.queue.allLanguages')}</option>
            <option value="ar">{t('languages.ar')}</option>
            <option value="en">{t('languages.en')}</option>
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input type="checkbox" name="overdue" checked={query.overdue === true} onChange={(event) => set('overdue', event.target.checked)} className="size-4 accent-emerald-700" />
          {t('admin.queue.overdue')}
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input type="checkbox" name="assigned" checked={query.assigned === 'me'} onChange={(event) => set('assigned', event.target.checked ? 'me' : null)} className="size-4 accent-emerald-700" />
          {t('admin.queue.assignedToMe')}
        </label>
        {/* On a phone the search box takes the row, its buttons under it (beside them it was squeezed). */}
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 sm:flex-nowrap">
          <label className={`${label} basis-full sm:basis-auto sm:flex-1`}>
            {t('admin.queue.search')}
            <input type="search" name="q" value={q} maxLength={200} placeholder={t('admin.queue.searchPlaceholder')} onChange={(event) => setQ(event.target.value)} className={selectClass} />
          </label>
          <button type="submit" data-testid="review-search" className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">{t('admin.queue.searchButton')}</button>
          <button
            type="button"
            onClick={() => {
              setQ('');
              setSearchParams(new URLSearchParams());
            }}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-emerald-800 underline dark:text-emerald-300"
          >
            {t('admin.queue.clear')}
          </button>
        </div>
      </form>

      <div aria-live="polite">
        {message ? (
          <p role={message.ok ? 'status' : 'alert'} data-testid="review-queue-message" className={message.ok ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-400'}>
            {message.text}
          </p>
        ) : null}
      </div>

      {queue.status === 'failed' ? (
        <div role="alert" className="rounded-xl border border-red-200 p-4 text-red-800 dark:border-red-900 dark:text-red-200">
          <p>{isApiError(queue.error) ? queue.error.message : t('admin.loadFailed')}</p>
          <button type="button" onClick={queue.reload} className="mt-2 font-semibold underline">{t('admin.retry')}</button>
        </div>
      ) : !queue.data || beyond ? (
        <p role="status" className="text-slate-500 dark:text-slate-400">{t('admin.loading')}</p>
      ) : queue.data.data.length === 0 ? (
        <EmptyState message={t('admin.queue.empty')} testId="review-empty" />
      ) : (
        <>
          <p data-testid="review-count" className="text-sm text-slate-600 dark:text-slate-300">
            {t('admin.queue.results', { count: queue.data.tot, formatted: formatNumber(queue.data.tot, locale) })}
          </p>
          <table className="w-full text-start text-sm max-md:block" aria-busy={queue.status === 'loading'}>
            <thead className="border-b border-slate-200 text-start max-md:sr-only dark:border-slate-800">
              <tr>
                {['title', 'author', 'type', 'waiting', 'clock', 'reviewer', 'actions'].map((name) => (
                  <th key={name} scope="col" className="px-3 py-2 text-start font-semibold text-slate-700 dark:text-slate-200">{columns(name)}</th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:block max-md:space-y-3">
              {queue.data.data.map((item) => {
                const age = ageInDays(item.submitted_at);
                return (
                  <tr key={item.id} data-testid="review-item" data-id={item.id} className="border-b border-slate-100 max-md:block max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:p-4 dark:border-slate-800">
                    <StackedCell label={columns('title')}>
                      <Link to={ROUTES.adminResearch(item.id)} dir="auto" className="font-semibold text-emerald-800 underline dark:text-emerald-300">
                        {localizedField(item, 'title', locale)}
                      </Link>
                      <p className="text-xs text-slate-500 dark:text-slate-400">{t(`exchange.statuses.${item.status}`)}{item.category ? ` · ${localizedField(item.category, 'name', locale)}` : item.other_category ? ` · ${item.other_category}` : ''}</p>
                    </StackedCell>
                    <StackedCell label={columns('author')}>
                      <span dir="auto">{item.owner.name}</span>
                    </StackedCell>
                    <StackedCell label={columns('type')}>{t(`exchange.types.${item.research_type}`)}</StackedCell>
                    <StackedCell label={columns('waiting')}>
                      <time dateTime={item.submitted_at} title={formatDate(item.submitted_at, locale, 'dateTime')} data-testid="review-age">
                        {t('age.waiting', { count: age, formatted: formatNumber(age, locale) })}
                      </time>
                    </StackedCell>
                    <StackedCell label={columns('clock')}>
                      <ClockBadge clock={item.clock} />
                    </StackedCell>
                    <StackedCell label={columns('reviewer')}>
                      <AssignReviewer item={item} reviewers={reviewers.data ?? []} me={me} onSaved={(result) => {
                        setMessage(result);
                        if (result.ok) queue.reload();
                      }} />
                    </StackedCell>
                    <StackedCell label={columns('actions')}>
                      <Link to={ROUTES.adminResearch(item.id)} data-testid="review-open" className="inline-block rounded-lg border border-emerald-700 px-3 py-1 font-semibold text-emerald-800 hover:bg-emerald-50 dark:border-emerald-400 dark:text-emerald-200 dark:hover:bg-emerald-950">
                        {t('admin.queue.open')}
                      </Link>
                    </StackedCell>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Pagination page={query.page} pages={pages} testId="review-pagination" />
        </>
      )}
    </section>
  );
}
