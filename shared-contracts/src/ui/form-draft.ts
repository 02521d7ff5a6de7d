import { useCallback, useEffect, useState } from 'react';

export { DraftRestored } from './DraftRestored';

/**
 * What a member typed into a long form, per account and form, in this tab's sessionStorage (as the
 * chat keeps its drafts, decisions.md "What needs an active subscription"): a session that ends
 * while they type (signed out in another tab, a password changed on another device, a refresh
 * refused) sends them to sign in, which unmounts the form; once they are back, signed in as the
 * same account, the form opens with what they had typed. Another account never reads it (the key
 * names the account). Forgotten once the form is saved, or when the tab closes. Files cannot be
 * kept this way: a form with file inputs says so; a password never is (a form keeps it outside its
 * draft). Storage that refuses (private mode, full) only loses the copy, never the text in the fields.
 */
const PREFIX = 'scholars_form_draft';

/** What a draft keeps of a field: texts, numbers, checkboxes, and lists and records of them (a form's chosen items, rows). */
export type DraftValue = string | number | boolean | readonly DraftValue[] | { readonly [name: string]: DraftValue };
export type DraftValues = Record<string, DraftValue>;

const kindOf = (value: unknown) => (Array.isArray(value) ? 'list' : value === null ? 'null' : typeof value);
const sameValue = (a: DraftValue | undefined, b: DraftValue | undefined) => a === b || JSON.stringify(a) === JSON.stringify(b);

export const formDraftKey = (userId: string | number | null | undefined, form: string) => `${PREFIX}:${userId ?? 'anonymous'}:${form}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** A text kept under `key` in this tab's sessionStorage (a form's or a chat's draft); null when none or unreadable. */
export function readSessionText(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `text` under `key` (null or empty: forgets it). Storage that refuses only loses the copy. */
export function writeSessionText(key: string, text: string | null) {
  try {
    if (text) storage()?.setItem(key, text);
    else storage()?.removeItem(key);
  } catch {
    // Keep going: the text is still in the fields.
  }
}

const sameValues = (a: DraftValues, b: DraftValues) => Object.keys(b).every((name) => sameValue(a[name], b[name]));

/**
 * The draft stored under `key`, read over `initial`: only the fields `initial` has, of the same
 * kind (text, number, checkbox, list or record; a draft of an older version of the form never
 * brings a stray field). Null when there is none, or when it says nothing `initial` does not.
 */
export function readFormDraft<T extends DraftValues>(key: string, initial: T): T | null {
  const raw = readSessionText(key);
  if (!raw) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!stored || typeof stored !== 'object') return null;
  const values: DraftValues = { ...initial };
  for (const [name, value] of Object.entries(stored as Record<string, unknown>)) {
    if (name in initial && kindOf(value) === kindOf(initial[name])) values[name] = value as DraftValue;
  }
  return sameValues(values, initial) ? null : (values as T);
}

/** Stores `values` under `key`; values equal to `initial` (nothing typed) remove the draft. */
export function writeFormDraft<T extends DraftValues>(key: string, values: T, initial: T) {
  writeSessionText(key, sameValues(values, initial) ? null : JSON.stringify(values));
}

export const clearFormDraft = (key: string) => writeSessionText(key, null);

export interface FormDraft<T extends DraftValues> {
  values: T;
  /** Sets the values (as `useState`'s setter does) and stores them as the draft. */
  setValues(next: T | ((current: T) => T)): void;
  /** The form opened with a draft typed before (say so, and that files must be chosen again). */
  restored: boolean;
  /** After the form is saved: forgets the draft (the values stay as they are). */
  forget(): void;
}

/**
 * A form's values, kept as a draft under `key` (`formDraftKey(user id, form name)`). `initial`
 * is what the form opens with when there is no draft (read once per key, like `useState`'s). A
 * new key (another account, another record) starts from its own draft or `initial`, never
 * from the values typed under the previous one.
 */
export function useFormDraft<T extends DraftValues>(key: string, initial: T): FormDraft<T> {
  // `typed`: the values changed since the form opened or was saved; only then is there a draft to store.
  const open = (forKey: string) => {
    const draft = readFormDraft(forKey, initial);
    return { key: forKey, initial, values: draft ?? initial, restored: draft !== null, typed: false };
  };
  const [state, setState] = useState(() => open(key));
  // Derived from the key while rendering (React's "adjusting state when a prop changes").
  const current = state.key === key ? state : open(key);
  if (current !== state) setState(current);

  // Stored once the values are committed; a form that unmounts at once (saved, then replaced) has
  // already forgotten its draft.
  useEffect(() => {
    if (state.typed) writeFormDraft(state.key, state.values, state.initial);
  }, [state]);

  const setValues = useCallback((next: T | ((values: T) => T)) => {
    setState((previous) => ({ ...previous, values: typeof next === 'function' ? next(previous.values) : next, typed: true }));
  }, []);
  const forget = useCallback(() => {
    clearFormDraft(current.key);
    setState((previous) => ({ ...previous, restored: false, typed: false }));
  }, [current.key]);
  return { values: current.values, setValues, restored: current.restored, forget };
}

/** What `useDraftOverForm` needs of a form library's form (react-hook-form's `useForm`, as it is). */
export interface DraftableForm<V> {
  reset(values: V, options: { keepDefaultValues: boolean }): void;
  getValues(): V;
  watch(callback: () => void): { unsubscribe(): void };
}

/**
 * A form library's form kept as a draft under `key` (`useFormDraft`), over `stored`, the values the
 * form opened with: a draft brought back is laid over them, and they stay the form's defaults (it is
 * unsaved: dirty, and a save sends it); every change is kept. `toDraft`/`fromDraft` convert what a
 * draft cannot hold (no null: '' for none); both must keep their identity (module-level functions).
 * Called after any effect that resets the form to its stored values on mount, so the draft is laid
 * over them. Answers the draft (`restored` to say so, `forget` once saved).
 */
export function useDraftOverForm<V, D extends DraftValues>(form: DraftableForm<V>, key: string, stored: V, toDraft: (values: V) => D, fromDraft: (draft: D) => V): FormDraft<D> {
  const draft = useFormDraft(key, toDraft(stored));
  const [restored] = useState(() => (draft.restored ? fromDraft(draft.values) : null));
  const { reset, getValues, watch } = form;
  const { setValues } = draft;
  useEffect(() => {
    if (restored) reset(restored, { keepDefaultValues: true });
  }, [restored, reset]);
  useEffect(() => {
    const subscription = watch(() => setValues(toDraft(getValues())));
    return () => subscription.unsubscribe();
  }, [watch, getValues, setValues, toDraft]);
  return draft;
}
