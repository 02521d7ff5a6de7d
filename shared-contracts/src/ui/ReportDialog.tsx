/**
 * Reporting to the moderators (issue 20), the same in every remote that shows something a member
 * can report (chat messages and research in community-mfe, public profiles in account-mfe):
 * {@link ReportButton} opens {@link ReportDialog} (native `<dialog>`: focus trapped, Escape
 * closes), which asks a reason of the shared list and optional details, sends through the
 * remote's own call (`send`, `POST reports`) and shows the server's answer ("Thank you, our
 * moderators will review it" or "You have already reported this…"). Texts: `common:report.*`
 * (i18n/report-texts.ts), added to the namespace by this module, not with every page's start.
 */
import { useId, useState, type FormEvent } from 'react';
import { useModalDialog } from './Dialog';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS, REPORT_TEXT_MAX_LENGTH, type ReportItemType, type ReportReason } from '../schemas/report-reasons';
import { reportTexts } from '../i18n/report-texts';

export interface ReportTarget {
  item_type: ReportItemType;
  item_id: number;
}

/** The remote's call: resolves with the server's message; rejects with an error carrying the server's `msg` when refused. */
export type SendReport = (body: ReportTarget & { reason: ReportReason; text?: string }) => Promise<string>;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** `common:report.*` in both languages, added to the instance the component translates with (once). */
function useReportTexts(): Translate {
  const { t, i18n } = useTranslation('common');
  for (const locale of ['en', 'ar'] as const) {
    // Not `exists`: it falls back to English, so the Arabic texts were never added once the English were.
    if (i18n.getResource(locale, 'common', 'report.title') === undefined) {
      i18n.addResourceBundle(locale, 'common', { report: reportTexts[locale] }, true, false);
    }
  }
  return t as unknown as Translate;
}

const LABELS: Record<ReportItemType, string> = { chat_message: 'report.reportMessage', research: 'report.reportResearch', profile: 'report.reportProfile' };

const errorMessage = (error: unknown): string | null =>
  error && typeof error === 'object' && 'msg' in error && typeof (error as { msg: unknown }).msg === 'string' ? (error as { msg: string }).msg : null;

export function ReportDialog({ target, send, onClose }: { target: ReportTarget; send: SendReport; onClose: () => void }) {
  const t = useReportTexts();
  const ref = useModalDialog();
  const titleId = useId();
  const detailsId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(t('report.chooseReason'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setDone(await send({ ...target, reason, ...(text.trim() ? { text: text.trim() } : {}) }));
    } catch (failure) {
      setError(errorMessage(failure) ?? t('report.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="report-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(30rem,calc(100%-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-start text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50"
    >
      <h2 id={titleId} className="text-lg font-bold">{t('report.title')}</h2>
      {done ? (
        <>
          <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100" data-testid="report-done">
            {done}
          </p>
          <div className="mt-6 flex justify-end">
            <button type="button" autoFocus onClick={onClose} className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800" data-testid="report-close">
              {t('report.close')}
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('report.intro')}</p>
          <fieldset className="mt-4">
            <legend className="text-sm font-medium">{t('report.reason')}</legend>
            <div className="mt-2 flex flex-col gap-2">
              {REPORT_REASONS.map((value) => (
                <label key={value} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value);
                      setError(null);
                    }}
                    className="mt-0.5 accent-emerald-700"
                    data-testid={`report-reason-${value}`}
                  />
                  <span>{t(`report.reasons.${value}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label htmlFor={detailsId} className="mt-4 block text-sm font-medium">{t('report.details')}</label>
          <textarea
            id={detailsId}
            value={text}
            maxLength={REPORT_TEXT_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            rows={3}
            dir="auto"
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            data-testid="report-text"
          />
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('report.detailsHint', { max: REPORT_TEXT_MAX_LENGTH })}</p>
          {error ? (
            <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300" data-testid="report-error">{error}</p>
          ) : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" onClick={onClose} className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800">
              {t('report.cancel')}
            </button>
            <button type="submit" disabled={busy} className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60" data-testid="report-send">
              {busy ? t('report.sending') : t('report.send')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

/** A small "Report" button that opens the dialog; its accessible name says what is reported. */
export function ReportButton({ target, send, className }: { target: ReportTarget; send: SendReport; className?: string }) {
  const t = useReportTexts();
  const [open, setOpen] = useState(false);
  const label = t(LABELS[target.item_type]);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={label} title={label} className={className ?? 'text-sm underline opacity-80 hover:opacity-100'} data-testid="report-button">
        {t('report.button')}
      </button>
      {open ? <ReportDialog target={target} send={send} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
