import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import type { SiteSettings } from '@scholars/shared-contracts/schemas';
import { localizedField } from '@scholars/shared-contracts/locale';
import { usePublicData } from '../../lib/use-public-data';
import { PUBLIC_READS } from '../../lib/public-data';

const cardClass = 'rounded-xl border border-slate-200 p-5 dark:border-slate-800';

/**
 * Spec 2's location, e-mail and phone, from the site settings the console edits (the footer's read,
 * served with every page). A detail left empty is not rendered.
 */
export function ContactDetails() {
  const { t } = useTranslation('shell');
  const { locale } = useLocale();
  const settings = usePublicData<SiteSettings>(PUBLIC_READS.siteSettings);
  if (settings.status !== 'ready') return null;
  const { contact } = settings.data;
  const address = localizedField(contact, 'address', locale);
  return (
    <dl className="grid gap-4 sm:grid-cols-3" data-testid="contact-details">
      {address ? (
        <div className={cardClass}>
          <dt className="text-sm text-slate-500 dark:text-slate-400">{t('contact.location')}</dt>
          <dd className="mt-1 font-medium" data-testid="contact-address">{address}</dd>
        </div>
      ) : null}
      {contact.email ? (
        <div className={cardClass}>
          <dt className="text-sm text-slate-500 dark:text-slate-400">{t('contact.generalEnquiries')}</dt>
          <dd className="mt-1 font-medium"><a dir="ltr" className="text-emerald-700 underline dark:text-emerald-400" href={`mailto:${contact.email}`}>{contact.email}</a></dd>
        </div>
      ) : null}
      {contact.phone ? (
        <div className={cardClass}>
          <dt className="text-sm text-slate-500 dark:text-slate-400">{t('contact.phone')}</dt>
          <dd className="mt-1 font-medium"><a dir="ltr" className="text-emerald-700 underline dark:text-emerald-400" href={`tel:${contact.phone.replace(/[\s-]/g, '')}`}>{contact.phone}</a></dd>
        </div>
      ) : null}
    </dl>
  );
}
