import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { REDIRECT_PARAM, ROUTES, safeRedirectTarget, stateAfterSignIn } from '@scholars/shared-contracts';
import { loginRequestSchema, sessionResponseSchema, type LoginRequest } from '@scholars/shared-contracts/schemas';
import { FormField } from '../forms/FormField';
import { fieldErrorsOf, type FieldErrors } from '../forms/field-errors';
import { AuthCard, FormMessage, SubmitButton } from './AuthCard';
import { apiClient, isApiError, keepRedirect, rememberPendingOtp, serverMessage, startSession } from './flow';

/** /login: the server's message or 'Login failed'; back to `redirect` after success; explains an expired session. */
export function LoginPage() {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginRequest>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrorsOf<LoginRequest>(parsed.error));
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const response = await apiClient.post('auth/login', parsed.data, { silent: true, errorToast: false, skipAuthRefresh: true });
      startSession(sessionResponseSchema.parse(response.data).data);
      navigate(safeRedirectTarget(params.get(REDIRECT_PARAM)), { replace: true, state: stateAfterSignIn(location.state) });
    } catch (error) {
      if (isApiError(error) && error.err === 'email_unverified') {
        rememberPendingOtp(parsed.data.email, 'verify_email');
        navigate(keepRedirect(ROUTES.otpVerification, params));
        return;
      }
      setFailure(serverMessage(error, t('common:auth.loginFailed')));
    } finally {
      setBusy(false);
    }
  };

  const error = (field: keyof LoginRequest) => (errors[field] ? t(`common:${errors[field]}`) : undefined);
  return (
    <AuthCard
      title={t('shell:auth.loginTitle')}
      page="login"
      footer={
        <p>
          {t('shell:auth.noAccount')} <Link className="font-medium text-emerald-700 underline dark:text-emerald-400" to={keepRedirect(ROUTES.register, params)} data-testid="login-register-link">{t('shell:nav.register')}</Link>
        </p>
      }
    >
      {params.get('error') === 'session_expired' ? <FormMessage kind="info">{t('shell:pages.sessionExpired')}</FormMessage> : null}
      {params.get('error') === 'signed_out_elsewhere' ? <FormMessage kind="info">{t('shell:pages.signedOutElsewhere')}</FormMessage> : null}
      {params.get('error') === 'account_suspended' ? <FormMessage kind="info">{t('shell:pages.accountSuspended')}</FormMessage> : null}
      {failure ? <FormMessage kind="error" testId="login-error">{failure}</FormMessage> : null}
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormField label={t('shell:auth.email')} name="email" type="email" dir="ltr" autoComplete="email" value={values.email} onChange={(email) => setValues((v) => ({ ...v, email }))} error={error('email')} />
        <FormField label={t('shell:auth.password')} name="password" type="password" autoComplete="current-password" value={values.password} onChange={(password) => setValues((v) => ({ ...v, password }))} error={error('password')} />
        <div className="text-end text-sm">
          <Link className="text-emerald-700 underline dark:text-emerald-400" to={ROUTES.forgotPassword}>{t('shell:auth.forgotLink')}</Link>
        </div>
        <SubmitButton busy={busy} label={t('shell:auth.loginButton')} busyLabel={t('shell:auth.working')} />
      </form>
    </AuthCard>
  );
}
