/**
 * What the console's content forms share (ads, team, FAQ, site settings, plans; react-hook-form with
 * the shared write schemas): the refusals of a save shown the same way everywhere (a stale edit with
 * a Reload button, the fields to fill in both languages, each field's message under it), a field's
 * message in the console's language, an instant edited in the administrator's time zone, the
 * live flag, and the Save / Cancel row.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@scholars/shared-contracts';
import { Field, primaryButtonClass, secondaryButtonClass } from '@scholars/shared-contracts/ui';
import { MissingTranslations } from '@scholars/shared-contracts/ui/content';
import { installValidationErrorMap } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';
import { errorText } from '../lib/errors';

// The shared schemas' own messages are keys; this makes zod's other issues keys too (`validation.*`).
installValidationErrorMap();

/** A field's message in the console's language: a schema's key (checked in the browser) or the server's text. */
export function useFieldMessage() {
  const { t } = useTranslation('common');
  return (message: unknown): string | undefined => {
    if (typeof message !== 'string' || message === '') return undefined;
    return message.startsWith('validation.') ? t(message) : message;
  };
}

/** The message of field `path` (dotted, e.g. `features.0.feature_en`) in react-hook-form's errors. */
export function errorAt(errors: FieldErrors, path: string): unknown {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return (node as { message?: unknown } | undefined)?.message;
}

export type SaveProblem = { kind: 'stale'; message: string } | { kind: 'refused'; message: string; missing: string[] };

/**
 * Runs a save and turns its refusal into what the form shows: 409 is a stale edit (the form offers
 * to reload); a 400's field errors go under their fields, and those that say "fill this in both
 * languages" are listed together. Answers true when the save went through.
 */
export function useSave<V extends FieldValues>(setError: UseFormSetError<V>) {
  const { t } = useTranslation(NAMESPACE);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (save: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    try {
      await save();
      return true;
    } catch (error) {
      const message = errorText(error, t('common:messages.failedToFetch'));
      if (isApiError(error) && error.status === 409) {
        setProblem({ kind: 'stale', message });
        return false;
      }
      // The server's texts, in the language the call was made in (the console's).
      const bothLanguages = t('common:validation.translationMissing');
      const missing: string[] = [];
      const fields = isApiError(error) && error.status === 400 ? (error.errors ?? {}) : {};
      for (const [field, text] of Object.entries(fields)) {
        const shown = Array.isArray(text) ? text[0] : text;
        if (shown === bothLanguages) missing.push(field);
        setError(field as Path<V>, { type: 'server', message: shown });
      }
      setProblem({ kind: 'refused', message: isApiError(error) ? (error.msg ?? message) : message, missing });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { problem, busy, run, clear: () => setProblem(null) };
}

/** The refusal of the last save: a stale edit offers Reload; the fields to fill in both languages are listed by the form's labels. */
export function SaveProblems({ problem, onReload, labelOf }: { problem: SaveProblem | null; onReload: () => void; labelOf: (field: string) => string }) {
  const { t } = useTranslation(NAMESPACE);
  if (!problem) return null;
  if (problem.kind === 'stale') {
    return (
      <div role="alert" data-testid="stale-edit" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
        <p>{problem.message}</p>
        <button type="button" onClick={onReload} className={`${secondaryButtonClass} mt-3`} data-testid="stale-reload">
          {t('content.staleReload')}
        </button>
      </div>
    );
  }
  return problem.missing.length > 0 ? (
    <MissingTranslations fields={problem.missing} labelOf={labelOf} />
  ) : (
    <p role="alert" data-testid="save-error" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
      {problem.message}
    </p>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a `datetime-local` value in the browser's time zone. */
function toLocalInput(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An instant (ISO with offset, as the API takes it) edited as a local date and time; empty is none. */
export function DateTimeInput({ label, value, onChange, error, testId, hint }: { label: string; value: string | null | undefined; onChange: (value: string | null) => void; error?: string; testId: string; hint?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</label>
      <input
        id={id}
        type="datetime-local"
        value={toLocalInput(value)}
        onChange={(event) => onChange(event.target.value ? new Date(event.target.value).toISOString() : null)}
        aria-invalid={Boolean(error)}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 dark:bg-slate-900 dark:text-slate-100 dark:scheme-dark ${error ? 'border-red-600 dark:border-red-500' : 'border-slate-300 dark:border-slate-700'}`}
        data-testid={testId}
      />
      {hint ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
      {error ? <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">{error}</p> : null}
    </div>
  );
}

/** The checkbox that makes a record live (active, published), with what it needs. */
export function LiveCheckbox({ label, hint, testId, ...control }: { label: string; hint: string; testId: string } & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" {...control} className="mt-1 size-4 accent-emerald-700" data-testid={testId} aria-describedby={`${id}-hint`} />
      <div>
        <label htmlFor={id} className="font-medium text-slate-800 dark:text-slate-100">{label}</label>
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>
      </div>
    </div>
  );
}

/** Save and Cancel. */
export function FormActions({ busy, onCancel, children }: { busy: boolean; onCancel?: () => void; children?: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="submit" disabled={busy} className={primaryButtonClass} data-testid="content-save">
        {busy ? t('content.saving') : t('content.save')}
      </button>
      {onCancel ? (
        <button type="button" onClick={onCancel} className={secondaryButtonClass} data-testid="content-cancel">
          {t('content.cancel')}
        </button>
      ) : null}
      {children}
    </div>
  );
}

/** A bordered form panel with its title. */
export function EditorPanel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section aria-label={title} data-testid={testId} className="mt-6 rounded-2xl border border-slate-200 p-5 dark:border-slate-800">
      <h2 className="mb-4 text-xl font-semibold text-slate-900 dark:text-slate-50">{title}</h2>
      {children}
    </section>
  );
}

/** A one-line text of one language (a link, an e-mail, a phone): left-to-right whatever the console's direction. */
export function TextField({ label, hint, error, control, type = 'text', required }: { label: string; hint?: string; error?: string; control: UseFormRegisterReturn; type?: 'text' | 'email' | 'tel' | 'url'; required?: boolean }) {
  return (
    <Field label={label} hint={hint} error={error} name={control.name} required={required}>
      {(wiring) => <input type={type} dir="ltr" {...control} {...wiring} data-testid={`field-${control.name}`} />}
    </Field>
  );
}

/** The order of a record in its list (smaller first), registered with `setValueAs: typedNumber`. */
export function OrderField({ control, error }: { control: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Field label={t('content.order')} hint={t('content.orderHint')} error={error} name={control.name}>
      {(wiring) => <input inputMode="numeric" dir="ltr" {...control} {...wiring} data-testid="field-sort_order" />}
    </Field>
  );
}
