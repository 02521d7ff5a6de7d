import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { fileUrl, useLocale } from '@scholars/shared-contracts';
import { useAsync } from '@scholars/shared-contracts/ui';
import { BilingualField, FileField, StackedCell } from '@scholars/shared-contracts/ui/content';
import { formatNumber, localizedField } from '@scholars/shared-contracts/locale';
import { adminUniversityBodySchema, type AdminUniversity, type AdminUniversityBody } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { deleteUniversity, fetchAdminUniversities, saveUniversity, uploadContent } from '../../api/admin-content';
import { EditorPanel, InlineListScreen, limited, linkClass, TextField, useEditorSave, useFieldText, useListParams, type InlineEditorProps } from '../../components/ContentConsole';

const PAGE_SIZE = 20;

function valuesOf(row: AdminUniversity | null): AdminUniversityBody {
  return {
    name: row?.name ?? '',
    name_en: row?.name_en ?? '',
    country: row?.country ?? '',
    country_en: row?.country_en ?? '',
    description: row?.description ?? '',
    description_en: row?.description_en ?? '',
    logo: row?.logo ?? null,
    website: row?.website ?? '',
    sort_order: row ? String(row.sort_order) : '0',
  };
}

function UniversityEditor({ row, onSaved, onCancel, onReload }: InlineEditorProps & { row: AdminUniversity | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const fieldText = useFieldText();
  const { register, handleSubmit, setValue, watch, setError, formState } = useForm({
    resolver: zodResolver(adminUniversityBodySchema),
    defaultValues: valuesOf(row),
  });
  const { notice, busy, run } = useEditorSave(setError, onSaved);
  const errors = formState.errors as Record<string, { message?: unknown } | undefined>;
  const error = (name: string) => fieldText(errors[name]?.message);
  const labelOf = (field: string) => t(`content.universities.fields.${field}`, { defaultValue: field });
  const logo = watch('logo') as string | null;

  const submit = handleSubmit((values) => run(() => saveUniversity(row?.id ?? null, row ? { ...values, version: row.version } : values)));

  return (
    <EditorPanel
      testId="university-editor"
      title={row ? t('content.universities.editTitle', { name: localizedField(row, 'name', locale) }) : t('content.universities.newTitle')}
      notice={notice}
      onReload={onReload}
      labelOf={labelOf}
      busy={busy}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <BilingualField label={labelOf('name')} required arabic={limited(register('name'), 200)} english={limited(register('name_en'), 200)} arabicError={error('name')} englishError={error('name_en')} />
      <BilingualField label={labelOf('country')} arabic={limited(register('country'), 100)} english={limited(register('country_en'), 100)} arabicError={error('country')} englishError={error('country_en')} />
      <BilingualField label={labelOf('description')} rows={3} arabic={limited(register('description'), 2000)} english={limited(register('description_en'), 2000)} arabicError={error('description')} englishError={error('description_en')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={labelOf('website')} control={register('website')} type="url" dir="ltr" inputMode="url" maxLength={500} hint={t('content.universities.fields.websiteHint')} error={error('website')} testId="field-website" />
        <TextField label={labelOf('order')} control={register('sort_order')} dir="ltr" inputMode="numeric" maxLength={6} error={error('sort_order')} testId="field-sort_order" />
      </div>
      <FileField name="logo" kind="image" label={labelOf('logo')} value={logo} imageUrl={fileUrl} upload={uploadContent} error={error('logo')} onChange={(stored) => setValue('logo', stored?.path ?? null, { shouldDirty: true })} />
    </EditorPanel>
  );
}

/** `/admin/universities` (administrators): the university libraries, their order and sites; an inline editor. */
export function AdminUniversities() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const params = useListParams();
  const { q, page } = params;
  const list = useAsync((signal) => fetchAdminUniversities({ q: q || undefined, page, limit: PAGE_SIZE }, signal), [q, page]);
  const column = (name: string) => t(`content.universities.columns.${name}`);
  return (
    <InlineListScreen<AdminUniversity>
      section="universities"
      item="university"
      list={list}
      remove={deleteUniversity}
      params={params}
      pageSize={PAGE_SIZE}
      nameOf={(row) => localizedField(row, 'name', locale)}
      editor={(row, props) => <UniversityEditor row={row} {...props} />}
      columns={[column('name'), column('country'), column('website'), column('items')]}
      cells={(row) => (
        <>
          <StackedCell label={column('name')}>
            <span className="flex items-center gap-2">
              {row.logo ? <img src={fileUrl(row.logo)} alt="" width={28} height={28} className="size-7 rounded" /> : null}
              <span dir="auto" className="font-semibold">{localizedField(row, 'name', locale)}</span>
            </span>
          </StackedCell>
          <StackedCell label={column('country')}>{localizedField(row, 'country', locale) || t('content.none')}</StackedCell>
          <StackedCell label={column('website')}>
            {row.website ? <a href={row.website} target="_blank" rel="noopener noreferrer" dir="ltr" className={`${linkClass} break-all`}>{row.website}</a> : t('content.none')}
          </StackedCell>
          <StackedCell label={column('items')}>{t('content.universities.items', { count: row.items, formatted: formatNumber(row.items, locale) })}</StackedCell>
        </>
      )}
    />
  );
}
