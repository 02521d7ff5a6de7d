import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLocale, usePageTitle } from '@scholars/shared-contracts';
import { localizedField } from '@scholars/shared-contracts/locale';
import { pageCount, SEARCH_MAX_LENGTH } from '@scholars/shared-contracts/constants';
import type { CommunityCategory, ResearchCommunityItem } from '@scholars/shared-contracts/schemas';
import { EmptyState, listReturnState, Pagination, usePageInRange } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import { fetchCategories } from '../api/community-categories';
import { fetchResearchPage } from '../api/research-community';
import { ResearchCard } from '../components/ResearchCard';
import { Highlighted, listSort, SORT_RESET, SortSelect, sortChange } from '@scholars/shared-contracts/ui/search';

/** The sorts the list offers (`name` is the title in the page's language); `updated` is the default. */
const SORTS = ['updated', 'name'] as const;

/**
 * Research per page of the list: three rows of the three-column grid. (Spec 7's limit 12 is the
 * home page slider's call; the spec leaves the list's page size open.)
 */
export const LIST_PAGE_SIZE = 9;

/** The list's state lives in the URL: `?category=<id>&search=<text>&page=<n>` and the sort (`sort`, `qsort`: ui/search listSort). */
export function readListQuery(params: URLSearchParams) {
  const category = Number(params.get('category'));
  const page = Number(params.get('page'));
  return {
    categoryId: Number.isInteger(category) && category > 0 ? category : null,
    search: (params.get('search') ?? '').slice(0, SEARCH_MAX_LENGTH),
    page: Number.isInteger(page) && page > 0 && page <= 1_000_000 ? page : 1,
  };
}

type ListState =
  | { status: 'loading' }
  | { status: 'ready'; data: ResearchCommunityItem[]; tot: number }
  | { status: 'failed' };

/** /research-community and /community: category filter, Arabic-aware search, pagination. */
export function CommunityList() {
  const { t } = useTranslation(NAMESPACE);
  usePageTitle(t('list.title'));
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  // The query of this page of the list, kept by a research opened from it for its "Back to".
  const back = listReturnState(useLocation().search);
  const { categoryId, search, page } = readListQuery(params);
  const sort = listSort(params, search, SORTS, 'updated');
  const [draft, setDraft] = useState(search);
  const [categories, setCategories] = useState<CommunityCategory[]>([]);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const searchId = useId();
  const categoryFieldId = useId();

  // The box follows the URL (back/forward, a link with a search).
  useEffect(() => setDraft(search), [search]);

  useEffect(() => {
    fetchCategories().then(setCategories, (error: unknown) => console.error('[community] categories failed', error));
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    const col = sort === 'name' && locale === 'en' ? 'name_en' : sort;
    fetchResearchPage({ category_id: categoryId, limit: LIST_PAGE_SIZE, page, col, search }, { signal: controller.signal }).then(
      (result) => setState({ status: 'ready', ...result }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[community] research list failed', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [categoryId, search, page, attempt, sort, locale]);

  /** A new URL: back to page 1; the sort kept, but a new or cleared term sorts by best match again. */
  const update = (next: { categoryId?: number | null; search?: string }, sortChanges: Record<string, string | null> = {}) => {
    const merged = { categoryId, search, ...next };
    const query = new URLSearchParams();
    if (merged.categoryId) query.set('category', String(merged.categoryId));
    if (merged.search.trim()) query.set('search', merged.search.trim());
    const sorts = { sort: params.get('sort'), qsort: params.get('qsort'), ...(merged.search.trim() === search ? {} : SORT_RESET), ...sortChanges };
    for (const [key, value] of Object.entries(sorts)) if (value) query.set(key, value);
    setParams(query);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update({ search: draft });
  };

  const pages = state.status === 'ready' ? pageCount(state.tot, LIST_PAGE_SIZE) : 1;
  // Past the last page: the address becomes the last page's (the list loads meanwhile).
  const beyond = usePageInRange(page, state.status === 'ready' ? pages : undefined);
  const fieldClass =
    'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

  return (
    <section data-testid="community-list" className="mx-auto max-w-7xl px-4 py-10">
      <header className="mb-8">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('list.title')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t('list.description')}</p>
      </header>

      <form role="search" onSubmit={onSubmit} className="mb-6 grid gap-3 md:grid-cols-[1fr_16rem_auto] md:items-end" data-testid="community-filters">
        <div>
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('list.searchLabel')}</label>
          <input
            id={searchId}
            type="search"
            name="search"
            value={draft}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={t('list.searchPlaceholder')}
            onChange={(event) => setDraft(event.target.value)}
            className={fieldClass}
            dir="auto"
          />
        </div>
        <div>
          <label htmlFor={categoryFieldId} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('list.categoryLabel')}</label>
          <select
            id={categoryFieldId}
            name="category"
            value={categoryId ?? ''}
            onChange={(event) => update({ categoryId: event.target.value ? Number(event.target.value) : null, search: draft })}
            className={fieldClass}
          >
            <option value="">{t('list.allCategories')}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {localizedField(category, 'name', locale)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className="rounded-lg bg-emerald-700 px-5 py-2 font-medium text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700">
            {t('list.search')}
          </button>
          {search || categoryId ? (
            <button
              type="button"
              onClick={() => {
                setDraft('');
                update({ categoryId: null, search: '' });
              }}
              className="rounded-lg border border-slate-300 px-4 py-2 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              {t('list.clear')}
            </button>
          ) : null}
        </div>
      </form>

      <div aria-live="polite" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' || beyond ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="community-list-loading">
            {Array.from({ length: 6 }, (_, index) => (
              <div key={index} className="h-80 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none dark:bg-slate-800" />
            ))}
          </div>
        ) : state.status === 'failed' ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
            <p>{t('list.loadFailed')}</p>
            <button type="button" onClick={() => setAttempt((n) => n + 1)} className="mt-3 rounded-lg border border-current px-4 py-2">
              {t('list.retry')}
            </button>
          </div>
        ) : (
          <>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="community-results-count">
                {t('list.results', { count: state.tot })}
              </p>
              <SortSelect
                label={t('sort.label')}
                relevanceLabel={t('sort.relevance')}
                term={search}
                value={sort}
                options={SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
                onChange={(value) => update({}, sortChange(search, value, 'updated'))}
                testId="community-sort"
              />
            </div>
            {state.data.length ? (
              <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="community-results">
                {state.data.map((item) => (
                  <ResearchCard key={item.id} item={item} headingLevel={2} mark={(text) => <Highlighted text={text} search={search} />} linkState={back} />
                ))}
              </div>
            ) : (
              <EmptyState message={search || categoryId ? t('list.noResults') : undefined} />
            )}
            <Pagination page={page} pages={pages} />
          </>
        )}
      </div>
    </section>
  );
}
