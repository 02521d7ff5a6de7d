import { useTranslation } from 'react-i18next';

// Spec 2: static text (not fetched).
export const CONTACT = { email: 'info@scholarshub.ae', phone: '+971 4 555 0134' } as const;

export function ContactDetails() {
  const { t } = useTranslation('shell');
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <div className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <dt className="text-sm text-slate-500 dark:text-slate-400">{t('contact.location')}</dt>
        <dd className="mt-1 font-medium">{t('contact.address')}</dd>
      </div>
      <div className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <dt className="text-sm text-slate-500 dark:text-slate-400">{t('contact.generalEnquiries')}</dt>
        <dd className="mt-1 font-medium"><a dir="ltr" className="text-emerald-700 underline dark:text-emerald-400" href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a></dd>
      </div>
      <div className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <dt className="text-sm text-slate-500 dark:text-slate-400">{t('contact.phone')}</dt>
        <dd className="mt-1 font-medium"><a dir="ltr" className="text-emerald-700 underline dark:text-emerald-400" href={`tel:${CONTACT.phone.replace(/\s/g, '')}`}>{CONTACT.phone}</a></dd>
      </div>
    </dl>
  );
}
