import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import type { FaqEntry } from '@scholars/shared-contracts/schemas';
import { localizedField } from '@scholars/shared-contracts/locale';
import { usePublicData } from '../../lib/use-public-data';
import { PUBLIC_READS } from '../../lib/public-data';

/**
 * Spec 2: the questions and answers, as published in the console (`GET faq`, served with the home
 * page), in their order; native disclosure (keyboard and screen-reader ready). No section while
 * none is published, or when the read failed (spec 8: only logged).
 */
export function Faq() {
  const { t } = useTranslation('shell');
  const { locale } = useLocale();
  const faq = usePublicData<FaqEntry[]>(PUBLIC_READS.faq);
  if (faq.status !== 'ready' || faq.data.length === 0) return null;
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16" data-testid="home-faq">
      <h2 id="faq-title" className="mb-6 text-center text-2xl font-bold">{t('home.faqTitle')}</h2>
      <div className="space-y-3">
        {faq.data.map((entry) => (
          <details key={entry.id} data-testid="faq-entry" className="group rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <summary className="cursor-pointer list-none font-semibold marker:hidden">
              <span className="flex items-center justify-between gap-3">
                {localizedField(entry, 'question', locale)}
                <span aria-hidden="true" className="transition-transform group-open:rotate-45">+</span>
              </span>
            </summary>
            <p className="mt-3 whitespace-pre-line text-slate-600 dark:text-slate-300">{localizedField(entry, 'answer', locale)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
