import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { CountryOptions } from '@scholars/shared-contracts/ui/countries';
import { registerFormSchema, type RegisterForm } from '@scholars/shared-contracts/schemas';
import { FormField } from '../forms/FormField';
import { fieldErrorsOf, type FieldErrors } from '../forms/field-errors';
import { withCaptcha } from '../forms/captcha';
import { AuthCard, FormMessage, SubmitButton } from './AuthCard';
import { apiClient, isApiError, keepRedirect, rememberPendingOtp, serverMessage } from './flow';

type Values = Omit<RegisterForm, 'gender' | 'locale'> & { gender: '' | 'male' | 'female' };
const EMPTY: Values = { name: '', email: '', phone: '', country: 'AE', gender: '', password: '', password_confirmation: '' };

/** /register: name, e-mail, phone, country, gender, password and confirmation; then the e-mailed OTP. */
export function RegisterPage() {
  const { t } = useTranslation(['shell', 'common']);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // An error is about the value it was given: changing the field takes it away until the next submit.
  const set = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = registerFormSchema.safeParse({ ...values, locale });
    if (!parsed.success) return setErrors(fieldErrorsOf<Values>(parsed.error));
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await apiClient.post('auth/register', await withCaptcha(parsed.data), { silent: true, errorToast: false });
      rememberPendingOtp(parsed.data.email, 'verify_email');
      // A page that sent the visitor here to sign up (an invitation link) is where they land once verified.
      navigate(keepRedirect(ROUTES.otpVerification, params));
    } catch (error) {
      if (isApiError(error) && error.errors) setErrors(error.errors as FieldErrors<Values>);
      setFailure(serverMessage(error, t('common:messages.genericError')));
    } finally {
      setBusy(false);
    }
  };

  const error = (field: keyof Values) => (errors[field] ? t(`common:${errors[field]}`, { defaultValue: errors[field], minimum: 8 }) : undefined);
  return (
    <AuthCard
      title={t('shell:auth.registerTitle')}
      page="register"
      footer={
        <p>
          {t('shell:auth.haveAccount')} <Link className="font-medium text-emerald-700 underline dark:text-emerald-400" to={keepRedirect(ROUTES.login, params)} data-testid="register-login-link">{t('shell:nav.login')}</Link>
        </p>
      }
    >
      {failure ? <FormMessage kind="error" testId="register-error">{failure}</FormMessage> : null}
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormField label={t('shell:auth.name')} name="name" autoComplete="name" value={values.name} onChange={set('name')} error={error('name')} />
        <FormField label={t('shell:auth.email')} name="email" type="email" dir="ltr" autoComplete="email" value={values.email} onChange={set('email')} error={error('email')} />
        <FormField label={t('shell:auth.phone')} name="phone" type="tel" dir="ltr" autoComplete="tel" value={values.phone} onChange={set('phone')} error={error('phone')} hint={t('shell:auth.phoneHint')} />
        <div>
          <label htmlFor="register-country" className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('shell:auth.country')}</label>
          <select id="register-country" name="country" value={values.country} onChange={(event) => set('country')(event.target.value)} className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900">
            <CountryOptions locale={locale} value={values.country} />
          </select>
          {error('country') ? <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">{error('country')}</p> : null}
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('shell:auth.gender')}</legend>
          <div className="mt-1 flex gap-6">
            {(['male', 'female'] as const).map((gender) => (
              <label key={gender} className="flex items-center gap-2">
                <input type="radio" name="gender" value={gender} checked={values.gender === gender} onChange={() => set('gender')(gender)} />
                {t(`shell:auth.${gender}`)}
              </label>
            ))}
          </div>
          {error('gender') ? <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">{error('gender')}</p> : null}
        </fieldset>
        <FormField label={t('shell:auth.password')} name="password" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} error={error('password')} hint={t('shell:auth.passwordHint')} />
        <FormField label={t('shell:auth.confirmPassword')} name="password_confirmation" type="password" autoComplete="new-password" value={values.password_confirmation} onChange={set('password_confirmation')} error={error('password_confirmation')} />
        <SubmitButton busy={busy} label={t('shell:auth.registerButton')} busyLabel={t('shell:auth.working')} />
      </form>
    </AuthCard>
  );
}
