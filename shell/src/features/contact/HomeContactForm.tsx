import { useTranslation } from 'react-i18next';
import { ContactForm } from './ContactForm';

/** The message form of the home page's contact section (spec 2): the /contact page's form, under its heading. */
export function HomeContactForm() {
  const { t } = useTranslation('shell');
  return (
    <>
      <h3 id="home-contact-form-title" className="mb-4 text-xl font-semibold">{t('contactForm.title')}</h3>
      <ContactForm />
    </>
  );
}
