/**
 * What the library's content screens of the console share: a table cell that becomes a labelled
 * line of a card on phones, the answer of a save (the server's message; after a save over a newer
 * version, a Reload button; after a refused publication, the fields missing a language), a delete
 * button confirmed in place, and the translation of a form's message keys.
 */
import { Fragment, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiError, useLocale } from '@scholars/shared-contracts';
import { formatNumber } from '@scholars/shared-contracts/locale';
import { controlClass, dangerButtonClass, EmptyState, labelClass, listAddress, Pagination, primaryButtonClass, secondaryButtonClass, usePageInRange, type AsyncState } from '@scholars/shared-contracts/ui';
import { pageCount } from '@scholars/shared-contracts/schemas';
import { MissingTranslations, StackedCell } from '@scholars/shared-contracts/ui/content';
import { NAMESPACE } from '../i18n';

export const linkClass = 'font-semibold text-emerald-800 underline dark:text-emerald-300';

/** A table that turns into stacked cards below `md`. */
export function StackedTable({ head, children, testId, busy }: { head: string[]; children: ReactNode; testId: string; busy?: boolean }) {
  return (
    <table data-testid={testId} aria-busy={busy} className="w-full text-start text-sm max-md:block">
      <thead className="border-b border-slate-200 max-md:sr-only dark:border-slate-800">
        <tr>
          {head.map((name, index) => (
            <th key={index} scope="col" className="px-3 py-2 text-start font-semibold text-slate-700 dark:text-slate-200">{name}</th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">{children}</tbody>
    </table>
  );
}
export const stackedRow = 'border-b border-slate-100 max-md:block max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:p-4 dark:border-slate-800 dark:max-md:border-slate-700';

/** The outcome of a call, as a screen shows it. */
export type Notice = { ok: true; text: string } | { ok: false; text: string; stale: boolean; missing: string[]; fields: Record<string, string> };

/**
 * A refused call as the screen shows it: the server's message; `stale` when someone saved a newer
 * version meanwhile (409 `staleEdit`: offer to reload); `missing`, the fields the API marked
 * `translationMissing`; `fields`, every field's message.
 */
export function useNoticeOf() {
  const { t } = useTranslation(NAMESPACE);
  return (error: unknown): Notice => {
    if (!isApiError(error)) return { ok: false, text: t('content.failed'), stale: false, missing: [], fields: {} };
    const fields = (error.errors ?? {}) as Record<string, string>;
    const translationMissing = t('common:validation.translationMissing');
    return {
      ok: false,
      text: error.msg ?? error.message,
      stale: error.status === 409 && error.msg === t('common:validation.staleEdit'),
      missing: Object.keys(fields).filter((field) => fields[field] === translationMissing),
      fields,
    };
  };
}

/**
 * A refused save as its form shows it: the notice, and each field's message on that field (a
 * nested field's, `file.name`, on its first part).
 */
export function useRefusal<V extends FieldValues>(setError: UseFormSetError<V>) {
  const noticeOf = useNoticeOf();
  return (problem: unknown): Notice => {
    const shown = noticeOf(problem);
    if (!shown.ok) for (const [field, message] of Object.entries(shown.fields)) setError(field.split('.')[0] as Path<V>, { message });
    return shown;
  };
}

/** An inline editor's save: busy while it runs; `onSaved` with the server's message, or the refusal shown and the editor left open. */
export function useEditorSave<V extends FieldValues>(setError: UseFormSetError<V>, onSaved: (message: string) => void) {
  const { t } = useTranslation(NAMESPACE);
  const refusal = useRefusal(setError);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (save: () => Promise<{ msg?: string }>) => {
    setBusy(true);
    setNotice(null);
    try {
      onSaved((await save()).msg ?? t('content.saved'));
    } catch (problem) {
      setNotice(refusal(problem));
      setBusy(false);
    }
  };
  return { notice, busy, run };
}

/**
 * A console list edited in place: the row open in the editor (`'new'` for a new one), replaced by
 * its stored version after a reload (someone else saved it); a save closes the editor and shows its
 * message; a delete (of the version shown) shows the server's answer.
 */
function useInlineEditing<R extends { id: number; version: number }>(
  list: { data?: { data: R[] }; reload: () => void },
  deleteRow: (id: number, version: number) => Promise<{ msg?: string }>,
) {
  const { t } = useTranslation(NAMESPACE);
  const noticeOf = useNoticeOf();
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!editing || editing === 'new') return;
    const fresh = list.data?.data.find((row) => row.id === editing.id);
    if (fresh && fresh.version !== editing.version) setEditing(fresh);
  }, [list.data, editing]);
  return {
    editing,
    /** The editor's key: a new one for another row or version. */
    editorKey: editing === 'new' ? 'new' : editing ? `${editing.id}-${editing.version}` : '',
    edit: setEditing,
    close: () => setEditing(null),
    notice,
    saved(message: string) {
      setEditing(null);
      setNotice({ ok: true, text: message });
      list.reload();
    },
    async remove(row: R) {
      setNotice(null);
      try {
        const answer = await deleteRow(row.id, row.version);
        setNotice({ ok: true, text: answer.msg ?? t('content.saved') });
        list.reload();
      } catch (problem) {
        setNotice(noticeOf(problem));
      }
    },
  };
}

/** What an inline list screen's editor is given (the row to edit, or null for a new one, comes beside it). */
export interface InlineEditorProps {
  onCancel: () => void;
  onReload: () => void;
  onSaved: (message: string) => void;
}

/**
 * A console list with its editor above the table (categories, universities, reason templates): the
 * title, description and Add (`content.<section>.title`, `.description`, `.add`), the editor of the
 * row being edited, the notice of the last save or delete, the search (with the screen's own
 * `filters` before it), then the table: the screen's `columns` and `cells`, the order, Edit and
 * Delete (and `actionsNote` under them); pages of `pageSize`. Test ids: `admin-<section>`,
 * `<item>-add`, `<item>-row`, `<item>-edit`, `<item>-delete`, `<section>-notice`, `-table`,
 * `-pagination`.
 */
export function InlineListScreen<R extends { id: number; version: number; sort_order: number }>({
  section,
  item,
  list,
  remove,
  params,
  pageSize,
  nameOf,
  editor,
  filters,
  columns,
  cells,
  actionsNote,
}: {
  section: 'categories' | 'universities' | 'templates';
  item: 'category' | 'university' | 'template';
  list: AsyncState<{ data: R[]; tot: number }> & { reload: () => void };
  remove: (id: number, version: number) => Promise<{ msg?: string }>;
  params: Pick<ReturnType<typeof useListParams>, 'q' | 'page' | 'set'>;
  pageSize: number;
  /** The row's name in the page's language (the delete confirmation). */
  nameOf: (row: R) => string;
  editor: (row: R | null, props: InlineEditorProps) => ReactNode;
  filters?: ReactNode;
  columns: string[];
  cells: (row: R) => ReactNode;
  actionsNote?: (row: R) => ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const editing = useInlineEditing(list, remove);
  const pages = pageCount(list.data?.tot ?? 0, pageSize);
  const beyond = usePageInRange(params.page, list.data ? pages : undefined);
  const order = t(`content.${section}.columns.order`);
  const search = <SearchBox value={params.q} label={t(`content.${section}.search`)} placeholder={t(`content.${section}.searchPlaceholder`)} onSearch={(value) => params.set('q', value)} testId={section} />;
  return (
    <section data-testid={`admin-${section}`} className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t(`content.${section}.title`)}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t(`content.${section}.description`)}</p>
        </div>
        <button type="button" onClick={() => editing.edit('new')} data-testid={`${item}-add`} className={primaryButtonClass}>{t(`content.${section}.add`)}</button>
      </header>
      {editing.editing ? (
        <Fragment key={editing.editorKey}>
          {editor(editing.editing === 'new' ? null : editing.editing, { onCancel: editing.close, onReload: list.reload, onSaved: editing.saved })}
        </Fragment>
      ) : null}
      <NoticeView notice={editing.notice} onReload={list.reload} testId={`${section}-notice`} />
      {filters ? (
        <div className="flex flex-wrap items-end gap-4">
          {filters}
          <div className="min-w-64 flex-1">{search}</div>
        </div>
      ) : (
        search
      )}
      <ListState failed={list.status === 'failed'} loading={!list.data || beyond} empty={list.data?.data.length === 0} emptyText={t(`content.${section}.empty`)} onRetry={list.reload}>
        {list.data ? (
          <>
            <StackedTable testId={`${section}-table`} busy={list.status === 'loading'} head={[...columns, order, t('content.actions')]}>
              {list.data.data.map((row) => (
                <tr key={row.id} data-testid={`${item}-row`} data-id={row.id} className={stackedRow}>
                  {cells(row)}
                  <StackedCell label={order}>{formatNumber(row.sort_order, locale)}</StackedCell>
                  <StackedCell label={t('content.actions')}>
                    <span className="flex flex-wrap items-center gap-2">
                      <button type="button" onClick={() => editing.edit(row)} data-testid={`${item}-edit`} className={`${secondaryButtonClass} px-3 py-1 text-sm`}>{t('common:content.edit')}</button>
                      <ConfirmDelete name={nameOf(row)} onConfirm={() => void editing.remove(row)} testId={`${item}-delete`} />
                    </span>
                    {actionsNote?.(row)}
                  </StackedCell>
                </tr>
              ))}
            </StackedTable>
            <Pagination page={params.page} pages={pages} testId={`${section}-pagination`} />
          </>
        ) : null}
      </ListState>
    </section>
  );
}

/** The message of a call: the server's text, then Reload (stale) or the fields missing a language. */
export function NoticeView({ notice, onReload, labelOf, testId = 'content-notice' }: { notice: Notice | null; onReload?: () => void; labelOf?: (field: string) => string; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div aria-live="polite" className="space-y-3">
      {notice ? (
        <div
          role={notice.ok ? 'status' : 'alert'}
          data-testid={testId}
          data-ok={notice.ok}
          className={`flex flex-wrap items-center gap-3 rounded-lg px-4 py-3 font-medium ${notice.ok ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' : 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'}`}
        >
          <p className="min-w-0 flex-1">{notice.text}</p>
          {!notice.ok && notice.stale && onReload ? (
            <button type="button" onClick={onReload} data-testid="content-reload" className="rounded-lg border border-current px-3 py-1 text-sm font-semibold">
              {t('content.reload')}
            </button>
          ) : null}
        </div>
      ) : null}
      {notice && !notice.ok && labelOf ? <MissingTranslations fields={notice.missing} labelOf={labelOf} /> : null}
    </div>
  );
}

/**
 * A form's message: a `validation.*` key of the shared schemas (the browser's check, through
 * zodResolver, which keeps the key but not its values: the controls' own limits, `maxLength`, keep
 * those messages from showing) or the server's text.
 */
export function useFieldText() {
  const { t } = useTranslation(NAMESPACE);
  return (message: unknown): string | undefined => {
    if (typeof message !== 'string' || !message) return undefined;
    return message.startsWith('validation.') ? t(`common:${message}`) : message;
  };
}

/**
 * A registered control (react-hook-form's `register(name)`) with the schema's length limit as
 * `maxLength`: spread on the control by `BilingualField`, so the browser never lets a text outgrow
 * what the API takes.
 */
export function limited<T extends object>(control: T, maxLength: number): T & { maxLength: number } {
  return { ...control, maxLength };
}

/** Delete, confirmed in place (the name said): nothing is sent until the second click. */
export function ConfirmDelete({ name, onConfirm, disabled, testId = 'content-delete' }: { name: string; onConfirm: () => void; disabled?: boolean; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" disabled={disabled} onClick={() => setAsking(true)} data-testid={testId} className={`${dangerButtonClass} px-3 py-1 text-sm`}>
        {t('content.delete')}
      </button>
    );
  }
  return (
    <span role="group" className="inline-flex flex-wrap items-center gap-2" data-testid={`${testId}-confirm`}>
      <span className="text-sm text-red-800 dark:text-red-300">{t('common:content.confirmDelete', { name })}</span>
      <button
        type="button"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
        data-testid={`${testId}-yes`}
        className="rounded-lg bg-red-700 px-3 py-1 text-sm font-semibold text-white hover:bg-red-800"
      >
        {t('content.confirmDelete')}
      </button>
      <button type="button" onClick={() => setAsking(false)} className="rounded-lg px-3 py-1 text-sm font-semibold underline">
        {t('content.cancel')}
      </button>
    </span>
  );
}

/** The state of a list's load: failed (retry), loading, empty, or the list. */
export function ListState({ failed, loading, empty, emptyText, onRetry, children }: { failed: boolean; loading: boolean; empty: boolean; emptyText: string; onRetry: () => void; children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  if (failed) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 p-4 text-red-800 dark:border-red-900 dark:text-red-200">
        <p>{t('content.loadFailed')}</p>
        <button type="button" onClick={onRetry} className="mt-2 font-semibold underline">{t('content.retry')}</button>
      </div>
    );
  }
  if (loading) return <p role="status" className="text-slate-500 dark:text-slate-400">{t('content.loading')}</p>;
  if (empty) return <EmptyState message={emptyText} testId="content-empty" />;
  return <>{children}</>;
}

/** A short list's search and page, in the address (`?q=&page=`), with the extra filters of `names`. */
export function useListParams(names: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const page = /^\d{1,9}$/.test(params.get('page') ?? '') ? Math.max(1, Number(params.get('page'))) : 1;
  const q = params.get('q')?.trim().slice(0, 200) ?? '';
  const filters = Object.fromEntries(names.map((name) => [name, params.get(name) ?? '']));
  /** Sets one filter (back to page 1); an empty value removes it. */
  const set = (name: string, value: string) => setParams(listAddress(params, { [name]: value }));
  return { q, page, filters, set };
}

/** The search box of a short list: the query goes to the address when sent. */
export function SearchBox({ value, label, placeholder, onSearch, testId }: { value: string; label: string; placeholder: string; onSearch: (q: string) => void; testId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <label className={`${labelClass} min-w-48 flex-1`}>
        {label}
        <input type="search" name="q" value={draft} maxLength={200} placeholder={placeholder} onChange={(event) => setDraft(event.target.value)} className={`${controlClass(false)} text-sm`} data-testid={`${testId}-q`} />
      </label>
      <button type="submit" className={primaryButtonClass} data-testid={`${testId}-search`}>{t('content.apply')}</button>
    </form>
  );
}

/** The inline editor of a short list's row (or of a new one): its fields, the answer of the save, Save and Cancel. */
export function EditorPanel({
  title,
  notice,
  onReload,
  labelOf,
  busy,
  onCancel,
  onSubmit,
  children,
  testId,
}: {
  title: string;
  notice: Notice | null;
  onReload: () => void;
  labelOf: (field: string) => string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (event?: FormEvent) => void;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <form noValidate onSubmit={onSubmit} data-testid={testId} aria-busy={busy} aria-label={title} className="space-y-5 rounded-xl border border-emerald-200 bg-emerald-50/40 p-4 dark:border-emerald-900 dark:bg-slate-900">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50" dir="auto">{title}</h2>
      <NoticeView notice={notice} onReload={onReload} labelOf={labelOf} />
      <fieldset disabled={busy} className="space-y-5">{children}</fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className={primaryButtonClass} data-testid={`${testId}-save`}>{busy ? t('content.saving') : t('content.save')}</button>
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>{t('content.cancel')}</button>
      </div>
    </form>
  );
}

/** A one-line field of a form (`register(name)` spread in), its message under it. */
export function TextField({ label, control, error, hint, type = 'text', dir, inputMode, maxLength, testId }: {
  label: string;
  control: object;
  error?: string;
  hint?: string;
  type?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
  inputMode?: 'numeric' | 'text' | 'url';
  maxLength?: number;
  testId: string;
}) {
  const hintId = `${testId}-hint`;
  return (
    <label className={labelClass}>
      {label}
      <input {...control} type={type} dir={dir} inputMode={inputMode} maxLength={maxLength} aria-invalid={Boolean(error)} aria-describedby={hint ? hintId : undefined} data-testid={testId} className={controlClass(Boolean(error))} />
      {hint ? <span id={hintId} className="mt-1 block text-xs text-slate-500 dark:text-slate-400">{hint}</span> : null}
      {error ? <span role="alert" data-testid={`error-${testId}`} className="mt-1 block text-sm text-red-700 dark:text-red-400">{error}</span> : null}
    </label>
  );
}
