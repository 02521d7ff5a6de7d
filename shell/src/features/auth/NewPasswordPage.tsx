import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { eventBus, ROUTES } from '@scholars/shared-contracts';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@scholars/shared-contracts/schemas';
import { FormField } from '../forms/FormField';
import { fieldErrorsOf, type FieldErrors } from '../forms/field-errors';
import { AuthCard, FormMessage, SubmitButton } from './AuthCard';
import { apiClient, forgetResetToken, serverMessage, takeResetToken } from './flow';

/**
 * /change-password (after the OTP step) and /reset-password/{token} (from the e-mailed link):
 * the new password and its confirmation ('Passwords do not match.'), then sign in.
 */
export function NewPasswordPage({ source }: { source: 'otp' | 'link' }) {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const params = useParams();
  const [token] = useState(() => (source === 'link' ? (params.token ?? null) : takeResetToken()));
  const [values, setValues] = useState<ResetPasswordForm>({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors<ResetPasswordForm>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const page = source === 'link' ? 'resetPassword' : 'changePassword';

  if (!token) {
    return (
      <AuthCard title={t(`shell:pages.${page}`)} page={page}>
        <FormMessage kind="info" testId="reset-no-step">{t('shell:auth.resetNoStep')}</FormMessage>
        <Link className="text-sm text-emerald-700 underline dark:text-emerald-400" to={ROUTES.forgotPassword}>{t('shell:pages.forgotPassword')}</Link>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordFormSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrorsOf<ResetPasswordForm>(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      await apiClient.post('auth/reset-password', { ...parsed.data, token }, { silent: true, errorToast: false });
      forgetResetToken();
      eventBus.emit('toast', { kind: 'success', title: t('common:toast.success'), message: t('shell:auth.passwordChanged') });
      navigate(ROUTES.login, { replace: true });
    } catch (error) {
      setFailure(serverMessage(error, t('common:messages.genericError')));
    } finally {
      setBusy(false);
    }
  };

  const error = (field: keyof ResetPasswordForm) => (errors[field] ? t(`common:${errors[field]}`, { minimum: 8 }) : undefined);
  return (
    <AuthCard title={t(`shell:pages.${page}`)} page={page}>
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormField label={t('shell:auth.newPassword')} name="password" type="password" autoComplete="new-password" value={values.password} onChange={(password) => setValues((v) => ({ ...v, password }))} error={error('password')} hint={t('shell:auth.passwordHint')} />
        <FormField label={t('shell:auth.confirmPassword')} name="password_confirmation" type="password" autoComplete="new-password" value={values.password_confirmation} onChange={(password_confirmation) => setValues((v) => ({ ...v, password_confirmation }))} error={error('password_confirmation')} />
        <SubmitButton busy={busy} label={t('shell:auth.savePassword')} busyLabel={t('shell:auth.working')} />
      </form>
    </AuthCard>
  );
}
