import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient, isApiError, useLocale } from '@scholars/shared-contracts';
import { withCaptcha } from '../forms/captcha';

type Outcome = 'idle' | 'invalid' | 'success' | 'already' | 'failed';

/**
 * Spec 4 and 8: five message states; 409 in `err` means already subscribed. Success shows the
 * server's words: a sign-up is confirmed through the e-mailed link (double opt-in, issue 20), a
 * signed-in member's own address at once.
 */
export function NewsletterBox() {
  const { t } = useTranslation(['shell', 'common']);
  const { locale } = useLocale();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const [answer, setAnswer] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const messageId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The schemas (and zod) load on the first submit: the footer is on every page.
    const { newsletterSubscriberSchema } = await import('@scholars/shared-contracts/schemas');
    const parsed = newsletterSubscriberSchema.safeParse({ email, locale });
    if (!parsed.success) {
      setOutcome('invalid'); // spec 5: no request is made
      return;
    }
    setSending(true);
    try {
      const response = await apiClient.post<{ msg?: string }>('newsletter-subscribers', await withCaptcha(parsed.data), { silent: true, errorToast: false });
      setAnswer(typeof response.data.msg === 'string' ? response.data.msg : null);
      setOutcome('success');
      setEmail('');
    } catch (error) {
      setOutcome(isApiError(error) && Number(error.err) === 409 ? 'already' : 'failed');
    } finally {
      setSending(false);
    }
  };

  const message: Record<Outcome, string> = {
    idle: t('shell:footer.newsletterReassurance'),
    invalid: t('common:validation.newsletterEmailInvalid'),
    success: answer ?? t('common:newsletter.success'),
    already: t('common:newsletter.alreadySubscribed'),
    failed: t('common:newsletter.failed'),
  };
  const tone = outcome === 'success' ? 'text-emerald-300' : outcome === 'idle' ? 'text-slate-400' : 'text-amber-300';

  return (
    <form noValidate onSubmit={submit} data-testid="newsletter" aria-describedby={messageId}>
      <h2 className="mb-2 font-semibold text-white">{t('shell:footer.newsletter')}</h2>
      <p className="mb-3 text-sm text-slate-400">{t('shell:footer.newsletterIntro')}</p>
      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">{t('shell:footer.emailLabel')}</label>
        <input id={inputId} type="email" dir="ltr" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} aria-invalid={outcome === 'invalid'} placeholder="name@uni.ac.ae" className="min-w-0 flex-1 rounded-md border border-slate-600 bg-slate-800 px-3 py-2 text-sm text-white placeholder:text-slate-500" />
        <button type="submit" disabled={sending} className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-medium text-white hover:bg-emerald-800 disabled:opacity-60">
          {sending ? t('shell:footer.subscribing') : t('shell:footer.subscribe')}
        </button>
      </div>
      <p id={messageId} role={outcome === 'idle' ? undefined : 'status'} aria-live="polite" data-state={outcome} className={`mt-2 text-sm ${tone}`}>{message[outcome]}</p>
    </form>
  );
}
