import { useTranslation } from 'react-i18next';

const QUESTIONS = ['1', '2', '3', '4'] as const;

/** Spec 2: four question and answer pairs (native disclosure: keyboard and screen-reader ready). */
export function Faq() {
  const { t } = useTranslation('shell');
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16" data-testid="home-faq">
      <h2 id="faq-title" className="mb-6 text-center text-2xl font-bold">{t('home.faqTitle')}</h2>
      <div className="space-y-3">
        {QUESTIONS.map((n) => (
          <details key={n} className="group rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <summary className="cursor-pointer list-none font-semibold marker:hidden">
              <span className="flex items-center justify-between gap-3">
                {t(`home.faq.q${n}`)}
                <span aria-hidden="true" className="transition-transform group-open:rotate-45">+</span>
              </span>
            </summary>
            <p className="mt-3 text-slate-600 dark:text-slate-300">{t(`home.faq.a${n}`)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
