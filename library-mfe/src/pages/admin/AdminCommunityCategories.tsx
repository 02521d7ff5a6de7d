import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale } from '@scholars/shared-contracts';
import { Pagination, primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { BilingualField, StackedCell } from '@scholars/shared-contracts/ui/content';
import { formatNumber, localizedField } from '@scholars/shared-contracts/locale';
import { adminCommunityCategoryBodySchema, type AdminCommunityCategory, type AdminCommunityCategoryBody } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { deleteCategory, fetchAdminCategories, saveCategory } from '../../api/admin-content';
import {
  ConfirmDelete,
  EditorPanel,
  limited,
  ListState,
  NoticeView,
  SearchBox,
  stackedRow,
  StackedTable,
  TextField,
  useEditorSave,
  useFieldText,
  useInlineEditing,
  useListParams,
} from '../../components/ContentConsole';

const PAGE_SIZE = 20;

function valuesOf(row: AdminCommunityCategory | null): AdminCommunityCategoryBody {
  return { name: row?.name ?? '', name_en: row?.name_en ?? '', sort_order: row ? String(row.sort_order) : '0' };
}

function CategoryEditor({ row, onSaved, onCancel, onReload }: { row: AdminCommunityCategory | null; onSaved: (msg: string) => void; onCancel: () => void; onReload: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const fieldText = useFieldText();
  const { register, handleSubmit, setError, formState } = useForm({ resolver: zodResolver(adminCommunityCategoryBodySchema), defaultValues: valuesOf(row) });
  const { notice, busy, run } = useEditorSave(setError, onSaved);
  const errors = formState.errors as Record<string, { message?: unknown } | undefined>;
  const error = (name: string) => fieldText(errors[name]?.message);
  const labelOf = (field: string) => t(`content.categories.fields.${field}`, { defaultValue: field });

  const submit = handleSubmit((values) => run(() => saveCategory(row?.id ?? null, row ? { ...values, version: row.version } : values)));

  return (
    <EditorPanel
      testId="category-editor"
      title={row ? t('content.categories.editTitle', { name: localizedField(row, 'name', locale) }) : t('content.categories.newTitle')}
      notice={notice}
      onReload={onReload}
      labelOf={labelOf}
      busy={busy}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <BilingualField label={labelOf('name')} required arabic={limited(register('name'), 100)} english={limited(register('name_en'), 100)} arabicError={error('name')} englishError={error('name_en')} />
      <div className="max-w-48">
        <TextField label={labelOf('order')} control={register('sort_order')} dir="ltr" inputMode="numeric" maxLength={6} error={error('sort_order')} testId="field-sort_order" />
      </div>
    </EditorPanel>
  );
}

/** `/admin/community-categories` (administrators): the research categories and what is in each; an inline editor. */
export function AdminCommunityCategories() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const { q, page, set } = useListParams();
  const list = useAsync((signal) => fetchAdminCategories({ q: q || undefined, page, limit: PAGE_SIZE }, signal), [q, page]);
  const editor = useInlineEditing(list, deleteCategory);
  const column = (name: string) => t(`content.categories.columns.${name}`);

  return (
    <section data-testid="admin-categories" className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('content.categories.title')}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t('content.categories.description')}</p>
        </div>
        <button type="button" onClick={() => editor.edit('new')} data-testid="category-add" className={primaryButtonClass}>{t('content.categories.add')}</button>
      </header>
      {editor.editing ? (
        <CategoryEditor
          key={editor.editorKey}
          row={editor.editing === 'new' ? null : editor.editing}
          onCancel={editor.close}
          onReload={list.reload}
          onSaved={editor.saved}
        />
      ) : null}
      <NoticeView notice={editor.notice} onReload={list.reload} testId="categories-notice" />
      <SearchBox value={q} label={t('content.categories.search')} placeholder={t('content.categories.searchPlaceholder')} onSearch={(value) => set('q', value)} testId="categories" />
      <ListState failed={list.status === 'failed'} loading={!list.data} empty={list.data?.data.length === 0} emptyText={t('content.categories.empty')} onRetry={list.reload}>
        {list.data ? (
          <>
            <StackedTable testId="categories-table" busy={list.status === 'loading'} head={[column('name'), column('research'), column('library'), column('order'), t('content.actions')]}>
              {list.data.data.map((row) => {
                const used = row.research + row.library > 0;
                return (
                  <tr key={row.id} data-testid="category-row" data-id={row.id} className={stackedRow}>
                    <StackedCell label={column('name')}>
                      <span dir="auto" className="font-semibold">{localizedField(row, 'name', locale)}</span>
                      <span dir="auto" className="block text-xs text-slate-500 dark:text-slate-400">{locale === 'ar' ? row.name_en : row.name}</span>
                    </StackedCell>
                    <StackedCell label={column('research')}>{formatNumber(row.research, locale)}</StackedCell>
                    <StackedCell label={column('library')}>{formatNumber(row.library, locale)}</StackedCell>
                    <StackedCell label={column('order')}>{formatNumber(row.sort_order, locale)}</StackedCell>
                    <StackedCell label={t('content.actions')}>
                      <span className="flex flex-wrap items-center gap-2">
                        <button type="button" onClick={() => editor.edit(row)} data-testid="category-edit" className={`${secondaryButtonClass} px-3 py-1 text-sm`}>{t('common:content.edit')}</button>
                        <ConfirmDelete name={localizedField(row, 'name', locale)} onConfirm={() => void editor.remove(row)} testId="category-delete" />
                      </span>
                      {used ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="category-in-use">{t('content.categories.inUse')}</p> : null}
                    </StackedCell>
                  </tr>
                );
              })}
            </StackedTable>
            <Pagination page={page} pages={Math.max(1, Math.ceil(list.data.tot / PAGE_SIZE))} testId="categories-pagination" />
          </>
        ) : null}
      </ListState>
    </section>
  );
}
