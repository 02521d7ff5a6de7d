import { useId, type HTMLInputTypeAttribute } from 'react';

interface Props {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: HTMLInputTypeAttribute;
  multiline?: boolean;
  autoComplete?: string;
  dir?: 'ltr' | 'rtl';
  hint?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  maxLength?: number;
}

/**
 * A labelled field with its error under it, announced to screen readers (decisions.md: the spec's
 * own messages, no browser bubbles: forms use `noValidate`).
 */
export function FormField({ label, name, value, onChange, error, type = 'text', multiline, autoComplete, dir, hint, inputMode, maxLength }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const className = `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 dark:bg-slate-900 dark:text-slate-100 ${
    error ? 'border-red-500' : 'border-slate-300 dark:border-slate-700'
  }`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</label>
      {multiline ? (
        <textarea id={id} name={name} rows={5} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={Boolean(error)} aria-describedby={describedBy} className={className} maxLength={maxLength} />
      ) : (
        <input id={id} name={name} type={type} dir={dir} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={Boolean(error)} aria-describedby={describedBy} autoComplete={autoComplete} inputMode={inputMode} maxLength={maxLength} className={className} />
      )}
      {hint ? <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
      {error ? <p id={errorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">{error}</p> : null}
    </div>
  );
}
