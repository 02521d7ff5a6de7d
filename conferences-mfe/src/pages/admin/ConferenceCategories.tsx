import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { get, useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { isApiError, useLocale } from '@scholars/shared-contracts';
import { controlClass, dangerButtonClass, Field, labelClass, listAddress, Pagination, primaryButtonClass, secondaryButtonClass, useAsync, usePageInRange } from '@scholars/shared-contracts/ui';
import { BilingualField, StackedCell } from '@scholars/shared-contracts/ui/content';
import { formatNumber, localizedField, typedNumber } from '@scholars/shared-contracts/locale';
import { conferenceCategoryWriteSchema, type AdminConferenceCategory, type ConferenceCategoryWriteInput, pageCount } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { deleteCategory, fetchAdminCategories, fetchLastCategoryOrder, saveCategory } from '../../api/admin-conference-categories';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import { cardClass, headClass, linkClass, MessageLine, rowClass, SectionState, tableClass, Th, type Message } from '../../components/admin/Console';

const LIMIT = 20;

interface CategoryValues {
  name: string;
  name_en: string;
  sort_order: number;
}

/** The add or edit form of a category (both names, its order), validated with the shared schema. */
function CategoryForm({ editing, nextOrder, onSaved, onCancel }: { editing: AdminConferenceCategory | null; nextOrder: number; onSaved: (message: Message) => void; onCancel: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [message, setMessage] = useState<Message>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<ConferenceCategoryWriteInput, unknown, CategoryValues>({
    defaultValues: editing ? { name: editing.name, name_en: editing.name_en, sort_order: editing.sort_order } : { name: '', name_en: '', sort_order: nextOrder },
    resolver: zodResolver(conferenceCategoryWriteSchema),
  });
  const err = (name: keyof CategoryValues) => {
    const found = get(errors, name) as FieldError | undefined;
    if (!found?.message) return undefined;
    return found.message.startsWith('validation.') ? t(`common:${found.message}`, { minimum: 0, maximum: 100000 }) : found.message;
  };
  const submit = handleSubmit(async (values) => {
    try {
      const answer = await saveCategory(values, editing ? { id: editing.id, version: editing.version } : undefined);
      onSaved({ ok: true, text: answer.msg ?? '' });
    } catch (error) {
      if (isApiError(error)) {
        for (const [field, text] of Object.entries(error.errors ?? {})) setError(field as keyof ConferenceCategoryWriteInput, { type: 'server', message: Array.isArray(text) ? text.join(' ') : text });
        setMessage({ ok: false, text: error.message });
      } else setMessage({ ok: false, text: t('admin.failed') });
    }
  });
  return (
    <form noValidate onSubmit={submit} data-testid="category-form" className={`${cardClass} space-y-4`}>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {editing ? t('admin.categories.editTitle', { name: localizedField(editing, 'name', locale) }) : t('admin.categories.addTitle')}
      </h2>
      <BilingualField label={t('admin.categories.name')} arabic={register('name')} english={register('name_en')} arabicError={err('name')} englishError={err('name_en')} required />
      <div className="max-w-40">
        <Field name="sort_order" label={t('admin.categories.order')} error={err('sort_order')}>
          {(props) => <input {...props} dir="ltr" inputMode="numeric" data-testid="field-sort_order" {...register('sort_order', { setValueAs: typedNumber })} />}
        </Field>
      </div>
      <MessageLine message={message} testId="category-form-message" />
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={isSubmitting} className={primaryButtonClass} data-testid="category-save">{t('admin.categories.save')}</button>
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>{t('admin.cancel')}</button>
      </div>
    </form>
  );
}

/**
 * `/admin/conference-categories` (administrators): the categories in their order, search (both
 * names) and page in the address, added and edited in place; deleting one that holds conferences
 * is refused.
 */
export function ConferenceCategories() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState(q);
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState<AdminConferenceCategory | 'new' | null>(null);
  const [nextOrder, setNextOrder] = useState(1);
  const [deleting, setDeleting] = useState<AdminConferenceCategory | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const list = useAsync((signal) => fetchAdminCategories({ q: q || undefined, page, limit: LIMIT }, signal), [q, page, attempt]);
  const pages = pageCount(list.data?.tot ?? 0, LIMIT);
  const beyond = usePageInRange(page, list.data ? pages : undefined);
  const rows = list.data?.data ?? [];
  const column = (name: string) => t(`admin.categories.${name}`);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(listAddress(params, { q: draft.trim() }));
  };
  // The page shown may be a search or not the last one: the order after the last category is asked for.
  const add = async () => {
    setMessage(null);
    const visible = rows.reduce((max, row) => Math.max(max, row.sort_order), 0);
    setNextOrder((await fetchLastCategoryOrder().catch(() => visible)) + 1);
    setEditing('new');
  };
  const saved = (result: Message) => {
    setEditing(null);
    setMessage(result);
    setAttempt((n) => n + 1);
  };
  const remove = async (category: AdminConferenceCategory) => {
    setDeleting(null);
    try {
      const answer = await deleteCategory(category.id, category.version);
      setMessage({ ok: true, text: answer.msg ?? '' });
      setAttempt((n) => n + 1);
    } catch (error) {
      setMessage({ ok: false, text: isApiError(error) ? error.message : t('admin.failed') });
    }
  };

  return (
    <section data-testid="conference-categories" className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('admin.categories.title')}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t('admin.categories.description')}</p>
        </div>
        {editing === null ? (
          <button type="button" onClick={() => void add()} className={primaryButtonClass} data-testid="category-add">{t('admin.categories.add')}</button>
        ) : null}
      </header>

      {editing !== null ? (
        <CategoryForm key={editing === 'new' ? 'new' : `${editing.id}:${editing.version}`} editing={editing === 'new' ? null : editing} nextOrder={nextOrder} onSaved={saved} onCancel={() => setEditing(null)} />
      ) : null}
      <MessageLine message={message} testId="categories-message" />

      <form role="search" onSubmit={search} data-testid="categories-search" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <label className={`${labelClass} min-w-0 flex-1`}>
          {t('admin.categories.searchLabel')}
          <input type="search" name="q" maxLength={200} value={draft} onChange={(event) => setDraft(event.target.value)} className={controlClass(false)} data-testid="categories-q" />
        </label>
        <button type="submit" className={primaryButtonClass} data-testid="categories-apply">{t('admin.apply')}</button>
      </form>

      {list.status === 'failed' ? (
        <SectionState state="failed" onRetry={list.reload} />
      ) : !list.data || beyond ? (
        <SectionState state="loading" />
      ) : rows.length === 0 ? (
        <SectionState state="empty" empty={t(q ? 'admin.categories.noMatch' : 'admin.categories.empty')} />
      ) : (
        <>
          <table className={tableClass} aria-busy={list.status === 'loading'}>
            <thead className={headClass}>
              <tr>
                <Th>{column('name')}</Th>
                <Th>{column('order')}</Th>
                <Th>{column('conferences')}</Th>
                <Th>{t('admin.conferences.columns.actions')}</Th>
              </tr>
            </thead>
            <tbody className="max-md:block">
              {rows.map((category) => (
                <tr key={category.id} data-testid="category-row" data-id={category.id} className={rowClass}>
                  <StackedCell label={column('name')}>
                    <span className="font-semibold" dir="auto">{localizedField(category, 'name', locale)}</span>
                    <span className="block text-xs text-slate-500 dark:text-slate-400" dir="auto">{locale === 'ar' ? category.name_en : category.name}</span>
                  </StackedCell>
                  <StackedCell label={column('order')}>{formatNumber(category.sort_order, locale)}</StackedCell>
                  <StackedCell label={column('conferences')}>
                    {t('admin.categories.count', { count: category.conferences, formatted: formatNumber(category.conferences, locale) })}
                    {category.conferences > 0 ? <span className="block text-xs text-slate-500 dark:text-slate-400">{t('admin.categories.inUseHint')}</span> : null}
                  </StackedCell>
                  <StackedCell label={t('admin.conferences.columns.actions')}>
                    <span className="flex flex-wrap gap-3">
                      <button type="button" onClick={() => { setMessage(null); setEditing(category); }} className={linkClass} data-testid="category-edit">{t('admin.categories.edit')}</button>
                      <button type="button" onClick={() => setDeleting(category)} className={`${dangerButtonClass} px-2 py-0.5 text-sm`} data-testid="category-delete">{t('admin.categories.delete')}</button>
                    </span>
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={page} pages={pages} testId="categories-pagination" />
        </>
      )}

      {deleting ? (
        <ConfirmDialog
          title={t('admin.categories.deleteTitle')}
          body={t('common:content.confirmDelete', { name: localizedField(deleting, 'name', locale) })}
          confirmLabel={t('admin.categories.delete')}
          cancelLabel={t('admin.cancel')}
          danger
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
          testId="category-delete-dialog"
        />
      ) : null}
    </section>
  );
}
