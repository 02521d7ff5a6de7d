import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fileUrl, ROUTES, useLocale } from '@scholars/shared-contracts';
import { controlClass, labelClass, listAddress, listReturnState, Pagination, primaryButtonClass, useAsync, usePageInRange } from '@scholars/shared-contracts/ui';
import { StackedCell, StatusBadge } from '@scholars/shared-contracts/ui/content';
import { formatDate, formatNumber, localizedField } from '@scholars/shared-contracts/locale';
import { CONTENT_STATUSES, LIBRARY_COLLECTIONS, type AdminEbooksQuery, type ContentStatus, type LibraryCollection, pageCount } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { fetchAdminEbooks } from '../../api/admin-content';
import { fetchCategories } from '../../api/community-categories';
import { fetchUniversities } from '../../api/universities';
import { linkClass, ListState, StackedTable, stackedRow } from '../../components/ContentConsole';

const PAGE_SIZE = 20;
const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);
const positive = (value: string | null) => (value && /^\d{1,9}$/.test(value) && Number(value) >= 1 ? Number(value) : undefined);

/** The list's query from the address (anything malformed is left out). */
function queryOf(params: URLSearchParams): AdminEbooksQuery & { page: number } {
  return {
    q: params.get('q')?.trim().slice(0, 200) || undefined,
    collection: pick<LibraryCollection>(params.get('collection'), LIBRARY_COLLECTIONS),
    status: pick<ContentStatus>(params.get('status'), CONTENT_STATUSES),
    category_id: positive(params.get('category_id')),
    university_id: positive(params.get('university_id')),
    page: positive(params.get('page')) ?? 1,
    limit: PAGE_SIZE,
  };
}

/** `/admin/library` (administrators): library items in every status, filters in the address, approved research marked. */
export function AdminLibrary() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  // An item opened from here goes back to this page of the list, with its search and filters.
  const back = listReturnState(useLocation().search);
  const query = queryOf(params);
  const list = useAsync((signal) => fetchAdminEbooks(query, signal), [JSON.stringify(query)]);
  const pages = pageCount(list.data?.tot ?? 0, PAGE_SIZE);
  const beyond = usePageInRange(query.page, list.data ? pages : undefined);
  const categories = useAsync((signal) => fetchCategories(signal), []);
  const universities = useAsync((signal) => fetchUniversities(signal), []);
  const [q, setQ] = useState(query.q ?? '');
  const set = (name: string, value: string | null) => setParams(listAddress(params, { [name]: value }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    set('q', q.trim() || null);
  };
  const column = (name: string) => t(`content.library.columns.${name}`);
  const selectClass = `${controlClass(false)} text-sm`;

  return (
    <section data-testid="admin-library" className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('content.library.title')}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t('content.library.description')}</p>
        </div>
        <Link to={ROUTES.adminEbook('new')} data-testid="admin-library-new" className={primaryButtonClass}>
          {t('content.library.newItem')}
        </Link>
      </header>

      <form role="search" onSubmit={search} aria-label={t('content.filters')} data-testid="admin-library-filters" className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-800">
        <label className={labelClass}>
          {t('content.library.collection')}
          <select name="collection" value={query.collection ?? ''} onChange={(event) => set('collection', event.target.value)} className={selectClass}>
            <option value="">{t('content.library.allCollections')}</option>
            {LIBRARY_COLLECTIONS.map((value) => (
              <option key={value} value={value}>{t(`list.tabs.${value}`)}</option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          {t('content.library.status')}
          <select name="status" value={query.status ?? ''} onChange={(event) => set('status', event.target.value)} className={selectClass}>
            <option value="">{t('content.library.allStatuses')}</option>
            {CONTENT_STATUSES.map((value) => (
              <option key={value} value={value}>{t(`common:content.status${value[0]!.toUpperCase()}${value.slice(1)}`)}</option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          {t('content.library.category')}
          <select name="category_id" value={query.category_id ? String(query.category_id) : ''} onChange={(event) => set('category_id', event.target.value)} className={selectClass}>
            <option value="">{t('content.library.allCategories')}</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={String(category.id)}>{localizedField(category, 'name', locale)}</option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          {t('content.library.university')}
          <select name="university_id" value={query.university_id ? String(query.university_id) : ''} onChange={(event) => set('university_id', event.target.value)} className={selectClass}>
            <option value="">{t('content.library.allUniversities')}</option>
            {(universities.data ?? []).map((university) => (
              <option key={university.id} value={String(university.id)}>{localizedField(university, 'name', locale)}</option>
            ))}
          </select>
        </label>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
          <label className={`${labelClass} flex-1`}>
            {t('content.library.search')}
            <input type="search" name="q" value={q} maxLength={200} placeholder={t('content.library.searchPlaceholder')} onChange={(event) => setQ(event.target.value)} className={selectClass} data-testid="admin-library-q" />
          </label>
          <button type="submit" data-testid="admin-library-search" className={primaryButtonClass}>{t('content.library.search')}</button>
          <button
            type="button"
            onClick={() => {
              setQ('');
              setParams(new URLSearchParams());
            }}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-emerald-800 underline dark:text-emerald-300"
          >
            {t('content.clear')}
          </button>
        </div>
      </form>

      <ListState failed={list.status === 'failed'} loading={!list.data || beyond} empty={list.data?.data.length === 0} emptyText={t('content.library.empty')} onRetry={list.reload}>
        {list.data ? (
          <>
            <p data-testid="admin-library-count" aria-live="polite" className="text-sm text-slate-600 dark:text-slate-300">
              {t('content.results', { count: list.data.tot, formatted: formatNumber(list.data.tot, locale) })}
            </p>
            <StackedTable testId="admin-library-table" busy={list.status === 'loading'} head={['title', 'section', 'status', 'category', 'university', 'updated'].map(column)}>
              {list.data.data.map((item) => {
                const title = localizedField(item, 'title', locale) || t('content.library.untitled');
                const editor = item.research_id === null ? ROUTES.adminEbook(item.id) : ROUTES.adminResearchEdit(item.research_id);
                return (
                  <tr key={item.id} data-testid="admin-library-row" data-id={item.id} data-status={item.status} className={stackedRow}>
                    <StackedCell label={column('title')}>
                      <div className="flex items-start gap-3">
                        {item.image ? <img src={fileUrl(item.image)} alt="" width={32} height={44} className="h-11 w-8 shrink-0 rounded object-cover" /> : null}
                        <div className="min-w-0">
                          <Link to={editor} state={back} dir="auto" className={linkClass} data-testid="admin-library-edit">{title}</Link>
                          {item.research_id !== null ? (
                            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="admin-library-research">
                              <span className="me-1 rounded-full border border-sky-700 px-2 text-sky-800 dark:border-sky-400 dark:text-sky-200">{t('content.library.research')}</span>
                              {t('content.library.researchHint')}
                            </p>
                          ) : null}
                        </div>
                      </div>
                    </StackedCell>
                    <StackedCell label={column('section')}>
                      {t(`list.tabs.${item.collection}`)}
                      <span className="block text-xs text-slate-500 dark:text-slate-400">{t(`docTypes.${item.doc_type}`)}</span>
                    </StackedCell>
                    <StackedCell label={column('status')}>
                      <StatusBadge status={item.status} />
                    </StackedCell>
                    <StackedCell label={column('category')}>{item.category ? localizedField(item.category, 'name', locale) : t('fallback.category')}</StackedCell>
                    <StackedCell label={column('university')}>{item.university ? localizedField(item.university, 'name', locale) : t('content.none')}</StackedCell>
                    <StackedCell label={column('updated')}>
                      <time dateTime={item.updated_at}>{formatDate(item.updated_at, locale)}</time>
                    </StackedCell>
                  </tr>
                );
              })}
            </StackedTable>
            <Pagination page={query.page} pages={pages} testId="admin-library-pagination" />
          </>
        ) : null}
      </ListState>
    </section>
  );
}
