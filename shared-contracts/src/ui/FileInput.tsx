import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

export type FileInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
  /** The name of the file already stored, shown until another is chosen. */
  current?: string | null;
};

/**
 * A file input in the page's language. A browser draws the input's button and its "no file chosen"
 * in the browser's own language ("Choose File" on an Arabic page). Here the native input stays the
 * control (its label, keyboard focus, what screen readers say, the form's data), transparent over
 * what shows: a button and the chosen file's name in the page's language. `className` is ignored:
 * a field's control class draws a text box, and this control draws its own.
 */
export function FileInput({ className: _fieldClass, onChange, ref, current, ...input }: FileInputProps) {
  const { t } = useTranslation('common');
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <span className="relative mt-1 flex min-w-0 items-center gap-3">
      <input
        {...input}
        ref={ref}
        type="file"
        onChange={(event) => {
          setChosen(event.target.files?.[0]?.name ?? null);
          onChange?.(event);
        }}
        className="peer absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
      />
      <span
        aria-hidden="true"
        className="shrink-0 rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white peer-hover:bg-emerald-800 peer-focus-visible:ring-2 peer-focus-visible:ring-emerald-600 peer-focus-visible:ring-offset-2 peer-disabled:opacity-60 peer-aria-invalid:ring-2 peer-aria-invalid:ring-red-600 dark:peer-focus-visible:ring-offset-slate-900"
      >
        {t('content.upload')}
      </span>
      <span aria-hidden="true" dir="auto" className="min-w-0 truncate text-sm text-slate-600 dark:text-slate-300" data-testid="file-input-name">
        {chosen ?? current ?? t('content.noFile')}
      </span>
    </span>
  );
}
