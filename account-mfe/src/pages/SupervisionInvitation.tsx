import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, loginRedirectPath, selectUser, usePageTitle, useSession } from '@scholars/shared-contracts';
import type { SupervisionInvitation as Invitation } from '@scholars/shared-contracts/schemas';
import { primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import '../i18n/supervision';
import { answerInvitation, fetchInvitation } from '../api/supervision';
import { errorText } from '../lib/errors';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import { SectionState } from '../components/Status';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * /supervision/:token (public; the e-mailed link is the credential): a student asks this academic
 * to supervise them. A visitor signs in or signs up first (and comes back here); signed in with the
 * invited address, they accept or decline; with another account, the page says which one is needed.
 * Once answered, only the invited address signed in is told more than that (the API's answer).
 */
export function SupervisionInvitation() {
  const { token = '' } = useParams();
  const { t } = useTranslation(NAMESPACE);
  usePageTitle(t('invitation.title'));
  const userId = useSession(selectUser)?.id;
  // Read again when the account changes: what an answered invitation tells depends on who asks.
  const invitation = useAsync((signal) => fetchInvitation(token, signal), [token, userId]);
  const [answered, setAnswered] = useState<Invitation | null>(null);
  const data = answered ?? invitation.data;
  return (
    // wrap-anywhere: the addresses in its sentences (no break in them) wrap inside their boxes on a phone, not past the edge.
    <section className="mx-auto max-w-2xl px-4 py-12 wrap-anywhere" data-testid="supervision-invitation">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('invitation.title')}</h1>
      <div className="mt-6">
        {invitation.status === 'failed' ? (
          <SectionState state="failed" onRetry={invitation.reload} />
        ) : data === undefined ? (
          <p role="status" className="text-slate-600 dark:text-slate-300">{t('invitation.checking')}</p>
        ) : data === null ? (
          <p role="alert" data-testid="invitation-unknown" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">{t('invitation.unknown')}</p>
        ) : (
          <InvitationBody token={token} invitation={data} onAnswered={setAnswered} />
        )}
      </div>
    </section>
  );
}

function InvitationBody({ token, invitation, onAnswered }: { token: string; invitation: Invitation; onAnswered: (next: Invitation) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const location = useLocation();
  const user = useSession(selectUser);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const student = invitation.student?.name ?? '';
  const email = invitation.email ?? '';
  const answer = async (decision: 'accept' | 'decline') => {
    setConfirming(false);
    setBusy(true);
    setError(null);
    try {
      const saved = (await answerInvitation(token, decision)).data;
      onAnswered(saved ?? { ...invitation, state: decision === 'accept' ? 'accepted' : 'declined' });
    } catch (failure) {
      setError(errorText(failure, t('common:messages.genericError')));
    } finally {
      setBusy(false);
    }
  };
  const here = `${location.pathname}${location.search}`;
  const box = 'rounded-xl border p-5';
  if (invitation.state !== 'pending' && invitation.student === null) {
    return (
      <div role="status" data-testid="invitation-answered" className={`${box} border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}>
        <p>{t('invitation.answered')}</p>
        {!user ? <Link to={loginRedirectPath(here)} className={`${secondaryButtonClass} mt-4`} data-testid="invitation-login">{t('invitation.answeredLogin')}</Link> : null}
      </div>
    );
  }
  if (invitation.state === 'accepted') {
    return (
      <div role="status" data-testid="invitation-accepted" className={`${box} border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50`}>
        <p>{t('invitation.accepted', { student })}</p>
        {user ? <Link to={ROUTES.adminSupervision} className={`${primaryButtonClass} mt-4`}>{t('invitation.console')}</Link> : null}
      </div>
    );
  }
  if (invitation.state === 'declined' || invitation.state === 'withdrawn') {
    return (
      <p role="status" data-testid={`invitation-${invitation.state}`} className={`${box} border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}>
        {t(`invitation.${invitation.state}`)}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="invitation-pending">
      <p className="text-lg text-slate-800 dark:text-slate-100">{t('invitation.body', { student })}</p>
      <p className="text-slate-600 dark:text-slate-300">{t('invitation.address', { email })}</p>
      {!user ? (
        <div className={`${box} border-slate-200 dark:border-slate-800`} data-testid="invitation-visitor">
          <p className="text-slate-800 dark:text-slate-100">{t('invitation.visitor', { email })}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to={loginRedirectPath(here)} className={primaryButtonClass} data-testid="invitation-login">{t('invitation.login')}</Link>
            <Link to={`${ROUTES.register}?redirect=${encodeURIComponent(here)}`} className={secondaryButtonClass} data-testid="invitation-register">{t('invitation.register')}</Link>
          </div>
        </div>
      ) : !sameAddress(user.email, email) ? (
        <p role="alert" data-testid="invitation-wrong-account" className={`${box} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50`}>
          {t('invitation.wrongAccount', { current: user.email, email })}
        </p>
      ) : (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={primaryButtonClass} disabled={busy} onClick={() => void answer('accept')} data-testid="invitation-accept">
            {busy ? t('invitation.working') : t('invitation.accept')}
          </button>
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => setConfirming(true)} data-testid="invitation-decline">
            {t('invitation.decline')}
          </button>
        </div>
      )}
      {error ? <p role="alert" className="text-red-700 dark:text-red-400">{error}</p> : null}
      {confirming ? (
        <ConfirmDialog
          title={t('invitation.confirmDeclineTitle')}
          body={t('invitation.confirmDeclineBody')}
          confirmLabel={t('invitation.decline')}
          cancelLabel={t('supervision.cancel')}
          onConfirm={() => void answer('decline')}
          onCancel={() => setConfirming(false)}
          testId="invitation-decline-confirm"
        />
      ) : null}
    </div>
  );
}
