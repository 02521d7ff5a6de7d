import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import type { SupervisionMine } from '@scholars/shared-contracts/schemas';
import { controlClass, primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { formatDate, isolate } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/supervision';
import { fetchMySupervision, nameSupervisor, remindSupervisor } from '../../api/supervision';
import { errorText } from '../../lib/errors';
import { SectionState } from '../../components/Status';

/**
 * The student's supervisor (spec 1: student work is approved by an academic supervisor): name one
 * by e-mail; while the invitation waits, "remind" (once a day, the time shown) and "name someone
 * else"; once accepted, who it is. A member with no master's or doctoral work here (`studentWork`
 * false) and no supervisor is not pushed a form: one line says when it is needed, and a button
 * opens the form. `studentWork` null: not known yet (the submissions are loading).
 */
export function SupervisorSection({ studentWork }: { studentWork: boolean | null }) {
  const { t } = useTranslation(NAMESPACE);
  const mine = useAsync((signal) => fetchMySupervision(signal), []);
  const [state, setState] = useState<SupervisionMine | null>(null);
  const current = state ?? mine.data ?? null;
  return (
    <section className="rounded-xl border border-slate-200 p-5 dark:border-slate-800" data-testid="supervisor-section" aria-labelledby="supervisor-title">
      <h2 id="supervisor-title" className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('supervision.title')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('supervision.intro')}</p>
      <div className="mt-4">
        {mine.status === 'failed' ? (
          <SectionState state="failed" onRetry={mine.reload} />
        ) : !current || studentWork === null ? (
          <SectionState state="loading" />
        ) : (
          <SupervisorState value={current} onChange={setState} studentWork={studentWork} />
        )}
      </div>
    </section>
  );
}

function SupervisorState({ value, onChange, studentWork }: { value: SupervisionMine; onChange: (next: SupervisionMine) => void; studentWork: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [naming, setNaming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const remind = async () => {
    setBusy(true);
    setMessage(null);
    try {
      onChange((await remindSupervisor()).data);
    } catch (error) {
      setMessage(errorText(error, t('common:messages.genericError')));
    } finally {
      setBusy(false);
    }
  };
  const none = !value.supervisor && !value.invitation;
  if (none && !naming && !studentWork) {
    return (
      <div className="flex flex-col items-start gap-3" data-testid="supervisor-optional">
        <p className="text-slate-800 dark:text-slate-100">{t('supervision.optional')}</p>
        <button type="button" className={secondaryButtonClass} onClick={() => setNaming(true)} data-testid="supervisor-open-form">{t('supervision.open')}</button>
      </div>
    );
  }
  if (naming || none) {
    return <NameForm onNamed={(next) => { setNaming(false); onChange(next); }} onCancel={naming ? () => setNaming(false) : undefined} />;
  }
  const invitation = value.invitation;
  const remindAt = invitation?.remind_available_at ?? null;
  const remindLater = remindAt !== null && new Date(remindAt).getTime() > Date.now();
  return (
    <div className="flex flex-col gap-3" data-testid="supervisor-state">
      {value.supervisor ? (
        <p className="font-medium text-slate-900 dark:text-slate-50" data-testid="supervisor-accepted">
          {t('supervision.accepted', { name: isolate(value.supervisor.name) })} (<bdi>{value.supervisor.email}</bdi>)
        </p>
      ) : null}
      {invitation?.state === 'pending' ? (
        <>
          <p className="text-slate-800 dark:text-slate-100" data-testid="supervisor-pending">
            {t('supervision.pending', { email: invitation.email, date: formatDate(invitation.sent_at, locale, 'dateTime') })}
          </p>
          {invitation.reminded_at ? <p className="text-sm text-slate-600 dark:text-slate-300">{t('supervision.remindedAt', { date: formatDate(invitation.reminded_at, locale, 'dateTime') })}</p> : null}
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className={primaryButtonClass} disabled={busy || remindLater} onClick={() => void remind()} data-testid="supervisor-remind" aria-describedby={remindLater ? 'supervisor-remind-at' : undefined}>
              {t('supervision.remind')}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setNaming(true)} data-testid="supervisor-other">{t('supervision.other')}</button>
          </div>
          {remindLater ? <p id="supervisor-remind-at" className="text-sm text-slate-600 dark:text-slate-300">{t('supervision.remindAt', { date: formatDate(remindAt, locale, 'dateTime') })}</p> : null}
        </>
      ) : null}
      {invitation?.state === 'declined' ? (
        <>
          <p className="text-slate-800 dark:text-slate-100" data-testid="supervisor-declined">{t('supervision.declined', { email: invitation.email })}</p>
          <div><button type="button" className={primaryButtonClass} onClick={() => setNaming(true)}>{t('supervision.other')}</button></div>
        </>
      ) : null}
      {value.supervisor && !invitation ? (
        <div><button type="button" className={secondaryButtonClass} onClick={() => setNaming(true)}>{t('supervision.change')}</button></div>
      ) : null}
      {message ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{message}</p> : null}
    </div>
  );
}

function NameForm({ onNamed, onCancel }: { onNamed: (next: SupervisionMine) => void; onCancel?: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onNamed((await nameSupervisor(email.trim())).data);
    } catch (failure) {
      setError(errorText(failure, t('common:messages.genericError')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3" data-testid="supervisor-form">
      {onCancel ? null : <p className="text-slate-800 dark:text-slate-100">{t('supervision.none')}</p>}
      <label className="block text-sm font-medium text-slate-800 dark:text-slate-100">
        {t('supervision.email')}
        <input
          type="email"
          name="email"
          autoComplete="off"
          dir="ltr"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className={controlClass(error !== null)}
          aria-invalid={error !== null}
          aria-describedby={error ? 'supervisor-email-error' : undefined}
        />
      </label>
      {error ? <p id="supervisor-email-error" role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButtonClass} disabled={busy}>{busy ? t('supervision.naming') : t('supervision.name')}</button>
        {onCancel ? <button type="button" className={secondaryButtonClass} onClick={onCancel}>{t('supervision.cancel')}</button> : null}
      </div>
    </form>
  );
}
