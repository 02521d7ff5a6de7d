/**
 * The console's list scaffolding (users, audit log, outbox, contact inbox, newsletter, content
 * screens, consultations): the search, the filters, the page and the open record live in the
 * address (`q`, each filter by its name, `page`, `open`), so a view can be shared and survives a
 * reload; the results are the loading line, a failure with retry, the empty state, or the total,
 * a table that becomes stacked cards on phones (or a list of cards), and the pages.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import { pageCount } from '@scholars/shared-contracts/schemas';
import { type AsyncState, controlClass, labelClass, Pagination, primaryButtonClass, secondaryButtonClass, usePageInRange } from '@scholars/shared-contracts/ui';
import { formatNumber } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../i18n';
import type { Page } from '../api/admin';
import { SectionState, StackedTable } from './Status';

export const LIST_LIMIT = 20;

/** A filter of the address: its allowed values (anything else is no filter); without them, any text (the audit log's ids, the outbox's address). */
export interface ListFilter {
  values?: readonly string[];
}

type FilterValue<F extends ListFilter> = F extends { values: readonly (infer V)[] } ? V : string;

/** A whole number above zero from the address (a page, an id), or null. */
export const positive = (value: string | null | undefined) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

const accepts = (filter: ListFilter, value: string) => (filter.values ? filter.values.includes(value) : value !== '');

/**
 * The list's state in the address. `filters[name]` is the chosen value, or undefined for none;
 * `drafts` is what the search form starts from ('' for none). `apply` starts a new search on page 1
 * and closes the open record. The open record's parameter is `open` unless `openParam` names
 * another (the content screens' `edit`, the newsletter's `issue`).
 */
export function useListParams<F extends Record<string, ListFilter>>(filters: F, { openParam = 'open' }: { openParam?: string } = {}) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = positive(params.get('page')) ?? 1;
  const open = params.get(openParam);
  const values = Object.fromEntries(
    Object.entries(filters).map(([name, filter]) => {
      const raw = params.get(name);
      return [name, raw !== null && accepts(filter, raw) ? raw : undefined];
    }),
  ) as { [K in keyof F]: FilterValue<F[K]> | undefined };
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
    /** Changes with every search and filter: the search form's `key`, so it follows the address (back, forward). */
    key: [q, ...Object.keys(filters).map((name) => values[name] ?? '')].join('|'),
    setOpen: (id: number | string | null) => change((next) => (id === null ? next.delete(openParam) : next.set(openParam, String(id)))),
    apply: (draft: { q: string } & { [K in keyof F]?: string }) =>
      setParams(() => {
        const next = new URLSearchParams();
        if (draft.q.trim()) next.set('q', draft.q.trim());
        for (const [name, filter] of Object.entries(filters)) {
          const value = draft[name]?.trim();
          if (value && accepts(filter, value)) next.set(name, value);
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
  /** Its test id, when not `<testId>-<name>`. */
  testId?: string;
}

/** A filter typed in (no list of values): an id, a name, an address. */
export interface FilterText {
  name: string;
  label: string;
  /** Digits only (an id): the phone's number pad. */
  numeric?: boolean;
  /** `ltr` for what is always written left to right (an e-mail address). */
  dir?: 'ltr';
  /** Its test id, when not `<testId>-<name>`. */
  testId?: string;
}

/**
 * The search form: the search text (unless there is no `searchLabel`), the typed filters
 * (`texts`), each filter's select, extra controls (`children`), the submit button and, with a
 * `resetLabel`, a button that clears every field and shows the whole list. `aside` is the screen's
 * own action beside the form (the content screens' Add): then it is the primary button and the
 * search's submit a secondary one.
 */
export function ListFilters({
  q = '',
  drafts,
  searchLabel,
  searchDir,
  texts = [],
  selects = [],
  submitLabel,
  resetLabel,
  onApply,
  testId,
  aside,
  children,
}: {
  q?: string;
  drafts: Record<string, string>;
  searchLabel?: string;
  /** The search text's direction: `ltr` when it is an e-mail address. */
  searchDir?: 'ltr';
  texts?: FilterText[];
  selects?: FilterSelect[];
  submitLabel: string;
  resetLabel?: string;
  onApply: (draft: { q: string } & Record<string, string>) => void;
  testId: string;
  aside?: ReactNode;
  /** Extra controls: given the draft and its setter. */
  children?: (draft: Record<string, string>, set: (name: string, value: string) => void) => ReactNode;
}) {
  const [draft, setDraft] = useState<Record<string, string>>({ ...drafts, q });
  const set = (name: string, value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, q: draft.q ?? '' });
  };
  const reset = () => {
    setDraft((current) => Object.fromEntries(Object.keys(current).map((name) => [name, ''])));
    onApply({ q: '' });
  };
  const form = (
    <form role="search" onSubmit={submit} className={aside ? 'flex flex-1 flex-wrap items-end gap-3' : 'mt-6 flex flex-wrap items-end gap-3'}>
      {searchLabel ? (
        <label className={`${labelClass} min-w-56 flex-1`}>
          {searchLabel}
          <input type="search" name="q" dir={searchDir} value={draft.q ?? ''} onChange={(event) => set('q', event.target.value)} className={controlClass(false)} data-testid={`${testId}-q`} />
        </label>
      ) : null}
      {texts.map((text) => (
        <label key={text.name} className={`${labelClass} min-w-40 flex-1`}>
          {text.label}
          <input
            type="search"
            name={text.name}
            dir={text.dir}
            inputMode={text.numeric ? 'numeric' : undefined}
            value={draft[text.name] ?? ''}
            onChange={(event) => set(text.name, event.target.value)}
            className={controlClass(false)}
            data-testid={text.testId ?? `${testId}-${text.name}`}
          />
        </label>
      ))}
      {selects.map((select) => (
        <label key={select.name} className={labelClass}>
          {select.label}
          <select name={select.name} value={draft[select.name] ?? ''} onChange={(event) => set(select.name, event.target.value)} className={controlClass(false)} data-testid={select.testId ?? `${testId}-${select.name}`}>
            {select.options.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </label>
      ))}
      {children?.(draft, set)}
      <button type="submit" className={aside ? secondaryButtonClass : primaryButtonClass} data-testid={`${testId}-apply`}>{submitLabel}</button>
      {resetLabel ? <button type="button" onClick={reset} className={secondaryButtonClass} data-testid={`${testId}-reset`}>{resetLabel}</button> : null}
    </form>
  );
  if (!aside) return form;
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
      {form}
      {aside}
    </div>
  );
}

/**
 * The list's loading line, failure with retry, empty state, or the total, the items and their
 * pages. The items are a table's rows (`head`, its column heads; stacked cards on phones) or,
 * without `head`, a list's `<li>` cards.
 */
export function ListResults<T>({
  list,
  page,
  empty,
  head,
  testId,
  total,
  totalTestId = `${testId}-total`,
  limit = LIST_LIMIT,
  children,
}: {
  list: AsyncState<Page<T>> & { reload: () => void };
  page: number;
  empty: string;
  head?: string[];
  testId: string;
  /**
   * The line above the items, given the formatted total; default: "Found: N" of the content
   * screens; `false`: none (the audit log; the outbox, whose latest mails have no total).
   */
  total?: ((total: string) => string) | false;
  totalTestId?: string;
  limit?: number;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const pages = pageCount(list.data?.total ?? 0, limit);
  const beyond = usePageInRange(page, list.data ? pages : undefined);
  if (list.status === 'failed') return <SectionState state="failed" onRetry={list.reload} />;
  if (!list.data || beyond) return <SectionState state="loading" />;
  if (list.data.items.length === 0) return <SectionState state="empty" empty={empty} />;
  const formatted = formatNumber(list.data.total, locale);
  return (
    <>
      {total === false ? null : (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid={totalTestId}>{total ? total(formatted) : t('content.total', { total: formatted })}</p>
      )}
      {head ? (
        <StackedTable testId={testId} head={head}>{children(list.data.items)}</StackedTable>
      ) : (
        <ul className="flex flex-col gap-3" data-testid={testId}>{children(list.data.items)}</ul>
      )}
      <Pagination page={page} pages={pages} />
    </>
  );
}
