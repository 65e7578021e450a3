import type { ErrorCode } from '@teamline/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { notify } from '../stores/toast-store';
import { ApiError, errorCodeOf } from './api-client';

/**
 * Form errors without zod (docs/decisions.md › Web app › Forms): how a field's error reads, and a
 * server's refusal put on the fields it names. The zod side, `useZodForm` and `requestForm`, is in
 * `zod-form.ts`, so a page that validates lazily (login) does not load zod with these helpers.
 */

/** `YYYY-MM-DD` of a date input → the contract's `YYYYMMDD`, empty → null. */
export const isoToCodeOrNull = (iso: string): string | null => (iso ? iso.replaceAll('-', '') : null);

/**
 * Schema messages are translation keys (`validation.<key>`); a server error code set on a field is
 * `errors.<CODE>`; anything else falls back to "invalid".
 */
export function fieldErrorText(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const message = error.message ?? '';
  if (/^errors\.[A-Z_]+$/.test(message)) return t(message);
  const key = /^[a-zA-Z]+$/.test(message) ? message : 'invalid';
  return t(`validation.${key}`, { defaultValue: t('validation.invalid') });
}

const hasPath = (values: unknown, path: string): boolean => {
  let at: unknown = values;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object' || !(part in at)) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return true;
};

/**
 * Copies a server's fieldErrors onto the form's fields (`fields`, else every field the form holds);
 * returns whether any field got one.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[] | ((path: string) => boolean),
): boolean {
  if (!(error instanceof ApiError)) return false;
  const isField = typeof fields === 'function' ? fields : (path: string) => fields.includes(path);
  let hasAny = false;
  for (const [field, key] of Object.entries(error.fieldErrors)) {
    if (isField(field)) {
      setError(field as Path<T>, { type: 'server', message: key }, { shouldFocus: !hasAny });
      hasAny = true;
    }
  }
  return hasAny;
}

export interface ServerErrorOptions<T extends FieldValues> {
  /** Error codes that belong to one field (`NICKNAME_TAKEN` → nickname): shown there, no toast. */
  codeFields?: Partial<Record<ErrorCode, Path<T>>>;
}

/**
 * A failed submit: the server's field errors go onto their fields; a code tied to a field is shown
 * on it; anything else (permission, conflict, network) is a toast. Returns whether a field got it.
 */
export function showServerError<T extends FieldValues>(
  t: TFunction,
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
  options: ServerErrorOptions<T> = {},
): boolean {
  const values = form.getValues();
  const onField = applyServerFieldErrors(error, form.setError, (path) => hasPath(values, path));
  const code = errorCodeOf(error);
  const codeField = options.codeFields?.[code];
  if (codeField) {
    form.setError(codeField, { type: 'server', message: `errors.${code}` }, { shouldFocus: !onField });
    return true;
  }
  if (!onField) notify(t(`errors.${code}`), 'error');
  return onField;
}

/** `showServerError` bound to a form and the current language, for `catch` blocks and `onError`. */
export function useServerError<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  options: ServerErrorOptions<T> = {},
): (error: unknown) => boolean {
  const { t } = useTranslation();
  return (error) => showServerError(t, form, error, options);
}

/**
 * Validates some fields now (a step of a multi-step form) and marks them touched, so their errors
 * show as after a submit; returns whether they are valid.
 */
export async function touchAndTrigger<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'trigger' | 'setValue' | 'getValues'>,
  names: readonly Path<T>[],
): Promise<boolean> {
  for (const name of names) form.setValue(name, form.getValues(name), { shouldTouch: true });
  return form.trigger([...names]);
}
