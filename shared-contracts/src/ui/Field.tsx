import { useId, type ReactNode } from 'react';

export const controlClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:bg-slate-900 dark:text-slate-100 dark:scheme-dark ${
    invalid ? 'border-red-600 dark:border-red-500' : 'border-slate-300 focus:border-emerald-600 dark:border-slate-700'
  }`;

/** A control's label written around it (`<label className={labelClass}>Name <input/></label>`). */
export const labelClass = 'block text-sm font-medium text-slate-700 dark:text-slate-200';

/** The buttons of the forms and the operator console: one look across the remotes' screens. */
export const primaryButtonClass =
  'inline-flex items-center justify-center rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800';
export const dangerButtonClass =
  'inline-flex items-center justify-center rounded-lg border border-red-300 px-4 py-2 font-medium text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
  className: string;
}

/**
 * A labelled control with its hint and its error under it; the error is announced (decisions.md:
 * the spec's own messages, no browser bubbles). `children` renders the control with the wiring
 * given; the error's test id is `error-${name}`.
 */
export function Field({
  label,
  required,
  optionalText,
  hint,
  error,
  name,
  children,
}: {
  label: string;
  required?: boolean;
  optionalText?: string;
  hint?: ReactNode;
  error?: string;
  name: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div data-field={name}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
        {required ? <span aria-hidden="true" className="ms-0.5 text-red-700 dark:text-red-400">*</span> : null}
        {/* A real space, so the accessible name reads "Bio (optional)". */}
        {!required && optionalText ? <span className="font-normal text-slate-500 dark:text-slate-400">{` ${optionalText}`}</span> : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, 'aria-required': required || undefined, className: controlClass(Boolean(error)) })}
      {hint ? <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
      {error ? (
        <p id={errorId} role="alert" data-testid={`error-${name}`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
