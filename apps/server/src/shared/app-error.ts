import { errorStatus, type ErrorCode, type FieldErrors } from '@teamline/contract';

/** The one way services report a failure; the error plugin turns it into the response envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
    /** Rules a schema cannot see (a date checked against the stored one, an id of another project). */
    readonly fieldErrors?: FieldErrors,
  ) {
    super(code);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

/** A 400 for one field, shaped like the schema validation's own answers. */
export const fieldError = (field: string, key: string) =>
  new AppError('VALIDATION_FAILED', undefined, { [field]: key });
