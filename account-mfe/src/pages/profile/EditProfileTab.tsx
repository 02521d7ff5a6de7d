import { Suspense, lazy, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, tokenStore, useLocale, type SessionUser } from '@scholars/shared-contracts';
import { Field, primaryButtonClass, secondaryButtonClass } from '@scholars/shared-contracts/ui';
import { DraftRestored, formDraftKey, useFormDraft } from '@scholars/shared-contracts/ui/draft';
import { LOCALES, SUPPORTED_LOCALES, countryName, type Locale } from '@scholars/shared-contracts/locale';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, BIO_MAX_LENGTH } from '@scholars/shared-contracts/constants';
import type { FieldError, Profile, ProfileUpdate } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { cancelEmailChange, changePassword, confirmEmailChange, removeAvatar, resendEmailChange, updateProfile, uploadAvatar } from '../../api/profile';
import { Avatar } from '../../components/Avatar';
import { lazyPage } from '../../lib/lazy-page';

type Errors = Record<string, string>;

/** The country list (every ISO country, named in the page's language) comes just after the form: the profile's start does not carry it. */
const CountryOptions = lazy(() => import('@scholars/shared-contracts/ui/countries').then((module) => ({ default: module.CountryOptions })));

/** "Close account" and its texts are a chunk of their own: few members ever use it (account pages' budget). */
const CloseAccountSection = lazyPage(() => import('./CloseAccountSection').then((module) => module.CloseAccountSection));
/** "Your data" likewise: its texts and its call come with its own chunk. */
const DataExportSection = lazyPage(() => import('./DataExportSection').then((module) => module.DataExportSection));

/** The zod checks, fetched with the first submit (zod stays off the page until then). */
const loadValidation = () => import('../../lib/profile-validation');

/** Field problems of a form's check, in the interface language (`common:validation.*`). */
function useFieldErrors() {
  const { t } = useTranslation('common');
  return (problems: FieldError[]): Errors => Object.fromEntries(problems.map(({ field, key, params }) => [field, t(key, params as Record<string, unknown>)]));
}

/** Field errors the API answered (already in the request language). */
function serverErrors(error: unknown): Errors {
  if (!isApiError(error) || !error.errors) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, value]) => [field, Array.isArray(value) ? value.join(' ') : value]));
}

// A type, not an interface: the draft takes flat records of texts and checkboxes.
type Values = {
  name: string;
  email: string;
  phone: string;
  country: string;
  gender: '' | 'male' | 'female';
  bio: string;
  data_access: boolean;
  newsletter: boolean;
  locale: Locale;
};

const valuesOf = (profile: Profile): Values => ({
  name: profile.name,
  email: profile.email,
  phone: profile.phone ?? '',
  country: profile.country ?? '',
  gender: profile.gender ?? '',
  bio: profile.bio ?? '',
  data_access: profile.data_access,
  newsletter: profile.newsletter,
  locale: profile.locale,
});

/** Keeps the stored session user (header name, avatar) in step with the profile. */
function syncSessionUser(changes: Partial<Omit<SessionUser, 'id' | 'role'>>) {
  const { user } = tokenStore.getState();
  if (!user) return;
  tokenStore.getState().setUser({ ...user, ...changes });
}

export function EditProfileTab({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  return (
    <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
      <AvatarSection profile={profile} onChanged={onSaved} />
      <div className="space-y-12">
        <DetailsForm profile={profile} onSaved={onSaved} />
        <PasswordForm />
        <DataExportSection />
        <CloseAccountSection />
      </div>
    </div>
  );
}

function DetailsForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const toErrors = useFieldErrors();
  // What is typed is kept in this tab for this account until saved (a session ending mid-form sends
  // the member to sign in, which unmounts it); the current password never is, it has its own state.
  const { values, setValues, restored, forget } = useFormDraft(formDraftKey(profile.id, 'profile-details'), valuesOf(profile));
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // The account's address and the one waiting for its code (it replaces `email` once confirmed).
  const [email, setEmail] = useState(profile.email);
  const [pendingEmail, setPendingEmail] = useState(profile.pending_email ?? null);
  const emailChanged = values.email.trim().toLowerCase() !== email.toLowerCase();

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    clearError(key);
  };
  const clearError = (key: string) => {
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const payload: ProfileUpdate = {
      name: values.name,
      email: values.email,
      phone: values.phone,
      country: values.country,
      gender: values.gender || null,
      bio: values.bio,
      data_access: values.data_access,
      newsletter: values.newsletter,
      locale: values.locale,
      ...(emailChanged ? { current_password: currentPassword } : {}),
    };
    const { checkProfileUpdate } = await loadValidation();
    const localErrors = toErrors(checkProfileUpdate(payload));
    if (emailChanged && !currentPassword) localErrors.current_password = t('common:validation.currentPasswordRequired');
    if (Object.keys(localErrors).length > 0) {
      setErrors(localErrors);
      return;
    }
    setSaving(true);
    try {
      const answer = await updateProfile(payload);
      const saved = answer.data;
      setValues(valuesOf(saved));
      setCurrentPassword('');
      forget();
      setPendingEmail(saved.pending_email ?? null);
      setErrors({});
      syncSessionUser({ name: saved.name, email: saved.email, phone: saved.phone, country: saved.country, gender: saved.gender, bio: saved.bio, data_access: saved.data_access, newsletter: saved.newsletter, locale: saved.locale });
      onSaved();
    } catch (error) {
      const fromServer = serverErrors(error);
      setErrors(fromServer);
      if (Object.keys(fromServer).length === 0) setFormError(isApiError(error) ? error.message : t('common:messages.errorDuringUpdate'));
    } finally {
      setSaving(false);
    }
  };

  /** The pending address was confirmed, canceled or lost: the step closes with the answered profile. */
  const settled = (saved: Profile | null, message?: string) => {
    setPendingEmail(saved?.pending_email ?? null);
    if (saved) {
      setEmail(saved.email);
      setValues((current) => ({ ...current, email: saved.email }));
      // The address is the account's now: nothing left to keep for it.
      forget();
      setCurrentPassword('');
      syncSessionUser({ email: saved.email });
      onSaved();
    }
    setFormError(message ?? null);
  };

  return (
    <div className="space-y-8">
      <form noValidate onSubmit={(event) => void submit(event)} data-testid="profile-form" className="space-y-5">
        <h2 className="text-xl font-bold text-slate-900 dark:text-slate-50">{t('edit.detailsTitle')}</h2>
        {formError ? <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">{formError}</p> : null}
        <DraftRestored shown={restored} testId="profile-draft-restored">{t('edit.draftRestored')}</DraftRestored>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field name="name" label={t('edit.name')} required error={errors.name}>
            {(props) => <input {...props} type="text" autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value)} />}
          </Field>
          <Field name="email" label={t('edit.email')} required error={errors.email}>
            {(props) => <input {...props} type="email" dir="ltr" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} />}
          </Field>
          {emailChanged ? (
            <div className="sm:col-span-2">
              <Field name="current_password" label={t('edit.currentPasswordForEmail')} required error={errors.current_password}>
                {(props) => <input {...props} type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => {
                  setCurrentPassword(e.target.value);
                  clearError('current_password');
                }} />}
              </Field>
            </div>
          ) : null}
          <Field name="phone" label={t('edit.phone')} optionalText={t('edit.optional')} hint={t('edit.phoneHint')} error={errors.phone}>
            {(props) => <input {...props} type="tel" dir="ltr" autoComplete="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} />}
          </Field>
          <Field name="country" label={t('edit.country')} optionalText={t('edit.optional')} error={errors.country}>
            {(props) => (
              // The select mounts with its options (Suspense around it, not inside it): React applies a
              // controlled select's value when it mounts or its props change, not when options arrive later.
              <Suspense
                fallback={
                  <select {...props} disabled value={values.country}>
                    <option value={values.country}>{values.country ? countryName(values.country, locale) : t('edit.countryNone')}</option>
                  </select>
                }
              >
                <select {...props} autoComplete="country" value={values.country} onChange={(e) => set('country', e.target.value)}>
                  <CountryOptions locale={locale} value={values.country} placeholder={t('edit.countryNone')} />
                </select>
              </Suspense>
            )}
          </Field>
          {/* The account's language, explicit: browsing in the other language never changes it (decisions.md). */}
          <Field name="locale" label={t('edit.language')} hint={t('edit.languageHint')} error={errors.locale}>
            {(props) => (
              <select {...props} value={values.locale} onChange={(e) => set('locale', e.target.value as Locale)}>
                {SUPPORTED_LOCALES.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {LOCALES[code].nativeName}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <fieldset data-field="gender">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('edit.gender')}</legend>
          <div className="mt-2 flex flex-wrap gap-5">
            {(['female', 'male', ''] as const).map((option) => (
              <label key={option || 'none'} className="inline-flex items-center gap-2 text-slate-800 dark:text-slate-100">
                <input type="radio" name="gender" value={option} checked={values.gender === option} onChange={() => set('gender', option)} className="size-4 accent-emerald-700" />
                {option === '' ? t('edit.genderNone') : t(`edit.${option}`)}
              </label>
            ))}
          </div>
          {errors.gender ? <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.gender}</p> : null}
        </fieldset>
        <Field name="bio" label={t('edit.bio')} optionalText={t('edit.optional')} hint={t('edit.bioCount', { count: values.bio.length, max: BIO_MAX_LENGTH })} error={errors.bio}>
          {(props) => <textarea {...props} rows={5} value={values.bio} onChange={(e) => set('bio', e.target.value)} />}
        </Field>
        <div className="space-y-3">
          <label className="flex items-start gap-3 text-slate-800 dark:text-slate-100">
            <input type="checkbox" data-testid="data-access" checked={values.data_access} onChange={(e) => set('data_access', e.target.checked)} aria-describedby="data-access-hint" className="mt-1 size-4 accent-emerald-700" />
            <span>
              {t('edit.dataAccess')}
              <span id="data-access-hint" className="block text-sm text-slate-500 dark:text-slate-400">{t('edit.dataAccessHint')}</span>
            </span>
          </label>
          <label className="flex items-start gap-3 text-slate-800 dark:text-slate-100">
            <input type="checkbox" data-testid="newsletter" checked={values.newsletter} onChange={(e) => set('newsletter', e.target.checked)} className="mt-1 size-4 accent-emerald-700" />
            <span>{t('edit.newsletter')}</span>
          </label>
        </div>
        <button type="submit" disabled={saving} data-testid="profile-save" className={primaryButtonClass}>
          {saving ? t('edit.saving') : t('edit.save')}
        </button>
      </form>
      {pendingEmail ? <EmailCodeStep key={pendingEmail} pendingEmail={pendingEmail} currentEmail={email} onSettled={settled} /> : null}
    </div>
  );
}

/**
 * The second step of an e-mail change: the 6-digit code sent to the new address. The address
 * stays the old one until the code is accepted; the step can send a new code or drop the change.
 */
export function EmailCodeStep({
  pendingEmail,
  currentEmail,
  onSettled,
}: {
  pendingEmail: string;
  currentEmail: string;
  onSettled: (profile: Profile | null, message?: string) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const toErrors = useFieldErrors();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const failed = (failure: unknown) => {
    const fields = serverErrors(failure);
    if (fields.code) return setError(fields.code);
    // 409: the address was taken meanwhile; the change is over (the API dropped it).
    if (isApiError(failure) && failure.status === 409) return onSettled(null, failure.message);
    setError(isApiError(failure) ? failure.message : t('common:messages.operationFailed'));
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const { checkEmailCode } = await loadValidation();
    const problems = toErrors(checkEmailCode({ code }));
    if (problems.code) return setError(problems.code);
    setBusy(true);
    try {
      const answer = await confirmEmailChange(code.trim());
      onSettled(answer.data);
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  };

  const run = async (call: typeof resendEmailChange) => {
    setError(null);
    setBusy(true);
    try {
      const answer = await call();
      if (call === cancelEmailChange) onSettled(answer.data);
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void confirm(event)}
      data-testid="email-code-step"
      aria-labelledby="email-code-title"
      className="space-y-4 rounded-xl border border-emerald-200 bg-emerald-50 p-5 dark:border-emerald-900 dark:bg-emerald-950"
    >
      <h3 id="email-code-title" className="text-lg font-bold text-slate-900 dark:text-slate-50">{t('edit.emailPendingTitle')}</h3>
      {/* Both addresses sit inside a sentence with no break in them: on a phone a long one wraps inside the box. */}
      <p className="text-slate-700 wrap-anywhere dark:text-slate-200">
        {t('edit.emailPendingText', { email: `\u2068${pendingEmail}\u2069`, current: `\u2068${currentEmail}\u2069` })}
      </p>
      <div className="max-w-xs">
        <Field name="code" label={t('edit.emailCode')} required error={error ?? undefined}>
          {(props) => (
            <input
              {...props}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              dir="ltr"
              autoFocus
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setError(null);
              }}
              className={`${props.className} text-center tracking-[0.4em]`}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} data-testid="email-code-confirm" className={primaryButtonClass}>
          {busy ? t('edit.emailConfirming') : t('edit.emailConfirm')}
        </button>
        <button type="button" disabled={busy} data-testid="email-code-resend" onClick={() => void run(resendEmailChange)} className={secondaryButtonClass}>
          {t('edit.emailResend')}
        </button>
        <button type="button" disabled={busy} data-testid="email-code-cancel" onClick={() => void run(cancelEmailChange)} className="text-sm font-semibold text-slate-700 hover:underline dark:text-slate-200">
          {t('edit.emailCancel')}
        </button>
      </div>
    </form>
  );
}

/** `onChanged`: the page's own copy of the profile (its header's picture) is read again. */
function AvatarSection({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [avatar, setAvatar] = useState(profile.avatar);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      setError(t('edit.avatarType'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('edit.avatarSize'));
      return;
    }
    setBusy(true);
    try {
      const path = await uploadAvatar(file);
      setAvatar(path);
      syncSessionUser({ avatar: path });
      onChanged();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('common:messages.operationFailed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async () => {
    setError(null);
    setBusy(true);
    try {
      await removeAvatar();
      setAvatar(null);
      syncSessionUser({ avatar: null });
      onChanged();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('common:messages.operationFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="avatar-title" className="flex flex-col items-center gap-4 text-center" data-testid="avatar-section">
      <h2 id="avatar-title" className="text-xl font-bold text-slate-900 dark:text-slate-50">{t('edit.avatarTitle')}</h2>
      <Avatar path={avatar} name={profile.name} size="lg" alt={t('edit.avatarAlt', { name: profile.name })} />
      <label className={`${secondaryButtonClass} cursor-pointer focus-within:ring-2 focus-within:ring-emerald-600`}>
        {busy ? t('edit.avatarUploading') : t('edit.avatarChoose')}
        <input
          ref={input}
          type="file"
          data-testid="avatar-input"
          accept={AVATAR_TYPES.join(',')}
          disabled={busy}
          onChange={(event) => void upload(event.target.files?.[0])}
          className="sr-only"
        />
      </label>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('edit.avatarHint')}</p>
      {avatar ? (
        <button type="button" onClick={() => void remove()} disabled={busy} className="text-sm font-semibold text-red-700 hover:underline dark:text-red-400">
          {t('edit.avatarRemove')}
        </button>
      ) : null}
      {error ? <p role="alert" data-testid="avatar-error" className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
    </section>
  );
}

function PasswordForm() {
  const { t } = useTranslation(NAMESPACE);
  const toErrors = useFieldErrors();
  const empty = { current_password: '', password: '', confirmPassword: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (key: keyof typeof empty, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[key];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const { checkChangePassword } = await loadValidation();
    const problems = checkChangePassword(values);
    if (problems.length > 0) {
      setErrors(toErrors(problems));
      return;
    }
    setBusy(true);
    try {
      const token = await changePassword(values);
      // Tokens issued before the change stop working: carry on with the new one.
      tokenStore.getState().setAccessToken(token);
      setValues(empty);
      setErrors({});
    } catch (error) {
      // A refusal with no field of its own (too many attempts, the server down) is said above the
      // fields: without it the button came back and nothing told the member why.
      const fromServer = serverErrors(error);
      setErrors(fromServer);
      if (Object.keys(fromServer).length === 0) setFormError(isApiError(error) ? error.message : t('common:messages.operationFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="password-form" className="space-y-5 border-t border-slate-200 pt-10 dark:border-slate-800">
      <h2 className="text-xl font-bold text-slate-900 dark:text-slate-50">{t('edit.passwordTitle')}</h2>
      {formError ? <p role="alert" data-testid="password-form-error" className="rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">{formError}</p> : null}
      <div className="grid gap-5 sm:grid-cols-3">
        <Field name="current_password" label={t('edit.currentPassword')} required error={errors.current_password}>
          {(props) => <input {...props} type="password" autoComplete="current-password" value={values.current_password} onChange={(e) => set('current_password', e.target.value)} />}
        </Field>
        <Field name="password" label={t('edit.newPassword')} required error={errors.password}>
          {(props) => <input {...props} type="password" autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.target.value)} />}
        </Field>
        <Field name="confirmPassword" label={t('edit.confirmPassword')} required error={errors.confirmPassword}>
          {(props) => <input {...props} type="password" autoComplete="new-password" value={values.confirmPassword} onChange={(e) => set('confirmPassword', e.target.value)} />}
        </Field>
      </div>
      <button type="submit" disabled={busy} data-testid="password-save" className={primaryButtonClass}>
        {busy ? t('edit.changingPassword') : t('edit.changePassword')}
      </button>
    </form>
  );
}
