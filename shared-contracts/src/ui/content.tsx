/**
 * The operator console's content forms, shared by the remotes' screens (issue 19):
 * - {@link BilingualField}: a text in both languages side by side, each control with its own `dir`
 *   and `lang` (English left-to-right, Arabic right-to-left), whatever the console's language;
 * - {@link MissingTranslations}: the fields that stop publishing, listed in the console's language;
 * - {@link FileField}: an image (previewed before saving) or a PDF, uploaded by the remote's own call;
 * - {@link StatusBadge}: draft / published / archived;
 * - {@link StackedCell}: a console table's cell that becomes a labelled line of a card on phones.
 * Structural props only (no form library here): `register('title')` of react-hook-form spreads in.
 * Like the rest of `./ui`, no state from the package root: the remote passes its API call and URLs.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClass } from './Field';
import { FileInput } from './FileInput';
import type { ContentStatus, UploadedFile } from '../schemas/content';

/** What a form library's `register(name)` returns (react-hook-form's shape), spread on the control. */
export interface RegisteredControl {
  name: string;
  onChange: (event: { target: unknown; type?: unknown }) => unknown;
  onBlur: (event: { target: unknown; type?: unknown }) => unknown;
  ref: (instance: HTMLInputElement | HTMLTextAreaElement | null) => void;
}

export interface BilingualFieldProps {
  label: string;
  /** The Arabic control (`title`) and the English one (`title_en`). */
  arabic: RegisteredControl;
  english: RegisteredControl;
  /** Messages already translated to the console's language (form errors). */
  arabicError?: string;
  englishError?: string;
  required?: boolean;
  hint?: ReactNode;
  /** A textarea of this many rows; a one-line input without it. */
  rows?: number;
}

/** A bilingual text: English then Arabic in the reading order of the console's direction. */
export function BilingualField({ label, arabic, english, arabicError, englishError, required, hint, rows }: BilingualFieldProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const sides = [
    { lang: 'en', dir: 'ltr', control: english, error: englishError, language: t('content.english') },
    { lang: 'ar', dir: 'rtl', control: arabic, error: arabicError, language: t('content.arabic') },
  ] as const;
  return (
    <fieldset data-field={arabic.name} className="min-w-0">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
        {required ? <span aria-hidden="true" className="ms-0.5 text-red-700 dark:text-red-400">*</span> : null}
      </legend>
      <div className="mt-1 grid gap-3 md:grid-cols-2">
        {sides.map(({ lang, dir, control, error, language }) => {
          const controlId = `${id}-${lang}`;
          const errorId = `${controlId}-error`;
          const common = {
            ...control,
            id: controlId,
            lang,
            dir,
            'aria-invalid': Boolean(error),
            'aria-describedby': error ? errorId : undefined,
            'aria-required': required || undefined,
            className: controlClass(Boolean(error)),
            'data-testid': `field-${control.name}`,
          };
          return (
            <div key={lang} className="min-w-0">
              <label htmlFor={controlId} className="text-xs font-medium text-slate-500 dark:text-slate-400">
                {t('content.inLanguage', { field: label, language })}
              </label>
              {rows ? <textarea rows={rows} {...common} /> : <input type="text" {...common} />}
              {error ? (
                <p id={errorId} role="alert" data-testid={`error-${control.name}`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {hint ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
    </fieldset>
  );
}

/**
 * The fields publishing was refused for (the API's `errors` keys that say `translationMissing`),
 * each named by the form's own label and language. Nothing when the list is empty.
 */
export function MissingTranslations({ fields, labelOf }: { fields: readonly string[]; labelOf: (field: string) => string }) {
  const { t } = useTranslation('common');
  if (fields.length === 0) return null;
  const named = (field: string) => {
    const english = field.endsWith('_en');
    const base = english ? field.slice(0, -3) : field;
    return t('content.inLanguage', { field: labelOf(base), language: t(english ? 'content.english' : 'content.arabic') });
  };
  return (
    <div role="alert" data-testid="missing-translations" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <p className="font-semibold">{t('content.missingTitle')}</p>
      <ul className="mt-2 list-disc ps-5">
        {fields.map((field) => (
          <li key={field}>{named(field)}</li>
        ))}
      </ul>
    </div>
  );
}

export interface FileFieldProps {
  label: string;
  /** The stored path (`public/images/...`, `private/content/...`) or null. */
  value: string | null;
  onChange: (file: UploadedFile | null) => void;
  kind: 'image' | 'pdf';
  /** The remote's upload call (`POST admin/uploads?kind=`). */
  upload: (file: File, kind: 'image' | 'pdf') => Promise<UploadedFile>;
  /** The address of a stored public image (the remote's `fileUrl`). */
  imageUrl?: (path: string) => string;
  /** The name shown for a stored PDF. */
  fileName?: string | null;
  error?: string;
  name: string;
}

/**
 * A file of the content: the chosen picture is previewed at once (before the upload ends and before
 * saving); the upload goes through the API's checks, whose refusal shows under the field.
 */
export function FileField({ label, value, onChange, kind, upload, imageUrl, fileName, error, name }: FileFieldProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new input after Remove: the file it had chosen is no longer the field's.
  const [inputRound, setInputRound] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => () => {
    if (localPreview) URL.revokeObjectURL(localPreview);
  }, [localPreview]);
  const shown = localPreview ?? (value && kind === 'image' && imageUrl ? imageUrl(value) : null);
  const message = failure ?? error;
  return (
    <div data-field={name}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</label>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {shown ? <img src={shown} alt={t('content.preview')} data-testid={`preview-${name}`} className="h-24 w-auto max-w-48 rounded-lg border border-slate-200 object-cover dark:border-slate-700" /> : null}
        <FileInput
          key={inputRound}
          id={id}
          current={kind === 'pdf' && value ? (fileName ?? value.split('/').pop()) : null}
          data-testid={`file-${name}`}
          accept={kind === 'image' ? 'image/png,image/jpeg,image/webp' : 'application/pdf'}
          aria-invalid={Boolean(message)}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setFailure(null);
            if (kind === 'image') setLocalPreview(URL.createObjectURL(file));
            setBusy(true);
            upload(file, kind)
              .then((stored) => onChange(stored))
              .catch((problem: unknown) => {
                setLocalPreview(null);
                setFailure(problem instanceof Error ? problem.message : String(problem));
              })
              .finally(() => setBusy(false));
          }}
        />
        {value ? (
          <button type="button" className="text-sm font-medium text-red-700 hover:underline dark:text-red-400" onClick={() => { setLocalPreview(null); onChange(null); setInputRound((round) => round + 1); }}>
            {t('content.remove')}
          </button>
        ) : null}
        {busy ? <span role="status" className="text-sm text-slate-500">{t('content.uploading')}</span> : null}
      </div>
      {message ? (
        <p role="alert" data-testid={`error-${name}`} className="mt-1 text-sm text-red-700 dark:text-red-400">{message}</p>
      ) : null}
    </div>
  );
}

const STATUS_CLASSES: Record<ContentStatus, string> = {
  draft: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  published: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  archived: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
};
const STATUS_KEYS = { draft: 'content.statusDraft', published: 'content.statusPublished', archived: 'content.statusArchived' } as const;

/** Draft / published / archived, in words (not by colour alone). */
export function StatusBadge({ status }: { status: ContentStatus }) {
  const { t } = useTranslation('common');
  return (
    <span data-testid="content-status" data-status={status} className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASSES[status]}`}>
      {t(STATUS_KEYS[status])}
    </span>
  );
}

/**
 * A console table's cell that becomes a labelled line of a card below `md` (one DOM for both
 * layouts; the table is `max-md:block`, its head `max-md:sr-only`, its rows cards there). On a
 * phone a value with no break in it (an e-mail address) wraps inside the card, not past the screen.
 */
export function StackedCell({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={`px-3 py-3 align-top max-md:flex max-md:gap-2 max-md:px-0 max-md:py-1 ${className}`}>
      <span className="shrink-0 font-medium text-slate-600 md:hidden dark:text-slate-300">{label}:</span>
      <div className="min-w-0 max-md:wrap-anywhere">{children}</div>
    </td>
  );
}
