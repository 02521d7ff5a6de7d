import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loginRedirectPath, ROUTES, selectIsSignedIn, selectUser, useLocale, usePageTitle, useSession } from '@scholars/shared-contracts';
import { pageCount, routeId, SEARCH_MAX_LENGTH } from '@scholars/shared-contracts/constants';
import type { CommunityCategory, ConsultantCard as Card, ConsultationLanguage } from '@scholars/shared-contracts/schemas';
import { controlClass, listAddress, Pagination, primaryButtonClass, secondaryButtonClass, useAsync, useHydrated, usePageInRange } from '@scholars/shared-contracts/ui';
import { localizedField } from '@scholars/shared-contracts/locale';
import '../i18n/consultations';
import { NAMESPACE } from '../i18n';
import { CONSULTANTS_PAGE_SIZE, fetchAllowance, fetchConsultants, fetchFields, matchConsultants } from '../api/consultations';
import { ConsultantCard } from '../components/ConsultantCard';
import { SectionState, linkClass } from '../components/Status';
import { errorText } from '../lib/errors';

// The contract's languages (a type import: the list page loads no zod).
const CONSULTATION_LANGUAGES: readonly ConsultationLanguage[] = ['ar', 'en'];
const isLanguage = (value: string | null): value is ConsultationLanguage => value === 'ar' || value === 'en';
const positiveInt = (value: string | null) => (value && /^\d{1,9}$/.test(value) && Number(value) >= 1 ? Number(value) : null);

/** The list's state, all in the address: `?q=&field=&language=&page=`. */
function useListParams() {
  const [params] = useSearchParams();
  const language = params.get('language');
  return {
    params,
    q: params.get('q') ?? '',
    field: routeId(params.get('field')),
    language: isLanguage(language) ? language : null,
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/**
 * /consultations (public): the approved consultants with a search (Arabic-aware, on the server),
 * field and language filters and pages, all kept in the address; "Match me" proposes consultants
 * for a field and language (subscribers; a visitor is asked to sign in, a member without a
 * subscription is sent to the plans).
 */
export function Consultations() {
  const { t } = useTranslation(NAMESPACE);
  usePageTitle(t('consultations.title'));
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { params, q, field, language, page } = useListParams();
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const go = (changes: Record<string, string | number | null>) => {
    const search = listAddress(params, changes).toString();
    navigate({ search: search ? `?${search}` : '' });
  };

  const userId = useSession(selectUser)?.id;
  const fields = useAsync((signal) => fetchFields(signal), []);
  const list = useAsync((signal) => fetchConsultants({ page, search: q, categoryId: field, language }, signal), [q, field, language, page]);
  const pages = list.data ? pageCount(list.data.tot, CONSULTANTS_PAGE_SIZE) : 1;
  // Past the last page: the address becomes the last page's (the list loads meanwhile).
  const beyond = usePageInRange(page, list.status === 'ready' ? pages : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: draft.trim() });
  };

  return (
    <section className="mx-auto max-w-7xl px-4 py-12" data-testid="account-consultations">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('consultations.title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-300">{t('consultations.intro')}</p>

      <div className="mt-8 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr] dark:border-slate-800 dark:bg-slate-900">
        <form role="search" onSubmit={submit} className="flex items-end gap-2" data-testid="consultants-search">
          <label className="flex-1">
            <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('consultations.searchLabel')}</span>
            <input type="search" name="q" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder={t('consultations.searchPlaceholder')} maxLength={SEARCH_MAX_LENGTH} className={controlClass(false)} />
          </label>
          <button type="submit" className={primaryButtonClass}>{t('consultations.search')}</button>
          {q ? <button type="button" onClick={() => go({ q: null })} className={secondaryButtonClass}>{t('consultations.clear')}</button> : null}
        </form>
        <label>
          <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('consultations.fieldLabel')}</span>
          <select name="field" value={field ?? ''} onChange={(event) => go({ field: event.target.value || null })} className={controlClass(false)} data-testid="consultants-field">
            <option value="">{t('consultations.allFields')}</option>
            {(fields.data ?? []).map((category) => <option key={category.id} value={category.id}>{localizedField(category, 'name', locale)}</option>)}
          </select>
        </label>
        <label>
          <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('consultations.languageLabel')}</span>
          <select name="language" value={language ?? ''} onChange={(event) => go({ language: event.target.value || null })} className={controlClass(false)} data-testid="consultants-language">
            <option value="">{t('consultations.allLanguages')}</option>
            {CONSULTATION_LANGUAGES.map((code) => <option key={code} value={code}>{t(`consultations.languages.${code}`)}</option>)}
          </select>
        </label>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div>
          {list.status === 'failed' ? (
            <SectionState state="failed" onRetry={list.reload} />
          ) : !list.data || beyond ? (
            <SectionState state="loading" />
          ) : list.data.data.length === 0 ? (
            <SectionState state="empty" empty={q || field || language ? t('consultations.empty') : t('consultations.emptyAll')} />
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid="consultants-total">{t('consultations.total', { count: list.data.tot })}</p>
              <ul className="grid gap-5 sm:grid-cols-2" data-testid="consultants-list">
                {list.data.data.map((card) => <ConsultantCard key={card.id} card={card} />)}
              </ul>
              <Pagination page={page} pages={pages} />
            </>
          )}
        </div>
        {/* Another account signing in (another tab) starts afresh: its own allowance, no proposals made for the first. */}
        <MatchMe key={userId ?? 'visitor'} fields={fields.data ?? []} />
      </div>
    </section>
  );
}

/** "Match me": field + language -> up to 5 proposals (subscribers). */
function MatchMe({ fields }: { fields: CommunityCategory[] }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const location = useLocation();
  const signedIn = useSession(selectIsSignedIn);
  const hydrated = useHydrated();
  const allowance = useAsync((signal) => (signedIn ? fetchAllowance(signal) : Promise.resolve(null)), [signedIn]);
  const [categoryId, setCategoryId] = useState('');
  const [language, setLanguage] = useState<ConsultationLanguage>(locale);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [proposals, setProposals] = useState<Card[] | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const id = routeId(categoryId);
    if (!id) {
      setError(t('consultations.match.chooseField'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setProposals(await matchConsultants({ categoryId: id, language }));
    } catch (failure) {
      setError(errorText(failure, t('consultations.loadFailed')));
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (!hydrated) body = null;
  else if (!signedIn) {
    body = <Link to={loginRedirectPath(location)} className={primaryButtonClass} data-testid="match-sign-in">{t('consultations.match.signIn')}</Link>;
  } else if (allowance.status === 'loading') body = <SectionState state="loading" />;
  else if (allowance.status === 'ready' && allowance.data === null) {
    body = (
      <div data-testid="match-subscribe">
        <p className="text-sm text-slate-700 dark:text-slate-200">{t('consultations.match.subscribe')}</p>
        <Link to={ROUTES.pricing} className={`${primaryButtonClass} mt-3`}>{t('consultations.match.plans')}</Link>
      </div>
    );
  } else {
    body = (
      <form onSubmit={(event) => void submit(event)} className="space-y-3" data-testid="match-form">
        <label className="block">
          <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('consultations.fieldLabel')}</span>
          <select value={categoryId} onChange={(event) => setCategoryId(event.target.value)} className={controlClass(false)} data-testid="match-field">
            <option value="">{t('consultations.match.chooseField')}</option>
            {fields.map((category) => <option key={category.id} value={category.id}>{localizedField(category, 'name', locale)}</option>)}
          </select>
        </label>
        <label className="block">
          <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('consultations.languageLabel')}</span>
          <select value={language} onChange={(event) => setLanguage(event.target.value as ConsultationLanguage)} className={controlClass(false)} data-testid="match-language">
            {CONSULTATION_LANGUAGES.map((code) => <option key={code} value={code}>{t(`consultations.languages.${code}`)}</option>)}
          </select>
        </label>
        <button type="submit" disabled={busy} className={`${primaryButtonClass} w-full`}>{busy ? t('consultations.match.working') : t('consultations.match.submit')}</button>
        {error ? <p role="alert" className="text-sm text-red-700 dark:text-red-300">{error}</p> : null}
      </form>
    );
  }

  return (
    <aside className="h-fit rounded-2xl border border-emerald-200 bg-emerald-50 p-5 dark:border-emerald-900 dark:bg-emerald-950/40" data-testid="match-me" aria-labelledby="match-title">
      <h2 id="match-title" className="text-lg font-bold text-emerald-900 dark:text-emerald-200">{t('consultations.match.title')}</h2>
      <p className="mt-1 mb-4 text-sm text-slate-700 dark:text-slate-300">{t('consultations.match.intro')}</p>
      {body}
      {proposals ? (
        <div className="mt-5" aria-live="polite">
          <h3 className="font-semibold text-slate-900 dark:text-slate-100">{t('consultations.match.results')}</h3>
          {proposals.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="match-none">{t('consultations.match.none')}</p>
          ) : (
            <ul className="mt-2 space-y-2" data-testid="match-results">
              {proposals.map((card) => (
                <li key={card.id}><Link to={ROUTES.consultant(card.id)} className={linkClass}>{card.name}</Link></li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </aside>
  );
}
