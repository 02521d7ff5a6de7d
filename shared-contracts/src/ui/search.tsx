/**
 * What the public lists share about a search (issue 24): the searched words marked in a result's
 * texts, and the sort control with its "best match" while a term is searched.
 * A separate entry (`@scholars/shared-contracts/ui/search`): only the lists load it.
 */
import { useId, useMemo } from 'react';
import { highlightSegments } from '../search/highlight';

/**
 * `text` with the words of `search` marked (`<mark>`), folded as the API's search folds them
 * ("اداره" marks "إدارة"). No padding or margin on the mark: an Arabic word marked in part keeps
 * its letters joined, and nothing in it depends on the direction.
 */
export function Highlighted({ text, search }: { text: string; search?: string | null }) {
  const segments = useMemo(() => (search ? highlightSegments(text, search) : null), [text, search]);
  if (!segments) return <>{text}</>;
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? (
          <mark key={index} data-testid="search-match" className="rounded-sm bg-amber-200 text-inherit dark:bg-amber-500/40 dark:text-inherit">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

/** The sort column that means "best match first" (the API's `col: "relevance"`). */
export const RELEVANCE = 'relevance';

/**
 * The sort of a list whose state is in the URL: `sort` is the one chosen without a search term
 * (missing: `fallback`), `qsort` the one chosen while a term is searched (missing: relevance). A
 * new term or clearing it drops `qsort` ({@link SORT_RESET}): typing a term sorts by best match,
 * clearing it goes back to the sort chosen before.
 */
export function listSort<S extends string>(params: URLSearchParams, term: string, allowed: readonly S[], fallback: S): S | typeof RELEVANCE {
  const pick = (value: string | null) => (allowed as readonly string[]).includes(value ?? '') ? (value as S) : null;
  return term ? (pick(params.get('qsort')) ?? RELEVANCE) : (pick(params.get('sort')) ?? fallback);
}

/** The URL change that chooses `value` as the sort (see {@link listSort}). */
export function sortChange(term: string, value: string, fallback: string): Record<string, string | null> {
  return term ? { qsort: value === RELEVANCE ? null : value } : { sort: value === fallback ? null : value };
}

/** The URL change that goes with a new or cleared search term. */
export const SORT_RESET = { qsort: null } as const;

const selectClass =
  'rounded-lg border border-slate-300 bg-white px-2 py-1 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/**
 * The sort control: `options` in order (value and label); "best match" (`relevanceLabel`) comes
 * first while `term` is searched.
 */
export function SortSelect({
  label,
  value,
  options,
  relevanceLabel,
  term,
  onChange,
  testId = 'list-sort',
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  relevanceLabel: string;
  term: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-slate-600 dark:text-slate-300">{label}</label>
      <select id={id} data-testid={testId} value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        {term ? <option value={RELEVANCE}>{relevanceLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>{option.label}</option>
        ))}
      </select>
    </div>
  );
}
