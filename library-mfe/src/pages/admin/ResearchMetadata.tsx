import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError, ROUTES, useLocale } from '@scholars/shared-contracts';
import { controlClass, labelClass, primaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { BilingualField } from '@scholars/shared-contracts/ui/content';
import { localizedField } from '@scholars/shared-contracts/locale';
import { routeId } from '@scholars/shared-contracts/constants';
import { OTHER_CATEGORY, researchMetadataBodySchema, type ResearchMetadataBody, type ReviewDetails } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { saveResearchMetadata } from '../../api/admin-content';
import { fetchCategories } from '../../api/community-categories';
import { fetchReviewDetails } from '../../api/review';
import { linkClass, NoticeView, TextField, useFieldText, useRefusal, limited, type Notice } from '../../components/ContentConsole';

function valuesOf(research: ReviewDetails): ResearchMetadataBody {
  return {
    title: research.title,
    title_en: research.title_en,
    description: research.description,
    description_en: research.description_en,
    abstract: research.abstract,
    category_id: research.category_id ? String(research.category_id) : research.other_category ? OTHER_CATEGORY : '',
    other_category: research.other_category ?? '',
    // The version: the submission's `updated_at` as the API sent it.
    updated_at: research.updated_at,
  };
}

function MetadataForm({ research, onSaved, onReload, notice, setNotice }: { research: ReviewDetails; onSaved: () => void; onReload: () => void; notice: Notice | null; setNotice: (notice: Notice | null) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const fieldText = useFieldText();
  const categories = useAsync((signal) => fetchCategories(signal), []);
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, setError, reset, watch, formState } = useForm({ resolver: zodResolver(researchMetadataBodySchema), defaultValues: valuesOf(research) });
  const refusal = useRefusal(setError);
  const errors = formState.errors as Record<string, { message?: unknown } | undefined>;
  const error = (name: string) => fieldText(errors[name]?.message);
  const labelOf = (field: string) => t(`content.research.fields.${field}`, { defaultValue: field });
  const other = watch('category_id') === OTHER_CATEGORY;

  useEffect(() => reset(valuesOf(research), { keepErrors: true }), [research, reset]);

  const submit = handleSubmit(async (values) => {
    setBusy(true);
    setNotice(null);
    try {
      const saved = await saveResearchMetadata(research.id, values);
      setNotice({ ok: true, text: saved.msg ?? t('content.saved') });
      onSaved();
    } catch (problem) {
      setNotice(refusal(problem));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form noValidate onSubmit={submit} data-testid="research-metadata-form" aria-busy={busy} className="space-y-6">
      <NoticeView notice={notice} onReload={onReload} />
      <fieldset disabled={busy} className="space-y-5">
        <BilingualField label={labelOf('title')} required arabic={limited(register('title'), 300)} english={limited(register('title_en'), 300)} arabicError={error('title')} englishError={error('title_en')} />
        <BilingualField label={labelOf('description')} required rows={4} arabic={limited(register('description'), 5000)} english={limited(register('description_en'), 5000)} arabicError={error('description')} englishError={error('description_en')} />
        <label className={labelClass}>
          {labelOf('abstract')}
          <textarea {...register('abstract')} rows={8} dir="auto" maxLength={10000} aria-invalid={Boolean(error('abstract'))} data-testid="field-abstract" className={controlClass(Boolean(error('abstract')))} />
          {error('abstract') ? <span role="alert" className="mt-1 block text-sm text-red-700 dark:text-red-400">{error('abstract')}</span> : null}
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className={labelClass}>
            {labelOf('category')}
            <select {...register('category_id')} data-testid="field-category_id" aria-invalid={Boolean(error('category_id'))} className={controlClass(Boolean(error('category_id')))}>
              <option value="">{labelOf('chooseCategory')}</option>
              {(categories.data ?? []).map((category) => <option key={category.id} value={String(category.id)}>{localizedField(category, 'name', locale)}</option>)}
              <option value={OTHER_CATEGORY}>{labelOf('other')}</option>
            </select>
            {error('category_id') ? <span role="alert" className="mt-1 block text-sm text-red-700 dark:text-red-400">{error('category_id')}</span> : null}
          </label>
          {other ? <TextField label={labelOf('otherCategory')} control={register('other_category')} dir="auto" maxLength={200} error={error('other_category')} testId="field-other_category" /> : null}
        </div>
      </fieldset>
      <button type="submit" disabled={busy} data-testid="research-metadata-save" className={primaryButtonClass}>{busy ? t('content.saving') : t('content.save')}</button>
    </form>
  );
}

/** `/admin/research/:id/edit` (administrators): an approved research's metadata; its removal stays the review's. */
export function ResearchMetadata() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const { id: raw = '' } = useParams();
  const id = routeId(raw);
  const research = useAsync((signal) => (id === null ? Promise.reject(new Error('invalid id')) : fetchReviewDetails(String(id), signal)), [id]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const missing = id === null || (research.status === 'failed' && isApiError(research.error) && (research.error.status === 404 || research.error.status === 400));
  const data = research.data;

  return (
    <section data-testid="research-metadata" className="space-y-6">
      <Link to={ROUTES.adminResearch(id ?? raw)} className={`text-sm ${linkClass}`}>
        <span aria-hidden="true" className="inline-block rtl:rotate-180">‹</span> {t('content.research.back')}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50" dir="auto">
        {t('content.research.title')}
        {data ? <span className="mt-1 block text-lg font-semibold text-slate-600 dark:text-slate-300">{localizedField(data, 'title', locale)}</span> : null}
      </h1>
      {missing ? (
        <p role="alert" data-testid="research-metadata-not-found" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">{t('content.research.notFound')}</p>
      ) : research.status === 'failed' ? (
        <div role="alert" className="rounded-xl border border-red-200 p-4 text-red-800 dark:border-red-900 dark:text-red-200">
          <p>{t('content.loadFailed')}</p>
          <button type="button" onClick={research.reload} className="mt-2 font-semibold underline">{t('content.retry')}</button>
        </div>
      ) : !data ? (
        <p role="status" className="text-slate-500 dark:text-slate-400">{t('content.loading')}</p>
      ) : data.status !== 'approved' ? (
        <p role="alert" data-testid="research-metadata-not-approved" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">{t('content.research.notApproved')}</p>
      ) : (
        <>
          <p className="text-slate-600 dark:text-slate-300">{t('content.research.intro')}</p>
          <div className="flex flex-wrap gap-x-6 gap-y-2 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800">
            <p className="min-w-0 flex-1">
              {t('content.research.remove')}{' '}
              <Link to={ROUTES.adminResearch(data.id)} className={linkClass} data-testid="research-metadata-remove">{t('content.research.removeLink')}</Link>
            </p>
            {data.library_id ? (
              <Link to={ROUTES.researchLibraryDetails(data.library_id)} className={linkClass} data-testid="research-metadata-library">{t('content.research.libraryLink')}</Link>
            ) : null}
          </div>
          <MetadataForm
            research={data}
            onSaved={research.reload}
            onReload={() => {
              setNotice(null);
              research.reload();
            }}
            notice={notice}
            setNotice={setNotice}
          />
        </>
      )}
    </section>
  );
}
