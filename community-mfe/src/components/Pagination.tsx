import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** The pages to show: first, last, the current one and its neighbours; null marks a gap. */
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

/** Page links that keep the rest of the query (filters stay in the URL). */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation(NAMESPACE);
  const location = useLocation();
  if (pages <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete('page');
    else params.set('page', String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  const base = 'inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm';
  const idle = `${base} border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800`;
  const disabled = `${base} border-slate-200 text-slate-400 dark:border-slate-800 dark:text-slate-600`;
  return (
    <nav aria-label={t('pagination.label')} className="mt-8 flex flex-wrap items-center justify-center gap-2" data-testid="pagination">
      {page > 1 ? (
        <Link to={href(page - 1)} className={idle} rel="prev">
          <span aria-hidden="true" className="inline-block rtl:rotate-180">‹</span>
          <span className="ms-1">{t('pagination.previous')}</span>
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">{t('pagination.previous')}</span>
      )}
      {pageWindow(page, pages).map((n, index) =>
        n === null ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">…</span>
        ) : n === page ? (
          <span key={n} aria-current="page" className={`${base} border-emerald-700 bg-emerald-700 font-semibold text-white`}>
            <span className="sr-only">{t('pagination.pageOf', { page: n, pages })}</span>
            <span aria-hidden="true">{n}</span>
          </span>
        ) : (
          <Link key={n} to={href(n)} className={idle} aria-label={t('pagination.page', { page: n })}>
            {n}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link to={href(page + 1)} className={idle} rel="next">
          <span className="me-1">{t('pagination.next')}</span>
          <span aria-hidden="true" className="inline-block rtl:rotate-180">›</span>
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">{t('pagination.next')}</span>
      )}
    </nav>
  );
}
