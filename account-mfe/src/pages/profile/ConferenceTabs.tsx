import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { primaryButtonClass, saveFile, useAsync } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../../i18n';
import '../../i18n/profile-actions';
import { fetchCertificate, fetchMyRegistrations, fetchMyWaitingPlaces, withdrawFrom } from '../../api/conference-registrations';
import type { MyRegistration, MyWaitingPlace } from '@scholars/shared-contracts/schemas';
import { errorText } from '../../lib/errors';
import { fetchMyConferenceRequests } from '../../api/conference-requests';
import { pickLocalized, formatDate } from '@scholars/shared-contracts/locale';
import { Badge, SectionState, StackedCell, StackedTable, linkClass, stackedRowClass } from '../../components/Status';

// The cancel confirmation loads when asked for.
const ConfirmDialog = lazy(() => import('@scholars/shared-contracts/ui/dialog').then((module) => ({ default: module.ConfirmDialog })));

const REQUEST_TONE = { pending: 'amber', approved: 'green', rejected: 'red', changes_requested: 'amber' } as const;

/**
 * The user's conference requests (`GET conference-requests/mine`): the state in words, the
 * reviewer's note (what to change, or why it was refused), the edit link while it can change, and
 * the conference's link once it is published (`conference_id` is only set then).
 */
export function ConferenceRequestsTab() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const list = useAsync((signal) => fetchMyConferenceRequests(signal), []);
  if (list.status === 'failed') return <SectionState state="failed" onRetry={list.reload} />;
  if (list.status === 'loading' && list.data === undefined) return <SectionState state="loading" />;
  const rows = list.data ?? [];
  if (rows.length === 0) {
    return <SectionState state="empty" empty={t('requests.empty')} action={<Link to={ROUTES.requestConference} className={primaryButtonClass}>{t('requests.newRequest')}</Link>} />;
  }
  return (
    <StackedTable testId="requests-table" head={[t('requests.titleColumn'), t('requests.date'), t('requests.status'), t('requests.action')]}>
      {rows.map((item) => (
        <tr key={item.id} data-testid="request-row" data-id={item.id} data-status={item.status} className={stackedRowClass}>
          <StackedCell label={t('requests.titleColumn')}><bdi>{item.conference_title}</bdi></StackedCell>
          <StackedCell label={t('requests.date')}>{formatDate(item.proposed_start_date, locale)}</StackedCell>
          <StackedCell label={t('requests.status')}><Badge tone={REQUEST_TONE[item.status]} testId="request-status">{t(`requests.statuses.${item.status}`)}</Badge>
            {item.status === 'changes_requested' && item.review_note ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" dir="auto" data-testid="request-change-note">{item.review_note}</p> : null}
            {item.status === 'rejected' && item.review_note ? (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="request-reject-reason">
                {t('requests.reason')} <bdi>{item.review_note}</bdi>
              </p>
            ) : null}
          </StackedCell>
          <StackedCell label={t('requests.action')}>
            {item.status === 'pending' || item.status === 'changes_requested' ? (
              <Link to={`${ROUTES.requestConference}?edit=${item.id}`} className={linkClass} data-testid="request-edit">{t('requests.edit')}</Link>
            ) : item.conference_id ? (
              <Link to={ROUTES.conference(item.conference_id)} className={linkClass} data-testid="request-conference-link">{t('requests.viewConference')}</Link>
            ) : null}
          </StackedCell>
        </tr>
      ))}
    </StackedTable>
  );
}

/** The user's places on full conferences' waiting lists, above their registrations, each to leave. */
function WaitingPlaces({ places, onLeave }: { places: MyWaitingPlace[]; onLeave: (place: MyWaitingPlace) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  return (
    <section className="mb-6" data-testid="waiting-places">
      <h3 className="mb-2 font-semibold text-slate-900 dark:text-slate-50">{t('registrations.waitingTitle')}</h3>
      <ul className="space-y-2">
        {places.map((place) => {
          const title = pickLocalized(locale, place.conference.title, place.conference.title_en);
          return (
            <li key={place.conference_id} data-testid="waiting-place" className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
              {place.conference_public ? <Link to={ROUTES.conference(place.conference_id)} className={linkClass}>{title}</Link> : <bdi>{title}</bdi>}
              <span className="text-slate-600 dark:text-slate-300">{t('registrations.waitingPlace', { place: place.place })}</span>
              <button type="button" className={`${linkClass} ms-auto`} data-testid="waiting-leave" onClick={() => onLeave(place)}>{t('registrations.waitingLeave')}</button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The conferences the user registered for (`GET conference-registrations/mine`), each cancellable
 * until it ends (`DELETE conference/{id}/register`, confirmed first; the list then reloads).
 * Canceled registrations stay listed, saying who canceled (the member, or the organizers who
 * archived or unpublished the conference): they are the member's record. A conference no longer on
 * the public site is not linked (its page is a 404) and says so.
 */
export function RegistrationsTab() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const list = useAsync((signal) => fetchMyRegistrations(signal), []);
  const waiting = useAsync((signal) => fetchMyWaitingPlaces(signal), []);
  const [asking, setAsking] = useState<MyRegistration | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  /** Cancels a registration or leaves a waiting list; both lists are read again (a seat may have come). */
  const withdraw = async (conferenceId: number, from: 'register' | 'waiting-list') => {
    setAsking(null);
    try {
      setMessage({ ok: true, text: (await withdrawFrom(conferenceId, from)) ?? t('registrations.canceled') });
      list.reload();
      waiting.reload();
    } catch (error) {
      setMessage({ ok: false, text: errorText(error, t('registrations.cancelFailed')) });
    }
  };
  /** Saves the certificate of attendance (a PDF in the member's language). */
  const certificate = async (item: MyRegistration) => {
    try {
      saveFile(await fetchCertificate(item.id), `certificate-${item.conference_id}-${item.id}.pdf`);
    } catch {
      setMessage({ ok: false, text: t('registrations.certificateFailed') });
    }
  };
  if (list.status === 'failed') return <SectionState state="failed" onRetry={list.reload} />;
  if (list.status === 'loading' && list.data === undefined) return <SectionState state="loading" />;
  const rows = list.data ?? [];
  const ended = (item: MyRegistration) => Date.parse(item.conference.end_date ?? item.conference.start_date) < Date.now();
  const title = (item: MyRegistration) => pickLocalized(locale, item.conference.title, item.conference.title_en);
  const state = (item: MyRegistration) =>
    item.status === 'registered'
      ? { tone: 'green' as const, text: t('registrations.statuses.registered') }
      : item.canceled_by === 'organizers'
        ? { tone: 'red' as const, text: t('registrations.canceledByOrganizers') }
        : { tone: 'slate' as const, text: t('registrations.canceledByMember') };
  return (
    <>
      {message ? (
        <p role={message.ok ? 'status' : 'alert'} data-testid="registrations-message" className={`mb-4 rounded-lg p-3 text-sm ${message.ok ? 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100' : 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'}`}>
          {message.text}
        </p>
      ) : null}
      {waiting.data?.length ? <WaitingPlaces places={waiting.data} onLeave={(place) => void withdraw(place.conference_id, 'waiting-list')} /> : null}
      {rows.length === 0 ? (
        <SectionState state="empty" empty={t('registrations.empty')} action={<Link to={ROUTES.conferences(1)} className={primaryButtonClass}>{t('registrations.browse')}</Link>} />
      ) : (
        <StackedTable testId="registrations-table" head={[t('registrations.conference'), t('registrations.date'), t('registrations.registeredOn'), t('registrations.status'), t('registrations.action')]}>
          {rows.map((item) => (
            <tr key={item.id} data-testid="registration-row" data-conference={item.conference_id} data-status={item.status} className={stackedRowClass}>
              <StackedCell label={t('registrations.conference')}>
                {item.conference_public ? (
                  <Link to={ROUTES.conference(item.conference_id)} className={linkClass}>{title(item)}</Link>
                ) : (
                  <>
                    <bdi data-testid="registration-title">{title(item)}</bdi>
                    <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="registration-off-site">{t('registrations.offSite')}</p>
                  </>
                )}
              </StackedCell>
              <StackedCell label={t('registrations.date')}>{formatDate(item.conference.start_date, locale)}</StackedCell>
              <StackedCell label={t('registrations.registeredOn')}>{formatDate(item.created_at, locale)}</StackedCell>
              <StackedCell label={t('registrations.status')}><Badge tone={state(item).tone} testId="registration-status">{state(item).text}</Badge></StackedCell>
              <StackedCell label={t('registrations.action')}>
                {item.attended ? (
                  <button type="button" className={`${linkClass} block`} data-testid="registration-certificate" onClick={() => void certificate(item)}>{t('registrations.certificate')}</button>
                ) : null}
                {item.status === 'registered' && item.conference_public && !ended(item) ? (
                  <button type="button" className={linkClass} data-testid="registration-cancel" onClick={() => setAsking(item)}>{t('registrations.cancel')}</button>
                ) : item.attended ? null : (
                  '—'
                )}
              </StackedCell>
            </tr>
          ))}
        </StackedTable>
      )}
      {asking ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            testId="registration-cancel-confirm"
            title={t('registrations.cancelTitle', { title: pickLocalized(locale, asking.conference.title, asking.conference.title_en) })}
            body={t('registrations.cancelBody')}
            confirmLabel={t('registrations.cancelConfirm')}
            cancelLabel={t('registrations.cancelKeep')}
            danger
            onConfirm={() => void withdraw(asking.conference_id, 'register')}
            onCancel={() => setAsking(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
