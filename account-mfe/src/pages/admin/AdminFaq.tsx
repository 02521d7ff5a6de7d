import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocale } from '@scholars/shared-contracts';
import { BilingualField } from '@scholars/shared-contracts/ui/content';
import { faqWriteSchema, type AdminFaqEntry, type FaqWrite } from '@scholars/shared-contracts/schemas';
import { pickLocalized, typedNumber } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { createFaqEntry, deleteFaqEntry, fetchAdminFaq, updateFaqEntry } from '../../api/home-content';
import { EditorPanel, FormActions, LiveCheckbox, OrderField, SaveProblems, errorAt, useFieldMessage, useSave } from '../../components/ContentForm';
import { ContentListScreen, type ContentEditorProps } from '../../components/ContentList';
import { Badge, StackedCell } from '../../components/Status';

const formValues = (entry?: AdminFaqEntry): FaqWrite => ({
  question: entry?.question ?? '',
  question_en: entry?.question_en ?? '',
  answer: entry?.answer ?? '',
  answer_en: entry?.answer_en ?? '',
  published: entry?.published ?? false,
  sort_order: entry?.sort_order ?? 0,
});

/** A question and its answer in both languages, published, order. */
function FaqEditor({ entry, onSaved, onCancel, onReload }: ContentEditorProps & { entry?: AdminFaqEntry }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useFieldMessage();
  const form = useForm<FaqWrite, unknown, z.output<typeof faqWriteSchema>>({ resolver: zodResolver(faqWriteSchema), defaultValues: formValues(entry) });
  const { register, handleSubmit, formState } = form;
  const save = useSave(form.setError);
  const error = (path: string) => message(errorAt(formState.errors, path));
  const submit = handleSubmit(async (values) => {
    const done = await save.run(() => (entry ? updateFaqEntry(entry.id, { ...values, version: entry.version }) : createFaqEntry(values)));
    if (done) onSaved();
  });
  const labels: Record<string, string> = { question: t('content.faq.question'), answer: t('content.faq.answer') };
  return (
    <EditorPanel title={entry ? t('content.faq.editTitle') : t('content.faq.newTitle')} testId="faq-editor">
      <form noValidate onSubmit={submit} className="space-y-5">
        <SaveProblems problem={save.problem} onReload={onReload} labelOf={(field) => labels[field] ?? field} />
        <BilingualField label={labels.question!} required arabic={register('question')} english={register('question_en')} arabicError={error('question')} englishError={error('question_en')} />
        <BilingualField label={labels.answer!} rows={5} arabic={register('answer')} english={register('answer_en')} arabicError={error('answer')} englishError={error('answer_en')} />
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <LiveCheckbox label={t('content.faq.published')} hint={t('content.faq.publishedHint')} testId="field-published" {...register('published')} />
          <OrderField control={register('sort_order', { setValueAs: typedNumber })} error={error('sort_order')} />
        </div>
        <FormActions busy={save.busy} onCancel={onCancel} />
      </form>
    </EditorPanel>
  );
}

/** The home page's questions and answers (administrators), in their order. */
export function AdminFaq() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const nameOf = (entry: AdminFaqEntry) => pickLocalized(locale, entry.question, entry.question_en) || t('content.untitled');
  return (
    <ContentListScreen<AdminFaqEntry>
      section="faq"
      filterName="published"
      load={fetchAdminFaq}
      remove={(entry) => deleteFaqEntry(entry.id, entry.version)}
      nameOf={nameOf}
      editor={(entry, props) => <FaqEditor entry={entry} {...props} />}
      columns={[t('content.faq.question'), t('content.state')]}
      cells={(entry) => (
        <>
          <StackedCell label={t('content.faq.question')}><bdi>{nameOf(entry)}</bdi></StackedCell>
          <StackedCell label={t('content.state')}>
            <Badge tone={entry.published ? 'green' : 'slate'} testId="content-state">{t(`content.faq.states.${entry.published ? 'published' : 'draft'}`)}</Badge>
          </StackedCell>
        </>
      )}
    />
  );
}
