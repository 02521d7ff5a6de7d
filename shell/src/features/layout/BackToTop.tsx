import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 2: at the reading-start corner (left in English, right in Arabic), after some scrolling. */
export function BackToTop() {
  const { t } = useTranslation('shell');
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 400);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button type="button" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })} aria-label={t('backToTop')} title={t('backToTop')} data-testid="back-to-top" className="fixed bottom-6 start-6 z-40 flex size-11 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lg hover:bg-emerald-800">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2"><path d="M12 19V5M5 12l7-7 7 7" /></svg>
    </button>
  );
}
