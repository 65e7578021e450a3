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
import { AppError } from '../../shared/app-error.js';
import { actorOf, responds } from '../../shared/http.js';
import { filePartOf, readingPart } from '../../shared/upload-part.js';

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

/** The bytes with headers that keep a browser from running anything in them. */
function sendFile(
  reply: FastifyReply,
  { bytes, mime, fileName }: { bytes: Buffer; mime: string; fileName: string },
) {
  // SVG, HTML and PDF can run script: they are downloaded, never rendered from the app's origin.
  const inline = inlineTypes.has(mime);
  return reply
    .header('content-type', mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', fileName))
    .send(bytes);
}

const optionalProjectIdx = z.object({ projectIdx: idx.optional() });

export async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { file } = app.services;
  const tags = ['file'];
  const security = [{ bearer: [] }];

  app.post(
    apiPaths.file,
    {
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
      schema: {
        tags,
        security,
        querystring: fileQuery,
        description: 'The bytes, with the detected content type.',
      },
    },
    async (request, reply) => sendFile(reply, await file.download(actorOf(request), request.query.fileIdx)),
  );

  // The address `GET /file/url` hands out: no bearer key (an <img> cannot send one); the HMAC
  // signature over the id and the expiry is the permission.
  app.get(
    apiPaths.fileSigned,
    {
      config: { public: true },
      schema: {
        tags,
        querystring: fileSignedQuery,
        description: 'The bytes behind a short-lived signed address from `GET /file/url`.',
      },
    },
    async (request, reply) => sendFile(reply, await file.downloadSigned(request.query)),
  );

  app.delete(
    '/file/:fileIdx',
    {
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
    '/project/:projectIdx/storage',
    {
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
