import { useTranslation } from 'react-i18next';
import { HOME_ANCHORS } from '@scholars/shared-contracts';
import { ContactDetails } from '../contact/ContactDetails';

/** The home page's contact section (anchor 'contact'): the static details of spec 2. */
export function ContactSection() {
  const { t } = useTranslation('shell');
  return (
    <section id={HOME_ANCHORS.contact} aria-labelledby="home-contact-title" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16" data-testid="home-contact">
      <h2 id="home-contact-title" className="mb-6 text-center text-2xl font-bold">{t('home.contactTitle')}</h2>
      <ContactDetails />
    </section>
  );
}
