import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiError, ROUTES, useLocale } from '@scholars/shared-contracts';
import { EmptyState, useAsync, type AsyncState } from '@scholars/shared-contracts/ui';
import { formatDate, formatNumber, localizedField } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import { fetchReviewQueue } from '../../api/review';
import { fetchMyStudents } from '../../api/supervision';
import { ageInDays } from '../../lib/review-clock';
import { ClockBadge } from '../../components/ClockBadge';

/** How many waiting submissions the console lists at once (a supervisor's students are few). */
const TO_APPROVE_LIMIT = 100;

function Loading<T>({ state, children }: { state: AsyncState<T> & { reload: () => void }; children: (data: T) => ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  if (state.status === 'failed')
    return (
      <div role="alert" className="rounded-xl border border-red-200 p-4 text-red-800 dark:border-red-900 dark:text-red-200">
        <p>{isApiError(state.error) ? state.error.message : t('admin.loadFailed')}</p>
        <button type="button" onClick={state.reload} className="mt-2 font-semibold underline">{t('admin.retry')}</button>
      </div>
    );
  if (state.data === undefined) return <p role="status" className="text-slate-500 dark:text-slate-400">{t('admin.loading')}</p>;
  return <>{children(state.data)}</>;
}

/** `/admin/supervision` (supervisor): "My students" and "To approve". */
export function SupervisorConsole() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const students = useAsync((signal) => fetchMyStudents(signal), []);
  const waiting = useAsync((signal) => fetchReviewQueue({ status: 'pending_supervisor', page: 1, limit: TO_APPROVE_LIMIT }, signal), []);
  const number = (value: number) => formatNumber(value, locale);
  const th = 'px-3 py-2 text-start font-semibold text-slate-700 dark:text-slate-200';
  const td = 'px-3 py-2 align-top max-md:flex max-md:gap-2 max-md:px-0 max-md:py-1';
  const cardLabel = (name: string) => <span className="shrink-0 font-medium text-slate-600 md:hidden dark:text-slate-300">{t(`admin.supervision.columns.${name}`)}:</span>;

  return (
    <section data-testid="supervisor-console" className="space-y-10">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('admin.supervision.title')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t('admin.supervision.description')}</p>
      </header>

      <section aria-labelledby="supervision-to-approve" className="space-y-3">
        <h2 id="supervision-to-approve" className="text-xl font-semibold">{t('admin.supervision.toApprove')}</h2>
        <Loading state={waiting}>
          {(page) =>
            page.data.length === 0 ? (
              <EmptyState message={t('admin.supervision.nothingToApprove')} testId="supervision-nothing" />
            ) : (
              <ul className="space-y-3">
                {page.data.map((item) => {
                  const age = ageInDays(item.submitted_at);
                  return (
                    <li key={item.id} data-testid="supervision-item" data-id={item.id} className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                      <div className="min-w-0 flex-1">
                        <Link to={ROUTES.adminResearch(item.id)} dir="auto" className="font-semibold text-emerald-800 underline dark:text-emerald-300">
                          {localizedField(item, 'title', locale)}
                        </Link>
                        <p className="text-sm text-slate-600 dark:text-slate-300">
                          <span dir="auto">{item.owner.name}</span> · {t(`exchange.types.${item.research_type}`)} · {t('age.waiting', { count: age, formatted: number(age) })}
                        </p>
                      </div>
                      <ClockBadge clock={item.clock} />
                      <Link to={ROUTES.adminResearch(item.id)} data-testid="supervision-open" className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800">
                        {t('admin.supervision.open')}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )
          }
        </Loading>
      </section>

      <section aria-labelledby="supervision-students" className="space-y-3">
        <h2 id="supervision-students" className="text-xl font-semibold">{t('admin.supervision.students')}</h2>
        <Loading state={students}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState message={t('admin.supervision.noStudents')} testId="supervision-no-students" />
            ) : (
              <table className="w-full text-sm max-md:block">
                <thead className="border-b border-slate-200 max-md:sr-only dark:border-slate-800">
                  <tr>
                    {['name', 'email', 'since', 'open', 'awaiting'].map((name) => (
                      <th key={name} scope="col" className={th}>{t(`admin.supervision.columns.${name}`)}</th>
                    ))}
                  </tr>
                </thead>
                <tbody className="max-md:block max-md:space-y-3">
                  {list.map((student) => (
                    <tr key={student.id} data-testid="supervision-student" className="border-b border-slate-100 max-md:block max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:p-4 dark:border-slate-800">
                      <td className={td}>{cardLabel('name')}<span dir="auto" className="font-medium">{student.name}</span></td>
                      <td className={td}>
                        {cardLabel('email')}
                        {/* Stacked on a phone, the address (no break in it) wraps inside the card, not past its edge. */}
                        <a href={`mailto:${student.email}`} dir="ltr" className="min-w-0 underline max-md:wrap-anywhere">{student.email}</a>
                      </td>
                      <td className={td}>{cardLabel('since')}{student.since ? formatDate(student.since, locale, 'date') : '—'}</td>
                      <td className={td}>{cardLabel('open')}{number(student.open_submissions)}</td>
                      <td className={td}>
                        {cardLabel('awaiting')}
                        <span data-testid="supervision-awaiting" className={student.awaiting_you > 0 ? 'font-semibold text-amber-800 dark:text-amber-200' : ''}>{number(student.awaiting_you)}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }
        </Loading>
      </section>
    </section>
  );
}
