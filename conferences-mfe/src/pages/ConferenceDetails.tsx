import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fileUrl, isApiError, loginRedirectPath, preloadedData, ROUTES, selectIsSignedIn, selectUser, signInState, useLocale, usePageTitle, useSession } from '@scholars/shared-contracts';
import { IMPORTANT_DATE_KEYS, routeId } from '@scholars/shared-contracts/constants';
import type { ConferenceCategory, ConferenceDetails as Details } from '@scholars/shared-contracts/schemas';
import { EmptyState, listReturnSearch, useAsync, useHydrated, Tabs, type TabDefinition } from '@scholars/shared-contracts/ui';
import { Text } from '@scholars/shared-contracts/ui/text';
import { NAMESPACE } from '../i18n';
import '../i18n/member-actions';
import { conferenceAction, conferenceIcsUrl, fetchConference } from '../api/conferences';
import { fetchCategories } from '../api/conference-categories';
import { preloadKeys } from '../lib/preload-keys';
import { formatDate, formatDateRange, formatTimeZone, localizedField, viewerTimeZone } from '@scholars/shared-contracts/locale';
import { zonesDiffer } from '../lib/format';
import { ModeBadge } from '../components/ModeBadge';

// The cancel confirmation loads when asked for (most visitors never cancel).
const ConfirmDialog = lazy(() => import('@scholars/shared-contracts/ui/dialog').then((module) => ({ default: module.ConfirmDialog })));

const TAB_KEYS = ['details', 'agenda', 'speakers', 'excerpts', 'dates'] as const;
type TabKey = (typeof TAB_KEYS)[number];

/** Objectives are stored as one text with ';' or '؛' between items: shown as a list. */
export function splitObjectives(text: string): string[] {
  return text.split(/\s*[;؛]\s*/).map((item) => item.trim().replace(/[.。]$/, '')).filter(Boolean);
}

/**
 * An unknown conference: says so and links to the conferences of the first category there is (no
 * category is fixed: the one numbered 1 may be gone), else to the home page. The server renders it
 * with the categories (exposes/server.tsx), so the link is the same before and after hydration.
 */
function ConferenceNotFound() {
  const { t } = useTranslation(NAMESPACE);
  const categories = useAsync<ConferenceCategory[]>(() => fetchCategories(), [], { initial: preloadedData(preloadKeys.categories) });
  const first = categories.status === 'ready' ? categories.data[0] : undefined;
  return (
    <section data-testid="conferences-details" className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-2xl font-bold">{t('details.title')}</h1>
      <p role="alert" data-testid="conference-not-found" className="mt-4 text-slate-600 dark:text-slate-300">{t('details.notFound')}</p>
      <Link data-testid="conference-not-found-back" to={first ? ROUTES.conferences(first.id) : ROUTES.home} className="mt-6 inline-block font-semibold text-emerald-700 hover:underline dark:text-emerald-400">
        {t('details.backToList')}
      </Link>
    </section>
  );
}

/** An instant range in the event's zone, plus the viewer's local time when their clock reads differently. */
function TimeRange({ start, end, zone }: { start: string; end: string | null; zone: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  // The server does not know the viewer's zone: the local time appears once the page is hydrated.
  const viewer = useHydrated() ? viewerTimeZone() : zone;
  const differ = zonesDiffer(end ? [start, end] : [start], zone, viewer);
  return (
    <span>
      <span data-testid="event-time">{formatDateRange(start, end, locale, zone)}</span>
      {differ ? (
        <span data-testid="local-time" className="ms-2 text-sm text-slate-500 dark:text-slate-400">
          ({t('details.yourTime', { time: formatDateRange(start, end, locale, viewer) })})
        </span>
      ) : null}
    </span>
  );
}

/**
 * Register or cancel. `onChanged` reads the conference again: after a 409, which is either "already
 * registered" (another tab) or "every seat is taken", the conference's own `registered` and
 * `registration_open` say which, and the box follows them with the server's message; after a
 * cancellation, whose freed seat opens a full conference again (`registration_open` counted it).
 */
function RegisterBox({ conference, onChanged }: { conference: Details; onChanged: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  // Signed in is known in the browser only: a server-rendered page shows the visitor's box until hydrated.
  const hydrated = useHydrated();
  const signedIn = useSession(selectIsSignedIn) && hydrated;
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'confirm-cancel' } | { kind: 'done' | 'canceled' | 'error' | 'refused' | 'waiting'; message: string }>({ kind: 'idle' });
  // What this page did last (registered or canceled, joined or left the waiting list) wins over what the conference said when it loaded.
  const [mine, setMine] = useState<boolean | null>(null);
  const [waitingNow, setWaitingNow] = useState<boolean | null>(null);
  const registered = mine ?? conference.registered === true;
  const waiting = waitingNow ?? conference.waiting !== null;

  /** Sends a member's action; a visitor goes to sign in first (and comes back here). */
  const act = async (action: 'register' | 'waiting-list', method: 'post' | 'delete', done: (message: string) => void, failed: string) => {
    if (!signedIn) {
      navigate(loginRedirectPath(location), { state: signInState(location.state) });
      return;
    }
    setState({ kind: 'sending' });
    try {
      done((await conferenceAction(conference.id, action, method)).msg ?? '');
    } catch (error) {
      const message = isApiError(error) ? error.message : failed;
      // 409: already registered, the last seat went meanwhile, seats freed up...; the server says
      // which in the user's language, and the conference read again says where they stand.
      if (isApiError(error) && error.status === 409) {
        setMine(null);
        setWaitingNow(null);
        setState({ kind: 'refused', message });
        onChanged();
      } else setState({ kind: 'error', message });
    }
  };
  const register = () =>
    act('register', 'post', (message) => {
      setMine(true);
      setState({ kind: 'done', message: message || t('register.registered') });
    }, t('register.failed'));
  const cancel = () =>
    act('register', 'delete', (message) => {
      setMine(false);
      setState({ kind: 'canceled', message: message || t('register.canceled') });
      onChanged();
    }, t('register.cancelFailed'));
  const joinOrLeave = () =>
    act('waiting-list', waiting ? 'delete' : 'post', (message) => {
      setWaitingNow(!waiting);
      setState({ kind: 'waiting', message });
    }, t('register.failed'));

  let body: ReactNode;
  if (registered) {
    body = (
      <>
        <p role="status" data-testid="register-status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          {state.kind === 'done' || state.kind === 'refused' ? state.message : t('register.registered')}
        </p>
        {conference.phase === 'ended' ? null : (
          <button
            type="button"
            data-testid="register-cancel"
            disabled={state.kind === 'sending'}
            onClick={() => setState({ kind: 'confirm-cancel' })}
            className="self-start text-sm font-semibold text-slate-700 underline hover:text-red-700 dark:text-slate-300 dark:hover:text-red-400"
          >
            {t('register.cancel')}
          </button>
        )}
        {state.kind === 'confirm-cancel' ? (
          <Suspense fallback={null}>
            <ConfirmDialog
              testId="register-cancel-confirm"
              title={t('register.cancelTitle')}
              body={t('register.cancelBody')}
              confirmLabel={t('register.cancelConfirm')}
              cancelLabel={t('register.cancelKeep')}
              danger
              onConfirm={() => void cancel()}
              onCancel={() => setState({ kind: 'idle' })}
            />
          </Suspense>
        ) : null}
        {state.kind === 'error' ? (
          <p role="alert" data-testid="register-error" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">{state.message}</p>
        ) : null}
      </>
    );
  } else if (conference.phase === 'ended') {
    body = <p data-testid="register-status" className="rounded-lg bg-slate-100 p-3 text-slate-700 dark:bg-slate-800 dark:text-slate-200">{t('register.ended')}</p>;
  } else if (!conference.registration_open) {
    // Full: the member may wait for a seat (the one who has waited longest gets a freed one).
    body = (
      <>
        <p data-testid="register-status" className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {state.kind === 'refused' || state.kind === 'waiting'
            ? state.message
            : waiting
              ? t('register.waiting', { place: conference.waiting })
              : conference.full
                ? t('register.full')
                : t('register.closed')}
        </p>
        {conference.full || waiting ? (
          <button
            type="button"
            data-testid="waiting-list-button"
            onClick={joinOrLeave}
            disabled={state.kind === 'sending'}
            className={waiting ? 'self-start text-sm font-semibold text-slate-700 underline hover:text-red-700 dark:text-slate-300 dark:hover:text-red-400' : 'w-full rounded-lg border border-emerald-700 px-5 py-3 font-semibold text-emerald-800 hover:bg-emerald-50 disabled:opacity-60 dark:border-emerald-400 dark:text-emerald-300 dark:hover:bg-emerald-950'}
          >
            {waiting ? t('register.leaveWaitingList') : t('register.joinWaitingList')}
          </button>
        ) : null}
        {state.kind === 'canceled' ? <CanceledNote message={state.message} /> : null}
        {state.kind === 'error' ? (
          <p role="alert" data-testid="register-error" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">{state.message}</p>
        ) : null}
      </>
    );
  } else {
    body = (
      <>
        <button
          type="button"
          data-testid="register-button"
          onClick={register}
          disabled={state.kind === 'sending'}
          className="w-full rounded-lg bg-emerald-700 px-5 py-3 text-base font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
        >
          {state.kind === 'sending' ? t('register.registering') : t('register.button')}
        </button>
        {!signedIn ? <p className="text-xs text-slate-500 dark:text-slate-400">{t('register.signInHint')}</p> : null}
        {state.kind === 'canceled' ? <CanceledNote message={state.message} /> : null}
        {state.kind === 'error' || state.kind === 'refused' ? (
          <p role="alert" data-testid="register-error" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">{state.message}</p>
        ) : null}
      </>
    );
  }
  return <div className="flex flex-col gap-2">{body}</div>;
}

/** The server's word that the member's registration is canceled (registration open again, or closed). */
function CanceledNote({ message }: { message: string }) {
  return <p role="status" data-testid="register-canceled" className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100">{message}</p>;
}

function DetailsTab({ conference }: { conference: Details }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const objectives = splitObjectives(localizedField(conference, 'objectives', locale));
  const category = conference.category ? localizedField(conference.category, 'name', locale) : null;
  const venue = localizedField(conference, 'venue', locale);
  return (
    <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
      <div className="space-y-6">
        <section>
          <h2 className="text-xl font-semibold">{t('details.overview')}</h2>
          <Text as="p" value={localizedField(conference, 'overview', locale)} className="mt-2 leading-relaxed text-slate-700 dark:text-slate-300" />
          <Text as="p" value={localizedField(conference, 'description', locale)} className="mt-3 leading-relaxed text-slate-700 dark:text-slate-300" />
        </section>
        {objectives.length ? (
          <section>
            <h2 className="text-xl font-semibold">{t('details.objectives')}</h2>
            <ul className="mt-2 list-disc space-y-1 ps-6 text-slate-700 dark:text-slate-300">
              {objectives.map((objective) => (
                <Text as="li" key={objective} value={objective} />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <dl className="space-y-4 rounded-xl border border-slate-200 p-5 text-sm dark:border-slate-800">
        {category ? (
          <div>
            <dt className="font-semibold text-slate-500 dark:text-slate-400">{t('details.category')}</dt>
            <dd className="mt-1">{category}</dd>
          </div>
        ) : null}
        <div>
          <dt className="font-semibold text-slate-500 dark:text-slate-400">{t('details.mode')}</dt>
          <dd className="mt-1"><ModeBadge mode={conference.mode} /></dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-500 dark:text-slate-400">{t('details.venue')}</dt>
          <Text as="dd" value={venue || t('details.online')} className="mt-1" data-testid="venue" />
        </div>
        <div>
          <dt className="font-semibold text-slate-500 dark:text-slate-400">{t('details.when')}</dt>
          <dd className="mt-1"><TimeRange start={conference.start_date} end={conference.end_date} zone={conference.timezone} /></dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-500 dark:text-slate-400">{t('details.timezone')}</dt>
          <dd className="mt-1" title={conference.timezone} data-testid="time-zone">{formatTimeZone(conference.timezone, locale, conference.start_date)}</dd>
        </div>
      </dl>
    </div>
  );
}

function AgendaTab({ conference }: { conference: Details }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const viewer = useHydrated() ? viewerTimeZone() : conference.timezone;
  if (conference.agenda.length === 0) return <EmptyState message={t('details.agendaEmpty')} />;
  return (
    <div className="space-y-8">
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('details.shownIn', { zone: formatTimeZone(conference.timezone, locale, conference.start_date) })}</p>
      {conference.agenda.map((day) => (
        <section key={day.date} data-testid="agenda-day" data-date={day.date}>
          <h2 className="text-lg font-semibold text-emerald-800 dark:text-emerald-300">{formatDate(day.date, locale, 'weekdayDate')}</h2>
          {/* A table on wider screens; below `sm` each session is a card of lines (one DOM for both). */}
          <table className="mt-3 w-full border-collapse text-sm max-sm:block">
            <thead className="max-sm:sr-only">
              <tr className="border-b border-slate-200 text-start text-slate-500 dark:border-slate-800 dark:text-slate-400">
                <th scope="col" className="py-2 pe-4 text-start font-semibold">{t('details.agendaTime')}</th>
                <th scope="col" className="py-2 pe-4 text-start font-semibold">{t('details.agendaSession')}</th>
                <th scope="col" className="py-2 pe-4 text-start font-semibold">{t('details.agendaSpeaker')}</th>
                <th scope="col" className="py-2 text-start font-semibold">{t('details.agendaLocation')}</th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {day.items.map((item) => {
                const differ = zonesDiffer([item.starts_at, item.ends_at], conference.timezone, viewer);
                return (
                  <tr key={item.id} data-testid="agenda-item" className="border-b border-slate-100 align-top max-sm:block max-sm:py-3 max-sm:*:block max-sm:*:p-0 dark:border-slate-800/60">
                    <td className="py-3 pe-4">
                      {/* The session's times stay on one line; the viewer's own time below wraps. */}
                      <span dir="ltr" data-testid="agenda-time" className="whitespace-nowrap">{item.start_time}–{item.end_time}</span>
                      {differ ? (
                        <span data-testid="agenda-local-time" className="block text-xs text-slate-500 dark:text-slate-400">
                          {t('details.yourTime', { time: formatDateRange(item.starts_at, item.ends_at, locale, viewer) })}
                        </span>
                      ) : null}
                    </td>
                    <Text as="td" value={localizedField(item, 'title', locale)} className="py-3 pe-4 font-medium" />
                    {/* Speaker and location: labelled lines of the card below `sm`, none when empty. */}
                    {(['speaker', 'location'] as const).map((field) => {
                      const value = localizedField(item, field, locale);
                      return (
                        <td key={field} className="py-3 pe-4">
                          {value ? (
                            <>
                              <span className="text-slate-500 sm:hidden dark:text-slate-400">{t(field === 'speaker' ? 'details.agendaSpeaker' : 'details.agendaLocation')}: </span>
                              <Text value={value} />
                            </>
                          ) : (
                            <span className="max-sm:hidden">—</span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}

function SpeakersTab({ conference }: { conference: Details }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  if (conference.speakers.length === 0) return <EmptyState message={t('details.speakersEmpty')} />;
  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      {conference.speakers.map((speaker) => (
        <li key={speaker.id} data-testid="speaker" className="flex gap-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
          {speaker.image ? <img src={fileUrl(speaker.image)} alt="" width={80} height={80} loading="lazy" className="size-20 shrink-0 rounded-full object-cover" /> : null}
          <div>
            <Text as="h2" value={localizedField(speaker, 'name', locale)} data-testid="speaker-name" className="font-semibold text-slate-900 dark:text-slate-50" />
            <Text as="p" value={localizedField(speaker, 'title', locale)} className="text-sm text-emerald-800 dark:text-emerald-300" />
            <Text as="p" value={localizedField(speaker, 'bio', locale)} className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function ExcerptsTab({ conference }: { conference: Details }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  // Decisions: 'coming soon' until the end date has passed.
  if (conference.phase !== 'ended') {
    return (
      <p data-testid="excerpts-coming-soon" className="rounded-xl bg-emerald-50 p-6 text-center font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
        {t('details.excerptsComingSoon')}
      </p>
    );
  }
  const text = localizedField(conference, 'excerpts', locale);
  if (!text) return <EmptyState message={t('details.excerptsNone')} />;
  return <Text as="blockquote" value={text} data-testid="excerpts" className="border-s-4 border-emerald-600 ps-4 text-lg leading-relaxed text-slate-700 dark:text-slate-200" />;
}

function DatesTab({ conference }: { conference: Details }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const dates = conference.important_dates;
  const rows = IMPORTANT_DATE_KEYS.flatMap((key) => {
    const date = dates[key];
    return date ? [{ key, date }] : [];
  }).sort((a, b) => a.date.localeCompare(b.date));
  if (rows.length === 0) return <EmptyState message={t('details.datesEmpty')} />;
  return (
    <div className="space-y-4">
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {rows.map(({ key, date }) => (
          <div key={key} data-testid="important-date" data-key={key} className="flex flex-wrap justify-between gap-2 px-5 py-3">
            <dt className="font-medium">{t(`importantDates.${key}`)}</dt>
            <dd className="text-slate-600 dark:text-slate-300"><time dateTime={date}>{formatDate(date, locale, 'weekdayDate')}</time></dd>
          </div>
        ))}
        {dates.paper_submission_id ? (
          <div className="flex flex-wrap justify-between gap-2 px-5 py-3">
            <dt className="font-medium">{t('details.paperSubmissionId')}</dt>
            <dd dir="ltr" className="font-mono text-slate-600 dark:text-slate-300">{dates.paper_submission_id}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

/** /conference/{id} (spec 2, issue 3). The tab is kept in the URL (`?tab=agenda`). */
export function ConferenceDetails() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const { id = '' } = useParams();
  // A server-rendered page was rendered for a visitor: signed in counts from hydration on, and then
  // loads the conference again with the user's `registered`.
  const hydrated = useHydrated();
  const signedIn = useSession(selectIsSignedIn) && hydrated;
  // Whose page this is: another account signing in (in another tab) is another reader.
  const userId = useSession(selectUser)?.id;
  const viewer = signedIn ? (userId ?? null) : null;
  const [searchParams, setSearchParams] = useSearchParams();
  // The list's query when opened from it (search, mode, page...): the category link goes back to that page.
  const location = useLocation();
  // The history state is the browser's alone: read once hydrated, so the server's page and the first
  // render agree (a reload keeps the state, the server never sees it).
  const listState: unknown = hydrated ? location.state : null;
  const rawTab = searchParams.get('tab');
  const tab: TabKey = TAB_KEYS.includes(rawTab as TabKey) ? (rawTab as TabKey) : 'details';
  const valid = routeId(id) !== null;
  // Signing in or out, or as someone else, changes `registered`: load again.
  const state = useAsync((signal) => (valid ? fetchConference(id, signal) : Promise.resolve(null)), [id, valid, signedIn, viewer], {
    initial: preloadedData<Details | null>(preloadKeys.conference(id)),
  });

  const setTab = (key: TabKey) => {
    const next = new URLSearchParams(searchParams);
    if (key === 'details') next.delete('tab');
    else next.set('tab', key);
    setSearchParams(next, { replace: true, state: listState });
  };

  // While another conference loads, the previous one is not shown; a reload of the same one keeps it.
  const conference =
    state.status === 'ready' ? state.data : state.status === 'loading' && state.data && String(state.data.id) === id ? state.data : undefined;
  // The document title: the conference's title in the page's language (the server gives the same).
  usePageTitle(conference ? localizedField(conference, 'title', locale) : conference === null ? t('details.title') : undefined);
  if (state.status === 'failed') {
    return (
      <section data-testid="conferences-details" className="mx-auto max-w-3xl px-4 py-16 text-center">
        <p role="alert" className="text-lg">{t('details.failed')}</p>
        <button type="button" onClick={state.reload} className="mt-4 rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">{t('common:actions.retry')}</button>
      </section>
    );
  }
  if (conference === undefined) {
    return (
      <section data-testid="conferences-details" aria-busy="true" className="mx-auto max-w-3xl px-4 py-16 text-center text-slate-500 dark:text-slate-400">
        {t('details.loading')}
      </section>
    );
  }
  if (conference === null) return <ConferenceNotFound />;

  const title = localizedField(conference, 'title', locale);
  const tabs: Array<TabDefinition<TabKey>> = [
    { key: 'details', label: t('details.tabs.details'), content: () => <DetailsTab conference={conference} /> },
    { key: 'agenda', label: t('details.tabs.agenda'), content: () => <AgendaTab conference={conference} /> },
    { key: 'speakers', label: t('details.tabs.speakers'), content: () => <SpeakersTab conference={conference} /> },
    { key: 'excerpts', label: t('details.tabs.excerpts'), content: () => <ExcerptsTab conference={conference} /> },
    { key: 'dates', label: t('details.tabs.dates'), content: () => <DatesTab conference={conference} /> },
  ];

  return (
    <article data-testid="conferences-details" data-id={conference.id} className="mx-auto max-w-7xl px-4 py-10">
      {conference.category_id ? (
        <Link to={{ pathname: ROUTES.conferences(conference.category_id), search: listReturnSearch(listState) }} className="text-sm font-semibold text-emerald-700 hover:underline dark:text-emerald-400">
          {conference.category ? localizedField(conference.category, 'name', locale) : t('details.backToList')}
        </Link>
      ) : null}
      <div className="mt-4 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <header>
          <div className="flex flex-wrap items-center gap-2">
            <ModeBadge mode={conference.mode} />
            <span data-testid="phase" className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {t(`details.phase.${conference.phase}`)}
            </span>
          </div>
          <Text as="h1" value={title} className="mt-3 text-3xl font-bold leading-tight text-slate-900 dark:text-slate-50" />
          <p className="mt-3 text-slate-700 dark:text-slate-300"><TimeRange start={conference.start_date} end={conference.end_date} zone={conference.timezone} /></p>
          <Text as="p" value={localizedField(conference, 'venue', locale) || t('details.online')} className="mt-1 text-slate-600 dark:text-slate-400" />
          {conference.image ? <img src={fileUrl(conference.image)} alt="" width={960} height={480} fetchPriority="high" className="mt-6 aspect-[2/1] w-full rounded-xl object-cover" /> : null}
        </header>
        <div className="flex flex-col gap-4 self-start rounded-xl border border-slate-200 p-5 dark:border-slate-800">
          {/* A new reader starts from the conference's `registered`, not what the box did for the previous one. */}
          <RegisterBox key={viewer ?? 'visitor'} conference={conference} onChanged={state.reload} />
          <a
            href={conferenceIcsUrl(conference.id, locale)}
            download={`conference-${conference.id}.ics`}
            data-testid="ics-link"
            className="rounded-lg border border-slate-300 px-4 py-2 text-center font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            {t('details.ics')} <span dir="ltr">(.ics)</span>
          </a>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('details.icsHint')}</p>
        </div>
      </div>
      <div className="mt-10">
        <Tabs tabs={tabs} active={tab} onChange={setTab} label={t('details.tabsLabel')} />
      </div>
    </article>
  );
}
