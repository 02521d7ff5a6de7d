/**
 * The console's content screens (ads, team, FAQ, plans): one screen, {@link ContentListScreen},
 * on the console's list scaffolding (`AdminList`): the search, the live filter, the page and the
 * open editor (`edit=<id>` or `edit=new`) in the address, so a view can be shared and survives a
 * reload; the table becomes stacked cards on phones; deleting is confirmed first and a refusal (a
 * stale version, something still referring to it) is shown with a Reload.
 */
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import { errorText } from '../lib/errors';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import type { Page } from '../api/admin';
import { LIST_LIMIT, ListFilters, ListResults, useListParams } from './AdminList';
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

/** The live filter's two states in the address (`active=` or `published=`). */
const LIVE = { values: ['true', 'false'] } as const;

/** What a content screen's list is asked for: the search, the live filter, the page. */
type ContentQuery = { q?: string; active?: 'true' | 'false'; published?: 'true' | 'false'; page: number; limit: number };

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
  // The open editor is `edit=<id>` or `edit=new`; a new search or filter goes back to page 1 and closes it.
  const params = useListParams({ [filterName]: LIVE } as Record<typeof filterName, typeof LIVE>, { openParam: 'edit' });
  const filter = params.filters[filterName];
  const edit = params.open;
  const list = useAsync((signal) => load({ q: params.q || undefined, [filterName]: filter, page: params.page, limit: LIST_LIMIT }, signal), [params.q, filter, params.page]);
  const removal = useDelete(list.reload);
  const editing = edit === 'new' ? undefined : list.data?.items.find((item) => String(item.id) === edit);
  const closeEditor = () => params.setOpen(null);
  const testId = `admin-${section}`;
  return (
    <section data-testid={testId}>
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t(`content.${section}.title`)}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t(`content.${section}.intro`)}</p>
      <ListFilters
        key={params.key}
        q={params.q}
        drafts={params.drafts}
        searchLabel={t('content.search')}
        selects={[
          {
            name: filterName,
            label: t('content.state'),
            options: [['', t('content.any')], ['true', t(`content.${section}.filters.true`)], ['false', t(`content.${section}.filters.false`)]],
            testId: `${testId}-filter`,
          },
        ]}
        submitLabel={t('content.apply')}
        onApply={params.apply}
        testId={testId}
        aside={
          <button type="button" onClick={() => params.setOpen('new')} className={primaryButtonClass} data-testid={`${testId}-add`}>
            <span aria-hidden="true" className="me-1">+</span>
            {t('content.add')}
          </button>
        }
      />
      {edit === 'new' || editing ? (
        // A new editor for another item or a newer version of it (its form starts from that item).
        <Fragment key={editing ? `${editing.id}-${editing.version}` : 'new'}>
          {editor(editing, {
            onSaved: () => {
              closeEditor();
              list.reload();
            },
            onCancel: closeEditor,
            onReload: list.reload,
          })}
        </Fragment>
      ) : edit && list.status === 'ready' ? (
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
                  <RowActions name={nameOf(item)} onEdit={() => params.setOpen(item.id)} onDelete={() => removal.ask(nameOf(item), () => remove(item))} />
                </StackedCell>
              </tr>
            ))
          }
        </ListResults>
      </div>
    </section>
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
