import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A control one types or chooses in: while it has the focus, the button would only be in the way. */
const EDITING = 'input, textarea, select, [contenteditable="true"]';
const editing = () => document.activeElement instanceof Element && document.activeElement.matches(EDITING);
/** Tailwind's `sm`: below it the page's column fills the screen and the button floats over content. */
const PHONE = '(max-width: 639.98px)';

/**
 * Spec 2: at the reading-start corner (left in English, right in Arabic), after some scrolling. Not
 * while a form field has the focus: on a phone it would cover the form's buttons (a decision's
 * "Confirm" under a reason being typed). On a phone, only once the reader scrolls back up or reaches
 * the end: while reading down it would sit on the text, a price or a "Purchase now" passing under it.
 */
export function BackToTop() {
  const { t } = useTranslation('shell');
  const [scrolled, setScrolled] = useState(false);
  const [inField, setInField] = useState(false);
  useEffect(() => {
    const phone = window.matchMedia(PHONE);
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - 2;
      const wanted = !phone.matches || y < lastY || atEnd;
      lastY = y;
      setScrolled(y > 400 && wanted);
    };
    // focusout runs before the next element has the focus: read it once the move is done.
    const onFocus = () => queueMicrotask(() => setInField(editing()));
    onScroll();
    onFocus();
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onFocus);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onFocus);
    };
  }, []);
  if (!scrolled || inField) return null;
  return (
    <button type="button" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })} aria-label={t('backToTop')} title={t('backToTop')} data-testid="back-to-top" className="fixed bottom-6 start-6 z-40 flex size-11 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lg hover:bg-emerald-800">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2"><path d="M12 19V5M5 12l7-7 7 7" /></svg>
    </button>
  );
}
