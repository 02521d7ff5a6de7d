import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiError, ROUTES, tokenStore } from '@scholars/shared-contracts';
import { dangerButtonClass, Field } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../../i18n';
import '../../i18n/close-account';
import { closeAccount } from '../../api/close-account';
import { errorText } from '../../lib/errors';

// The confirmation loads when asked for.
const ConfirmDialog = lazy(() => import('@scholars/shared-contracts/ui/dialog').then((module) => ({ default: module.ConfirmDialog })));

/**
 * The edit tab's last section (decisions.md "Closing an account"): what closing does, and a button
 * whose confirmation asks for the current password. Once the server closed the account, the
 * member goes to the home page, where the success toast says the account is closed, and the session
 * ends here as a sign-out does (the token store is cleared) when the section unmounts.
 */
export function CloseAccountSection() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const closed = useRef(false);

  // The session ends once the profile has been left for the home page: cleared earlier, the
  // profile's guard (a sync store update, ahead of the router's transition) would send the now
  // signed-out visitor to the sign-in page instead.
  useEffect(
    () => () => {
      if (closed.current) tokenStore.getState().clear();
    },
    [],
  );

  const open = () => {
    setPassword('');
    setFieldError(undefined);
    setRefusal(null);
    setAsking(true);
  };

  const confirm = async (event?: FormEvent) => {
    event?.preventDefault();
    setRefusal(null);
    const { checkCloseAccount } = await import('../../lib/profile-validation');
    const [problem] = checkCloseAccount({ current_password: password });
    if (problem) {
      setFieldError(t(`common:${problem.key}`, problem.params as Record<string, unknown>));
      return;
    }
    setBusy(true);
    try {
      await closeAccount({ current_password: password });
    } catch (failure) {
      setBusy(false);
      const onField = isApiError(failure) ? failure.errors?.current_password : undefined;
      if (onField) setFieldError(Array.isArray(onField) ? onField.join(' ') : onField);
      else setRefusal(errorText(failure, t('common:messages.operationFailed')));
      return;
    }
    closed.current = true;
    navigate(ROUTES.home, { replace: true });
  };

  return (
    <section aria-labelledby="close-account-title" data-testid="close-account" className="space-y-4 border-t border-slate-200 pt-10 dark:border-slate-800">
      <h2 id="close-account-title" className="text-xl font-bold text-slate-900 dark:text-slate-50">{t('closeAccount.title')}</h2>
      <p className="max-w-prose text-slate-700 dark:text-slate-300">{t('closeAccount.text')}</p>
      <button type="button" onClick={open} className={dangerButtonClass} data-testid="close-account-open">
        {t('closeAccount.open')}
      </button>
      {asking ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            testId="close-account-dialog"
            title={t('closeAccount.dialogTitle')}
            body={
              <form noValidate onSubmit={(event) => void confirm(event)} className="space-y-4">
                <p>{t('closeAccount.dialogText')}</p>
                {refusal ? (
                  <p role="alert" data-testid="close-account-refusal" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
                    {refusal}
                  </p>
                ) : null}
                <Field name="current_password" label={t('closeAccount.password')} required error={fieldError}>
                  {(props) => (
                    <input
                      {...props}
                      type="password"
                      autoComplete="current-password"
                      data-testid="close-account-password"
                      value={password}
                      onChange={(e) => {
                        setPassword(e.target.value);
                        setFieldError(undefined);
                      }}
                    />
                  )}
                </Field>
              </form>
            }
            confirmLabel={busy ? t('closeAccount.closing') : t('closeAccount.confirm')}
            cancelLabel={t('closeAccount.keep')}
            danger
            confirmDisabled={busy}
            onConfirm={() => void confirm()}
            onCancel={() => setAsking(false)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
