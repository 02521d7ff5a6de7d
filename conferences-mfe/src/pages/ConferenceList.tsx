import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { preloadedData, ROUTES, useLocale, usePageTitle } from '@scholars/shared-contracts';
import { CONFERENCE_MODES, pageCount, routeId } from '@scholars/shared-contracts/constants';
import type { ConferenceByCategoryBody, ConferenceCategory, ConferenceMode } from '@scholars/shared-contracts/schemas';
import { EmptyState, listAddress, useAsync, Pagination, usePageInRange } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import { fetchCategories } from '../api/conference-categories';
import { fetchByCategory } from '../api/conferences';
import { preloadKeys } from '../lib/preload-keys';
import { ConferenceCard } from '../components/ConferenceCard';
import { localizedField, type Locale } from '@scholars/shared-contracts/locale';
import { listSort, SORT_RESET, SortSelect, sortChange } from '@scholars/shared-contracts/ui/search';

/** Page sizes offered (`per_page` in the URL); the default fills two rows of the 3-column grid. */
export const PAGE_SIZES = [3, 6, 12, 24] as const;
export const DEFAULT_PAGE_SIZE = 6;
const MODES = CONFERENCE_MODES;
/** The sorts the list offers (`title` is the title in the page's language); `upcoming` is the default. */
const SORTS = ['upcoming', 'start_date', 'title'] as const;

/**
 * What the URL says: category in the path; `q`, `mode`, `page`, `per_page` and the sort (`sort`,
 * `qsort`: ui/search listSort) in the query (shareable, survives reload).
 */
export function readListParams(params: URLSearchParams) {
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const rawMode = params.get('mode');
  const mode = MODES.includes(rawMode as ConferenceMode) ? (rawMode as ConferenceMode) : null;
  const rawPage = Number(params.get('page') ?? '1');
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 100_000 ? rawPage : 1;
  const rawSize = Number(params.get('per_page') ?? DEFAULT_PAGE_SIZE);
  const perPage = (PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_PAGE_SIZE;
  return { q, mode, page, perPage, sort: listSort(params, q, SORTS, 'upcoming') };
}

/** The `conference/by-category` request of a list page (null: no valid category, nothing to ask). */
export function listRequest(
  categoryId: number | null,
  { q, mode, page, perPage, sort }: ReturnType<typeof readListParams>,
  locale: Locale,
): ConferenceByCategoryBody | null {
  const col = sort === 'title' && locale === 'en' ? 'title_en' : sort;
  return categoryId === null ? null : { category_id: categoryId, limit: perPage, page, col, search: q, mode };
}

/**
 * Is the list's category unknown? An id that is no number always is; a number is once the
 * categories are known (`categories`, undefined while they load or when they failed).
 */
export function isUnknownCategory(categoryId: number | null, categories: readonly Pick<ConferenceCategory, 'id'>[] | undefined): boolean {
  if (categoryId === null) return true;
  return categories !== undefined && !categories.some((category) => category.id === categoryId);
}

const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:scheme-dark';

/** /conferences/{categoryId} (spec 2, issue 3): search, category dropdown, mode filter, pagination, all in the URL. */
export function ConferenceList() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const categoryId = routeId(id);
  const [searchParams, setSearchParams] = useSearchParams();
  const listParams = readListParams(searchParams);
  const { q, mode, page, perPage, sort } = listParams;
  const [draft, setDraft] = useState(q);
  const ids = { category: useId(), mode: useId(), search: useId(), heading: useId(), perPage: useId() };

  // The search box follows the URL (back/forward, a shared link).
  useEffect(() => setDraft(q), [q]);

  const categories = useAsync<ConferenceCategory[]>(() => fetchCategories(), [], { initial: preloadedData(preloadKeys.categories) });
  const body = listRequest(categoryId, listParams, locale);
  const list = useAsync(
    (signal) => (body === null ? Promise.resolve({ status: true as const, data: [], tot: 0 }) : fetchByCategory(body, signal)),
    [categoryId, page, perPage, q, mode, sort, locale],
    { initial: body === null ? undefined : preloadedData<Awaited<ReturnType<typeof fetchByCategory>>>(preloadKeys.byCategory(body)) },
  );

  const update = (changes: Record<string, string | null>) => setSearchParams(listAddress(searchParams, changes));

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim() || null, ...(draft.trim() === q ? {} : SORT_RESET) });
  };

  const changeCategory = (value: string) => {
    const next = new URLSearchParams(searchParams);
    next.delete('page');
    const search = next.toString();
    navigate({ pathname: ROUTES.conferences(value), search: search ? `?${search}` : '' });
  };

  const categoryList = categories.status === 'ready' ? categories.data : [];
  const current = categoryList.find((category) => category.id === categoryId);
  const categoryName = current ? localizedField(current, 'name', locale) : null;
  const data = list.status === 'ready' || list.status === 'loading' ? list.data : undefined;
  const pages = data ? pageCount(data.tot, perPage) : 1;
  // Past the last page: the address becomes the last page's (the list loads meanwhile).
  const beyond = usePageInRange(page, list.status === 'ready' ? pages : undefined);
  const unknown = isUnknownCategory(categoryId, categories.status === 'ready' ? categoryList : undefined);
  // The document title: the category's name (the server gives the same, exposes/server.tsx).
  usePageTitle(unknown ? t('list.notFoundTitle') : categoryName);

  // A category that is not in the list (or an id that is no number) is not found, as an unknown
  // conference is: the server answers such a page with 404 (exposes/server.tsx).
  if (unknown) {
    const first = categoryList[0];
    return (
      <section data-testid="conferences-list" className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('list.notFoundTitle')}</h1>
        <p role="alert" data-testid="category-not-found" className="mt-4 text-slate-600 dark:text-slate-300">{t('list.notFound')}</p>
        {first ? (
          <Link to={ROUTES.conferences(first.id)} className="mt-6 inline-block font-semibold text-emerald-700 hover:underline dark:text-emerald-400">{t('list.allCategories')}</Link>
        ) : null}
      </section>
    );
  }

  return (
    <section data-testid="conferences-list" aria-labelledby={ids.heading} className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id={ids.heading} className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('list.title')}</h1>
          {categoryName ? <p data-testid="category-name" className="mt-1 text-lg font-medium text-emerald-800 dark:text-emerald-300">{categoryName}</p> : null}
          <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-300">{t('list.description')}</p>
        </div>
        <Link to={ROUTES.requestConference} className="rounded-lg border border-emerald-700 px-4 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 dark:border-emerald-500 dark:text-emerald-300 dark:hover:bg-emerald-950">
          {t('list.requestLink')}
        </Link>
      </div>

      <div className="mt-8 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 md:grid-cols-[2fr_1fr_1fr] dark:border-slate-800 dark:bg-slate-900/60">
        <form role="search" onSubmit={submitSearch} className="flex flex-col gap-1">
          <label htmlFor={ids.search} className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('list.search')}</label>
          <div className="flex gap-2">
            <input
              id={ids.search}
              type="search"
              name="q"
              value={draft}
              maxLength={200}
              onChange={(event) => {
                setDraft(event.target.value);
                if (event.target.value === '' && q) update({ q: null, ...SORT_RESET });
              }}
              className={inputClass}
            />
            <button type="submit" className="shrink-0 rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">{t('list.searchButton')}</button>
          </div>
        </form>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.category} className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('list.category')}</label>
          <select id={ids.category} value={categoryId ?? ''} onChange={(event) => changeCategory(event.target.value)} className={inputClass}>
            {categoryId !== null && !current ? <option value={categoryId}></option> : null}
            {categoryList.map((category) => (
              <option key={category.id} value={category.id}>{localizedField(category, 'name', locale)}</option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.mode} className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('list.mode')}</label>
          <select id={ids.mode} value={mode ?? ''} onChange={(event) => update({ mode: event.target.value || null })} className={inputClass}>
            <option value="">{t('list.allModes')}</option>
            {MODES.map((value) => (
              <option key={value} value={value}>{t(`modes.${value}`)}</option>
            ))}
          </select>
        </div>
      </div>

      <div aria-live="polite" aria-busy={list.status === 'loading'} className="mt-8">
        {list.status === 'failed' ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
            <p>{t('list.failed')}</p>
            <button type="button" onClick={list.reload} className="mt-3 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">{t('common:actions.retry')}</button>
          </div>
        ) : !data || beyond ? (
          <p className="py-16 text-center text-slate-500 dark:text-slate-400">{t('list.loading')}</p>
        ) : data.tot === 0 ? (
          <EmptyState message={q || mode ? t('list.noMatch') : t('list.empty')} />
        ) : (
          <>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <p data-testid="results-count" className="text-sm text-slate-600 dark:text-slate-300">
                {q ? t('list.resultsFor', { count: data.tot, query: q }) : t('list.results', { count: data.tot })}
              </p>
              <SortSelect
                label={t('sort.label')}
                relevanceLabel={t('sort.relevance')}
                term={q}
                value={sort}
                options={SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
                onChange={(value) => update(sortChange(q, value, 'upcoming'))}
                testId="conferences-sort"
              />
              <div className="flex items-center gap-2 text-sm">
                <label htmlFor={ids.perPage} className="text-slate-600 dark:text-slate-300">{t('list.perPage')}</label>
                <select
                  id={ids.perPage}
                  value={perPage}
                  onChange={(event) => update({ per_page: Number(event.target.value) === DEFAULT_PAGE_SIZE ? null : event.target.value })}
                  className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
                >
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>{size}</option>
                  ))}
                </select>
              </div>
            </div>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {data.data.map((conference, index) => (
                <li key={conference.id}>
                  {/* The grid's widest row has three cards. */}
                  <ConferenceCard conference={conference} firstRow={index < 3} search={q} />
                </li>
              ))}
            </ul>
            <Pagination page={page} pages={pages} />
          </>
        )}
      </div>
    </section>
  );
}
