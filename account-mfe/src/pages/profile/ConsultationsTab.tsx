import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@scholars/shared-contracts';
import type { Consultation, ConsultantProfile } from '@scholars/shared-contracts/schemas';
import { primaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import '../../i18n/consultations';
import { NAMESPACE } from '../../i18n';
import { fetchConsultantProfile, fetchSessions } from '../../api/consultations';
import { SectionState } from '../../components/Status';
import { SessionCard } from './SessionCard';
import { ConsultantApplication } from './ConsultantApplication';

/** The sessions a list shows (the newest first); older ones stay in the console's history. */
const SESSIONS_LIMIT = 50;

/**
 * The profile's Consultations tab (issue 23): the member's sessions (upcoming, then past and closed); for a
 * consultant, the requests to answer before their deadline and the sessions with them; and the
 * consultant application ("Become a consultant" / "My consultant profile") with its state.
 */
export function ConsultationsTab() {
  const { t } = useTranslation(NAMESPACE);
  const profile = useAsync((signal) => fetchConsultantProfile(signal), []);
  const [own, setOwn] = useState<ConsultantProfile | null | undefined>(undefined);
  const consultant = own !== undefined ? own : profile.data;
  const isConsultant = Boolean(consultant && consultant.status !== 'pending' && consultant.status !== 'rejected');
  return (
    <div className="space-y-8" data-testid="consultations-tab">
      <SessionList as="member" title={t('sessions.member')} empty={<NoSessions message={t('sessions.none')} action={<Link to={ROUTES.consultations} className={primaryButtonClass}>{t('sessions.noneFind')}</Link>} />} />
      {isConsultant ? <SessionList as="consultant" title={t('sessions.consultant')} empty={<NoSessions message={t('sessions.noRequests')} />} /> : null}
      {profile.status === 'failed' ? (
        <SectionState state="failed" onRetry={profile.reload} />
      ) : consultant === undefined ? (
        <SectionState state="loading" />
      ) : (
        <ConsultantApplication
          key={consultant?.version ?? 'new'}
          profile={consultant}
          onSaved={setOwn}
          onReload={() => {
            setOwn(undefined);
            profile.reload();
          }}
        />
      )}
    </div>
  );
}

/**
 * An empty list under its heading: its one message ("No sessions yet."), not the shared empty
 * state's "No data found" title above it as well.
 */
function NoSessions({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div data-testid="sessions-empty" className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 px-6 py-8 text-center dark:border-slate-700">
      <p className="text-slate-600 dark:text-slate-300">{message}</p>
      {action}
    </div>
  );
}

/** A session still to come: requested or accepted and not over. Declined, expired and canceled ones are closed. */
const isUpcoming = (session: Consultation, now: number) => (session.state === 'requested' || session.state === 'accepted') && Date.parse(session.end) > now;

/** One side's sessions: requests first (a consultant's to answer), then upcoming, then past and closed. */
function SessionList({ as, title, empty }: { as: 'member' | 'consultant'; title: string; empty: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const list = useAsync((signal) => fetchSessions({ as, page: 1, limit: SESSIONS_LIMIT }, signal), [as]);
  const [changed, setChanged] = useState<Record<number, Consultation>>({});
  const testId = `sessions-${as}`;
  let body;
  if (list.status === 'failed') body = <SectionState state="failed" onRetry={list.reload} />;
  else if (!list.data) body = <SectionState state="loading" />;
  else if (list.data.data.length === 0) body = empty;
  else {
    const now = Date.now();
    const sessions = list.data.data.map((session) => changed[session.id] ?? session);
    const requests = as === 'consultant' ? sessions.filter((session) => session.state === 'requested') : [];
    const rest = sessions.filter((session) => !requests.includes(session));
    const upcoming = rest.filter((session) => isUpcoming(session, now)).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    const past = rest.filter((session) => !isUpcoming(session, now)).sort((a, b) => Date.parse(b.start) - Date.parse(a.start));
    const onChange = (next: Consultation) => setChanged((value) => ({ ...value, [next.id]: next }));
    const group = (key: string, label: string, items: Consultation[]) =>
      items.length === 0 ? null : (
        <div key={key} data-testid={`${testId}-${key}`}>
          <h3 className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</h3>
          <ul className="space-y-4">{items.map((session) => <SessionCard key={session.id} session={session} as={as} onChange={onChange} />)}</ul>
        </div>
      );
    body = (
      <div className="space-y-6">
        {group('requests', t('sessions.requests'), requests)}
        {group('upcoming', t('sessions.upcoming'), upcoming)}
        {group('past', t('sessions.past'), past)}
      </div>
    );
  }
  return (
    <section aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`} className="mb-4 text-xl font-bold text-slate-900 dark:text-slate-50">{title}</h2>
      {body}
    </section>
  );
}
