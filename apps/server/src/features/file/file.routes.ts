import {
  UPLOAD_MAX_BYTES,
  apiPaths,
  deletedFileResponse,
  fileIdxParams,
  fileQuery,
  projectStorageParams,
  storageUsage,
  fileSignedQuery,
  idx,
  uploadResponse,
} from '@teamline/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ByteRange } from '../../infra/storage.js';
import { AppError } from '../../shared/app-error.js';
import type { StoredFileContent } from './file.service.js';
import { actorOf, responds } from '../../shared/http.js';
import { filePartOf, readingPart } from '../../shared/upload-part.js';
import { project, record } from '../../platform/authorization/route-policy.js';

/** Types a browser may render from the app's origin: raster images that cannot carry script. */
const inlineTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * RFC 6266: an ASCII fallback `filename` (quotes, backslashes, line breaks and non-ASCII replaced)
 * and the exact name once in `filename*` (RFC 5987, every byte outside attr-char percent-encoded).
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * One `Range: bytes=…` range of a file of `size` bytes (RFC 9110 §14): `a-b`, `a-` or the last `-n`.
 * undefined: no range asked, or one this server answers whole (several ranges, another unit);
 * null: none of the file's bytes are in it (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return undefined;
  if (start >= size) return null;
  return { start, end };
}

/**
 * The bytes, streamed from storage, with headers that keep a browser from running anything in
 * them; a `Range` request (a video or a large file resumed) gets 206 and only those bytes.
 */
async function sendFile(reply: FastifyReply, rangeHeader: string | undefined, content: StoredFileContent) {
  const { mime, fileName, size } = content;
  const range = parseRange(rangeHeader, size);
  if (range === null) {
    reply.header('content-range', `bytes */${size}`);
    throw new AppError('RANGE_NOT_SATISFIABLE');
  }
  // Opened before any header is set: bytes missing from storage answer as a plain FILE_NOT_FOUND.
  const stream = await content.open(range);
  // SVG, HTML and PDF can run script: they are downloaded, never rendered from the app's origin.
  const inline = inlineTypes.has(mime);
  reply
    .header('content-type', mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .header('accept-ranges', 'bytes')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', fileName));
  if (!range) return reply.header('content-length', size).send(stream);
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(stream);
}

const optionalProjectIdx = z.object({ projectIdx: idx.optional() });

export async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { file } = app.services;
  const tags = ['file'];
  const security = [{ bearer: [] }];

  // An upload without projectIdx is the caller's own (an avatar); with one, file.upload in it.
  app.post(
    apiPaths.file,
    {
      config: { policy: project('file.upload') },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        description:
          'Multipart with field `file` (≤ 10 MB); optional `projectIdx` as a field before the file or in the query.',
        querystring: optionalProjectIdx,
        response: responds(201, uploadResponse),
      },
    },
    async (request, reply) => {
      const part = await filePartOf(request, UPLOAD_MAX_BYTES);
      const field = part.fields.projectIdx;
      const fieldValue = field && !Array.isArray(field) && 'value' in field ? field.value : undefined;
      const parsed = optionalProjectIdx.safeParse({ projectIdx: fieldValue ?? request.query.projectIdx });
      if (!parsed.success) {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', undefined);
      }
      // Streamed to storage, never buffered: see file.service upload.
      const result = await readingPart(part, () =>
        file.upload(actorOf(request), {
          stream: part.file,
          isTruncated: () => part.file.truncated,
          fileName: part.filename,
          projectIdx: parsed.data.projectIdx ?? null,
        }),
      );
      return reply.status(201).send({ data: result });
    },
  );

  app.get(
    apiPaths.file,
    {
      config: { policy: record('file.download', 'FILE_NOT_FOUND') },
      schema: {
        tags,
        security,
        querystring: fileQuery,
        description:
          'The bytes, with the detected content type; `Range: bytes=…` answers 206 with those bytes.',
      },
    },
    async (request, reply) =>
      sendFile(reply, request.headers.range, await file.download(actorOf(request), request.query.fileIdx)),
  );

  // The address `GET /file/url` hands out: no bearer key (an <img> cannot send one); the HMAC
  // signature over the id and the expiry is the permission.
  // A signed address: the HMAC over the id and expiry is the permission (GET /file/url hands it out).
  app.get(
    apiPaths.fileSigned,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        querystring: fileSignedQuery,
        description: 'The bytes behind a short-lived signed address from `GET /file/url`.',
      },
    },
    async (request, reply) =>
      sendFile(reply, request.headers.range, await file.downloadSigned(request.query)),
  );

  // Files and my data (issue 30). A member's own file (no project) is its uploader's alone; a project
  // file by the record rule on its uploader's record. A file still used anywhere is 409 FILE_IN_USE.
  app.delete(
    apiPaths.fileOne(':fileIdx'),
    {
      config: { policy: record('file.delete', 'FILE_NOT_FOUND') },
      schema: {
        tags,
        security,
        params: fileIdxParams,
        description:
          'Deletes a file attached to nothing (409 FILE_IN_USE otherwise); its space is freed at once.',
        response: responds(200, deletedFileResponse),
      },
    },
    async (request) => ({ data: await file.remove(actorOf(request), request.params.fileIdx) }),
  );

  app.get(
    apiPaths.fileUsage,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description: "The caller's files outside any project against the member quota.",
        response: responds(200, storageUsage),
      },
    },
    async (request) => ({ data: await file.usage(actorOf(request)) }),
  );

  app.get(
    apiPaths.projectStorage(':projectIdx'),
    {
      config: { policy: project('file.usage') },
      schema: {
        tags,
        security,
        params: projectStorageParams,
        description: "The project's files against the project quota (admin authority).",
        response: responds(200, storageUsage),
      },
    },
    async (request) => ({ data: await file.projectUsage(actorOf(request), request.params.projectIdx) }),
  );
}
