/**
 * The lists of the console's content screens (ads, team, FAQ, plans), laid out like the users
 * screen: the search, the live filter, the page and the open editor (`edit=<id>` or `edit=new`) in
 * the address, so a view can be shared and survives a reload; the table becomes stacked cards on
 * phones; deleting is confirmed first and a refusal (a stale version, something still referring to
 * it) is shown with a Reload.
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { controlClass, primaryButtonClass, secondaryButtonClass } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import { errorText } from '../lib/errors';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import { LIST_LIMIT } from './AdminList';

// The results and the page size are the console's lists' (./AdminList).
export { LIST_LIMIT, ListResults } from './AdminList';

/** The list's state in the address: `q`, the live filter (`true` / `false`), `page` and `edit`. */
export function useContentListParams(filterName: 'active' | 'published') {
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
export function ListToolbar({
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
export function useDelete(onDone: () => void) {
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
export function RowActions({ onEdit, onDelete, name }: { onEdit: () => void; onDelete: () => void; name: string }) {
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
