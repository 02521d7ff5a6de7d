/**
 * The console's content screens (ads, team, FAQ, plans): one screen, {@link ContentListScreen},
 * laid out like the users screen: the search, the live filter, the page and the open editor
 * (`edit=<id>` or `edit=new`) in the address, so a view can be shared and survives a reload; the
 * table becomes stacked cards on phones; deleting is confirmed first and a refusal (a stale
 * version, something still referring to it) is shown with a Reload.
 */
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { controlClass, primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import { errorText } from '../lib/errors';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import type { Page } from '../api/admin';
import { LIST_LIMIT, ListResults } from './AdminList';
import { StackedCell, stackedRowClass } from './Status';

/** What every content item has: its id, the version a save or delete must name, its place in the order. */
interface ContentItem {
  id: number;
  version: number;
  sort_order: number;
}

/** What a content screen's editor is given (the item to edit, or none for a new one, comes beside it). */
export interface ContentEditorProps {
  onSaved: () => void;
  onCancel: () => void;
  onReload: () => void;
}

type ContentQuery = ReturnType<typeof useContentListParams>['query'];

/**
 * A content screen: its title and introduction (`content.<section>.title`, `.intro`), the toolbar
 * (the filter's two states `content.<section>.filters.true|false`), the editor of the item in the
 * address (or a note that it is not on this page), and the table: the screen's own `columns` and
 * `cells`, then the order and Edit and Delete.
 */
export function ContentListScreen<T extends ContentItem>({
  section,
  filterName,
  load,
  remove,
  nameOf,
  editor,
  columns,
  cells,
}: {
  section: 'ads' | 'team' | 'faq' | 'plans';
  filterName: 'active' | 'published';
  load: (query: ContentQuery, signal: AbortSignal) => Promise<Page<T>>;
  remove: (item: T) => Promise<void>;
  /** The item's name in the page's language (the confirmation, the row's actions). */
  nameOf: (item: T) => string;
  editor: (item: T | undefined, props: ContentEditorProps) => ReactNode;
  columns: string[];
  cells: (item: T) => ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const params = useContentListParams(filterName);
  const list = useAsync((signal) => load(params.query, signal), [params.q, params.filter, params.page]);
  const removal = useDelete(list.reload);
  const editing = params.edit === 'new' ? undefined : list.data?.items.find((item) => String(item.id) === params.edit);
  const testId = `admin-${section}`;
  return (
    <section data-testid={testId}>
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t(`content.${section}.title`)}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t(`content.${section}.intro`)}</p>
      <ListToolbar
        q={params.q}
        filter={params.filter}
        filterLabels={{ true: t(`content.${section}.filters.true`), false: t(`content.${section}.filters.false`) }}
        onApply={params.apply}
        onAdd={() => params.openEditor('new')}
        testId={testId}
      />
      {params.edit === 'new' || editing ? (
        // A new editor for another item or a newer version of it (its form starts from that item).
        <Fragment key={editing ? `${editing.id}-${editing.version}` : 'new'}>
          {editor(editing, {
            onSaved: () => {
              params.closeEditor();
              list.reload();
            },
            onCancel: params.closeEditor,
            onReload: list.reload,
          })}
        </Fragment>
      ) : params.edit && list.status === 'ready' ? (
        <p role="status" className="mt-6 text-slate-600 dark:text-slate-300">{t('content.notOnPage')}</p>
      ) : null}
      {removal.view}
      <div className="mt-6">
        <ListResults list={list} page={params.page} empty={t(`content.${section}.empty`)} testId={`${testId}-table`} head={[...columns, t('content.order'), t('content.actions')]}>
          {(items) =>
            items.map((item) => (
              <tr key={item.id} data-testid="content-row" data-id={item.id} className={stackedRowClass}>
                {cells(item)}
                <StackedCell label={t('content.order')}>{item.sort_order}</StackedCell>
                <StackedCell label={t('content.actions')}>
                  <RowActions name={nameOf(item)} onEdit={() => params.openEditor(item.id)} onDelete={() => removal.ask(nameOf(item), () => remove(item))} />
                </StackedCell>
              </tr>
            ))
          }
        </ListResults>
      </div>
    </section>
  );
}

/** The list's state in the address: `q`, the live filter (`true` / `false`), `page` and `edit`. */
function useContentListParams(filterName: 'active' | 'published') {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const raw = params.get(filterName);
  const filter = raw === 'true' || raw === 'false' ? raw : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const edit = params.get('edit');
  const change = (update: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    update(next);
    setParams(next);
  };
  return {
    q,
    filter,
    page,
    edit,
    query: { q: q || undefined, [filterName]: filter, page, limit: LIST_LIMIT },
    openEditor: (id: number | 'new') => change((next) => next.set('edit', String(id))),
    closeEditor: () => change((next) => next.delete('edit')),
    /** A new search or filter goes back to page 1 and closes the editor. */
    apply: (values: { q: string; filter: string }) =>
      setParams(() => {
        const next = new URLSearchParams();
        if (values.q.trim()) next.set('q', values.q.trim());
        if (values.filter) next.set(filterName, values.filter);
        return next;
      }),
  };
}

/** Search, the live filter and Add. */
function ListToolbar({
  q,
  filter,
  filterLabels,
  onApply,
  onAdd,
  testId,
}: {
  q: string;
  filter: string | undefined;
  filterLabels: { true: string; false: string };
  onApply: (values: { q: string; filter: string }) => void;
  onAdd: () => void;
  testId: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [draft, setDraft] = useState({ q, filter: filter ?? '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
      <form role="search" onSubmit={submit} className="grid flex-1 gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <label className="block text-sm font-medium text-slate-800 dark:text-slate-100">
          {t('content.search')}
          <input type="search" name="q" value={draft.q} onChange={(event) => setDraft({ ...draft, q: event.target.value })} className={controlClass(false)} data-testid={`${testId}-q`} />
        </label>
        <label className="block text-sm font-medium text-slate-800 dark:text-slate-100">
          {t('content.state')}
          <select value={draft.filter} onChange={(event) => setDraft({ ...draft, filter: event.target.value })} className={controlClass(false)} data-testid={`${testId}-filter`}>
            <option value="">{t('content.any')}</option>
            <option value="true">{filterLabels.true}</option>
            <option value="false">{filterLabels.false}</option>
          </select>
        </label>
        <button type="submit" className={secondaryButtonClass} data-testid={`${testId}-apply`}>{t('content.apply')}</button>
      </form>
      <button type="button" onClick={onAdd} className={primaryButtonClass} data-testid={`${testId}-add`}>
        <span aria-hidden="true" className="me-1">+</span>
        {t('content.add')}
      </button>
    </div>
  );
}

/**
 * Deleting, confirmed first (`ask(name, run)`); a refusal (409: a newer version, or still referred
 * to) stays on screen with a Reload of the list. `onDone` runs after a delete.
 */
function useDelete(onDone: () => void) {
  const { t } = useTranslation(NAMESPACE);
  const [pending, setPending] = useState<{ name: string; run: () => Promise<void> } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    const current = pending;
    setPending(null);
    if (!current) return;
    try {
      await current.run();
      setRefusal(null);
      onDone();
    } catch (error) {
      setRefusal(errorText(error, t('common:messages.failedToFetch')));
    }
  };
  const view = (
    <>
      {pending ? (
        <ConfirmDialog
          title={t('content.deleteTitle')}
          body={t('common:content.confirmDelete', { name: pending.name })}
          confirmLabel={t('content.delete')}
          cancelLabel={t('content.cancel')}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
          testId="admin-confirm"
        />
      ) : null}
      {refusal ? (
        <div role="alert" data-testid="delete-refused" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
          <p>{refusal}</p>
          <button
            type="button"
            className={`${secondaryButtonClass} mt-3`}
            onClick={() => {
              setRefusal(null);
              onDone();
            }}
          >
            {t('content.staleReload')}
          </button>
        </div>
      ) : null}
    </>
  );
  return { ask: (name: string, run: () => Promise<void>) => setPending({ name, run }), view };
}

/** Edit and Delete of a row. */
function RowActions({ onEdit, onDelete, name }: { onEdit: () => void; onDelete: () => void; name: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="flex flex-wrap gap-2">
      <button type="button" onClick={onEdit} className="font-semibold text-emerald-700 hover:underline dark:text-emerald-400" data-testid="content-edit" aria-label={`${t('content.edit')}: ${name}`}>
        {t('content.edit')}
      </button>
      <button type="button" onClick={onDelete} className="font-semibold text-red-700 hover:underline dark:text-red-400" data-testid="content-delete" aria-label={`${t('content.delete')}: ${name}`}>
        {t('content.delete')}
      </button>
    </span>
  );
}
