import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocale } from '@scholars/shared-contracts';
import { useAsync } from '@scholars/shared-contracts/ui';
import { BilingualField } from '@scholars/shared-contracts/ui/content';
import { SOCIAL_NETWORKS, siteSettingsWriteSchema, type AdminSiteSettings, type SiteSettingsWrite } from '@scholars/shared-contracts/schemas';
import { formatDate } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { fetchSiteSettings, saveSiteSettings } from '../../api/home-content';
import { FormActions, SaveProblems, TextField, errorAt, useFieldMessage, useSave } from '../../components/ContentForm';
import { SectionState } from '../../components/Status';

const formValues = (settings: AdminSiteSettings): SiteSettingsWrite => ({
  address: settings.address,
  address_en: settings.address_en,
  email: settings.email,
  phone: settings.phone,
  facebook: settings.facebook ?? '',
  twitter: settings.twitter ?? '',
  linkedin: settings.linkedin ?? '',
  instagram: settings.instagram ?? '',
  youtube: settings.youtube ?? '',
  made_by_name: settings.made_by_name,
  made_by_name_en: settings.made_by_name_en,
  made_by_url: settings.made_by_url ?? '',
  version: settings.version,
});

function SettingsForm({ settings, onSaved, onReload }: { settings: AdminSiteSettings; onSaved: () => void; onReload: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const message = useFieldMessage();
  const form = useForm<SiteSettingsWrite, unknown, z.output<typeof siteSettingsWriteSchema>>({ resolver: zodResolver(siteSettingsWriteSchema), defaultValues: formValues(settings) });
  const { register, handleSubmit, formState } = form;
  const save = useSave(form.setError);
  const error = (path: string) => message(errorAt(formState.errors, path));
  const submit = handleSubmit(async (values) => {
    if (await save.run(() => saveSiteSettings(values))) onSaved();
  });
  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-5" data-testid="settings-form">
      <SaveProblems problem={save.problem} onReload={onReload} labelOf={(field) => (field === 'address' ? t('content.settings.address') : field === 'made_by_name' ? t('content.settings.madeByName') : field)} />
      <BilingualField label={t('content.settings.address')} required arabic={register('address')} english={register('address_en')} arabicError={error('address')} englishError={error('address_en')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField type="email" required label={t('content.settings.email')} control={register('email')} error={error('email')} />
        <TextField type="tel" required label={t('content.settings.phone')} control={register('phone')} error={error('phone')} />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">{t('content.settings.social')}</legend>
        {SOCIAL_NETWORKS.map((network) => (
          <TextField key={network} type="url" label={t(`content.settings.${network}`)} hint={t('content.settings.linkHint')} control={register(network)} error={error(network)} />
        ))}
      </fieldset>
      <fieldset className="space-y-4" data-testid="settings-made-by">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">{t('content.settings.madeBy')}</legend>
        <BilingualField label={t('content.settings.madeByName')} hint={t('content.settings.madeByNameHint')} arabic={register('made_by_name')} english={register('made_by_name_en')} arabicError={error('made_by_name')} englishError={error('made_by_name_en')} />
        <TextField type="url" label={t('content.settings.madeByUrl')} hint={t('content.settings.madeByUrlHint')} control={register('made_by_url')} error={error('made_by_url')} />
      </fieldset>
      <FormActions busy={save.busy}>
        {settings.updated_at ? <span className="text-sm text-slate-500 dark:text-slate-400">{t('content.settings.updated', { date: formatDate(settings.updated_at, locale, 'dateTime') })}</span> : null}
      </FormActions>
    </form>
  );
}

/** The site settings (administrators): the footer's and the contact page's address, e-mail, phone and social links; the footer's made-by credit. */
export function AdminSiteSettings() {
  const { t } = useTranslation(NAMESPACE);
  const settings = useAsync((signal) => fetchSiteSettings(signal), []);
  return (
    <section data-testid="admin-site-settings">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('content.settings.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('content.settings.intro')}</p>
      {settings.status === 'failed' ? (
        <SectionState state="failed" onRetry={settings.reload} />
      ) : !settings.data ? (
        <SectionState state="loading" />
      ) : (
        // A new version (saved here, or reloaded after someone else's save) starts a fresh form.
        <SettingsForm key={settings.data.version} settings={settings.data} onSaved={settings.reload} onReload={settings.reload} />
      )}
    </section>
  );
}
