import { useTranslation } from 'react-i18next';
import { ContactDetails } from './ContactDetails';
import { ContactForm } from './ContactForm';

/** /contact: the location, e-mail and phone of the site settings, and the message form (spec 2). */
export function ContactPage() {
  const { t } = useTranslation('shell');
  return (
    <div className="mx-auto max-w-5xl px-4 py-12" data-testid="shell-page" data-page="contact">
      <h1 className="text-3xl font-bold">{t('pages.contact')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('contactForm.intro')}</p>
      <div className="mt-8">
        <ContactDetails />
      </div>
      <section className="mt-10 rounded-2xl border border-slate-200 p-6 dark:border-slate-800" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title" className="mb-4 text-xl font-semibold">{t('contactForm.title')}</h2>
        <ContactForm />
      </section>
    </div>
  );
}
