import { apiPaths, memberExportDownloadQuery, memberExportStatus } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, responds } from '../../shared/http.js';
import { contentDisposition } from '../file/file.routes.js';

/** "My data" (issue 30): ask for an archive, follow it, download it. */
export async function myDataRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { myData } = app.services;
  const tags = ['member'];
  const security = [{ bearer: [] }];

  app.post(
    apiPaths.memberExport,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description:
          'Starts an archive of everything of the caller (JSON and their files), built by a job; one at a time.',
        response: responds(202, memberExportStatus),
      },
    },
    async (request, reply) => reply.status(202).send({ data: await myData.start(actorOf(request)) }),
  );

  app.get(
    apiPaths.memberExport,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description:
          "The caller's newest archive: state, progress and, when ready, a 10-minute download address.",
        response: responds(200, memberExportStatus),
      },
    },
    async (request) => ({ data: await myData.status(actorOf(request)) }),
  );

  // The address GET /member/export hands its owner: a plain link (no key) can download the archive.
  // A signed address handed to the archive's owner by GET /member/export: the HMAC is the permission.
  app.get(
    apiPaths.memberExportDownload,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        querystring: memberExportDownloadQuery,
        description: 'The archive (a zip) behind a signed address from `GET /member/export`.',
      },
    },
    async (request, reply) => {
      const { stream, size, fileName } = await myData.download(request.query);
      if (size != null) reply.header('content-length', String(size));
      return reply
        .header('content-type', 'application/zip')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .send(stream);
    },
  );
}
