/**
 * The console's list scaffolding (content screens, consultations): the search, the filters, the
 * page and the open record live in the address (`q`, each filter by its name, `page`, `open`), so a
 * view can be shared and survives a reload; the results are the loading line, a failure with retry,
 * the empty state, or the total, a table that becomes stacked cards on phones, and the pages.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import { type AsyncState, controlClass, Pagination, primaryButtonClass } from '@scholars/shared-contracts/ui';
import { formatNumber } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../i18n';
import type { Page } from '../api/admin';
import { SectionState, StackedTable } from './Status';

export const LIST_LIMIT = 20;

/** A filter of the address: its allowed values (anything else is no filter). */
export interface ListFilter {
  values: readonly string[];
}

const positive = (value: string | null) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * The list's state in the address. `filters[name]` is the chosen value, or undefined for none;
 * `drafts` is what the search form starts from ('' for none). `apply` starts a new search on page 1
 * and closes the open record.
 */
export function useListParams<F extends Record<string, ListFilter>>(filters: F) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = positive(params.get('page')) ?? 1;
  const open = params.get('open');
  const values = Object.fromEntries(
    Object.entries(filters).map(([name, filter]) => {
      const raw = params.get(name);
      return [name, raw !== null && filter.values.includes(raw) ? raw : undefined];
    }),
  ) as { [K in keyof F]: F[K]['values'][number] | undefined };
  const drafts = Object.fromEntries(Object.keys(filters).map((name) => [name, values[name] ?? ''])) as { [K in keyof F]: string };
  const change = (update: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    update(next);
    setParams(next);
  };
  return {
    q,
    page,
    open,
    filters: values,
    drafts,
    setOpen: (id: number | string | null) => change((next) => (id === null ? next.delete('open') : next.set('open', String(id)))),
    apply: (draft: { q: string } & { [K in keyof F]?: string }) =>
      setParams(() => {
        const next = new URLSearchParams();
        if (draft.q.trim()) next.set('q', draft.q.trim());
        for (const [name, filter] of Object.entries(filters)) {
          const value = draft[name];
          if (value && filter.values.includes(value)) next.set(name, value);
        }
        return next;
      }),
  };
}

export interface FilterSelect {
  name: string;
  label: string;
  /** `[value, label]` in their order, the "any" choice (`''`) included. */
  options: ReadonlyArray<readonly [string, string]>;
}

/** The search form: the text, each filter's select, extra controls (`children`) and the submit button. */
export function ListFilters({
  q,
  drafts,
  searchLabel,
  selects,
  submitLabel,
  onApply,
  testId,
  children,
}: {
  q: string;
  drafts: Record<string, string>;
  searchLabel: string;
  selects: FilterSelect[];
  submitLabel: string;
  onApply: (draft: { q: string } & Record<string, string>) => void;
  testId: string;
  /** Extra controls: given the draft and its setter. */
  children?: (draft: Record<string, string>, set: (name: string, value: string) => void) => ReactNode;
}) {
  const [draft, setDraft] = useState<Record<string, string>>({ ...drafts, q });
  const set = (name: string, value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, q: draft.q ?? '' });
  };
  return (
    <form role="search" onSubmit={submit} className="mt-6 flex flex-wrap items-end gap-3">
      <label className="block min-w-56 flex-1 text-sm font-medium text-slate-800 dark:text-slate-100">
        {searchLabel}
        <input type="search" name="q" value={draft.q ?? ''} onChange={(event) => set('q', event.target.value)} className={controlClass(false)} data-testid={`${testId}-q`} />
      </label>
      {selects.map((select) => (
        <label key={select.name} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
          {select.label}
          <select name={select.name} value={draft[select.name] ?? ''} onChange={(event) => set(select.name, event.target.value)} className={controlClass(false)} data-testid={`${testId}-${select.name}`}>
            {select.options.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </label>
      ))}
      {children?.(draft, set)}
      <button type="submit" className={primaryButtonClass} data-testid={`${testId}-apply`}>{submitLabel}</button>
    </form>
  );
}

/** The list's loading line, failure with retry, empty state, or the total, the table and its pages. */
export function ListResults<T>({
  list,
  page,
  empty,
  head,
  testId,
  total,
  limit = LIST_LIMIT,
  children,
}: {
  list: AsyncState<Page<T>> & { reload: () => void };
  page: number;
  empty: string;
  head: string[];
  testId: string;
  /** The line above the table, given the formatted total; default: "Found: N" of the content screens. */
  total?: (total: string) => string;
  limit?: number;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  if (list.status === 'failed') return <SectionState state="failed" onRetry={list.reload} />;
  if (!list.data) return <SectionState state="loading" />;
  if (list.data.items.length === 0) return <SectionState state="empty" empty={empty} />;
  const formatted = formatNumber(list.data.total, locale);
  return (
    <>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid={`${testId}-total`}>{total ? total(formatted) : t('content.total', { total: formatted })}</p>
      <StackedTable testId={testId} head={head}>{children(list.data.items)}</StackedTable>
      <Pagination page={page} pages={Math.max(1, Math.ceil(list.data.total / limit))} />
    </>
  );
}
