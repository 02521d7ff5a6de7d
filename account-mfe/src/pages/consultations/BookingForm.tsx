import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { isApiError, ROUTES, selectUser, useLocale, useSession } from '@scholars/shared-contracts';
import { consultationBookingFieldsSchema, type ConsultantPage, type ConsultationBookingFields } from '@scholars/shared-contracts/schemas';
import { Field, FileInput, primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { DraftRestored, formDraftKey, useFormDraft } from '@scholars/shared-contracts/ui/draft';
import { formatDate, pickLocalized, viewerTimeZone } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import { bookConsultation, fetchAllowance } from '../../api/consultations';
import { errorAt, useFieldMessage } from '../../components/ContentForm';
import { errorText } from '../../lib/errors';
import { linkClass } from '../../components/Status';
import type { Slot } from './SlotPicker';

type Refusal = { message: string; kind: 'taken' | 'allowance' | 'other' };

/**
 * The booking of one picked slot (a lazy chunk: react-hook-form and the shared zod schema): topic,
 * field, language, online or on site with the place, the description and an optional PDF, with
 * the member's allowance. A refusal is the API's localized message: a slot just taken reloads the
 * slots; a used allowance links to the plans.
 */
export function BookingForm({ consultant, slot, onCancel, onSlotTaken }: { consultant: ConsultantPage; slot: Slot; onCancel: () => void; onSlotTaken: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const message = useFieldMessage();
  const zone = viewerTimeZone();
  const allowance = useAsync((signal) => fetchAllowance(signal), []);
  const file = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sent, setSent] = useState<{ acceptBy: string } | null>(null);
  const language = consultant.languages.includes(locale) ? locale : (consultant.languages[0] ?? locale);
  // The topic, online or on site, the place and the description are kept in this tab for this account
  // and consultant until the booking is sent: a session ending mid-form sends the member to sign in,
  // which unmounts the form.
  const userId = useSession(selectUser)?.id ?? null;
  const draft = useFormDraft(formDraftKey(userId, `consultation-booking:${consultant.id}`), { topic: '', mode: 'online', place: '', description: '' });
  const { setValues: keepDraft } = draft;
  const form = useForm<ConsultationBookingFields, unknown, z.output<typeof consultationBookingFieldsSchema>>({
    resolver: zodResolver(consultationBookingFieldsSchema),
    defaultValues: {
      consultantId: consultant.id,
      start: slot.start,
      topic: draft.values.topic,
      categoryId: consultant.fields[0]?.id,
      language,
      mode: draft.values.mode === 'onsite' ? 'onsite' : 'online',
      place: draft.values.place,
      description: draft.values.description,
    },
  });
  const { register, handleSubmit, formState, watch } = form;
  const error = (path: string) => message(errorAt(formState.errors, path));
  const mode = watch('mode');
  useEffect(() => {
    const subscription = watch((all, { name }) => {
      if (name === 'topic' || name === 'mode' || name === 'place' || name === 'description') {
        keepDraft({ topic: all.topic ?? '', mode: all.mode ?? 'online', place: all.place ?? '', description: all.description ?? '' });
      }
    });
    return () => subscription.unsubscribe();
  }, [watch, keepDraft]);

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    const attachment = file.current?.files?.[0];
    if (attachment && attachment.type !== 'application/pdf' && !attachment.name.toLowerCase().endsWith('.pdf')) {
      setFileError(t('booking.pdfOnly'));
      return;
    }
    setFileError(null);
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined || value === null || value === '') continue;
      body.append(key, String(value));
    }
    if (attachment) body.append('attachment', attachment, attachment.name);
    try {
      const answer = await bookConsultation(body);
      draft.forget();
      setSent({ acceptBy: answer.data.acceptBy });
    } catch (failure) {
      const text = errorText(failure, t('common:messages.genericError'));
      if (isApiError(failure) && failure.status === 409) {
        setRefusal({ message: text, kind: 'taken' });
        onSlotTaken();
      } else if (isApiError(failure) && failure.status === 403) setRefusal({ message: text, kind: 'allowance' });
      else setRefusal({ message: text, kind: 'other' });
    }
  });

  const yourTime = formatDate(slot.start, locale, 'dateTime', zone);
  const consultantTime = formatDate(slot.start, locale, 'dateTime', consultant.timeZone);
  const when = consultantTime === yourTime ? t('booking.whenShared', { time: yourTime }) : t('booking.when', { time: yourTime, consultantTime });

  // No active subscription, or no session left on it: the API would refuse the booking, so the member
  // is told before typing a topic and a description (not after, with the whole form filled in).
  const blocked = allowance.status === 'ready' && (allowance.data === null || allowance.data.remaining === 0);
  const allowanceLine =
    allowance.status === 'ready' && allowance.data ? (
      <>
        {t('booking.allowance', { count: allowance.data.remaining, included: allowance.data.included })}
        {allowance.data.remaining === 0 ? <> <Link to={ROUTES.pricing} className={linkClass}>{t('booking.plans')}</Link></> : null}
      </>
    ) : allowance.status === 'ready' ? (
      <>
        {t('booking.allowanceNone')} <Link to={ROUTES.pricing} className={linkClass}>{t('booking.plans')}</Link>
      </>
    ) : null;

  if (sent) {
    return (
      <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100" data-testid="booking-sent">
        <p className="font-semibold">{when}</p>
        <p className="mt-2">{t('booking.sent', { date: formatDate(sent.acceptBy, locale, 'dateTime', zone) })}</p>
        <Link to={`${ROUTES.profile}?tab=consultations`} className={`${linkClass} mt-3 inline-block`}>{t('booking.mySessions')}</Link>
      </div>
    );
  }

  if (blocked) {
    const included = allowance.data?.included ?? 0;
    return (
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900" data-testid="booking-blocked">
        <h3 className="text-lg font-bold text-slate-900 dark:text-slate-50">{t('booking.title')}</h3>
        <p className="text-sm font-medium text-slate-800 dark:text-slate-100" data-testid="booking-when">{when}</p>
        <div role="status" data-testid="booking-allowance" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          <p>
            {allowance.data === null
              ? t('booking.allowanceNone')
              : included === 0
                ? t('booking.planWithoutSessions')
                : t('booking.allowance', { count: 0, included })}
          </p>
          <p className="mt-1">{t('booking.blocked')}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={ROUTES.pricing} className={primaryButtonClass} data-testid="booking-plans">{t('booking.plans')}</Link>
          <button type="button" onClick={onCancel} className={secondaryButtonClass}>{t('booking.cancel')}</button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900" data-testid="booking-form" aria-labelledby="booking-title">
      <h3 id="booking-title" className="text-lg font-bold text-slate-900 dark:text-slate-50">{t('booking.title')}</h3>
      <p className="text-sm font-medium text-slate-800 dark:text-slate-100" data-testid="booking-when">{when}</p>
      <div data-testid="booking-allowance" className="text-sm text-slate-700 dark:text-slate-300">{allowanceLine}</div>
      <DraftRestored shown={draft.restored} testId="booking-draft-restored">{t('booking.draftRestored')}</DraftRestored>
      <Field label={t('booking.topic')} required name="topic" error={error('topic')}>
        {(control) => <input {...control} {...register('topic')} maxLength={200} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('booking.field')} required name="categoryId" error={error('categoryId')}>
          {(control) => (
            <select {...control} {...register('categoryId', { valueAsNumber: true })}>
              {consultant.fields.map((field) => <option key={field.id} value={field.id}>{pickLocalized(locale, field.name, field.nameEn)}</option>)}
            </select>
          )}
        </Field>
        <Field label={t('booking.language')} required name="language" error={error('language')}>
          {(control) => (
            <select {...control} {...register('language')}>
              {consultant.languages.map((code) => <option key={code} value={code}>{t(`consultations.languages.${code}`)}</option>)}
            </select>
          )}
        </Field>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('booking.mode')}</legend>
        <div className="mt-2 flex gap-6">
          {(['online', 'onsite'] as const).map((value) => (
            <label key={value} className="inline-flex items-center gap-2 text-slate-800 dark:text-slate-200">
              <input type="radio" value={value} {...register('mode')} data-testid={`booking-mode-${value}`} />
              {t(`booking.modes.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'onsite' ? (
        <Field label={t('booking.place')} required name="place" hint={t('booking.placeHint')} error={error('place')}>
          {(control) => <input {...control} {...register('place')} maxLength={200} />}
        </Field>
      ) : null}
      <Field label={t('booking.description')} required name="description" error={error('description')}>
        {(control) => <textarea {...control} rows={5} {...register('description')} />}
      </Field>
      <Field label={t('booking.attachment')} name="attachment" error={fileError ?? undefined}>
        {(control) => <FileInput {...control} ref={file} accept="application/pdf,.pdf" data-testid="booking-attachment" />}
      </Field>
      {refusal ? (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100" data-testid="booking-refused" data-kind={refusal.kind}>
          <p>{refusal.message}</p>
          {refusal.kind === 'allowance' ? <Link to={ROUTES.pricing} className={`${linkClass} mt-2 inline-block`}>{t('booking.plans')}</Link> : null}
          {refusal.kind === 'taken' ? <button type="button" onClick={onCancel} className={`${linkClass} mt-2`}>{t('booking.cancel')}</button> : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={formState.isSubmitting} className={primaryButtonClass} data-testid="booking-submit">{formState.isSubmitting ? t('booking.sending') : t('booking.submit')}</button>
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>{t('booking.cancel')}</button>
      </div>
    </form>
  );
}
