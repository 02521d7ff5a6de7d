import { lazy, Suspense } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { HOME_ANCHORS } from '@scholars/shared-contracts';
import { useNearViewport } from '@scholars/shared-contracts/ui';
import { ContactDetails } from '../contact/ContactDetails';

// The form (with zod, its schema, the captcha and the lazy pages' texts) is a late chunk, fetched as
// the reader approaches the section, like the home page's other below-the-fold parts: the start
// stays within its budget (docs/performance.md).
const HomeContactForm = lazy(async () => {
  const [form, texts] = await Promise.all([import('../contact/HomeContactForm'), import('../../i18n/page-texts')]);
  texts.addPageTexts(i18next);
  return { default: form.HomeContactForm };
});

/** The space the form takes until it is mounted (the page below does not jump). */
const FORM_SPACE = 'min-h-[34rem]';

/** The home page's contact section (anchor 'contact'): the details and the message form of spec 2. */
export function ContactSection() {
  const { t } = useTranslation('shell');
  const [formBox, near] = useNearViewport<HTMLDivElement>();
  return (
    <section id={HOME_ANCHORS.contact} aria-labelledby="home-contact-title" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16" data-testid="home-contact">
      <h2 id="home-contact-title" className="mb-6 text-center text-2xl font-bold">{t('home.contactTitle')}</h2>
      <ContactDetails />
      <div ref={formBox} className={`mx-auto mt-10 max-w-3xl rounded-2xl border border-slate-200 p-6 dark:border-slate-800 ${FORM_SPACE}`} data-testid="contact-section-form">
        {near ? (
          <Suspense fallback={<div aria-busy="true" />}>
            <HomeContactForm />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
