import type { MultipartFile } from '@fastify/multipart';
import { singleLinePattern, wellFormedPattern } from '@teamline/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/**
 * An error of the multipart request itself, as the answer it deserves: busboy's plain errors (no
 * boundary, a malformed part header, "Unexpected end of form" when the body is cut short) and
 * @fastify/multipart's 4xx ones become UPLOAD_MALFORMED, a client that hung up mid-body too (no
 * one reads that answer). The size limit keeps its own code; anything else (a disk error carries a
 * `syscall`) is a fault of ours and stays a 500.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  const { code, statusCode, syscall } = error as Error & {
    code?: string;
    statusCode?: number;
    syscall?: string;
  };
  if (code === 'FST_REQ_FILE_TOO_LARGE' || syscall) return error;
  const fromParser = code === undefined || (code.startsWith('FST_') && (statusCode ?? 500) < 500);
  return fromParser || code === 'ECONNRESET' ? new AppError('UPLOAD_MALFORMED') : error;
}

/**
 * The one `file` part of a multipart upload, or the refusal: FILE_REQUIRED when the request is not
 * multipart or holds no `file` part, UPLOAD_MALFORMED when it cannot be parsed, FILE_NAME_INVALID
 * when the name holds control characters or a lone surrogate (the name is stored as text and shown
 * in headers and lists). Every multipart route starts here.
 */
export async function filePartOf(request: FastifyRequest, fileSize: number): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize, files: 1 } });
  } catch (error) {
    throw asUploadError(error);
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new AppError('FILE_REQUIRED');
  }
  if (!singleLinePattern.test(part.filename) || !wellFormedPattern.test(part.filename)) {
    part.file.resume();
    throw new AppError('FILE_NAME_INVALID');
  }
  return part;
}

/**
 * Runs what reads the part's bytes; if the part's stream broke (the body ended mid-file, a later
 * header is garbage), the failure is UPLOAD_MALFORMED rather than a 500. busboy emits its own error
 * on the part ("Part terminated early") and @fastify/multipart then destroys it with another, so
 * every error the stream reports counts. What the reader wrote is its own to delete
 * (`storage.writeTemp` deletes the partial file).
 */
export async function readingPart<T>(part: MultipartFile, read: () => Promise<T>): Promise<T> {
  const broke = new Set<unknown>([part.file.errored]);
  const record = (error: unknown) => broke.add(error);
  part.file.on('error', record);
  try {
    return await read();
  } catch (error) {
    throw broke.has(error) || part.file.errored === error ? asUploadError(error) : error;
  } finally {
    part.file.off('error', record);
  }
}
