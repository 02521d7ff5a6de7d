import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient, isApiError } from '@scholars/shared-contracts';
import { contactMessageSchema, type ContactMessage } from '@scholars/shared-contracts/schemas';
import { FormField } from '../forms/FormField';
import { fieldErrorsOf, type FieldErrors } from '../forms/field-errors';
import { withCaptcha } from '../forms/captcha';

const EMPTY: ContactMessage = { full_name: '', email: '', phone: '', message: '' };
const SUCCESS_MS = 5000;

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'success' } | { kind: 'error'; message: string };

/**
 * Spec 4, 5 and 8: all fields required, nothing sent while any error exists; sending disables the
 * button and reads 'sending'; success shows for 5 s and resets the form; failure shows the error.
 */
export function ContactForm() {
  const { t } = useTranslation(['shell', 'common']);
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<ContactMessage>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const statusId = useId();

  useEffect(() => {
    if (status.kind !== 'success') return;
    const timer = setTimeout(() => setStatus({ kind: 'idle' }), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const update = (field: keyof ContactMessage) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf<ContactMessage>(parsed.error));
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    try {
      const body = new FormData();
      const payload = await withCaptcha(parsed.data);
      for (const [key, value] of Object.entries(payload)) body.append(key, String(value));
      await apiClient.post('base/contact', body, { silent: true, errorToast: false });
      setValues(EMPTY);
      setStatus({ kind: 'success' });
    } catch (error) {
      if (isApiError(error) && error.errors) setErrors(error.errors as FieldErrors<ContactMessage>);
      // Spec 8: the server's message when it gave one (e.g. how long to wait after too many
      // messages), else the generic failure.
      setStatus({ kind: 'error', message: isApiError(error) && error.msg ? error.msg : t('common:contact.failed') });
    }
  };

  const fieldError = (field: keyof ContactMessage) => (errors[field] ? t(`common:${errors[field]}`, { defaultValue: errors[field] }) : undefined);

  return (
    <form noValidate onSubmit={submit} data-testid="contact-form" aria-describedby={statusId} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('shell:contactForm.fullName')} name="full_name" value={values.full_name} onChange={update('full_name')} error={fieldError('full_name')} autoComplete="name" />
        <FormField label={t('shell:contactForm.email')} name="email" type="email" dir="ltr" value={values.email} onChange={update('email')} error={fieldError('email')} autoComplete="email" />
      </div>
      <FormField label={t('shell:contactForm.phone')} name="phone" type="tel" dir="ltr" value={values.phone} onChange={update('phone')} error={fieldError('phone')} autoComplete="tel" />
      <FormField label={t('shell:contactForm.message')} name="message" multiline value={values.message} onChange={update('message')} error={fieldError('message')} />
      <button type="submit" disabled={status.kind === 'sending'} className="rounded-lg bg-emerald-700 px-5 py-2.5 font-medium text-white hover:bg-emerald-800 disabled:opacity-60">
        {status.kind === 'sending' ? t('shell:contactForm.sending') : t('shell:contactForm.send')}
      </button>
      <div id={statusId} aria-live="polite">
        {status.kind === 'success' ? <p role="status" data-testid="contact-success" className="rounded-lg bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">{t('common:contact.success')}</p> : null}
        {status.kind === 'error' ? <p role="alert" data-testid="contact-error" className="rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">{status.message}</p> : null}
      </div>
    </form>
  );
}
