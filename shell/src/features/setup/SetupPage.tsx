import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, selectUser, useSession, type ApiEnvelope } from '@scholars/shared-contracts';
import { setupAccountSchema } from '@scholars/shared-contracts/schemas';
import { FormField } from '../forms/FormField';
import { fieldErrorsOf, type FieldErrors } from '../forms/field-errors';
import { AuthCard, FormMessage, SubmitButton } from '../auth/AuthCard';
import { apiClient, isApiError, serverMessage } from '../auth/flow';

type LinkState = { kind: 'checking' } | { kind: 'valid' } | { kind: 'invalid' } | { kind: 'exists' } | { kind: 'done' };

const EMPTY = { name: '', email: '', password: '', password_confirmation: '' };
type Form = typeof EMPTY;

/**
 * /setup/:token: the first administrator, through the one-time link printed at start (docs/
 * decisions.md, "Accounts and security"): the signed-in account, or a new one made here.
 */
export function SetupPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation(['shell', 'common']);
  const user = useSession(selectUser);
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Form>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    // A read answers its refusal (< 500) as a response, with a false `status` (spec 7).
    const refused = (status: number) => ({ kind: status === 409 ? 'exists' : 'invalid' }) as const;
    apiClient.get<ApiEnvelope>(`setup/${encodeURIComponent(token)}`, { silent: true, errorToast: false }).then(
      (answer) => live && setLink(answer.data.status ? { kind: 'valid' } : refused(answer.status)),
      (error: unknown) => live && setLink(refused(isApiError(error) ? error.status : 0)),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const send = async (body: unknown) => {
    setFailure(null);
    setBusy(true);
    try {
      await apiClient.post(`setup/${encodeURIComponent(token)}`, body, { silent: true, errorToast: false });
      setLink({ kind: 'done' });
    } catch (error) {
      if (isApiError(error) && error.status === 409 && !('name' in (body as object))) setLink({ kind: 'exists' });
      else setFailure(serverMessage(error, t('common:messages.genericError')));
    } finally {
      setBusy(false);
    }
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    const parsed = setupAccountSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Form>(parsed.error));
      return;
    }
    setErrors({});
    void send(parsed.data);
  };

  const field = (name: keyof Form) => ({
    name,
    value: form[name],
    onChange: (value: string) => setForm((current) => ({ ...current, [name]: value })),
    error: errors[name] ? t(`common:${errors[name]}`, { minimum: 8 }) : undefined,
  });

  const loginLink = <Link className="text-emerald-700 underline dark:text-emerald-400" to={ROUTES.login}>{t('shell:setup.login')}</Link>;
  return (
    <AuthCard title={t('shell:setup.title')} page="setup" footer={link.kind === 'valid' ? undefined : loginLink}>
      {link.kind === 'checking' ? <p aria-busy="true">{t('shell:setup.checking')}</p> : null}
      {link.kind === 'invalid' ? <FormMessage kind="error" testId="setup-invalid">{t('shell:setup.invalid')}</FormMessage> : null}
      {link.kind === 'exists' ? <FormMessage kind="info" testId="setup-exists">{t('shell:setup.exists')}</FormMessage> : null}
      {link.kind === 'done' ? <FormMessage kind="success" testId="setup-done">{t('shell:setup.done')}</FormMessage> : null}
      {link.kind === 'valid' ? (
        <div className="space-y-6">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('shell:setup.intro')}</p>
          {failure ? <FormMessage kind="error" testId="setup-failure">{failure}</FormMessage> : null}
          {user ? (
            <section aria-labelledby="setup-promote" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <h2 id="setup-promote" className="font-semibold">{t('shell:setup.promoteTitle')}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('shell:setup.promoteBody', { email: user.email })}</p>
              <button type="button" disabled={busy} onClick={() => void send({ promote: true })} className="mt-3 rounded-lg bg-emerald-700 px-4 py-2 text-white hover:bg-emerald-800 disabled:opacity-60">
                {t('shell:setup.promote')}
              </button>
            </section>
          ) : null}
          <form noValidate onSubmit={create} className="space-y-4" aria-labelledby="setup-create">
            <h2 id="setup-create" className="font-semibold">{t(user ? 'shell:setup.createTitleOr' : 'shell:setup.createTitle')}</h2>
            <FormField label={t('shell:setup.name')} autoComplete="name" {...field('name')} />
            <FormField label={t('shell:setup.email')} type="email" dir="ltr" autoComplete="email" {...field('email')} />
            <FormField label={t('shell:setup.password')} type="password" autoComplete="new-password" {...field('password')} />
            <FormField label={t('shell:setup.confirmation')} type="password" autoComplete="new-password" {...field('password_confirmation')} />
            <SubmitButton busy={busy} label={t('shell:setup.create')} busyLabel={t('shell:setup.working')} />
          </form>
        </div>
      ) : null}
    </AuthCard>
  );
}
