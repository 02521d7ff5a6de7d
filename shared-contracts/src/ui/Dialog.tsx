/**
 * Modal dialogs of every remote: native `<dialog>` (focus trapped, Escape cancels, the page behind
 * inert), rendered only while open. {@link useModalDialog} opens one on mount; {@link ConfirmDialog}
 * is the confirmation every console and the pricing section ask with.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * Opens the dialog modally when it mounts and closes it when it unmounts, giving the focus back to
 * what had it before (the button that opened it) if that is still on the page and the focus was
 * left in the dialog or nowhere: the dialog leaves the page with its parent's next render, before
 * the browser's own return of the focus on close could apply.
 */
export function useModalDialog(): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  // Read while rendering: before a control of the dialog takes the focus (`autoFocus`).
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  useEffect(() => {
    const dialog = ref.current;
    // jsdom (unit tests) has no showModal: open it non-modally there.
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog?.open && typeof dialog.close === 'function') dialog.close();
      const focused = document.activeElement;
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected && (!focused || focused === document.body || dialog?.contains(focused))) opener.focus();
    };
  }, [opener]);
  return ref;
}

/** The panel of a modal dialog, light and dark. */
export const DIALOG_CLASS =
  'm-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50';

/**
 * A modal confirmation; its confirm button is `${testId}-confirm`, red when `danger`, disabled while
 * `confirmDisabled` (what it would do is not known yet, or it is under way).
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  danger = false,
  confirmDisabled = false,
  testId = 'confirm-dialog',
}: {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
  confirmDisabled?: boolean;
  testId?: string;
}) {
  const ref = useModalDialog();
  const titleId = useId();
  const bodyId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className={DIALOG_CLASS}
    >
      <h2 id={titleId} className="text-lg font-bold">{title}</h2>
      <div id={bodyId} className="mt-3 text-slate-600 dark:text-slate-300">{body}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onCancel} className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800">
          {cancelLabel}
        </button>
        <button
          type="button"
          autoFocus
          disabled={confirmDisabled}
          data-testid={`${testId}-confirm`}
          onClick={onConfirm}
          className={`rounded-lg px-4 py-2 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60 ${danger ? 'bg-red-700 hover:bg-red-800' : 'bg-emerald-700 hover:bg-emerald-800'}`}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
