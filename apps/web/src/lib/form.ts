import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** Schema messages are translation keys (`validation.<key>`); unknown ones fall back to "invalid". */
export function fieldErrorText(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const key = error.message && /^[a-zA-Z]+$/.test(error.message) ? error.message : 'invalid';
  return t(`validation.${key}`, { defaultValue: t('validation.invalid') });
}

/** Copies a server's fieldErrors onto the form; returns whether any field matched. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let hasAny = false;
  for (const [field, key] of Object.entries(error.fieldErrors)) {
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message: key });
      hasAny = true;
    }
  }
  return hasAny;
}
