import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiError, ROUTES, selectUser, useLocale, useSession } from '@scholars/shared-contracts';
import type { CommunityCategory, ConsultantProfile, ConsultationLanguage } from '@scholars/shared-contracts/schemas';
import { controlClass, primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { DraftRestored, formDraftKey, useFormDraft } from '@scholars/shared-contracts/ui/draft';
import { formatDate, localizedField, timeZoneChoices, viewerTimeZone } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import { fetchFields, saveConsultantProfile } from '../../api/consultations';
import { availabilityProblems, splitTags, type AvailabilityRow } from '../../lib/consultations';
import { errorText } from '../../lib/errors';
import { Badge, SectionState, linkClass, type Tone } from '../../components/Status';
import { AvailabilityEditor } from './AvailabilityEditor';

// The contract's SESSION_MINUTES, repeated here so that the tab loads no zod (the schemas' entry).
const SESSION_LENGTHS = [30, 45, 60, 90] as const;
const STATUS_TONE: Record<ConsultantProfile['status'], Tone> = { pending: 'amber', approved: 'green', rejected: 'red', suspended: 'red' };

// A type, not an interface: the tab-kept draft takes records of texts, numbers and lists.
type Draft = {
  bio: string;
  bioEn: string;
  categoryIds: number[];
  tags: string;
  tagsEn: string;
  languages: ConsultationLanguage[];
  timeZone: string;
  sessionMinutes: number;
  availability: AvailabilityRow[];
  exceptions: string[];
};

function draftOf(profile: ConsultantProfile | null): Draft {
  if (!profile) {
    return { bio: '', bioEn: '', categoryIds: [], tags: '', tagsEn: '', languages: [], timeZone: viewerTimeZone(), sessionMinutes: 60, availability: [{ weekday: 0, start: '09:00', end: '12:00' }], exceptions: [] };
  }
  return {
    bio: profile.bio,
    bioEn: profile.bioEn,
    categoryIds: profile.fields.map((field) => field.id),
    tags: profile.tags.join('، '),
    tagsEn: profile.tagsEn.join(', '),
    languages: [...profile.languages],
    timeZone: profile.timeZone,
    sessionMinutes: profile.sessionMinutes,
    availability: profile.availability.map((row) => ({ ...row })),
    exceptions: [...profile.exceptions],
  };
}

/**
 * "Become a consultant" / "My consultant profile": the application (bio in both languages side by
 * side, each in its own direction, fields, topics, languages, time zone, session length, the weekly
 * availability and days off) and its state (pending, approved, rejected or suspended with the
 * reason). A new record waits for an administrator; edits of an approved one stay approved.
 */
export function ConsultantApplication({ profile, onSaved, onReload }: { profile: ConsultantProfile | null; onSaved: (next: ConsultantProfile) => void; onReload: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const fields = useAsync((signal) => fetchFields(signal), []);
  // What is filled in is kept in this tab for this account until saved (a session ending mid-form
  // sends the member to sign in, which unmounts it); a form brought back opens by itself.
  const userId = useSession(selectUser)?.id ?? null;
  const { values: draft, setValues: setDraft, restored, forget } = useFormDraft(formDraftKey(userId, 'consultant-application'), draftOf(profile));
  const [open, setOpen] = useState(restored);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [saved, setSaved] = useState(false);
  const [newException, setNewException] = useState('');
  // A group's problem shows once the group was touched or a submit was tried, not on an untouched form.
  const [touched, setTouched] = useState<{ fields?: true; languages?: true; all?: true }>({});
  const set = (change: Partial<Draft>) => {
    setSaved(false);
    setDraft((value) => ({ ...value, ...change }));
  };
  const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((value) => value !== item) : [...list, item]);

  const problems = availabilityProblems(draft.availability, draft.sessionMinutes);
  const fieldsProblem = draft.categoryIds.length < 1 || draft.categoryIds.length > 10;
  const languagesProblem = draft.languages.length === 0;
  const showFieldsProblem = fieldsProblem && Boolean(touched.fields || touched.all);
  const showLanguagesProblem = languagesProblem && Boolean(touched.languages || touched.all);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setStale(false);
    setTouched({ all: true });
    if (problems.some(Boolean) || fieldsProblem || languagesProblem || !draft.bio.trim() || !draft.bioEn.trim()) {
      setError(t('application.errors.required'));
      return;
    }
    setBusy(true);
    try {
      const answer = await saveConsultantProfile({
        bio: draft.bio.trim(),
        bioEn: draft.bioEn.trim(),
        categoryIds: draft.categoryIds,
        tags: splitTags(draft.tags),
        tagsEn: splitTags(draft.tagsEn),
        languages: draft.languages,
        timeZone: draft.timeZone,
        sessionMinutes: draft.sessionMinutes,
        availability: draft.availability,
        exceptions: draft.exceptions,
        ...(profile ? { version: profile.version } : {}),
      });
      forget();
      setSaved(true);
      setOpen(false);
      onSaved(answer.data);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409) setStale(true);
      setError(errorText(failure, t('common:messages.genericError')));
    } finally {
      setBusy(false);
    }
  };

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{profile ? t('application.mine') : t('application.become')}</h2>
        {profile ? null : <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('application.becomeIntro')}</p>}
      </div>
      {profile ? <Badge tone={STATUS_TONE[profile.status]} testId="consultant-status">{t(`application.states.${profile.status}`)}</Badge> : null}
    </div>
  );

  return (
    <section className="rounded-xl border border-slate-200 p-5 dark:border-slate-800" data-testid="consultant-application">
      {header}
      {profile?.statusReason && (profile.status === 'rejected' || profile.status === 'suspended') ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="consultant-status-reason">{t('application.stateReason')} <bdi>{profile.statusReason}</bdi></p>
      ) : null}
      {profile?.status === 'approved' ? <p className="mt-2"><Link to={ROUTES.consultant(profile.id)} className={linkClass} data-testid="consultant-public-page">{t('application.publicPage')}</Link></p> : null}
      {saved ? <p role="status" className="mt-3 text-sm text-emerald-700 dark:text-emerald-400">{t('application.saved')}</p> : null}
      {!open ? (
        <button type="button" onClick={() => setOpen(true)} className={`${profile ? secondaryButtonClass : primaryButtonClass} mt-4`} data-testid="consultant-application-open">
          {profile ? t('application.mine') : t('application.become')}
        </button>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="mt-5 space-y-5" noValidate data-testid="consultant-application-form">
          <DraftRestored shown={restored} testId="application-draft-restored">{t('application.draftRestored')}</DraftRestored>
          <div className="grid gap-4 md:grid-cols-2">
            <label className="block">
              <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('application.bio')}</span>
              <textarea lang="ar" dir="rtl" rows={5} value={draft.bio} onChange={(event) => set({ bio: event.target.value })} className={controlClass(false)} data-testid="application-bio" />
            </label>
            <label className="block">
              <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('application.bioEn')}</span>
              <textarea lang="en" dir="ltr" rows={5} value={draft.bioEn} onChange={(event) => set({ bioEn: event.target.value })} className={controlClass(false)} data-testid="application-bio-en" />
            </label>
          </div>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">{t('application.fields')}</legend>
            {fields.status === 'failed' ? <SectionState state="failed" onRetry={fields.reload} /> : null}
            <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2" data-testid="application-fields">
              {(fields.data ?? ([] as CommunityCategory[])).map((category) => (
                <label key={category.id} className="inline-flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                  <input type="checkbox" checked={draft.categoryIds.includes(category.id)} onChange={() => {
                      setTouched((value) => ({ ...value, fields: true }));
                      set({ categoryIds: toggle(draft.categoryIds, category.id) });
                    }} />
                  {localizedField(category, 'name', locale)}
                </label>
              ))}
            </div>
            {showFieldsProblem ? <p className="mt-1 text-sm text-red-700 dark:text-red-400" data-testid="application-fields-problem">{t('application.errors.fields')}</p> : null}
          </fieldset>
          <div className="grid gap-4 md:grid-cols-2">
            <label className="block">
              <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('application.tags')}</span>
              <input lang="ar" dir="rtl" value={draft.tags} onChange={(event) => set({ tags: event.target.value })} className={controlClass(false)} data-testid="application-tags" />
            </label>
            <label className="block">
              <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('application.tagsEn')}</span>
              <input lang="en" dir="ltr" value={draft.tagsEn} onChange={(event) => set({ tagsEn: event.target.value })} className={controlClass(false)} data-testid="application-tags-en" />
            </label>
          </div>
          <div className="grid gap-4 md:grid-cols-3">
            <fieldset>
              <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('application.languages')}</legend>
              <div className="mt-2 flex gap-4">
                {(['ar', 'en'] as const).map((code) => (
                  <label key={code} className="inline-flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                    <input type="checkbox" checked={draft.languages.includes(code)} onChange={() => {
                        setTouched((value) => ({ ...value, languages: true }));
                        set({ languages: toggle(draft.languages, code) });
                      }} data-testid={`application-language-${code}`} />
                    {t(`consultations.languages.${code}`)}
                  </label>
                ))}
              </div>
              {showLanguagesProblem ? <p className="mt-1 text-sm text-red-700 dark:text-red-400" data-testid="application-languages-problem">{t('application.errors.languages')}</p> : null}
            </fieldset>
            <label className="block">
              <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('application.timeZone')}</span>
              <select dir="ltr" value={draft.timeZone} onChange={(event) => set({ timeZone: event.target.value })} className={controlClass(false)} data-testid="application-time-zone">
                {timeZoneChoices(draft.timeZone).map((zone) => <option key={zone} value={zone}>{zone}</option>)}
              </select>
            </label>
            <label className="block">
              <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('application.sessionMinutes')}</span>
              <select value={draft.sessionMinutes} onChange={(event) => set({ sessionMinutes: Number(event.target.value) })} className={controlClass(false)} data-testid="application-session-minutes">
                {SESSION_LENGTHS.map((minutes) => <option key={minutes} value={minutes}>{t('application.minutes', { count: minutes })}</option>)}
              </select>
            </label>
          </div>
          <AvailabilityEditor rows={draft.availability} sessionMinutes={draft.sessionMinutes} onChange={(availability) => set({ availability })} />
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">{t('application.exceptions')}</legend>
            <ul className="mt-2 flex flex-wrap gap-2" data-testid="application-exceptions">
              {draft.exceptions.map((day) => (
                <li key={day} className="inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800">
                  {formatDate(day, locale, 'date')}
                  <button type="button" onClick={() => set({ exceptions: draft.exceptions.filter((value) => value !== day) })} aria-label={t('application.removeException', { date: formatDate(day, locale, 'date') })} className="text-red-700 dark:text-red-400">×</button>
                </li>
              ))}
            </ul>
            <div className="mt-2 flex items-end gap-2">
              <input type="date" dir="ltr" value={newException} onChange={(event) => setNewException(event.target.value)} className={`${controlClass(false)} max-w-48`} aria-label={t('application.addException')} data-testid="application-exception-date" />
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={!/^\d{4}-\d{2}-\d{2}$/.test(newException)}
                onClick={() => {
                  if (!draft.exceptions.includes(newException)) set({ exceptions: [...draft.exceptions, newException].sort() });
                  setNewException('');
                }}
              >
                {t('application.addException')}
              </button>
            </div>
          </fieldset>
          {error ? (
            <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100" data-testid="application-error">
              <p>{stale ? t('application.stale') : error}</p>
              {stale ? <button type="button" onClick={onReload} className="mt-2 font-semibold underline">{t('application.reload')}</button> : null}
            </div>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={busy} className={primaryButtonClass} data-testid="application-submit">{busy ? t('application.saving') : profile ? t('application.save') : t('application.submit')}</button>
            <button type="button" onClick={() => setOpen(false)} className={secondaryButtonClass}>{t('sessions.close')}</button>
          </div>
        </form>
      )}
    </section>
  );
}
