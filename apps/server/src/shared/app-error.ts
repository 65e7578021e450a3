import { errorStatus, type ErrorCode } from '@teamline/contract';

/** The one way services report a failure; the error plugin turns it into the response envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
  ) {
    super(code);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}
