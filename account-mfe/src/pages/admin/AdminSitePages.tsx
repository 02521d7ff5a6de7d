import { useEffect, useState, type ReactNode } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { selectUser, useLocale, useSession } from '@scholars/shared-contracts';
import { DraftRestored, formDraftKey, useDraftOverForm } from '@scholars/shared-contracts/ui/draft';
import { secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { BilingualField } from '@scholars/shared-contracts/ui/content';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import {
  ABOUT_OBJECTIVES_MAX,
  PRIVACY_SECTIONS_MAX,
  aboutPageWriteSchema,
  privacyPolicyWriteSchema,
  type AboutPageWrite,
  type AdminAboutPage,
  type AdminPrivacyPolicy,
  type PolicyNotice,
  type PrivacyPolicyWrite,
} from '@scholars/shared-contracts/schemas';
import { formatDate, formatNumber } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { fetchAboutPage, fetchPolicyNotices, fetchPrivacyPolicy, notifyMembers, saveAboutPage, savePrivacyPolicy } from '../../api/site-pages';
import { errorText } from '../../lib/errors';
import { FormActions, SaveProblems, errorAt, useFieldMessage, useSave } from '../../components/ContentForm';
import { SectionState } from '../../components/Status';

const smallButton = 'rounded-lg border border-slate-300 px-2.5 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800';

/** Up, down and remove under row `index` of an ordered list (`item`: the row's name, for the buttons' labels). */
function RowButtons({ index, count, item, min, onMove, onRemove }: { index: number; count: number; item: string; min: number; onMove: (from: number, to: number) => void; onRemove: (index: number) => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <button type="button" className={smallButton} disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={t('sitePages.moveUp', { item })} data-testid="row-up">
        <span aria-hidden="true">↑</span>
      </button>
      <button type="button" className={smallButton} disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={t('sitePages.moveDown', { item })} data-testid="row-down">
        <span aria-hidden="true">↓</span>
      </button>
      <button type="button" className={`${smallButton} text-red-700 dark:text-red-400`} disabled={count <= min} onClick={() => onRemove(index)} data-testid="row-remove">
        {t('sitePages.remove', { item })}
      </button>
    </div>
  );
}

/**
 * The frame of both screens: title, intro, the always-live note, and the page as read (loading,
 * failed, or its form). `refreshing`: the page shown is being read again (after a save), so its
 * version may be about to change.
 */
function SitePageScreen<T extends { version: number }>({ testId, title, intro, load, children }: { testId: string; title: string; intro: ReactNode; load: (signal: AbortSignal) => Promise<T>; children: (page: T, reload: () => void, refreshing: boolean) => ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const page = useAsync(load, []);
  return (
    <section data-testid={testId}>
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{title}</h1>
      <div className="mt-2 space-y-1 text-slate-600 dark:text-slate-300">{intro}</div>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t('sitePages.alwaysLive')}</p>
      {page.status === 'failed' ? <SectionState state="failed" onRetry={page.reload} /> : !page.data ? <SectionState state="loading" /> : children(page.data, page.reload, page.status === 'loading')}
    </section>
  );
}

function LastSaved({ date }: { date: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  return date ? <span className="text-sm text-slate-500 dark:text-slate-400" data-testid="page-updated">{t('sitePages.updated', { date: formatDate(date, locale, 'dateTime') })}</span> : null;
}

// ---------------------------------------------------------------- about
const aboutValues = ({ updated_at: _readOnly, ...page }: AdminAboutPage): AboutPageWrite => page;
// The page's form as the tab keeps it until saved, per account and per version of the page (as the
// console's other long editors): it comes back only over the version it was typed on.
const sameAbout = (values: AboutPageWrite) => values;

function AboutForm({ page, onSaved, onReload }: { page: AdminAboutPage; onSaved: () => void; onReload: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const message = useFieldMessage();
  const form = useForm<AboutPageWrite, unknown, z.output<typeof aboutPageWriteSchema>>({ resolver: zodResolver(aboutPageWriteSchema), defaultValues: aboutValues(page) });
  const { register, control, handleSubmit, formState } = form;
  const objectives = useFieldArray({ control, name: 'objectives' });
  const draft = useDraftOverForm(form, formDraftKey(useSession(selectUser)?.id, `admin-about:${page.version}`), aboutValues(page), sameAbout, sameAbout);
  const save = useSave(form.setError);
  const error = (path: string) => message(errorAt(formState.errors, path));
  const objectiveLabel = (index: number) => t('sitePages.about.objective', { number: formatNumber(index + 1, locale) });
  const labels: Record<string, string> = {
    lead: t('sitePages.about.lead'),
    founder_message: t('sitePages.about.founderMessage'),
    founder_name: t('sitePages.about.founderName'),
    mission: t('sitePages.about.mission'),
    vision: t('sitePages.about.vision'),
    objectives: t('sitePages.about.objectives'),
  };
  const labelOf = (field: string) => {
    const objective = /^objectives\.(\d+)\.text$/.exec(field);
    return objective ? objectiveLabel(Number(objective[1])) : (labels[field] ?? field);
  };
  const submit = handleSubmit(async (values) => {
    if (await save.run(() => saveAboutPage(values))) {
      draft.forget();
      onSaved();
    }
  });
  const pair = (name: 'lead' | 'founder_message' | 'founder_name' | 'mission' | 'vision', rows?: number) => (
    <BilingualField label={labels[name]!} required rows={rows} arabic={register(name)} english={register(`${name}_en`)} arabicError={error(name)} englishError={error(`${name}_en`)} />
  );
  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-5" data-testid="about-form">
      <SaveProblems problem={save.problem} onReload={onReload} labelOf={labelOf} />
      <DraftRestored shown={draft.restored} testId="about-draft-restored">{t('sitePages.draftRestored')}</DraftRestored>
      {pair('lead', 2)}
      {pair('founder_message', 6)}
      {pair('founder_name')}
      {pair('mission', 3)}
      {pair('vision', 3)}
      <fieldset className="space-y-4" data-testid="about-objectives">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{labels.objectives}</legend>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('sitePages.about.objectivesHint', { max: formatNumber(ABOUT_OBJECTIVES_MAX, locale) })}</p>
        {objectives.fields.map((row, index) => (
          <div key={row.id} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800" data-testid="about-objective">
            <BilingualField
              label={objectiveLabel(index)}
              required
              rows={2}
              arabic={register(`objectives.${index}.text`)}
              english={register(`objectives.${index}.text_en`)}
              arabicError={error(`objectives.${index}.text`)}
              englishError={error(`objectives.${index}.text_en`)}
            />
            <RowButtons index={index} count={objectives.fields.length} item={objectiveLabel(index)} min={1} onMove={objectives.move} onRemove={objectives.remove} />
          </div>
        ))}
        {error('objectives') ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error('objectives')}</p> : null}
        <button type="button" className={secondaryButtonClass} disabled={objectives.fields.length >= ABOUT_OBJECTIVES_MAX} onClick={() => objectives.append({ text: '', text_en: '' })} data-testid="objective-add">
          <span aria-hidden="true" className="me-1">+</span>
          {t('sitePages.about.addObjective')}
        </button>
      </fieldset>
      <FormActions busy={save.busy}>
        <LastSaved date={page.updated_at} />
      </FormActions>
    </form>
  );
}

/** The about page (administrators): lead, founder's message and name, mission, vision, objectives, in both languages. */
export function AdminAboutPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <SitePageScreen testId="admin-about-page" title={t('sitePages.about.title')} intro={<p>{t('sitePages.about.intro')}</p>} load={fetchAboutPage}>
      {/* A new version (saved here, or reloaded after someone else's save) starts a fresh form. */}
      {(page, reload) => <AboutForm key={page.version} page={page} onSaved={reload} onReload={reload} />}
    </SitePageScreen>
  );
}

// ---------------------------------------------------------------- privacy policy
const privacyValues = (page: AdminPrivacyPolicy): PrivacyPolicyWrite => ({ sections: page.sections, version: page.version });
const samePrivacy = (values: PrivacyPolicyWrite) => values;

function PrivacyForm({ page, onSaved, onReload, onSaving }: { page: AdminPrivacyPolicy; onSaved: () => void; onReload: () => void; onSaving: (saving: boolean) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const message = useFieldMessage();
  const form = useForm<PrivacyPolicyWrite, unknown, z.output<typeof privacyPolicyWriteSchema>>({ resolver: zodResolver(privacyPolicyWriteSchema), defaultValues: privacyValues(page) });
  const { register, control, handleSubmit, formState } = form;
  const sections = useFieldArray({ control, name: 'sections' });
  const draft = useDraftOverForm(form, formDraftKey(useSession(selectUser)?.id, `admin-privacy:${page.version}`), privacyValues(page), samePrivacy, samePrivacy);
  const save = useSave(form.setError);
  useEffect(() => onSaving(save.busy), [save.busy, onSaving]);
  const error = (path: string) => message(errorAt(formState.errors, path));
  const number = (index: number) => formatNumber(index + 1, locale);
  const labelOf = (field: string) => {
    const row = /^sections\.(\d+)\.(title|body)$/.exec(field);
    if (!row) return field === 'sections' ? t('sitePages.privacy.sections') : field;
    return t(row[2] === 'title' ? 'sitePages.privacy.sectionTitle' : 'sitePages.privacy.sectionBody', { number: number(Number(row[1])) });
  };
  const submit = handleSubmit(async (values) => {
    if (await save.run(() => savePrivacyPolicy(values))) {
      draft.forget();
      onSaved();
    }
  });
  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-5" data-testid="privacy-form">
      <SaveProblems problem={save.problem} onReload={onReload} labelOf={labelOf} />
      <DraftRestored shown={draft.restored} testId="privacy-draft-restored">{t('sitePages.draftRestored')}</DraftRestored>
      <fieldset className="space-y-4" data-testid="privacy-sections">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('sitePages.privacy.sections')}</legend>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('sitePages.privacy.sectionsHint', { max: formatNumber(PRIVACY_SECTIONS_MAX, locale) })}</p>
        {sections.fields.map((row, index) => (
          <div key={row.id} className="space-y-3 rounded-xl border border-slate-200 p-3 dark:border-slate-800" data-testid="privacy-section">
            <BilingualField
              label={labelOf(`sections.${index}.title`)}
              required
              arabic={register(`sections.${index}.title`)}
              english={register(`sections.${index}.title_en`)}
              arabicError={error(`sections.${index}.title`)}
              englishError={error(`sections.${index}.title_en`)}
            />
            <BilingualField
              label={labelOf(`sections.${index}.body`)}
              required
              rows={4}
              arabic={register(`sections.${index}.body`)}
              english={register(`sections.${index}.body_en`)}
              arabicError={error(`sections.${index}.body`)}
              englishError={error(`sections.${index}.body_en`)}
            />
            <RowButtons index={index} count={sections.fields.length} item={t('sitePages.privacy.section', { number: number(index) })} min={1} onMove={sections.move} onRemove={sections.remove} />
          </div>
        ))}
        {error('sections') ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error('sections')}</p> : null}
        <button type="button" className={secondaryButtonClass} disabled={sections.fields.length >= PRIVACY_SECTIONS_MAX} onClick={() => sections.append({ title: '', title_en: '', body: '', body_en: '' })} data-testid="section-add">
          <span aria-hidden="true" className="me-1">+</span>
          {t('sitePages.privacy.addSection')}
        </button>
      </fieldset>
      <FormActions busy={save.busy}>
        <LastSaved date={page.updated_at} />
      </FormActions>
    </form>
  );
}

/** One notice: the version's date, who asked and when, and how far its mails are. */
function NoticeLine({ notice }: { notice: PolicyNotice }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const n = (value: number) => formatNumber(value, locale);
  return (
    <li className="rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-800" data-testid="privacy-notice">
      <span className="block font-medium text-slate-800 dark:text-slate-100">
        {t('sitePages.privacy.notices.of', { date: formatDate(notice.policy_updated_at, locale, 'dateTime') })}
      </span>
      <span className="block text-slate-600 dark:text-slate-300">
        {notice.finished_at
          ? t('sitePages.privacy.notices.figures', { sent: n(notice.sent), recipients: n(notice.recipients), failed: n(notice.failed) })
          : t('sitePages.privacy.notices.progress', { queued: n(notice.queued), recipients: n(notice.recipients) })}
      </span>
      <span className="block text-slate-500 dark:text-slate-400">
        {t('sitePages.privacy.notices.askedBy', { name: notice.created_by?.name ?? t('sitePages.privacy.notices.formerStaff'), date: formatDate(notice.created_at, locale, 'dateTime') })}
      </span>
    </li>
  );
}

/**
 * Telling members of the saved version (not of the form's unsaved changes): one e-mail each, in
 * their language, once per version; the notices so far with their figures.
 */
function PolicyNoticesPanel({ page, refreshing }: { page: AdminPrivacyPolicy; refreshing: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const notices = useAsync(fetchPolicyNotices, []);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const toldOfThis = notices.data?.notices.find((notice) => notice.policy_version === page.version);
  const members = notices.data?.members ?? 0;
  // The dialog closes either way; a refusal is shown under the heading.
  const send = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await notifyMembers(page.version);
      notices.reload();
    } catch (error) {
      setProblem(errorText(error, t('common:messages.failedToFetch')));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <section className="mt-8 space-y-3 border-t border-slate-200 pt-6 dark:border-slate-800" aria-labelledby="privacy-notices-title" data-testid="privacy-notices">
      <h2 id="privacy-notices-title" className="text-xl font-semibold text-slate-900 dark:text-slate-50">{t('sitePages.privacy.notices.title')}</h2>
      <p className="text-slate-600 dark:text-slate-300">{t('sitePages.privacy.notices.hint')}</p>
      {notices.status === 'failed' ? (
        <SectionState state="failed" onRetry={notices.reload} />
      ) : !notices.data ? (
        <SectionState state="loading" />
      ) : (
        <>
          {problem ? <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="privacy-notice-problem">{problem}</p> : null}
          {confirming ? (
            <ConfirmDialog
              title={t('sitePages.privacy.notices.confirmTitle', { count: members, total: formatNumber(members, locale) })}
              body={t('sitePages.privacy.notices.confirmBody')}
              confirmLabel={t('sitePages.privacy.notices.send', { count: members, total: formatNumber(members, locale) })}
              cancelLabel={t('sitePages.privacy.notices.cancel')}
              confirmDisabled={busy}
              onConfirm={() => void send()}
              onCancel={() => setConfirming(false)}
              testId="privacy-notice-confirm"
            />
          ) : null}
          {toldOfThis ? (
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="privacy-notice-done">{t('sitePages.privacy.notices.toldOfThis', { date: formatDate(toldOfThis.created_at, locale, 'dateTime') })}</p>
          ) : (
            <button type="button" className={secondaryButtonClass} disabled={members === 0 || refreshing} onClick={() => setConfirming(true)} data-testid="privacy-notify">
              {t('sitePages.privacy.notices.notify')}
            </button>
          )}
          {notices.data.notices.length > 0 ? (
            <ul className="space-y-2" data-testid="privacy-notice-list">
              {notices.data.notices.map((notice) => <NoticeLine key={notice.id} notice={notice} />)}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The privacy and content policy (administrators): its sections in both languages, amended as management decides. */
export function AdminPrivacyPolicy() {
  const { t } = useTranslation(NAMESPACE);
  const [saving, setSaving] = useState(false);
  return (
    <SitePageScreen
      testId="admin-privacy-policy"
      title={t('sitePages.privacy.title')}
      intro={
        <>
          <p>{t('sitePages.privacy.intro')}</p>
          <p data-testid="privacy-notify-note">{t('sitePages.privacy.notifyNote')}</p>
        </>
      }
      load={fetchPrivacyPolicy}
    >
      {(page, reload, refreshing) => (
        <>
          <PrivacyForm key={page.version} page={page} onSaved={reload} onReload={reload} onSaving={setSaving} />
          {/* Not while a save runs or its new version is read: the notice names the version it tells of (409 for an older one). */}
          <PolicyNoticesPanel page={page} refreshing={saving || refreshing} />
        </>
      )}
    </SitePageScreen>
  );
}
