import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAsync } from './use-async';
import { routeId } from '../schemas/constants';

export interface EditScreenTexts {
  /** While the record loads. */
  loading: string;
  /** No such record, or not the user's. */
  notFound: string;
  /** The link to a new, empty form (under "not found" and "not editable"). */
  newLink: string;
}

export interface EditScreenProps<T> {
  /** The page's `?edit=` value: digits name a record; anything else names none (nothing is asked). */
  id: string;
  /** Reads the user's record: null, or a failure, shows "not found". */
  load: (id: string, signal: AbortSignal) => Promise<T | null>;
  /** Whether the record may still be edited (not yet reviewed or decided). */
  editable: (record: T) => boolean;
  /** What a record that can no longer be edited shows above the new-form link: its title, its status, the reviewer's word. */
  decided: (record: T) => ReactNode;
  /** The form, prefilled with the record. */
  form: (record: T) => ReactNode;
  texts: EditScreenTexts;
  /** The address of a new form (the page without `?edit=`). */
  newPath: string;
  /** Test ids `<prefix>-not-found` and `<prefix>-not-editable`. */
  testIdPrefix: string;
}

/**
 * The edit mode of a form page (`?edit=<id>`: a conference request, a research submission): loads the
 * user's record, then says it does not exist, or that it can no longer be edited, or shows the form.
 * Give it a `key` of the id, so another id starts afresh.
 */
export function EditScreen<T>({ id, load, editable, decided, form, texts, newPath, testIdPrefix }: EditScreenProps<T>) {
  const state = useAsync((signal) => (routeId(id) !== null ? load(id, signal) : Promise.resolve(null)), [id]);
  if (state.status === 'loading') return <p aria-busy="true" className="text-slate-500 dark:text-slate-400">{texts.loading}</p>;
  if (state.status === 'failed' || state.data === null) {
    return (
      <div role="alert" data-testid={`${testIdPrefix}-not-found`} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
        <p>{texts.notFound}</p>
        <Link to={newPath} className="mt-3 inline-block font-semibold text-emerald-700 hover:underline dark:text-emerald-400">{texts.newLink}</Link>
      </div>
    );
  }
  const record = state.data;
  if (!editable(record)) {
    return (
      <div role="status" data-testid={`${testIdPrefix}-not-editable`} className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
        {decided(record)}
        <Link to={newPath} className="mt-3 inline-block font-semibold underline">{texts.newLink}</Link>
      </div>
    );
  }
  return form(record);
}
