import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fileUrl, isApiError, ROUTES, selectUser, useLocale, usePageTitle, useSession } from '@scholars/shared-contracts';
import type { CommunityPerson, ResearchDetails } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';
import { fetchResearch } from '../api/research';
import { formatDate, localizedField } from '@scholars/shared-contracts/locale';
import { datePart } from '../lib/format';
import { AbstractTab } from '../components/AbstractTab';
import { ChatPanel } from '../components/ChatPanel';
import { ReportButton } from '@scholars/shared-contracts/ui/report';
import { sendReport } from '../api/reports';
import { useResearchChannel, type Presence } from '../chat/use-chat';
import { FileTab } from '../components/FileTab';
import { routeId } from '@scholars/shared-contracts/constants';
import { Text } from '@scholars/shared-contracts/ui/text';
import { initials, listReturnSearch } from '@scholars/shared-contracts/ui';

export const TABS = ['abstract', 'chats', 'file'] as const;
export type Tab = (typeof TABS)[number];

type DetailsState = { status: 'loading' } | { status: 'ready'; research: ResearchDetails } | { status: 'missing' } | { status: 'failed' };

function Avatar({ person, size = 'size-10' }: { person: CommunityPerson; size?: string }) {
  const initial = initials(person.name, 1) || '?';
  return person.avatar ? (
    <img src={fileUrl(person.avatar)} alt="" className={`${size} shrink-0 rounded-full object-cover`} />
  ) : (
    <span aria-hidden="true" className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100`}>
      {initial}
    </span>
  );
}

function PersonLink({ person, className }: { person: CommunityPerson; className: string }) {
  return (
    <Link to={ROUTES.userProfile(person.id)} className={className} dir="auto">
      {person.name}
    </Link>
  );
}

/** Who is in the discussion now (the page's socket; updated live as people come and go). */
function HereNow({ presence }: { presence: Presence | null }) {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession(selectUser);
  if (!presence) return null;
  const own = user ? Number(user.id) : null;
  const others = presence.people.filter((person) => person.id !== own);
  const more = Math.max(0, presence.count - presence.people.length);
  return (
    <section aria-labelledby="here-now-title" className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-800" data-testid="research-present" data-count={presence.count}>
      <h3 id="here-now-title" className="flex items-center gap-2 text-sm font-semibold">
        <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
        {t('details.hereNow')}
      </h3>
      <p className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="research-present-count">
        {t('details.hereCount', { count: presence.count })}
      </p>
      {others.length === 0 ? <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t('details.hereNobody')}</p> : null}
      <ul className="mt-3 flex flex-col gap-2">
        {presence.people.map((person) => (
          <li key={person.id} className="flex items-center gap-3" data-testid="research-present-person" data-id={person.id}>
            <Avatar person={person} size="size-7" />
            {person.id === own ? (
              <span className="text-sm" dir="auto">{t('details.hereYou', { name: person.name })}</span>
            ) : (
              <PersonLink person={person} className="text-sm hover:underline" />
            )}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t('details.hereMore', { count: more })}</p> : null}
    </section>
  );
}

function Members({ research, presence, posters }: { research: ResearchDetails; presence: Presence | null; posters: CommunityPerson[] }) {
  const { t } = useTranslation(NAMESPACE);
  // Someone who writes for the first time while the page is open becomes a member at once.
  const known = new Set([research.author.id, ...research.members.participants.map((person) => person.id)]);
  const newcomers = posters.filter((person) => !known.has(person.id));
  const participants = [...newcomers, ...research.members.participants];
  return (
    <aside aria-labelledby="members-title" className="self-start rounded-xl border border-slate-200 p-5 dark:border-slate-800" data-testid="research-members">
      <h2 id="members-title" className="font-semibold">{t('details.members')}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="research-members-count">
        {t('details.membersCount', { count: research.members.count + newcomers.length })}
      </p>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('details.membersHint')}</p>
      <ul className="mt-4 flex flex-col gap-3">
        <li className="flex items-center gap-3">
          <Avatar person={research.author} />
          <div>
            <Link
              to={ROUTES.userProfile(research.author.id)}
              className="font-medium text-emerald-800 hover:underline dark:text-emerald-300"
              aria-label={t('details.authorProfile', { name: research.author.name })}
              data-testid="research-author-link"
              dir="auto"
            >
              {research.author.name}
            </Link>
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('details.authorBadge')}</p>
          </div>
        </li>
        {participants.map((person) => (
          <li key={person.id} className="flex items-center gap-3" data-testid="research-member" data-id={person.id}>
            <Avatar person={person} size="size-8" />
            <PersonLink person={person} className="text-sm hover:underline" />
          </li>
        ))}
      </ul>
      <HereNow presence={presence} />
      <p className="mt-4 text-xs text-slate-500 dark:text-slate-400" data-testid="research-members-note">{t('details.everyone')}</p>
    </aside>
  );
}

/** /community/{id}: header, tabs abstract / chats / research file (the tab is kept in `?tab=`), members. */
export function CommunityDetails() {
  const { t } = useTranslation(NAMESPACE);
  const { locale, dir } = useLocale();
  const { id = '' } = useParams();
  const viewer = useSession(selectUser);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // "Back to": the page of the list this research was opened from (its search, category, page), else the list.
  const backToList = { pathname: ROUTES.researchCommunity, search: listReturnSearch(location.state) };
  const [state, setState] = useState<DetailsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ abstract: null, chats: null, file: null });
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'abstract';
  // One socket for the page: the chat and the members sidebar (who is here now).
  const channel = useResearchChannel(state.status === 'ready' ? state.research.id : null);
  usePageTitle(state.status === 'ready' ? localizedField(state.research, 'name', locale) : undefined);

  useEffect(() => {
    if (routeId(id) === null) {
      setState({ status: 'missing' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchResearch(id, controller.signal).then(
      (research) => setState({ status: 'ready', research }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error) && (error.status === 404 || error.status === 400)) setState({ status: 'missing' });
        else {
          console.error('[community] research failed', error);
          setState({ status: 'failed' });
        }
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const select = (next: Tab, focus = false) => {
    const query = new URLSearchParams(params);
    if (next === 'abstract') query.delete('tab');
    else query.set('tab', next);
    setParams(query, { replace: true, state: location.state });
    if (focus) tabRefs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    // Arrow keys follow the reading direction (WAI-ARIA tabs, RTL aware).
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: Tab | undefined;
    if (event.key === forward) next = TABS[(index + 1) % TABS.length];
    else if (event.key === backward) next = TABS[(index + TABS.length - 1) % TABS.length];
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[TABS.length - 1];
    if (next) {
      event.preventDefault();
      select(next, true);
    }
  };

  if (state.status === 'loading') {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 text-center text-slate-500 dark:text-slate-400" role="status" aria-busy="true" data-testid="community-details" data-state="loading">
        {t('details.loading')}
      </div>
    );
  }
  if (state.status === 'missing' || state.status === 'failed') {
    return (
      <section className="mx-auto max-w-3xl px-4 py-16 text-center" data-testid="community-details" data-state={state.status} role="alert">
        <p className="text-lg">{state.status === 'missing' ? t('details.notFound') : t('details.loadFailed')}</p>
        <div className="mt-6 flex justify-center gap-3">
          {state.status === 'failed' ? (
            <button type="button" onClick={() => setAttempt((n) => n + 1)} className="rounded-lg border border-slate-300 px-4 py-2 dark:border-slate-700">
              {t('details.retry')}
            </button>
          ) : null}
          <Link to={backToList} className="rounded-lg bg-emerald-700 px-4 py-2 text-white">{t('details.back')}</Link>
        </div>
      </section>
    );
  }

  const { research } = state;
  const name = localizedField(research, 'name', locale);
  const category = research.category ? localizedField(research.category, 'name', locale) : research.other_category;
  return (
    <article className="mx-auto max-w-7xl px-4 py-10" data-testid="community-details" data-state="ready" data-id={research.id}>
      <Link to={backToList} className="text-sm text-emerald-800 hover:underline dark:text-emerald-300">
        <span aria-hidden="true" className="inline-block rtl:rotate-180">←</span> {t('details.back')}
      </Link>
      <header className="mt-4 grid gap-6 md:grid-cols-[16rem_1fr]">
        {research.image ? (
          <img src={fileUrl(research.image)} alt="" width={640} height={360} className="aspect-video w-full rounded-xl bg-slate-100 object-cover dark:bg-slate-800" />
        ) : null}
        <div>
          <Text as="h1" value={name} className="text-2xl font-bold leading-snug text-slate-900 md:text-3xl dark:text-slate-50" data-testid="research-title" />
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {category ? (
              <>
                <dt className="text-slate-500 dark:text-slate-400">{t('details.category')}</dt>
                <Text as="dd" value={category} data-testid="research-category" />
              </>
            ) : null}
            <dt className="text-slate-500 dark:text-slate-400">{t('details.type')}</dt>
            <dd>{t(`details.types.${research.research_type}`)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('details.updated')}</dt>
            <dd>
              <time dateTime={datePart(research.updated)}>{formatDate(datePart(research.updated), locale)}</time>
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('details.author')}</dt>
            <dd>
              <Text as={Link} to={ROUTES.userProfile(research.author.id)} value={research.author.name} className="text-emerald-800 hover:underline dark:text-emerald-300" />
            </dd>
          </dl>
          {viewer && Number(viewer.id) !== research.author.id ? (
            <div className="mt-4 text-sm text-slate-600 dark:text-slate-300">
              <ReportButton target={{ item_type: 'research', item_id: research.id }} send={sendReport} />
            </div>
          ) : null}
        </div>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_18rem]">
        {/* min-w-0: a grid item is as wide as its longest word otherwise (a long address in the chat). */}
        <div className="min-w-0">
          <div role="tablist" aria-label={t('details.tabsLabel')} className="mb-6 flex gap-1 border-b border-slate-200 dark:border-slate-800">
            {TABS.map((name) => (
              <button
                key={name}
                ref={(element) => {
                  tabRefs.current[name] = element;
                }}
                id={`tab-${name}`}
                type="button"
                role="tab"
                aria-selected={tab === name}
                aria-controls={tab === name ? `panel-${name}` : undefined}
                tabIndex={tab === name ? 0 : -1}
                onClick={() => select(name)}
                onKeyDown={onTabKey}
                className={`-mb-px border-b-2 px-4 py-2 font-medium ${
                  tab === name
                    ? 'border-emerald-700 text-emerald-800 dark:border-emerald-400 dark:text-emerald-300'
                    : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
                }`}
              >
                {t(`details.tabs.${name}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} tabIndex={0} className="focus:outline-none">
            {tab === 'abstract' ? <AbstractTab research={research} /> : tab === 'chats' ? <ChatPanel researchId={research.id} socket={channel.socket} /> : <FileTab research={research} />}
          </div>
        </div>
        <Members research={research} presence={channel.presence} posters={channel.posters} />
      </div>
    </article>
  );
}
