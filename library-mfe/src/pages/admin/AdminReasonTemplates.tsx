import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale } from '@scholars/shared-contracts';
import { controlClass, labelClass, Pagination, primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { BilingualField, StackedCell } from '@scholars/shared-contracts/ui/content';
import { formatNumber, localizedField } from '@scholars/shared-contracts/locale';
import { adminReasonTemplateBodySchema, REASON_TEMPLATE_DECISIONS, type AdminReasonTemplate, type AdminReasonTemplateBody } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { deleteReasonTemplate, fetchAdminReasonTemplates, saveReasonTemplate } from '../../api/admin-content';
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

type Decision = (typeof REASON_TEMPLATE_DECISIONS)[number];

function valuesOf(row: AdminReasonTemplate | null, decision: Decision): AdminReasonTemplateBody {
  return { decision: row?.decision ?? decision, text: row?.text ?? '', text_en: row?.text_en ?? '', sort_order: row ? String(row.sort_order) : '0' };
}

function TemplateEditor({ row, decision, onSaved, onCancel, onReload }: { row: AdminReasonTemplate | null; decision: Decision; onSaved: (msg: string) => void; onCancel: () => void; onReload: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const fieldText = useFieldText();
  const { register, handleSubmit, setError, formState } = useForm({ resolver: zodResolver(adminReasonTemplateBodySchema), defaultValues: valuesOf(row, decision) });
  const { notice, busy, run } = useEditorSave(setError, onSaved);
  const errors = formState.errors as Record<string, { message?: unknown } | undefined>;
  const error = (name: string) => fieldText(errors[name]?.message);
  const labelOf = (field: string) => t(`content.templates.fields.${field}`, { defaultValue: field });

  const submit = handleSubmit((values) => run(() => saveReasonTemplate(row?.id ?? null, row ? { ...values, version: row.version } : values)));

  return (
    <EditorPanel
      testId="template-editor"
      title={row ? t('content.templates.editTitle') : t('content.templates.newTitle')}
      notice={notice}
      onReload={onReload}
      labelOf={labelOf}
      busy={busy}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <label className={labelClass}>
          {labelOf('decision')}
          <select {...register('decision')} data-testid="field-decision" className={controlClass(Boolean(error('decision')))}>
            {REASON_TEMPLATE_DECISIONS.map((value) => <option key={value} value={value}>{t(`content.templates.decisions.${value}`)}</option>)}
          </select>
        </label>
        <TextField label={labelOf('order')} control={register('sort_order')} dir="ltr" inputMode="numeric" maxLength={6} error={error('sort_order')} testId="field-sort_order" />
      </div>
      <BilingualField label={labelOf('text')} required rows={3} arabic={limited(register('text'), 2000)} english={limited(register('text_en'), 2000)} arabicError={error('text')} englishError={error('text_en')} />
    </EditorPanel>
  );
}

/** `/admin/reason-templates` (administrators): the reviewers' reason templates by decision; an inline editor. */
export function AdminReasonTemplates() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const { q, page, filters, set } = useListParams(['decision']);
  const decision = (REASON_TEMPLATE_DECISIONS as readonly string[]).includes(filters.decision ?? '') ? (filters.decision as Decision) : undefined;
  const list = useAsync((signal) => fetchAdminReasonTemplates({ q: q || undefined, decision, page, limit: PAGE_SIZE }, signal), [q, decision, page]);
  const editor = useInlineEditing(list, deleteReasonTemplate);
  const column = (name: string) => t(`content.templates.columns.${name}`);

  return (
    <section data-testid="admin-templates" className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('content.templates.title')}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t('content.templates.description')}</p>
        </div>
        <button type="button" onClick={() => editor.edit('new')} data-testid="template-add" className={primaryButtonClass}>{t('content.templates.add')}</button>
      </header>
      {editor.editing ? (
        <TemplateEditor
          key={editor.editorKey}
          row={editor.editing === 'new' ? null : editor.editing}
          decision={decision ?? 'changes_requested'}
          onCancel={editor.close}
          onReload={list.reload}
          onSaved={editor.saved}
        />
      ) : null}
      <NoticeView notice={editor.notice} onReload={list.reload} testId="templates-notice" />
      <div className="flex flex-wrap items-end gap-4">
        <label className={labelClass}>
          {t('content.templates.decision')}
          <select name="decision" value={decision ?? ''} onChange={(event) => set('decision', event.target.value)} data-testid="templates-decision" className={`${controlClass(false)} text-sm`}>
            <option value="">{t('content.templates.allDecisions')}</option>
            {REASON_TEMPLATE_DECISIONS.map((value) => <option key={value} value={value}>{t(`content.templates.decisions.${value}`)}</option>)}
          </select>
        </label>
        <div className="min-w-64 flex-1">
          <SearchBox value={q} label={t('content.templates.search')} placeholder={t('content.templates.searchPlaceholder')} onSearch={(value) => set('q', value)} testId="templates" />
        </div>
      </div>
      <ListState failed={list.status === 'failed'} loading={!list.data} empty={list.data?.data.length === 0} emptyText={t('content.templates.empty')} onRetry={list.reload}>
        {list.data ? (
          <>
            <StackedTable testId="templates-table" busy={list.status === 'loading'} head={[column('decision'), column('text'), column('order'), t('content.actions')]}>
              {list.data.data.map((row) => (
                <tr key={row.id} data-testid="template-row" data-id={row.id} className={stackedRow}>
                  <StackedCell label={column('decision')}>{t(`content.templates.decisions.${row.decision}`)}</StackedCell>
                  <StackedCell label={column('text')}>
                    <p lang="ar" dir="rtl" data-testid="template-text">{row.text}</p>
                    <p lang="en" dir="ltr" data-testid="template-text-en" className="mt-1 text-slate-600 dark:text-slate-300">{row.text_en}</p>
                  </StackedCell>
                  <StackedCell label={column('order')}>{formatNumber(row.sort_order, locale)}</StackedCell>
                  <StackedCell label={t('content.actions')}>
                    <span className="flex flex-wrap items-center gap-2">
                      <button type="button" onClick={() => editor.edit(row)} data-testid="template-edit" className={`${secondaryButtonClass} px-3 py-1 text-sm`}>{t('common:content.edit')}</button>
                      <ConfirmDelete name={localizedField(row, 'text', locale)} onConfirm={() => void editor.remove(row)} testId="template-delete" />
                    </span>
                  </StackedCell>
                </tr>
              ))}
            </StackedTable>
            <Pagination page={page} pages={Math.max(1, Math.ceil(list.data.tot / PAGE_SIZE))} testId="templates-pagination" />
          </>
        ) : null}
      </ListState>
    </section>
  );
}
