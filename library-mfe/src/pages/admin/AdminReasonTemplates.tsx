import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale } from '@scholars/shared-contracts';
import { controlClass, labelClass, useAsync } from '@scholars/shared-contracts/ui';
import { BilingualField, StackedCell } from '@scholars/shared-contracts/ui/content';
import { localizedField } from '@scholars/shared-contracts/locale';
import { adminReasonTemplateBodySchema, REASON_TEMPLATE_DECISIONS, type AdminReasonTemplate, type AdminReasonTemplateBody } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { deleteReasonTemplate, fetchAdminReasonTemplates, saveReasonTemplate } from '../../api/admin-content';
import { EditorPanel, InlineListScreen, limited, TextField, useEditorSave, useFieldText, useListParams, type InlineEditorProps } from '../../components/ContentConsole';

const PAGE_SIZE = 20;

type Decision = (typeof REASON_TEMPLATE_DECISIONS)[number];

function valuesOf(row: AdminReasonTemplate | null, decision: Decision): AdminReasonTemplateBody {
  return { decision: row?.decision ?? decision, text: row?.text ?? '', text_en: row?.text_en ?? '', sort_order: row ? String(row.sort_order) : '0' };
}

function TemplateEditor({ row, decision, onSaved, onCancel, onReload }: InlineEditorProps & { row: AdminReasonTemplate | null; decision: Decision }) {
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
  const params = useListParams(['decision']);
  const { q, page, filters, set } = params;
  const decision = (REASON_TEMPLATE_DECISIONS as readonly string[]).includes(filters.decision ?? '') ? (filters.decision as Decision) : undefined;
  const list = useAsync((signal) => fetchAdminReasonTemplates({ q: q || undefined, decision, page, limit: PAGE_SIZE }, signal), [q, decision, page]);
  const column = (name: string) => t(`content.templates.columns.${name}`);
  return (
    <InlineListScreen<AdminReasonTemplate>
      section="templates"
      item="template"
      list={list}
      remove={deleteReasonTemplate}
      params={params}
      pageSize={PAGE_SIZE}
      nameOf={(row) => localizedField(row, 'text', locale)}
      editor={(row, props) => <TemplateEditor row={row} decision={decision ?? 'changes_requested'} {...props} />}
      filters={
        <label className={labelClass}>
          {t('content.templates.decision')}
          <select name="decision" value={decision ?? ''} onChange={(event) => set('decision', event.target.value)} data-testid="templates-decision" className={`${controlClass(false)} text-sm`}>
            <option value="">{t('content.templates.allDecisions')}</option>
            {REASON_TEMPLATE_DECISIONS.map((value) => <option key={value} value={value}>{t(`content.templates.decisions.${value}`)}</option>)}
          </select>
        </label>
      }
      columns={[column('decision'), column('text')]}
      cells={(row) => (
        <>
          <StackedCell label={column('decision')}>{t(`content.templates.decisions.${row.decision}`)}</StackedCell>
          <StackedCell label={column('text')}>
            <p lang="ar" dir="rtl" data-testid="template-text">{row.text}</p>
            <p lang="en" dir="ltr" data-testid="template-text-en" className="mt-1 text-slate-600 dark:text-slate-300">{row.text_en}</p>
          </StackedCell>
        </>
      )}
    />
  );
}
