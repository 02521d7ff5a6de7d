import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fileUrl, useLocale } from '@scholars/shared-contracts';
import { BilingualField, FileField } from '@scholars/shared-contracts/ui/content';
import { adWriteSchema, type AdminAd, type AdWrite } from '@scholars/shared-contracts/schemas';
import { formatDate, pickLocalized, typedNumber } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { createAd, deleteAd, fetchAdminAds, updateAd } from '../../api/home-content';
import { uploadContentFile } from '../../api/content';
import { DateTimeInput, EditorPanel, FormActions, LiveCheckbox, OrderField, SaveProblems, TextField, errorAt, useFieldMessage, useSave } from '../../components/ContentForm';
import { ContentListScreen, type ContentEditorProps } from '../../components/ContentList';
import { Badge, StackedCell } from '../../components/Status';

const formValues = (ad?: AdminAd): AdWrite => ({
  title: ad?.title ?? '',
  title_en: ad?.title_en ?? '',
  // Required: a missing image is the schema's "required" until one is uploaded.
  image_url: ad?.image_url ?? (null as unknown as string),
  link: ad?.link ?? '',
  active: ad?.active ?? false,
  starts_at: ad?.starts_at ?? null,
  ends_at: ad?.ends_at ?? null,
  sort_order: ad?.sort_order ?? 0,
});

/** The ad's dates in the console's language and the administrator's zone. */
function AdWindow({ ad }: { ad: AdminAd }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const from = ad.starts_at ? formatDate(ad.starts_at, locale, 'dateTime') : null;
  const until = ad.ends_at ? formatDate(ad.ends_at, locale, 'dateTime') : null;
  if (from && until) return t('content.ads.between', { from, until });
  if (from) return t('content.ads.from', { date: from });
  if (until) return t('content.ads.until', { date: until });
  return t('content.ads.always');
}

/** The ad form: title in both languages, the uploaded image (previewed), the link, the dates, active, order. */
function AdEditor({ ad, onSaved, onCancel, onReload }: ContentEditorProps & { ad?: AdminAd }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useFieldMessage();
  const form = useForm<AdWrite, unknown, z.output<typeof adWriteSchema>>({ resolver: zodResolver(adWriteSchema), defaultValues: formValues(ad) });
  const { register, control, handleSubmit, formState } = form;
  const save = useSave(form.setError);
  const error = (path: string) => message(errorAt(formState.errors, path));
  const submit = handleSubmit(async (values) => {
    const done = await save.run(() => (ad ? updateAd(ad.id, { ...values, version: ad.version }) : createAd(values)));
    if (done) onSaved();
  });
  const labelOf = (field: string) => (field === 'title' ? t('content.ads.adTitle') : field);
  return (
    <EditorPanel title={ad ? t('content.ads.editTitle') : t('content.ads.newTitle')} testId="ad-editor">
      <form noValidate onSubmit={submit} className="space-y-5">
        <SaveProblems problem={save.problem} onReload={onReload} labelOf={labelOf} />
        <BilingualField label={t('content.ads.adTitle')} arabic={register('title')} english={register('title_en')} arabicError={error('title')} englishError={error('title_en')} />
        <Controller
          control={control}
          name="image_url"
          render={({ field }) => (
            <FileField
              label={t('content.ads.image')}
              name="image_url"
              kind="image"
              value={field.value || null}
              onChange={(file) => field.onChange(file ? file.path : null)}
              upload={uploadContentFile}
              imageUrl={fileUrl}
              error={error('image_url')}
            />
          )}
        />
        <TextField label={t('content.ads.link')} hint={t('content.ads.linkHint')} control={register('link')} error={error('link')} />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">{t('content.ads.window')}</legend>
          <Controller control={control} name="starts_at" render={({ field }) => <DateTimeInput label={t('content.ads.startsAt')} value={field.value} onChange={field.onChange} error={error('starts_at')} testId="field-starts_at" />} />
          <Controller control={control} name="ends_at" render={({ field }) => <DateTimeInput label={t('content.ads.endsAt')} value={field.value} onChange={field.onChange} error={error('ends_at')} testId="field-ends_at" hint={t('content.ads.windowHint')} />} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <LiveCheckbox label={t('content.ads.active')} hint={t('content.ads.activeHint')} testId="field-active" {...register('active')} />
          <OrderField control={register('sort_order', { setValueAs: typedNumber })} error={error('sort_order')} />
        </div>
        <FormActions busy={save.busy} onCancel={onCancel} />
      </form>
    </EditorPanel>
  );
}

/** Ads of the home pop-up (administrators): list with search, the active filter and pages; an editor panel; delete. */
export function AdminAds() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const nameOf = (ad: AdminAd) => pickLocalized(locale, ad.title, ad.title_en) || t('content.untitled');
  return (
    <ContentListScreen<AdminAd>
      section="ads"
      filterName="active"
      load={fetchAdminAds}
      remove={(ad) => deleteAd(ad.id, ad.version)}
      nameOf={nameOf}
      editor={(ad, props) => <AdEditor ad={ad} {...props} />}
      columns={[t('content.image'), t('content.ads.adTitle'), t('content.state'), t('content.ads.window')]}
      cells={(ad) => (
        <>
          <StackedCell label={t('content.image')}>
            <img src={fileUrl(ad.image_url)} alt={t('content.imageAlt', { name: nameOf(ad) })} className="h-12 w-20 rounded object-cover" loading="lazy" />
          </StackedCell>
          <StackedCell label={t('content.ads.adTitle')}><bdi>{nameOf(ad)}</bdi></StackedCell>
          <StackedCell label={t('content.state')}>
            <Badge tone={ad.live ? 'green' : ad.active ? 'amber' : 'slate'} testId="content-state">{t(`content.ads.states.${ad.live ? 'live' : ad.active ? 'scheduled' : 'off'}`)}</Badge>
          </StackedCell>
          <StackedCell label={t('content.ads.window')}><AdWindow ad={ad} /></StackedCell>
        </>
      )}
    />
  );
}
