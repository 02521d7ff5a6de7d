import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale } from '@scholars/shared-contracts';
import { useAsync } from '@scholars/shared-contracts/ui';
import { BilingualField, StackedCell } from '@scholars/shared-contracts/ui/content';
import { formatNumber, localizedField } from '@scholars/shared-contracts/locale';
import { adminCommunityCategoryBodySchema, type AdminCommunityCategory, type AdminCommunityCategoryBody } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { deleteCategory, fetchAdminCategories, saveCategory } from '../../api/admin-content';
import { EditorPanel, InlineListScreen, limited, TextField, useEditorSave, useFieldText, useListParams, type InlineEditorProps } from '../../components/ContentConsole';

const PAGE_SIZE = 20;

function valuesOf(row: AdminCommunityCategory | null): AdminCommunityCategoryBody {
  return { name: row?.name ?? '', name_en: row?.name_en ?? '', sort_order: row ? String(row.sort_order) : '0' };
}

function CategoryEditor({ row, onSaved, onCancel, onReload }: InlineEditorProps & { row: AdminCommunityCategory | null }) {
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
  const params = useListParams();
  const { q, page } = params;
  const list = useAsync((signal) => fetchAdminCategories({ q: q || undefined, page, limit: PAGE_SIZE }, signal), [q, page]);
  const column = (name: string) => t(`content.categories.columns.${name}`);
  return (
    <InlineListScreen<AdminCommunityCategory>
      section="categories"
      item="category"
      list={list}
      remove={deleteCategory}
      params={params}
      pageSize={PAGE_SIZE}
      nameOf={(row) => localizedField(row, 'name', locale)}
      editor={(row, props) => <CategoryEditor row={row} {...props} />}
      columns={[column('name'), column('research'), column('library')]}
      cells={(row) => (
        <>
          <StackedCell label={column('name')}>
            <span dir="auto" className="font-semibold">{localizedField(row, 'name', locale)}</span>
            <span dir="auto" className="block text-xs text-slate-500 dark:text-slate-400">{locale === 'ar' ? row.name_en : row.name}</span>
          </StackedCell>
          <StackedCell label={column('research')}>{formatNumber(row.research, locale)}</StackedCell>
          <StackedCell label={column('library')}>{formatNumber(row.library, locale)}</StackedCell>
        </>
      )}
      actionsNote={(row) =>
        row.research + row.library > 0 ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="category-in-use">{t('content.categories.inUse')}</p> : null
      }
    />
  );
}
