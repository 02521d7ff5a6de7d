import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@scholars/shared-contracts';
import { AuthCard, FormMessage } from '../auth/AuthCard';
import { apiClient, isApiError, serverMessage } from '../auth/flow';

/** `invalid`: the link cannot work (no button to press again); `failed`: this try did not (press again). */
type State = { kind: 'ready' } | { kind: 'busy' } | { kind: 'done'; message: string } | { kind: 'invalid' } | { kind: 'failed'; message: string };

/**
 * /newsletter/confirm?token= and /newsletter/unsubscribe?token= (issue 20): the page of a
 * subscriber's e-mailed link. Opening it changes nothing (mail scanners open links); its button
 * confirms the sign-up, or unsubscribes through the same one-click address mail clients use
 * (RFC 8058). Either link works once; a spent, replaced or unknown one says so, with nothing to
 * press; an unsubscribe link pressed again while its subscriber is still off the list says they
 * are (the API's message).
 */
export function NewsletterLinkPage() {
  const { action } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { t } = useTranslation(['shell', 'common']);
  const [state, setState] = useState<State>({ kind: 'ready' });
  const confirming = action === 'confirm';
  const known = confirming || action === 'unsubscribe';

  const press = async () => {
    setState({ kind: 'busy' });
    try {
      if (confirming) {
        await apiClient.post('newsletter/confirm', { token }, { silent: true, errorToast: false });
        setState({ kind: 'done', message: t('shell:newsletterLink.confirmed') });
      } else {
        // Its message says whether this press unsubscribed them or they already were.
        const answer = await apiClient.post<{ msg?: string }>(`newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {}, { silent: true, errorToast: false });
        setState({ kind: 'done', message: answer.data.msg ?? t('shell:newsletterLink.unsubscribed') });
      }
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 400)) setState({ kind: 'invalid' });
      else setState({ kind: 'failed', message: serverMessage(error, t('common:messages.genericError')) });
    }
  };

  const home = <Link className="text-emerald-700 underline dark:text-emerald-400" to={ROUTES.home}>{t('shell:newsletterLink.backHome')}</Link>;
  const title = t(confirming ? 'shell:newsletterLink.confirmTitle' : 'shell:newsletterLink.unsubscribeTitle');
  if (!known || !token || state.kind === 'invalid') {
    return (
      <AuthCard title={title} page="newsletter-link" footer={home}>
        <FormMessage kind="error" testId="newsletter-link-invalid">{t('shell:newsletterLink.invalid')}</FormMessage>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} page="newsletter-link" footer={home}>
      {state.kind === 'done' ? (
        <FormMessage kind="success" testId="newsletter-link-done">{state.message}</FormMessage>
      ) : (
        <>
          {state.kind === 'failed' ? <FormMessage kind="error" testId="newsletter-link-invalid">{state.message}</FormMessage> : null}
          <p className="mb-6 text-slate-700 dark:text-slate-300">{t(confirming ? 'shell:newsletterLink.confirmIntro' : 'shell:newsletterLink.unsubscribeIntro')}</p>
          <button
            type="button"
            disabled={state.kind === 'busy'}
            onClick={() => void press()}
            data-testid="newsletter-link-button"
            className="w-full rounded-lg bg-emerald-700 px-4 py-2.5 font-medium text-white hover:bg-emerald-800 disabled:opacity-60"
          >
            {state.kind === 'busy' ? t('shell:newsletterLink.working') : t(confirming ? 'shell:newsletterLink.confirm' : 'shell:newsletterLink.unsubscribe')}
          </button>
        </>
      )}
    </AuthCard>
  );
}
