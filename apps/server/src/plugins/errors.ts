import { errorStatus, isErrorCode, type ErrorCode, type FieldErrors } from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../shared/app-error.js';

const validationKeys = new Set(Object.keys(resources.en.validation));

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  extra: { details?: unknown; fieldErrors?: FieldErrors } = {},
) {
  return reply
    .status(errorStatus[code])
    .send({ error: { code, message: resources.en.errors[code], ...extra } });
}

/** Field path → translation key; zod's own English messages become `required` or `invalid`. */
function toFieldErrors(
  issues: { instancePath: string; message?: string; params?: Record<string, unknown> }[],
): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    if (fieldErrors[path]) continue;
    const message = issue.message ?? '';
    fieldErrors[path] = validationKeys.has(message)
      ? message
      : /received undefined/.test(message)
        ? 'required'
        : 'invalid';
  }
  return fieldErrors;
}

/** One place turns every failure into `{error:{code,message,details?,fieldErrors?}}`. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(
    (error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        const retry = error.details as
          { retryAfterMinutes?: unknown; retryAfterSeconds?: unknown } | undefined;
        const retrySeconds =
          typeof retry?.retryAfterSeconds === 'number'
            ? retry.retryAfterSeconds
            : typeof retry?.retryAfterMinutes === 'number'
              ? retry.retryAfterMinutes * 60
              : null;
        if (retrySeconds !== null && !reply.hasHeader('retry-after'))
          reply.header('retry-after', retrySeconds);
        return sendError(reply, error.code, {
          ...(error.details === undefined ? {} : { details: error.details }),
          ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fieldErrors = toFieldErrors(error.validation);
        const fieldCodes = request.routeOptions.config?.invalidFieldCodes ?? {};
        const fieldCode = Object.keys(fieldErrors).find((field) => fieldCodes[field]);
        const code: ErrorCode =
          request.routeOptions.config?.invalidEmailCode && fieldErrors.email
            ? 'INVALID_EMAIL'
            : fieldCode
              ? fieldCodes[fieldCode]!
              : 'VALIDATION_FAILED';
        return sendError(reply, code, { fieldErrors });
      }
      const fastifyError = error as FastifyError;
      if (fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || fastifyError.statusCode === 413)
        return sendError(reply, 'FILE_TOO_LARGE');
      if (isErrorCode(fastifyError.code)) return sendError(reply, fastifyError.code);
      const status = fastifyError.statusCode ?? 500;
      if (status === 404) return sendError(reply, 'NOT_FOUND');
      if (status === 429) return sendError(reply, 'RATE_LIMITED');
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'request rejected');
        return sendError(reply, 'VALIDATION_FAILED');
      }
      // Unknown failures are logged in full but answered without internals (stack, SQL).
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, 'INTERNAL');
    },
  );
}
