import { useEffect } from 'react';
import { Link, useLocation, useNavigate, type Location } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Page numbers to show: the first, the last, and the current one with its neighbours; null marks a gap. */
export function pageWindow(page: number, pages: number): Array<number | null> {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) out.push(null);
    out.push(n);
  });
  return out;
}

/**
 * A list's address after `changes` to its query: an empty value (`null`, `undefined`, `''`,
 * `false`) removes its key, any other is written as text, and every change but the page itself
 * goes back to the first page (a new filter or search starts over).
 */
export function listAddress(params: URLSearchParams, changes: Record<string, string | number | boolean | null | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '' || value === false) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** The address of page `target` of the list at `location`: only `page` changes (page 1 has none). */
function pageAddress(location: Location, target: number) {
  const params = new URLSearchParams(location.search);
  if (target <= 1) params.delete('page');
  else params.set('page', String(target));
  const search = params.toString();
  return { pathname: location.pathname, search: search ? `?${search}` : '' };
}

/**
 * A list's page past its last (an old link, a list that shrank, a hand-typed `page=999`): once the
 * number of pages is known (`pages`, undefined while the total is not), the address is replaced
 * (no new history entry) by the last page's, the rest of its query kept. Answers whether the page
 * is past the last, so the list shows its loading state meanwhile rather than an empty page.
 */
export function usePageInRange(page: number, pages: number | undefined): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (pages === undefined || page <= pages) return;
    const last = pageAddress(location, pages);
    if (last.search !== location.search) void navigate({ ...last, hash: location.hash }, { replace: true, state: location.state });
  }, [page, pages, location, navigate]);
  return pages !== undefined && page > pages;
}

/**
 * Links that change only `page` in the URL: a list keeps its filters, search and tab there, so a
 * page is shareable and survives a reload. Nothing is shown for a single page.
 */
export function Pagination({ page, pages, testId = 'pagination' }: { page: number; pages: number; testId?: string }) {
  const { t } = useTranslation('common');
  const location = useLocation();
  if (pages <= 1) return null;
  const href = (target: number) => pageAddress(location, target);
  const base = 'inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium';
  const idle = `${base} border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800`;
  const disabled = `${base} cursor-not-allowed border-slate-200 text-slate-400 dark:border-slate-800 dark:text-slate-600`;
  return (
    <nav aria-label={t('pagination.label')} data-testid={testId} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={idle}>
          <span aria-hidden="true" className="inline-block rtl:rotate-180">‹</span>
          <span className="ms-1">{t('pagination.previous')}</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>{t('pagination.previous')}</span>
      )}
      {pageWindow(page, pages).map((n, index) =>
        n === null ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">…</span>
        ) : n === page ? (
          <span key={n} aria-current="page" data-page={n} className={`${base} border-emerald-700 bg-emerald-700 text-white`}>
            <span className="sr-only">{t('pagination.pageOf', { page: n, pages })}</span>
            <span aria-hidden="true">{n}</span>
          </span>
        ) : (
          <Link key={n} to={href(n)} aria-label={t('pagination.page', { page: n })} className={idle}>{n}</Link>
        ),
      )}
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className={idle}>
          <span className="me-1">{t('pagination.next')}</span>
          <span aria-hidden="true" className="inline-block rtl:rotate-180">›</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>{t('pagination.next')}</span>
      )}
    </nav>
  );
}
