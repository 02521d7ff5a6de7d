/**
 * An operator's decision confirmed in the shared ConfirmDialog, with its reason: a required reason is
 * asked for again (nothing sent) while empty; an optional one is sent as null when empty.
 */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClass } from '@scholars/shared-contracts/ui';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import { NAMESPACE } from '../i18n';
import { errorText } from '../lib/errors';

export const REASON_MAX = 1000;

export interface ReasonRequest {
  title: string;
  body: string;
  confirmLabel: string;
  reason: 'required' | 'optional' | 'none';
  danger?: boolean;
  /** More of the decision, below the reason (a choice that goes with it). */
  extra?: ReactNode;
  run: (reason: string | null) => void;
}

export function ReasonDialog({ request, onCancel }: { request: ReasonRequest; onCancel: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    const text = reason.trim();
    if (request.reason === 'required' && !text) {
      setMissing(true);
      return;
    }
    request.run(text || null);
  };
  return (
    <ConfirmDialog
      title={request.title}
      body={
        <div className="flex flex-col gap-3">
          <p>{request.body}</p>
          {request.reason === 'none' ? null : (
            <div>
              <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
                {request.reason === 'required' ? t('consultationsAdmin.reason') : t('consultationsAdmin.reasonOptional')}
              </label>
              <textarea
                id={id}
                rows={3}
                dir="auto"
                maxLength={REASON_MAX}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setMissing(false);
                }}
                aria-invalid={missing}
                aria-describedby={missing ? `${id}-missing` : undefined}
                className={controlClass(missing)}
                data-testid="decision-reason"
              />
              {missing ? <p id={`${id}-missing`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400" data-testid="decision-reason-missing">{t('consultationsAdmin.reasonMissing')}</p> : null}
            </div>
          )}
          {request.extra}
        </div>
      }
      confirmLabel={request.confirmLabel}
      cancelLabel={t('consultationsAdmin.back')}
      danger={request.danger}
      onConfirm={confirm}
      onCancel={onCancel}
      testId="decision-dialog"
    />
  );
}

/**
 * Runs an operator's action and keeps its answer on screen: the server's message (or `done`) on
 * success, its localized refusal otherwise. `then` runs after a success (a reload).
 */
export function useActionNotice() {
  const { t } = useTranslation(NAMESPACE);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<{ msg: string | null }>, then?: () => void) => {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await call();
      setNotice({ ok: true, text: answer.msg ?? t('consultationsAdmin.done') });
      then?.();
      return true;
    } catch (error) {
      setNotice({ ok: false, text: errorText(error, t('common:messages.genericError')) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const view = notice ? (
    <p
      role={notice.ok ? 'status' : 'alert'}
      data-testid="action-notice"
      data-ok={notice.ok}
      className={`mt-4 rounded-lg border p-3 ${notice.ok ? 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' : 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100'}`}
    >
      {notice.text}
    </p>
  ) : null;
  return { busy, run, view };
}
