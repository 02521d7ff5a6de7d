import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { forgotPasswordRequestSchema } from '@scholars/shared-contracts/schemas';
import { FormField } from '../forms/FormField';
import { AuthCard, FormMessage, SubmitButton } from './AuthCard';
import { apiClient, rememberPendingOtp, serverMessage } from './flow';

/** /forgot-password: e-mail, then the OTP screen, then a new password (spec 4). */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['shell', 'common']);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordRequestSchema.safeParse({ email, locale });
    if (!parsed.success) {
      setFieldError(t(`common:${parsed.error.issues[0]?.message ?? 'validation.emailInvalid'}`));
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await apiClient.post('auth/forgot-password', parsed.data, { silent: true, errorToast: false });
      rememberPendingOtp(parsed.data.email, 'reset_password');
      navigate(ROUTES.otpVerification);
    } catch (error) {
      setFailure(serverMessage(error, t('common:messages.genericError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('shell:pages.forgotPassword')} page="forgotPassword" footer={<Link className="text-emerald-700 underline dark:text-emerald-400" to={ROUTES.login}>{t('shell:nav.login')}</Link>}>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t('shell:auth.forgotIntro')}</p>
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormField label={t('shell:auth.email')} name="email" type="email" dir="ltr" autoComplete="email" value={email} onChange={setEmail} error={fieldError ?? undefined} />
        <SubmitButton busy={busy} label={t('shell:auth.sendCode')} busyLabel={t('shell:auth.working')} />
      </form>
    </AuthCard>
  );
}
