import {
  IMPORT_MAX_BYTES,
  apiPaths,
  idx,
  importCreated,
  importPreview,
  importRequest,
  importRun,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { project, record } from '../../platform/authorization/route-policy.js';

const projectParams = z.object({ projectIdx: idx });
const importParams = z.object({ importIdx: idx });
/** The file's text travels in JSON; room for a 10 MB file with JSON escaping and the mapping. */
const bodyLimit = IMPORT_MAX_BYTES * 2 + 256 * 1024;

export async function importRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { imports } = app.services;
  const tags = ['import'];
  const security = [{ bearer: [] }];

  // Bringing work in (docs/product/import.md): whoever may plan (create stories and milestones) may import.
  app.post(
    apiPaths.importPreview(':projectIdx'),
    {
      config: { policy: project('planning.edit') },
      bodyLimit,
      schema: {
        tags,
        security,
        description:
          'Reads a Jira CSV, a mapped CSV or a Trello JSON export and answers what an import would create ' +
          'and what is wrong with which row. Writes nothing.',
        params: projectParams,
        body: importRequest,
        response: responds(200, importPreview),
      },
    },
    async (request) => ({
      data: await imports.preview(actorOf(request), request.params.projectIdx, request.body),
    }),
  );

  app.post(
    apiPaths.importStart(':projectIdx'),
    {
      config: { policy: project('planning.edit') },
      bodyLimit,
      schema: {
        tags,
        security,
        description:
          'Starts the import as a durable job (202); `GET /import/{importIdx}` follows its progress.',
        params: projectParams,
        body: importRequest,
        response: responds(202, importCreated),
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send({ data: await imports.start(actorOf(request), request.params.projectIdx, request.body) }),
  );

  app.get(
    apiPaths.importRun(':importIdx'),
    {
      config: { policy: record('planning.edit', 'IMPORT_NOT_FOUND') },
      schema: { tags, security, params: importParams, response: responds(200, importRun) },
    },
    async (request) => ({ data: await imports.get(actorOf(request), request.params.importIdx) }),
  );

  app.post(
    apiPaths.importUndo(':importIdx'),
    {
      config: { policy: record('planning.edit', 'IMPORT_NOT_FOUND') },
      schema: {
        tags,
        security,
        description: 'Removes everything the import created, in one step (docs/product/import.md#undo).',
        params: importParams,
        response: responds(200, importRun),
      },
    },
    async (request) => ({ data: await imports.undo(actorOf(request), request.params.importIdx) }),
  );
}
