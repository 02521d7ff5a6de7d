import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { controlClass, labelClass, listReturnState, Pagination, primaryButtonClass, useAsync, usePageInRange } from '@scholars/shared-contracts/ui';
import { StackedCell, StatusBadge } from '@scholars/shared-contracts/ui/content';
import { formatDate, formatNumber, localizedField } from '@scholars/shared-contracts/locale';
import { ADMIN_CONFERENCE_SORTS, CONTENT_STATUSES, pageCount } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { fetchAdminConferences } from '../../api/admin-conferences';
import { fetchCategories } from '../../api/conference-categories';
import { headClass, linkClass, rowClass, SectionState, tableClass, Th } from '../../components/admin/Console';

const LIMIT = 20;
const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);
const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
};

/** `/admin/conferences` (administrators): every conference, search, state and category filters and page in the address. */
export function AdminConferences() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  // A conference opened from here goes back to this page of the list, with its search and filters.
  const back = listReturnState(useLocation().search);
  const q = params.get('q') ?? '';
  const status = pick(params.get('status'), CONTENT_STATUSES);
  const categoryId = positive(params.get('category_id'));
  const sort = pick(params.get('sort'), ADMIN_CONFERENCE_SORTS) ?? 'newest';
  const page = positive(params.get('page')) ?? 1;
  const [draft, setDraft] = useState({ q, status: status ?? '', category_id: categoryId ? String(categoryId) : '', sort });
  const list = useAsync(
    (signal) => fetchAdminConferences({ q: q || undefined, status, category_id: categoryId, sort, page, limit: LIMIT }, signal),
    [q, status, categoryId, sort, page],
  );
  const pages = pageCount(list.data?.tot ?? 0, LIMIT);
  const beyond = usePageInRange(page, list.data ? pages : undefined);
  const categories = useAsync(() => fetchCategories(), []);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.q.trim()) next.set('q', draft.q.trim());
    if (draft.status) next.set('status', draft.status);
    if (draft.category_id) next.set('category_id', draft.category_id);
    if (draft.sort !== 'newest') next.set('sort', draft.sort);
    setParams(next);
  };
  const column = (name: string) => t(`admin.conferences.columns.${name}`);

  return (
    <section data-testid="admin-conferences" className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('admin.conferences.title')}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t('admin.conferences.description')}</p>
        </div>
        <Link to={ROUTES.adminConference('new')} data-testid="admin-conference-new" className={primaryButtonClass}>
          {t('admin.conferences.new')}
        </Link>
      </header>

      <form role="search" onSubmit={apply} data-testid="admin-conferences-filters" className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end dark:border-slate-800">
        <label className={labelClass}>
          {t('admin.conferences.searchLabel')}
          <input type="search" name="q" maxLength={200} value={draft.q} onChange={(event) => setDraft({ ...draft, q: event.target.value })} className={controlClass(false)} data-testid="admin-conferences-q" />
        </label>
        <label className={labelClass}>
          {t('admin.conferences.status')}
          <select name="status" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value })} className={controlClass(false)} data-testid="admin-conferences-status">
            <option value="">{t('admin.any')}</option>
            {CONTENT_STATUSES.map((value) => (
              <option key={value} value={value}>{t(`common:content.status${value[0]!.toUpperCase()}${value.slice(1)}`)}</option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          {t('admin.conferences.category')}
          <select name="category_id" value={draft.category_id} onChange={(event) => setDraft({ ...draft, category_id: event.target.value })} className={controlClass(false)} data-testid="admin-conferences-category">
            <option value="">{t('admin.any')}</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={String(category.id)}>{localizedField(category, 'name', locale)}</option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          {t('admin.conferences.sort')}
          <select name="sort" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as typeof sort })} className={controlClass(false)}>
            {ADMIN_CONFERENCE_SORTS.map((value) => (
              <option key={value} value={value}>{t(`admin.conferences.sorts.${value}`)}</option>
            ))}
          </select>
        </label>
        <button type="submit" className={primaryButtonClass} data-testid="admin-conferences-apply">{t('admin.apply')}</button>
      </form>

      {list.status === 'failed' ? (
        <SectionState state="failed" onRetry={list.reload} />
      ) : !list.data || beyond ? (
        <SectionState state="loading" />
      ) : list.data.data.length === 0 ? (
        <SectionState state="empty" empty={t('admin.conferences.empty')} />
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid="admin-conferences-count">
            {t('admin.conferences.results', { count: list.data.tot, formatted: formatNumber(list.data.tot, locale) })}
          </p>
          <table className={tableClass} aria-busy={list.status === 'loading'}>
            <thead className={headClass}>
              <tr>
                {['title', 'status', 'when', 'category', 'registrations', 'actions'].map((name) => <Th key={name}>{column(name)}</Th>)}
              </tr>
            </thead>
            <tbody className="max-md:block">
              {list.data.data.map((item) => (
                <tr key={item.id} data-testid="admin-conference-row" data-id={item.id} className={rowClass}>
                  <StackedCell label={column('title')}>
                    <Link to={ROUTES.adminConference(item.id)} state={back} dir="auto" className={linkClass}>
                      {localizedField(item, 'title', locale) || '—'}
                    </Link>
                  </StackedCell>
                  <StackedCell label={column('status')}><StatusBadge status={item.status} /></StackedCell>
                  <StackedCell label={column('when')}>
                    <time dateTime={item.start_date}>{formatDate(item.start_date, locale, 'dateTime', item.timezone)}</time>
                  </StackedCell>
                  <StackedCell label={column('category')}>{item.category ? localizedField(item.category, 'name', locale) : t('admin.form.noCategory')}</StackedCell>
                  <StackedCell label={column('registrations')}>
                    {item.capacity === null
                      ? formatNumber(item.registrations, locale)
                      : t('admin.conferences.seats', { registered: formatNumber(item.registrations, locale), capacity: formatNumber(item.capacity, locale) })}
                    {item.waiting > 0 ? (
                      <span data-testid="admin-conference-waiting" className="block text-xs text-slate-500 dark:text-slate-400">{t('admin.conferences.waiting', { formatted: formatNumber(item.waiting, locale) })}</span>
                    ) : null}
                  </StackedCell>
                  <StackedCell label={column('actions')}>
                    <span className="flex flex-wrap gap-3">
                      <Link to={ROUTES.adminConference(item.id)} state={back} data-testid="admin-conference-edit" className={linkClass}>{t('admin.conferences.edit')}</Link>
                      <Link to={ROUTES.adminConferenceRegistrations(item.id)} data-testid="admin-conference-registrants" className={linkClass}>{t('admin.conferences.registrants')}</Link>
                    </span>
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={page} pages={pages} testId="admin-conferences-pagination" />
        </>
      )}
    </section>
  );
}
