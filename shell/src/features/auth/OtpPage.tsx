import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { REDIRECT_PARAM, ROUTES, safeRedirectTarget } from '@scholars/shared-contracts';
import { otpCodeSchema, sessionResponseSchema } from '@scholars/shared-contracts/schemas';
import { z } from 'zod';
import { FormField } from '../forms/FormField';
import { AuthCard, FormMessage, SubmitButton } from './AuthCard';
import { apiClient, clearPendingOtp, pendingOtp, rememberResetToken, serverMessage, startSession } from './flow';

const resetTokenResponse = z.object({ data: z.object({ reset_token: z.string() }) });

/** /otp-verification: the 6-digit code e-mailed at sign-up or for a password reset (spec 4, 5, 8). */
export function OtpPage() {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [pending] = useState(pendingOtp);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (!pending) {
    // decisions.md: opened without the step before it, explain and link back to the start.
    return (
      <AuthCard title={t('shell:pages.otp')} page="otp">
        <FormMessage kind="info" testId="otp-no-step">{t('shell:auth.otpNoStep')}</FormMessage>
        <div className="flex gap-4 text-sm">
          <Link className="text-emerald-700 underline dark:text-emerald-400" to={ROUTES.register}>{t('shell:nav.register')}</Link>
          <Link className="text-emerald-700 underline dark:text-emerald-400" to={ROUTES.forgotPassword}>{t('shell:pages.forgotPassword')}</Link>
        </div>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!otpCodeSchema.safeParse(code).success) {
      setFieldError(t('common:validation.otpInvalid'));
      return;
    }
    setFieldError(null);
    setMessage(null);
    setBusy(true);
    try {
      const response = await apiClient.post('auth/verify-otp', { email: pending.email, code, purpose: pending.purpose }, { silent: true, errorToast: false });
      clearPendingOtp();
      if (pending.purpose === 'verify_email') {
        startSession(sessionResponseSchema.parse(response.data).data);
        navigate(safeRedirectTarget(params.get(REDIRECT_PARAM)), { replace: true });
      } else {
        rememberResetToken(resetTokenResponse.parse(response.data).data.reset_token);
        navigate(ROUTES.changePassword, { replace: true });
      }
    } catch (error) {
      setMessage({ kind: 'error', text: serverMessage(error, t('common:auth.invalidOtp')) });
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setMessage(null);
    try {
      await apiClient.post('auth/resend-otp', { email: pending.email, purpose: pending.purpose }, { silent: true, errorToast: false });
      setMessage({ kind: 'success', text: t('common:auth.otpResent') });
    } catch (error) {
      setMessage({ kind: 'error', text: serverMessage(error, t('common:auth.resendOtpFailed')) });
    }
  };

  return (
    <AuthCard title={t(pending.purpose === 'verify_email' ? 'shell:pages.otp' : 'shell:pages.otpReset')} page="otp">
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t('shell:auth.otpSent', { email: pending.email })}</p>
      {message ? <FormMessage kind={message.kind} testId={`otp-${message.kind}`}>{message.text}</FormMessage> : null}
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormField label={t('shell:auth.otpLabel')} name="code" dir="ltr" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(value) => setCode(value.replace(/\s/g, ''))} error={fieldError ?? undefined} />
        <SubmitButton busy={busy} label={t('shell:auth.verifyButton')} busyLabel={t('shell:auth.working')} />
      </form>
      <button type="button" onClick={() => void resend()} className="mt-4 text-sm text-emerald-700 underline dark:text-emerald-400">{t('shell:auth.resend')}</button>
    </AuthCard>
  );
}
