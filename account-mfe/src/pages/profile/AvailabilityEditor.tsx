import { useTranslation } from 'react-i18next';
import { controlClass, secondaryButtonClass } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../../i18n';
import { availabilityProblems, type AvailabilityRow } from '../../lib/consultations';

/** Weekdays 0-6 as the API numbers them (0 = Sunday), in the order the UAE week is shown. */
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * The weekly availability: rows of weekday, from, to (the consultant's wall clock), added and
 * removed; each row's problem (overlap on the same day, end before start, shorter than a session)
 * is shown under it as the consultant types. `onChange` receives the new rows.
 */
export function AvailabilityEditor({ rows, sessionMinutes, onChange }: { rows: AvailabilityRow[]; sessionMinutes: number; onChange: (rows: AvailabilityRow[]) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const problems = availabilityProblems(rows, sessionMinutes);
  const update = (index: number, change: Partial<AvailabilityRow>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const last = rows[rows.length - 1];
  return (
    <fieldset data-testid="availability-editor">
      <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">{t('application.availability')}</legend>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('application.availabilityHint')}</p>
      <ul className="mt-2 space-y-2">
        {rows.map((row, index) => {
          const problem = problems[index];
          return (
            <li key={index} data-testid="availability-row" className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              {/*
                Below sm (390 px overflowed in one row): the weekday on a row of its own, the two times
                sharing the next, the remove button, named, at the end of a third (the reading order kept).
              */}
              <div className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[minmax(0,1fr)_auto_auto_auto]">
                <label className="col-span-2 block min-w-0 text-sm sm:col-span-1">
                  <span className="text-slate-700 dark:text-slate-200">{t('application.weekday')}</span>
                  <select value={row.weekday} onChange={(event) => update(index, { weekday: Number(event.target.value) })} className={`${controlClass(false)} min-w-0`} data-testid="availability-weekday">
                    {WEEKDAYS.map((day) => <option key={day} value={day}>{t(`application.weekdays.${day}`)}</option>)}
                  </select>
                </label>
                <label className="block min-w-0 text-sm">
                  <span className="text-slate-700 dark:text-slate-200">{t('application.start')}</span>
                  <input type="time" dir="ltr" value={row.start} onChange={(event) => update(index, { start: event.target.value })} className={`${controlClass(Boolean(problem))} min-w-0`} data-testid="availability-start" />
                </label>
                <label className="block min-w-0 text-sm">
                  <span className="text-slate-700 dark:text-slate-200">{t('application.end')}</span>
                  <input type="time" dir="ltr" value={row.end} onChange={(event) => update(index, { end: event.target.value })} className={`${controlClass(Boolean(problem))} min-w-0`} data-testid="availability-end" />
                </label>
                <button type="button" onClick={() => onChange(rows.filter((_, at) => at !== index))} className="col-span-2 mb-1 justify-self-end rounded-lg border border-slate-300 px-3 py-2 text-red-700 hover:bg-red-50 sm:col-span-1 dark:border-slate-700 dark:text-red-400 dark:hover:bg-slate-800" aria-label={t('application.removeRow')} data-testid="availability-remove">
                  <span aria-hidden="true">×</span>
                  <span aria-hidden="true" className="ms-2 text-sm sm:hidden">{t('application.removeRow')}</span>
                </button>
              </div>
              {problem ? <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400" data-testid="availability-problem">{t(`application.errors.${problem}`)}</p> : null}
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={() => onChange([...rows, { weekday: last?.weekday ?? 0, start: last?.end ?? '09:00', end: '' }])} className={`${secondaryButtonClass} mt-2`} data-testid="availability-add">
        <span aria-hidden="true" className="me-1">+</span>
        {t('application.addRow')}
      </button>
    </fieldset>
  );
}
