import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fileUrl, useLocale, usePageTitle } from '@scholars/shared-contracts';
import { LIBRARY_COLLECTIONS, LIBRARY_PAGE_SIZE, pageCount, SEARCH_MAX_LENGTH, type LibraryCollection, routeId } from '@scholars/shared-contracts/constants';
import { EmptyState, listAddress, useAsync, Pagination, Tabs, usePageInRange } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import { fetchCategories } from '../api/community-categories';
import { fetchLibraryPage } from '../api/library';
import { fetchUniversities } from '../api/universities';
import { localizedField } from '@scholars/shared-contracts/locale';
import { BookCard } from '../components/BookCard';
import { MembersOnly } from '../components/MembersOnly';
import { listSort, SORT_RESET, SortSelect, sortChange } from '@scholars/shared-contracts/ui/search';

/** The sorts the list offers (`title` is the title in the page's language); `updated` is the default. */
const SORTS = ['updated', 'title', 'year'] as const;

const positiveInt = (value: string | null) => (value && /^\d{1,9}$/.test(value) && Number(value) >= 1 ? Number(value) : null);

/** The list's state, all in the URL: `?tab=&q=&category=&university=&page=&sort=&qsort=`. */
function useListParams() {
  const [params] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: LibraryCollection = (LIBRARY_COLLECTIONS as readonly string[]).includes(tabParam ?? '') ? (tabParam as LibraryCollection) : 'university';
  const q = params.get('q') ?? '';
  return {
    params,
    tab,
    q,
    sort: listSort(params, q, SORTS, 'updated'),
    category: routeId(params.get('category')),
    university: routeId(params.get('university')),
    page: positiveInt(params.get('page')) ?? 1,
  };
}

const selectClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/** /research-library (auth): tabs university libraries and e-books, search, filters, pagination (spec 2). */
export function LibraryList() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <MembersOnly title={t('list.title')} message={t('list.signIn')} testId="library-list">
      <MembersLibrary />
    </MembersOnly>
  );
}

function MembersLibrary() {
  const { t } = useTranslation(NAMESPACE);
  usePageTitle(t('list.title'));
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { params, tab, q, sort, category, university, page } = useListParams();
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const go = (changes: Record<string, string | number | null>) => {
    const search = listAddress(params, changes).toString();
    navigate({ search: search ? `?${search}` : '' });
  };

  const categories = useAsync((signal) => fetchCategories(signal), []);
  const universities = useAsync((signal) => fetchUniversities(signal), []);
  const list = useAsync(
    (signal) =>
      fetchLibraryPage(
        {
          collection: tab,
          search: q,
          category_id: category,
          university_id: university,
          limit: LIBRARY_PAGE_SIZE,
          page,
          col: sort === 'title' && locale === 'en' ? 'title_en' : sort,
        },
        signal,
      ),
    [tab, q, category, university, page, sort, locale],
  );

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: draft.trim(), ...(draft.trim() === q ? {} : SORT_RESET) });
  };

  const universityRows = universities.data ?? [];
  const selectedUniversity = universityRows.find((u) => u.id === university);
  const pages = list.data ? pageCount(list.data.tot, LIBRARY_PAGE_SIZE) : 1;
  // Past the last page: the address becomes the last page's (the list loads meanwhile).
  const beyond = usePageInRange(page, list.status === 'ready' ? pages : undefined);

  const filters = (
    <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr] dark:border-slate-800 dark:bg-slate-900">
      <form role="search" onSubmit={submitSearch} className="flex items-end gap-2" data-testid="library-search">
        <label className="flex-1">
          <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('list.searchLabel')}</span>
          <input
            type="search"
            name="q"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('list.searchPlaceholder')}
            maxLength={SEARCH_MAX_LENGTH}
            className={selectClass}
          />
        </label>
        <button type="submit" className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">
          {t('list.search')}
        </button>
        {q ? (
          <button type="button" onClick={() => go({ q: null, ...SORT_RESET })} className="rounded-lg border border-slate-300 px-3 py-2 text-sm dark:border-slate-700">
            {t('list.clear')}
          </button>
        ) : null}
      </form>
      <label>
        <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('list.categoryLabel')}</span>
        <select value={category ?? ''} onChange={(event) => go({ category: event.target.value || null })} className={selectClass} name="category">
          <option value="">{t('list.allCategories')}</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>{localizedField(c, 'name', locale)}</option>
          ))}
        </select>
      </label>
      <label>
        <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('list.universityLabel')}</span>
        <select value={university ?? ''} onChange={(event) => go({ university: event.target.value || null })} className={selectClass} name="university">
          <option value="">{t('list.allUniversities')}</option>
          {universityRows.map((u) => (
            <option key={u.id} value={u.id}>{localizedField(u, 'name', locale)}</option>
          ))}
        </select>
      </label>
    </div>
  );

  const results = (
    <div className="mt-6">
      {list.status === 'failed' ? (
        <div role="alert" className="rounded-xl border border-red-200 p-6 text-center dark:border-red-900">
          <p className="text-red-700 dark:text-red-300">{t('list.loadFailed')}</p>
          <button type="button" onClick={list.reload} className="mt-3 rounded-lg border border-slate-300 px-4 py-2 dark:border-slate-700">{t('list.retry')}</button>
        </div>
      ) : !list.data || beyond ? (
        <p aria-busy="true" className="py-10 text-center text-slate-500 dark:text-slate-400">{t('details.loading')}</p>
      ) : list.data.data.length === 0 ? (
        <EmptyState testId="library-empty" message={q || category || university ? t('list.noResults') : undefined} />
      ) : (
        <>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite" data-testid="library-count">
              {t('list.results', { count: list.data.tot })}
            </p>
            <SortSelect
              label={t('sort.label')}
              relevanceLabel={t('sort.relevance')}
              term={q}
              value={sort}
              options={SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
              onChange={(value) => go(sortChange(q, value, 'updated'))}
              testId="library-sort"
            />
          </div>
          <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${list.status === 'loading' ? 'opacity-60' : ''}`} aria-busy={list.status === 'loading'} data-testid="library-results">
            {list.data.data.map((item) => (
              <BookCard key={item.id} item={item} search={q} />
            ))}
          </ul>
          <Pagination page={page} pages={pages} testId="library-pagination" />
        </>
      )}
    </div>
  );

  const universitiesPanel = (
    <section aria-labelledby="library-universities" className="mb-6">
      <h2 id="library-universities" className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-50">
        {selectedUniversity ? t('list.showingUniversity', { name: localizedField(selectedUniversity, 'name', locale) }) : t('list.universitiesTitle')}
      </h2>
      {selectedUniversity ? (
        <div className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="library-university-selected">
          <img src={fileUrl(selectedUniversity.logo)} alt="" width={48} height={48} className="size-12 rounded-lg" />
          <div className="min-w-0 flex-1">
            <p className="text-sm text-slate-600 dark:text-slate-300">{localizedField(selectedUniversity, 'description', locale)}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{localizedField(selectedUniversity, 'country', locale)}</p>
            {selectedUniversity.website ? (
              <a href={selectedUniversity.website} target="_blank" rel="noopener noreferrer" data-testid="library-university-website" className="mt-1 inline-block text-sm font-semibold text-emerald-800 underline dark:text-emerald-300">
                {t('list.website')}
                <span aria-hidden="true" className="ms-1 inline-block rtl:-scale-x-100">↗</span>
              </a>
            ) : null}
          </div>
          <button type="button" onClick={() => go({ university: null })} className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium dark:border-slate-700">
            {t('list.showAll')}
          </button>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="library-universities">
          {universityRows.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                onClick={() => go({ university: u.id })}
                className="flex w-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-start hover:border-emerald-600 hover:shadow-sm dark:border-slate-800 dark:bg-slate-900 dark:hover:border-emerald-500"
              >
                <img src={fileUrl(u.logo)} alt="" width={40} height={40} className="size-10 shrink-0 rounded-md" />
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-slate-900 dark:text-slate-50">{localizedField(u, 'name', locale)}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {localizedField(u, 'country', locale)} · {t('list.universityItems', { count: u.items })}
                  </span>
                </span>
              </button>
              {u.website ? (
                <a href={u.website} target="_blank" rel="noopener noreferrer" data-testid="library-university-site" className="mt-1 inline-block ps-3 text-xs font-semibold text-emerald-800 underline dark:text-emerald-300">
                  {t('list.website')}
                  <span className="sr-only"> ({localizedField(u, 'name', locale)})</span>
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <section data-testid="library-list" className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('list.title')}</h1>
      <p className="mt-2 mb-6 text-slate-600 dark:text-slate-300">{t('list.description')}</p>
      <Tabs
        label={t('list.tabsLabel')}
        active={tab}
        onChange={(key) => go({ tab: key === 'university' ? null : key })}
        tabs={[
          {
            key: 'university',
            label: t('list.tabs.university'),
            content: () => (
              <>
                {universitiesPanel}
                {filters}
                {results}
              </>
            ),
          },
          {
            key: 'ebooks',
            label: t('list.tabs.ebooks'),
            content: () => (
              <>
                {filters}
                {results}
              </>
            ),
          },
        ]}
      />
    </section>
  );
}
